"""The auction of auction45 (docs/rules.md#auction45-bidding) as a small state machine.

Vocabulary: a *call* is ``pass``, ``hold`` or an amount; the *high bid* is the amount and the
seat that owns it (the dealer owns it after a hold); *round 1* is every seat speaking once from
the dealer's left round to the dealer. After round 1 the ``duel`` style lets only the dealer and
the *challenger* (the seat that held the high bid just before the dealer's round-1 call) go on;
the ``open`` style keeps the turn going round the seats that have not passed.

``Auction`` is the mutable state of one hand's auction, with the calls open to the seat to act
(``offered``), listed when the turn comes to it from the game's ``AuctionRules``
(``engine.rules.auction45.calls``). ``Auction.check`` returns the parsed call or raises the
docs/rules.md#action-codes code, in the order of docs/rules.md#auction45-bidding; ``Auction.take``
makes a call by the seat to act, the hand's one step into the auction
(``engine.rules.auction45.hand``).
"""

from __future__ import annotations

from engine.rules.actions import Action, Call
from engine.rules.auction45.calls import (
    BID,
    HOLD,
    NO_CALLS,
    PASS,
    AuctionRules,
    LegalCalls,
    ParsedCall,
    parse_call,
)
from engine.rules.errors import IllegalActionError, shown
from engine.rules.words import seat_name

ROUND1, DUEL, OPEN, DONE = 0, 1, 2, 3


