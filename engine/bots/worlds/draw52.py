"""What pitch52's draw and rob tell about how many trumps each player took into play.

A player who drew ``r`` cards while the stock lasted kept ``6 - r`` trumps of his deal and found
between none and ``r`` more in the stock; a robber who left cards in the stock stopped at six
trumps; a player seen to be skipped holds none (docs/rules.md#pitch52-draw, #pitch52-play).
``bounds`` gives each seat's range; ``robber_plans`` lists how the robbers can have kept and found
their trumps so that the received counts come out as seen, mirroring the draw and the rob of
docs/rules.md#pitch52-draw step 4; ``counts`` places the unseen trumps, every place being one card
that might have been a trump (a card received, a card of the stock nobody turned), so the guess
follows the odds of the deal.
"""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

from engine.bots.seen import Seen

KEEP = 6
COUNT_ATTEMPTS = 8


def structure(seen: Seen) -> tuple[int, list[int], tuple[int, ...], list[int], list[int]]:
    """``(stock size, draw order, robbers, received counts, face-up discard counts)``."""
    n = seen.seats
    each = 8 if n == 6 else 9
    size = 54 - each * n
    order = [(seen.dealer + 1 + i) % n for i in range(n)]
    assert seen.bidder is not None
    side = seen.seat_side[seen.bidder]
    robbers = tuple(
        s for s in ((seen.bidder + i) % n for i in range(n)) if seen.seat_side[s] == side
    )
    received = [int(r) for r in seen.view.get("received_counts") or [0] * n]
    shown = [0] * n
    for entry in seen.view.get("excess_discards") or ():
        shown[int(entry["seat"])] += len(entry["cards"])
    return size, order, robbers, received, shown


def bounds(
    seen: Seen,
    size: int,
    order: list[int],
    robbers: tuple[int, ...],
    received: list[int],
    shown: list[int],
) -> list[tuple[int, int]]:
    """Per seat, the least and most trumps it can have held when play started."""
    out = set(seen.view.get("out") or ())
    total = sum(received)
    bounds = []
    for s in range(seen.seats):
        played = seen.played_by[s].bit_count()
        if s in out:
            bounds.append((played, played))
            continue
        lo, hi = 0, KEEP
        if shown[s]:
            lo = KEEP
        elif s in robbers:
            if total < size:
                lo = KEEP  # the stock outlasted the rob: every robber stopped at six
        else:
            before = sum(received[t] for t in order[: order.index(s)])
            if before + received[s] < size:
                lo = KEEP - received[s]
        bounds.append((max(lo, played), max(hi, played)))
    return bounds


def exact_bounds(
    bounds: list[tuple[int, int]],
    size: int,
    order: list[int],
    robbers: tuple[int, ...],
    received: list[int],
    gives: dict[int, int],
    shown: list[int],
) -> list[tuple[int, int]]:
    """``bounds`` narrowed for the non-robbers once the robbers' draws are known."""
    fixed = bounds[:]
    ptr = 0
    for s in order:
        if s in robbers:
            ptr += gives[s]
            continue
        lo, hi = fixed[s]
        r = received[s]
        if not shown[s] and ptr + r < size:
            lo = max(lo, KEEP - r)  # the stock lasted: he kept six less what he drew
        fixed[s] = (lo, max(lo, hi))
        ptr += r
    return fixed


def counts(
    seen: Seen, unseen: int, bounds: list[tuple[int, int]], tail: int, rng: random.Random
) -> list[int] | None:
    """Trumps each other seat holds now, and in the last place the dead trumps."""
    me = seen.seat
    n = seen.seats
    counts = [0] * (n + 1)
    room: list[int] = [0] * (n + 1)
    left = unseen
    for s in range(n):
        if s == me:
            continue
        played = seen.played_by[s].bit_count()
        lo, hi = bounds[s]
        counts[s] = lo - played
        room[s] = hi - lo
        left -= counts[s]
    room[n] = tail
    if left < 0 or left > sum(room):
        return None
    # Each remaining trump takes one free place, all places equally likely.
    places = [s for s in range(n + 1) for _ in range(room[s])]
    for s in rng.sample(places, left):
        counts[s] += 1
    return counts


Plan = dict[
    int, tuple[int, int, int]
]  # robber -> (trumps kept from the deal, drawn, found in the draw)


@lru_cache(maxsize=256)
def robber_sizes(
    size: int,
    order: tuple[int, ...],
    robbers: tuple[int, ...],
    received: tuple[int, ...],
    shown: tuple[int, ...],
) -> tuple[tuple[int, ...], ...]:
    """Every count of trumps the robbers may have started play with, given the draw (the
    same for every decision of a hand, hence cached)."""
    found = []
    start = [0] * len(received)
    for sizes in itertools.product(range(KEEP + 1), repeat=len(robbers)):
        for b, k in zip(robbers, sizes, strict=True):
            start[b] = k
        for combo in itertools.product(range(KEEP + 1), repeat=len(robbers)):
            kept = dict(zip(robbers, combo, strict=True))
            if plan_for(size, list(order), robbers, list(received), start, list(shown), kept):
                found.append(sizes)
                break
    return tuple(found)


def robber_plans(
    size: int,
    order: list[int],
    robbers: tuple[int, ...],
    received: list[int],
    start: list[int],
    shown: list[int],
) -> list[list[tuple[int, int, int, int]]]:
    """Every choice of trumps kept from the deal by the robbers that gives the counts seen:
    per robber ``(kept, drawn, fewest, most trumps among the drawn cards)``."""
    plans = []
    for combo in itertools.product(range(KEEP + 1), repeat=len(robbers)):
        plan = plan_for(
            size, order, robbers, received, start, shown, dict(zip(robbers, combo, strict=True))
        )
        if plan is not None:
            plans.append(plan)
    return plans


def plan_for(
    size: int,
    order: list[int],
    robbers: tuple[int, ...],
    received: list[int],
    start: list[int],
    shown: list[int],
    kept: dict[int, int],
) -> list[tuple[int, int, int, int]] | None:
    drawn, ptr = _robbers_drawn(size, order, robbers, received, kept)
    if ptr > size:
        return None
    plan = []
    for b in robbers:
        a, held, give = kept[b], start[b], drawn[b]
        rob = received[b] - give
        if rob < 0 or a > held or (shown[b] and a != KEEP) or ptr + rob > size:
            return None
        low, high = max(0, held - a - rob), min(give, held - a)
        if rob:
            high = min(high, KEEP - 1 - a)  # he had fewer than six when he began to turn
            if held == KEEP:
                high = min(high, held - a - 1)  # and stopped on his sixth trump
            elif ptr + rob != size:
                return None  # short of six: he turned cards until none were left
        elif ptr < size:
            if held != KEEP:
                return None  # with fewer than six he would have turned cards
            low = max(low, KEEP - a)
        else:
            low = max(low, held - a)
        if low > high:
            return None
        plan.append((a, give, low, high))
        ptr += rob
    return plan


def _robbers_drawn(
    size: int, order: list[int], robbers: tuple[int, ...], received: list[int], kept: dict[int, int]
) -> tuple[dict[int, int], int]:
    """``(drawn, ptr)``: the cards each robber drew to refill his hand after keeping
    ``kept[b]`` trumps, and where the stock stood once every player had drawn."""
    ptr = 0
    drawn = {}
    for s in order:
        if s in robbers:
            drawn[s] = min(KEEP - kept[s], size - ptr) if ptr < size else 0
            ptr += drawn[s]
        else:
            ptr += received[s]
    return drawn, ptr
