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
from dataclasses import dataclass
from functools import lru_cache

from engine.bots.common import options_of
from engine.bots.dealing import cards_in, fill, take
from engine.bots.ranking import ranking
from engine.bots.seen import Seen, mask_of_names
from engine.bots.worlds import draw52
from engine.bots.worlds.draw52 import KEEP, Plan
from engine.bots.worlds.world import Keep, World, once, plays, replay
from engine.rules import Action, Call, Deal, ExcessDiscard, NameTrump, Phase
from engine.rules.cards import BIT, DECK_54


@dataclass(slots=True)
class _Known:
    """What a seat in play knows of the draw and the trumps, worked out once per decision:
    the draw's structure, the face-up discards, the unseen trumps, each seat's trump bounds,
    the robbers' counts the draw can explain and the actions seen."""

    draw: tuple[int, list[int], tuple[int, ...], list[int], list[int]]
    faceup: list[int]
    trump_mask: int
    unseen_trumps: int
    limits: list[tuple[int, int]]
    sizes_seen: list[tuple[int, ...]]
    actions: tuple[Action, ...]


def sample_world(seen: Seen, rng: random.Random, keep: Keep | None = None) -> World | None:
    """One world for ``seen``, or ``None`` (phase or option not rebuilt, a misfit, or ``keep``
    refused it)."""
    if seen.phase in (Phase.AUCTION, Phase.TRUMP):
        return _before_trump(seen, rng, keep)
    if seen.phase != Phase.PLAY or options_of(seen.game)["rob"] != "bidder_then_partner":
        return None
    known = once(seen, "pitch52", lambda: _known(seen))
    if known is None:
        return None
    n = seen.seats
    me = seen.seat
    trump_mask = known.trump_mask
    size, order, robbers, received, _ = known.draw
    counted = _trump_counts(seen, rng, known, known.unseen_trumps.bit_count())
    if counted is None:
        return None
    placed, picked = counted
    slots = [(placed[s], trump_mask) for s in range(n) if s != me] + [(placed[n], trump_mask)]
    dealt = fill(cards_in(known.unseen_trumps), slots, rng)
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
        seen,
        rng,
        size,
        order,
        robbers,
        received,
        start,
        known.faceup,
        plan,
        dead_trumps,
        trump_mask,
    )
    if built is None:
        return None
    return replay(seen, built, known.actions, holdings, keep=keep)


def _known(seen: Seen) -> _Known | None:
    """``_Known`` for ``seen``, or ``None`` when the draw explains no count of trumps (the
    seat's own among them)."""
    assert seen.trump is not None and seen.bidder is not None
    me = seen.seat
    trump_mask = ranking(seen.game, seen.trump).trump_mask
    draw = draw52.structure(seen)
    size, order, robbers, received, shown = draw
    faceup = _faceup(seen)
    public = seen.hand | seen.played
    for m in faceup:
        public |= m
    limits = draw52.bounds(seen, size, order, robbers, received, shown)
    mine = (seen.hand | seen.played_by[me]).bit_count()
    if not limits[me][0] <= mine <= limits[me][1]:
        return None
    # The robbers' counts first, among those the draw can explain; then everybody else's.
    sizes_seen = [
        sizes
        for sizes in draw52.robber_sizes(size, tuple(order), robbers, tuple(received), tuple(shown))
        if _robber_sizes_fit(sizes, robbers, limits, me, mine)
    ]
    if not sizes_seen:
        return None
    return _Known(
        draw, faceup, trump_mask, trump_mask & ~public, limits, sizes_seen, tuple(_actions(seen))
    )


def _faceup(seen: Seen) -> list[int]:
    """Per seat, the excess trumps it laid face up."""
    faceup = [0] * seen.seats
    for entry in seen.view.get("excess_discards") or ():
        faceup[int(entry["seat"])] |= mask_of_names(entry["cards"])
    return faceup


def _robber_sizes_fit(
    sizes: tuple[int, ...],
    robbers: tuple[int, ...],
    limits: list[tuple[int, int]],
    me: int,
    mine: int,
) -> bool:
    """The robbers' trump counts ``sizes`` fit each one's limits, and the seat's own count
    when it robbed."""
    if not all(limits[b][0] <= k <= limits[b][1] for b, k in zip(robbers, sizes, strict=True)):
        return False
    return me not in robbers or sizes[robbers.index(me)] == mine


