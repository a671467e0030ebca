"""A published round's online matches as the director follows them beside the paper tables:
each live table's state (scheduled for its time, open and waiting for players, playing,
paused, finished, abandoned), the score its sheet keeps, the hands played, and who sits where
with whether they are connected or played for by the computer.

Tournaments does not import the tables app (``tests/test_layers.py``): the live table is read
through the ORM's reverse relation ``match.live_table``, and its status is compared with the
plain strings below, the values ``tables.models.TableStatus`` stores. The round page asks for
this every few seconds, so it is read in a fixed number of queries whatever the number of
tables. Nothing here reads a hand's cards: a seat is who sits there, never what they hold.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.http import Http404
from django.utils.functional import Promise
from django.utils.translation import npgettext, pgettext_lazy

from tournaments.models import Match, Round
from tournaments.round_display import RoundView, SideView, seat_name

#: A live table's status, as ``tables.models.TableStatus`` stores it.
SCHEDULED = "scheduled"
OPEN = "open"
PLAYING = "playing"
PAUSED = "paused"
FINISHED = "finished"
ABANDONED = "abandoned"
#: Nothing more is played at a table in one of these.
ENDED = (FINISHED, ABANDONED)
#: The states in the order the round's head line counts them.
STATES = (PLAYING, PAUSED, OPEN, SCHEDULED, FINISHED, ABANDONED)
STATE_TEXT: dict[str, Promise] = {
    SCHEDULED: pgettext_lazy("an online table's state", "Scheduled"),
    OPEN: pgettext_lazy("an online table's state", "Open"),
    PLAYING: pgettext_lazy("an online table's state", "Playing"),
    PAUSED: pgettext_lazy("an online table's state", "Paused"),
    FINISHED: pgettext_lazy("an online table's state", "Finished"),
    ABANDONED: pgettext_lazy("an online table's state", "Abandoned"),
}


@dataclass(frozen=True)
class SeatOnline:
    seat: int  # the engine's seat number, from 0
    compass: str  # "South", or "seat 3" at a table of another size
    name: str
    connected: bool  # the player has the table's page open
    computer: bool  # a computer plays this seat now: its own seat, or standing in for the player


@dataclass(frozen=True)
class TableOnline:
    """One online match of the round and its live table (``table_id``; none before the round
    is published)."""

    number: int  # the round's table number
    match_id: int
    table_id: int | None
    status: str
    scheduled_at: datetime.datetime | None
    hands: int  # hands finished at the table
    scores: list[int | None]  # each side's running total on the sheet, as the paper rows show
    seats: list[SeatOnline]

    @property
    def state_text(self) -> str:
        return str(STATE_TEXT.get(self.status, self.status))

    @property
    def waiting_for(self) -> int:
        """Open tables: the seats nobody has taken yet (the game starts when they are)."""
        empty = sum(1 for seat in self.seats if not seat.name and not seat.computer)
        return empty if self.status == OPEN else 0

    @property
    def is_ended(self) -> bool:
        return self.status in ENDED

    @property
    def may_pause(self) -> bool:
        return self.status == PLAYING

    @property
    def may_resume(self) -> bool:
        return self.status == PAUSED


@dataclass(frozen=True)
class RoundOnline:
    tables: dict[int, TableOnline]  # by the round's table number

    def count(self, status: str) -> int:
        return sum(1 for table in self.tables.values() if table.status == status)

    @property
    def summary(self) -> list[tuple[str, int]]:
        """(what, how many) online tables in each state, for the round's head line beside
        the paper tables' counts; only what there is."""
        counts = [(status, self.count(status)) for status in STATES]
        return [(_counted_state(status, n), n) for status, n in counts if n]


def _counted_state(status: str, n: int) -> str:
    """How many online tables are in a state, in words after the number."""
    if status == PLAYING:
        return npgettext("online tables of a round", "playing online", "playing online", n)
    if status == PAUSED:
        return npgettext("online tables of a round", "paused", "paused", n)
    if status == OPEN:
        return npgettext("online tables of a round", "open online", "open online", n)
    if status == SCHEDULED:
        return npgettext("online tables of a round", "scheduled online", "scheduled online", n)
    if status == FINISHED:
        return npgettext("online tables of a round", "finished online", "finished online", n)
    return npgettext("online tables of a round", "abandoned", "abandoned", n)


def round_online(*, view: RoundView) -> RoundOnline:
    """The online matches among ``view``'s tables, each with its live table as it stands now:
    three queries (the matches with their tables and hands counted, the seats, their players)
    for any number of tables."""
    by_id = {match.pk: match for match in _online_matches(view.round)}
    tables = {}
    for table in view.tables:
        match = by_id.get(table.match.pk) if table.match is not None else None
        if match is not None:
            tables[table.number] = _table_online(table.number, match, table.sides)
    return RoundOnline(tables=tables)


def online_table_get(*, round_: Round, number: int) -> TableOnline:
    """The round's online match at table ``number`` with its live table (no scores: this is
    for acting on the table, not showing it). Raises ``Http404`` for a table at the hall."""
    match = _online_matches(round_).filter(table__number=number).first()
    if match is None:
        raise Http404("No online table of this number in the round.")
    return _table_online(number, match, [])


def _online_matches(round_: Round) -> QuerySet[Match]:
    return (
        Match.objects.filter(round=round_, online=True)
        .select_related("live_table")
        .prefetch_related("live_table__seats__player")
        .annotate(hands_done=Count("live_table__hands", filter=Q(live_table__hands__finished=True)))
    )


def _table_online(number: int, match: Match, sides: list[SideView]) -> TableOnline:
    # ``Any``: the live table's model belongs to the tables app, which is not imported here.
    live: Any = getattr(match, "live_table", None)
    seats = list(live.seats.all()) if live is not None else []
    return TableOnline(
        number=number,
        match_id=match.pk,
        table_id=live.pk if live is not None else None,
        status=live.status if live is not None else SCHEDULED,
        scheduled_at=live.scheduled_at if live is not None else match.starts_at,
        hands=getattr(match, "hands_done", 0),
        scores=[side.score for side in sides],
        seats=[_seat_online(seat, len(seats)) for seat in seats],
    )


def _seat_online(seat: Any, count: int) -> SeatOnline:
    """A live table's seat (a ``tables.models.TableSeat``): a player's, or a computer's own
    seat when no player is named."""
    player = seat.player
    computer_seat = player is None and bool(seat.bot_name)
    return SeatOnline(
        seat=seat.index,
        compass=seat_name(seat.index, count),
        name=player.display_name if player is not None else "",
        connected=seat.connections > 0,
        computer=computer_seat or (player is not None and seat.bot_playing),
    )
