// How a player takes cards at the online table, by touch, mouse or keyboard. The hand is drawn
// by templates/tables/table.html and static/kitty/table_draw.js: every card a button, those
// that may not be played (or discarded) aria-disabled, the playable ones carrying their action.
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
// same card or button, or to the hand. Actions are sent by static/kitty/table.js ("table:act").
import { t } from "./table_words.js";

const BRUSH = 12; // px: a pointer that travels further is a brush, not a tap
const KEPT = "kitty.table.oneClick";
const MOVES = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

// The line a screen reader says after each pick, put back or refusal.
const spokenLine = (box) => {
  const say = document.createElement("p");
  say.className = "visually-hidden";
  say.id = "hand-say";
  say.setAttribute("aria-live", "polite");
  box.after(say);
  return say;
};

// The player's choice of one click to play, offered to a seated player where there is a
// mouse, and kept in the browser; null where it is not offered.
const oneClickOption = (box, after) => {
  const seated = box.querySelector(".live[data-seat]:not([data-seat=''])");
  if (!seated || !window.matchMedia?.("(pointer: fine)").matches) return null;
  const option = document.createElement("p");
  option.className = "one-click muted";
  const label = document.createElement("label");
  const checkbox = document.createElement("input");
  checkbox.type = "checkbox";
  checkbox.id = "one-click";
  try { checkbox.checked = window.localStorage.getItem(KEPT) === "1"; } catch { /* none kept */ }
  checkbox.addEventListener("change", () => {
    try { window.localStorage.setItem(KEPT, checkbox.checked ? "1" : "0"); } catch { /* kept for now */ }
  });
  label.append(checkbox, ` ${t("With a mouse, one click plays a card (no second click)")}`);
  option.append(label);
  after.after(option);
  return checkbox;
};

const isDisabled = (card) => card.getAttribute("aria-disabled") === "true";

