"""The draw of auction45 (RULES.md 1.7).

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

from engine.rules.actions import Discard
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
    """What the draw remembers between discards: who discarded how many cards, what each
    seat will need from the stock, how much of the stock is still free, and how many cards
    the seat to act may discard (``open``, worked out once when its turn comes)."""

    __slots__ = ("bidder", "counts", "max_discard", "needs", "open", "reserve", "room")

    bidder: int
    counts: list[int | None]
    max_discard: int
    needs: list[int]
    open: int
    reserve: int
    room: int

    def __init__(self, game: Auction45, bidder: int, bidder_held: int) -> None:
        self.bidder = bidder
        self.counts = [None] * game.seats
        self.needs = [0] * game.seats
        self.max_discard = game.max_discard
        self.room = game.stock_size
        self.reserve = max(KEEP - bidder_held, 0)
        self.open = 0

    def copy(self) -> Draw:
        new = Draw.__new__(Draw)
        new.bidder = self.bidder
        new.counts = self.counts[:]
        new.needs = self.needs[:]
        new.max_discard = self.max_discard
        new.room = self.room
        new.reserve = self.reserve
        new.open = self.open
        return new

    def free_stock(self, seat: int) -> int:
        """Cards of the stock ``seat`` may take: the bidder's reserve is not for the others."""
        return self.room if seat == self.bidder else self.room - self.reserve

    def limit(self, seat: int, held: int) -> int:
        """Most cards ``seat``, holding ``held``, may discard now."""
        return min(self.max_discard, held, self.free_stock(seat) - (KEEP - held))

    def turn(self, seat: int, held: int) -> None:
        """The turn comes to ``seat``, holding ``held`` cards: its ``limit`` is now ``open``."""
        self.open = self.limit(seat, held)

    def choices(self, seat: int, hand: int) -> SubsetChoices:
        """Every discard open to ``seat``, the seat to act, fewest cards first (none is a
        choice too)."""
        held = hand.bit_count()
        return SubsetChoices(
            Discard, seat, sorted_cards(hand), GETTERS[held], PREFIX[held][self.open]
        )

    def check(self, seat: int, hand: int, cards: Sequence[int]) -> int:
        """The mask of the discard ``cards`` by ``seat``, the seat to act, if legal.

        Raises:
            IllegalActionError: ``not_in_hand``, ``discard_limit``, ``stock_exhausted``.
        """
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
        return IllegalActionError(
            "stock_exhausted",
            f"{seat_name(seat)} would need {KEEP - held + count} cards but the stock can give "
            f"{max(self.free_stock(seat), 0)} (rules of the 45s draw)",
        )

    def record(self, seat: int, held: int, count: int) -> None:
        """``seat``, holding ``held``, discarded ``count`` cards."""
        need = KEEP - held + count
        self.counts[seat] = count
        self.needs[seat] = need
        self.room -= need
        if seat == self.bidder:
            self.reserve = 0


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

    Two passes from the dealer's left round to the dealer: each seat gets at most
    ``draw_packet_max`` cards of what it ``needs`` in the first, the rest in the second. With
    no packet limit, one pass gives everything.
    """
    packet = game.draw_packet_max
    first = list(needs) if packet is None else [min(need, packet) for need in needs]
    second = [need - given for need, given in zip(needs, first, strict=True)]
    for given in (first, second):
        for seat in game.draw_order[dealer]:
            for card in stock[pos : pos + given[seat]]:
                hands[seat] |= BIT[card]
            pos += given[seat]
    return pos
