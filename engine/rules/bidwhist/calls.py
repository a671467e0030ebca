"""The calls of the bid whist auction (docs/rules.md#bidwhist-bidding): one round, the dealer
speaks last.

Vocabulary: a *call* is ``pass``, ``hold`` or an amount 1..7 (books above six). The *high* bid
is the best amount called so far (0 before anybody bids). The first three players pass or bid
higher; the dealer passes (only if somebody bid), holds (takes the high bid at the same
amount, even from his partner) or bids higher; when the first three all passed he is stuck and
must bid. The auction always ends with a contract after the dealer's call.

``AuctionRules`` holds, for one ``min_bid``, the checks (in the order of
docs/rules.md#auction45-bidding) and the legal calls, interned so that a hand never builds a
``Call`` object. The auction of one hand is ``engine.rules.bidwhist.auction.Auction``.
"""

from __future__ import annotations

from engine.rules.actions import Call
from engine.rules.bidwhist.options import MAX_BID
from engine.rules.errors import IllegalActionError
from engine.rules.numerals import whole_number

PASS = -1
HOLD = -2
BAD = -3

SEATS = 4

_PARSED: dict[str, int] = {}


def parse_call(text: str) -> int:
    """``PASS``, ``HOLD``, an amount 1..7, or ``BAD`` for anything else (``bad_bid``)."""
    if not isinstance(text, str):
        return BAD
    found = _PARSED.get(text)
    if found is not None:
        return found
    word = text.strip().lower()
    if word == "pass":
        found = PASS
    elif word == "hold":
        found = HOLD
    else:
        amount = whole_number(word)
        found = amount if amount is not None and 1 <= amount <= MAX_BID else BAD
    if len(_PARSED) < 1024:
        _PARSED[text] = found
    return found


def call_text(parsed: int) -> str:
    """The call as the hand records it: ``pass``, ``hold`` or the amount."""
    return "pass" if parsed == PASS else "hold" if parsed == HOLD else str(parsed)


#: The text of each parsed call.
CALL_TEXT: dict[int, str] = {
    parsed: call_text(parsed) for parsed in (PASS, HOLD, *range(1, MAX_BID + 1))
}

#: Interned calls per seat: ``CALLS[seat][parsed]``.
CALLS: tuple[dict[int, Call], ...] = tuple(
    {parsed: Call(seat, call_text(parsed)) for parsed in (PASS, HOLD, *range(1, MAX_BID + 1))}
    for seat in range(SEATS)
)


class AuctionRules:
    """The auction checks and legal calls for one ``min_bid``."""

    __slots__ = ("_legal", "min_bid")

    def __init__(self, min_bid: int) -> None:
        self.min_bid = min_bid
        self._legal: dict[tuple[int, bool, int], tuple[Call, ...]] = {}

    def check(self, parsed: int, is_dealer: bool, high: int) -> None:
        """Refuse a call (already known to be by the seat to act).

        Raises:
            IllegalActionError: ``bad_bid``, ``dealer_must_bid``, ``hold_not_allowed`` or
                ``bid_too_low``.
        """
        if parsed == BAD:
            raise IllegalActionError(
                "bad_bid",
                "a call is pass, hold or a whole number of books from 1 to 7 "
                "(rules of the bid whist auction)",
            )
        if parsed == PASS:
            if is_dealer and not high:
                raise IllegalActionError(
                    "dealer_must_bid",
                    "the first three players passed, so the dealer must bid at least "
                    f"{self.min_bid} (rules of the bid whist auction)",
                )
        elif parsed == HOLD:
            if not is_dealer:
                raise IllegalActionError(
                    "hold_not_allowed",
                    "only the dealer may hold, taking the high bid "
                    "(rules of the bid whist auction)",
                )
            if not high:
                raise IllegalActionError(
                    "hold_not_allowed",
                    "there is no bid to hold: the first three passed, so the dealer must bid "
                    "(rules of the bid whist auction)",
                )
        elif parsed < self.min_bid:
            raise IllegalActionError(
                "bid_too_low",
                f"{parsed} is below the lowest bid, {self.min_bid} "
                "(rules of the bid whist auction)",
            )
        elif parsed <= high:
            raise IllegalActionError(
                "bid_too_low",
                f"{parsed} is not above the high bid of {high}"
                + (": to take it at the same number the dealer says hold" if is_dealer else "")
                + " (rules of the bid whist auction)",
            )

    def legal(self, seat: int, is_dealer: bool, high: int) -> tuple[Call, ...]:
        """Every legal call of ``seat``: pass / hold when allowed, then the amounts upward."""
        key = (seat, is_dealer, high)
        found = self._legal.get(key)
        if found is None:
            calls = CALLS[seat]
            options: list[Call] = []
            if high or not is_dealer:
                options.append(calls[PASS])
            if is_dealer and high:
                options.append(calls[HOLD])
            options.extend(calls[v] for v in range(max(self.min_bid, high + 1), MAX_BID + 1))
            found = self._legal[key] = tuple(options)
        return found