/** Card input on the live box ``box`` of the table page, for as long as the page is open. */
export const startInput = (box) => {
  let picked = null; // the code of the lifted card
  let chosen = new Set(); // the discard's chosen cards, kept across redraws
  let discardType = "";
  let sending = false;
  let pressedOn = null; // the pointer now down, or up but not yet clicked: {card, x, y, far, type}
  const say = spokenLine(box);
  const oneClick = oneClickOption(box, say);

  const row = () => box.querySelector("#own-hand");
  const cards = () => [...(row()?.querySelectorAll(".hand-card") ?? [])];
  const cardOf = (code) => cards().find((c) => c.dataset.card === code) ?? null;
  const discardBox = () => box.querySelector("[data-discard]");
  const tell = (text) => { say.textContent = text; };
  const act = (action) => {
    sending = true;
    box.dispatchEvent(new CustomEvent("table:act", { detail: { action } }));
  };

  // --- Playing: pick, then play ---------------------------------------------------------

  const showPick = (card) => {
    const confirm = box.querySelector("#play-confirm");
    const hint = box.querySelector("#pick-hint");
    cards().forEach((c) => c.classList.toggle("picked", c === card));
    if (confirm) {
      confirm.hidden = !card;
      confirm.textContent = card ? t("Play {card}", { card: card.dataset.named }) : t("Play");
    }
    if (hint) hint.hidden = Boolean(card);
  };

  const lift = (card) => {
    picked = card.dataset.card;
    showPick(card);
    tell(t("{card} picked: press it again, or Play, to play it; Escape puts it back.",
      { card: card.getAttribute("aria-label") }));
  };

  const drop = (quiet) => {
    if (!picked) return;
    picked = null;
    showPick(null);
    if (!quiet) tell(t("Put back."));
  };

  const play = (card) => {
    picked = null;
    showPick(null);
    card.classList.add("playing");
    act(card.dataset.action);
  };

  // --- Choosing a discard ---------------------------------------------------------------

  const counts = () => discardBox()?.dataset.counts.split(" ").map(Number) ?? [];
  const chosenCards = () => cards().filter((c) => c.getAttribute("aria-pressed") === "true");

  const showCount = () => {
    const form = discardBox();
    if (!form) return;
    const allowed = counts();
    const count = chosenCards().length;
    const low = allowed[0];
    const high = allowed[allowed.length - 1];
    const values = { count, low, high };
    let text = t("{count} chosen ({low} to {high})", values);
    if (low === high) text = t("{count} of {high} chosen", values);
    else if (low === 0) text = t("{count} chosen (up to {high})", values);
    form.querySelector("#discard-count").textContent = text;
    form.querySelector("[data-discard-submit]").disabled = sending || !allowed.includes(count);
  };

  const toggle = (card) => {
    const on = card.getAttribute("aria-pressed") !== "true";
    card.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) chosen.add(card.dataset.card); else chosen.delete(card.dataset.card);
    showCount();
  };

  const submitDiscard = () => {
    const form = discardBox();
    const { seat } = box.querySelector(".live").dataset;
    const codes = chosenCards().map((c) => c.dataset.card);
    if (!counts().includes(codes.length)) return;
    act([seat, form.dataset.discard, ...codes].join(" "));
    showCount();
  };

  // --- Pointer and keyboard -------------------------------------------------------------

  box.addEventListener("pointerdown", (event) => {
    const card = event.target.closest("#own-hand .hand-card");
    pressedOn = { card, x: event.clientX, y: event.clientY, far: false, type: event.pointerType };
  });
  const travel = (event) => {
    if (!pressedOn) return;
    const moved = Math.abs(event.clientX - pressedOn.x) + Math.abs(event.clientY - pressedOn.y);
    if (moved > BRUSH || event.type === "pointercancel") pressedOn.far = true;
  };
  for (const type of ["pointermove", "pointerup", "pointercancel"]) box.addEventListener(type, travel);

  // A click that is really a brush: the pointer went down on another card, or travelled. A
  // click with no pointer before it (the keyboard's, a screen reader's) is never one.
  const brushed = (event, card) => {
    if (event.detail === 0 || !pressedOn) return false;
    return pressedOn.card !== card || pressedOn.far;
  };

  const byOneClick = (event) =>
    Boolean(oneClick?.checked && event.detail > 0 && pressedOn?.type === "mouse");

  const clickCard = (card, event) => {
    if (brushed(event, card) || sending) return;
    if (discardBox()) {
      if (!isDisabled(card)) toggle(card);
    } else if (isDisabled(card)) {
      drop(true);
      tell(t("{card} cannot be played now.", { card: card.getAttribute("aria-label") }));
    } else if (picked === card.dataset.card || byOneClick(event)) {
      play(card);
    } else {
      lift(card);
    }
  };

  document.addEventListener("click", (event) => {
    const { target } = event;
    const inBox = box.contains(target);
    const card = inBox ? target.closest("#own-hand .hand-card") : null;
    if (card) {
      clickCard(card, event);
    } else if (inBox && target.closest("#play-confirm")) {
      const lifted = picked && cardOf(picked);
      if (lifted && !sending) play(lifted);
    } else if (inBox && target.closest("[data-discard-submit]")) {
      if (!sending) submitDiscard();
    } else {
      drop(false); // a tap anywhere else puts the card back
    }
    pressedOn = null; // this pointer is done with
  });

  const focusCard = (card) => {
    cards().forEach((c) => { c.tabIndex = c === card ? 0 : -1; });
    card.focus();
  };

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && picked) {
      drop(false);
      event.preventDefault();
    }
  });

  box.addEventListener("keydown", (event) => {
    const card = event.target.closest?.("#own-hand .hand-card");
    if (!card) return;
    const all = cards();
    const at = all.indexOf(card);
    let to = null;
    if (MOVES[event.key]) to = Math.max(0, Math.min(all.length - 1, at + MOVES[event.key]));
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = all.length - 1;
    if (to !== null) {
      event.preventDefault();
      focusCard(all[to]);
    }
  });

  // --- After each drawing ---------------------------------------------------------------

  // The hand is one tab stop: the lifted card, else the first that may be taken, else the first.
  const rove = () => {
    const all = cards();
    if (!all.length) return null;
    const stop = (picked && cardOf(picked)) || all.find((c) => !isDisabled(c)) || all[0];
    all.forEach((c) => { c.tabIndex = c === stop ? 0 : -1; });
    return stop;
  };

  // Where the focus was before the redraw, found again: the same card, the same button, the
  // card at the same place, or the hand.
  const focusedAgain = (old) => {
    if (old.dataset?.card) {
      const same = cardOf(old.dataset.card);
      if (same || !old.closest("#own-hand")) return same;
      const at = old.parentNode ? [...old.parentNode.children].indexOf(old) : -1;
      const all = cards();
      return all[Math.min(Math.max(at, 0), all.length - 1)] ?? null;
    }
    if (old.dataset?.action) {
      return box.querySelector(`#actions [data-action='${old.dataset.action}']`) ||
        box.querySelector("#actions [data-action]");
    }
    return old.id ? document.getElementById(old.id) : null;
  };

  const refocus = (old) => {
    if (!old) return;
    let again = focusedAgain(old);
    if (again?.disabled) again = null;
    again = again || rove() || box.querySelector("#actions [data-action]");
    if (!again) return;
    if (again.classList.contains("hand-card")) focusCard(again); else again.focus();
  };

  const settle = (focused) => {
    sending = false;
    const form = discardBox();
    if (!form || form.dataset.discard !== discardType) chosen = new Set();
    discardType = form ? form.dataset.discard : "";
    if (form) {
      cards().forEach((c) => {
        if (chosen.has(c.dataset.card) && !isDisabled(c)) c.setAttribute("aria-pressed", "true");
      });
      showCount();
    }
    const lifted = picked && cardOf(picked);
    if (picked && (!lifted || isDisabled(lifted) || form)) picked = null;
    showPick(picked ? lifted : null);
    rove();
    refocus(focused);
  };

  box.addEventListener("table:drawn", (event) => settle(event.detail.focused));
  box.addEventListener("table:refused", () => {
    sending = false;
    cards().forEach((c) => c.classList.remove("playing"));
    showCount();
  });
  settle(null);
};
