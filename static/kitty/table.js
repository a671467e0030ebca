// The table page's websocket: draws each state the server sends and sends the player's
// actions. The page arrives drawn by the server; after that each message is the seat's screen
// as data (tables.screen.screen_state, version 1, and the score box as "board"), and
// this file draws the live part from it the way templates/tables/table.html does, with
// textContent only (no server string is ever parsed as HTML). It turns button presses into
// {"type": "act"} messages carrying the seq the player saw, shows refusals, and reconnects
// after a drop (the server then sends the state). Every data-presence seconds it says
// {"type": "here"}, so the seat stays counted present.
(function () {
  "use strict";

  // The page's words in the reader's language, given by the template (json_script, no inline
  // script): t(text, values) is the translation of the English text with each {name} filled in
  // from values, or the English text itself when the page gave none.
  var wordsNode = document.getElementById("table-words");
  var WORDS = wordsNode ? JSON.parse(wordsNode.textContent) : {};
  function t(text, values) {
    var found = Object.prototype.hasOwnProperty.call(WORDS, text) ? WORDS[text] : text;
    return found.replace(/\{(\w+)\}/g, function (whole, key) {
      return values && key in values ? String(values[key]) : whole;
    });
  }
  var box = document.getElementById("table-live");
  if (!box || !window.WebSocket) { return; }
  var refused = document.getElementById("table-refused");
  var status = document.getElementById("table-connection");
  var socket = null;
  var retry = 500;
  var VERSION = 1;

  function live() { return box.querySelector(".live"); }
  function seq() { var el = live(); return el ? parseInt(el.dataset.seq, 10) : 0; }

  // --- Drawing ------------------------------------------------------------------------------

  // el("p", {id: "x", className: "y"}, [children or text]): an element; strings become text.
  function el(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      if (key === "data") {
        Object.keys(props.data).forEach(function (name) { node.dataset[name] = props.data[name]; });
      } else if (key === "attrs") {
        Object.keys(props.attrs).forEach(function (name) {
          node.setAttribute(name, props.attrs[name]);
        });
      } else {
        node[key] = props[key];
      }
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) { return; }
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  box.kittyEl = el;
  box.kittyT = t; // static/kitty/table_input.js speaks through it too
  box.kittyWord = t;

  function section(id, title, children) {
    var heading = el("h2", { id: id }, [title]);
    return el("section", { className: "table-box", attrs: { "aria-labelledby": id } },
      [heading].concat(children));
  }

  function muted(text) { return el("span", { className: "muted" }, [text]); }

  // A card's face: rank and suit symbol, then the suit's letter (never colour alone).
  function face(card) {
    return [card.face, card.suit ? el("small", { className: "suit-letter" }, [card.suit]) : null];
  }

  // A card that is shown, not pressed: a screen reader says its name ("five of hearts").
  function cardSpan(card, label) {
    return el("span", {
      className: "playing-card" + (card.red ? " red" : ""),
      data: { card: card.card },
      attrs: { role: "img", "aria-label": label || card.spoken },
    }, face(card));
  }

  function statusLine(state) {
    var parts = [];
    if (state.status === "finished") {
      parts.push(el("strong", {}, [t("The game is over.")]));
    } else if (state.status === "abandoned") {
      parts.push(el("strong", { id: "table-abandoned" }, [t("A director abandoned this table.")]),
        " " + t("Its finished hands stay on the scoresheet."));
    } else if (state.status === "paused") {
      parts.push(el("strong", { id: "table-paused" }, [t("Paused by a director.")]),
        " " + t("Hand {hand} goes on when the table is resumed.", { hand: state.hand }));
    } else if (state.status === "playing") {
      parts.push(t("Hand {hand} · {phase}", { hand: state.hand, phase: state.phase_label }));
      if (state.to_act_name) {
        parts.push(" · ");
        parts.push(state.my_turn
          ? el("strong", { id: "your-turn" }, [t("Your turn")])
          : el("span", { id: "whose-turn" }, [t("{name} to play", { name: state.to_act_name })]));
      }
    } else {
      parts.push(t("Waiting for the game to start."));
    }
    return el("p", { className: "table-status", id: "table-status" }, parts);
  }

  function bar(state) {
    function item(term, value, className) {
      return el("div", { className: className || "" }, [el("dt", {}, [term]), value]);
    }
    var items = [
      item(t("Trump"), el("dd", { id: "bar-trump" }, [state.trump || "–"])),
      item(t("Bid"), el("dd", { id: "bar-bid" }, [state.contract || state.high_bid || "–"])),
    ];
    state.scores.forEach(function (s) {
      items.push(item(s.side, el("dd", {}, [String(s.score)]), "bar-score"));
    });
    return el("dl", { className: "table-bar", id: "table-bar" }, items);
  }

  function seatBox(row) {
    var classes = "seat" + (row.to_act ? " seat-to-act" : "") + (row.you ? " seat-you" : "");
    var parts = [el("span", { className: "seat-name" }, [row.name])];
    if (row.compass) { parts.push(" ", el("span", { className: "seat-compass" }, [row.compass])); }
    if (row.to_act) { parts.push(" ", el("strong", { className: "to-play" }, [t("to play")])); }
    if (row.dealer) { parts.push(" ", el("span", { className: "badge" }, [t("dealer")])); }
    if (row.bidder) { parts.push(" ", el("span", { className: "badge" }, [t("bidder")])); }
    if (row.stand_in) {
      parts.push(" ", el("span", { className: "badge" }, [t("away: computer plays")]));
    } else if (!row.present) {
      parts.push(" ", muted(t("(away)")));
    }
    if (row.cards !== null && row.cards !== undefined) {
      parts.push(" ", el("span", { className: "seat-cards" }, [t(row.cards === 1 ? "{count} card" : "{count} cards", { count: row.cards })]));
    }
    return el("div", { className: classes, data: { seatIndex: String(row.index), place: row.place } }, parts);
  }

  // The table seen from above: the own seat at the bottom, the trick's cards in the centre,
  // each before the seat that played it.
  // During the auction each seat's last call lies before it; in play the trick's cards do,
  // and a finished trick stays there with who took it (finishedTrick) until the next lead.
  function centreItems(state) {
    var calls = state.seat_calls || [];
    if (calls.length) {
      return calls.map(function (call) {
        return el("li", { className: "trick-call", data: { place: call.place, seatIndex: String(call.seat) } }, [
          el("span", { className: "call-chip" }, [el("span", { className: "visually-hidden" }, [call.name + ": "]), call.call]),
        ]);
      });
    }
    var done = finishedTrick(state);
    var plays = done ? state.last_trick : state.trick;
    var items = plays.map(function (play) {
      var won = done && play.name === state.last_trick_winner;
      return el("li", { className: "trick-card" + (won ? " trick-won" : ""), data: { place: play.place, seatIndex: String(play.seat) } },
        [cardSpan(play, t("{card}, played by {name}", { card: play.spoken, name: play.name }))]);
    });
    if (done) {
      items.push(el("li", { className: "trick-winner", id: "trick-winner" }, [t("Won by {name}", { name: state.last_trick_winner })]));
    }
    return items;
  }

  function picture(state) {
    var label = (state.seat_calls || []).length ? t("Calls so far") : t("Cards on the table");
    var centre = el("ul", {
      className: "trick-centre" + (finishedTrick(state) ? " trick-done" : ""), id: "trick", attrs: { "aria-label": label },
    }, centreItems(state));
    var children = [el("h2", { id: "picture-title", className: "visually-hidden" }, [t("The table")])]
      .concat(state.seats.map(seatBox), [centre], state.dealt ? [lastTrick(state)] : []);
    return el("section", {
      className: "felt", id: "table-picture",
      attrs: { "aria-labelledby": "picture-title" }, data: { seats: String(state.seats.length) },
    }, children);
  }

  function auction(state) {
    var children = [];
    if (state.calls.length) {
      children.push(el("ol", { className: "calls" }, state.calls.map(function (c) {
        return el("li", {}, [c.name + ": ", el("strong", {}, [c.call])]);
      })));
    } else {
      children.push(el("p", { className: "muted" }, [t("No call yet.")]));
    }
    if (state.contract) { children.push(el("p", { id: "contract" }, [state.contract])); }
    if (state.trump) {
      children.push(el("p", { id: "trump" }, [t("Trump:") + " ", el("strong", {}, [state.trump])]));
    }
    state.notes.forEach(function (note) {
      children.push(el("p", { className: "muted kitty-note" }, [note]));
    });
    if (state.result) { children.push(el("p", { className: "result", id: "hand-result" }, [state.result])); }
    return section("auction-title", t("Auction"), children);
  }

  // The last trick, one tap away: a button in a free corner of the table picture that opens
  // the trick over the picture, so it costs no room on a phone.
  function lastTrick(state) {
    var children = [el("summary", { className: "button button-small" }, [t("Last trick")])];
    var inside = [];
    if (state.last_trick.length) {
      inside.push(el("p", { className: "muted" }, [t("Won by {name}", { name: state.last_trick_winner })]));
      inside.push(el("ul", { className: "trick", id: "last-trick" }, state.last_trick.map(function (play) {
        return el("li", {}, [play.name + " ", cardSpan(play, t("{card}, played by {name}", { card: play.spoken, name: play.name }))]);
      })));
    } else {
      inside.push(el("p", { className: "muted" }, [t("No trick yet.")]));
    }
    children.push(el("div", { className: "last-trick-body" }, inside));
    var old = box.querySelector(".last-trick-peek");
    return el("details", { className: "last-trick-peek", id: "last-trick-peek", open: !!(old && old.open) }, children);
  }

  // The own hand, as the template draws it: every card a button, the ones that may not be
  // played or discarded aria-disabled. Picking and playing, and choosing a discard, are
  // static/kitty/table_input.js's (it listens for "table:drawn").
  function handCard(card, attrs, data) {
    return el("button", {
      type: "button",
      className: "playing-card hand-card" + (card.red ? " red" : ""),
      data: Object.assign({ card: card.card }, data || {}),
      attrs: Object.assign({ "aria-label": card.spoken }, attrs),
    }, face(card));
  }

  function cardsRow(cards, choosing) {
    var row = el("div", { className: "cards-row", id: "own-hand", attrs: { role: "group", "aria-label": t("Your cards") } },
      cards.length ? cards : [muted(t("No cards."))]);
    if (choosing) { row.dataset.choosing = ""; }
    return row;
  }

  function ownHand(state) {
    var children = [];
    var discard = state.discard;
    if (discard) {
      var cards = state.own.map(function (card) {
        if (discard.required.indexOf(card.card) >= 0) {
          return handCard(card, { "aria-pressed": "true", "aria-disabled": "true" }, { required: "" });
        }
        if (discard.cards.indexOf(card.card) >= 0) { return handCard(card, { "aria-pressed": "false" }); }
        return handCard(card, { "aria-disabled": "true" });
      });
      children.push(el("div", { className: "discard", data: { discard: discard.type, counts: discard.counts.join(" ") } }, [
        el("p", { id: "discard-help" }, [t("{label}: {help}, then confirm.", { label: discard.label, help: discard.help })]),
        cardsRow(cards, true),
        el("p", { className: "discard-count", id: "discard-count", attrs: { "aria-live": "polite" } }, []),
        el("button", { type: "button", className: "button", data: { discardSubmit: "" } }, [discard.label]),
      ]));
    } else {
      var playable = state.own.some(function (card) { return card.playable; });
      children.push(cardsRow(state.own.map(function (card) {
        return card.playable
          ? handCard(card, {}, { action: state.seat + " play " + card.card, named: card.named })
          : handCard(card, { "aria-disabled": "true" });
      }), playable));
      if (playable) {
        children.push(el("div", { className: "pick-bar", id: "pick-bar" }, [
          el("span", { className: "pick-hint muted", id: "pick-hint" }, [t("Tap a card to pick it, then tap it again to play.")]),
          " ",
          el("button", { type: "button", className: "button", id: "play-confirm", hidden: true }, [t("Play")]),
        ]));
      }
    }
    if (state.buttons.length) {
      children.push(el("div", { className: "action-buttons", id: "actions" }, state.buttons.map(function (b, i) {
        var attrs = b.help ? { "aria-describedby": "action-help-" + (i + 1) } : {};
        return el("button", { type: "button", className: "button", data: { action: b.action }, attrs: attrs }, [b.label]);
      })));
      state.buttons.forEach(function (b, i) {
        if (b.help) { children.push(el("p", { className: "muted action-help", id: "action-help-" + (i + 1) }, [b.help])); }
      });
    }
    var hand = section("hand-title", t("Your hand"), children);
    hand.className += " own-hand";
    return hand;
  }

  function scoreBox(state) {
    var board = state.board;
    var children = [];
    if (state.scores.length) {
      var scores = [];
      state.scores.forEach(function (s, i) {
        if (i) { scores.push(" · "); }
        scores.push(s.side + ": ", el("strong", {}, [String(s.score)]));
      });
      if (state.points.length) {
        scores.push(" ", muted(t("(this hand: {points})", { points: state.points.map(function (p) { return p.points; }).join(" " + t("to") + " ") })));
      }
      children.push(el("p", { id: "scores" }, scores));
    }
    if (board.lines.length) {
      var head = el("tr", {}, [t("Hand"), t("Bid"), t("Trump"), t("Made"), t("Totals")].map(function (title) {
        return el("th", { scope: "col" }, [title]);
      }));
      var rows = board.lines.map(function (line) {
        var made = line.made === null ? "–" : (line.made ? t("made") : t("set"));
        return el("tr", { data: { line: String(line.number) } }, [
          String(line.number), line.bid === null ? t("passed") : String(line.bid), line.trump, made, line.totals,
        ].map(function (text) { return el("td", {}, [text]); }));
      });
      children.push(el("div", { className: "sheet-scroll" }, [
        el("table", { className: "table", id: "sheet-lines" }, [el("thead", {}, [head]), el("tbody", {}, rows)]),
      ]));
    }
    if (board.sheet_url) {
      children.push(el("p", {}, [el("a", { id: "sheet-link", href: board.sheet_url }, [t("The scoresheet")])]));
    }
    if (board.replays.length) {
      var links = [t("Replay a hand:") + " "];
      board.replays.forEach(function (r, i) {
        if (i) { links.push(", "); }
        links.push(el("a", { href: r.url }, [String(r.number)]));
      });
      children.push(el("p", {}, links));
    }
    return section("score-title", t("Score"), children);
  }

  // The element of ``old`` that has the focus, or had it until it was disabled on being
  // pressed (the focus then fell to the page), or until a drawing with nothing to take it
  // (the last trick of a hand, shown without the hand) replaced it: the new drawing gives it
  // back.
  var lastFocused = null;
  box.addEventListener("focusin", function (event) { lastFocused = event.target; });
  function focusedIn(old) {
    if (!old) { return null; }
    var now = document.activeElement;
    if (old.contains(now)) { return now; }
    var dropped = lastFocused && (old.contains(lastFocused) || !box.contains(lastFocused));
    return (!now || now === document.body) && dropped ? lastFocused : null;
  }

  function draw(state) {
    var parts = [statusLine(state), bar(state), picture(state)];
    if (state.dealt && state.seat !== null) { parts.push(ownHand(state)); }
    if (state.dealt) { parts.push(el("div", { className: "table-grid" }, [auction(state)])); }
    parts.push(scoreBox(state));
    var fresh = el("div", {
      className: "live",
      data: { seq: String(state.seq), seat: state.seat === null ? "" : String(state.seat), status: state.status },
    }, parts);
    var old = live();
    var focused = focusedIn(old);
    if (old) { box.replaceChild(fresh, old); } else { box.appendChild(fresh); }
    document.body.dataset.tableSeq = state.seq;
    // The page's other parts (static/kitty/table_summary.js) draw from the same state; the
    // own hand's input (static/kitty/table_input.js) settles on the new drawing.
    box.dispatchEvent(new CustomEvent("kitty:state", { detail: state }));
    box.dispatchEvent(new CustomEvent("table:drawn", { detail: { focused: focused } }));
  }

  // --- Pacing -------------------------------------------------------------------------------

  // The server sends each state as it is committed, and a computer answers within
  // milliseconds: drawn as they come, a computer's card and the trick it finishes would be
  // gone before anyone saw them. So states wait in a queue and are drawn one at a time: each
  // move of another seat stays PACE ms; a finished trick stays TRICK_HOLD ms with who took it,
  // and until the next card is led (the person's own lead, when it is theirs). The person's
  // own move, a change that is no move (same seq), a page in the background and a long
  // backlog (a page coming back) are drawn at once. Only this page waits: the server plays
  // on at full speed, and every state drawn is the one the server sent this seat.
  var PACE = 600;
  var TRICK_HOLD = 1400;
  var BACKLOG = 8;
  var queue = [];
  var shown = null; // the state drawn last
  var holdUntil = 0;
  var pumping = null;

  // A finished trick is shown while the next one has no card yet, or, for the last trick
  // of a hand, in the picture drawn from the state before it (lastTrickOfHand).
  function finishedTrick(state) {
    if (state.handEnd) { return true; }
    return state.phase === "play" && !state.trick.length && state.last_trick.length > 0;
  }

  // The next hand is dealt as the last trick ends: its state carries that trick
  // (final_trick), drawn first over the state before it, without the cards just played.
  function endsHand(before, state) {
    return before && before.dealt && before.phase === "play" && state.hand > before.hand &&
      (state.final_trick || []).length > 0;
  }

  function lastTrickOfHand(before, state) {
    var played = state.final_trick.map(function (play) { return play.card; });
    return Object.assign({}, before, {
      handEnd: true, trick: [], last_trick: state.final_trick, last_trick_winner: state.final_trick_winner,
      own: before.own.filter(function (card) { return played.indexOf(card.card) < 0; })
        .map(function (card) { return Object.assign({}, card, { playable: false }); }),
      seats: before.seats.map(function (row) { return Object.assign({}, row, { to_act: false }); }),
      buttons: [], discard: null, my_turn: false, to_act_name: "", summary: null, clock: null,
      made_for_you: null,
    });
  }

  function waitFor(next) {
    if (!shown || shown.my_turn || next.seq === shown.seq || document.hidden || queue.length > BACKLOG) {
      return 0;
    }
    return holdUntil - Date.now();
  }

  function pump() {
    pumping = null;
    while (queue.length) {
      var wait = waitFor(queue[0]);
      if (wait > 0) {
        pumping = window.setTimeout(pump, wait);
        return;
      }
      var next = queue[0];
      var picture = endsHand(shown, next) && !shown.handEnd ? lastTrickOfHand(shown, next) : queue.shift();
      draw(picture);
      shown = picture;
      holdUntil = Date.now() + (finishedTrick(picture) ? TRICK_HOLD : PACE);
    }
  }

  function receive(state) {
    queue.push(state);
    if (!pumping) { pump(); }
  }

  // --- Acting -------------------------------------------------------------------------------

  function showRefusal(text) {
    refused.textContent = text;
    refused.hidden = !text;
  }

  // Other messages than actions ({"type": "take_back"}), for the page's other scripts.
  box.kittySend = function (message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showRefusal(t("Not connected: reconnecting, try again in a moment."));
      return;
    }
    showRefusal("");
    socket.send(JSON.stringify(message));
  };

  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showRefusal(t("Not connected: reconnecting, try again in a moment."));
      return;
    }
    showRefusal("");
    socket.send(JSON.stringify({ type: "act", action: action, seq: seq() }));
  }

  // Buttons other than cards send their action at once; the own hand's cards and the discard
  // are static/kitty/table_input.js's, which asks for a send with a "table:act" event.
  box.addEventListener("click", function (event) {
    var button = event.target.closest("[data-action]");
    if (button && !button.closest("#own-hand")) {
      button.disabled = true;
      send(button.dataset.action);
    }
  });
  box.addEventListener("table:act", function (event) { send(event.detail.action); });

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
      if (message.type === "state" && message.v === VERSION) {
        receive(message);
      } else if (message.type === "state") {
        window.location.reload(); // a newer server: its page knows its messages
      } else if (message.type === "refused") {
        showRefusal(message.message);
        box.querySelectorAll("[data-action]").forEach(function (b) { b.disabled = false; });
        box.dispatchEvent(new CustomEvent("table:refused"));
      }
    };
    socket.onclose = function () {
      document.body.dataset.tableSocket = "closed";
      status.textContent = t("Connection lost: reconnecting…");
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
