"""A fast path for the play phase of the computer players' playouts and exact search.

``fast_play(hand)`` reads a hand in its play phase into a state on card masks (one module per
game, ``core.FastPlay`` for what they share); ``solver.exact_value`` looks at every line of
play from there. The readable engine (``engine.rules``) stays the reference: the property
tests hold the fast path's legal cards, score changes and exact values to it.
"""

from __future__ import annotations

from engine.bots.fastplay.auction45 import Play45
from engine.bots.fastplay.bidwhist import PlayWhist
from engine.bots.fastplay.core import FastPlay
from engine.bots.fastplay.pitch52 import PlayPitch
from engine.rules import Hand, Phase
from engine.rules.auction45 import Auction45Hand
from engine.rules.bidwhist import BidWhistHand
from engine.rules.pitch52 import Pitch52Hand

__all__ = ["FastPlay", "fast_play"]


def fast_play(hand: Hand) -> FastPlay:
    """The play of ``hand``, which must be in its play phase, as it stands."""
    assert hand.phase == Phase.PLAY
    if isinstance(hand, Auction45Hand):
        return Play45(hand)
    if isinstance(hand, BidWhistHand):
        return PlayWhist(hand)
    assert isinstance(hand, Pitch52Hand)
    return PlayPitch(hand)
