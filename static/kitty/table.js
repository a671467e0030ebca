// The table page's websocket: draws each state the server sends and sends the player's
// actions. The server renders everything (from the seat's own view); this file only swaps
// the live part in, turns button presses into {"type": "act"} messages carrying the seq the
// player saw, shows refusals, and reconnects after a drop (the server then sends the state).
// Every data-presence seconds it says {"type": "here"}, so the seat stays counted present.
(function () {
  "use strict";
  var box = document.getElementById("table-live");
  if (!box || !window.WebSocket) { return; }
  var refused = document.getElementById("table-refused");
  var status = document.getElementById("table-connection");
  var socket = null;
  var retry = 500;

  function live() { return box.querySelector(".live"); }
  function seq() { var el = live(); return el ? parseInt(el.dataset.seq, 10) : 0; }
  function seat() { var el = live(); return el ? el.dataset.seat : ""; }

  function showRefusal(text) {
    refused.textContent = text;
    refused.hidden = !text;
  }

  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showRefusal("Not connected: reconnecting, try again in a moment.");
      return;
    }
    showRefusal("");
    socket.send(JSON.stringify({ type: "act", action: action, seq: seq() }));
  }

  box.addEventListener("click", function (event) {
    var button = event.target.closest("[data-action]");
    if (button) {
      button.disabled = true;
      send(button.dataset.action);
      return;
    }
    var submit = event.target.closest("[data-discard-submit]");
    if (submit) {
      var form = submit.closest("[data-discard]");
      var cards = Array.prototype.map.call(
        form.querySelectorAll("input[data-card]:checked"),
        function (input) { return input.dataset.card; }
      );
      send([seat(), form.dataset.discard].concat(cards).join(" "));
    }
  });

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + box.dataset.socket);
    socket.onopen = function () {
      retry = 500;
      status.textContent = "";
      document.body.dataset.tableSocket = "open";
    };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.type === "state") {
        box.innerHTML = message.html;
        document.body.dataset.tableSeq = message.seq;
      } else if (message.type === "refused") {
        showRefusal(message.message);
        box.querySelectorAll("[data-action]").forEach(function (b) { b.disabled = false; });
      }
    };
    socket.onclose = function () {
      document.body.dataset.tableSocket = "closed";
      status.textContent = "Connection lost: reconnecting…";
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }
  var presence = parseInt(box.dataset.presence || "30", 10) * 1000;
  window.setInterval(function () {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "here" }));
    }
  }, presence);
  connect();
})();
