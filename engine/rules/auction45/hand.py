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
second, so calls, plays and draw and kitty discards have inlined paths, and every attribute is
a slot. On CPython 3.11 (measured with callgrind, see ``bench/engine.py``) each bytecode costs
tens of machine instructions and builtins such as ``max``, ``map`` or ``zip`` hundreds more,
so the hot paths are plain lookups and comparisons, written out. Int ``+`` and ``-`` have
specialised bytecodes and ``|``, ``^`` and ``&`` do not, so where the bits are known to be
disjoint (a discard's cards, a card leaving a hand) masks are added and subtracted: 2,400
machine instructions fewer per hand, and 290 more where a draw or kitty discard joins the cards
out of play (a held card is never out).

- Play: each seat's five cards after the draw are fixed, with their interned plays
  (``_full``), and sets of them are 5-bit local masks (``engine.rules.auction45.play``):
  ``_left`` per seat, and ``_legal_local`` per seat for the current trick, which is ``_left``
  itself when anything goes. Listing the legal plays is one C call; a play is checked by
  looking its card's local bit up (``_bits``, a dict per seat) and testing it. The trick's
  best card so far is kept by its seat (``_best_seat``, which is the winner once every seat
  has played), and a trick is complete when the turn comes back to its leader: against a
  position looked up in ``seat_at`` and ``len(trick)`` per card, 2,200 machine instructions
  fewer per hand.
- Auction: the calls of a situation are interned and listed once per game
  (``AuctionRules.legal_calls``); a call picked from the list just offered is recognised by
  its id and skips the checks of RULES.md 1.5.
- Draw: ``_legal`` caches the most cards the seat to act may discard; any change of state
  resets it. A discard is checked as one mask: every card a card (``CARD_BIT``), held, and as
  many bits as cards (none listed twice). The mask is built inline in ``apply``: a helper
  function for it cost 2,400 machine instructions per hand (draw and kitty discards). So is
  the ``SubsetChoices`` offered to each player: ``subset_choices`` cost 1,700 more per hand,
  and 370 more for the bidder's kitty discard (``kitty_rule = free``, most hands).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
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
from engine.rules.auction45.choices import GETTERS, PREFIX, SIZED
from engine.rules.auction45.play import (
    FREE,
    FULL,
    PICK,
    TRUMP_SHIFT,
    card_mask,
    restrict,
)
from engine.rules.auction45.ranks import TRUMP, TRUMP_BASE, TrumpTables
from engine.rules.base import Deal, Hand, Tally
from engine.rules.bits import sorted_cards
from engine.rules.build import new_contract, new_result, new_score
from engine.rules.cards import BIT, CARD_NAMES, SUITS, mask_str
from engine.rules.choices import SubsetChoices, subset_choices
from engine.rules.errors import IllegalActionError, shown

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


def _card_bit(c: object) -> int | None:
    """The bit of an ordinary card; ``None`` for anything else (unhashable values included)."""
    try:
        return CARD_BIT.get(c)  # type: ignore[call-overload, no-any-return]
    except TypeError:
        return None


_new = object.__new__

#: Stands in for the lists a later phase builds (``_start_draw``: discard counts and needs;
#: ``_deliver``: cards left and points) until then. The empty tuple is a constant: building and
#: freeing four empty lists in ``__init__`` cost 340 machine instructions more per hand. Nothing
#: writes to those lists before they are built (a write to the tuple would raise).
_NOT_YET: Any = ()


def _refuse(code: str, message: str) -> IllegalActionError:
    return IllegalActionError(code, message)


class Auction45Hand(Hand):
    """A hand of auction45. Build it with ``Auction45.new_hand`` or ``start_hand``.

    Every attribute is a slot: the hot paths read a dozen attributes per action, and slot
    reads cost a third of reads from a large instance dict.
    """

    __slots__ = (
        "_auction",
        "_best_seat",
        "_best_trump",
        "_best_trump_side",
        "_best_val",
        "_bidder",
        "_deal",
        "_deck",
        "_discard_counts",
        "_draw_counts",
        "_needs",
        "_winners",
        "_follow_or_trump",
        "_hands",
        "_hands_after_draw",
        "_kitty",
        "_lead_rule",
        "_left",
        "_legal_local",
        "_leader",
        "_legal",
        "_offered_calls",
        "_max_discard",
        "_next_seat",
        "_out",
        "_full",
        "_bits",
        "_packed",
        "_points",
        "_reserve",
        "_room",
        "_seats",
        "_stock",
        "_stock_pos",
        "_tables",
        "_trick",
        "_tricks",
        "_trump",
        "_went_kitty",
        "_win",
        "contract",
        "dealer",
        "game",
        "history",
        "phase",
        "result",
        "tally",
        "to_act",
    )

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
    _room: int
    _max_discard: int
    _reserve: int
    _stock_pos: int
    _stock: Sequence[int]
    _offered_calls: dict[int, tuple[int, int]] | None
    _follow_or_trump: bool
    _deal: Deal | None
    _deck: Sequence[int] | None
    _draw_counts: list[int] | None
    _needs: list[int]
    _winners: list[int]
    _hands_after_draw: tuple[tuple[int, ...], ...] | None
    _full: tuple[tuple[Play, ...], ...]
    _bits: tuple[dict[int, int], ...]
    _left: list[int]
    _legal_local: list[int]
    _packed: tuple[int, ...]
    _lead_rule: tuple[int, ...]
    _trick: list[int]
    _leader: int
    _win: tuple[int, ...]
    _best_val: int
    _best_seat: int
    _seats: int
    _next_seat: tuple[int, ...]
    _tricks: list[tuple[int, list[int], int]]
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
        self.game = game
        self.dealer = dealer
        self.tally = tally
        self.history = []
        self.phase = AUCTION
        self.contract = None
        self.result = None
        self._hands = hands
        self._kitty = kitty
        self._stock = stock
        self._stock_pos = stock_pos
        self._deal = deal
        self._deck = deck
        self._seats = game.seats
        self._next_seat = game.next_seat
        self._follow_or_trump = game.follow_or_trump
        self._out = 0
        self._legal = -1
        self._offered_calls = None
        self._bidder = -1
        self._trump = None
        self._tables = None
        self._went_kitty = False
        self._room = 0
        self._reserve = 0
        self._max_discard = game.max_discard
        self._discard_counts = []
        self._draw_counts = None
        self._needs = []
        self._winners = []
        self._hands_after_draw = None
        self._full = ()
        self._bits = ()
        self._left = []
        self._legal_local = self._left
        self._packed = ()
        self._lead_rule = ()
        self._trick = []
        self._tricks = []
        self._points = []
        self._leader = 0
        self._win = ()
        self._best_val = 0
        self._best_seat = 0
        self._best_trump = TRUMP_BASE
        self._best_trump_side = -1
        auction = self._auction = Auction(game.auction_rules, dealer, tally.scores)
        self.to_act = auction.to_act

    @property
    def deal(self) -> Deal:
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
        for name, value in zip(_SLOTS, _ALL_SLOTS(self), strict=True):
            _SET(new, name, value)
        new.history = self.history[:]
        new._hands = self._hands[:]
        new._auction = self._auction.copy()
        new._discard_counts = self._discard_counts[:]
        new._needs = self._needs[:]
        new._winners = self._winners[:]
        if self._draw_counts is not None:
            new._draw_counts = self._draw_counts[:]
        new._left = self._left[:]
        # _legal_local is _left itself while anything goes: keep the copies tied the same way.
        if self._legal_local is self._left:
            new._legal_local = new._left
        else:
            new._legal_local = self._legal_local[:]
        new._trick = self._trick[:]
        new._tricks = self._tricks[:]
        new._points = self._points[:]
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
        if self._full:  # the play has started: the seat's five less those played
            after = self._hands_after_draw
            assert after is not None
            return card_mask(after[seat], self._left[seat])
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
        return tuple([(leader, tuple(cards), winner) for leader, cards, winner in self._tricks])

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
        seat: int = self.to_act  # type: ignore[assignment]
        if phase is PLAY:
            return PICK[self._legal_local[seat]](self._full[seat])
        if phase is AUCTION:
            calls, self._offered_calls = self._auction.legal()
            return calls
        if phase is DRAW:
            hand = self._hands[seat]
            held = hand.bit_count()
            limit = self._legal
            if limit < 0:
                # _max_draw_discard, inlined.
                room = self._room - (5 - held)
                if seat != self._bidder:
                    room -= self._reserve
                limit = self._max_discard
                if held < limit:
                    limit = held
                if room < limit:
                    limit = room
                self._legal = limit
            # subset_choices, inlined: the draw offers one per player per hand.
            choices: SubsetChoices = _new(SubsetChoices)
            choices._cls = Discard
            choices._seat = seat
            choices._cards = sorted_cards(hand)
            choices._getters = GETTERS[held]
            choices._count = PREFIX[held][limit]
            return choices
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
            return subset_choices(KittyDiscard, seat, cards, getters, len(getters))
        # subset_choices, inlined as for the draw.
        getters = SIZED[held][drop]
        choices: SubsetChoices = _new(SubsetChoices)
        choices._cls = KittyDiscard
        choices._seat = seat
        choices._cards = sorted_cards(hand)
        choices._getters = getters
        choices._count = len(getters)
        return choices

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
        room = self._room - reserve - (5 - held)
        return min(game.max_discard, held, room)

    def _refusal_code(self) -> str:
        """The RULES.md 1.8 code that refuses a card outside the seat's legal plays."""
        trick = self._trick
        if not trick:
            return "must_lead_trump"
        if self._tables is not None and self._tables.effective[trick[0]] == TRUMP:
            return "must_play_trump"
        return "must_follow_suit"

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
            raise _refuse("wrong_phase", f"{shown(action)} is not an action")
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
                raise _refuse(
                    "bad_trump", f"trump must be one of S H D C, not {shown(action.suit)}"
                )
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
            bit = _card_bit(c)
            if bit is None or not hand & bit:
                name = CARD_NAMES[c] if bit is not None else repr(c)
                raise _refuse("not_in_hand", f"seat {seat} does not hold {name}")
            if mask & bit:
                raise _refuse("not_in_hand", f"{CARD_NAMES[c]} is listed twice")
            mask |= bit
        return mask

    def _check_play(self, seat: int, card: int) -> None:
        try:
            bit = self._bits[seat][card]
        except (KeyError, TypeError):
            bit = 0
        if not self._left[seat] & bit:
            name = CARD_NAMES[card] if _card_bit(card) is not None else repr(card)
            raise _refuse("not_in_hand", f"seat {seat} does not hold {name}")
        legal = self._legal_local[seat]
        if not legal & bit:
            cards = self._hands_after_draw
            assert cards is not None
            legal_mask = card_mask(cards[seat], legal)
            raise self._play_refusal(self._refusal_code(), seat, card, legal_mask)

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
            left = self._room - reserve
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
            try:
                bit = self._bits[seat][card]
            except (KeyError, TypeError):
                self._refused(action)  # not_in_hand
            if not self._legal_local[seat] & bit:
                self._refused(action)  # not_in_hand (played already) or a RULES.md 1.8 code
            self._left[seat] -= bit  # held (legal is within left): - is ^, and cheaper
            self.history.append(action)
            trick = self._trick
            if trick:
                value = self._win[card]
                if value > self._best_val:
                    self._best_val = value
                    self._best_seat = seat
                trick.append(card)
                seat = self._next_seat[seat]
                if seat == self._leader:  # every seat has played: cheaper than len(trick)
                    self._end_trick()
                    return
                self.to_act = seat
                return
            else:
                tables: TrumpTables = self._tables  # type: ignore[assignment]
                win = self._win = tables.win[tables.effective[card]]
                self._best_val = win[card]
                self._best_seat = seat
                rule = self._lead_rule[card]
                if rule == FREE:
                    self._legal_local = self._left
                else:
                    self._legal_local = restrict(
                        rule,
                        tables.trump_strength[card],
                        self._left,
                        self._packed,
                        self._hands_after_draw,  # type: ignore[arg-type]
                        tables,
                    )
                trick.append(card)
            self.to_act = self._next_seat[seat]
            return
        if cls is Call and phase is AUCTION:
            auction = self._auction
            offered = self._offered_calls
            # One of the (interned) calls legal_actions just listed for this state is legal;
            # anything else goes through every check of RULES.md 1.5.
            parsed = offered.get(id(action)) if offered is not None else None
            if parsed is None:
                parsed = auction.check(action.seat, action.call)  # type: ignore[attr-defined]
            self._offered_calls = None
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
            hands = self._hands
            hand = hands[seat]
            cards = action.cards  # type: ignore[attr-defined]
            mask = 0
            try:  # a card listed twice carries: the mask has fewer bits than cards
                for c in cards:
                    mask += CARD_BIT[c]
            except (KeyError, TypeError):
                self._refused(action)  # not_in_hand: not a card
            count = len(cards)
            if hand & mask != mask or mask.bit_count() != count:
                self._refused(action)  # not_in_hand (or listed twice)
            held = hand.bit_count()
            limit = self._legal
            if limit < 0:
                limit = self._max_draw_discard(seat, held)
            if count > limit:
                self._refused(action)  # discard_limit or stock_exhausted
            self.history.append(action)
            self._legal = -1
            hands[seat] = hand - mask
            self._out += mask  # held, so not out yet: + ORs, and costs less than |
            self._discard_counts[seat] = count
            self._needs[seat] = 5 - held + count
            self._room -= 5 - held + count
            if seat == self._bidder:
                self._reserve = 0
            if seat != self.dealer:
                self.to_act = self._next_seat[seat]
            else:
                self._deliver()
            return
        if cls is NameTrump and phase is DECLARE:
            suit = action.suit  # type: ignore[attr-defined]
            if action.seat == self.to_act and suit.__class__ is int and 0 <= suit < 4:
                self.history.append(action)
                self._apply_trump(suit)
                return
        if cls is KittyDiscard and phase is KITTY_DISCARD and not self.game.trumps_only:
            # The checks of _check_kitty_discard (kitty_rule = free), inlined as for the draw.
            seat = action.seat
            if seat != self.to_act:
                self._refused(action)  # out_of_turn
            hand = self._hands[seat]
            cards = action.cards  # type: ignore[attr-defined]
            mask = 0
            try:  # a card listed twice carries: the mask has fewer bits than cards
                for c in cards:
                    mask += CARD_BIT[c]
            except (KeyError, TypeError):
                self._refused(action)  # not_in_hand: not a card
            count = len(cards)
            if hand & mask != mask or mask.bit_count() != count or hand.bit_count() - 5 != count:
                self._refused(action)  # not_in_hand, listed twice or bad_discard_count
            self.history.append(action)
            self._hands[seat] = hand - mask
            self._out += mask  # held, so not out yet: + ORs
            self._start_draw()
            return
        prepared = self._check(action)
        self.history.append(action)
        self._legal = -1
        self._offered_calls = None
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
        self.contract = new_contract(high_seat, auction.high)
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
        self._lead_rule = game.lead_rules[suit]
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
        self._needs = [0] * game.seats  # each seat's discard sets its entry
        self._room = game.stock_size
        short = 5 - self._hands[self._bidder].bit_count()
        self._reserve = short if short > 0 else 0  # max() costs more
        self.to_act = game.next_seat[self.dealer]

    def _deliver(self) -> None:
        """The dealer restores every hand to five from the top of the stock (RULES.md 1.7).

        The stock is read card by card at ``pos``: a slice of it per packet, looped over, cost
        930 machine instructions more per hand."""
        game = self.game
        stock = self._stock
        hands = self._hands
        pos = self._stock_pos
        needs = self._needs  # what each seat needs to hold five again
        self._draw_counts = needs[:]
        packet = game.draw_packet_max
        order = game.draw_order[self.dealer]
        second = True
        if packet is not None:
            second = False
            for seat in order:
                need = needs[seat]
                if need:
                    if need > packet:
                        needs[seat] = need - packet
                        need = packet
                        second = True
                    else:
                        needs[seat] = 0
                    end = pos + need
                    mask = hands[seat]
                    while pos < end:  # no slice of the stock to build
                        mask += BIT[stock[pos]]  # not held yet: + ORs, and costs less than |
                        pos += 1
                    hands[seat] = mask
        if second:
            for seat in order:
                need = needs[seat]
                if need:
                    end = pos + need
                    mask = hands[seat]
                    while pos < end:  # no slice of the stock to build
                        mask += BIT[stock[pos]]  # not held yet: + ORs, and costs less than |
                        pos += 1
                    hands[seat] = mask
        self._stock_pos = pos
        # Four seats (the usual table) call sorted_cards directly: map() calling a Python
        # function from C cost 1,000 machine instructions more per hand.
        after: tuple[tuple[int, ...], ...]
        if len(hands) == 4:
            h0, h1, h2, h3 = hands
            after = (sorted_cards(h0), sorted_cards(h1), sorted_cards(h2), sorted_cards(h3))
        else:
            after = tuple(map(sorted_cards, hands))
        self._hands_after_draw = after
        # Each seat's five plays and packed mask, written out: on CPython 3.11 this costs a
        # tenth of map() over the tables' __getitem__ (a slot wrapper, slow to call).
        full = []
        packed = []
        bits = []
        b0, b1, b2, b3, b4 = game.suit_bits[self._trump]  # type: ignore[index]
        seat = 0  # counted by hand: enumerate() cost 570 machine instructions more per hand
        for cards in after:
            c0, c1, c2, c3, c4 = cards
            plays = PLAYS[seat]
            seat += 1  # noqa: SIM113 - enumerate() costs more (above)
            full.append((plays[c0], plays[c1], plays[c2], plays[c3], plays[c4]))
            bits.append({c0: 1, c1: 2, c2: 4, c3: 8, c4: 16})  # POSITION_BIT
            packed.append(b0[c0] + b1[c1] + b2[c2] + b3[c3] + b4[c4])  # disjoint: see suit_bits
        self._full = tuple(full)
        self._bits = tuple(bits)
        self._packed = tuple(packed)
        left = self._left = [FULL] * game.seats
        self._legal_local = left
        self._points = [0] * game.sides
        self.phase = PLAY
        bidder = self._bidder
        leader = game.first_leader[bidder]
        self._leader = leader
        self.to_act = leader
        contract = self.contract
        assert contract is not None
        if contract.bid >= 30 and game.forced_lead[bidder]:
            # RULES.md 1.8: a defender opening a 30 or 60 must lead a trump if he has one.
            trumps = self._packed[leader] >> TRUMP_SHIFT & FULL
            if trumps:
                self._legal_local = left[:]
                self._legal_local[leader] = trumps

    def _end_trick(self) -> None:
        game = self.game
        leader = self._leader
        winner = self._best_seat
        side = game.seat_side[winner]
        self._points[side] += 5
        best = self._best_val
        if best > self._best_trump:  # starts at TRUMP_BASE: only trumps count
            self._best_trump = best
            self._best_trump_side = side
        tricks = self._tricks
        tricks.append((leader, self._trick, winner))  # that list never changes again
        self._winners.append(winner)
        self._trick = []
        if len(tricks) < 5:
            self._leader = winner
            self.to_act = winner
            self._legal_local = self._left
        else:
            self._finish_scored()

    # -- the end -------------------------------------------------------------------------------
    def _finish_thrown_in(self) -> None:
        tally = self.tally
        zero = (0,) * len(tally.scores)
        score = new_score(None, zero, tally.scores, None, tally)
        line = {"dealer": self.dealer, "passed_out": True}
        self.result = new_result("redeal", score, line, (), None, None, None, None, None, None, {})
        self.phase = OVER
        self.to_act = None

    def _finish_scored(self) -> None:
        game = self.game
        contract = self.contract
        assert contract is not None and self._trump is not None
        points = self._points
        no_trump = self._best_trump == TRUMP_BASE
        if not no_trump:
            points[self._best_trump_side] += 5
        trump = SUITS[self._trump]
        max_bid = self._auction.max_by_side
        tally = self.tally
        bidder = contract.bidder
        bid = contract.bid
        score = game.scorer.score_points(bidder, bid, points, max_bid, tally)
        line: dict[str, Any] = {
            "dealer": self.dealer,
            "bidder": bidder,
            "bid": bid,
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
            line["sets_before"] = list(tally.sets)
            line["consecutive_sets_before"] = list(tally.consecutive_sets)
        if no_trump:
            best_card = None
            extra: dict[str, Any] = {
                "best_trump_side": None,
                "no_trump_played": True,
                "went_on_kitty": False,
            }
        else:
            order = game.tables[self._trump].trump_order
            best_card = order[len(order) - (self._best_trump - TRUMP_BASE)]
            extra = {"best_trump_side": self._best_trump_side, "no_trump_played": False}
        extra["went_on_kitty"] = self._went_kitty
        self.result = new_result(
            "scored",
            score,
            line,
            tuple(self._winners),
            tuple(points),
            None,
            None,
            None,
            best_card,
            self._hands_after_draw,
            extra,
        )
        self.phase = OVER
        self.to_act = None

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.rules.auction45.view import hand_view

        return hand_view(self, seat)


_SLOTS: tuple[str, ...] = Auction45Hand.__slots__
_ALL_SLOTS = attrgetter(*_SLOTS)
_SET = object.__setattr__
