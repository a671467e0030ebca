"""Dealing unseen cards at random into places that each accept only some cards.

A search bot must guess where the cards it has not seen are: in whose hand, in the kitty, in
the stock, among the discards. Play has shown that some places cannot hold some cards (a
player who did not follow suit holds none of it), so each *slot* has a capacity and a mask of
the cards it may take. ``fill`` deals every card of a pool into the slots, each card to a slot
chosen with weight equal to the room left in it, which is the uniform deal when nothing is
constrained. A slot that has exactly as much room as cards it may still take gets them first,
so constraints rarely lead to a dead end; when one happens the deal is retried.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from engine.rules.cards import BIT, cards_of

Slot = tuple[int, int]  # (capacity, mask of the cards it may take)

ATTEMPTS = 12


def fill(pool: Sequence[int], slots: Sequence[Slot], rng: random.Random) -> list[int] | None:
    """Masks of the cards dealt to each slot, or ``None`` if no deal was found.

    The capacities must add up to ``len(pool)``.
    """
    if sum(cap for cap, _ in slots) != len(pool):
        return None
    pool_mask = 0
    for c in pool:
        pool_mask |= BIT[c]
    # Slots that take the same cards are dealt as one, then split at random (their cards are
    # interchangeable, so the split is as likely as any other).
    groups = _groups(pool_mask, tuple(slots))
    if len(groups) < len(slots):
        merged = [(sum(slots[i][0] for i in members), mask) for mask, members in groups]
        found = _fill(pool, pool_mask, merged, rng)
        if found is None:
            return None
        dealt = [0] * len(slots)
        for got, (_, members) in zip(found, groups, strict=True):
            cards = cards_in(got)
            rng.shuffle(cards)
            pos = 0
            for i in members:
                cap = slots[i][0]
                for c in cards[pos : pos + cap]:
                    dealt[i] |= BIT[c]
                pos += cap
        return dealt
    return _fill(pool, pool_mask, slots, rng)


@lru_cache(maxsize=1024)
def _groups(pool_mask: int, slots: tuple[Slot, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The slots grouped by the pool cards they take, in order of first slot: the same for
    every deal of a decision, hence cached."""
    groups: dict[int, list[int]] = {}
    for i, (_, mask) in enumerate(slots):
        groups.setdefault(mask & pool_mask, []).append(i)
    return tuple((mask, tuple(members)) for mask, members in groups.items())


def _fill(
    pool: Sequence[int], pool_mask: int, slots: Sequence[Slot], rng: random.Random
) -> list[int] | None:
    # Slots that take any card of the pool are dealt together, by slicing a shuffle.
    free = [i for i, (_, mask) in enumerate(slots) if mask & pool_mask == pool_mask]
    bound = [i for i in range(len(slots)) if i not in free]
    dealt = [0] * len(slots)
    rest = list(pool)
    if bound:
        merged = [slots[i] for i in bound] + [(sum(slots[i][0] for i in free), pool_mask)]
        found = None
        for _ in range(ATTEMPTS):
            found = _attempt(pool, pool_mask, merged, rng)
            if found is not None:
                break
        if found is None:
            return None
        for j, i in enumerate(bound):
            dealt[i] = found[j]
        rest = cards_in(found[-1])
    rng.shuffle(rest)
    pos = 0
    for i in free:
        cap = slots[i][0]
        mask = 0
        for c in rest[pos : pos + cap]:
            mask |= BIT[c]
        dealt[i] = mask
        pos += cap
    return dealt


def _attempt(
    pool: Sequence[int], pool_mask: int, slots: Sequence[Slot], rng: random.Random
) -> list[int] | None:
    cards = list(pool)
    rng.shuffle(cards)
    room = [cap for cap, _ in slots]
    allowed = [mask for _, mask in slots]
    eligible, how_many = _eligible(pool_mask, tuple(allowed))
    dealt = [0] * len(slots)
    left = pool_mask
    # Cards with the fewest possible places go first (a stable sort: shuffled order within).
    cards.sort(key=how_many.__getitem__)
    for c in cards:
        # The first slot with room that needs every card it can still take gets the card;
        # failing one, a slot with room at random, weighted by its room.
        chosen = -1
        places = []
        total = 0
        for i in eligible[c]:
            r = room[i]
            if r:
                if (left & allowed[i]).bit_count() <= r:
                    chosen = i
                    break
                places.append(i)
                total += r
        if chosen < 0:
            if not places:
                return None
            pick = rng.random() * total
            chosen = places[-1]
            for i in places:
                pick -= room[i]
                if pick < 0:
                    chosen = i
                    break
        bit = BIT[c]
        dealt[chosen] |= bit
        room[chosen] -= 1
        left &= ~bit
    return dealt


@lru_cache(maxsize=1024)
def _eligible(
    pool_mask: int, allowed: tuple[int, ...]
) -> tuple[dict[int, tuple[int, ...]], dict[int, int]]:
    """Per card of the pool, the slots that may take it and how many they are: the same for
    every attempt of a decision, hence cached (callers only read them)."""
    eligible = {
        c: tuple(i for i, m in enumerate(allowed) if m & BIT[c]) for c in cards_in(pool_mask)
    }
    return eligible, {c: len(places) for c, places in eligible.items()}


def take(mask: int, count: int, rng: random.Random) -> tuple[int, int]:
    """``count`` cards of ``mask`` at random: ``(taken, rest)``."""
    chosen = rng.sample(cards_in(mask), count)
    taken = 0
    for c in chosen:
        taken |= BIT[c]
    return taken, mask & ~taken


#: Per byte of a mask (its place ``k`` counting from the low end), the cards its bits stand
#: for: ``cards_in`` reads a mask a byte at a time, since it runs for every sampled deal.
_BYTE_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(7)
)


def cards_in(mask: int) -> list[int]:
    """The cards of ``mask``, lowest first."""
    if mask >> 56:
        return cards_of(mask)  # wider than the table: a bit at a time
    t0, t1, t2, t3, t4, t5, t6 = _BYTE_CARDS
    return [
        *t0[mask & 255],
        *t1[mask >> 8 & 255],
        *t2[mask >> 16 & 255],
        *t3[mask >> 24 & 255],
        *t4[mask >> 32 & 255],
        *t5[mask >> 40 & 255],
        *t6[mask >> 48],
    ]
