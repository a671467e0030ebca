"""Reads of a table's public facts, for the API: who sits where, the scores, a finished hand.

Everything here is what a spectator may know. Nothing is read from a seat's view or from the
full state of a hand in progress: the seats come from their rows, the scores from the hand
rows (the tally before the hand being played, or after the last one), and a hand's record
only once it is finished, its actions as the viewer's seat saw them (another seat's discard
stays a number of cards, as on the replay page).
"""

from __future__ import annotations

from dataclasses import dataclass
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from django.http import Http404
from django.utils.translation import gettext_lazy

from club.models import Club
from tables import live
from tables.errors import TableError
from tables.models import LiveTable, TableHand, TableSeat, TableStatus
from tables.naming import seat_name, side_labels
from tables.selectors import action_as_seen, club_tables, hand_steps, may_watch, seat_of

if TYPE_CHECKING:
    from tables.selectors import AnyUser

NO_TABLE = gettext_lazy("There is no table {id} in this club.")
NO_HAND = gettext_lazy("Table {table} has no hand {number}.")
HAND_NOT_FINISHED = gettext_lazy(
    "Hand {number} is still being played: its record is given once it is over."
)
# Keys of a finished hand's result that are public: no card anyone held is among them.
PUBLIC_RESULT = ("outcome", "made", "delta", "scores_after", "line")


class HandNotFinished(TableError):
    """The hand asked for is being played: its record would tell what is still hidden."""

    status = HTTPStatus.CONFLICT


@dataclass(frozen=True)
class SeatFacts:
    index: int
    name: str
    player: int | None
    bot: str
    is_bot: bool
    is_open: bool
    stand_in: bool


@dataclass(frozen=True)
class SideScore:
    side: int
    name: str
    seats: tuple[int, ...]
    score: int


@dataclass(frozen=True)
class TableRow:
    table: LiveTable
    seats: list[SeatFacts]


@dataclass(frozen=True)
class TableFacts:
    table: LiveTable
    seats: list[SeatFacts]
    scores: list[SideScore]
    to_act: int | None
    hands_finished: int


@dataclass(frozen=True)
class HandRecord:
    number: int
    dealer: int
    seat: int | None
    steps: list[str]
    result: dict[str, Any]


def table_rows(
    club: Club, *, status: str | None = None, user: AnyUser | None = None
) -> list[TableRow]:
    """The club's online tables with their seats, as the club's tables page orders them;
    only those of ``status`` when given, and those ``user`` may see (``listed_for``)."""
    tables = club_tables(club, user)
    if status:
        tables = tables.filter(status=status)
    return [TableRow(table, seat_facts(list(table.seats.all()))) for table in tables]


def table_of(club: Club, table_id: int, user: AnyUser | None = None) -> LiveTable:
    """One table of ``club``; a table of another club, or one ``user`` may not watch
    (``may_watch``), is not found, as an unknown id is."""
    table = LiveTable.objects.select_related("club").filter(club=club, pk=table_id).first()
    if table is None or (user is not None and not may_watch(table, user)):
        raise Http404(NO_TABLE.format(id=table_id))
    return table


def seat_facts(seats: list[TableSeat]) -> list[SeatFacts]:
    """The seats (read with their players) as anyone at the club may see them."""
    return [
        SeatFacts(
            index=s.index,
            name=seat_name(s, len(seats)),
            player=s.player_id,
            bot=s.bot_name if s.is_bot else "",
            is_bot=s.is_bot,
            is_open=s.is_empty,
            stand_in=s.player_id is not None and s.bot_playing,
        )
        for s in sorted(seats, key=lambda seat: seat.index)
    ]


def _scores_now(table: LiveTable, sides: int) -> list[int]:
    last = table.hands.order_by("-number").first()
    if last is None:
        return [0] * sides
    if last.finished and last.result:
        return [int(score) for score in last.result["scores_after"]]
    return list(live.tally_from(last.tally_before, sides).scores)


def table_scores(table: LiveTable, seats: list[TableSeat]) -> list[SideScore]:
    """Each side's score now: before the hand being played, after the last one when none is."""
    sides = live.game_of(table).seating.side_seats
    ordered = sorted(seats, key=lambda seat: seat.index)
    names = side_labels(ordered, sides)
    scores = _scores_now(table, len(sides))
    return [
        SideScore(side=index, name=names[index], seats=tuple(side), score=scores[index])
        for index, side in enumerate(sides)
    ]


def table_facts(table: LiveTable) -> TableFacts:
    """What the API shows of one table. Who is to act is read from the hand's public view."""
    seats = list(table.seats.select_related("player").order_by("index"))
    to_act = None
    if table.status == TableStatus.PLAYING:
        hand = live.current_hand(table)
        to_act = hand.view(None)["to_act"] if hand is not None else None
    return TableFacts(
        table=table,
        seats=seat_facts(seats),
        scores=table_scores(table, seats),
        to_act=to_act,
        hands_finished=table.hands.filter(finished=True).count(),
    )


def hand_record(table: LiveTable, number: int, user: AnyUser) -> HandRecord:
    """A finished hand of ``table`` as ``user``'s seat saw it (spectators: public facts).

    Raises:
        Http404: the table has no hand ``number``.
        HandNotFinished: the hand is being played (409, ``hand_not_finished``).
    """
    table_hand: TableHand | None = table.hands.filter(number=number).first()
    if table_hand is None:
        raise Http404(NO_HAND.format(table=table.pk, number=number))
    if not table_hand.finished:
        raise HandNotFinished("hand_not_finished", HAND_NOT_FINISHED.format(number=number))
    seat = seat_of(table, user)
    result = table_hand.result or {}
    return HandRecord(
        number=table_hand.number,
        dealer=table_hand.dealer,
        seat=seat,
        steps=[action_as_seen(text, seat) for text in hand_steps(table, table_hand)],
        result={key: result[key] for key in PUBLIC_RESULT if key in result},
    )
