"""The auction of pitch52 (docs/rules.md#pitch52-bidding): one round from the dealer's left, dealer
last.

Each player passes or bids higher than the high bid; the dealer may also *hold* (take the
bid at the same number, option ``dealer_hold``), and must bid when everybody passed under
``all_pass = dealer_stuck``. Nobody bidding throws the hand in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    """The calls so far, the high bid (0 before the first) and who holds it (-1: nobody)."""

    __slots__ = ("calls", "high", "high_seat")

    def __init__(self) -> None:
        self.calls: list[tuple[int, str]] = []
        self.high = 0
        self.high_seat = -1

    def copy(self) -> PitchAuction:
        new = PitchAuction()
        new.calls = self.calls[:]
        new.high = self.high
        new.high_seat = self.high_seat
        return new

    def check(self, game: Pitch52, seat: int, text: object, dealer: int) -> None:
        """Raise the docs/rules.md#pitch52-bidding code refusing ``text`` from ``seat``, the seat to
        act."""
        check_call(game, text, seat=seat, dealer=dealer, high=self.high, high_seat=self.high_seat)

    def record(self, seat: int, text: str, value: int) -> None:
        """``seat`` made the legal call ``text`` (normal text) of ``value``."""
        self.calls.append((seat, text))
        if value:
            if value > 0:
                self.high = value
            self.high_seat = seat
