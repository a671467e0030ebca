"""A signed-in player's online matches still to play, for their home page: when, which event
and round, and the way to the live table. A round played online may run over days (its
window), so these are not only tonight's: every published round's online match that seats the
player and whose table is not over yet.

The live table is read through the ORM's reverse relation ``match.live_table`` (tournaments
does not import the tables app), its status compared with ``round_online``'s plain strings.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tournaments.models import Event, Match, RoundStatus
from tournaments.round_online import ENDED, SCHEDULED, STATE_TEXT

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

#: The home page lists this many at most, soonest first.
SHOWN = 10


@dataclass(frozen=True)
class OnlineMatch:
    event: Event
    round_number: int
    table_number: int
    starts_at: datetime.datetime | None
    table_id: int  # the live table, for its page's address
    status: str
    #: Played within a window, its time still to be agreed (before the table opens).
    to_arrange: bool = False

    @property
    def state_text(self) -> str:
        return str(STATE_TEXT.get(self.status, self.status))


def online_matches_of(*, user: AbstractBaseUser | AnonymousUser) -> list[OnlineMatch]:
    """The user's online matches of published rounds whose live table is not finished or
    abandoned, soonest first (at most ``SHOWN``); none for a visitor."""
    if not user.is_authenticated:
        return []
    matches = (
        Match.objects.filter(
            online=True,
            round__status=RoundStatus.PUBLISHED,
            table__seatings__player__user_id=user.pk,
            live_table__isnull=False,
        )
        .exclude(live_table__status__in=ENDED)
        .select_related("round__event__club", "table", "live_table")
        .order_by("starts_at", "pk")
        .distinct()[:SHOWN]
    )
    found = []
    for match in matches:
        live: Any = match.live_table  # the tables app's model, not imported here
        found.append(
            OnlineMatch(
                event=match.round.event,
                round_number=match.round.number,
                table_number=match.table.number,
                starts_at=match.starts_at or live.scheduled_at,
                table_id=live.pk,
                status=live.status,
                to_arrange=match.round.has_window and live.status == SCHEDULED,
            )
        )
    return found
