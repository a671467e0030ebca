"""One pitch52 hand as a state machine (docs/rules.md#pitch52-deal to #pitch52-scoring).

Phases, in order: ``auction`` (one round, dealer last) → ``trump`` (the bidder names it) →
``excess_discard`` (only players holding more than six trumps; under ``rob = bidder_all`` also
the bidder after taking the stock) → ``play`` → ``over``. Throwing away non-trumps, the draw, the
bidder's rob and skipping players who are out are automatic steps, not actions.

Vocabulary: a seat is *out* when it holds no trump during play; it becomes *visibly out* (shown
in views) only when its turn is skipped (docs/rules.md#pitch52-seen): inside a trick when
play passes it, at the end of a trick for the seats after the last card, and when the lead
passes over it.

Hands are card masks. Cards received from the stock are public only as counts
(``received_counts``); excess trumps are discarded face up (``excess_discards``). The phases'
rules live beside this module: ``state`` (the fields), ``auction``, ``checks``, ``draw``,
``outcome``.

Play: the plays offered to the seat to act are kept as ``_offered`` (that seat's dict of card
→ interned ``Play``), so an offered play is recognised by identity in one lookup and every
other play is checked in full; the trick's plan says who follows each seat, and a trick ends
when the turn would come back to its leader.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.rules.actions import PLAYS, Action, Call, ExcessDiscard, NameTrump, Play
from engine.rules.base import AUCTION, OVER
from engine.rules.bits import sorted_cards54
from engine.rules.cards import BIT, cards_mask
from engine.rules.errors import IllegalActionError
from engine.rules.pitch52 import checks
from engine.rules.pitch52.auction import call_value, normal_call
from engine.rules.pitch52.checks import KEEP
from engine.rules.pitch52.draw import draw, rob
from engine.rules.pitch52.outcome import scored_result
from engine.rules.pitch52.ranks import CARD_AT_RANK, RANK_BIT, TRUMP_MASK
from engine.rules.pitch52.state import EXCESS, PHASE_OF_ACTION, PLAY, TRUMP, Pitch52State
from engine.rules.words import seat_name

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52


def seat_trumps(
    plays: Sequence[Play], rank_bit: tuple[int, ...], cards: tuple[int, ...]
) -> tuple[dict[int, Play], int]:
    """A seat's trumps at the start of play (``cards``): its plays by card, from its row of
    ``PLAYS``, and their rank mask, the sum of their ``rank_bit`` (distinct trumps have
    distinct bits)."""
    by_card: dict[int, Play] = {}
    ranks = 0
    for c in cards:
        by_card[c] = plays[c]
        ranks += rank_bit[c]
    return by_card, ranks


class Pitch52Hand(Pitch52State):
    """A pitch52 hand from the deal to the score. Built by ``Pitch52.start_hand``."""

    __slots__ = ()

    game: Pitch52

    # -- checking ---------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        kind = type(action)
        if kind is Call:
            self._check_call(action)  # type: ignore[arg-type]
            return
        self._check_turn(action)
        seat = action.seat
        hand = self._hands[seat]
        if kind is Play:
            checks.check_play(self.game, self._trump, seat, hand, action.card, self._opening)  # type: ignore[attr-defined]
        elif kind is NameTrump:
            checks.check_trump(action.suit)  # type: ignore[attr-defined]
        elif kind is ExcessDiscard:
            checks.check_excess(self.game, self._trump, seat, hand, action.cards)  # type: ignore[attr-defined]
        else:
            raise IllegalActionError(
                "wrong_phase", f"{action.type} is not an action of pitch52 (phase {self.phase})"
            )

    def _check_turn(self, action: Action) -> None:
        """``out_of_turn``, then ``wrong_phase`` (docs/rules.md#action-codes)."""
        if self.to_act is None or action.seat != self.to_act:
            who = "nobody: the hand is over" if self.to_act is None else f"{seat_name(self.to_act)}"
            raise IllegalActionError(
                "out_of_turn", f"{seat_name(action.seat)} may not act now; it is {who}"
            )
        if PHASE_OF_ACTION.get(type(action)) != self.phase:
            raise IllegalActionError(
                "wrong_phase", f"{action.type} does not belong to the {self.phase} phase"
            )

    def _check_call(self, action: Call) -> None:
        if self.phase != AUCTION:
            raise IllegalActionError(
                "auction_over", "the auction is over: no more calls (rules of the pitch auction)"
            )
        if action.seat != self.to_act:
            raise IllegalActionError(
                "out_of_turn",
                f"{seat_name(action.seat)} may not call now; it is {seat_name(self.to_act)}",
            )
        self._auction.check(self.game, action.seat, action.call, self.dealer)

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
                self.check(action)
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
            self._close_trick(cards, bits)
            return
        kind = type(action)
        if kind is Call:
            self._apply_call(action)  # type: ignore[arg-type]
        elif kind is NameTrump:
            self.check(action)
            self.history.append(action)
            self._name_trump(action.suit)  # type: ignore[attr-defined]
        elif kind is ExcessDiscard:
            self.check(action)
            self.history.append(action)
            self._discard_excess(action.seat, action.cards)  # type: ignore[attr-defined]
        else:
            self.check(action)

    def _apply_call(self, action: Call) -> None:
        seat = action.seat
        text = action.call
        if seat != self.to_act or self.phase is not AUCTION:
            self._check_call(action)
        value = self._calls[1].get(text)
        if value is None:
            # Refused, or written another way ("05", " PASS "): the full check decides.
            self._check_call(action)
            text = normal_call(text)
            value = call_value(text)
        self.history.append(action)
        self._auction.record(seat, text, value)
        if seat != self.dealer:
            after = self.to_act = self.game.rot[seat][1]
            self._calls = self.game.auction_choices(after, self._auction.high, after == self.dealer)
        else:
            self._end_auction()

    def _end_auction(self) -> None:
        """The dealer has called: redeal, or the high bidder names trump."""
        auction = self._auction
        if auction.high_seat < 0:
            self._finish_redeal({"dealer": self.dealer, "passed_out": True})
        else:
            self.contract = self.game.contract(auction.high_seat, auction.high)
            self.phase = TRUMP
            self.to_act = auction.high_seat

    def _name_trump(self, suit: int) -> None:
        """Trump named: every non-trump is thrown away face down (docs/rules.md#pitch52-draw
        step 2), then excess trumps go face up in turn (step 3), or the draw starts."""
        self._trump = suit
        keep = TRUMP_MASK[suit]
        hands = self._hands = [h & keep for h in self._hands]
        from_left = self.game.from_left[self.dealer]
        self._queue = tuple([s for s in from_left if hands[s].bit_count() > KEEP])
        self._next_excess_or_draw()

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
        """docs/rules.md#pitch52-draw step 4: the draw and the rob (automatic), then the bidder's
        excess trumps if he robbed them all, or the play."""
        assert self.contract is not None
        bidder = self.contract.bidder
        stock = self.deal.stock
        self._received, taken = draw(self.game, self._hands, stock, self.dealer, bidder)
        keep = TRUMP_MASK[self._trump]
        rob(self.game, self._hands, self._received, stock, taken, bidder, keep)
        if self.game.rob_all and self._hands[bidder].bit_count() > KEEP:
            self._queue = (bidder,)
            self._after_draw = True
            self.phase = EXCESS
            self.to_act = bidder
        else:
            self._start_play()

    def _start_play(self) -> None:
        """docs/rules.md#pitch52-draw step 5: non-trumps still in hand are thrown away; then the
        bidder leads (docs/rules.md#pitch52-play)."""
        keep = TRUMP_MASK[self._trump]
        hands = self._hands
        rank_bit = self._rank_bit = RANK_BIT[self._trump]
        start_cards, seat_plays, played = [], [], []
        holders = 0
        for seat, hand in enumerate(hands):
            held = hands[seat] = hand & keep
            cards = sorted_cards54(held)
            start_cards.append(cards)
            by_card, ranks = seat_trumps(PLAYS[seat], rank_bit, cards)
            seat_plays.append(by_card)
            played.append(ranks)
            if held:
                holders |= 1 << seat
        self._start_cards = tuple(start_cards)
        self._seat_plays = seat_plays
        self._played = tuple(played)
        self._holders = holders
        self._won = [0] * len(hands)
        self._tricks = []
        self._at_rank = CARD_AT_RANK[self._trump]
        self.phase = PLAY
        assert self.contract is not None
        self._start_trick(self.contract.bidder)

    def _close_trick(self, cards: list[int], bits: int) -> None:
        """Every card is a trump: the best is the highest bit of the trick's rank mask."""
        seats = self._trick_seats
        winner = seats[cards.index(self._at_rank[bits.bit_length() - 1])]
        self._won[winner] |= bits
        self._tricks.append((self._leader, seats, cards, winner, self._trick_outs[-1]))
        self._start_trick(winner)

    def _start_trick(self, first: int) -> None:
        """The lead falls to ``first`` and passes left over everyone out of trumps
        (docs/rules.md#pitch52-play)."""
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
        assert self.contract is not None
        self.result = scored_result(
            self.game,
            self.contract,
            trump=self._trump,
            dealer=self.dealer,
            tally=self.tally,
            played=self._played,
            won=self._won,
            tricks=self._tricks,
            start_cards=self._start_cards,
        )
        self.phase = OVER
        self.to_act = None

    def copy(self) -> Pitch52Hand:
        other = super().copy()
        assert isinstance(other, Pitch52Hand)
        return other