def _trump_counts(
    seen: Seen, rng: random.Random, known: _Known, unseen: int
) -> tuple[list[int], list[tuple[int, int, int, int]]] | None:
    """``(placed, picked)``: how many unseen trumps each seat holds (and, last, how many lie
    dead in the stock), given the robbers' counts and how their rob went (``picked``), drawn
    among ``known.sizes_seen``; ``None`` when ``draw52.COUNT_ATTEMPTS`` draws all misfit."""
    size, order, robbers, received, shown = known.draw
    tail = size - sum(received)
    for _ in range(draw52.COUNT_ATTEMPTS):
        chosen = rng.choice(known.sizes_seen)
        sizes = [0] * seen.seats
        for b, k in zip(robbers, chosen, strict=True):
            sizes[b] = k
        picked = rng.choice(
            _robber_plans(size, tuple(order), robbers, tuple(received), tuple(sizes), tuple(shown))
        )
        gives = {b: give for b, (_, give, _, _) in zip(robbers, picked, strict=True)}
        fixed = draw52.exact_bounds(known.limits, size, order, robbers, received, gives, shown)
        for b, k in zip(robbers, chosen, strict=True):
            fixed[b] = (k, k)
        placed = draw52.counts(seen, unseen, fixed, tail, rng)
        if placed is not None:
            return placed, picked
    return None


@lru_cache(maxsize=256)
def _robber_plans(
    size: int,
    order: tuple[int, ...],
    robbers: tuple[int, ...],
    received: tuple[int, ...],
    start: tuple[int, ...],
    shown: tuple[int, ...],
) -> list[list[tuple[int, int, int, int]]]:
    """``draw52.robber_plans``, the same for every deal of a hand with these counts, hence
    cached (callers only read it)."""
    return draw52.robber_plans(size, list(order), robbers, list(received), list(start), list(shown))


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
    """The deal: each hand as dealt and the stock in the order the draw took it, from each
    seat's trumps since the draw (``start``) and the robbers' ``plan``; ``None`` on a misfit."""
    n = seen.seats
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
        kept_now = _kept_at_draw(held.bit_count(), r, ptr, size, rng)
        if kept_now is None:
            return None
        from_deal, got = take(held, kept_now, rng)
        hands[s] = from_deal
        part = cards_in(got) + [plain.pop() for _ in range(r - got.bit_count())]
        rng.shuffle(part)
        stock.extend(part)
        ptr += r
    for b in robbers:
        stock.extend(
            _turned_by_robber(start[b] & ~hands[b] & ~drawn_by[b], plan[b], received[b], plain, rng)
        )
    tail = cards_in(dead_trumps) + [
        plain.pop() for _ in range(size - len(stock) - dead_trumps.bit_count())
    ]
    rng.shuffle(tail)
    stock.extend(tail)
    if not _deal_plain_cards(hands, faceup, plain, 8 if n == 6 else 9):
        return None
    if plain or len(stock) != size:
        return None
    return Deal(tuple(tuple(cards_in(h)) for h in hands), (), tuple(stock))


def _kept_at_draw(held: int, r: int, ptr: int, size: int, rng: random.Random) -> int | None:
    """How many of his ``held`` trumps a player who received ``r`` cards had kept from his
    deal, the stock being at ``ptr`` of ``size`` when his turn came; ``None`` if none fits."""
    if ptr >= size:
        kept = held
    elif ptr + r < size:
        kept = KEEP - r
    else:
        low, high = max(0, held - r), min(held, KEEP - r)
        if low > high:
            return None
        kept = rng.randint(low, high)
    if not 0 <= held - kept <= r or kept > held:
        return None
    return kept


def _turned_by_robber(
    trumps_mask: int,
    step: tuple[int, int, int],
    received: int,
    plain: list[int],
    rng: random.Random,
) -> list[int]:
    """The cards a robber turned from the stock: plain cards and his robbed trumps in any
    order, the last trump at the end, where he stopped."""
    _, give, _ = step
    trumps = cards_in(trumps_mask)
    rng.shuffle(trumps)
    fillers = [plain.pop() for _ in range(received - give - len(trumps))]
    part = fillers + trumps[:-1]
    rng.shuffle(part)
    part.extend(trumps[-1:])
    return part


def _deal_plain_cards(hands: list[int], faceup: list[int], plain: list[int], each: int) -> bool:
    """Each dealt hand gets its face-up discards and dead plain cards up to ``each`` cards;
    ``False`` if a hand already holds more."""
    for s in range(len(hands)):
        hands[s] |= faceup[s]
        missing = each - hands[s].bit_count()
        if missing < 0:
            return False
        for _ in range(missing):
            hands[s] |= BIT[plain.pop()]
    return True


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
