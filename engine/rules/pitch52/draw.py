"""The draw and the rob of pitch52 (docs/rules.md#pitch52-draw step 4), automatic steps.

From the dealer's left, each player draws from the stock up to six cards (the bidder too,
unless ``rob = bidder_all``). Then the bidder robs: under ``rob = bidder_all`` he takes every
card left and keeps its trumps; otherwise he and then his partners, in turn, turn cards until
they hold six trumps or the stock runs out. Cards drawn stay in hand, dead or not, until the
play starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from operator import itemgetter
from typing import TYPE_CHECKING

from engine.rules.cards import BIT
from engine.rules.pitch52.checks import KEEP

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52


def draw(
    game: Pitch52, hands: list[int], stock: Sequence[int], dealer: int, bidder: int
) -> tuple[list[int], int]:
    """Each seat from the dealer's left draws up to six (``hands`` change in place); return
    the cards each received and how many of the stock are taken."""
    # upto[k]: the mask of the top k cards, so that any run of the stock is one difference.
    # The stock holds 18 cards at the least (six players): itemgetter gives their bits.
    upto = (0, *accumulate(itemgetter(*stock)(BIT)))
    received = [0] * len(hands)
    size = len(stock)
    taken = 0
    for seat in game.from_left[dealer]:
        need = KEEP - hands[seat].bit_count()
        if need > 0 and not (game.rob_all and seat == bidder):
            end = min(taken + need, size)
            hands[seat] |= upto[end] - upto[taken]
            received[seat] = end - taken
            taken = end
            if taken == size:
                break
    return received, taken


def rob(
    game: Pitch52,
    hands: list[int],
    received: list[int],
    stock: Sequence[int],
    taken: int,
    bidder: int,
    keep: int,
) -> None:
    """The bidder's side robs what is left of the stock from ``taken`` (``keep``: the trumps)."""
    if game.rob_all:
        rest = stock[taken:]
        hands[bidder] |= sum(BIT[c] for c in rest) & keep
        received[bidder] += len(rest)
        return
    size = len(stock)
    for robber in game.robbers[bidder]:
        if taken == size:
            return
        need = KEEP - (hands[robber] & keep).bit_count()
        if need <= 0:
            continue
        # He turns cards until the one that gives him his sixth trump, or the last one.
        start = taken
        while need and taken < size:
            bit = BIT[stock[taken]]
            taken += 1
            if keep & bit:
                hands[robber] |= bit
                need -= 1
        received[robber] += taken - start
        if need:  # the stock ran out
            return
