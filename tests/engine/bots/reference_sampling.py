"""The deal sampling the cheaper one replaced, kept as the reference it is tested against:
``fill`` working out every slot's cards for each attempt and reading masks a bit at a time
(``cards_of``). The worlds' modules without their per-decision memo are the rest of that
path (``test_sampling_equivalent`` turns the memo off)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots.dealing import ATTEMPTS, Slot
from engine.rules.cards import BIT, cards_of


def reference_fill(
    pool: Sequence[int], slots: Sequence[Slot], rng: random.Random
) -> list[int] | None:
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
    groups: dict[int, list[int]] = {}
    for i, (_, mask) in enumerate(slots):
        groups.setdefault(mask & pool_mask, []).append(i)
    if len(groups) < len(slots):
        merged = [(sum(slots[i][0] for i in members), mask) for mask, members in groups.items()]
        found = _reference_fill(pool, pool_mask, merged, rng)
        if found is None:
            return None
        dealt = [0] * len(slots)
        for got, members in zip(found, groups.values(), strict=True):
            cards = cards_of(got)
            rng.shuffle(cards)
            pos = 0
            for i in members:
                cap = slots[i][0]
                for c in cards[pos : pos + cap]:
                    dealt[i] |= BIT[c]
                pos += cap
        return dealt
    return _reference_fill(pool, pool_mask, slots, rng)


def _reference_fill(
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
            found = _reference_attempt(pool, merged, rng)
            if found is not None:
                break
        if found is None:
            return None
        for j, i in enumerate(bound):
            dealt[i] = found[j]
        rest = cards_of(found[-1])
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


def _reference_attempt(
    pool: Sequence[int], slots: Sequence[Slot], rng: random.Random
) -> list[int] | None:
    cards = list(pool)
    rng.shuffle(cards)
    room = [cap for cap, _ in slots]
    allowed = [mask for _, mask in slots]
    eligible = {c: [i for i, m in enumerate(allowed) if m & BIT[c]] for c in cards}
    dealt = [0] * len(slots)
    left = 0
    for c in cards:
        left |= BIT[c]
    # Cards with the fewest possible places go first.
    cards.sort(key=lambda c: len(eligible[c]))
    for c in cards:
        bit = BIT[c]
        places = [i for i in eligible[c] if room[i]]
        if not places:
            return None
        chosen = -1
        for i in places:
            if (left & allowed[i]).bit_count() <= room[i]:
                chosen = i  # this slot needs every card it can still take
                break
        if chosen < 0:
            pick = rng.random() * sum(room[i] for i in places)
            chosen = places[-1]
            for i in places:
                pick -= room[i]
                if pick < 0:
                    chosen = i
                    break
        dealt[chosen] |= bit
        room[chosen] -= 1
        left &= ~bit
    return dealt
