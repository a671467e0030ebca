"""The draw of auction45 (docs/rules.md#auction45-draw).

Every player discards once, from the dealer's left round to the dealer; then the dealer
restores every hand to five from the top of the stock, in packets of at most
``draw_packet_max`` cards if the option is set (a second round gives the rest). A player may
discard at most ``max_discard`` cards, and no more than the stock can replace while it must
still bring a short bidder (one who laid away fewer cards than the kitty gave him, or went on
a small kitty) back to five: the bidder's shortfall is held in reserve until he has discarded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.rules.actions import Action, Discard
from engine.rules.auction45.choices import GETTERS, PREFIX
from engine.rules.auction45.kitty import KEEP, held_mask
from engine.rules.bits import sorted_cards
from engine.rules.cards import BIT
from engine.rules.choices import SubsetChoices
from engine.rules.errors import IllegalActionError
from engine.rules.words import seat_name

if TYPE_CHECKING:
    from engine.rules.auction45.game import Auction45


class Draw:
    """The draw under way: who discarded how many cards, what each seat will need from the
    stock, how much of the stock is still free, and for the seat to act (``to_act``, ``None``
    once the dealer has discarded) how many cards it may discard (``open``) and every discard
    open to it (``offered``), both worked out once when its turn comes. ``hands`` is the hand's
    list of held cards: a discard takes its cards out of it, and ``discarded`` keeps them."""

    __slots__ = (
        "bidder",
        "counts",
        "dealer",
        "discarded",
        "hands",
        "max_discard",
        "needs",
        "next_seat",
        "offered",
        "open",
        "reserve",
        "room",
        "to_act",
    )

    bidder: int
    counts: list[int | None]
    dealer: int
    discarded: int
    hands: list[int]
    max_discard: int
    needs: list[int]
    next_seat: tuple[int, ...]
    offered: Sequence[Action]
    open: int
    reserve: int
    room: int
    to_act: int | None

    def __init__(self, game: Auction45, dealer: int, bidder: int, hands: list[int]) -> None:
        """The draw at its first discard, by the dealer's left."""
        self.bidder = bidder
        self.dealer = dealer
        self.hands = hands
        self.next_seat = game.next_seat
        self.counts = [None] * game.seats
        self.needs = [0] * game.seats
        self.max_discard = game.max_discard
        self.room = game.stock_size
        self.discarded = 0
        self.reserve = max(KEEP - hands[bidder].bit_count(), 0)
        self.turn(game.next_seat[dealer])

    def copy(self, hands: list[int]) -> Draw:
        """A copy working on ``hands``, the copy of the hand's list."""
        new = Draw.__new__(Draw)
        for name in Draw.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = hands
        new.counts = self.counts[:]
        new.needs = self.needs[:]
        return new  # offered is never changed, only replaced

    def turn(self, seat: int) -> None:
        """The turn comes to ``seat``. ``open``: it may discard up to ``max_discard`` of the
        cards it holds, and no more than the free stock can replace (the bidder's reserve is
        not for the others). ``offered``: its discards, fewest cards first (none is a choice
        too)."""
        hand = self.hands[seat]
        held = hand.bit_count()
        free = self.room if seat == self.bidder else self.room - self.reserve
        self.to_act = seat
        self.open = min(self.max_discard, held, free - (KEEP - held))
        self.offered = SubsetChoices(
            Discard, seat, sorted_cards(hand), GETTERS[held], PREFIX[held][self.open]
        )

    def check(self, seat: int, cards: Sequence[int]) -> int:
        """The mask of the discard ``cards`` by ``seat``, the seat to act, if legal.

        Raises:
            IllegalActionError: ``not_in_hand``, ``discard_limit``, ``stock_exhausted``.
        """
        hand = self.hands[seat]
        mask = held_mask(seat, hand, cards)
        if len(cards) > self.open:
            raise self._too_many(seat, hand.bit_count(), len(cards))
        return mask

    def _too_many(self, seat: int, held: int, count: int) -> IllegalActionError:
        """The refusal of ``count`` cards, more than ``open``: over ``max_discard``, or more
        than the stock can replace."""
        if count > self.max_discard:
            return IllegalActionError(
                "discard_limit",
                f"{seat_name(seat)} discards {count} cards; at most {self.max_discard} "
                "(option max_discard; rules of the 45s draw)",
            )
        # Within max_discard and held, the free stock is the limit that binds: it gives the
        # seat its shortfall and ``open`` cards more.
        free = self.open + KEEP - held
        return IllegalActionError(
            "stock_exhausted",
            f"{seat_name(seat)} would need {KEEP - held + count} cards but the stock can give "
            f"{max(free, 0)} (rules of the 45s draw)",
        )

    def take(self, action: Action) -> bool | None:
        """Make ``action`` if it is a discard by the seat to act: ``None`` (nothing changed)
        for any other action; else its cards leave the seat's hand (and join ``discarded``),
        what the seat will need from the stock is noted, and the turn passes on. Return
        whether the draw's discards are over (the dealer has discarded).

        Raises:
            IllegalActionError: as ``check``; nothing has changed then.
        """
        if action.__class__ is not Discard or action.seat != self.to_act:
            return None
        seat = action.seat
        cards = action.cards
        mask = self.check(seat, cards)
        hand = self.hands[seat]
        count = len(cards)
        need = KEEP - hand.bit_count() + count
        self.hands[seat] = hand & ~mask
        self.discarded |= mask
        self.counts[seat] = count
        self.needs[seat] = need
        self.room -= need
        if seat == self.bidder:
            self.reserve = 0
        if seat == self.dealer:
            self.to_act = None
            self.offered = ()
            return True
        self.turn(self.next_seat[seat])
        return False


def deliver(
    game: Auction45,
    dealer: int,
    needs: Sequence[int],
    hands: list[int],
    stock: Sequence[int],
    pos: int,
) -> int:
    """The dealer restores every hand to five from ``stock`` at ``pos``, top first; return the
    new stock position.

    Two passes from the dealer's left round to the dealer: each seat gets the first packet of
    what it ``needs`` in the first, the rest in the second (``game.draw_packets``).
    """
    packets = game.draw_packets
    order = game.draw_order[dealer]
    for packet in (0, 1):
        for seat in order:
            given = packets[needs[seat]][packet]
            for card in stock[pos : pos + given]:
                hands[seat] |= BIT[card]
            pos += given
    return pos


def draw_packets(packet_max: int | None) -> tuple[tuple[int, int], ...]:
    """Per number of cards a seat needs (0 to 5): the two packets the dealer gives it, at most
    ``packet_max`` cards in the first (option ``draw_packet_max``; no limit: all of them)."""
    packets = []
    for need in range(KEEP + 1):
        first = need if packet_max is None else min(need, packet_max)
        packets.append((first, need - first))
    return tuple(packets)
