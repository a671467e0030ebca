"""Naming trump (docs/rules.md#pitch52-draw step 1): the high bidder names any suit.

``NamingTrump`` is the phase's state: one decision, the bidder's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.actions import Action, NameTrump
from engine.rules.pitch52.checks import check_trump

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52


class NamingTrump:
    """The bidder (``to_act``) names trump; ``suit`` is the suit named, -1 before."""

    __slots__ = ("offered", "suit", "to_act")

    def __init__(self, game: Pitch52, bidder: int) -> None:
        self.to_act: int | None = bidder
        self.offered: tuple[Action, ...] = game.trump_actions[bidder]
        self.suit = -1

    def copy(self) -> NamingTrump:
        new = NamingTrump.__new__(NamingTrump)
        new.to_act, new.offered, new.suit = self.to_act, self.offered, self.suit
        return new

    def take(self, action: Action) -> bool | None:
        """Name the suit of ``action`` if it is the bidder's ``NameTrump``: ``None`` for any
        other action. The phase is then over.

        Raises:
            IllegalActionError: ``bad_trump``; nothing has changed then.
        """
        if action.__class__ is not NameTrump or action.seat != self.to_act:
            return None
        assert isinstance(action, NameTrump)
        self.suit = check_trump(action.suit)
        return True
