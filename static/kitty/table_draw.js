// The live part of the table page drawn from the seat's screen as data (tables.screen's
// screen_state, with the score box as "board"), the way templates/tables/table.html draws it
// on the server: the two must read the same (tests/browser/test_table_drawn_once.py).
import { cardSpan, handCard } from "./cards.js";
import { el } from "./dom.js";
import { t } from "./table_words.js";

const section = (id, title, children) =>
  el("section", { className: "table-box", attrs: { "aria-labelledby": id } },
    [el("h2", { id }, [title]), ...children]);

const muted = (text) => el("span", { className: "muted" }, [text]);

/**
 * Whether a finished trick is shown: while the next one has no card yet, or, for the last
 * trick of a hand, in the picture drawn from the state before it (``handEnd``, set by
 * static/kitty/table_pacing.js). tables.screen's Screen.trick_done says the same.
 */
export const finishedTrick = (state) =>
  Boolean(state.handEnd) ||
  (state.phase === "play" && !state.trick.length && state.last_trick.length > 0);

const statusParts = (state) => {
  switch (state.status) {
    case "finished":
      return [el("strong", {}, [t("The game is over.")])];
    case "abandoned":
      return [el("strong", { id: "table-abandoned" }, [t("A director abandoned this table.")]),
        ` ${t("Its finished hands stay on the scoresheet.")}`];
    case "paused":
      return [el("strong", { id: "table-paused" }, [t("Paused by a director.")]),
        ` ${t("Hand {hand} goes on when the table is resumed.", { hand: state.hand })}`];
    case "playing": {
      const parts = [t("Hand {hand} · {phase}", { hand: state.hand, phase: state.phase_label })];
      if (state.to_act_name) {
        parts.push(" · ", state.my_turn
          ? el("strong", { id: "your-turn" }, [t("Your turn")])
          : el("span", { id: "whose-turn" }, [t("{name} to play", { name: state.to_act_name })]));
      }
      return parts;
    }
    default:
      return state.awaited
        ? [t("Waiting for the game to start."), " ",
          el("span", { id: "table-awaited" }, [t("Waiting for {names}.", { names: state.awaited })])]
        : [t("Waiting for the game to start.")];
  }
};

const statusLine = (state) =>
  el("p", { className: "table-status", id: "table-status" }, statusParts(state));

const bar = (state) => {
  const item = (term, value, className) =>
    el("div", className ? { className } : {}, [el("dt", {}, [term]), value]);
  return el("dl", { className: "table-bar", id: "table-bar" }, [
    item(t("Trump"), el("dd", { id: "bar-trump" }, [state.trump || "–"])),
    item(t("Bid"), el("dd", { id: "bar-bid" }, [state.contract || state.high_bid || "–"])),
    ...state.scores.map((s) => item(s.side, el("dd", {}, [String(s.score)]), "bar-score")),
  ]);
};

const cardCount = (count) => t(count === 1 ? "{count} card" : "{count} cards", { count });

const seatBox = (row) => {
  const classes = `seat${row.to_act ? " seat-to-act" : ""}${row.you ? " seat-you" : ""}`;
  const marks = [
    row.compass && el("span", { className: "seat-compass" }, [row.compass]),
    row.to_act && el("strong", { className: "to-play" }, [t("to play")]),
    row.dealer && el("span", { className: "badge" }, [t("dealer")]),
    row.bidder && el("span", { className: "badge" }, [t("bidder")]),
    row.stand_in ? el("span", { className: "badge" }, [t("away: computer plays")])
      : !row.present && muted(t("(away)")),
    row.cards !== null && row.cards !== undefined
      && el("span", { className: "seat-cards" }, [cardCount(row.cards)]),
  ].filter(Boolean).flatMap((mark) => [" ", mark]);
  return el("div", { className: classes, data: { seatIndex: String(row.index), place: row.place } },
    [el("span", { className: "seat-name" }, [row.name]), ...marks]);
};

const played = (play) =>
  cardSpan(play, t("{card}, played by {name}", { card: play.spoken, name: play.name }));

