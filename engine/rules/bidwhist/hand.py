"""One bid whist hand as a state machine (docs/rules.md#bidwhist-deal to #bidwhist-scoring).

Phases: ``auction`` (one round of calls), ``declare`` (the bidder names trump and mode),
``discard`` (the bidder, holding 16 cards after the automatic taking of the kitty, lays away 4),
``play`` (12 tricks, the bidder leads the first), ``over``.

State is kept in bitmasks (one per seat) so that legality is a few integer operations; the
legal plays are picked per suit out of the seat's interned plays by a precomputed getter
(``PICK13``), and every other legal action is interned too, so a random playout allocates
little.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine.rules.actions import PLAYS, Action, Call, Declare, KittyDiscard, Play
from engine.rules.base import AUCTION, OVER, Contract, Deal, Hand, HandResult, Tally
from engine.rules.bidwhist.auction import CALL_TEXT, HOLD, parse_call
from engine.rules.bidwhist.outcome import scored_result
from engine.rules.bidwhist.ranks import MODES, TRICK_TABLES, trump_index
from engine.rules.bits import PICK13, sorted_cards, subset_getter
from engine.rules.build import new_contract
from engine.rules.cards import BIT, CARD_NAMES, SUIT_MASK, mask_of, suit_str
from engine.rules.choices import CardSubsets, SubsetChoices
from engine.rules.errors import IllegalActionError, shown
from engine.rules.words import seat_name

if TYPE_CHECKING:
    from engine.rules.bidwhist.game import BidWhist

DECLARE = "declare"
DISCARD = "discard"
PLAY = "play"

SEATS = 4
TRICKS = 12
KITTY = 4
_SUIT_BITS = 0x1FFF

#: Every declaration, per seat: 4 suits and no trump, times the 3 modes.
DECLARES: tuple[tuple[Declare, ...], ...] = tuple(
    tuple(Declare(seat, trump, mode) for trump in (0, 1, 2, 3, None) for mode in MODES)
    for seat in range(SEATS)
)
_DECLARE_OK: frozenset[tuple[int | None, str]] = frozenset(
    (trump, mode) for trump in (0, 1, 2, 3, None) for mode in MODES
)

#: ``_SUIT_PLAYS[seat][suit]``: the seat's 13 plays of the suit; ``PICK13`` picks those of a
#: 13-bit mask out of them in one C call.
_SUIT_PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(PLAYS[seat][suit * 13 : suit * 13 + 13] for suit in range(4)) for seat in range(SEATS)
)


#: The bidder's kitty discards, in the order of ``CardSubsets``: a getter per choice of 4 of the
#: 16 cards he holds once he has taken the kitty (his 12 and the kitty's 4).
_KITTY_DISCARDS = tuple(subset_getter(p) for p in combinations(range(TRICKS + KITTY), KITTY))


def _refuse(code: str, message: str) -> IllegalActionError:
    return IllegalActionError(code, message)


class BidWhistHand(Hand):
    """A bid whist hand from the deal to the score (see the module docstring).

    Public facts besides ``base.Hand``'s: ``calls`` (seat, call) in order, ``trump`` and
    ``mode`` once declared (``declared``), ``trick`` (cards of the current trick, leader first)
    and ``leader``, ``tricks`` (leader, cards, winner) of the completed tricks, ``tricks_won``
    per side, ``kitty_book_side`` once known.
    """

    __slots__ = (
        "_discards",
        "_hands",
        "_kitty",
        "_led_mask",
        "calls",
        "contract",
        "deal",
        "dealer",
        "declared",
        "game",
        "high",
        "high_seat",
        "history",
        "kitty_book_side",
        "leader",
        "mode",
        "phase",
        "result",
        "tally",
        "to_act",
        "trick",
        "tricks",
        "tricks_won",
        "trump",
        "_values",
    )

    game: BidWhist

    def __init__(self, game: BidWhist, deal: Deal, dealer: int, tally: Tally) -> None:
        self.game = game
        self.dealer = dealer
        self.deal = deal
        self.tally = tally
        self.history: list[Action] = []
        self.phase = AUCTION
        self.to_act: int | None = (dealer + 1) & 3
        self.contract: Contract | None = None
        self.result: HandResult | None = None
        self._hands = [mask_of(cards) for cards in deal.hands]
        self._kitty = mask_of(deal.kitty)
        self._discards = 0
        self.calls: list[tuple[int, str]] = []
        self.high = 0
        self.high_seat: int | None = None
        self.declared = False
        self.trump: int | None = None
        self.mode: str | None = None
        self._values: tuple[tuple[int, ...], ...] = ()
        self.trick: list[int] = []
        self._led_mask = 0
        self.leader = 0
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.tricks_won = [0, 0]
        self.kitty_book_side: int | None = None

    # -- reading the state ------------------------------------------------------------------
    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask (secret: views decide who sees it)."""
        return self._hands[seat]

    @property
    def kitty_mask(self) -> int:
        """The kitty as dealt (secret: only the bidder sees it, once he has taken it)."""
        return self._kitty

    @property
    def discard_mask(self) -> int:
        """The bidder's four discards, 0 before he lays them away (secret: his only)."""
        return self._discards

    def legal_actions(self) -> Sequence[Action]:
        seat = self.to_act
        if self.phase is PLAY:
            assert seat is not None
            hand = self._hands[seat]
            plays = _SUIT_PLAYS[seat]
            if hand & self._led_mask:
                led = self.trick[0] // 13
                return PICK13[hand >> (13 * led) & _SUIT_BITS](plays[led])
            return (
                PICK13[hand & _SUIT_BITS](plays[0])
                + PICK13[hand >> 13 & _SUIT_BITS](plays[1])
                + PICK13[hand >> 26 & _SUIT_BITS](plays[2])
                + PICK13[hand >> 39](plays[3])
            )
        if seat is None:
            return ()
        if self.phase == AUCTION:
            return self.game.auction.legal(seat, seat == self.dealer, self.high)
        if self.phase == DECLARE:
            return DECLARES[seat]
        cards = sorted_cards(self._hands[seat])
        if len(cards) == TRICKS + KITTY:
            return SubsetChoices(KittyDiscard, seat, cards, _KITTY_DISCARDS, len(_KITTY_DISCARDS))
        return CardSubsets(KittyDiscard, seat, self._hands[seat], (KITTY,))

    # -- checking ---------------------------------------------------------------------------
    def _check_turn(self, action: Action, phase: str, kind: str) -> None:
        if action.seat != self.to_act:
            raise _refuse(
                "out_of_turn",
                f"{seat_name(action.seat)} cannot act now: "
                + (
                    "the hand is over"
                    if self.to_act is None
                    else f"it is {seat_name(self.to_act)}'s turn"
                ),
            )
        if self.phase != phase:
            raise _refuse("wrong_phase", f"a {kind} is not allowed in the {self.phase} phase")

    def _check_play(self, seat: int, card: int) -> None:
        hand = self._hands[seat]
        if not (0 <= card < 52 and hand & BIT[card]):
            name = CARD_NAMES[card] if 0 <= card < len(CARD_NAMES) else repr(card)
            raise _refuse("not_in_hand", f"{seat_name(seat)} does not hold {name}")
        trick = self.trick
        if trick:
            led = trick[0] // 13
            if card // 13 != led and hand & SUIT_MASK[led]:
                raise _refuse(
                    "must_follow_suit",
                    f"{seat_name(seat)} holds {suit_str(led)}, the suit led, and must follow it "
                    "(rules of bid whist play)",
                )

    def _check_discard(self, seat: int, cards: tuple[int, ...]) -> int:
        hand = self._hands[seat]
        mask = 0
        for c in cards:
            if not (isinstance(c, int) and 0 <= c < 52) or not hand & BIT[c] or mask & BIT[c]:
                raise _refuse(
                    "not_in_hand",
                    f"{seat_name(seat)} can only discard cards he holds, each once "
                    "(rules of bid whist books)",
                )
            mask |= BIT[c]
        if len(cards) != KITTY:
            raise _refuse(
                "bad_discard_count",
                f"the bidder lays away exactly 4 cards, not {len(cards)} "
                "(rules of bid whist books)",
            )
        return mask

    def _check_call(self, action: Call) -> int:
        if self.phase != AUCTION:
            raise _refuse(
                "auction_over",
                "the auction is over: no more calls (rules of the bid whist auction)",
            )
        if action.seat != self.to_act:
            self._check_turn(action, AUCTION, "call")
        parsed = parse_call(action.call)
        self.game.auction.check(parsed, action.seat == self.dealer, self.high)
        return parsed

    def check(self, action: Action) -> None:
        kind = type(action)
        if kind is Play:
            assert isinstance(action, Play)
            self._check_turn(action, PLAY, "play")
            self._check_play(action.seat, action.card)
        elif kind is Call:
            assert isinstance(action, Call)
            self._check_call(action)
        elif kind is Declare:
            assert isinstance(action, Declare)
            self._check_turn(action, DECLARE, "declaration")
            self._check_declare(action)
        elif kind is KittyDiscard:
            assert isinstance(action, KittyDiscard)
            self._check_turn(action, DISCARD, "kitty discard")
            self._check_discard(action.seat, action.cards)
        else:
            self._check_turn(action, "", action.type or "action")

    @staticmethod
    def _check_declare(action: Declare) -> None:
        trump = action.trump
        if not (trump is None or (type(trump) is int and 0 <= trump < 4)):
            raise _refuse(
                "bad_trump",
                f"trump must be S, H, D, C or NT, not {shown(trump)} "
                "(rules of naming trump in bid whist)",
            )
        if not isinstance(action.mode, str) or (trump, action.mode) not in _DECLARE_OK:
            raise _refuse(
                "bad_mode",
                f"mode must be one of {', '.join(MODES)}, not {shown(action.mode)} "
                "(rules of naming trump in bid whist)",
            )

    # -- applying ---------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        if action.__class__ is Play:
            # The hot path: the checks of ``_check_turn`` and ``_check_play``, inlined. A card
            # is refused when not held, or when it is off the suit led (``_led_mask``, 0 on
            # the lead) while the seat holds that suit.
            seat = action.seat
            card = action.card
            if seat != self.to_act or self.phase is not PLAY:
                self._check_turn(action, PLAY, "play")
            hands = self._hands
            hand = hands[seat]
            led = self._led_mask
            if not 0 <= card < 52:
                self._check_play(seat, card)
            bit = BIT[card]
            if not hand & bit or (hand & led and not bit & led):
                self._check_play(seat, card)
            hands[seat] = hand ^ bit
            self.history.append(action)
            trick = self.trick
            trick.append(card)
            if not led:
                self._led_mask = SUIT_MASK[card // 13]
                self.to_act = (seat + 1) & 3
            elif len(trick) == SEATS:
                self._end_trick()
            else:
                self.to_act = (seat + 1) & 3
            return
        kind = action.__class__
        if kind is Call:
            assert isinstance(action, Call)
            self._apply_call(action, self._check_call(action))
        elif kind is Declare:
            assert isinstance(action, Declare)
            self._check_turn(action, DECLARE, "declaration")
            self._check_declare(action)
            self._apply_declare(action)
        elif kind is KittyDiscard:
            assert isinstance(action, KittyDiscard)
            self._check_turn(action, DISCARD, "kitty discard")
            mask = self._check_discard(action.seat, action.cards)
            self.history.append(action)
            self._hands[action.seat] ^= mask
            self._discards = mask
            self.phase = PLAY
            self.leader = action.seat
        else:
            self.check(action)  # always refused: no other action belongs to bid whist

    def _apply_call(self, action: Call, parsed: int) -> None:
        seat = action.seat
        self.history.append(action)
        self.calls.append((seat, CALL_TEXT[parsed]))
        if parsed > 0:
            self.high = parsed
            self.high_seat = seat
        elif parsed == HOLD:
            self.high_seat = seat
        if seat != self.dealer:
            self.to_act = (seat + 1) & 3
            return
        # The dealer's call ends the auction; he cannot pass unless somebody bid.
        assert self.high_seat is not None
        contract = self.contract = new_contract(bidder=self.high_seat, bid=self.high)
        self.phase = DECLARE
        self.to_act = contract.bidder
        if self.game.options.kitty_book == "bidder":
            self.kitty_book_side = contract.bidder & 1

    def _apply_declare(self, action: Declare) -> None:
        self.history.append(action)
        self.declared = True
        self.trump = action.trump
        self.mode = action.mode
        self._values = TRICK_TABLES[trump_index(action.trump)][action.mode]
        self._hands[action.seat] |= self._kitty
        self.phase = DISCARD

    def _end_trick(self) -> None:
        trick = self.trick
        values = self._values[trick[0] // 13]  # the card values with this suit led
        best = 0
        for i in range(1, SEATS):
            if values[trick[i]] > values[trick[best]]:
                best = i
        leader = self.leader
        winner = (leader + best) & 3
        tricks = self.tricks
        tricks.append((leader, tuple(trick), winner))
        self.tricks_won[winner & 1] += 1
        self.trick = []
        self._led_mask = 0
        self.leader = winner
        self.to_act = winner
        if self.kitty_book_side is None:
            self.kitty_book_side = winner & 1
        if len(tricks) == TRICKS:
            self._finish()

    def _finish(self) -> None:
        self.result = scored_result(self)
        self.phase = OVER
        self.to_act = None

    # -- views and copies -------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.rules.bidwhist.view import hand_view

        return hand_view(self, seat)

    def copy(self) -> BidWhistHand:
        new = object.__new__(BidWhistHand)
        for name in BidWhistHand.__slots__:
            setattr(new, name, getattr(self, name))
        new.history = self.history[:]
        new._hands = self._hands[:]
        new.calls = self.calls[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        return new

    def __repr__(self) -> str:
        return f"<BidWhistHand dealer={self.dealer} phase={self.phase} to_act={self.to_act}>"
