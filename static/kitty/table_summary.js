// What just happened at the table, drawn from each state static/kitty/table.js receives (its
// "kitty:state" event): the finished hand's summary until the player continues or a short
// time passes (the next hand is already dealt: computer players never wait for it), the game's
// end with its winner and links, the turn clock counting down, a move the clock or the
// computer made for the player, and "Take back your seat" after being away. Text only, with
// textContent (no server string is parsed as HTML).
(function () {
  "use strict";
  var box = document.getElementById("table-live");
  var news = document.getElementById("table-news");
  if (!box || !news) { return; }
  var SUMMARY_SECONDS = 15;
  var storeKey = "kitty-summary-" + box.dataset.socket;
  var clockDeadline = null;
  var summaryTimer = null;
  var summaryLeft = 0;
  var madeSeen = 0;

  // table.js's element maker (it runs before any state is drawn).
  function el(tag, props, children) { return box.kittyEl(tag, props, children); }
  // And its words in the reader's language (see table.js's t).
  function t(text, values) { return box.kittyWord(text, values); }

  function dismissed() {
    try { return parseInt(window.sessionStorage.getItem(storeKey) || "0", 10); } catch (e) { return 0; }
  }
  function dismiss(number) {
    try { window.sessionStorage.setItem(storeKey, String(number)); } catch (e) { /* private mode */ }
  }

  // --- The turn clock -------------------------------------------------------------------------

  function clockText(seconds) {
    var m = Math.floor(seconds / 60);
    var s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function tick() {
    if (clockDeadline === null) { return; }
    var left = Math.max(0, Math.round((clockDeadline.at - Date.now()) / 1000));
    box.querySelectorAll("[data-clock]").forEach(function (node) {
      node.querySelector(".clock-text").textContent = t("{time} left", { time: clockText(left) });
      var bar = node.querySelector(".clock-bar span");
      if (bar) { bar.style.width = (clockDeadline.of ? Math.min(100, 100 * left / clockDeadline.of) : 0) + "%"; }
      node.classList.toggle("clock-low", left <= 10);
    });
  }

  function drawClock(state) {
    if (!state.clock || state.status !== "playing") { clockDeadline = null; return; }
    clockDeadline = { at: Date.now() + state.clock.seconds * 1000, of: state.clock.of };
    function clock(id) {
      return el("span", { className: "turn-clock", id: id, attrs: { "data-clock": "" } }, [
        el("span", { className: "clock-text" }, [t("{time} left", { time: clockText(state.clock.seconds) })]),
        el("span", { className: "clock-bar", attrs: { "aria-hidden": "true" } }, [el("span", {}, [])]),
      ]);
    }
    var line = box.querySelector("#table-status");
    if (line) { line.append(" · ", clock("turn-clock")); }
    var seat = box.querySelector(".seat-to-act");
    if (seat) { seat.append(" ", clock("seat-clock")); }
    tick();
  }

  // --- Notices: a move made for the player, the seat to take back ----------------------------

  function drawNotices(state) {
    var keep = news.querySelector("#made-for-you");
    news.querySelectorAll(".table-notice:not(#made-for-you)").forEach(function (n) { n.remove(); });
    if (state.made_for_you && state.made_for_you.seq > madeSeen) {
      madeSeen = state.made_for_you.seq;
      if (keep) { keep.remove(); }
      keep = el("p", { className: "alert table-notice", id: "made-for-you" }, [
        state.made_for_you.text + " ",
        el("button", { type: "button", className: "button button-small" }, [t("OK")]),
      ]);
      keep.querySelector("button").addEventListener("click", function () { keep.remove(); });
      news.appendChild(keep);
    }
    if (state.away) {
      var take = el("button", { type: "button", className: "button", id: "take-back" }, [t("Take back your seat")]);
      take.addEventListener("click", function () {
        take.disabled = true;
        box.kittySend({ type: "take_back" });
      });
      news.insertBefore(el("div", { className: "alert table-notice", id: "away-notice" }, [
        el("p", {}, [t("While you were away the computer played for you, and it plays on until you take your seat back.")]),
        take,
      ]), news.firstChild);
    }
  }

  // --- The hand's summary and the game's end ---------------------------------------------------

  function sideRows(summary) {
    var head = [t("Side"), t("Tricks"), t("Points"), "+/−", t("Total")];
    var rows = summary.sides.map(function (side) {
      return el("tr", {}, [
        el("th", { scope: "row" }, [side.side]),
        el("td", {}, [String(side.tricks)]),
        el("td", {}, [side.points === null ? "–" : String(side.points)]),
        el("td", {}, [(side.change > 0 ? "+" : "") + side.change]),
        el("td", {}, [side.total === null ? "–" : String(side.total)]),
      ]);
    });
    return el("div", { className: "sheet-scroll" }, [el("table", { className: "table summary-table" }, [
      el("thead", {}, [el("tr", {}, head.map(function (t) { return el("th", { scope: "col" }, [t]); }))]),
      el("tbody", {}, rows),
    ])]);
  }

  function links(board) {
    var parts = [];
    if (board && board.sheet_url) {
      parts.push(el("a", { href: board.sheet_url, id: "summary-sheet" }, [t("The scoresheet")]));
    }
    if (board && board.replays.length) {
      if (parts.length) { parts.push(" · "); }
      parts.push(t("Replay a hand:") + " ");
      board.replays.forEach(function (r, i) {
        if (i) { parts.push(", "); }
        parts.push(el("a", { href: r.url }, [String(r.number)]));
      });
    }
    return parts.length ? el("p", { className: "summary-links" }, parts) : null;
  }

  function closeSummary(number) {
    if (summaryTimer) { window.clearInterval(summaryTimer); summaryTimer = null; }
    dismiss(number);
    var panel = document.getElementById("hand-summary");
    if (panel) { panel.remove(); }
  }

  function drawSummary(state) {
    var summary = state.summary;
    var panel = document.getElementById("hand-summary");
    var over = state.status === "finished";
    if (!summary || summary.number <= dismissed()) {
      if (panel) { panel.remove(); }
      return;
    }
    if (panel && panel.dataset.hand === String(summary.number) && !over) { return; }
    if (panel) { panel.remove(); }
    var title = over ? t("The game is over") : t("Hand {hand}", { hand: summary.number });
    var body = [el("h2", { id: "summary-title" }, [title])];
    if (over && summary.winner) { body.push(el("p", { className: "summary-winner", id: "summary-winner" }, [summary.winner])); }
    body.push(el("p", { className: "summary-headline" }, [summary.headline]));
    if (!summary.redeal) {
      body.push(sideRows(summary));
      if (summary.best_trump) { body.push(el("p", {}, [t("Best trump:") + " ", el("strong", {}, [summary.best_trump])])); }
      if (summary.categories.length) {
        body.push(el("ul", { className: "summary-categories" }, summary.categories.map(function (c) {
          return el("li", {}, [c.name + ": ", el("strong", {}, [c.side])]);
        })));
      }
    }
    body.push(links(over ? state.board : null));
    var actions = el("div", { className: "row-actions" }, []);
    var next = el("button", { type: "button", className: "button", id: "summary-continue" }, [over ? t("Close") : t("Continue")]);
    actions.appendChild(next);
    if (!over) {
      summaryLeft = SUMMARY_SECONDS;
      actions.appendChild(el("span", { className: "muted", id: "summary-countdown" }, [t("Closes in {seconds} s", { seconds: summaryLeft })]));
    }
    body.push(actions);
    panel = el("section", {
      className: "hand-summary", id: "hand-summary", attrs: { "aria-labelledby": "summary-title" },
    }, body);
    panel.dataset.hand = String(summary.number);
    next.addEventListener("click", function () { closeSummary(summary.number); });
    news.appendChild(panel);
    if (!over) {
      summaryTimer = window.setInterval(function () {
        summaryLeft -= 1;
        var left = document.getElementById("summary-countdown");
        if (left) { left.textContent = t("Closes in {seconds} s", { seconds: summaryLeft }); }
        if (summaryLeft <= 0) { closeSummary(summary.number); }
      }, 1000);
    }
  }

  box.addEventListener("kitty:state", function (event) {
    var state = event.detail;
    drawClock(state);
    drawNotices(state);
    if (state.seat !== null || state.status === "finished" || state.summary) { drawSummary(state); }
  });
  window.setInterval(tick, 1000);
})();
