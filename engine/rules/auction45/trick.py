"""The play of auction45 (docs/rules.md#auction45-play): five tricks, on the tables of
``auction45.play``.

``Tricks`` is the state of the play phase: each seat's five cards after the draw, what it has
left, the trick on the table, the tricks taken and the points they are worth. A trick is
complete when the turn comes back to its leader. The seat with the best card of the trick
wins it and leads the next; 5 points a trick, and 5 more to the side that played the best
trump of the hand (added when the hand is scored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.actions import PLAYS, Action, Play
from engine.rules.auction45.kitty import card_bit
from engine.rules.auction45.play import (
    FREE,
    FULL,
    PICK,
    TRUMP_SHIFT,
    card_mask,
    restrict,
    seat_tables,
)
from engine.rules.auction45.ranks import TRUMP, TRUMP_BASE, TrumpTables
from engine.rules.bits import sorted_cards
from engine.rules.cards import CARD_NAMES, SUITS, mask_str
from engine.rules.errors import IllegalActionError
from engine.rules.words import seat_name

if TYPE_CHECKING:
    from engine.rules.auction45.game import Auction45

#: Points of a trick, and of the best trump of the hand.
TRICK_POINTS = 5
TRICKS = 5


class Tricks:
    """The play phase of one hand. Sets of one seat's cards are local masks (see
    ``engine.rules.auction45.play``); ``legal_masks`` is each seat's legal cards for the
    current trick: the list ``left`` itself when any card goes, its own list when the card led
    binds the others. ``offered`` is the plays open to the seat to act (``to_act``), listed once
    a turn."""

    __slots__ = (
        "after",
        "best_seat",
        "best_trump",
        "best_trump_side",
        "best_val",
        "bid",
        "bits",
        "done",
        "finished",
        "full",
        "lead_rule",
        "leader",
        "left",
        "legal_masks",
        "next_seat",
        "offered",
        "packed",
        "points",
        "seat_side",
        "tables",
        "to_act",
        "trick",
        "win",
        "winners",
    )

    after: tuple[tuple[int, ...], ...]
    best_seat: int
    best_trump: int
    best_trump_side: int
    best_val: int
    bid: int
    bits: tuple[dict[int, int], ...]
    done: list[tuple[int, list[int], int]]
    finished: bool
    full: tuple[tuple[Play, ...], ...]
    lead_rule: tuple[int, ...]
    leader: int
    left: list[int]
    legal_masks: list[int]
    next_seat: tuple[int, ...]
    offered: tuple[Play, ...]
    packed: tuple[int, ...]
    points: list[int]
    seat_side: tuple[int, ...]
    tables: TrumpTables
    to_act: int
    trick: list[int]
    win: tuple[int, ...]
    winners: list[int]

    def __init__(
        self, game: Auction45, trump: int, hands: list[int], bidder: int, bid: int
    ) -> None:
        """The play at its opening lead; ``hands`` is each seat's five cards after the draw (a
        mask)."""
        suit_bits = game.suit_bits[trump]
        self.tables = game.tables[trump]
        self.lead_rule = game.lead_rules[trump]
        self.next_seat = game.next_seat
        self.seat_side = game.seat_side
        self.bid = bid
        after, full, bits, packed = [], [], [], []
        for plays, hand in zip(PLAYS, hands, strict=False):  # PLAYS: a row per seat of any table
            cards = sorted_cards(hand)
            seat_full, seat_bits, seat_packed = seat_tables(plays, suit_bits, cards)
            after.append(cards)
            full.append(seat_full)
            bits.append(seat_bits)
            packed.append(seat_packed)
        self.after = tuple(after)
        self.full = tuple(full)
        self.bits = tuple(bits)
        self.packed = tuple(packed)
        self.left = [FULL] * game.seats
        self.legal_masks = self.left
        self.trick = []
        self.done = []
        self.winners = []
        self.points = [0] * game.sides
        self.win = ()
        self.best_val = 0
        self.best_seat = 0
        self.best_trump = TRUMP_BASE
        self.best_trump_side = -1
        self.finished = False
        self.leader = game.first_leader[bidder]
        if bid >= 30 and game.forced_lead[bidder]:
            # A defender opening a 30 or 60 must lead a trump if he has one.
            trumps = self.packed[self.leader] >> TRUMP_SHIFT & FULL
            if trumps:
                self.legal_masks = self.left[:]
                self.legal_masks[self.leader] = trumps
        self.to_act = self.leader
        self.offered = self.legal(self.leader)

    def copy(self) -> Tricks:
        new = Tricks.__new__(Tricks)
        for name in Tricks.__slots__:
            setattr(new, name, getattr(self, name))
        new.left = self.left[:]
        new.legal_masks = new.left if self.legal_masks is self.left else self.legal_masks
        new.trick = self.trick[:]
        new.done = self.done[:]  # a completed trick's list never changes again
        new.winners = self.winners[:]
        new.points = self.points[:]
        return new  # a binding legal_masks is replaced, never changed, while a trick goes on

    # -- what a seat may play ---------------------------------------------------------------
    def legal_mask(self, seat: int) -> int:
        """Local mask of the cards ``seat`` may play to the current trick."""
        return self.legal_masks[seat]

    def legal(self, seat: int) -> tuple[Play, ...]:
        """The plays ``seat`` may make to the current trick."""
        return PICK[self.legal_masks[seat]](self.full[seat])

    def playable(self, seat: int, card: int) -> int:
        """The local bit of ``card`` if ``seat`` may play it now, else 0."""
        try:
            bit = self.bits[seat][card]
        except (KeyError, TypeError):
            return 0
        return bit if self.legal_mask(seat) & bit else 0

    def check(self, seat: int, card: int) -> None:
        """Raise ``not_in_hand`` or the docs/rules.md#auction45-play code refusing ``card`` from
        ``seat``."""
        if self.playable(seat, card):
            return
        try:
            held = self.left[seat] & self.bits[seat][card]
        except (KeyError, TypeError):
            held = 0
        if not held:
            name = CARD_NAMES[card] if card_bit(card) is not None else repr(card)
            raise IllegalActionError("not_in_hand", f"{seat_name(seat)} does not hold {name}")
        legal = card_mask(self.after[seat], self.legal_mask(seat))
        raise self._refusal(seat, card, legal)

    def _refusal(self, seat: int, card: int, legal: int) -> IllegalActionError:
        name = CARD_NAMES[card]
        trick = self.trick
        if not trick:
            code = "must_lead_trump"
            why = (
                f"on a contract of {self.bid} the opening lead must be a trump "
                "(option thirty_forces_trump_lead; rules of 45s play)"
            )
        elif self.tables.effective[trick[0]] == TRUMP:
            code = "must_play_trump"
            why = (
                f"trump was led ({CARD_NAMES[trick[0]]}) and {seat_name(seat)} holds a trump it "
                "may not renege (rules of 45s play)"
            )
        else:
            code = "must_follow_suit"
            why = (
                f"{SUITS[trick[0] // 13]} was led: follow suit or trump (option "
                "follow_nontrump = follow_or_trump; rules of 45s play)"
            )
        return IllegalActionError(
            code, f"{seat_name(seat)} cannot play {name}: {why}; legal: {mask_str(legal)}"
        )

    # -- playing --------------------------------------------------------------------------------
    def take(self, action: Action) -> bool | None:
        """Make ``action`` if it is a play by the seat to act of a card it may play: ``None``
        (nothing changed; ``check`` says why) for any other action. Then the turn passes on
        (to the winner of the trick when it is complete) and the plays open to that seat are
        ``offered``. Return whether the fifth trick is over.

        The engine's one fast path: the test of ``playable`` written in place, since a hand is
        mostly plays. ``tests/engine/test_fast_paths.py`` holds it to ``check`` and to the
        game's ``legal_plays``."""
        seat = self.to_act
        if action.__class__ is not Play or action.seat != seat:
            return None
        card = action.card
        try:
            bit = self.bits[seat][card]
        except (KeyError, TypeError):
            return None
        if not bit & self.legal_masks[seat]:
            return None
        self.left[seat] -= bit  # the bit is set: take it away
        if not self.trick:
            self._lead(seat, card)
        elif self.win[card] > self.best_val:
            self.best_val = self.win[card]
            self.best_seat = seat
        self.trick.append(card)
        seat = self.next_seat[seat]
        if seat == self.leader:
            seat = self._end_trick()
        self.to_act = seat
        self.offered = PICK[self.legal_masks[seat]](self.full[seat])
        return self.finished

    def _lead(self, seat: int, card: int) -> None:
        """``card`` opens a trick: it is the best so far, and it may bind the others."""
        tables = self.tables
        self.win = tables.win[tables.effective[card]]
        self.best_val = self.win[card]
        self.best_seat = seat
        rule = self.lead_rule[card]
        if rule == FREE:
            self.legal_masks = self.left
        else:
            strength = tables.trump_strength[card]
            self.legal_masks = restrict(rule, strength, self.left, self.packed, self.after, tables)

    def _end_trick(self) -> int:
        winner = self.best_seat
        side = self.seat_side[winner]
        self.points[side] += TRICK_POINTS
        if self.best_val > self.best_trump:  # best_trump starts at TRUMP_BASE: only trumps
            self.best_trump = self.best_val
            self.best_trump_side = side
        self.done.append((self.leader, self.trick, winner))
        self.finished = len(self.done) == TRICKS
        self.winners.append(winner)
        self.trick = []
        self.legal_masks = self.left
        self.leader = winner
        return winner

    # -- the end ---------------------------------------------------------------------------
    @property
    def trump_played(self) -> bool:
        return self.best_trump != TRUMP_BASE

    def count_best_trump(self) -> None:
        """The hand is over: 5 points to the side that played the best trump, if any."""
        if self.trump_played:
            self.points[self.best_trump_side] += TRICK_POINTS

    def best_trump_card(self) -> int | None:
        """The best trump played in the hand, ``None`` when no trump was played."""
        if not self.trump_played:
            return None
        order = self.tables.trump_order
        return order[len(order) - (self.best_trump - TRUMP_BASE)]
