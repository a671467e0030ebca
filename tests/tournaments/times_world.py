"""An online league round played over days, for the tests of matches' times: two matches
of four, each seated player with an account and an email address."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.utils import timezone

from club.models import Player
from tests.factories import UserFactory
from tests.tournaments.factories import ClubSetup, club_with, event_with
from tournaments.models import Event, Match, PlaysAt, Round, Seating
from tournaments.services.events import OnlinePlay
from tournaments.services.publish import RoundWindow, round_publish
from tournaments.services.rounds import round_pair

ONLINE = OnlinePlay(PlaysAt.ONLINE, turn_seconds=45, grace_seconds=90)


@dataclass
class Windowed:
    setup: ClubSetup
    event: Event
    round: Round
    match: Match
    #: The match's players by side: ``sides[0]`` proposes, ``sides[1]`` answers.
    sides: dict[int, list[Player]]
    now: datetime

    def at(self, **delta: float) -> datetime:
        """A time ``delta`` after the test's start (within the window from an hour on)."""
        return self.now + timedelta(**delta)


def _with_accounts(setup: ClubSetup) -> None:
    for number, player in enumerate(setup.players):
        player.email = f"player{number}@example.org"
        player.user = UserFactory.create()
        player.save(update_fields=["email", "user"])


def windowed_round(
    *,
    setup: ClubSetup | None = None,
    window: bool = True,
    default_in: timedelta = timedelta(days=3),
) -> Windowed:
    """Round 1 of an online event, published with a window from an hour to a week away and a
    default time ``default_in`` away (``window=False``: published to start at once)."""
    if setup is None:
        setup = club_with(players=8)
        _with_accounts(setup)
    event = event_with(setup, format="progressive", online=ONLINE)
    now = timezone.now()
    given = RoundWindow(
        opens_at=now + timedelta(hours=1),
        closes_at=now + timedelta(days=7),
        default_at=now + default_in,
    )
    round_ = round_publish(round_=round_pair(event=event), window=given if window else None)
    match = Match.objects.filter(round=round_).order_by("table__number").first()
    assert match is not None
    sides: dict[int, list[Player]] = {}
    for seating in Seating.objects.filter(table=match.table).order_by("seat"):
        assert seating.player is not None
        sides.setdefault(seating.side, []).append(seating.player)
    return Windowed(setup, event, round_, match, sides, now)


def seated(match: Match) -> list[Player]:
    """The players at ``match``, in seat order."""
    seats = Seating.objects.filter(table_id=match.table_id).select_related("player")
    return [s.player for s in seats.order_by("seat") if s.player is not None]


def account(player: Player) -> User:
    """The account ``player`` signs in with (the world's players each have one)."""
    assert player.user is not None
    return player.user
