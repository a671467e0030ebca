"""A person in two online matches at one time.

An online match holds its players from its start for about ``MATCH_LENGTH``; two matches of
one person starting closer than that cannot both be played. Publishing a round, agreeing a
time and a director's move are each refused with ``clash`` when they would make one.
Members' own tables are not commitments of this kind and are not counted.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

from scoring.models import SheetStatus
from tournaments.errors import TournamentError
from tournaments.models import Match, NoShow, Seating

#: How long an online game usually holds its players: a game to 125 of 45s takes an hour or
#: so at a live table, a Bid Whist or Pitch game less.
MATCH_LENGTH = timedelta(hours=2)

CLASH = gettext_lazy(
    "{player} plays {other} at {time}: two online matches of one person must start at least"
    " {hours} hours apart."
)


def clashing_matches(
    *, player_ids: Collection[int], at: datetime, excluding: Collection[int] = ()
) -> list[Seating]:
    """The seats of ``player_ids`` at other online matches, not over, starting within
    ``MATCH_LENGTH`` of ``at``; one per clash, earliest first."""
    near = Q(table__match__starts_at__gt=at - MATCH_LENGTH) & Q(
        table__match__starts_at__lt=at + MATCH_LENGTH
    )
    return list(
        Seating.objects.filter(near, player_id__in=player_ids, table__match__online=True)
        .exclude(table__match__pk__in=excluding)
        .exclude(table__match__sheet__status=SheetStatus.CONFIRMED)
        .exclude(table__match__no_show=NoShow.FORFEIT)
        .select_related("player", "table__match__round__event")
        .order_by("table__match__starts_at", "pk")
    )


def clash_check(*, match: Match, at: datetime, excluding: Collection[int] = ()) -> None:
    """Refuse ``at`` for ``match`` when one of its players has another online match then.

    Raises:
        TournamentError: ``clash``, naming the player and the other match.
    """
    player_ids = [
        pid
        for pid in Seating.objects.filter(table__match=match).values_list("player_id", flat=True)
        if pid is not None
    ]
    found = clashing_matches(player_ids=player_ids, at=at, excluding={match.pk, *excluding})
    if found:
        seat = found[0]
        other = seat.table.match
        raise TournamentError(
            "clash",
            CLASH.format(
                player=seat.player,
                other=f"{other.round.event.name}, {other.round}, {seat.table}",
                time=f"{timezone.localtime(other.starts_at):%Y-%m-%d %H:%M}",
                hours=int(MATCH_LENGTH.total_seconds() // 3600),
            ),
        )
