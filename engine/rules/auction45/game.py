"""The auction45 game: options, seating, deal, rank tables, scoring (docs/rules.md#auction45).

Everything that depends only on the options is computed once here, when the game is built
(rank tables per trump, interned actions per seat, the auction rules, dealing positions per
dealer); hands read it from their game.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, ClassVar

from engine.rules.actions import GoKitty, NameTrump
from engine.rules.auction45.calls import AuctionRules
from engine.rules.auction45.draw import draw_packets
from engine.rules.auction45.hand import Auction45Hand
from engine.rules.auction45.lines import LineChecker
from engine.rules.auction45.options import Auction45Options, auction45_options
from engine.rules.auction45.play import lead_rules, suit_bits
from engine.rules.auction45.ranks import TRUMP, TrumpTables, rank_tables
from engine.rules.auction45.scoring import Scorer
from engine.rules.base import Deal, Game, HandScore, Tally
from engine.rules.cards import BIT, card_names, mask_of
from engine.rules.errors import NotationError, shown
from engine.rules.table import Seating
from engine.rules.words import seat_name

_KEYS = struct.Struct("<52I")
#: Per 32-bit lane of the random bits: the 22 bits kept (8 to 29), and the lane's index.
_LANES_RANDOM = sum(0x3FFFFF00 << (32 * i) for i in range(52))
_LANES_INDEX = sum(i << (32 * i) for i in range(52))
#: Added to every lane: its top bit stays clear exactly when the lane was below 256.
_LANES_BELOW = sum((0x80000000 - 256) << (32 * i) for i in range(52))
_LANES_TOP = sum(1 << (32 * i + 31) for i in range(52))
_DECK = list(range(52))


def shuffled_deck(rng: random.Random) -> Sequence[int]:
    """The 52 cards in a uniformly random order drawn from ``rng``, top card first.

    Each card gets a random 30-bit sort key: 22 random bits above its own index in the low
    byte, so keys are distinct one-digit ints, which Python sorts fastest; sorting them in C is
    much cheaper than ``rng.shuffle``. When two cards draw the same random bits the tie would
    be broken by card index, so the deal falls back to ``rng.shuffle`` instead (about one deal
    in 3,000) and the order stays exactly uniform. Ties are found without a loop: in the
    sorted keys read as one big int, a tie is a 32-bit lane of ``keys ^ (keys >> 32)`` below
    256 (random part zero), which adding ``0x80000000 - 256`` to every lane shows as a lane
    whose top bit stays clear (lanes are below 2**30, so nothing carries between them). The
    keys are cut out of the random bits by two operations on the big int, before it becomes
    bytes. The decks must never change: stored tables replay from their seeds.
    """
    keys = (rng.getrandbits(1664) & _LANES_RANDOM | _LANES_INDEX).to_bytes(208, "little")
    packed = _KEYS.pack(*sorted(_KEYS.unpack(keys)))
    lanes = int.from_bytes(packed, "little")
    if (lanes ^ lanes >> 32) + _LANES_BELOW & _LANES_TOP == _LANES_TOP:
        return packed[0::4]
    deck = _DECK[:]
    rng.shuffle(deck)
    return deck


def _deal_positions(seats: int, kitty_size: int, dealer: int) -> tuple[list[list[int]], list[int]]:
    """Positions in the shuffled deck of each seat's cards and of the kitty
    (docs/rules.md#auction45-deal)."""
    hands: list[list[int]] = [[] for _ in range(seats)]
    kitty: list[int] = []
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    pos = 0

    def to_players(count: int) -> None:
        nonlocal pos
        for seat in order:
            hands[seat].extend(range(pos, pos + count))
            pos += count

    def to_kitty(count: int) -> None:
        nonlocal pos
        kitty.extend(range(pos, pos + count))
        pos += count

    to_players(3)
    if kitty_size == 4:
        to_kitty(2)
        to_players(2)
        to_kitty(2)
    elif kitty_size == 3:
        to_kitty(3)
        to_players(2)
    else:
        to_players(2)
    return hands, kitty


class Auction45(Game):
    """120s / Auction Forty-Fives (docs/rules.md#auction45) with the options of
    docs/rules.md#auction45-options.

    >>> hand = Auction45().new_hand(dealer=3, seed=7)
    >>> hand.phase, hand.to_act, [str(a) for a in hand.legal_actions()][:3]
    (<Phase.AUCTION: 'auction'>, 0, ['0 call pass', '0 call 15', '0 call 20'])
    """

    id: ClassVar[str] = "auction45"

    #: Slots: hands read these on every action, and slot reads are the cheapest.
    __slots__ = (
        "_dealt",
        "_hand_getters",
        "_kitty_getter",
        "auction_rules",
        "declare_with_kitty",
        "draw_order",
        "draw_packets",
        "first_lead_bidder",
        "first_leader",
        "forced_lead",
        "follow_or_trump",
        "go_kitty",
        "lead_rules",
        "line_checker",
        "line_needs_max_bid",
        "line_needs_sets",
        "max_discard",
        "name_trump",
        "next_seat",
        "options",
        "scorer",
        "seat_side",
        "seating",
        "seats",
        "sides",
        "stock_size",
        "suit_bits",
        "tables",
        "target",
        "thirty_forces_trump_lead",
        "trumps_only",
        "view_before",
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: Auction45Options = auction45_options(options)
        opts = self.options
        self.seating = Seating.for_table(
            opts.players, cutthroat=opts.cutthroat, six_player_teams=opts.six_player_teams
        )
        self.target = opts.target
        self.seats = self.seating.seats
        self.sides = self.seating.sides
        self.seat_side = self.seating.seat_side
        self.stock_size = opts.stock_size
        self.tables: tuple[TrumpTables, ...] = rank_tables(
            opts.nontrump_ace, opts.ten_as_face, opts.renege
        ).by_trump
        self.follow_or_trump = opts.follow_nontrump == "follow_or_trump"
        self.auction_rules = AuctionRules(opts, self.seat_side)
        self.scorer = Scorer(opts, self.seat_side)
        self.line_checker = LineChecker(opts, self.scorer)
        self.line_needs_max_bid = opts.count_rule in ("made_a_bid", "bid_20")
        self.line_needs_sets = opts.set_limit is not None or opts.consecutive_set_limit is not None
        n = self.seats
        self.go_kitty: tuple[GoKitty, ...] = tuple(GoKitty(s) for s in range(n))
        self.name_trump: tuple[tuple[NameTrump, ...], ...] = tuple(
            tuple(NameTrump(s, t) for t in range(4)) for s in range(n)
        )
        self.declare_with_kitty: tuple[tuple[GoKitty | NameTrump, ...], ...] = tuple(
            (self.go_kitty[s], *self.name_trump[s]) for s in range(n)
        )
        self.next_seat: tuple[int, ...] = tuple((s + 1) % n for s in range(n))
        self.trumps_only = opts.kitty_rule == "trumps_only"
        self.view_before = opts.kitty_view_before_trump
        self.max_discard = opts.max_discard
        self.draw_packets = draw_packets(opts.draw_packet_max)  # per number of cards needed
        self.first_lead_bidder = opts.first_lead == "bidder"
        self.thirty_forces_trump_lead = opts.thirty_forces_trump_lead
        #: Per bidder: who leads the first trick, and must he lead trump on a 30 or 60?
        self.first_leader: tuple[int, ...] = tuple(
            b if self.first_lead_bidder else self.next_seat[b] for b in range(n)
        )
        self.forced_lead: tuple[bool, ...] = tuple(
            self.thirty_forces_trump_lead
            and self.seat_side[self.first_leader[b]] != self.seat_side[b]
            for b in range(n)
        )
        #: Per trump, per card led: whom it binds (``engine.rules.auction45.play``).
        self.lead_rules: tuple[tuple[int, ...], ...] = tuple(
            lead_rules(tables, self.follow_or_trump) for tables in self.tables
        )
        #: Per trump: the tables of a seat's packed mask (``engine.rules.auction45.play``).
        self.suit_bits = tuple(suit_bits(tables) for tables in self.tables)
        self.draw_order: tuple[tuple[int, ...], ...] = tuple(
            tuple((d + 1 + i) % n for i in range(n)) for d in range(n)
        )
        self._hand_getters: list[list[itemgetter[Any]]] = []
        self._kitty_getter: list[itemgetter[Any] | None] = []
        for dealer in range(n):
            hands, kitty = _deal_positions(n, opts.kitty_size, dealer)
            self._hand_getters.append([itemgetter(*h) for h in hands])
            self._kitty_getter.append(itemgetter(*kitty) if kitty else None)
        self._dealt = 5 * n + opts.kitty_size

    # -- hands ---------------------------------------------------------------------------------
    def deal(self, rng: random.Random, dealer: int) -> Deal:
        """Shuffle with ``rng`` and deal as docs/rules.md#auction45-deal says (kitty order kept:
        taste last)."""
        return self.deal_from_deck(shuffled_deck(rng), dealer)

    def deal_from_deck(self, deck: Sequence[int], dealer: int) -> Deal:
        """The deal of a shuffled deck (top card first) by ``dealer``
        (docs/rules.md#auction45-deal)."""
        hands = tuple([getter(deck) for getter in self._hand_getters[dealer]])
        kitty_getter = self._kitty_getter[dealer]
        kitty = tuple(kitty_getter(deck)) if kitty_getter is not None else ()
        return Deal(hands, kitty, tuple(deck[self._dealt :]))

    def check_deal(self, deal: Deal) -> None:
        n = self.seats
        opts = self.options
        if len(deal.hands) != n:
            raise NotationError(
                "bad_deal", f"a deal needs one hand per seat ({n}), not {len(deal.hands)}"
            )
        for seat, cards in enumerate(deal.hands):
            if len(cards) != 5:
                raise NotationError(
                    "bad_deal",
                    f"{seat_name(seat)} must be dealt 5 cards, not {len(cards)} "
                    "(rules of the 45s deal)",
                )
        if len(deal.kitty) != opts.kitty_size:
            raise NotationError(
                "bad_deal",
                f"the kitty must hold {opts.kitty_size} cards (option kitty_size), not "
                f"{len(deal.kitty)}",
            )
        if len(deal.stock) != self.stock_size:
            raise NotationError(
                "bad_deal", f"the stock must hold {self.stock_size} cards, not {len(deal.stock)}"
            )
        seen = 0
        for c in (*[c for h in deal.hands for c in h], *deal.kitty, *deal.stock):
            if not isinstance(c, int) or not 0 <= c < 52:
                raise NotationError("bad_deal", f"{shown(c)} is not a card of the 52-card deck")
            if seen & BIT[c]:
                raise NotationError("bad_deal", f"{card_names([c])[0]} is dealt twice")
            seen |= BIT[c]

    def start_hand(self, deal: Deal, dealer: int, tally: Tally) -> Auction45Hand:
        masks = [mask_of(cards) for cards in deal.hands]
        kitty = mask_of(deal.kitty)
        return Auction45Hand(self, dealer, tally, masks, kitty, deal.stock, 0, deal)

    def deal_hand(self, rng: random.Random, dealer: int, tally: Tally) -> Auction45Hand:
        """The hand from a fresh shuffle; its ``Deal`` is built only if someone asks for it
        (records, views): random playouts never do."""
        deck = shuffled_deck(rng)
        bits = itemgetter(*deck)(BIT)  # each card's bit, in the deck's order: distinct, they add up
        masks = [sum(getter(bits)) for getter in self._hand_getters[dealer]]
        kitty_getter = self._kitty_getter[dealer]
        kitty = 0 if kitty_getter is None else sum(kitty_getter(bits))
        return Auction45Hand(self, dealer, tally, masks, kitty, deck, self._dealt, None, deck)

    # -- rules as pure functions ---------------------------------------------------------------
    def _tables(self, trump: int | None) -> TrumpTables:
        if trump is None or not 0 <= trump < 4:
            raise NotationError(
                "bad_trump", f"auction45 always has a trump suit (S H D C), not {shown(trump)}"
            )
        return self.tables[trump]

    def rank_order(self, trump: int | None, suit: int, mode: str | None = None) -> list[int]:
        """The trump order if ``suit`` is trump (``AH`` included), else the suit's non-trump
        order (hearts without ``AH``), best first (docs/rules.md#auction45-cards)."""
        tables = self._tables(trump)
        if suit == trump:
            return list(tables.trump_order)
        return list(tables.nontrump_order[suit])

    def trick_winner(self, plays: Sequence[int], trump: int | None, mode: str | None = None) -> int:
        """Index of the highest trump, or else of the best card of the suit led
        (docs/rules.md#auction45-play)."""
        tables = self._tables(trump)
        if not plays:
            raise ValueError("a trick needs at least one card")
        win = tables.win[tables.effective[plays[0]]]
        best = 0
        for i, c in enumerate(plays):
            if win[c] > win[plays[best]]:
                best = i
        return best

    def legal_plays(
        self,
        hand: Sequence[int],
        trick: Sequence[int],
        trump: int | None,
        mode: str | None = None,
        context: Mapping[str, Any] | None = None,
    ) -> list[int]:
        """docs/rules.md#auction45-play legal plays; ``context``: ``bid``, ``opening_lead``,
        ``bidding_side``."""
        tables = self._tables(trump)
        context = context or {}
        held = 0
        for c in hand:
            held |= BIT[c]
        legal = held
        if not trick:
            forced = (
                self.options.thirty_forces_trump_lead
                and (context.get("bid") or 0) >= 30
                and bool(context.get("opening_lead"))
                and not context.get("bidding_side")
            )
            if forced and held & tables.trump_mask:
                legal = held & tables.trump_mask
        else:
            led = trick[0]
            effective = tables.effective[led]
            if effective == TRUMP:
                trumps = held & tables.trump_mask
                if trumps & ~tables.privileged[led]:
                    legal = trumps
            elif self.follow_or_trump:
                follow = held & tables.follow_mask[effective]
                if follow:
                    legal = follow | (held & tables.trump_mask)
        return sorted(c for c in set(hand) if legal & BIT[c])

    # -- scoring -------------------------------------------------------------------------------
    def score(self, facts: Mapping[str, Any], tally: Tally) -> HandScore:
        return self.scorer.score(facts, tally)

    def check_line(self, line: Mapping[str, Any], tally: Tally) -> HandScore:
        return self.line_checker.check(line, tally)

    def is_game_over(self, tally: Tally) -> bool:
        return self.scorer.is_game_over(tally)


__all__ = ["Auction45", "shuffled_deck"]
