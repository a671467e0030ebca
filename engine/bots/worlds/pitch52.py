"""Sampled pitch52 deals consistent with what one seat has seen (see ``world``).

In play a seat knows its own trumps, every trump played, the trumps laid face up and how many
cards each player received from the stock; it does not know how many trumps the others hold.
Those counts are guessed first (``draw52``), then the unseen trumps are dealt to match them,
and the deal is rebuilt backwards: the trumps a player kept from his deal, his face-up discards
and dead plain cards make his dealt hand; what he received sits in the stock in the order of
the draw; a robber's trumps come last in what he turned, so that he stops where he did.

Only the default rob (``bidder_then_partner``) is rebuilt; with ``bidder_all``, and in the
excess-discard phase, no world is offered and the search bot plays by the rules.
"""

from __future__ import annotations

import random

from engine.bots.common import options_of
from engine.bots.dealing import cards_in, fill, take
from engine.bots.ranking import ranking
from engine.bots.seen import Seen, mask_of_names
from engine.bots.worlds import draw52
from engine.bots.worlds.draw52 import KEEP, Plan
from engine.bots.worlds.world import Keep, World, plays, replay
from engine.rules import Action, Call, Deal, ExcessDiscard, NameTrump, Phase
from engine.rules.cards import BIT, DECK_54


def sample_world(seen: Seen, rng: random.Random, keep: Keep | None = None) -> World | None:
    """One world for ``seen``, or ``None`` (phase or option not rebuilt, a misfit, or ``keep``
    refused it)."""
    if seen.phase in (Phase.AUCTION, Phase.TRUMP):
        return _before_trump(seen, rng, keep)
    if seen.phase != Phase.PLAY or options_of(seen.game)["rob"] != "bidder_then_partner":
        return None
    assert seen.trump is not None and seen.bidder is not None
    n = seen.seats
    me = seen.seat
    trump_mask = ranking(seen.game, seen.trump).trump_mask
    size, order, robbers, received, shown = draw52.structure(seen)
    faceup = [0] * n
    for entry in seen.view.get("excess_discards") or ():
        faceup[int(entry["seat"])] |= mask_of_names(entry["cards"])
    public = seen.hand | seen.played
    for m in faceup:
        public |= m
    unseen_trumps = trump_mask & ~public
    tail = size - sum(received)
    limits = draw52.bounds(seen, size, order, robbers, received, shown)
    mine = (seen.hand | seen.played_by[me]).bit_count()
    if not limits[me][0] <= mine <= limits[me][1]:
        return None
    # The robbers' counts first, among those the draw can explain; then everybody else's.
    sizes_seen = [
        sizes
        for sizes in draw52.robber_sizes(size, tuple(order), robbers, tuple(received), tuple(shown))
        if all(limits[b][0] <= k <= limits[b][1] for b, k in zip(robbers, sizes, strict=True))
        and (me not in robbers or sizes[robbers.index(me)] == mine)
    ]
    if not sizes_seen:
        return None
    for _ in range(draw52.COUNT_ATTEMPTS):
        chosen = rng.choice(sizes_seen)
        sizes = [0] * n
        for b, k in zip(robbers, chosen, strict=True):
            sizes[b] = k
        plans = draw52.robber_plans(size, order, robbers, received, sizes, shown)
        picked = rng.choice(plans)
        gives = {b: give for b, (_, give, _, _) in zip(robbers, picked, strict=True)}
        fixed = draw52.exact_bounds(limits, size, order, robbers, received, gives, shown)
        for b, k in zip(robbers, chosen, strict=True):
            fixed[b] = (k, k)
        placed = draw52.counts(seen, unseen_trumps.bit_count(), fixed, tail, rng)
        if placed is not None:
            break
    else:
        return None
    slots = [(placed[s], trump_mask) for s in range(n) if s != me] + [(placed[n], trump_mask)]
    dealt = fill(cards_in(unseen_trumps), slots, rng)
    if dealt is None:
        return None
    holdings = [0] * n
    holdings[me] = seen.hand
    others = [s for s in range(n) if s != me]
    for i, s in enumerate(others):
        holdings[s] = dealt[i]
    dead_trumps = dealt[-1]
    start = [holdings[s] | seen.played_by[s] for s in range(n)]
    plan: Plan = {
        b: (a, give, rng.randint(low, high))
        for b, (a, give, low, high) in zip(robbers, picked, strict=True)
    }
    built = _rebuild(
        seen, rng, size, order, robbers, received, start, faceup, plan, dead_trumps, trump_mask
    )
    if built is None:
        return None
    return replay(seen, built, _actions(seen), holdings, keep=keep)


