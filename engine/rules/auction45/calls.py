"""The calls of an auction45 auction (docs/rules.md#auction45-bidding), as one game knows them.

A *call* is ``pass``, ``hold`` or an amount. ``AuctionRules`` holds what depends only on the
game: its options, an interned ``Call`` object per seat and word, and the legal calls of each
*situation* of the auction (the seat to act, the high bid, may it pass, may it hold, may its
side bid 60) with the ids of their calls, each listed once for the game (``Situations``). The
state of one hand's auction is ``engine.rules.auction45.auction.Auction``.
"""

from __future__ import annotations

from engine.rules.actions import Call
from engine.rules.auction45.options import Auction45Options
from engine.rules.numerals import whole_number

PASS, HOLD, BID = 0, 1, 2

ParsedCall = tuple[int, int]  # (PASS | HOLD | BID, amount or 0)
#: The legal calls of a situation, and each one's parsed call by the id of the (interned)
#: call object: a call picked from the list just offered needs no other check.
LegalCalls = tuple[tuple[Call, ...], dict[int, ParsedCall]]
NO_CALLS: LegalCalls = ((), {})


def parse_call(text: object) -> ParsedCall | None:
    """Read a call as written: ``pass``, ``hold`` or a whole decimal number; ``None`` if not."""
    if not isinstance(text, str):
        return None
    word = text.strip().lower()
    if word == "pass":
        return (PASS, 0)
    if word == "hold":
        return (HOLD, 0)
    amount = whole_number(word)
    return None if amount is None else (BID, amount)


#: A situation of the auction: the seat to act, the high bid, may it pass, may it hold, may its
#: side bid 60.
Situation = tuple[int, int, bool, bool, bool]


class AuctionRules:
    """The auction rules of one game (options fixed): shared by every hand of that game."""

    __slots__ = (
        "_sixty_by_scores",
        "all_pass_stuck",
        "calls",
        "dealer_hold",
        "duel",
        "first",
        "min_bid",
        "next_seat",
        "parsed",
        "seat_side",
        "seats",
        "situations",
        "sixty",
    )

    def __init__(self, options: Auction45Options, seat_side: tuple[int, ...]) -> None:
        self.seats = len(seat_side)
        self.seat_side = seat_side
        self.min_bid = options.min_bid
        self.dealer_hold = options.dealer_hold
        self.duel = options.auction_style == "duel"
        self.all_pass_stuck = options.all_pass == "dealer_stuck"
        self.sixty = options.sixty_for_120
        words = ["pass", "hold"] + [str(v) for v in range(5, 31, 5)] + ["60"]
        self.calls: tuple[dict[str, Call], ...] = tuple(
            {w: Call(seat, w) for w in words} for seat in range(self.seats)
        )
        self.parsed: dict[str, ParsedCall] = {}
        for w in words:
            parsed = parse_call(w)
            assert parsed is not None
            self.parsed[w] = parsed
        self.first = tuple((dealer + 1) % self.seats for dealer in range(self.seats))
        self.next_seat = self.first
        self._sixty_by_scores: dict[tuple[int, ...], tuple[bool, ...]] = {}
        #: The legal calls of each situation, listed the first time it comes up.
        self.situations = Situations(self)

    def sixty_by_side(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Per side, may it bid 60 this hand (docs/rules.md#auction45-bidding)? Cached by the scores
        before the hand: every hand starts an ``Auction``, and a game's scores take few values."""
        found = self._sixty_by_scores.get(scores)
        if found is None:
            found = self._sixty_by_scores[scores] = tuple([self.sixty_allowed(s) for s in scores])
        return found

    def sixty_allowed(self, side_score: int) -> bool:
        """May a side with this score before the hand bid (or hold) 60?
        (docs/rules.md#auction45-bidding)"""
        if self.sixty == "always":
            return True
        return self.sixty == "in_the_hole" and side_score < 0

    def legal_calls(
        self, seat: int, high: int, can_pass: bool, can_hold: bool, sixty: bool
    ) -> LegalCalls:
        """The calls open to ``seat`` in this situation (see ``LegalCalls``)."""
        calls = self.calls[seat]
        out = [calls["pass"]] if can_pass else []
        if can_hold:
            out.append(calls["hold"])
        out += [calls[str(v)] for v in range(max(self.min_bid, high + 5), 31, 5)]
        if sixty and high < 60:
            out.append(calls["60"])
        return (tuple(out), {id(call): self.parsed[call.call] for call in out})


class Situations(dict[Situation, LegalCalls]):
    """``AuctionRules.legal_calls`` by situation, each worked out when first asked for."""

    __slots__ = ("rules",)

    def __init__(self, rules: AuctionRules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, situation: Situation) -> LegalCalls:
        found = self[situation] = self.rules.legal_calls(*situation)
        return found
