"""Factories and small builders for event tests: a club with members, partnerships and rules,
and events made through the services (so every event is one a director could have made)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.utils import timezone

from club.models import Club, Membership, Partnership, Player, RuleSet
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PartnershipFactory,
    RuleSetFactory,
    UserFactory,
)
from tournaments.models import Event, Round
from tournaments.services.entrants import entrant_arrive
from tournaments.services.events import event_create
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair

EVENT_DATE = datetime.date(2026, 1, 13)


@dataclass
class ClubSetup:
    club: Club
    players: list[Player]
    partnerships: list[Partnership]
    rules: RuleSet


def club_with(
    *, players: int = 0, partnerships: int = 0, game: str = "auction45", options: dict | None = None
) -> ClubSetup:
    """A club with ``players`` single members and ``partnerships`` two-player partnerships."""
    club = ClubFactory.create()
    singles = [
        MembershipFactory.create(club=club, player__display_name=f"Player {i:02d}").player
        for i in range(1, players + 1)
    ]
    pairs = []
    for i in range(1, partnerships + 1):
        members = [
            MembershipFactory.create(club=club, player__display_name=f"P{i:02d} {who}").player
            for who in ("North", "South")
        ]
        pairs.append(PartnershipFactory.create(club=club, name=f"Pair {i:02d}", players=members))
    rules = RuleSetFactory.create(
        club=club, game=game, options={} if options is None else options, is_default=True
    )
    return ClubSetup(club, singles, pairs, rules)


def event_with(
    setup: ClubSetup, *, format: str, seed: int = 7, arrive: bool = True, **kwargs: object
) -> Event:
    """An event of ``setup``'s club with everyone checked in (unless ``arrive=False``)."""
    event = event_create(
        club=setup.club,
        name=f"{format} night",
        date=EVENT_DATE,
        format=format,
        rule_set=setup.rules,
        seed=seed,
        **kwargs,  # type: ignore[arg-type]
    )
    if arrive:
        if event.entrant_kind == "partnership":
            for partnership in setup.partnerships:
                entrant_arrive(event=event, partnership=partnership)
        else:
            for player in setup.players:
                entrant_arrive(event=event, player=player)
    return event


@dataclass
class Tonight:
    """Round 1 of a progressive night held today, published, and a seated player who can sign
    in (``player.user`` is ``user``)."""

    setup: ClubSetup
    round: Round
    player: Player
    user: User


def published_tonight(*, players: int = 4) -> Tonight:
    setup = club_with(players=players)
    event = event_with(setup, format="progressive")
    Event.objects.filter(pk=event.pk).update(date=timezone.localdate())
    round_ = round_publish(round_=round_pair(event=event))
    player = setup.players[0]
    player.user = user = UserFactory.create()
    player.save(update_fields=["user"])
    return Tonight(setup, round_, player, user)


def member_of(club: Club, name: str) -> Player:
    return MembershipFactory.create(club=club, player__display_name=name).player


__all__ = [
    "ClubSetup",
    "Membership",
    "Tonight",
    "club_with",
    "event_with",
    "member_of",
    "published_tonight",
]
