"""Cards of one hand that play alike, so that the search tries only one of them.

In auction45 a card is worth nothing but the tricks it takes and, for a trump, the bonus for
the best trump played. Two cards of one effective suit are *equivalent* when no card that can
still turn up lies between them in that suit's order: whichever is played, every later card
beats both or neither. For a plain suit the cards between may also have been played already;
for trumps they must all be the seat's own, since a trump already played between them would
win the bonus over the lower one and not over the higher. Searching one card of each class
instead of all of them leaves the same choices for fewer playouts.

Only auction45 is reduced: pitch cards carry points of their own (the low, the jack, game),
and bid whist is searched as it was measured.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.ranking import TRUMP, Ranking
from engine.rules.cards import BIT


def card_classes(cards: Sequence[int], hand: int, played: int, rank: Ranking) -> list[int]:
    """Per card of ``cards`` (in order), the index of its class: the first card equivalent
    to it (see the module docstring); ``hand`` is the seat's cards, ``played`` every card
    already played."""
    classes: list[int] = []
    for i, c in enumerate(cards):
        found = i
        for j in range(i):
            if classes[j] == j and _alike(cards[j], c, hand, played, rank):
                found = j
                break
        classes.append(found)
    return classes


def _alike(a: int, b: int, hand: int, played: int, rank: Ranking) -> bool:
    suit = rank.effective[a]
    if rank.effective[b] != suit:
        return False
    order = rank.order[suit]
    if a not in order or b not in order:
        return False
    i, j = sorted((order.index(a), order.index(b)))
    gone = hand if suit == TRUMP else hand | played
    return all(gone & BIT[c] for c in order[i + 1 : j])
