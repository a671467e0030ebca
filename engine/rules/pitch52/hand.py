"""One pitch52 hand as a state machine (RULES.md 3.3-3.8).

Phases, in order: ``auction`` (one round, dealer last) → ``trump`` (the bidder names it) →
``excess_discard`` (only players holding more than six trumps; under ``rob = bidder_all`` also
the bidder after taking the stock) → ``play`` → ``over``. Throwing away non-trumps, the draw, the
bidder's rob and skipping players who are out are automatic steps, not actions.

Vocabulary: a seat is *out* when it holds no trump during play; it becomes *visibly out* (shown
in views) only when its turn is skipped (RULES.md 3.10): inside a trick when play passes it, at
the end of a trick for the seats after the last card, and when the lead passes over it.

Hands are card masks. Cards received from the stock are public only as counts
(``received_counts``); excess trumps are discarded face up (``excess_discards``).

Every piece of state is a slot, set in ``__init__`` and copied field by field in ``copy``.

Play: the plays offered to the seat to act are kept as ``_offered`` (that seat's dict of card
→ interned ``Play``), so an offered play is recognised by identity in one lookup and every
other play is checked in full; the trick's plan says who follows each seat, and a trick ends
when the turn would come back to its leader.

Auction: the calls of a state are cached by the game (``Pitch52.auction_choices``) with each
text's value, so a call found there needs no ``int()``. What these choices bought is in
``bench/NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from engine.rules.actions import PLAYS, Action, Call, ExcessDiscard, NameTrump, Play
from engine.rules.base import AUCTION, OVER, Contract, Deal, Hand, HandResult, Tally
from engine.rules.bits import sorted_cards54
from engine.rules.build import new_result
from engine.rules.cards import BIT, CARD_NAMES, SUITS, cards_of
from engine.rules.choices import CardSubsets
from engine.rules.errors import IllegalActionError, shown
from engine.rules.numerals import whole_number
from engine.rules.pitch52.ranks import (
    CARD_AT_RANK,
    FIRST_LEAD_BARRED,
    POINT_MASK,
    RANK_BIT,
    TRUMP_MASK,
    cards_mask,
)

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52

TRUMP = "trump"
EXCESS = "excess_discard"
PLAY = "play"

#: Trumps a player may keep after throwing away (RULES.md 3.5 step 3), and draws up to.
KEEP = 6

_PHASE_OF_ACTION: dict[type, str] = {NameTrump: TRUMP, ExcessDiscard: EXCESS, Play: PLAY}

#: A completed trick: leader, seats in playing order, cards, winner, and the mask of the seats
#: the trick passed over (shown out from then on).
Trick = tuple[int, tuple[int, ...], list[int], int, int]


def call_value(text: str) -> int:
    """The value of a call's normal text: the amount of a bid, 0 for a pass, -1 for a hold."""
    return 0 if text == "pass" else -1 if text == "hold" else int(text)


#: The winner of a completed trick.
_WINNER = itemgetter(3)


def _refuse(code: str, message: str) -> IllegalActionError:
    return IllegalActionError(code, message)


def _card_name(c: object) -> str:
    return CARD_NAMES[c] if type(c) is int and 0 <= c < 54 else repr(c)


