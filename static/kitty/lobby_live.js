// The lobby kept live: the lobby's socket (/ws/lobby/) says {"type": "changed"} when something
// the lobby lists may have changed (tables.lobby_consumer), and this script fetches the lists
// again from the address in the container's data-lobby-live and puts them in its place. The
// message carries nothing else: the fetch, as the reader, decides what they see.
//
// Changes that come together (a table started and three seats taken) make one fetch: the
// script waits DELAY ms after the first. After a drop it reconnects, waiting 1 s, then twice as
// long each time up to 30 s, and fetches once on reconnecting (what changed meanwhile). Each
// time the lists are replaced, "lobby:refreshed" is dispatched on the container (bubbling), so
// the page's other scripts (static/kitty/lobby.js's countdowns) pick up the new elements; the
// element that had the focus keeps it when the new lists have one with the same id.
const DELAY = 250;
const FIRST_RETRY = 1000;
const LAST_RETRY = 30000;

const parsed = (html, box) => {
  const doc = new DOMParser().parseFromString(html, "text/html");
  // A fragment that is the whole container (same id) gives its children.
  const same = box.id && doc.body.children.length === 1 && doc.body.firstElementChild.id === box.id;
  return [...(same ? doc.body.firstElementChild : doc.body).childNodes];
};

const focusedId = (box) => {
  const now = document.activeElement;
  return now && now !== box && box.contains(now) && now.id ? now.id : null;
};

const refocus = (box, id) => {
  if (!id) return;
  const again = document.getElementById(id);
  if (again && box.contains(again)) again.focus({ preventScroll: true });
};

const startLobby = (box) => {
  let timer = null;
  let retry = FIRST_RETRY;
  let fetching = false;
  let again = false;

  const refresh = async () => {
    if (fetching) {
      again = true; // a change during the fetch: fetch once more after it
      return;
    }
    fetching = true;
    try {
      const response = await fetch(box.dataset.lobbyLive, {
        credentials: "same-origin",
        headers: { Accept: "text/html" },
      });
      // Signed out meanwhile (sent to the sign-in page) or a server error: keep what is shown.
      if (!response.ok || response.redirected) return;
      const html = await response.text();
      const id = focusedId(box);
      box.replaceChildren(...parsed(html, box));
      refocus(box, id);
      box.dispatchEvent(new CustomEvent("lobby:refreshed", { bubbles: true }));
    } catch {
      // Offline for a moment: the socket's reconnect fetches again.
    } finally {
      fetching = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  };

  const soon = () => {
    if (timer === null) {
      timer = window.setTimeout(() => {
        timer = null;
        refresh();
      }, DELAY);
    }
  };

  const connect = (reconnecting) => {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + window.location.host + "/ws/lobby/");
    socket.addEventListener("open", () => {
      retry = FIRST_RETRY;
      box.dataset.lobbySocket = "open";
      if (reconnecting) soon();
    });
    socket.addEventListener("message", (event) => {
      let message = null;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && message.type === "changed") soon();
    });
    socket.addEventListener("close", () => {
      box.dataset.lobbySocket = "closed";
      window.setTimeout(() => connect(true), retry);
      retry = Math.min(retry * 2, LAST_RETRY);
    });
  };

  connect(false);
};

const box = document.querySelector("[data-lobby-live]");
if (box && window.WebSocket && window.fetch) startLobby(box);
