// The table page's websocket: draws each state the server sends and sends the player's actions.
// The page arrives drawn by the server; after that each message is the seat's screen as data
// (tables.screen.screen_state, version 1, and the score box as "board"), drawn by
// static/kitty/table_draw.js at the pace of static/kitty/table_pacing.js. This file turns button
// presses into {"type": "act"} messages carrying the seq the player saw, shows refusals, and
// reconnects after a drop (the server then sends the state). Every data-presence seconds it
// says {"type": "here"}, so the seat stays counted present.
//
// The page's other scripts listen on the live box: "kitty:state" (each state drawn, for
// static/kitty/table_summary.js) and "table:drawn" (for static/kitty/table_input.js); they ask
// for a send with "table:act" (an action) and "table:send" (any other message).
import { drawLive } from "./table_draw.js";
import { startInput } from "./table_input.js";
import { pacedDrawing } from "./table_pacing.js";
import { startNews } from "./table_summary.js";
import { t } from "./table_words.js";

const VERSION = 1;

// The element of ``old`` that has the focus, or had it until it was disabled on being pressed
// (the focus then fell to the page), or until a drawing with nothing to take it (the last trick
// of a hand, shown without the hand) replaced it: the new drawing gives it back.
const focusTracker = (box) => {
  let lastFocused = null;
  box.addEventListener("focusin", (event) => { lastFocused = event.target; });
  return (old) => {
    if (!old) return null;
    const now = document.activeElement;
    if (old.contains(now)) return now;
    const dropped = lastFocused && (old.contains(lastFocused) || !box.contains(lastFocused));
    return (!now || now === document.body) && dropped ? lastFocused : null;
  };
};

const startTable = (box) => {
  const refused = document.getElementById("table-refused");
  const connection = document.getElementById("table-connection");
  const live = () => box.querySelector(".live");
  const focusedIn = focusTracker(box);
  let socket = null;
  let retry = 500;

  const draw = (state) => {
    const old = live();
    const fresh = drawLive(state, { lastTrickOpen: Boolean(old?.querySelector(".last-trick-peek")?.open) });
    const focused = focusedIn(old);
    if (old) old.replaceWith(fresh); else box.append(fresh);
    document.body.dataset.tableSeq = state.seq;
    box.dispatchEvent(new CustomEvent("kitty:state", { detail: state }));
    box.dispatchEvent(new CustomEvent("table:drawn", { detail: { focused } }));
  };
  const receive = pacedDrawing(draw);

  const showRefusal = (text) => {
    refused.textContent = text;
    refused.hidden = !text;
  };

  const send = (message) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showRefusal(t("Not connected: reconnecting, try again in a moment."));
      return;
    }
    showRefusal("");
    socket.send(JSON.stringify(message));
  };
  const act = (action) => send({ type: "act", action, seq: Number(live()?.dataset.seq ?? 0) });

  // Buttons other than cards send their action at once; the own hand's cards and the discard
  // are static/kitty/table_input.js's.
  box.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (button && !button.closest("#own-hand")) {
      button.disabled = true;
      act(button.dataset.action);
    }
  });
  box.addEventListener("table:act", (event) => act(event.detail.action));
  box.addEventListener("table:send", (event) => send(event.detail));

  const connect = () => {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + box.dataset.socket);
    socket.addEventListener("open", () => {
      retry = 500;
      connection.textContent = "";
      document.body.dataset.tableSocket = "open";
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state" && message.v === VERSION) {
        receive(message);
      } else if (message.type === "state") {
        window.location.reload(); // a newer server: its page knows its messages
      } else if (message.type === "refused") {
        showRefusal(message.message);
        box.querySelectorAll("[data-action]").forEach((b) => { b.disabled = false; });
        box.dispatchEvent(new CustomEvent("table:refused"));
      }
    });
    socket.addEventListener("close", () => {
      document.body.dataset.tableSocket = "closed";
      connection.textContent = t("Connection lost: reconnecting…");
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    });
  };

  const presence = Number.parseInt(box.dataset.presence || "30", 10) * 1000;
  window.setInterval(() => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "here" }));
  }, presence);
  connect();
};

const box = document.getElementById("table-live");
if (box && window.WebSocket) {
  startNews(box);
  startInput(box);
  startTable(box);
}
