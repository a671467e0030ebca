"""Where a signed-in player sits tonight, for their home page: "Tonight: round 4, table 3,
South, partner …", as the "pairings are up" email says it, with the way to their sheet: its
hand-by-hand page while their table enters its own hands, else the sheet itself.

Tonight is the latest published round of each event held today (the site's local date) that
seats the player; a draft, an earlier round and another day's event say nothing.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils import timezone

from scoring.seated import seated_entry_open
from tournaments.models import Event, Match, RoundStatus, Seating
from tournaments.round_display import seat_name, table_company

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser


@dataclass(frozen=True)
class TonightSeat:
    event: Event
    round_number: int
    table_number: int
    seat: str  # "South", or "seat 3" at a table of another size
    deals_first: bool
    sheet_id: int | None  # the table's scoresheet
    # The player may enter its hands now (``scoring.seated``): their link is the hand page.
    can_enter: bool = False
    partners: list[str] = field(default_factory=list)
    opponents: list[str] = field(default_factory=list)


def tonight_seats(
    *, user: AbstractBaseUser | AnonymousUser, today: datetime.date | None = None
) -> list[TonightSeat]:
    """The player's seat in the latest published round of each event of ``today`` (by
    default the local date), by event name."""
    if not user.is_authenticated:
        return []
    mine = (
        Seating.objects.filter(
            player__user_id=user.pk,
            round__status=RoundStatus.PUBLISHED,
            round__event__date=today or timezone.localdate(),
        )
        .select_related("round__event__club", "table")
        .order_by("round__event__name", "round__event_id", "-round__number")
    )
    latest: dict[int, Seating] = {}
    for seating in mine:
        latest.setdefault(seating.round.event_id, seating)
    tables = [seating.table_id for seating in latest.values()]
    at_tables: dict[int, list[Seating]] = {}
    for other in Seating.objects.filter(table_id__in=tables).select_related("player", "entrant"):
        at_tables.setdefault(other.table_id, []).append(other)
    sheets = dict(Match.objects.filter(table_id__in=tables).values_list("table_id", "sheet_id"))
    seats = []
    for seating in latest.values():
        table = sorted(at_tables[seating.table_id], key=lambda s: s.seat)
        partners, opponents = table_company(seating, table)
        sheet_id = sheets.get(seating.table_id)
        seats.append(
            TonightSeat(
                event=seating.round.event,
                round_number=seating.round.number,
                table_number=seating.table.number,
                seat=seat_name(seating.seat, len(table)),
                deals_first=seating.deals_first,
                sheet_id=sheet_id,
                can_enter=sheet_id is not None
                and seated_entry_open(club=seating.round.event.club, sheet_id=sheet_id, user=user),
                partners=partners,
                opponents=opponents,
            )
        )
    return seats
