// The lobby's scheduled tables count down to their time: each <time data-countdown> is
// rewritten every second as "in 1 h 05 min", "in 42 s", then "now" (reload for the table), in
// the words the page gives this script's tag (data-now, data-days, …: the reader's language).
(function () {
  "use strict";
  var script = document.currentScript;
  var times = document.querySelectorAll("time[data-countdown]");
  if (!times.length) { return; }
  function word(name, english, values) {
    var text = (script && script.dataset[name]) || english;
    return text.replace(/\{(\w+)\}/g, function (all, key) { return values[key]; });
  }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function left(seconds) {
    if (seconds <= 0) { return word("now", "now", {}); }
    var d = Math.floor(seconds / 86400);
    var h = Math.floor((seconds % 86400) / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    if (d) { return word("days", "in {d} d {h} h", { d: d, h: h }); }
    if (h) { return word("hours", "in {h} h {m} min", { h: h, m: pad(m) }); }
    if (m) { return word("minutes", "in {m} min {s} s", { m: m, s: pad(seconds % 60) }); }
    return word("seconds", "in {s} s", { s: seconds });
  }
  function tick() {
    var now = Date.now();
    times.forEach(function (node) {
      var at = Date.parse(node.getAttribute("datetime"));
      if (!isNaN(at)) { node.textContent = left(Math.round((at - now) / 1000)); }
    });
  }
  tick();
  window.setInterval(tick, 1000);
})();
