"""An event's round played online: one live table for each match, set when the round is
published and in the same transaction, so a round is never public without its tables.

Each table seats the round's seating (partners across, progressive partners as seated), plays
under the rules of the match's scoresheet and writes its hands there, with the event's turn
clock and grace time, and opens at the match's time: the players are told where
(``table_scheduled``). The table starts when every player has come; one who has not after the
grace time is dealt with by the event's no-show rule (``noshow``). The finished game confirms
the match's sheet, and the standings follow as for paper.
"""

from __future__ import annotations

from django.db import transaction

from tables.bot_moves import DEFAULT_BOT
from tables.models import LiveTable
from tables.services.seating import SeatSpec, table_create
from tournaments.models import Match, Round, Seating


@transaction.atomic
def round_tables_set(*, round_id: int) -> list[LiveTable]:
    """A live table for each online match of the published round ``round_id``, in table
    order, opening at the match's time.

    Raises:
        TableError: the checks of ``table_create`` (rules broken, a seat refused).
    """
    round_ = Round.objects.select_related("event", "event__club").get(pk=round_id)
    event = round_.event
    matches = (
        Match.objects.filter(round=round_, online=True, sheet__isnull=False)
        .select_related("table", "sheet")
        .prefetch_related("table__seatings__player")
        .order_by("table__number")
    )
    return [
        table_create(
            club=event.club,
            by=None,
            scheduled_at=match.starts_at or round_.published_at or round_.paired_at,
            title=f"{event.name}: round {round_.number}, table {match.table.number}",
            seats=_seats(list(match.table.seatings.all())),
            turn_seconds=event.turn_seconds,
            grace_seconds=event.grace_seconds,
            first_dealer=next((s.seat for s in match.table.seatings.all() if s.deals_first), 0),
            match=match,
        )
        for match in matches
    ]


def _seats(seatings: list[Seating]) -> list[SeatSpec]:
    """Each seat's player in seat order; a seat whose player was deleted since the pairing
    gets a computer, so the table can start."""
    by_seat = {seating.seat: seating.player for seating in seatings}
    return [
        SeatSpec(player=player) if player is not None else SeatSpec(bot=DEFAULT_BOT)
        for _, player in sorted(by_seat.items())
    ]