class Auction:
    """One hand's auction. ``to_act`` is ``None`` once it is over (``stage == DONE``)."""

    __slots__ = (
        "calls",
        "challenger",
        "dealer",
        "high",
        "high_seat",
        "max_by_side",
        "offered",
        "offered_ids",
        "passed",
        "rules",
        "sixty_ok",
        "stage",
        "to_act",
    )

    rules: AuctionRules
    dealer: int
    stage: int
    to_act: int | None
    high: int
    high_seat: int | None
    passed: int
    challenger: int | None
    max_by_side: list[int]
    sixty_ok: tuple[bool, ...]
    calls: list[tuple[int, str]]
    offered: tuple[Call, ...]
    offered_ids: dict[int, ParsedCall]

    def __init__(self, rules: AuctionRules, dealer: int, scores: tuple[int, ...]) -> None:
        self.rules = rules
        self.dealer = dealer
        self.stage = ROUND1
        self.to_act = rules.first[dealer]
        self.high = 0
        self.high_seat = None
        self.passed = 0
        self.challenger = None
        #: Per side, the highest amount its players called or held (docs/rules.md#scoresheet-lines).
        self.max_by_side = [0] * len(scores)
        #: Per side: may it bid 60? Fixed by the scores before the hand (docs/rules.md#hand).
        self.sixty_ok = rules.sixty_by_side(scores)
        self.calls = []
        self.offered, self.offered_ids = self.legal()

    def copy(self) -> Auction:
        new = Auction.__new__(Auction)
        new.rules = self.rules
        new.dealer = self.dealer
        new.stage = self.stage
        new.to_act = self.to_act
        new.high = self.high
        new.high_seat = self.high_seat
        new.passed = self.passed
        new.challenger = self.challenger
        new.max_by_side = self.max_by_side[:]
        new.sixty_ok = self.sixty_ok
        new.calls = self.calls[:]
        new.offered = self.offered
        new.offered_ids = self.offered_ids
        return new

    @property
    def is_over(self) -> bool:
        return self.stage == DONE

    @property
    def thrown_in(self) -> bool:
        """Over with nobody having bid: the hand is thrown in."""
        return self.stage == DONE and self.high_seat is None

    # -- legality --------------------------------------------------------------------------
    def _can_pass(self, seat: int) -> bool:
        rules = self.rules
        return not (rules.all_pass_stuck and seat == self.dealer and self.high_seat is None)

    def _can_hold(self, seat: int) -> bool:
        return (
            seat == self.dealer
            and self.rules.dealer_hold
            and self.high_seat is not None
            and self.high_seat != seat
        )

    def legal(self) -> LegalCalls:
        """Every call the seat to act may make (none when over), and their ids: ``offered``
        once its turn has come."""
        seat = self.to_act
        if seat is None:
            return NO_CALLS
        sixty = self.sixty_ok[self.rules.seat_side[seat]]
        if seat != self.dealer:  # only the dealer may hold, or be stuck
            return self.rules.situations[seat, self.high, True, False, sixty]
        can_hold = self._can_hold(seat) and (self.high != 60 or sixty)
        return self.rules.situations[seat, self.high, self._can_pass(seat), can_hold, sixty]

    def check(self, seat: int, text: object) -> ParsedCall:
        """The parsed call if ``seat`` may make it now.

        Raises:
            IllegalActionError: ``auction_over``, ``out_of_turn``, then the
                docs/rules.md#auction45-bidding codes in order: ``bad_bid``, ``dealer_must_bid``,
                ``hold_not_allowed``, ``sixty_not_allowed``, ``bid_too_low``.
        """
        if self.stage == DONE:
            raise IllegalActionError("auction_over", "the auction is over: no more calls")
        if seat != self.to_act:
            raise IllegalActionError(
                "out_of_turn",
                f"{seat_name(seat)} called but it is {seat_name(self.to_act)}'s turn to call",
            )
        rules = self.rules
        parsed = rules.parsed.get(text) if isinstance(text, str) else None
        if parsed is None:
            parsed = parse_call(text)
            if parsed is None:
                raise IllegalActionError(
                    "bad_bid",
                    f"{shown(text)} is not a call: say pass, hold or an amount such as 20 "
                    "(rules of the 45s auction)",
                )
        kind, amount = parsed
        if kind == PASS:
            self._check_pass(seat)
        elif kind == HOLD:
            self._check_hold(seat)
        else:
            self._check_bid(seat, amount)
        return parsed

    def _check_pass(self, seat: int) -> None:
        if not self._can_pass(seat):
            raise IllegalActionError(
                "dealer_must_bid",
                f"everybody passed, so the dealer must bid at least {self.rules.min_bid} "
                "(option all_pass = dealer_stuck; rules of the 45s auction)",
            )

    def _check_hold(self, seat: int) -> None:
        rules = self.rules
        if not self._can_hold(seat):
            if seat != self.dealer:
                why = "only the dealer may hold"
            elif not rules.dealer_hold:
                why = "the dealer may not hold in this game (option dealer_hold is false)"
            elif self.high_seat is None:
                why = "there is no bid to hold"
            else:
                why = "the dealer cannot hold his own bid"
            raise IllegalActionError("hold_not_allowed", f"{why} (rules of the 45s auction)")
        if self.high == 60 and not self.sixty_ok[rules.seat_side[seat]]:
            raise IllegalActionError(
                "sixty_not_allowed",
                "holding 60 needs the dealer's side to be allowed to bid 60 "
                f"(option sixty_for_120 = {rules.sixty}; rules of the 45s auction)",
            )

    def _check_bid(self, seat: int, amount: int) -> None:
        rules = self.rules
        if not self._is_bid(amount):
            allowed = "5, 10, … 30" + ("" if rules.sixty == "never" else " or 60")
            raise IllegalActionError(
                "bad_bid", f"{amount} is not a bid: bids are {allowed} (rules of the 45s auction)"
            )
        if amount < rules.min_bid:
            raise IllegalActionError(
                "bid_too_low",
                f"{amount} is below the lowest bid, {rules.min_bid} (rules of the 45s auction)",
            )
        if amount <= self.high:
            hint = " (the dealer takes it with hold)" if seat == self.dealer else ""
            raise IllegalActionError(
                "bid_too_low",
                f"{amount} is not above the high bid of {self.high}{hint} "
                "(rules of the 45s auction)",
            )
        if amount == 60 and not self.sixty_ok[rules.seat_side[seat]]:
            raise IllegalActionError(
                "sixty_not_allowed",
                "60 for 120 is only for a side in the hole (below 0) before the hand "
                "(option sixty_for_120 = in_the_hole; rules of the 45s auction)",
            )

    def _is_bid(self, amount: int) -> bool:
        """5, 10, … 30, or 60 unless the game never allows it."""
        if amount == 60:
            return self.rules.sixty != "never"
        return 0 < amount <= 30 and amount % 5 == 0

    # -- state change ----------------------------------------------------------------------
    def take(self, action: Action) -> bool | None:
        """Make ``action`` if it is a call by the seat to act: ``None`` (nothing changed) for
        any other action; else the call is checked (a call just ``offered`` is recognised by
        its id), recorded, the turn moves on and the calls open to the next seat are listed.
        Return whether the auction is over.

        Raises:
            IllegalActionError: as ``check``; nothing has changed then.
        """
        if action.__class__ is not Call or action.seat != self.to_act:
            return None
        seat = action.seat
        text = action.call
        parsed = self.offered_ids.get(id(action))
        if parsed is None:
            parsed = self.check(seat, text)
        kind, amount = parsed
        self.calls.append((seat, text))
        before = self.high_seat
        if kind == PASS:
            self.passed |= 1 << seat
        else:
            if kind == BID:
                self.high = amount
            else:
                amount = self.high
            self.high_seat = seat
            side = self.rules.seat_side[seat]
            if amount > self.max_by_side[side]:
                self.max_by_side[side] = amount
        stage = self.stage
        if stage == ROUND1:
            if seat != self.dealer:
                self.to_act = self.rules.next_seat[seat]
            else:
                self._end_round1(kind, before)
        elif stage == DUEL:
            if kind == PASS:
                self._finish()
            else:
                self.to_act = self.dealer if seat != self.dealer else self.challenger
        else:
            self._next_open(seat)
        self.offered, self.offered_ids = self.legal()
        return self.stage == DONE

    def _end_round1(self, kind: int, before: int | None) -> None:
        """The dealer has made his round-1 call ``kind``; ``before`` held the high bid."""
        if self.high_seat is None:
            self._finish()  # thrown in
        elif self.rules.duel:
            if kind == PASS or before is None:
                self._finish()
            else:
                self.stage = DUEL
                self.challenger = before
                self.to_act = before
        else:
            self.stage = OPEN
            self._next_open(self.dealer)

    def _next_open(self, seat: int) -> None:
        n = self.rules.seats
        passed = self.passed
        high_seat = self.high_seat
        for step in range(1, n):
            nxt = (seat + step) % n
            if nxt != high_seat and not passed >> nxt & 1:
                self.to_act = nxt
                return
        self._finish()

    def _finish(self) -> None:
        self.stage = DONE
        self.to_act = None
