"""The auction of one bid whist hand (docs/rules.md#bidwhist-bidding): one round of calls from
the dealer's left, the dealer last.

``Auction`` is the first phase of the hand (``engine.rules.phases.PhaseUnderWay``): the calls so
far, the high bid and its owner, the seat to act and the calls open to it, taken from the
game's ``AuctionRules`` (``engine.rules.bidwhist.calls``). The dealer's call always ends it with a
contract: he holds or bids when the others have passed.
"""

from __future__ import annotations

from engine.rules.actions import Action, Call
from engine.rules.bidwhist.calls import CALL_TEXT, HOLD, AuctionRules, parse_call

SEATS = 4


class Auction:
    """One hand's auction. ``high`` is 0 and ``high_seat`` ``None`` until somebody bids."""

    __slots__ = ("calls", "dealer", "high", "high_seat", "offered", "rules", "to_act")

    rules: AuctionRules
    dealer: int
    to_act: int
    high: int
    high_seat: int | None
    calls: list[tuple[int, str]]
    offered: tuple[Call, ...]

    def __init__(self, rules: AuctionRules, dealer: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.high = 0
        self.high_seat = None
        self.calls = []
        self._turn_to((dealer + 1) % SEATS)

    def copy(self) -> Auction:
        new = Auction.__new__(Auction)
        for name in Auction.__slots__:
            setattr(new, name, getattr(self, name))
        new.calls = self.calls[:]
        return new

    def _turn_to(self, seat: int) -> None:
        self.to_act = seat
        self.offered = self.rules.legal(seat, seat == self.dealer, self.high)

    def check(self, action: Call) -> int:
        """The parsed call (``calls.PASS``, ``calls.HOLD`` or an amount) if the seat to act
        may make it.

        Raises:
            IllegalActionError: ``bad_bid``, ``dealer_must_bid``, ``hold_not_allowed`` or
                ``bid_too_low``.
        """
        parsed = parse_call(action.call)
        self.rules.check(parsed, action.seat == self.dealer, self.high)
        return parsed

    def take(self, action: Action) -> bool | None:
        """Make a call of the seat to act; return whether it was the dealer's, the last.

        Raises:
            IllegalActionError: the refusals of ``check``; nothing has changed then.
        """
        if action.__class__ is not Call or action.seat != self.to_act:
            return None
        parsed = self.check(action)
        seat = action.seat
        self.calls.append((seat, CALL_TEXT[parsed]))
        if parsed > 0:
            self.high = parsed
            self.high_seat = seat
        elif parsed == HOLD:
            self.high_seat = seat
        if seat == self.dealer:
            return True
        self._turn_to((seat + 1) % SEATS)
        return False