// During the auction each seat's last call lies before it; in play the trick's cards do, and
// a finished trick stays there with who took it until the next lead.
const centreItems = (state) => {
  const calls = state.seat_calls || [];
  if (calls.length) {
    return calls.map((call) => el("li", {
      className: "trick-call", data: { place: call.place, seatIndex: String(call.seat) },
    }, [el("span", { className: "call-chip" }, [
      el("span", { className: "visually-hidden" }, [`${call.name}: `]), call.call,
    ])]));
  }
  const done = finishedTrick(state);
  const items = (done ? state.last_trick : state.trick).map((play) => {
    const won = done && play.name === state.last_trick_winner;
    return el("li", {
      className: `trick-card${won ? " trick-won" : ""}`,
      data: { place: play.place, seatIndex: String(play.seat) },
    }, [played(play)]);
  });
  if (done) {
    items.push(el("li", { className: "trick-winner", id: "trick-winner" },
      [t("Won by {name}", { name: state.last_trick_winner })]));
  }
  return items;
};

// The last trick, one tap away: a button in a free corner of the table picture that opens the
// trick over the picture, so it costs no room on a phone.
const lastTrick = (state, open) => {
  const inside = state.last_trick.length ? [
    el("p", { className: "muted" }, [t("Won by {name}", { name: state.last_trick_winner })]),
    el("ul", { className: "trick", id: "last-trick" },
      state.last_trick.map((play) => el("li", {}, [`${play.name} `, played(play)]))),
  ] : [el("p", { className: "muted" }, [t("No trick yet.")])];
  return el("details", { className: "last-trick-peek", id: "last-trick-peek", open }, [
    el("summary", { className: "button button-small" }, [t("Last trick")]),
    el("div", { className: "last-trick-body" }, inside),
  ]);
};

// The table seen from above: the own seat at the bottom, the trick's cards in the centre, each
// before the seat that played it.
const picture = (state, lastTrickOpen) => {
  const label = (state.seat_calls || []).length ? t("Calls so far") : t("Cards on the table");
  const centre = el("ul", {
    className: `trick-centre${finishedTrick(state) ? " trick-done" : ""}`,
    id: "trick",
    attrs: { "aria-label": label },
  }, centreItems(state));
  return el("section", {
    className: "felt",
    id: "table-picture",
    attrs: { "aria-labelledby": "picture-title" },
    data: { seats: String(state.seats.length) },
  }, [
    el("h2", { id: "picture-title", className: "visually-hidden" }, [t("The table")]),
    ...state.seats.map(seatBox),
    centre,
    state.dealt && lastTrick(state, lastTrickOpen),
  ]);
};

const auction = (state) => section("auction-title", t("Auction"), [
  state.calls.length
    ? el("ol", { className: "calls" },
      state.calls.map((c) => el("li", {}, [`${c.name}: `, el("strong", {}, [c.call])])))
    : el("p", { className: "muted" }, [t("No call yet.")]),
  state.contract && el("p", { id: "contract" }, [state.contract]),
  state.trump && el("p", { id: "trump" }, [`${t("Trump:")} `, el("strong", {}, [state.trump])]),
  ...state.notes.map((note) => el("p", { className: "muted kitty-note" }, [note])),
  state.result && el("p", { className: "result", id: "hand-result" }, [state.result]),
]);

const cardsRow = (cards, choosing) => el("div", {
  className: "cards-row",
  id: "own-hand",
  attrs: { role: "group", "aria-label": t("Your cards") },
  data: choosing ? { choosing: "" } : {},
}, cards.length ? cards : [muted(t("No cards."))]);

// A discard is chosen card by card: those that must go are chosen and fixed, those that may
// not go are disabled (static/kitty/table_input.js counts and confirms).
const discardBox = (state) => {
  const { discard } = state;
  const cards = state.own.map((card) => {
    if (discard.required.includes(card.card)) {
      return handCard(card, { "aria-pressed": "true", "aria-disabled": "true" }, { required: "" });
    }
    if (discard.cards.includes(card.card)) return handCard(card, { "aria-pressed": "false" });
    return handCard(card, { "aria-disabled": "true" });
  });
  return [el("div", { className: "discard", data: { discard: discard.type, counts: discard.counts.join(" ") } }, [
    el("p", { id: "discard-help" }, [t("{label}: {help}, then confirm.", { label: discard.label, help: discard.help })]),
    cardsRow(cards, true),
    el("p", { className: "discard-count", id: "discard-count", attrs: { "aria-live": "polite" } }),
    el("button", { type: "button", className: "button", data: { discardSubmit: "" } }, [discard.label]),
  ])];
};

