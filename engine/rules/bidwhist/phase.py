"""The names of the phases of a bid whist hand.

A hand goes ``auction`` → ``declare`` → ``discard`` → ``play`` → ``over``
(docs/rules.md#bidwhist-deal to #bidwhist-scoring). Each phase but the last is an object of its
own module (``Auction``, ``Declaration``, ``Kitty``, ``Tricks``: each an
``engine.rules.phases.Phase``) holding its state; the hand (``engine.rules.bidwhist.hand``)
hands every action to the one under way and starts the next when it is over.
"""

from __future__ import annotations

from enum import StrEnum


class PhaseName(StrEnum):
    """``BidWhistHand.phase``: equal to its plain string (``"play"``), so compare with ``==``."""

    AUCTION = "auction"
    DECLARE = "declare"
    DISCARD = "discard"
    PLAY = "play"
    OVER = "over"
