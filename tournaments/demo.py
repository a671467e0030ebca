"""The demo club's league: a weekly progressive 45s season, two nights played and the third in
progress, made by playing them through the real services (``tournaments.simulate``). The night
in progress is dated the day the demo is loaded (it is "tonight" whatever the weekday), the
nights played one and two weeks before. Beside it, a league played online: its first round
published for the week, each match's time to be agreed by its players (the demo's player
account among them) before the default time.

Idempotent like the rest of the demo: when the season exists nothing is added.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from django.utils import timezone

from club.models import Club, Player, RuleSet
from tournaments.models import Event, NoShowRule, PlaysAt, Season
from tournaments.services.entrants import entrant_arrive
from tournaments.services.events import OnlinePlay, event_create, season_create, season_night_create
from tournaments.services.publish import RoundWindow, round_publish
from tournaments.services.rounds import round_pair
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


ONLINE_EVENT = "Winter league online"
#: The online league's players: the demo's player account (Gerald) and seven others.
ONLINE_PLAYERS = [
    "Gerald LeBlanc",
    "Patrick O'Neil",
    "Colleen MacIsaac",
    "Raymond Cormier",
    "Donna Richard",
    "Francis McGrath",
    "Yvonne Poirier",
    "Leonard Boudreau",
]
#: Its round's window: from now for a week, the default time three days on at 19:30.
WINDOW_DAYS, DEFAULT_DAYS = 7, 3


def demo_online_league_load(*, club: Club, by: User | None) -> int:
    """Create the online league with its first round published; returns how many events
    were made (0 when it exists)."""
    if Event.objects.filter(club=club, name=ONLINE_EVENT).exists():
        return 0
    event = event_create(
        club=club,
        name=ONLINE_EVENT,
        date=timezone.localdate(),
        format="progressive",
        rule_set=RuleSet.objects.filter(club=club, name=RULES_NAME).first(),
        rounds_planned=3,
        online=OnlinePlay(PlaysAt.ONLINE, no_show=NoShowRule.COMPUTER, pairs_itself=True),
        seed=1,
        by=by,
    )
    for name in ONLINE_PLAYERS:
        player = Player.objects.get(memberships__club=club, display_name=name)
        entrant_arrive(event=event, player=player)
    now = timezone.localtime()
    default = (now + datetime.timedelta(days=DEFAULT_DAYS)).replace(
        hour=19, minute=30, second=0, microsecond=0
    )
    window = RoundWindow(now, now + datetime.timedelta(days=WINDOW_DAYS), default)
    round_publish(round_=round_pair(event=event, by=by), by=by, window=window)
    return 1