def _rebuild(
    seen: Seen,
    rng: random.Random,
    size: int,
    order: list[int],
    robbers: tuple[int, ...],
    received: list[int],
    start: list[int],
    faceup: list[int],
    plan: Plan,
    dead_trumps: int,
    trump_mask: int,
) -> Deal | None:
    n = seen.seats
    each = 8 if n == 6 else 9
    plain = cards_in(DECK_54 & ~trump_mask)
    rng.shuffle(plain)
    hands = [0] * n
    drawn_by = [0] * n
    stock: list[int] = []
    ptr = 0
    for s in order:
        held = start[s]
        if s in robbers:
            kept, give, found = plan[s]
            from_deal, rest = take(held, kept, rng)
            in_draw, _ = take(rest, found, rng)
            drawn_by[s] = in_draw
            hands[s] = from_deal
            part = cards_in(in_draw) + [plain.pop() for _ in range(give - found)]
            rng.shuffle(part)
            stock.extend(part)
            ptr += give
            continue
        r = received[s]
        if ptr >= size:
            kept = held.bit_count()
        elif ptr + r < size:
            kept = KEEP - r
        else:
            low, high = max(0, held.bit_count() - r), min(held.bit_count(), KEEP - r)
            if low > high:
                return None
            kept = rng.randint(low, high)
        if not 0 <= held.bit_count() - kept <= r or kept > held.bit_count():
            return None
        from_deal, got = take(held, kept, rng)
        hands[s] = from_deal
        part = cards_in(got) + [plain.pop() for _ in range(r - got.bit_count())]
        rng.shuffle(part)
        stock.extend(part)
        ptr += r
    for b in robbers:
        _, give, _ = plan[b]
        trumps = cards_in(start[b] & ~hands[b] & ~drawn_by[b])
        rng.shuffle(trumps)
        fillers = [plain.pop() for _ in range(received[b] - give - len(trumps))]
        part = fillers + trumps[:-1]
        rng.shuffle(part)
        part.extend(trumps[-1:])
        stock.extend(part)
    tail = cards_in(dead_trumps) + [
        plain.pop() for _ in range(size - len(stock) - dead_trumps.bit_count())
    ]
    rng.shuffle(tail)
    stock.extend(tail)
    for s in range(n):
        hands[s] |= faceup[s]
        missing = each - hands[s].bit_count()
        if missing < 0:
            return None
        for _ in range(missing):
            hands[s] |= BIT[plain.pop()]
    if plain or len(stock) != size:
        return None
    return Deal(tuple(tuple(cards_in(h)) for h in hands), (), tuple(stock))


def _actions(seen: Seen) -> list[Action]:
    actions: list[Action] = [Call(s, c) for s, c in seen.calls]
    if seen.bidder is not None and seen.trump is not None:
        actions.append(NameTrump(seen.bidder, seen.trump))
    for entry in seen.view.get("excess_discards") or ():
        shown = mask_of_names(entry["cards"])
        actions.append(ExcessDiscard(int(entry["seat"]), tuple(cards_in(shown))))
    return actions + plays(seen)


def _before_trump(seen: Seen, rng: random.Random, keep: Keep | None) -> World | None:
    """Before trump every unseen card is equally likely anywhere."""
    n = seen.seats
    me = seen.seat
    each = 8 if n == 6 else 9
    pool = cards_in(DECK_54 & ~seen.hand)
    slots = [(each, DECK_54) for s in range(n) if s != me] + [(54 - each * n, DECK_54)]
    dealt = fill(pool, slots, rng)
    if dealt is None:
        return None
    hands = [0] * n
    hands[me] = seen.hand
    for i, s in enumerate(s for s in range(n) if s != me):
        hands[s] = dealt[i]
    stock = cards_in(dealt[-1])
    rng.shuffle(stock)
    deal = Deal(tuple(tuple(cards_in(h)) for h in hands), (), tuple(stock))
    return replay(seen, deal, _actions(seen), hands, keep=keep)
