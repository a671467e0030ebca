// What just happened at the table, drawn from each state static/kitty/table.js receives (its
// "kitty:state" event): the finished hand's summary until the player continues or a short
// time passes (the next hand is already dealt: computer players never wait for it), the game's
// end with its winner and links, the turn clock counting down, a move the clock or the
// computer made for the player, and "Take back your seat" after being away. Text only, with
// textContent (no server string is parsed as HTML).
import { el } from "./dom.js";
import { t } from "./table_words.js";

const SUMMARY_SECONDS = 15;

// --- The turn clock ---------------------------------------------------------------------------

const clockText = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

const clockBadge = (id, seconds) =>
  el("span", { className: "turn-clock", id, attrs: { "data-clock": "" } }, [
    el("span", { className: "clock-text" }, [t("{time} left", { time: clockText(seconds) })]),
    el("span", { className: "clock-bar", attrs: { "aria-hidden": "true" } }, [el("span")]),
  ]);

// --- The hand's summary and the game's end ----------------------------------------------------

const sideRows = (summary) => {
  const head = [t("Side"), t("Tricks"), t("Points"), "+/−", t("Total")];
  const shown = (value) => (value === null ? "–" : String(value));
  const rows = summary.sides.map((side) => el("tr", {}, [
    el("th", { scope: "row" }, [side.side]),
    el("td", {}, [String(side.tricks)]),
    el("td", {}, [shown(side.points)]),
    el("td", {}, [(side.change > 0 ? "+" : "") + side.change]),
    el("td", {}, [shown(side.total)]),
  ]));
  return el("div", { className: "sheet-scroll" }, [el("table", { className: "table summary-table" }, [
    el("thead", {}, [el("tr", {}, head.map((title) => el("th", { scope: "col" }, [title])))]),
    el("tbody", {}, rows),
  ])]);
};

const links = (board) => {
  const parts = [];
  if (board?.sheet_url) {
    parts.push(el("a", { href: board.sheet_url, id: "summary-sheet" }, [t("The scoresheet")]));
  }
  if (board?.replays.length) {
    if (parts.length) parts.push(" · ");
    parts.push(`${t("Replay a hand:")} `);
    board.replays.forEach((r, i) => {
      if (i) parts.push(", ");
      parts.push(el("a", { href: r.url }, [String(r.number)]));
    });
  }
  return parts.length ? el("p", { className: "summary-links" }, parts) : null;
};

const summaryBody = (state, over) => {
  const { summary } = state;
  const title = over ? t("The game is over") : t("Hand {hand}", { hand: summary.number });
  const body = [el("h2", { id: "summary-title" }, [title])];
  if (over && summary.winner) {
    body.push(el("p", { className: "summary-winner", id: "summary-winner" }, [summary.winner]));
  }
  body.push(el("p", { className: "summary-headline" }, [summary.headline]));
  if (!summary.redeal) {
    body.push(sideRows(summary));
    if (summary.best_trump) {
      body.push(el("p", {}, [`${t("Best trump:")} `, el("strong", {}, [summary.best_trump])]));
    }
    if (summary.categories.length) {
      body.push(el("ul", { className: "summary-categories" },
        summary.categories.map((c) => el("li", {}, [`${c.name}: `, el("strong", {}, [c.side])]))));
    }
  }
  body.push(links(over ? state.board : null));
  return body;
};