class Pitch52Hand(Hand):
    """A pitch52 hand from the deal to the score. Built by ``Pitch52.start_hand``."""

    game: Pitch52

    __slots__ = (
        "game",
        "deal",
        "dealer",
        "tally",
        "history",
        "phase",
        "to_act",
        "contract",
        "result",
        "_hands",
        "_calls",
        "_high",
        "_high_seat",
        "_trump",
        "_queue",
        "_excess",
        "_after_draw",
        "_received",
        "_holders",
        "_opening",
        "_leader",
        "_trick_seats",
        "_trick_outs",
        "_trick_cards",
        "_tricks",
        "_played",
        "_start_cards",
        "_won",
        "_seat_plays",
        "_rank_bit",
        "_at_rank",
        "_trick_bits",
        "_following",
        "_offered",
    )

    def __init__(self, game: Pitch52, deal: Deal, dealer: int, tally: Tally) -> None:
        self.game = game
        self.deal = deal
        self.dealer = dealer
        self.tally = tally
        self.history: list[Action] = []
        self.phase = AUCTION
        self.to_act: int | None = game.rot[dealer][1]
        self.contract: Contract | None = None
        self.result: HandResult | None = None
        # Cards are distinct, so the sum of their bits is the mask.
        self._hands: list[int] = [sum(itemgetter(*cards)(BIT)) for cards in deal.hands]
        self._calls: list[tuple[int, str]] = []
        self._high = 0  # the high bid, 0 before the first bid
        self._high_seat = -1  # who holds it (the dealer after a hold)
        self._trump = -1
        self._queue: tuple[int, ...] = ()  # seats still to discard excess trumps, in turn
        self._excess: tuple[tuple[int, tuple[int, ...]], ...] = ()  # face up, in order
        self._after_draw = False  # the bidder's excess discard after taking the stock
        self._received: list[int] = []  # per seat, cards received from the stock
        self._holders = 0  # mask of the seats holding a trump (during play)
        self._opening = True  # no card played yet (the restricted first lead)
        self._leader = -1
        self._trick_seats: tuple[int, ...] = ()  # who plays to the current trick, in order
        self._trick_outs: tuple[int, ...] = (0,)  # seats passed over after k cards (seats.py)
        self._trick_cards: list[int] = []
        self._tricks: list[Trick] = []  # every completed trick, in order
        self._played: tuple[int, ...] = ()  # per seat, rank mask of the trumps held at play
        self._start_cards: tuple[tuple[int, ...], ...] = ()  # the same as card lists
        self._won: list[int] = []  # per seat, rank mask of the trumps in the tricks it won
        self._seat_plays: list[dict[int, Play]] = []  # per seat: card -> its play
        self._rank_bit: tuple[int, ...] = ()  # RANK_BIT and CARD_AT_RANK of the trump
        self._at_rank: tuple[int, ...] = ()
        self._trick_bits = 0  # rank mask of the current trick
        self._following: tuple[int, ...] = ()  # per seat, who plays next in this trick
        # The plays offered to the seat to act (its entry of _seat_plays), empty before the
        # opening lead has been played.
        self._offered: dict[int, Play] = {}

    # -- public helpers ---------------------------------------------------------------------
    @property
    def trump(self) -> int | None:
        """The trump suit once named."""
        return self._trump if self._trump >= 0 else None

    def held(self, seat: int) -> int:
        """Mask of the cards ``seat`` holds now (every card, hidden or not: not a view)."""
        return self._hands[seat]

    def out_mask(self) -> int:
        """Mask of the seats visibly out: passed over by play or by the lead (RULES.md 3.10)."""
        out = 0
        for trick in self._tricks:
            out |= trick[4]
        if self.phase == PLAY:
            out |= self._trick_outs[len(self._trick_cards)]
        return out

    # -- legal actions --------------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase is PLAY and not self._opening:
            return tuple(self._offered.values())
        seat = self.to_act
        if phase is PLAY:
            assert seat is not None
            if self.game.first_lead_restricted:
                mask = self._hands[seat]
                allowed = mask & ~FIRST_LEAD_BARRED[self._trump]
                if allowed and allowed != mask:
                    plays = PLAYS[seat]
                    return tuple([plays[c] for c in sorted_cards54(allowed)])
            return tuple(self._seat_plays[seat].values())
        if seat is None:
            return ()
        if phase == AUCTION:
            choices = self.game.auction_choices(seat, self._high, seat == self.dealer)
            return choices[0]
        if phase == TRUMP:
            return self.game.trump_actions[seat]
        return self._excess_choices(seat)

    def _excess_choices(self, seat: int) -> Sequence[Action]:
        mask = self._hands[seat]
        k = mask.bit_count() - KEEP
        if not self.game.non_point:
            return CardSubsets(ExcessDiscard, seat, mask, (k,))
        points = mask & POINT_MASK[self.game.options.point_scheme][self._trump]
        plain = mask & ~points
        if plain.bit_count() >= k:
            return CardSubsets(ExcessDiscard, seat, plain, (k,))
        # Every non-point trump goes, and the rest is made up of point cards.
        forced = tuple(cards_of(plain))

        def make(s: int, cards: tuple[int, ...]) -> Action:
            return ExcessDiscard(s, cards + forced)

        return CardSubsets(make, seat, points, (k - len(forced),))

    # -- checking ---------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        kind = type(action)
        if kind is Play:
            self._check_play(action)  # type: ignore[arg-type]
        elif kind is Call:
            self._check_call(action)  # type: ignore[arg-type]
        elif kind is NameTrump:
            self._check_trump(action)  # type: ignore[arg-type]
        elif kind is ExcessDiscard:
            self._check_excess(action)  # type: ignore[arg-type]
        else:
            self._check_turn(action)
            raise _refuse(
                "wrong_phase", f"{action.type} is not an action of pitch52 (phase {self.phase})"
            )

    def _check_turn(self, action: Action) -> None:
        """``out_of_turn``, then ``wrong_phase`` (RULES.md 7)."""
        if self.to_act is None or action.seat != self.to_act:
            who = "nobody: the hand is over" if self.to_act is None else f"seat {self.to_act}"
            raise _refuse("out_of_turn", f"seat {action.seat} may not act now; it is {who}")
        if _PHASE_OF_ACTION.get(type(action)) != self.phase:
            raise _refuse("wrong_phase", f"{action.type} does not belong to the {self.phase} phase")

    def _check_call(self, action: Call) -> None:
        """RULES.md 3.4 with the check order of 1.5."""
        if self.phase != AUCTION:
            raise _refuse("auction_over", "the auction is over: no more calls (RULES.md 3.4)")
        if action.seat != self.to_act:
            raise _refuse(
                "out_of_turn", f"seat {action.seat} may not call now; it is seat {self.to_act}"
            )
        game = self.game
        min_bid = game.options.min_bid
        text = action.call.strip().lower() if isinstance(action.call, str) else ""
        seat = action.seat
        if text == "pass":
            if seat == self.dealer and self._high_seat < 0 and game.dealer_stuck:
                raise _refuse(
                    "dealer_must_bid",
                    f"nobody has bid, so the dealer must bid at least {min_bid} "
                    "(all_pass = dealer_stuck, RULES.md 3.4)",
                )
            return
        if text == "hold":
            if seat != self.dealer:
                reason = "only the dealer may hold"
            elif not game.options.dealer_hold:
                reason = "holding is off (dealer_hold = false)"
            elif self._high_seat < 0:
                reason = "there is no bid to hold"
            else:
                return
            raise _refuse("hold_not_allowed", f"{reason} (RULES.md 3.4)")
        amount = whole_number(text)
        if amount is None or not 1 <= amount <= game.max_bid:
            raise _refuse(
                "bad_bid",
                f"{shown(action.call)} is not a call: say pass, hold or a whole number from 1 to "
                f"{game.max_bid} (RULES.md 3.4)",
            )
        if amount < min_bid:
            raise _refuse(
                "bid_too_low", f"{amount} is below the minimum bid of {min_bid} (RULES.md 3.4)"
            )
        if amount <= self._high:
            raise _refuse(
                "bid_too_low",
                f"{amount} does not beat the high bid of {self._high}: a bid must be higher "
                "(the dealer takes the bid at the same number with hold) (RULES.md 3.4)",
            )

    def _check_trump(self, action: NameTrump) -> None:
        self._check_turn(action)
        if type(action.suit) is not int or action.suit not in (0, 1, 2, 3):
            raise _refuse("bad_trump", f"trump must be one of S, H, D, C, not {shown(action.suit)}")

    def _check_excess(self, action: ExcessDiscard) -> None:
        """RULES.md 3.5 step 3: exactly the trumps above six, face up."""
        self._check_turn(action)
        seat = action.seat
        mask = self._hands[seat]
        chosen = 0
        for c in action.cards:
            if not (type(c) is int and 0 <= c < 54 and mask >> c & 1):
                raise _refuse("not_in_hand", f"{_card_name(c)} is not in seat {seat}'s hand")
            if chosen >> c & 1:
                raise _refuse("not_in_hand", f"{_card_name(c)} is listed twice")
            chosen |= BIT[c]
        k = mask.bit_count() - KEEP
        if len(action.cards) != k:
            raise _refuse(
                "bad_discard_count",
                f"seat {seat} holds {mask.bit_count()} trumps and must discard exactly {k} "
                f"face up to keep {KEEP}, not {len(action.cards)} (RULES.md 3.5)",
            )
        if self.game.non_point:
            points = POINT_MASK[self.game.options.point_scheme][self._trump]
            kept_plain = mask & ~points & ~chosen
            if chosen & points and kept_plain:
                raise _refuse(
                    "cannot_discard_point",
                    "a point card may not be discarded while a non-point trump "
                    f"({CARD_NAMES[(kept_plain & -kept_plain).bit_length() - 1]}) could go "
                    "instead (excess_trump_discard = non_point, RULES.md 3.5)",
                )

    def _check_play(self, action: Play) -> None:
        """RULES.md 3.6: trumps only; the restricted first lead."""
        seat = action.seat
        if seat != self.to_act or self.phase != PLAY:
            self._check_turn(action)
        c = action.card
        mask = self._hands[seat]
        if not (type(c) is int and 0 <= c < 54 and mask >> c & 1):
            raise _refuse("not_in_hand", f"{_card_name(c)} is not in seat {seat}'s hand")
        trump = self._trump
        if not TRUMP_MASK[trump] >> c & 1:
            # Hands hold only trumps during play; kept for completeness of the rule.
            raise _refuse("trump_only", f"{CARD_NAMES[c]} is not a trump: only trumps are played")
        if (
            self._opening
            and self.game.first_lead_restricted
            and FIRST_LEAD_BARRED[trump] >> c & 1
            and mask & ~FIRST_LEAD_BARRED[trump]
        ):
            raise _refuse(
                "first_lead_restricted",
                f"{CARD_NAMES[c]} may not open the hand: no joker or off-jack on the first lead "
                "while holding another trump (RULES.md 3.6)",
            )

    # -- applying ---------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        if action.__class__ is Play:
            # The hot path of a hand. A play offered by legal_actions is recognised by
            # identity in the dict of the plays offered to the seat to act (empty outside
            # play and before the opening lead), which stands for every check of _check_play;
            # any other play is checked in full.
            seat = action.seat
            c = action.card
            plays = self._offered
            try:
                offered = plays.get(c) is action
            except TypeError:  # an unhashable card
                offered = False
            if not offered:
                self._check_play(action)
                self._opening = False
                plays = self._seat_plays[seat]
            self.history.append(action)
            del plays[c]
            hands = self._hands
            # Bits held are subtracted and disjoint bits added.
            left = hands[seat] - BIT[c]
            hands[seat] = left
            if not left:
                self._holders -= 1 << seat
            cards = self._trick_cards
            cards.append(c)
            bits = self._trick_bits + self._rank_bit[c]
            self._trick_bits = bits
            after = self._following[seat]
            if after != self._leader:
                self.to_act = after
                self._offered = self._seat_plays[after]
                return
            # The trick is over: closed here, without a method call of its own.
            # Every card is a trump: the best is the highest bit of the trick's rank mask.
            seats = self._trick_seats
            winner = seats[cards.index(self._at_rank[bits.bit_length() - 1])]
            self._won[winner] += bits  # ranks are won once each: disjoint bits
            self._tricks.append((self._leader, seats, cards, winner, self._trick_outs[-1]))
            self._start_trick(winner)
            return
        kind = type(action)
        if kind is Call:
            seat = action.seat
            text = action.call  # type: ignore[attr-defined]
            if seat != self.to_act or self.phase is not AUCTION:
                self._check_call(action)  # type: ignore[arg-type]
            choices = self.game.auction_choices(seat, self._high, seat == self.dealer)
            value = choices[1].get(text)
            if value is None:
                # Refused, or written another way ("05", " PASS "): the full check decides.
                self._check_call(action)  # type: ignore[arg-type]
                text = text.strip().lower()
                if text not in ("pass", "hold"):
                    text = str(int(text))
                value = call_value(text)
            self.history.append(action)
            self._calls.append((seat, text))
            if value:
                if value > 0:
                    self._high = value
                self._high_seat = seat
            if seat != self.dealer:
                self.to_act = self.game.rot[seat][1]
            else:
                self._end_auction()
        elif kind is NameTrump:
            suit = action.suit  # type: ignore[attr-defined]
            # The checks of _check_trump, inlined; it explains any refusal.
            if (
                action.seat != self.to_act
                or self.phase is not TRUMP
                or suit.__class__ is not int
                or not 0 <= suit < 4
            ):
                self._check_trump(action)  # type: ignore[arg-type]
            self.history.append(action)
            self._name_trump(suit)
        elif kind is ExcessDiscard:
            self._check_excess(action)  # type: ignore[arg-type]
            self.history.append(action)
            self._discard_excess(action.seat, action.cards)  # type: ignore[attr-defined]
        else:
            self.check(action)

    def _end_auction(self) -> None:
        """The dealer has called: redeal, or the high bidder names trump."""
        if self._high_seat < 0:
            self._finish_redeal({"dealer": self.dealer, "passed_out": True})
        else:
            self.contract = self.game.contract(self._high_seat, self._high)
            self.phase = TRUMP
            self.to_act = self._high_seat

    def _name_trump(self, suit: int) -> None:
        """Trump named: every non-trump is thrown away face down (RULES.md 3.5 step 2), then
        excess trumps go face up in turn (step 3), or the draw starts."""
        self._trump = suit
        keep = TRUMP_MASK[suit]
        hands = self._hands = [h & keep for h in self._hands]
        # Excess trumps are rare (under one hand in a hundred): one C pass finds whether
        # anybody holds more than six before the queue is built seat by seat.
        if max(map(int.bit_count, hands)) > KEEP:
            self._queue = tuple(
                [s for s in self.game.from_left[self.dealer] if hands[s].bit_count() > KEEP]
            )
            self._next_excess_or_draw()
        else:
            self._draw()

    def _next_excess_or_draw(self) -> None:
        if self._queue:
            self.phase = EXCESS
            self.to_act = self._queue[0]
        else:
            self._draw()

    def _discard_excess(self, seat: int, cards: tuple[int, ...]) -> None:
        self._hands[seat] &= ~cards_mask(cards)
        self._excess = (*self._excess, (seat, cards))
        self._queue = self._queue[1:]
        if self._after_draw:
            self._start_play()
        else:
            self._next_excess_or_draw()

    def _draw(self) -> None:
        """RULES.md 3.5 step 4: the draw and the rob (automatic). Cards drawn stay in hand,
        dead or not, until step 5 (``_start_play``).

        The masks of the stock's top cards are summed once, so each run drawn is a difference
        of two of them. Cards taken from the stock were held by nobody: their bits are added."""
        assert self.contract is not None
        game = self.game
        bidder = self.contract.bidder
        stock = self.deal.stock
        size = len(stock)
        hands = self._hands
        received = self._received = [0] * len(hands)
        keep = TRUMP_MASK[self._trump]
        rob_all = game.rob_all
        # upto[k]: the mask of the top k cards of the stock, so that any run of it is one
        # subtraction (a cards_mask per run cost an itemgetter each).
        # The stock always holds several cards (six at the least, with six players).
        upto = (0, *accumulate(itemgetter(*stock)(BIT)))
        ptr = 0
        for seat in game.from_left[self.dealer]:
            need = KEEP - hands[seat].bit_count()
            if need > 0 and not (rob_all and seat == bidder):
                end = ptr + need if ptr + need < size else size
                hands[seat] += upto[end] - upto[ptr]  # cards not held: disjoint bits
                received[seat] = end - ptr
                ptr = end
                if ptr == size:
                    break
        if rob_all:
            hands[bidder] |= (upto[size] - upto[ptr]) & keep
            received[bidder] += size - ptr
            if hands[bidder].bit_count() > KEEP:
                self._queue = (bidder,)
                self._after_draw = True
                self.phase = EXCESS
                self.to_act = bidder
                return
        elif ptr < size:
            for robber in game.robbers[bidder]:
                held = hands[robber]
                need = KEEP - (held & keep).bit_count()
                if need <= 0:
                    continue
                rest = (upto[size] - upto[ptr]) & keep
                if rest.bit_count() < need:
                    # He turns every card left and keeps the trumps among them.
                    hands[robber] = held + rest
                    received[robber] += size - ptr
                    break
                # He turns cards until the one that gives him his sixth trump.
                start = ptr
                while need:
                    c = stock[ptr]
                    ptr += 1
                    bit = BIT[c]
                    if keep & bit:
                        held += bit
                        need -= 1
                hands[robber] = held
                received[robber] += ptr - start
        self._start_play()

    def _start_play(self) -> None:
        """RULES.md 3.5 step 5: non-trumps still in hand are thrown away; then the bidder
        leads (3.6)."""
        keep = TRUMP_MASK[self._trump]
        hands = self._hands = [h & keep for h in self._hands]
        holders = 0
        bit = 1
        seat_plays = []
        start_cards = []
        played = []
        rank_bit = self._rank_bit = RANK_BIT[self._trump]
        for seat, held in enumerate(hands):
            # One pass per seat builds its plays and its rank mask (cheaper than a dict
            # comprehension plus rank_mask).
            cards = sorted_cards54(held)
            start_cards.append(cards)
            plays = PLAYS[seat]
            seat_play: dict[int, Play] = {}
            ranks = 0
            for c in cards:
                seat_play[c] = plays[c]
                ranks += rank_bit[c]  # distinct trumps: disjoint bits
            seat_plays.append(seat_play)
            played.append(ranks)
            if held:
                holders += bit
            bit += bit
        self._holders = holders
        self._seat_plays = seat_plays
        self._start_cards = tuple(start_cards)
        self._won = [0] * len(hands)
        self._tricks = []
        self._at_rank = CARD_AT_RANK[self._trump]
        self._played = tuple(played)
        self.phase = PLAY
        assert self.contract is not None
        self._start_trick(self.contract.bidder)

    def _start_trick(self, first: int) -> None:
        """The lead falls to ``first`` and passes left over everyone out of trumps (3.6)."""
        holders = self._holders
        if not holders:
            self._finish_scored()
            return
        leader, self._trick_seats, self._trick_outs, self._following = self.game.plans[first][
            holders
        ]
        self._leader = leader
        self._trick_cards = []
        self._trick_bits = 0
        self.to_act = leader
        if not self._opening:
            self._offered = self._seat_plays[leader]

    # -- the end ----------------------------------------------------------------------------
    def _finish_scored(self) -> None:
        contract = self.contract
        assert contract is not None
        game = self.game
        trump = self._trump
        score = game.scorer.score_ranks(
            contract.bidder, contract.bid, self._played, self._won, self.tally
        )
        categories = score.categories
        points = score.points
        assert points is not None and categories is not None
        line: dict[str, Any] = {
            "dealer": self.dealer,
            "bidder": contract.bidder,
            "bid": contract.bid,
            "trump": SUITS[trump],
            "points": list(points),
            "categories": dict(categories),
            "made": score.made,
            "scores_after": list(score.scores_after),
        }
        self.result = new_result(
            outcome="scored",
            score=score,
            line=line,
            trick_winners=tuple(map(_WINNER, self._tricks)),
            points=points,
            categories=categories,
            hands_after_draw=self._start_cards,
        )
        self.phase = OVER
        self.to_act = None

    # -- views and copies -------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.rules.pitch52.view import hand_view

        return hand_view(self, seat)

    def copy(self) -> Pitch52Hand:
        other = object.__new__(Pitch52Hand)
        other.game = self.game
        other.deal = self.deal
        other.dealer = self.dealer
        other.tally = self.tally
        other.history = self.history.copy()
        other.phase = self.phase
        other.to_act = self.to_act
        other.contract = self.contract
        other.result = self.result
        other._hands = self._hands.copy()
        other._calls = self._calls.copy()
        other._high = self._high
        other._high_seat = self._high_seat
        other._trump = self._trump
        other._queue = self._queue
        other._excess = self._excess
        other._after_draw = self._after_draw
        other._received = self._received.copy()
        other._holders = self._holders
        other._opening = self._opening
        other._leader = self._leader
        other._trick_seats = self._trick_seats
        other._trick_outs = self._trick_outs
        other._trick_cards = self._trick_cards.copy()
        other._tricks = self._tricks.copy()
        other._played = self._played
        other._start_cards = self._start_cards
        other._won = self._won.copy()
        other._seat_plays = [plays.copy() for plays in self._seat_plays]
        other._rank_bit = self._rank_bit
        other._at_rank = self._at_rank
        other._trick_bits = self._trick_bits
        other._following = self._following
        other._offered = (
            other._seat_plays[self.to_act]
            if self.phase == PLAY and not self._opening and self.to_act is not None
            else {}
        )
        return other
