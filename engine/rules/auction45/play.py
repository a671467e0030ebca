"""The play phase of auction45 (docs/rules.md#auction45-play) on per-seat 5-bit masks.

After the draw every seat holds exactly five cards, kept in canonical order
(``Tricks.after``) next to their interned ``Play`` actions. From then on a
set of one seat's cards is a *local mask*: bit ``i`` stands for the seat's ``i``-th card.
Local masks are ints below 32, which CPython keeps preallocated, so ``&``, ``|`` and ``^`` on
them allocate nothing, where each operation on a 52-bit card mask builds a new int. The hand
keeps, per seat:

- ``left[seat]``: the cards the seat still holds;
- ``binding[seat]``: those it may play to the current trick, when the card led binds the
  others (a trump, or a plain suit under ``follow_or_trump``): ``restrict`` works them out once
  per trick. When anything goes there is no ``binding``;
- ``packed[seat]``: the seat's local masks by effective suit, side by side (``suit_bits``);
- ``bits[seat]``: card -> local bit, to check a play with one dict lookup.

``PICK[legal]`` takes a local mask's plays out of the seat's five in one C call, so listing the
legal plays builds one tuple and nothing else (figures in ``bench/NOTES.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.rules.actions import Play
from engine.rules.auction45.ranks import TRUMP, TrumpTables
from engine.rules.bits import subset_getter
from engine.rules.cards import BIT

#: Cards a seat holds during play (always five after the draw).
HAND = 5

#: The local mask of all five cards.
FULL = (1 << HAND) - 1

#: ``POSITION_BIT[i]``: the local bit of a seat's ``i``-th card; ``POSITION_OF`` the reverse.
POSITION_BIT: tuple[int, ...] = tuple(1 << i for i in range(HAND))
POSITION_OF: dict[int, int] = {bit: i for i, bit in enumerate(POSITION_BIT)}

#: Where the trumps' local mask starts in a packed mask (see ``suit_bits``).
TRUMP_SHIFT = HAND * TRUMP

#: Where the local mask of the seat's renege-set trumps starts in a packed mask.
RENEGE_SHIFT = HAND * (TRUMP + 1)

#: ``PICK[mask](plays)``: the plays of ``plays`` (a seat's five) whose bits are set in ``mask``.
PICK: tuple[Callable[[tuple[Play, ...]], tuple[Play, ...]], ...] = tuple(
    subset_getter(tuple(i for i in range(HAND) if mask >> i & 1)) for mask in range(1 << HAND)
)

#: ``lead_rule`` value of a card that binds nobody.
FREE = -1


def lead_rules(tables: TrumpTables, follow_or_trump: bool) -> tuple[int, ...]:
    """Per card led: ``TRUMP`` if it binds the others to trump, its suit if they must follow
    it or trump (option ``follow_nontrump = follow_or_trump``), else ``FREE``."""
    rules: list[int] = []
    for c in range(52):
        effective = tables.effective[c]
        if effective == TRUMP or follow_or_trump:
            rules.append(effective)
        else:
            rules.append(FREE)
    return tuple(rules)


def suit_bits(tables: TrumpTables) -> tuple[tuple[int, ...], ...]:
    """``suit_bits[i][card]``: the bits of ``card`` as a seat's ``i``-th card in a packed mask.

    A seat's *packed mask* holds its local masks by effective suit side by side, five bits
    each: bits ``5 * e`` to ``5 * e + 4`` for effective suit ``e`` (trumps at 20 to 24), and
    above them (``RENEGE_SHIFT``, bits 25 to 29) the local mask of its renege-set trumps. It
    is the sum of five lookups, one per card (``Tricks``): the cards' bits are disjoint.
    """
    renege = tables.renege_strength
    return tuple(
        tuple(
            1 << (HAND * tables.effective[c] + i) | (1 << (RENEGE_SHIFT + i) if renege[c] else 0)
            for c in range(52)
        )
        for i in range(HAND)
    )


def seat_tables(
    plays: Sequence[Play], bits_at: Sequence[Sequence[int]], cards: Sequence[int]
) -> tuple[tuple[Play, ...], dict[int, int], int]:
    """A seat's tables for the play, from its five ``cards`` (canonical order) and its row of
    ``PLAYS``: its five plays, its dict card -> local bit, and its packed mask, the sum of its
    cards' ``suit_bits`` (``bits_at``) by place, their bits being disjoint.

    The five places are named rather than looped over: the play starts once a hand, but for
    every seat, and the three tables read best side by side.
    """
    first, second, third, fourth, fifth = cards
    at_first, at_second, at_third, at_fourth, at_fifth = bits_at
    return (
        (plays[first], plays[second], plays[third], plays[fourth], plays[fifth]),
        {first: 1, second: 2, third: 4, fourth: 8, fifth: 16},  # POSITION_BIT
        at_first[first] + at_second[second] + at_third[third] + at_fourth[fourth] + at_fifth[fifth],
    )


def restrict(
    rule: int,
    led_strength: int,
    left: list[int],
    packed: Sequence[int],
    after: Sequence[tuple[int, ...]],
    tables: TrumpTables,
) -> list[int]:
    """Every seat's legal cards once a card binding the others is led
    (docs/rules.md#auction45-play).

    ``rule`` is the card's ``lead_rule``; ``led_strength`` its trump strength; ``packed`` and
    ``after`` the seats' packed masks and five cards. A trump led binds a seat holding a trump
    that is not privileged against it (a renege trump of higher strength): it must play a
    trump. A plain suit led binds, under ``follow_or_trump``, a seat holding that suit: it
    must follow or trump.

    Only the seat's renege-set trumps (their own field of the packed mask) are looked at one
    by one: most seats hold none.
    """
    legal = left[:]
    if rule == TRUMP:
        renege_strength = tables.renege_strength
        for seat, held in enumerate(left):
            bits = packed[seat]
            trumps = bits >> TRUMP_SHIFT & held
            if trumps:
                rest = bits >> RENEGE_SHIFT & held
                need = trumps
                while rest:  # drop the renege trumps privileged against the card led
                    low = rest & -rest
                    rest ^= low
                    if renege_strength[after[seat][POSITION_OF[low]]] > led_strength:
                        need ^= low
                if need:
                    legal[seat] = trumps
        return legal
    shift = HAND * rule
    for seat, held in enumerate(left):
        bits = packed[seat]
        follow = bits >> shift & FULL & held
        if follow:
            legal[seat] = follow | bits >> TRUMP_SHIFT & held
    return legal


def card_mask(cards: Sequence[int], local: int) -> int:
    """The 52-bit card mask of the local mask ``local`` over ``cards`` (a seat's five)."""
    mask = 0
    for c, bit in zip(cards, POSITION_BIT, strict=True):
        if local & bit:
            mask |= BIT[c]
    return mask