/** The news over the live box ``box``: the clock, the notices and the hand's summary. */
export const startNews = (box) => {
  const news = document.getElementById("table-news");
  if (!news) return;
  const storeKey = `kitty-summary-${box.dataset.socket}`;
  let clockDeadline = null;
  let summaryTimer = null;
  let summaryLeft = 0;
  let madeSeen = 0;

  const dismissed = () => {
    try { return Number.parseInt(window.sessionStorage.getItem(storeKey) || "0", 10); } catch { return 0; }
  };
  const dismiss = (number) => {
    try { window.sessionStorage.setItem(storeKey, String(number)); } catch { /* private mode */ }
  };

  const tick = () => {
    if (clockDeadline === null) return;
    const left = Math.max(0, Math.round((clockDeadline.at - Date.now()) / 1000));
    box.querySelectorAll("[data-clock]").forEach((node) => {
      node.querySelector(".clock-text").textContent = t("{time} left", { time: clockText(left) });
      const bar = node.querySelector(".clock-bar span");
      if (bar) bar.style.width = `${clockDeadline.of ? Math.min(100, (100 * left) / clockDeadline.of) : 0}%`;
      node.classList.toggle("clock-low", left <= 10);
    });
  };

  const drawClock = (state) => {
    if (!state.clock || state.status !== "playing") {
      clockDeadline = null;
      return;
    }
    clockDeadline = { at: Date.now() + state.clock.seconds * 1000, of: state.clock.of };
    box.querySelector("#table-status")?.append(" · ", clockBadge("turn-clock", state.clock.seconds));
    box.querySelector(".seat-to-act")?.append(" ", clockBadge("seat-clock", state.clock.seconds));
    tick();
  };

  // --- Notices: a move made for the player, the seat to take back --------------------------

  const drawNotices = (state) => {
    let keep = news.querySelector("#made-for-you");
    news.querySelectorAll(".table-notice:not(#made-for-you)").forEach((n) => n.remove());
    if (state.made_for_you && state.made_for_you.seq > madeSeen) {
      madeSeen = state.made_for_you.seq;
      keep?.remove();
      const ok = el("button", { type: "button", className: "button button-small" }, [t("OK")]);
      keep = el("p", { className: "alert table-notice", id: "made-for-you" }, [`${state.made_for_you.text} `, ok]);
      ok.addEventListener("click", () => keep.remove());
      news.append(keep);
    }
    if (state.away) {
      const take = el("button", { type: "button", className: "button", id: "take-back" }, [t("Take back your seat")]);
      take.addEventListener("click", () => {
        take.disabled = true;
        box.dispatchEvent(new CustomEvent("table:send", { detail: { type: "take_back" } }));
      });
      news.prepend(el("div", { className: "alert table-notice", id: "away-notice" }, [
        el("p", {}, [t("While you were away the computer played for you, and it plays on until you take your seat back.")]),
        take,
      ]));
    }
  };

  // --- The hand's summary -------------------------------------------------------------------

  // A panel's countdown stops with it: left running, it would close the panel drawn after it.
  const stopCountDown = () => {
    window.clearInterval(summaryTimer);
    summaryTimer = null;
  };

  const closeSummary = (number) => {
    stopCountDown();
    dismiss(number);
    document.getElementById("hand-summary")?.remove();
  };

  const countDown = (number) => {
    summaryTimer = window.setInterval(() => {
      summaryLeft -= 1;
      const left = document.getElementById("summary-countdown");
      if (left) left.textContent = t("Closes in {seconds} s", { seconds: summaryLeft });
      if (summaryLeft <= 0) closeSummary(number);
    }, 1000);
  };

  const drawSummary = (state) => {
    const { summary } = state;
    let panel = document.getElementById("hand-summary");
    const over = state.status === "finished";
    if (!summary || summary.number <= dismissed()) {
      stopCountDown();
      panel?.remove();
      return;
    }
    if (panel && panel.dataset.hand === String(summary.number) && !over) return;
    stopCountDown();
    panel?.remove();
    const next = el("button", { type: "button", className: "button", id: "summary-continue" },
      [over ? t("Close") : t("Continue")]);
    const actions = el("div", { className: "row-actions" }, [next]);
    if (!over) {
      summaryLeft = SUMMARY_SECONDS;
      actions.append(el("span", { className: "muted", id: "summary-countdown" },
        [t("Closes in {seconds} s", { seconds: summaryLeft })]));
    }
    panel = el("section", {
      className: "hand-summary", id: "hand-summary", attrs: { "aria-labelledby": "summary-title" },
      data: { hand: String(summary.number) },
    }, [...summaryBody(state, over), actions]);
    next.addEventListener("click", () => closeSummary(summary.number));
    news.append(panel);
    if (!over) countDown(summary.number);
  };

  box.addEventListener("kitty:state", (event) => {
    const state = event.detail;
    drawClock(state);
    drawNotices(state);
    if (state.seat !== null || state.status === "finished" || state.summary) drawSummary(state);
  });
  window.setInterval(tick, 1000);
};
