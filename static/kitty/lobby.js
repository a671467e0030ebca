// The lobby's scheduled tables count down to their time: each <time data-countdown> is
// rewritten every second as "in 1 h 05 min", "in 42 s", then "now" (reload for the table).
(function () {
  "use strict";
  var times = document.querySelectorAll("time[data-countdown]");
  if (!times.length) { return; }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function left(seconds) {
    if (seconds <= 0) { return "now"; }
    var d = Math.floor(seconds / 86400);
    var h = Math.floor((seconds % 86400) / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    if (d) { return "in " + d + " d " + h + " h"; }
    if (h) { return "in " + h + " h " + pad(m) + " min"; }
    if (m) { return "in " + m + " min " + pad(seconds % 60) + " s"; }
    return "in " + seconds + " s";
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
