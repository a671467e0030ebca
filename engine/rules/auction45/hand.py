"""One hand of auction45 as a state machine (RULES.md 1.4-1.9).

Phases, in order: ``auction`` (calls) → ``declare`` (the bidder may go on the kitty, then names
trump; the kitty joins his hand) → ``kitty_discard`` (only when he holds more than five) →
``draw`` (every player discards once, dealer's left first; then the dealer restores every hand
to five from the stock) → ``play`` (five tricks) → ``over``. A hand thrown in because everybody
passed goes from ``auction`` straight to ``over``.

Hands are int masks (``engine.rules.cards``); cards out of play (the bidder's old hand when he
goes on the kitty, the kitty's non-trumps under ``trumps_only``, every discard) are kept in one
mask so that views can be checked against them. ``apply`` validates the whole action before it
changes anything, then runs the automatic steps (taking the kitty, the draw) up to the next
decision.

Speed: random playouts call ``legal_actions`` then ``apply`` tens of thousands of times a
second, so plays and draw discards have inlined paths. ``legal_actions`` remembers the legal
mask it computed (``_legal``) and ``apply`` reuses it while the state is unchanged; every
change of state resets it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from engine.rules.actions import (
    PLAYS,
    Action,
    Call,
    Discard,
    GoKitty,
    KittyDiscard,
    NameTrump,
    Play,
)
from engine.rules.auction45.auction import Auction
from engine.rules.auction45.bits import sorted_cards
from engine.rules.auction45.choices import GETTERS, PREFIX, SIZED, SubsetChoices
from engine.rules.auction45.ranks import TRUMP, TRUMP_BASE, TrumpTables
from engine.rules.base import Contract, Deal, Hand, HandResult, HandScore, Tally
from engine.rules.cards import BIT, CARD_NAMES, SUITS, mask_str
from engine.rules.errors import IllegalActionError

if TYPE_CHECKING:
    from engine.rules.auction45.game import Auction45

AUCTION = "auction"
DECLARE = "declare"
KITTY_DISCARD = "kitty_discard"
DRAW = "draw"
PLAY = "play"
OVER = "over"

#: Bit of each ordinary card; anything else (jokers, junk) is "not in hand".
CARD_BIT: dict[int, int] = {c: BIT[c] for c in range(52)}

_PHASE_ACTIONS: dict[str, str] = {
    AUCTION: "call",
    DECLARE: "go_kitty or trump",
    KITTY_DISCARD: "kitty_discard",
    DRAW: "discard",
    PLAY: "play",
}


def _refuse(code: str, message: str) -> IllegalActionError:
    return IllegalActionError(code, message)


#: Initial values of the immutable parts of a hand's state; each game adds its own constants
#: (``Auction45.hand_start``) and ``Auction45Hand.__init__`` copies them in at once.
HAND_START: dict[str, Any] = {
    "phase": AUCTION,
    "contract": None,
    "result": None,
    "_out": 0,
    "_legal": -1,
    "_bidder": -1,
    "_trump": None,
    "_tables": None,
    "_went_kitty": False,
    "_need_total": 0,
    "_reserve": 0,
    "_stock_pos": 0,
    "_deal": None,
    "_legal_calls": None,
    "_deck": None,
    "_discard_counts": (),
    "_plays": (),
    "_trick": (),
    "_tricks": (),
    "_trick_winners": (),
    "_points": (),
    "_draw_counts": None,
    "_hands_after_draw": None,
    "_leader": 0,
    "_win": (),
    "_best_val": 0,
    "_best_pos": 0,
    "_force_lead": False,
    "_best_trump": -1,
    "_best_trump_side": -1,
}


class Auction45Hand(Hand):
    """A hand of auction45. Build it with ``Auction45.new_hand`` or ``start_hand``."""

    game: Auction45
    _auction: Auction
    _hands: list[int]
    _kitty: int
    _out: int
    _legal: int
    _bidder: int
    _trump: int | None
    _tables: TrumpTables | None
    _went_kitty: bool
    _discard_counts: list[int | None]
    _need_total: int
    _reserve: int
    _stock_pos: int
    _stock: Sequence[int]
    _legal_calls: tuple[Call, ...] | None
    _follow_or_trump: bool
    _stock_size: int
    _max_discard: int
    _deal: Deal | None
    _deck: Sequence[int] | None
    _draw_counts: list[int] | None
    _hands_after_draw: tuple[tuple[int, ...], ...] | None
    _plays: list[list[Play]]
    _trick: list[int]
    _leader: int
    _win: tuple[int, ...]
    _best_val: int
    _best_pos: int
    _force_lead: bool
    _seats: int
    _next_seat: tuple[int, ...]
    _tricks: list[tuple[int, tuple[int, ...], int]]
    _trick_winners: list[int]
    _points: list[int]
    _best_trump: int
    _best_trump_side: int

    def __init__(
        self,
        game: Auction45,
        dealer: int,
        tally: Tally,
        hands: list[int],
        kitty: int,
        stock: Sequence[int],
        stock_pos: int,
        deal: Deal | None,
        deck: Sequence[int] | None = None,
    ) -> None:
        """The hand at its first call. ``hands`` and ``kitty`` are masks; ``stock`` from
        ``stock_pos`` is the stock, top first. ``deal`` may be ``None`` when ``deck`` (the
        shuffled deck it was dealt from) is given: the ``Deal`` is then built on first use."""
        self.__dict__.update(game.hand_start)
        self.dealer = dealer
        self.tally = tally
        self.history = []
        self._hands = hands
        self._kitty = kitty
        self._stock = stock
        self._stock_pos = stock_pos
        self._deal = deal
        self._deck = deck
        auction = self._auction = Auction(game.auction_rules, dealer, tally.scores)
        self.to_act = auction.to_act

    @property
    def deal(self) -> Deal:  # type: ignore[override]
        deal = self._deal
        if deal is None:
            assert self._deck is not None
            deal = self._deal = self.game.deal_from_deck(self._deck, self.dealer)
        return deal

    @deal.setter
    def deal(self, value: Deal) -> None:
        self._deal = value

    # -- copying ---------------------------------------------------------------------------
    def copy(self) -> Auction45Hand:
        new: Auction45Hand = object.__new__(Auction45Hand)
        state = self.__dict__.copy()
        state["history"] = self.history[:]
        state["_hands"] = self._hands[:]
        state["_auction"] = self._auction.copy()
        state["_discard_counts"] = self._discard_counts[:]
        if self._draw_counts is not None:
            state["_draw_counts"] = self._draw_counts[:]
        state["_plays"] = [plays[:] for plays in self._plays]
        state["_trick"] = self._trick[:]
        state["_tricks"] = self._tricks[:]
        state["_trick_winners"] = self._trick_winners[:]
        state["_points"] = self._points[:]
        new.__dict__.update(state)
        return new

    # -- read-only facts used by views and tests ---------------------------------------------
    @property
    def trump(self) -> int | None:
        return self._trump

    @property
    def auction(self) -> Auction:
        return self._auction

    @property
    def bidder(self) -> int | None:
        return self._bidder if self._bidder >= 0 else None

    @property
    def went_on_kitty(self) -> bool:
        return self._went_kitty

    def hand_mask(self, seat: int) -> int:
        """Cards held by ``seat`` right now."""
        return self._hands[seat]

    @property
    def kitty(self) -> int:
        """The kitty's cards as dealt (a mask)."""
        return self._kitty

    @property
    def out_mask(self) -> int:
        """Cards out of play: every discard so far (face down)."""
        return self._out

    @property
    def stock_left(self) -> tuple[int, ...]:
        return tuple(self._stock[self._stock_pos :])

    @property
    def trick_cards(self) -> tuple[int, ...]:
        return tuple(self._trick)

    @property
    def trick_leader(self) -> int:
        return self._leader

    @property
    def completed_tricks(self) -> tuple[tuple[int, tuple[int, ...], int], ...]:
        """``(leader, cards in playing order, winner)`` per completed trick."""
        return tuple(self._tricks)

    @property
    def discard_counts(self) -> tuple[int | None, ...]:
        return tuple(self._discard_counts)

    @property
    def draw_counts(self) -> tuple[int, ...] | None:
        return None if self._draw_counts is None else tuple(self._draw_counts)

    @property
    def points(self) -> tuple[int, ...]:
        """Trick points per side so far (the best-trump bonus is added at the end)."""
        return tuple(self._points) if self._points else (0,) * self.game.sides

    # -- legal actions -----------------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase is PLAY:
            seat: int = self.to_act  # type: ignore[assignment]
            hand = self._hands[seat]
            legal = self._legal
            if legal < 0:
                # _play_mask, inlined: this runs for every card of every hand.
                tables: TrumpTables = self._tables  # type: ignore[assignment]
                trick = self._trick
                if trick:
                    led = trick[0]
                    effective = tables.effective[led]
                    if effective == TRUMP:
                        legal = hand & tables.trump_mask if hand & tables.unprivileged[led] else hand
                    elif self._follow_or_trump and hand & tables.follow_mask[effective]:
                        legal = hand & (tables.follow_mask[effective] | tables.trump_mask)
                    else:
                        legal = hand
                elif self._force_lead:
                    legal = hand & tables.trump_mask or hand
                else:
                    legal = hand
                self._legal = legal
            if legal == hand:
                return self._plays[seat][:]
            return list(map(PLAYS[seat].__getitem__, sorted_cards(legal)))
        if phase is AUCTION:
            calls = self._legal_calls = self._auction.legal()
            return calls
        seat = self.to_act  # type: ignore[assignment]
        if phase is DRAW:
            hand = self._hands[seat]
            held = hand.bit_count()
            limit = self._legal
            if limit < 0:
                limit = self._legal = self._max_draw_discard(seat, held)
            return SubsetChoices(Discard, seat, sorted_cards(hand), GETTERS[held], PREFIX[held][limit])
        if phase is DECLARE:
            if self._go_kitty_allowed():
                return self.game.declare_with_kitty[seat]
            return self.game.name_trump[seat]
        if phase is KITTY_DISCARD:
            return self._kitty_discard_choices(seat)
        return ()

    def _kitty_discard_choices(self, seat: int) -> Sequence[Action]:
        hand = self._hands[seat]
        held = hand.bit_count()
        drop = held - 5
        if self.game.trumps_only:
            tables = self._tables
            assert tables is not None
            plain = hand & ~tables.trump_mask
            if drop > plain.bit_count():
                return (KittyDiscard(seat, sorted_cards(self._lowest_discard(hand, drop))),)
            cards = sorted_cards(plain)
            getters = SIZED[len(cards)][drop]
            return SubsetChoices(KittyDiscard, seat, cards, getters, len(getters))
        getters = SIZED[held][drop]
        return SubsetChoices(KittyDiscard, seat, sorted_cards(hand), getters, len(getters))

    def _lowest_discard(self, hand: int, drop: int) -> int:
        """``trumps_only``: the one allowed discard when non-trumps are not enough."""
        tables = self._tables
        assert tables is not None
        chosen = hand & ~tables.trump_mask
        missing = drop - chosen.bit_count()
        for c in tables.lowest_first:
            if not missing:
                break
            if hand & BIT[c]:
                chosen |= BIT[c]
                missing -= 1
        return chosen

    def _go_kitty_allowed(self) -> bool:
        return (
            self.game.options.go_on_kitty
            and self._kitty != 0
            and not self._went_kitty
            and self._trump is None
        )

    def _max_draw_discard(self, seat: int, held: int) -> int:
        """Most cards ``seat`` may discard now: ``max_discard``, and what the stock can
        replace while still bringing a short bidder back to five (see the package notes)."""
        game = self.game
        reserve = self._reserve if seat != self._bidder else 0
        room = game.stock_size - self._need_total - reserve - (5 - held)
        return min(game.max_discard, held, room)

    def _play_mask(self, seat: int) -> tuple[int, str]:
        """Legal cards of ``seat`` as a mask, and the code that refuses any other card."""
        hand = self._hands[seat]
        tables = self._tables
        assert tables is not None
        trick = self._trick
        if not trick:
            if self._force_lead and hand & tables.trump_mask:
                return hand & tables.trump_mask, "must_lead_trump"
            return hand, ""
        led = trick[0]
        effective = tables.effective[led]
        if effective == TRUMP:
            trumps = hand & tables.trump_mask
            if trumps & ~tables.privileged[led]:
                return trumps, "must_play_trump"
            return hand, ""
        if self._follow_or_trump:
            follow = hand & tables.follow_mask[effective]
            if follow:
                return follow | (hand & tables.trump_mask), "must_follow_suit"
        return hand, ""

    # -- checking ------------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        self._check(action)

    def _check(self, action: Action) -> Any:
        """Validate ``action``; return what ``apply`` needs (parsed call, card mask…).

        Raises:
            IllegalActionError: RULES.md 7 codes in the order of section 7.
        """
        cls = action.__class__
        if cls is Call:
            assert isinstance(action, Call)
            if self.phase is not AUCTION:
                raise _refuse("auction_over", "the auction is over: no more calls")
            return self._auction.check(action.seat, action.call)
        if not isinstance(action, Action):
            raise _refuse("wrong_phase", f"{action!r} is not an action")
        seat = action.seat
        if self.to_act is None or seat != self.to_act:
            who = (
                "nobody is to act: the hand is over"
                if self.to_act is None
                else f"it is seat {self.to_act}'s turn"
            )
            raise _refuse("out_of_turn", f"seat {seat} cannot act now: {who}")
        phase = self.phase
        if cls is Play:
            assert isinstance(action, Play)
            if phase is not PLAY:
                raise self._wrong_phase(action)
            return self._check_play(seat, action.card)
        if cls is Discard:
            assert isinstance(action, Discard)
            if phase is not DRAW:
                raise self._wrong_phase(action)
            return self._check_draw_discard(seat, action.cards)
        if cls is NameTrump:
            assert isinstance(action, NameTrump)
            if phase is not DECLARE:
                raise self._wrong_phase(action)
            if action.suit.__class__ is not int or not 0 <= action.suit < 4:
                raise _refuse("bad_trump", f"trump must be one of S H D C, not {action.suit!r}")
            return action.suit
        if cls is GoKitty:
            if phase is AUCTION:
                raise self._wrong_phase(action)
            if not self._go_kitty_allowed():
                if self._trump is not None:
                    why = "trump is already named"
                elif not self.game.options.go_on_kitty:
                    why = "going on the kitty is not allowed in this game (option go_on_kitty)"
                else:
                    why = "the kitty is empty"
                raise _refuse(
                    "go_kitty_not_allowed", f"cannot go on the kitty: {why} (RULES.md 1.6)"
                )
            return None
        if cls is KittyDiscard:
            assert isinstance(action, KittyDiscard)
            if phase is not KITTY_DISCARD:
                raise self._wrong_phase(action)
            return self._check_kitty_discard(seat, action.cards)
        raise self._wrong_phase(action)

    def _refused(self, action: Action) -> NoReturn:
        """Raise the error ``_check`` gives for an action a fast path found illegal."""
        self._check(action)
        raise AssertionError(f"{action} was found illegal but passes the checks")

    def _wrong_phase(self, action: Action) -> IllegalActionError:
        expected = _PHASE_ACTIONS.get(self.phase, "nothing")
        return _refuse(
            "wrong_phase",
            f"a {action.type} action does not belong to the {self.phase} phase "
            f"(expected: {expected})",
        )

    def _cards_mask(self, seat: int, cards: tuple[int, ...]) -> int:
        """Mask of ``cards``, all in the seat's hand and distinct (else ``not_in_hand``)."""
        hand = self._hands[seat]
        mask = 0
        for c in cards:
            bit = CARD_BIT.get(c)
            if bit is None or not hand & bit:
                name = CARD_NAMES[c] if bit is not None else repr(c)
                raise _refuse("not_in_hand", f"seat {seat} does not hold {name}")
            if mask & bit:
                raise _refuse("not_in_hand", f"{CARD_NAMES[c]} is listed twice")
            mask |= bit
        return mask

    def _check_play(self, seat: int, card: int) -> int:
        bit = CARD_BIT.get(card)
        if bit is None or not self._hands[seat] & bit:
            name = CARD_NAMES[card] if bit is not None else repr(card)
            raise _refuse("not_in_hand", f"seat {seat} does not hold {name}")
        legal, code = self._play_mask(seat)
        if not legal & bit:
            raise self._play_refusal(code, seat, card, legal)
        return bit

    def _play_refusal(self, code: str, seat: int, card: int, legal: int) -> IllegalActionError:
        name = CARD_NAMES[card]
        if code == "must_lead_trump":
            bid = self.contract.bid if self.contract is not None else 0
            why = (
                f"on a contract of {bid} the opening lead must be a trump "
                "(option thirty_forces_trump_lead, RULES.md 1.8)"
            )
        elif code == "must_play_trump":
            why = (
                f"trump was led ({CARD_NAMES[self._trick[0]]}) and seat {seat} holds a trump it "
                "may not renege (RULES.md 1.8)"
            )
        else:
            suit = SUITS[self._trick[0] // 13]
            why = (
                f"{suit} was led: follow suit or trump (option follow_nontrump = "
                "follow_or_trump, RULES.md 1.8)"
            )
        return _refuse(code, f"seat {seat} cannot play {name}: {why}; legal: {mask_str(legal)}")

    def _check_draw_discard(self, seat: int, cards: tuple[int, ...]) -> int:
        mask = self._cards_mask(seat, cards)
        count = len(cards)
        game = self.game
        if count > game.max_discard:
            raise _refuse(
                "discard_limit",
                f"seat {seat} discards {count} cards; at most {game.max_discard} "
                "(option max_discard, RULES.md 1.7)",
            )
        held = self._hands[seat].bit_count()
        if count > self._max_draw_discard(seat, held):
            reserve = self._reserve if seat != self._bidder else 0
            left = game.stock_size - self._need_total - reserve
            raise _refuse(
                "stock_exhausted",
                f"seat {seat} would need {5 - held + count} cards but the stock can give "
                f"{max(left, 0)} (RULES.md 1.7)",
            )
        return mask

    def _check_kitty_discard(self, seat: int, cards: tuple[int, ...]) -> int:
        mask = self._cards_mask(seat, cards)
        hand = self._hands[seat]
        drop = hand.bit_count() - 5
        if len(cards) != drop:
            raise _refuse(
                "bad_discard_count",
                f"the bidder holds {hand.bit_count()} cards and must discard exactly {drop} "
                f"to keep 5, not {len(cards)} (RULES.md 1.6)",
            )
        if self.game.trumps_only:
            tables = self._tables
            assert tables is not None
            plain = hand & ~tables.trump_mask
            if drop > plain.bit_count():
                refused = mask != self._lowest_discard(hand, drop)
            else:
                refused = bool(mask & ~plain)
            if refused:
                raise _refuse(
                    "must_discard_lowest",
                    "the bidder must discard his lowest cards: non-trumps first, then trumps "
                    "lowest first (option kitty_rule = trumps_only, RULES.md 1.6)",
                )
        return mask

    # -- applying ------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        cls = action.__class__
        phase = self.phase
        if cls is Play and phase is PLAY:
            # The hot path: the checks of _check_play, then the play, inlined.
            seat = action.seat
            if seat != self.to_act:
                self._refused(action)  # out_of_turn
            card = action.card  # type: ignore[attr-defined]
            hands = self._hands
            hand = hands[seat]
            bit = CARD_BIT.get(card)
            if bit is None or not hand & bit:
                self._refused(action)  # not_in_hand
            legal = self._legal
            if legal < 0:
                legal = self._play_mask(seat)[0]
            if not legal & bit:
                self._refused(action)  # must_lead_trump, must_play_trump, must_follow_suit
            hands[seat] = hand ^ bit
            # plays are in canonical order: the card's place is the count of lower cards.
            del self._plays[seat][(hand & (bit - 1)).bit_count()]
            self.history.append(action)
            self._legal = -1
            trick = self._trick
            if trick:
                value = self._win[card]
                if value > self._best_val:
                    self._best_val = value
                    self._best_pos = len(trick)
                trick.append(card)
                if len(trick) == self._seats:
                    self._end_trick()
                    return
            else:
                tables: TrumpTables = self._tables  # type: ignore[assignment]
                win = self._win = tables.win[tables.effective[card]]
                self._best_val = win[card]
                self._best_pos = 0
                self._force_lead = False
                trick.append(card)
            self.to_act = self._next_seat[seat]
            return
        if cls is Call and phase is AUCTION:
            auction = self._auction
            calls = self._legal_calls
            # A call from the list legal_actions just computed for this state is legal;
            # anything else goes through every check of RULES.md 1.5.
            if calls is not None and action in calls:
                parsed = auction.rules.parsed[action.call]  # type: ignore[attr-defined]
            else:
                parsed = auction.check(action.seat, action.call)  # type: ignore[attr-defined]
            self._legal_calls = None
            self.history.append(action)
            auction.apply(action.seat, action.call, parsed)  # type: ignore[attr-defined]
            to_act = auction.to_act
            if to_act is not None:
                self.to_act = to_act
            else:
                self._end_auction()
            return
        if cls is Discard and phase is DRAW:
            seat = action.seat
            if seat != self.to_act:
                self._refused(action)  # out_of_turn
            hand = self._hands[seat]
            mask = 0
            for c in action.cards:  # type: ignore[attr-defined]
                bit = CARD_BIT.get(c)
                if bit is None or not hand & bit or mask & bit:
                    self._refused(action)  # not_in_hand
                mask |= bit
            held = hand.bit_count()
            count = held - (hand ^ mask).bit_count()
            limit = self._legal
            if limit < 0:
                limit = self._max_draw_discard(seat, held)
            if count > limit:
                self._refused(action)  # discard_limit or stock_exhausted
            self.history.append(action)
            self._legal = -1
            self._hands[seat] = hand ^ mask
            self._out |= mask
            self._discard_counts[seat] = count
            self._need_total += 5 - held + count
            if seat == self._bidder:
                self._reserve = 0
            if seat != self.dealer:
                self.to_act = self._next_seat[seat]
            else:
                self._deliver()
            return
        prepared = self._check(action)
        self.history.append(action)
        self._legal = -1
        self._legal_calls = None
        if cls is NameTrump:
            self._apply_trump(prepared)
        elif cls is GoKitty:
            self._apply_go_kitty()
        elif cls is KittyDiscard:
            self._hands[action.seat] &= ~prepared
            self._out |= prepared
            self._start_draw()
        elif cls is Call:  # a call refused by _check never gets here
            raise AssertionError(action)
        else:  # pragma: no cover - every other action is refused by _check
            raise AssertionError(action)

    def _end_auction(self) -> None:
        auction = self._auction
        high_seat = auction.high_seat
        if high_seat is None:
            self._finish_thrown_in()
            return
        self._bidder = high_seat
        self.contract = Contract(high_seat, auction.high)
        self.phase = DECLARE
        self.to_act = high_seat
        if self.game.view_before:
            self._hands[high_seat] |= self._kitty

    def _apply_go_kitty(self) -> None:
        bidder = self._bidder
        self._out |= self._hands[bidder] & ~self._kitty
        self._hands[bidder] = self._kitty
        self._went_kitty = True

    def _apply_trump(self, suit: int) -> None:
        game = self.game
        tables = game.tables[suit]
        self._trump = suit
        self._tables = tables
        bidder = self._bidder
        kitty = self._kitty
        hand = kitty if self._went_kitty else self._hands[bidder] | kitty
        if game.trumps_only:
            dropped = kitty & ~tables.trump_mask
            self._out |= dropped
            hand &= ~dropped
        self._hands[bidder] = hand
        if hand.bit_count() > 5:
            self.phase = KITTY_DISCARD
            self.to_act = bidder
        else:
            self._start_draw()

    def _start_draw(self) -> None:
        self.phase = DRAW
        game = self.game
        self._discard_counts = [None] * game.seats
        self._need_total = 0
        self._reserve = max(0, 5 - self._hands[self._bidder].bit_count())
        self.to_act = game.next_seat[self.dealer]

    def _deliver(self) -> None:
        """The dealer restores every hand to five from the top of the stock (RULES.md 1.7)."""
        game = self.game
        stock = self._stock
        hands = self._hands
        pos = self._stock_pos
        needs = [5 - h.bit_count() for h in hands]
        self._draw_counts = needs[:]
        packet = game.draw_packet_max
        order = game.draw_order[self.dealer]
        if packet is not None:
            for seat in order:
                need = needs[seat]
                if need:
                    give = need if need <= packet else packet
                    for c in stock[pos : pos + give]:
                        hands[seat] |= BIT[c]
                    pos += give
                    needs[seat] = need - give
        for seat in order:
            need = needs[seat]
            if need:
                for c in stock[pos : pos + need]:
                    hands[seat] |= BIT[c]
                pos += need
        self._stock_pos = pos
        after = tuple(map(sorted_cards, hands))
        self._hands_after_draw = after
        self._plays = [list(map(PLAYS[seat].__getitem__, cards)) for seat, cards in enumerate(after)]
        self._trick = []
        self._tricks = []
        self._trick_winners = []
        self._points = [0] * game.sides
        self.phase = PLAY
        bidder = self._bidder
        leader = bidder if game.first_lead_bidder else game.next_seat[bidder]
        self._leader = leader
        self.to_act = leader
        contract = self.contract
        assert contract is not None
        self._force_lead = (
            game.thirty_forces_trump_lead
            and contract.bid >= 30
            and game.seat_side[leader] != game.seat_side[bidder]
        )

    def _end_trick(self) -> None:
        game = self.game
        leader = self._leader
        winner = game.seat_at[leader][self._best_pos]
        side = game.seat_side[winner]
        self._points[side] += 5
        best = self._best_val
        if best > TRUMP_BASE and best > self._best_trump:
            self._best_trump = best
            self._best_trump_side = side
        self._tricks.append((leader, tuple(self._trick), winner))
        self._trick_winners.append(winner)
        self._trick = []
        if len(self._tricks) < 5:
            self._leader = winner
            self.to_act = winner
        else:
            self._finish_scored()

    # -- the end -------------------------------------------------------------------------------
    def _finish_thrown_in(self) -> None:
        tally = self.tally
        zero = (0,) * len(tally.scores)
        score = HandScore(None, zero, tally.scores, None, tally)
        self.result = HandResult("redeal", score, {"dealer": self.dealer, "passed_out": True})
        self.phase = OVER
        self.to_act = None

    def _finish_scored(self) -> None:
        game = self.game
        contract = self.contract
        assert contract is not None and self._trump is not None
        points = self._points
        no_trump = self._best_trump < 0
        if not no_trump:
            points[self._best_trump_side] += 5
        trump = SUITS[self._trump]
        max_bid = self._auction.max_by_side
        facts: dict[str, Any] = {
            "bidder": contract.bidder,
            "bid": contract.bid,
            "trump": trump,
            "points": points,
            "no_trump_played": no_trump,
            "auction_max_bid": max_bid,
        }
        score = game.scorer.score(facts, self.tally)
        line: dict[str, Any] = {
            "dealer": self.dealer,
            "bidder": contract.bidder,
            "bid": contract.bid,
            "trump": trump,
            "points": points[:],
        }
        if no_trump:
            line["no_trump_played"] = True
        if game.line_needs_max_bid:
            line["auction_max_bid"] = max_bid[:]
        line["made"] = score.made
        line["scores_after"] = list(score.scores_after)
        if game.line_needs_sets:
            line["sets_before"] = list(self.tally.sets)
            line["consecutive_sets_before"] = list(self.tally.consecutive_sets)
        best_card = None
        if not no_trump:
            order = game.tables[self._trump].trump_order
            best_card = order[len(order) - (self._best_trump - TRUMP_BASE)]
        self.result = HandResult(
            "scored",
            score,
            line,
            tuple(self._trick_winners),
            tuple(points),
            None,
            None,
            None,
            best_card,
            self._hands_after_draw,
            {
                "best_trump_side": None if no_trump else self._best_trump_side,
                "no_trump_played": no_trump,
                "went_on_kitty": self._went_kitty,
            },
        )
        self.phase = OVER
        self.to_act = None

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.rules.auction45.view import hand_view

        return hand_view(self, seat)
