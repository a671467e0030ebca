"""No-shows at an event's match table: what happens when a seated player has not come.

A match table waits for its players (``seating.seat_awaited``). Its ``clock_due_at`` says when
its no-show check is due while it waits (no turn clock runs before the game): the grace time
after it opens, then as the rule says. The check applies the event's rule
(``Event.no_show``) to the players still awaited then:

- ``computer``: the computer plays their seats (``bot_playing``, as for a player away) and the
  game starts; ``Match.no_show`` says so, with the seats, and the sheet and standings show it.
  A player who comes late takes their seat back (``seat_take_back``).
- ``forfeit``: nothing yet; at ``Event.forfeit_minutes`` after the table opened, if still
  awaited, the table is abandoned and the match forfeited (``_forfeit``).
- ``director``: the match is flagged and the table waits for the director's decision
  (``match_no_show_decide``): the computer plays, forfeit, or wait one more grace time.

A player who comes meanwhile starts the game as ever (``seat_connected``): a check that
finds everyone there, or the game started, does nothing. Every write locks the table.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

import scoring.services
from scoring.models import Scoresheet, SheetStatus
from tables import enqueue
from tables.bot_moves import DEFAULT_BOT
from tables.errors import TableError, TableStateRefused
from tables.models import LiveTable, TableSeat, TableStatus
from tables.services.directing import refuse_non_director
from tables.services.play import changed, locked
from tables.services.seating import opened_at, seat_awaited, start_if_ready
from tournaments.models import Match, NoShow, NoShowRule

if TYPE_CHECKING:
    from django.contrib.auth.models import User

#: A director's decisions for a flagged match.
DECISIONS = ("computer", "forfeit", "wait")
UNKNOWN_DECISION = gettext_lazy("Choose one of: the computer plays, forfeit, or wait.")
NOT_FLAGGED = gettext_lazy("This match is not waiting for a director's decision.")
STARTED = gettext_lazy("The game at this table has started or is over ({status}).")
#: What the sheet's history notes for a forfeited match's confirmation.
FORFEIT_NOTE = "forfeit: absent at the online table"


def match_no_show_check(*, table_id: int, now: datetime | None = None) -> str:
    """Apply the event's no-show rule at the match table ``table_id`` if its check is due
    and a player has not come. Returns what was done: ``"computer"``, ``"forfeit"``,
    ``"flagged"``, ``"waiting"`` (forfeit rule, before its time) or ``""`` (nothing: not a
    waiting match table, not due yet, or everyone came)."""
    now = now or timezone.now()
    with transaction.atomic():
        table = locked(table_id)
        match = _waiting_match(table)
        if match is None or match.no_show == NoShow.FLAGGED:
            return ""
        if table.clock_due_at is not None and now < table.clock_due_at:
            return ""
        seats = list(table.seats.select_related("player"))
        absent = [seat.index for seat in seats if seat_awaited(table, seat)]
        if not absent:
            start_if_ready(table)
            return ""
        rule = match.round.event.no_show
        if rule == NoShowRule.COMPUTER:
            _computer_plays(table, match, seats, absent)
            return "computer"
        if rule == NoShowRule.FORFEIT:
            return _forfeit_when_due(table, match, absent, now)
        _flag(table, match, absent)
        return "flagged"


def match_no_shows_sweep(*, now: datetime | None = None) -> list[int]:
    """The beat's sweep: the no-show check of every waiting match table that is due (a
    timer lost with its process is made up for). Returns the tables checked."""
    now = now or timezone.now()
    due = list(
        LiveTable.objects.filter(
            status=TableStatus.OPEN, match__isnull=False, clock_due_at__lte=now
        ).values_list("pk", flat=True)
    )
    for table_id in due:
        match_no_show_check(table_id=table_id, now=now)
    return due


@transaction.atomic
def match_no_show_decide(
    *, table_id: int, decision: str, by: User, now: datetime | None = None
) -> LiveTable:
    """A director's decision for the flagged match at ``table_id``: ``computer`` (the
    computer plays the absent seats and the game starts now), ``forfeit`` (the match is
    forfeited now) or ``wait`` (the flag is cleared and the table waits one more grace time).

    Raises:
        TableError: ``not_a_director``, ``unknown_decision``, ``started`` (409),
            ``not_flagged``.
    """
    now = now or timezone.now()
    table = locked(table_id)
    refuse_non_director(table, by)
    if decision not in DECISIONS:
        raise TableError("unknown_decision", UNKNOWN_DECISION)
    if table.status != TableStatus.OPEN:
        raise TableStateRefused("started", STARTED.format(status=table.get_status_display()))
    match = _waiting_match(table)
    if match is None or match.no_show != NoShow.FLAGGED:
        raise TableError("not_flagged", NOT_FLAGGED)
    seats = list(table.seats.select_related("player"))
    absent = [seat.index for seat in seats if seat_awaited(table, seat)]
    if decision == "wait" or not absent:
        _wait_again(table, match, now)
    elif decision == "computer":
        _computer_plays(table, match, seats, absent)
    else:
        _forfeit(table, match, absent, now)
    table.refresh_from_db()
    return table


def _waiting_match(table: LiveTable) -> Match | None:
    """The match of ``table`` while the table waits for its players, locked, else None."""
    if table.status != TableStatus.OPEN or table.match_id is None:
        return None
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__event", "sheet")
        .get(pk=table.match_id)
    )


def _computer_plays(
    table: LiveTable, match: Match, seats: list[TableSeat], absent: list[int]
) -> None:
    """The computer plays the absent seats, the game starts, and the match says so."""
    for seat in seats:
        if seat.index in absent:
            seat.bot_playing = True
            seat.bot_name = seat.bot_name or DEFAULT_BOT
            seat.save(update_fields=["bot_playing", "bot_name"])
    _mark(match, NoShow.COMPUTER, absent)
    start_if_ready(table)


def _forfeit_when_due(table: LiveTable, match: Match, absent: list[int], now: datetime) -> str:
    """Under the forfeit rule: forfeit if the forfeit time has come, else check again then."""
    due = opened_at(table) + timedelta(minutes=match.round.event.forfeit_minutes)
    if now >= due:
        _forfeit(table, match, absent, now)
        return "forfeit"
    table.clock_due_at = due
    table.save(update_fields=["clock_due_at"])
    enqueue.run_later_on_commit(enqueue.MATCH_NO_SHOW, (table.pk,), (due - now).total_seconds())
    return "waiting"


def _flag(table: LiveTable, match: Match, absent: list[int]) -> None:
    """The director decides: the match is flagged and no more checks are due meanwhile."""
    _mark(match, NoShow.FLAGGED, absent)
    table.clock_due_at = None
    table.save(update_fields=["clock_due_at"])
    changed(table)


def _wait_again(table: LiveTable, match: Match, now: datetime) -> None:
    """The flag is cleared and the check is due again one grace time from ``now``."""
    _mark(match, NoShow.NONE, [])
    table.clock_due_at = now + timedelta(seconds=table.grace_seconds)
    table.save(update_fields=["clock_due_at"])
    enqueue.run_later_on_commit(enqueue.MATCH_NO_SHOW, (table.pk,), table.grace_seconds)
    changed(table)


def _mark(match: Match, no_show: str, absent: list[int]) -> None:
    match.no_show = no_show
    match.absent_seats = sorted(absent)
    match.save(update_fields=["no_show", "absent_seats"])


def _forfeit(table: LiveTable, match: Match, absent: list[int], now: datetime) -> None:
    """The absent forfeit the match: the table is abandoned before its game (nobody plays
    there, the computer neither) and the match's sheet is closed as a forfeit.

    The sheet is confirmed with no hands and the present sides as its winners, rather than
    voided: a confirmed sheet is what finishes a round, and what the standings, the Swiss
    scores and a knockout's next round read. ``Match.no_show`` tells them it was not played:
    the absent side loses with nothing, the present side scores as the event's bye rule
    says (``tournaments.services.standings``)."""
    table.status = TableStatus.ABANDONED
    table.finished_at = now
    table.clock_due_at = None
    table.save(update_fields=["status", "finished_at", "clock_due_at"])
    _mark(match, NoShow.FORFEIT, absent)
    if match.sheet is not None:
        _sheet_forfeit(match.sheet, match, absent)
    changed(table)


def _sheet_forfeit(sheet: Scoresheet, match: Match, absent: list[int]) -> None:
    """The present sides win the sheet, with no hands; it is confirmed at once."""
    if sheet.status == SheetStatus.CONFIRMED:
        return
    sides = {seating.seat: seating.side for seating in match.table.seatings.all()}
    absent_sides = {sides[index] for index in absent if index in sides}
    sheet.winners = sorted(set(sides.values()) - absent_sides)
    sheet.end_reason = "forfeit"
    sheet.status = SheetStatus.FINISHED
    sheet.save(update_fields=["winners", "end_reason", "status", "updated"])
    scoring.services.scoresheet_confirm(sheet=sheet, by=None, note=FORFEIT_NOTE)
