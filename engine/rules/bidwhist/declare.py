"""The declaration of bid whist (docs/rules.md#bidwhist-declaring): the bidder names trump, a
suit or no trump, and the mode, uptown or one of the two downtowns.

``Declaration`` is the phase after the auction: one action, the bidder's ``Declare``. Its 15
choices per seat (four suits and no trump, times the three modes) are built once, at import.
"""

from __future__ import annotations

from engine.rules.actions import Action, Declare
from engine.rules.bidwhist.ranks import MODES
from engine.rules.errors import IllegalActionError, shown

SEATS = 4

#: What may be named trump: a suit 0..3 (S H D C) or ``None``, no trump.
TRUMPS: tuple[int | None, ...] = (0, 1, 2, 3, None)

#: Every declaration, per seat: the trumps times the modes.
DECLARES: tuple[tuple[Declare, ...], ...] = tuple(
    tuple(Declare(seat, trump, mode) for trump in TRUMPS for mode in MODES) for seat in range(SEATS)
)


def is_trump(trump: object) -> bool:
    """Is ``trump`` a suit 0..3 or ``None`` (no trump)?"""
    return trump is None or (type(trump) is int and 0 <= trump < 4)


def is_mode(mode: object) -> bool:
    """Is ``mode`` one of ``MODES``?"""
    return isinstance(mode, str) and mode in MODES


class Declaration:
    """The bidder's declaration: ``trump`` and ``mode`` once ``declared``."""

    __slots__ = ("declared", "mode", "offered", "to_act", "trump")

    to_act: int
    offered: tuple[Declare, ...]
    declared: bool
    trump: int | None
    mode: str | None

    def __init__(self, bidder: int) -> None:
        self.to_act = bidder
        self.offered = DECLARES[bidder]
        self.declared = False
        self.trump = None
        self.mode = None

    def copy(self) -> Declaration:
        new = Declaration.__new__(Declaration)
        for name in Declaration.__slots__:
            setattr(new, name, getattr(self, name))
        return new

    @staticmethod
    def check(action: Declare) -> None:
        """Refuse a declaration naming no trump or mode of the game.

        Raises:
            IllegalActionError: ``bad_trump`` or ``bad_mode``.
        """
        if not is_trump(action.trump):
            raise IllegalActionError(
                "bad_trump",
                f"trump must be S, H, D, C or NT, not {shown(action.trump)} "
                "(rules of naming trump in bid whist)",
            )
        if not is_mode(action.mode):
            raise IllegalActionError(
                "bad_mode",
                f"mode must be one of {', '.join(MODES)}, not {shown(action.mode)} "
                "(rules of naming trump in bid whist)",
            )

    def take(self, action: Action) -> bool | None:
        """Make the bidder's declaration: the phase is then over.

        Raises:
            IllegalActionError: the refusals of ``check``; nothing has changed then.
        """
        if action.__class__ is not Declare or action.seat != self.to_act:
            return None
        self.check(action)
        self.trump = action.trump
        self.mode = action.mode
        self.declared = True
        return True
