// A playing card drawn from the screen's data (tables.screen's card fields: "card", "face",
// "red", "suit", "spoken", "named"), as templates/tables/table.html draws it.
import { el } from "./dom.js";

/** A card's face: rank and suit symbol, then the suit's letter (never colour alone). */
const face = (card) => [
  card.face,
  card.suit ? el("small", { className: "suit-letter" }, [card.suit]) : null,
];

const cardClass = (card, more = "") => `playing-card${more}${card.red ? " red" : ""}`;

/** A card that is shown, not pressed: a screen reader says ``label`` ("five of hearts"). */
export const cardSpan = (card, label = card.spoken) =>
  el("span", {
    className: cardClass(card),
    data: { card: card.card },
    attrs: { role: "img", "aria-label": label },
  }, face(card));

/** A card of the own hand: a button, with ``attrs`` (aria-disabled, aria-pressed) and ``data``. */
export const handCard = (card, attrs = {}, data = {}) =>
  el("button", {
    type: "button",
    className: cardClass(card, " hand-card"),
    data: { card: card.card, ...data },
    attrs: { "aria-label": card.spoken, ...attrs },
  }, face(card));
