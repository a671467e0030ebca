"""The events part of the permission walk's world: one of everything an event page can show."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from club.models import Club, Membership, RuleSet
from tournaments.models import Entrant, Event, Job, JobKind, Round, Season
from tournaments.services.events import season_create, season_night_create
from tournaments.services.jobs import job_enqueue
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair


@dataclass
class TournamentWorld:
    season: Season
    event: Event  # a night of the season, round 1 published (scoresheets made)
    round: Round
    entrant: Entrant
    job: Job


def tournament_world(club: Club, rule_set: RuleSet) -> TournamentWorld:
    season = season_create(club=club, name="Walk league", format="progressive", rule_set=rule_set)
    event = season_night_create(season=season, date=datetime.date(2026, 1, 13), seed=1)
    # Straight rows: the walk builds this world for every request it makes, and
    # ``entrant_arrive`` is tested on its own.
    Entrant.objects.bulk_create(
        Entrant(event=event, player=m.player, name=m.player.display_name, checked_in=True)
        for m in Membership.objects.filter(club=club).select_related("player")
    )
    round_ = round_publish(round_=round_pair(event=event))
    job = job_enqueue(club=club, kind=JobKind.STANDINGS, event=event)
    entrant = Entrant.objects.filter(event=event).order_by("pk").first()
    assert entrant is not None
    return TournamentWorld(season, event, round_, entrant, job)
