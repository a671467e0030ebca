// How a player takes cards at the online table, by touch, mouse or keyboard. The hand is drawn
// by templates/tables/table.html and static/kitty/table.js: every card a button, those that
// may not be played (or discarded) aria-disabled, the playable ones carrying their action.
//
// Playing is two steps everywhere, so a brush of the thumb or a stray click never plays: the
// first tap (click, Enter) lifts the card and the bar under the hand offers "Play 5 of
// hearts"; a second tap on the card, or on that button, plays it; a tap anywhere else, or
// Escape, puts it back. On a laptop the same holds (a double-click is the quick way to play),
// unless the player ticks "one click plays a card", kept in the browser: then a mouse click
// plays at once, while a touch and the keyboard still take two steps.
//
// A discard is chosen by toggling cards, with a counter ("3 of 4 chosen") and one confirm
// button, enabled only when the count is one the rules allow (the hand's data-counts); cards
// that must go are chosen and fixed, cards that may not go are disabled.
//
// Keyboard: the hand is one tab stop; arrows (and Home, End) move along it, Enter or Space
// picks and plays (or chooses), Escape cancels. After each redraw the focus goes back to the
// same card or button, or to the hand. Actions are sent by table.js ("table:act").
(function () {
  "use strict";
  var box = document.getElementById("table-live");
  if (!box || !box.kittyT) { return; } // table.js draws and sends (it needs a WebSocket)
  var t = box.kittyT; // a text in the reader's language (tables.page_words)
  var picked = null; // the code of the lifted card
  var chosen = {}; // the discard's chosen cards (code: true), kept across redraws
  var discardType = "";
  var sending = false;
  var pressedOn = null; // the pointer now down, or up but not yet clicked: {card, x, y, far, type}
  var BRUSH = 12; // px: a pointer that travels further is a brush, not a tap

  var say = document.createElement("p");
  say.className = "visually-hidden";
  say.id = "hand-say";
  say.setAttribute("aria-live", "polite");
  box.parentNode.insertBefore(say, box.nextSibling);

  var oneClick = null; // the player's choice, offered where there is a mouse
  var KEPT = "kitty.table.oneClick";
  var seated = box.querySelector(".live[data-seat]:not([data-seat=''])");
  if (seated && window.matchMedia && window.matchMedia("(pointer: fine)").matches) {
    var option = document.createElement("p");
    option.className = "one-click muted";
    var label = document.createElement("label");
    oneClick = document.createElement("input");
    oneClick.type = "checkbox";
    oneClick.id = "one-click";
    try { oneClick.checked = window.localStorage.getItem(KEPT) === "1"; } catch (e) { /* none kept */ }
    oneClick.addEventListener("change", function () {
      try { window.localStorage.setItem(KEPT, oneClick.checked ? "1" : "0"); } catch (e) { /* kept for now */ }
    });
    label.appendChild(oneClick);
    label.appendChild(document.createTextNode(" " + t("With a mouse, one click plays a card (no second click)")));
    option.appendChild(label);
    say.parentNode.insertBefore(option, say.nextSibling);
  }

  function row() { return box.querySelector("#own-hand"); }
  function cards() {
    var r = row();
    return r ? Array.prototype.slice.call(r.querySelectorAll(".hand-card")) : [];
  }
  function cardOf(code) {
    return cards().filter(function (c) { return c.dataset.card === code; })[0] || null;
  }
  function isDisabled(card) { return card.getAttribute("aria-disabled") === "true"; }
  function discardBox() { return box.querySelector("[data-discard]"); }
  function confirmButton() { return box.querySelector("#play-confirm"); }
  function tell(text) { say.textContent = text; }

  function act(action) {
    sending = true;
    box.dispatchEvent(new CustomEvent("table:act", { detail: { action: action } }));
  }

  // --- Playing: pick, then play ---------------------------------------------------------

  function showPick(card) {
    var confirm = confirmButton();
    var hint = box.querySelector("#pick-hint");
    cards().forEach(function (c) { c.classList.toggle("picked", c === card); });
    if (confirm) {
      confirm.hidden = !card;
      confirm.textContent = card ? t("Play {card}", { card: card.dataset.named }) : t("Play");
    }
    if (hint) { hint.hidden = !!card; }
  }

  function lift(card) {
    picked = card.dataset.card;
    showPick(card);
    tell(t("{card} picked: press it again, or Play, to play it; Escape puts it back.",
      { card: card.getAttribute("aria-label") }));
  }

  function drop(quiet) {
    if (!picked) { return; }
    picked = null;
    showPick(null);
    if (!quiet) { tell(t("Put back.")); }
  }

  function play(card) {
    picked = null;
    showPick(null);
    card.classList.add("playing");
    act(card.dataset.action);
  }

  // --- Choosing a discard ---------------------------------------------------------------

  function counts() {
    var form = discardBox();
    return form ? form.dataset.counts.split(" ").map(Number) : [];
  }

  function chosenCards() {
    return cards().filter(function (c) { return c.getAttribute("aria-pressed") === "true"; });
  }

  function showCount() {
    var form = discardBox();
    if (!form) { return; }
    var allowed = counts();
    var n = chosenCards().length;
    var low = allowed[0], high = allowed[allowed.length - 1];
    var values = { count: n, low: low, high: high };
    var text = low === high ? t("{count} of {high} chosen", values)
      : low === 0 ? t("{count} chosen (up to {high})", values)
        : t("{count} chosen ({low} to {high})", values);
    form.querySelector("#discard-count").textContent = text;
    form.querySelector("[data-discard-submit]").disabled = sending || allowed.indexOf(n) < 0;
  }

  function toggle(card) {
    var on = card.getAttribute("aria-pressed") !== "true";
    card.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) { chosen[card.dataset.card] = true; } else { delete chosen[card.dataset.card]; }
    showCount();
  }

  function submitDiscard() {
    var form = discardBox();
    var seat = box.querySelector(".live").dataset.seat;
    var codes = chosenCards().map(function (c) { return c.dataset.card; });
    if (counts().indexOf(codes.length) < 0) { return; }
    act([seat, form.dataset.discard].concat(codes).join(" "));
    showCount();
  }

  // --- Pointer and keyboard -------------------------------------------------------------

  box.addEventListener("pointerdown", function (event) {
    var card = event.target.closest("#own-hand .hand-card");
    pressedOn = { card: card, x: event.clientX, y: event.clientY, far: false, type: event.pointerType };
  });
  function travel(event) {
    if (!pressedOn) { return; }
    var moved = Math.abs(event.clientX - pressedOn.x) + Math.abs(event.clientY - pressedOn.y);
    if (moved > BRUSH || event.type === "pointercancel") { pressedOn.far = true; }
  }
  ["pointermove", "pointerup", "pointercancel"].forEach(function (type) {
    box.addEventListener(type, travel);
  });

  // A click that is really a brush: the pointer went down on another card, or travelled. A
  // click with no pointer before it (the keyboard's, a screen reader's) is never one.
  function brushed(event, card) {
    if (event.detail === 0 || !pressedOn) { return false; }
    return pressedOn.card !== card || pressedOn.far;
  }

  function byOneClick(event) {
    return !!(oneClick && oneClick.checked && event.detail > 0 && pressedOn && pressedOn.type === "mouse");
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var card = box.contains(target) ? target.closest("#own-hand .hand-card") : null;
    var brush = card && brushed(event, card);
    var oneClickPlays = byOneClick(event);
    pressedOn = null; // this pointer is done with
    if (card) {
      if (brush || sending) { return; }
      if (discardBox()) {
        if (!isDisabled(card)) { toggle(card); }
        return;
      }
      if (isDisabled(card)) {
        drop(true);
        tell(t("{card} cannot be played now.", { card: card.getAttribute("aria-label") }));
      } else if (picked === card.dataset.card || oneClickPlays) {
        play(card);
      } else {
        lift(card);
      }
      return;
    }
    if (box.contains(target) && target.closest("#play-confirm")) {
      var lifted = picked && cardOf(picked);
      if (lifted && !sending) { play(lifted); }
      return;
    }
    if (box.contains(target) && target.closest("[data-discard-submit]")) {
      if (!sending) { submitDiscard(); }
      return;
    }
    drop(false); // a tap anywhere else puts the card back
  });

  var MOVES = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

  function focusCard(card) {
    cards().forEach(function (c) { c.tabIndex = c === card ? 0 : -1; });
    card.focus();
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && picked) {
      drop(false);
      event.preventDefault();
    }
  });

  box.addEventListener("keydown", function (event) {
    var card = event.target.closest && event.target.closest("#own-hand .hand-card");
    if (!card) { return; }
    var all = cards();
    var at = all.indexOf(card);
    var to = null;
    if (MOVES[event.key]) {
      to = Math.max(0, Math.min(all.length - 1, at + MOVES[event.key]));
    } else if (event.key === "Home") {
      to = 0;
    } else if (event.key === "End") {
      to = all.length - 1;
    }
    if (to !== null) {
      event.preventDefault();
      focusCard(all[to]);
    }
  });

  // --- After each drawing ---------------------------------------------------------------

  // The hand is one tab stop: the lifted card, else the first that may be taken, else the first.
  function rove() {
    var all = cards();
    if (!all.length) { return null; }
    var stop = (picked && cardOf(picked)) ||
      all.filter(function (c) { return !isDisabled(c); })[0] || all[0];
    all.forEach(function (c) { c.tabIndex = c === stop ? 0 : -1; });
    return stop;
  }

  // Where the focus was before the redraw, found again: the same card, the same button, the
  // card at the same place, or the hand.
  function refocus(old) {
    if (!old) { return; }
    var again = null;
    if (old.dataset && old.dataset.card) {
      again = cardOf(old.dataset.card);
      if (!again && old.closest("#own-hand")) {
        var at = Array.prototype.indexOf.call(old.parentNode ? old.parentNode.children : [], old);
        var all = cards();
        again = all[Math.min(Math.max(at, 0), all.length - 1)] || null;
      }
    } else if (old.dataset && old.dataset.action) {
      again = box.querySelector("#actions [data-action='" + old.dataset.action + "']") ||
        box.querySelector("#actions [data-action]");
    } else if (old.id) {
      again = document.getElementById(old.id);
    }
    if (again && again.disabled) { again = null; }
    again = again || rove() || box.querySelector("#actions [data-action]");
    if (again) {
      if (again.classList.contains("hand-card")) { focusCard(again); } else { again.focus(); }
    }
  }

  function settle(focused) {
    sending = false;
    var form = discardBox();
    if (!form || form.dataset.discard !== discardType) { chosen = {}; }
    discardType = form ? form.dataset.discard : "";
    if (form) {
      cards().forEach(function (c) {
        if (chosen[c.dataset.card] && !isDisabled(c)) { c.setAttribute("aria-pressed", "true"); }
      });
      showCount();
    }
    var lifted = picked && cardOf(picked);
    if (picked && (!lifted || isDisabled(lifted) || form)) { picked = null; }
    showPick(picked ? lifted : null);
    rove();
    refocus(focused);
  }

  box.addEventListener("table:drawn", function (event) { settle(event.detail.focused); });
  box.addEventListener("table:refused", function () {
    sending = false;
    cards().forEach(function (c) { c.classList.remove("playing"); });
    showCount();
  });
  settle(null);
})();
