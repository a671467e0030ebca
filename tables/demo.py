"""The demo club's upcoming online match: the two demo accounts as partners against two
computer players, under the club's Tuesday rules, the next evening at seven.

Found again by title, so loading twice adds nothing.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING

from django.utils import timezone

from club.models import Club, Player, RuleSet
from tables.models import LiveTable
from tables.services import SeatSpec, table_create

if TYPE_CHECKING:
    from django.contrib.auth.models import User

TITLE = "Online Tuesday: Five of Trumps v the computers"
RULES = "Tuesday 120s"
PARTNERS = ("Gerald LeBlanc", "Maureen Doucette")  # the demo accounts "player" and "director"


def next_evening(now: datetime | None = None) -> datetime:
    """Seven o'clock tomorrow evening, local time."""
    now = timezone.localtime(now)
    day = (now + timedelta(days=1)).date()
    return timezone.make_aware(datetime.combine(day, time(19, 0)))


def demo_tables_load(*, club: Club, by: User | None) -> int:
    """Create the demo online match if it is missing; returns how many objects were new."""
    if LiveTable.objects.filter(club=club, title=TITLE).exists():
        return 0
    players = {p.display_name: p for p in Player.objects.filter(memberships__club=club)}
    first, second = (players[name] for name in PARTNERS)
    table_create(
        club=club,
        by=by,
        scheduled_at=next_evening(),
        rule_set=RuleSet.objects.filter(club=club, name=RULES).first(),
        title=TITLE,
        seats=[
            SeatSpec(player=first),
            SeatSpec(bot="club"),
            SeatSpec(player=second),
            SeatSpec(bot="club"),
        ],
    )
    return 1
