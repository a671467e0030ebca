"""What one seat has seen, read out of its view into masks and tuples.

Views are JSON (card names, lists of dicts) so that the web layer can send them as they are;
bots reason with card ints and bitmasks, so every bot reads a view once into a ``Seen``.
Only the three games' shared fields are parsed here; each game's own fields (discard counts,
the kitty, face-up discards...) are read by that game's modules from ``Seen.view``.

Vocabulary: a *trick* is ``(leader, seats, cards, winner)``: seats and cards in playing order.
The current trick has no winner yet (``-1``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.bots.base import View
from engine.rules import Game
from engine.rules.cards import BIT, parse_card, parse_suit

Trick = tuple[int, tuple[int, ...], tuple[int, ...], int]


def mask_of_names(names: Any) -> int:
    """Mask of a list of card names (``None`` gives the empty mask)."""
    mask = 0
    for name in names or ():
        mask |= BIT[parse_card(name)]
    return mask


def _trick(plays: Any, leader: int, winner: int) -> Trick:
    seats = tuple(int(p["seat"]) for p in plays)
    cards = tuple(parse_card(p["card"]) for p in plays)
    return (seats[0] if seats else leader, seats, cards, winner)


@dataclass(slots=True)
class Seen:
    """A seat's knowledge, parsed from its view (see the module docstring)."""

    game: Game
    view: View
    seat: int
    seats: int
    seat_side: tuple[int, ...]
    side: int
    phase: str
    to_act: int | None
    dealer: int
    scores: tuple[int, ...]
    hand: int
    calls: tuple[tuple[int, str], ...]
    bidder: int | None
    bid: int | None
    trump: int | None
    declared: bool
    mode: str | None
    tricks: tuple[Trick, ...]
    trick: Trick
    played: int
    played_by: tuple[int, ...]
    #: What the bots work out once per decision from this knowledge alone (never from a
    #: guess), by name: the same for every deal sampled at the decision (``worlds.world.once``).
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def partners(self) -> tuple[int, ...]:
        side = self.side
        return tuple(s for s in range(self.seats) if s != self.seat and self.seat_side[s] == side)

    @property
    def bidding_side(self) -> int | None:
        return None if self.bidder is None else self.seat_side[self.bidder]

    @property
    def leading(self) -> bool:
        return not self.trick[2]


def read_view(game: Game, view: View) -> Seen:
    """Parse ``view`` (``Hand.view(seat)`` of a hand of ``game``) for a seat that may act."""
    seat = view["seat"]
    if not isinstance(seat, int):
        raise ValueError("a bot needs a seat's view, not a spectator's")
    seating = game.seating
    contract = view.get("contract")
    trump_name = view.get("trump")
    declared = trump_name is not None
    trump = parse_suit(str(trump_name), allow_nt=True) if declared else None
    tricks = tuple(
        _trick(t["plays"], int(t["leader"]), int(t["winner"])) for t in view.get("tricks") or ()
    )
    # Before the first card of a trick its leader is the seat to act.
    to_act = view.get("to_act")
    trick = _trick(view.get("trick") or (), to_act if isinstance(to_act, int) else -1, -1)
    played_by = [0] * seating.seats
    for _, seats, cards, _ in (*tricks, trick):
        for s, c in zip(seats, cards, strict=True):
            played_by[s] |= BIT[c]
    played = 0
    for m in played_by:
        played |= m
    return Seen(
        game=game,
        view=view,
        seat=seat,
        seats=seating.seats,
        seat_side=seating.seat_side,
        side=seating.seat_side[seat],
        phase=str(view["phase"]),
        to_act=to_act,
        dealer=int(view["dealer"]),
        scores=tuple(view.get("scores_before") or (0,) * seating.sides),
        hand=mask_of_names(view.get("hand")),
        calls=tuple((int(c["seat"]), str(c["call"])) for c in view.get("calls") or ()),
        bidder=None if contract is None else int(contract["bidder"]),
        bid=None if contract is None else int(contract["bid"]),
        trump=trump,
        declared=declared,
        mode=view.get("mode"),
        tricks=tricks,
        trick=trick,
        played=played,
        played_by=tuple(played_by),
    )
