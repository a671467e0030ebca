"""The play of bid whist (docs/rules.md#bidwhist-play): twelve tricks, the bidder leads the
first, the winner of each trick leads the next.

The rule of the play is one predicate: a seat must follow the suit led when it holds any card
of it (``must_follow``), so the cards it may play are that suit's, or else all it holds
(``playable``). The listing of the legal plays, the check of a play and the pure
``BidWhist.legal_plays`` all read it from there.

``Tricks`` is the phase: the cards on the table, the tricks taken, the seat to act and the
plays open to it. Hands and suits are card masks (``engine.rules.cards``); the suit led is
kept as its mask, 0 while the trick is empty.
"""

from __future__ import annotations

from engine.rules.actions import PLAYS, Action, Play
from engine.rules.bidwhist.ranks import TRICK_TABLES, best_place, trump_index
from engine.rules.bits import sorted_cards
from engine.rules.cards import BIT, CARD_NAMES, SUIT_MASK, suit_str
from engine.rules.errors import IllegalActionError
from engine.rules.words import seat_name

SEATS = 4
TRICKS = 12

#: The seat to the left of each: the turn passes to it.
NEXT: tuple[int, ...] = (1, 2, 3, 0)

#: Bit of each of the 52 cards.
CARD_BIT: dict[int, int] = {c: BIT[c] for c in range(52)}


def card_bit(card: int) -> int:
    """The bit of a card 0..51; 0 for anything else (a bool or a float too), a card nobody
    holds."""
    return CARD_BIT.get(card, 0) if card.__class__ is int else 0


def must_follow(hand: int, led: int) -> bool:
    """Must a seat holding ``hand`` follow the suit led (``led``: its mask, 0 on the lead)?
    It must when it holds any card of it."""
    return hand & led != 0


def playable(hand: int, led: int) -> int:
    """The cards of ``hand`` a seat may play: the suit led if it must follow, else any."""
    return hand & led if must_follow(hand, led) else hand


class Tricks:
    """The play phase of one hand. ``legal`` is the mask of the cards the seat to act may
    play, ``offered`` their plays; ``tricks`` holds ``(leader, cards, winner)`` per completed
    trick and ``tricks_won`` the count per side."""

    __slots__ = (
        "hands",
        "leader",
        "led",
        "legal",
        "offered",
        "to_act",
        "trick",
        "tricks",
        "tricks_won",
        "values",
    )

    hands: list[int]
    values: tuple[tuple[int, ...], ...]
    leader: int
    to_act: int
    trick: list[int]
    led: int
    legal: int
    offered: tuple[Play, ...]
    tricks: list[tuple[int, tuple[int, ...], int]]
    tricks_won: list[int]

    def __init__(self, hands: list[int], trump: int | None, mode: str, bidder: int) -> None:
        """The play at the bidder's opening lead; ``hands`` are the seats' masks, changed in
        place as the cards are played."""
        self.hands = hands
        self.values = TRICK_TABLES[trump_index(trump)][mode]
        self.leader = bidder
        self.trick = []
        self.led = 0
        self.tricks = []
        self.tricks_won = [0, 0]
        self._turn_to(bidder)

    def copy(self, hands: list[int]) -> Tricks:
        """A copy working on ``hands``, the copy of the hand's."""
        new = Tricks.__new__(Tricks)
        for name in Tricks.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = hands
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        return new

    def _turn_to(self, seat: int) -> None:
        """The turn passes to ``seat``: its legal cards, and their plays (interned)."""
        self.to_act = seat
        legal = self.legal = playable(self.hands[seat], self.led)
        plays = PLAYS[seat]
        self.offered = tuple([plays[c] for c in sorted_cards(legal)])

    def check(self, seat: int, card: int) -> None:
        """Refuse ``card`` from ``seat``, the seat to act, if it may not play it.

        Raises:
            IllegalActionError: ``not_in_hand`` or ``must_follow_suit``.
        """
        hand = self.hands[seat]
        if not hand & card_bit(card):
            named = card.__class__ is int and 0 <= card < len(CARD_NAMES)
            name = CARD_NAMES[card] if named else repr(card)
            raise IllegalActionError("not_in_hand", f"{seat_name(seat)} does not hold {name}")
        if not playable(hand, self.led) & BIT[card]:
            raise IllegalActionError(
                "must_follow_suit",
                f"{seat_name(seat)} holds {suit_str(self.trick[0] // 13)}, the suit led, and "
                "must follow it (rules of bid whist play)",
            )

    def take(self, action: Action) -> bool | None:
        """Play a card of the seat to act; return whether the twelfth trick is over.

        Raises:
            IllegalActionError: the refusals of ``check``; nothing has changed then.
        """
        seat = self.to_act
        if action.__class__ is not Play or action.seat != seat:
            return None
        card = action.card
        bit = CARD_BIT.get(card, 0)
        if not bit & self.legal or card.__class__ is not int:
            self.check(seat, card)  # refuses it: the bits of a bool or a float are no cards
        self.hands[seat] ^= bit
        self.trick.append(card)
        if not self.led:
            self.led = SUIT_MASK[card // 13]
        seat = NEXT[seat]
        if seat == self.leader:
            return self._end_trick()
        self._turn_to(seat)
        return False

    def _end_trick(self) -> bool:
        """The fourth card is down: the best card wins, its seat leads next. Return whether
        it was the last trick."""
        trick = self.trick
        leader = self.leader
        winner = (leader + best_place(self.values[trick[0] // 13], trick)) % SEATS
        self.tricks.append((leader, tuple(trick), winner))
        self.tricks_won[winner % 2] += 1
        self.trick = []
        self.led = 0
        self.leader = winner
        if len(self.tricks) == TRICKS:
            self.to_act = winner
            return True
        self._turn_to(winner)
        return False
