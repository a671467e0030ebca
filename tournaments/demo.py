"""The demo club's league: a weekly progressive 45s season, two nights played and the third in
progress, made by playing them through the real services (``tournaments.simulate``). The night
in progress is dated the day the demo is loaded (it is "tonight" whatever the weekday), the
nights played one and two weeks before.

Idempotent like the rest of the demo: when the season exists nothing is added.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from django.utils import timezone

from club.models import Club, RuleSet
from tournaments.models import Season
from tournaments.services.events import season_create, season_night_create
from tournaments.simulate import event_simulate

if TYPE_CHECKING:
    from django.contrib.auth.models import User

SEASON_NAME = "Tuesday league"
RULES_NAME = "Tuesday 120s"
NIGHTS_PLAYED = 2
ROUNDS_A_NIGHT = 2
PLAYERS = 8


def demo_league_load(*, club: Club, by: User | None) -> int:
    """Create the demo season with its nights; returns how many nights were made."""
    if Season.objects.filter(club=club, name=SEASON_NAME).exists():
        return 0
    rules = RuleSet.objects.filter(club=club, name=RULES_NAME).first()
    season = season_create(
        club=club, name=SEASON_NAME, format="progressive", rule_set=rules, best_of=8
    )
    tonight = timezone.localdate()
    for week in range(NIGHTS_PLAYED + 1):
        in_progress = week == NIGHTS_PLAYED
        night = season_night_create(
            season=season,
            date=tonight - datetime.timedelta(weeks=NIGHTS_PLAYED - week),
            rounds_planned=ROUNDS_A_NIGHT,
            seed=week + 1,
            by=by,
        )
        event_simulate(
            club=club,
            format=season.format,
            entrants=PLAYERS,
            rounds=1 if in_progress else ROUNDS_A_NIGHT,
            seed=week + 1,
            event=night,
            in_progress=in_progress,
            by=by,
        )
    return NIGHTS_PLAYED + 1
