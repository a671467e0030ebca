"""Sampled bid whist deals consistent with what one seat has seen (see ``world``).

Everybody must follow suit, so a player who did not has none of the suit led. The bidder sees
the kitty and his own discards; the others do not, and for them the bidder's four discards are
guessed among the cards they have not seen. Which of the bidder's cards came from the kitty
changes nothing once he has discarded (the four discards make one book whatever they are), so
the guessed kitty is simply the guessed discards.
"""

from __future__ import annotations

import random

from engine.bots.dealing import cards_in, fill, take
from engine.bots.seen import Seen, mask_of_names
from engine.bots.worlds.world import Keep, World, once, plays, replay
from engine.rules import Action, Call, Deal, Declare, KittyDiscard, Phase
from engine.rules.cards import DECK_52, SUIT_MASK


def voids(seen: Seen) -> list[int]:
    """Per seat, the cards it may still hold: no card of a suit it failed to follow."""
    allowed = [DECK_52] * seen.seats
    for _, seats, cards, _ in (*seen.tricks, seen.trick):
        if not cards:
            continue
        led = cards[0] // 13
        for s, c in zip(seats[1:], cards[1:], strict=True):
            if c // 13 != led:
                allowed[s] &= ~SUIT_MASK[led]
    return allowed


def sample_world(seen: Seen, rng: random.Random, keep: Keep | None = None) -> World | None:
    """One world for ``seen``, or ``None`` when the guess did not replay or ``keep`` refused
    it."""
    me = seen.seat
    n = seen.seats
    bidder = seen.bidder
    phase = seen.phase
    pool, slots, owners, kitty_seen, discards_seen = once(seen, "bidwhist", lambda: _places(seen))
    dealt = fill(pool, slots, rng)
    if dealt is None:
        return None
    holdings = [0] * n
    holdings[me] = seen.hand
    for i, s in enumerate(owners):
        holdings[s] = dealt[i]
    hands = [holdings[s] | seen.played_by[s] for s in range(n)]
    discard = 0
    if phase in (Phase.AUCTION, Phase.DECLARE):
        kitty = dealt[-1]
    else:
        assert bidder is not None
        if me == bidder:
            kitty = kitty_seen
            discard = discards_seen
            hands[bidder] = (hands[bidder] | discard) & ~kitty
        elif phase == Phase.DISCARD:
            kitty, hands[bidder] = take(hands[bidder], 4, rng)
        else:
            kitty = discard = dealt[-1]
    before, after = once(seen, "bidwhist actions", lambda: _seen_actions(seen))
    actions = list(before)
    if discard:
        assert bidder is not None
        actions.append(KittyDiscard(bidder, tuple(cards_in(discard))))
    deal = Deal(tuple(tuple(cards_in(h)) for h in hands), tuple(cards_in(kitty)))
    return replay(seen, deal, actions + after, holdings, kitty, keep)


def _places(seen: Seen) -> tuple[list[int], list[tuple[int, int]], list[int], int, int]:
    """``(pool, slots, owners, kitty seen, discards seen)``: the unseen cards and the slots
    they are dealt to (a slot per other seat, in ``owners``' order, then the kitty or the
    bidder's discards), the same for every deal of a decision."""
    view = seen.view
    me = seen.seat
    n = seen.seats
    counts = [int(c) for c in view["hand_counts"]]
    kitty_seen = mask_of_names(view.get("kitty"))
    discards_seen = mask_of_names(view.get("discards"))
    known = seen.hand | seen.played | kitty_seen | discards_seen
    pool = cards_in(DECK_52 & ~known)
    allowed = voids(seen)
    slots = [(counts[s], allowed[s]) for s in range(n) if s != me]
    owners = [s for s in range(n) if s != me]
    extra = 0
    if seen.phase in (Phase.AUCTION, Phase.DECLARE):
        extra = 4  # the kitty
    elif seen.phase == Phase.PLAY and me != seen.bidder:
        extra = 4  # the bidder's discards (and kitty)
    slots.append((extra, DECK_52))
    return pool, slots, owners, kitty_seen, discards_seen


def _seen_actions(seen: Seen) -> tuple[list[Action], list[Action]]:
    """The seen actions before the bidder's discard (calls, the declaration) and after it
    (the plays)."""
    before: list[Action] = [Call(s, c) for s, c in seen.calls]
    if seen.declared and seen.bidder is not None:
        before.append(Declare(seen.bidder, seen.trump, seen.mode or "uptown"))
    return before, plays(seen)
