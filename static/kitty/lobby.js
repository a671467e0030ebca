// The lobby's scheduled tables count down to their time: each <time data-countdown> is
// rewritten every second as "in 1 h 05 min", "in 42 s", then "now" (reload for the table), in
// the words the page gives this script's tag (id "countdown-words": data-now, data-days, …, in
// the reader's language). The elements are found again at each tick, and at once when the live
// lists are replaced ("lobby:refreshed", static/kitty/lobby_live.js), so new tables count too.
import { fill } from "./words.js";

const ENGLISH = {
  now: "now",
  days: "in {d} d {h} h",
  hours: "in {h} h {m} min",
  minutes: "in {m} min {s} s",
  seconds: "in {s} s",
};

const given = document.getElementById("countdown-words")?.dataset ?? {};
const word = (name, values = {}) => fill(given[name] || ENGLISH[name], values);
const pad = (n) => String(n).padStart(2, "0");

const left = (seconds) => {
  if (seconds <= 0) return word("now");
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d) return word("days", { d, h });
  if (h) return word("hours", { h, m: pad(m) });
  if (m) return word("minutes", { m, s: pad(seconds % 60) });
  return word("seconds", { s: seconds });
};

let ticking = null;

const tick = () => {
  const times = document.querySelectorAll("time[data-countdown]");
  const now = Date.now();
  times.forEach((node) => {
    const at = Date.parse(node.getAttribute("datetime"));
    if (!Number.isNaN(at)) node.textContent = left(Math.round((at - now) / 1000));
  });
  return times.length;
};

// Ticks every second while the page has a countdown.
const start = () => {
  if (tick() && ticking === null) ticking = window.setInterval(tick, 1000);
};

start();
document.addEventListener("lobby:refreshed", start);
