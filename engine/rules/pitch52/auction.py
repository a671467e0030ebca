"""The auction of pitch52 (docs/rules.md#pitch52-bidding): one round from the dealer's left, dealer
last.

Each player passes or bids higher than the high bid; the dealer may also *hold* (take the
bid at the same number, option ``dealer_hold``), and must bid when everybody passed under
``all_pass = dealer_stuck``. Nobody bidding throws the hand in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.actions import Action, Call
from engine.rules.pitch52.checks import check_call

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52


def call_value(text: str) -> int:
    """The value of a call's normal text: the amount of a bid, 0 for a pass, -1 for a hold."""
    return 0 if text == "pass" else -1 if text == "hold" else int(text)


def normal_call(text: str) -> str:
    """A call as written, once checked, in its normal text (``" PASS "``: pass, ``05``: 5)."""
    text = text.strip().lower()
    return text if text in ("pass", "hold") else str(int(text))


class PitchAuction:
    """The auction under way: the calls so far, the high bid (0 before the first) and who holds
    it (-1: nobody), the seat to act (``None`` once the dealer has called) and the calls open
    to it (``offered``), listed when its turn comes (``Pitch52.auction_choices``)."""

    __slots__ = ("calls", "dealer", "game", "high", "high_seat", "offered", "to_act", "values")

    offered: tuple[Action, ...]
    values: dict[str, int]

    def __init__(self, game: Pitch52, dealer: int) -> None:
        self.game = game
        self.dealer = dealer
        self.calls: list[tuple[int, str]] = []
        self.high = 0
        self.high_seat = -1
        self.to_act: int | None = game.rot[dealer][1]
        self._turn()

    def copy(self) -> PitchAuction:
        new = PitchAuction.__new__(PitchAuction)
        for name in PitchAuction.__slots__:
            setattr(new, name, getattr(self, name))
        new.calls = self.calls[:]
        return new

    def check(self, seat: int, text: object) -> None:
        """Raise the docs/rules.md#pitch52-bidding code refusing ``text`` from ``seat``, the seat to
        act."""
        check_call(
            self.game, text, seat=seat, dealer=self.dealer, high=self.high, high_seat=self.high_seat
        )

    def take(self, action: Action) -> bool | None:
        """Make ``action`` if it is a call by the seat to act: ``None`` (nothing changed) for
        any other action. A call offered is known by its text; any other is checked in full
        and recorded in its normal text. Return whether the auction is over (the dealer has
        called).

        Raises:
            IllegalActionError: as ``check``; nothing has changed then.
        """
        seat = self.to_act
        if action.__class__ is not Call or action.seat != seat:
            return None
        assert isinstance(action, Call) and seat is not None
        text = action.call
        value = self.values.get(text) if isinstance(text, str) else None
        if value is None:
            self.check(seat, text)
            text = normal_call(text)
            value = call_value(text)
        self._record(seat, text, value)
        if seat == self.dealer:
            self.to_act = None
            self.offered, self.values = (), {}
            return True
        self.to_act = self.game.rot[seat][1]
        self._turn()
        return False

    def _turn(self) -> None:
        seat = self.to_act
        assert seat is not None
        self.offered, self.values = self.game.auction_choices(seat, self.high, seat == self.dealer)

    def _record(self, seat: int, text: str, value: int) -> None:
        """``seat`` made the legal call ``text`` (normal text) of ``value``."""
        self.calls.append((seat, text))
        if value:
            if value > 0:
                self.high = value
            self.high_seat = seat