const playRow = (state) => {
  const playable = state.own.some((card) => card.playable);
  const cards = state.own.map((card) => (card.playable
    ? handCard(card, {}, { action: `${state.seat} play ${card.card}`, named: card.named })
    : handCard(card, { "aria-disabled": "true" })));
  return [
    cardsRow(cards, playable),
    playable && el("div", { className: "pick-bar", id: "pick-bar" }, [
      el("span", { className: "pick-hint muted", id: "pick-hint" }, [t("Tap a card to pick it, then tap it again to play.")]),
      " ",
      el("button", { type: "button", className: "button", id: "play-confirm", hidden: true }, [t("Play")]),
    ]),
  ];
};

// The seat's other legal actions, each a button; a line under them for those whose label does
// not say it all.
const actionButtons = (buttons) => {
  if (!buttons.length) return [];
  const helpId = (i) => `action-help-${i + 1}`;
  return [
    el("div", { className: "action-buttons", id: "actions" }, buttons.map((b, i) => el("button", {
      type: "button",
      className: "button",
      data: { action: b.action },
      attrs: b.help ? { "aria-describedby": helpId(i) } : {},
    }, [b.label]))),
    ...buttons.map((b, i) => b.help
      && el("p", { className: "muted action-help", id: helpId(i) }, [b.help])),
  ];
};

// The own hand, as the template draws it: every card a button, the ones that may not be played
// or discarded aria-disabled. Picking and playing, and choosing a discard, are
// static/kitty/table_input.js's.
const ownHand = (state) => {
  const hand = section("hand-title", t("Your hand"), [
    ...(state.discard ? discardBox(state) : playRow(state)),
    ...actionButtons(state.buttons),
  ]);
  hand.classList.add("own-hand");
  return hand;
};

const scoresLine = (state) => {
  const parts = state.scores.flatMap((s, i) =>
    [i ? " · " : "", `${s.side}: `, el("strong", {}, [String(s.score)])]).filter(Boolean);
  if (state.points.length) {
    const points = state.points.map((p) => p.points).join(` ${t("to")} `);
    parts.push(" ", muted(t("(this hand: {points})", { points })));
  }
  return el("p", { id: "scores" }, parts);
};

const sheetLines = (lines) => {
  const head = el("tr", {}, [t("Hand"), t("Bid"), t("Trump"), t("Made"), t("Totals")]
    .map((title) => el("th", { scope: "col" }, [title])));
  const rows = lines.map((line) => {
    const made = line.made === null ? "–" : t(line.made ? "made" : "set");
    const bid = line.bid === null ? t("passed") : String(line.bid);
    const totals = line.totals.map((total) => (total === null ? "–" : String(total))).join(` ${t("to")} `);
    return el("tr", { data: { line: String(line.number) } },
      [String(line.number), bid, line.trump, made, totals].map((text) => el("td", {}, [text])));
  });
  return el("div", { className: "sheet-scroll" }, [
    el("table", { className: "table", id: "sheet-lines" }, [el("thead", {}, [head]), el("tbody", {}, rows)]),
  ]);
};

const replays = (hands) => el("p", {}, [
  `${t("Replay a hand:")} `,
  ...hands.flatMap((r, i) => [i ? ", " : "", el("a", { href: r.url }, [String(r.number)])]).filter(Boolean),
]);

const scoreBox = (state) => {
  const { board } = state;
  return section("score-title", t("Score"), [
    state.scores.length > 0 && scoresLine(state),
    board.lines.length > 0 && sheetLines(board.lines),
    board.sheet_url && el("p", {}, [el("a", { id: "sheet-link", href: board.sheet_url }, [t("The scoresheet")])]),
    board.replays.length > 0 && replays(board.replays),
  ]);
};

/**
 * The live part for ``state``: a new ``.live`` element, the status line, the bar, the table
 * picture (its last trick open when ``lastTrickOpen``), the own hand, the auction and the score.
 */
export const drawLive = (state, { lastTrickOpen = false } = {}) => {
  const dealt = state.dealt;
  return el("div", {
    className: "live",
    data: { seq: String(state.seq), seat: state.seat === null ? "" : String(state.seat), status: state.status },
  }, [
    statusLine(state),
    bar(state),
    picture(state, lastTrickOpen),
    dealt && state.seat !== null && ownHand(state),
    dealt && el("div", { className: "table-grid" }, [auction(state)]),
    scoreBox(state),
  ]);
};
