// The pace at which the table's states are drawn.
//
// The server sends each state as it is committed, and a computer answers within milliseconds:
// drawn as they come, a computer's card and the trick it finishes would be gone before anyone
// saw them. So states wait in a queue and are drawn one at a time: each move of another seat
// stays PACE ms; a finished trick stays TRICK_HOLD ms with who took it, and until the next card
// is led (the person's own lead, when it is theirs). The person's own move, a change that is no
// move (same seq), a page in the background and a long backlog (a page coming back) are drawn
// at once. Only this page waits: the server plays on at full speed, and every state drawn is
// the one the server sent this seat.
import { finishedTrick } from "./table_draw.js";

const PACE = 600;
const TRICK_HOLD = 1400;
const BACKLOG = 8;

// The next hand is dealt as the last trick ends: its state carries that trick (final_trick),
// drawn first over the state before it, without the cards just played.
const endsHand = (before, state) =>
  Boolean(before) && before.dealt && before.phase === "play" && state.hand > before.hand &&
  (state.final_trick || []).length > 0;

const lastTrickOfHand = (before, state) => {
  const played = new Set(state.final_trick.map((play) => play.card));
  return {
    ...before,
    handEnd: true,
    trick: [],
    last_trick: state.final_trick,
    last_trick_winner: state.final_trick_winner,
    own: before.own.filter((card) => !played.has(card.card)).map((card) => ({ ...card, playable: false })),
    seats: before.seats.map((row) => ({ ...row, to_act: false })),
    buttons: [],
    discard: null,
    my_turn: false,
    to_act_name: "",
    summary: null,
    clock: null,
    made_for_you: null,
  };
};

/**
 * A queue that calls ``draw(state)`` for each state given to it, at the pace above, and draws
 * the last trick of a hand before the next hand's first state. Returns ``receive(state)``.
 */
export const pacedDrawing = (draw) => {
  const queue = [];
  let shown = null; // the state drawn last
  let holdUntil = 0;
  let pumping = null;

  const waitFor = (next) => {
    if (!shown || shown.my_turn || next.seq === shown.seq || document.hidden || queue.length > BACKLOG) {
      return 0;
    }
    return holdUntil - Date.now();
  };

  const pump = () => {
    pumping = null;
    while (queue.length) {
      const wait = waitFor(queue[0]);
      if (wait > 0) {
        pumping = window.setTimeout(pump, wait);
        return;
      }
      const next = queue[0];
      const picture = endsHand(shown, next) && !shown.handEnd ? lastTrickOfHand(shown, next) : queue.shift();
      draw(picture);
      shown = picture;
      holdUntil = Date.now() + (finishedTrick(picture) ? TRICK_HOLD : PACE);
    }
  };

  return (state) => {
    queue.push(state);
    if (!pumping) pump();
  };
};
