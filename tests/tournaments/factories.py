"""Factories and small builders for event tests: a club with members, partnerships and rules,
and events made through the services (so every event is one a director could have made)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from club.models import Club, Membership, Partnership, Player, RuleSet
from tests.factories import ClubFactory, MembershipFactory, PartnershipFactory, RuleSetFactory
from tournaments.models import Event
from tournaments.services.entrants import entrant_arrive
from tournaments.services.events import event_create

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


def member_of(club: Club, name: str) -> Player:
    return MembershipFactory.create(club=club, player__display_name=name).player


__all__ = ["ClubSetup", "Membership", "club_with", "event_with", "member_of"]
