"""The play of pitch52 (docs/rules.md#pitch52-play): trumps only, tricks until nobody holds one.

Every card in hand is a trump once play starts (docs/rules.md#pitch52-draw step 5). The bidder
leads; on the opening lead no joker or off-jack while he holds another trump
(``first_lead_restricted``). Each trick goes clockwise over the seats still holding a trump;
the best trump wins it and its winner leads the next, the lead passing left over anyone out.

``Tricks`` is the phase's state. A play is legal when ``playable`` says so, by the card's value:
the seat holds it, it is a trump, and it is not barred from the opening lead. ``offered``, the
plays listed for the seat to act, is the one fast path: each seat keeps its plays by card
(``plays``), a play is struck off when made, and the listing is that dict's values. The shared
property test (``tests/engine/test_fast_paths.py``) holds the listing to ``playable`` and to
``Pitch52.legal_plays``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.rules.actions import PLAYS, Action, Play
from engine.rules.bits import sorted_cards54
from engine.rules.cards import BIT, CARD_NAMES
from engine.rules.errors import IllegalActionError
from engine.rules.pitch52.checks import card_name
from engine.rules.pitch52.ranks import CARD_AT_RANK, FIRST_LEAD_BARRED, RANK_BIT, TRUMP_MASK
from engine.rules.words import seat_name

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52

#: A completed trick: leader, seats in playing order, cards, winner, and the mask of the seats
#: the trick passed over (shown out from then on).
Trick = tuple[int, tuple[int, ...], list[int], int, int]


# -- the rule, as named predicates --------------------------------------------------------------
def holds(hand: int, c: object) -> bool:
    """``c`` is a card and ``hand`` (a mask of cards 0 to 53) holds it."""
    return type(c) is int and c >= 0 and hand >> c & 1 == 1


def barred_from_opening(restricted: bool, trump: int, hand: int) -> int:
    """The mask of the cards of ``hand`` that may not open the hand: the jokers and the
    off-jack while the leader holds another trump (option ``first_lead_restricted``)."""
    barred = FIRST_LEAD_BARRED[trump]
    return hand & barred if restricted and hand & ~barred else 0


def check_play(game: Pitch52, trump: int, seat: int, hand: int, c: int, opening: bool) -> None:
    """Raise the docs/rules.md#pitch52-play code refusing ``c`` from ``seat`` (``hand``):
    ``not_in_hand``, ``trump_only``, then ``first_lead_restricted``."""
    if not holds(hand, c):
        raise IllegalActionError(
            "not_in_hand", f"{card_name(c)} is not in {seat_name(seat)}'s hand"
        )
    if not TRUMP_MASK[trump] >> c & 1:
        # Hands hold only trumps during play; kept for completeness of the rule.
        raise IllegalActionError(
            "trump_only", f"{CARD_NAMES[c]} is not a trump: only trumps are played"
        )
    if opening and barred_from_opening(game.first_lead_restricted, trump, hand) >> c & 1:
        raise IllegalActionError(
            "first_lead_restricted",
            f"{CARD_NAMES[c]} may not open the hand: no joker or off-jack on the first lead "
            "while holding another trump (rules of pitch play)",
        )


def opening_leads(game: Pitch52, trump: int, seat: int, hand: int) -> tuple[Play, ...]:
    """The plays open to the first leader of the hand: every trump he holds but those
    ``barred_from_opening``."""
    allowed = hand & ~barred_from_opening(game.first_lead_restricted, trump, hand)
    plays = PLAYS[seat]
    return tuple([plays[c] for c in sorted_cards54(allowed)])


def seat_trumps(
    plays: Sequence[Play], rank_bit: Sequence[int], cards: tuple[int, ...]
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


# -- the phase ----------------------------------------------------------------------------------
class Tricks:
    """The play phase of one hand. ``hands`` is the hand's own list of masks (trumps only);
    per seat, ``plays`` lists the plays it still holds, ``played`` the rank mask of the trumps
    it held when play began, ``won`` the rank mask of those in the tricks it won. The trick
    under way follows the plan of ``Pitch52.plans`` (``engine.rules.pitch52.seats``)."""

    game: Pitch52
    trump: int
    trumps: int
    hands: list[int]
    rank_bit: tuple[int, ...]
    at_rank: tuple[int, ...]
    start_cards: tuple[tuple[int, ...], ...]
    plays: list[dict[int, Play]]
    played: tuple[int, ...]
    holders: int
    won: list[int]
    tricks: list[Trick]
    opening: bool
    leader: int
    trick_seats: tuple[int, ...]
    trick_outs: tuple[int, ...]
    following: tuple[int, ...]
    trick_cards: list[int]
    trick_bits: int
    to_act: int | None
    offered: Sequence[Action]

    __slots__ = (
        "at_rank",
        "following",
        "game",
        "hands",
        "holders",
        "leader",
        "offered",
        "opening",
        "played",
        "plays",
        "rank_bit",
        "start_cards",
        "to_act",
        "trick_bits",
        "trick_cards",
        "trick_outs",
        "trick_seats",
        "tricks",
        "trump",
        "trumps",
        "won",
    )

    def __init__(self, game: Pitch52, trump: int, hands: list[int], bidder: int) -> None:
        """Play starts: ``hands`` hold only trumps; the bidder leads."""
        self.game = game
        self.trump = trump
        self.trumps = TRUMP_MASK[trump]
        self.hands = hands
        rank_bit = self.rank_bit = RANK_BIT[trump]
        self.at_rank = CARD_AT_RANK[trump]
        start_cards, plays, played = [], [], []
        holders = 0
        for seat, held in enumerate(hands):
            cards = sorted_cards54(held)
            start_cards.append(cards)
            by_card, ranks = seat_trumps(PLAYS[seat], rank_bit, cards)
            plays.append(by_card)
            played.append(ranks)
            if held:
                holders |= 1 << seat
        self.start_cards = tuple(start_cards)
        self.plays = plays
        self.played = tuple(played)
        self.holders = holders
        self.won = [0] * len(hands)
        self.tricks = []
        self.opening = True
        self._start_trick(bidder)

    def copy(self, hands: list[int]) -> Tricks:
        """A copy playing on ``hands``, the copied hand's list."""
        new = Tricks.__new__(Tricks)
        for name in Tricks.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = hands
        new.plays = [plays.copy() for plays in self.plays]
        new.won = self.won[:]
        new.tricks = self.tricks[:]  # a completed trick never changes again
        new.trick_cards = self.trick_cards[:]
        return new

    @property
    def finished(self) -> bool:
        """Nobody holds a trump: the play is over."""
        return self.to_act is None

    # -- what a seat may play -------------------------------------------------------------------
    def playable(self, seat: int, c: int) -> bool:
        """``seat`` may play ``c`` now (docs/rules.md#pitch52-play)."""
        hand = self.hands[seat]
        return holds(hand & self.trumps, c) and not (
            self.opening
            and barred_from_opening(self.game.first_lead_restricted, self.trump, hand) >> c & 1
        )

    def check(self, seat: int, c: int) -> None:
        """Raise the code refusing ``c`` from ``seat``, if any."""
        check_play(self.game, self.trump, seat, self.hands[seat], c, self.opening)

    # -- playing ------------------------------------------------------------------------------
    def take(self, action: Action) -> bool | None:
        """Make ``action`` if it is a play the seat to act may make: ``None`` (nothing changed;
        ``check`` says why) for any other action. Return whether the play is over."""
        seat = self.to_act
        if (
            action.__class__ is not Play
            or action.seat != seat
            or not self.playable(seat, action.card)
        ):
            return None
        c: int = action.card
        self.opening = False
        plays = self.plays
        del plays[seat][c]
        hands = self.hands
        left = hands[seat] = hands[seat] - BIT[c]  # held: subtract its bit
        if not left:
            self.holders -= 1 << seat
        self.trick_cards.append(c)
        self.trick_bits += self.rank_bit[c]
        after = self.following[seat]
        if after != self.leader:
            self.to_act = after
            self.offered = tuple(plays[after].values())
            return False
        self._close_trick()
        return self.to_act is None

    def _close_trick(self) -> None:
        """Every card is a trump: the best is the highest bit of the trick's rank mask."""
        cards = self.trick_cards
        bits = self.trick_bits
        seats = self.trick_seats
        winner = seats[cards.index(self.at_rank[bits.bit_length() - 1])]
        self.won[winner] |= bits
        self.tricks.append((self.leader, seats, cards, winner, self.trick_outs[-1]))
        self._start_trick(winner)

    def _start_trick(self, first: int) -> None:
        """The lead falls to ``first`` and passes left over everyone out of trumps; nobody
        holding a trump ends the play (``to_act`` is ``None``)."""
        holders = self.holders
        self.trick_cards = []
        self.trick_bits = 0
        if not holders:
            self.trick_seats, self.trick_outs = (), (0,)
            self.to_act = None
            self.offered = ()
            return
        plan = self.game.plans[first][holders]
        self.leader, self.trick_seats, self.trick_outs, self.following = plan
        leader = self.to_act = self.leader
        self.offered = (
            opening_leads(self.game, self.trump, leader, self.hands[leader])
            if self.opening
            else tuple(self.plays[leader].values())
        )

    # -- what may be read -----------------------------------------------------------------------
    def out_mask(self) -> int:
        """Mask of the seats visibly out (docs/rules.md#pitch52-seen): passed over by a
        trick, or by the trick under way so far."""
        out = self.trick_outs[len(self.trick_cards)]
        for trick in self.tricks:
            out |= trick[4]
        return out
