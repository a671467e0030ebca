"""Fixtures of the scoresheet tests: a club with a director, a scorer and a player who can
sign in, and sheets started through the service."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User

from club.models import Club, Membership
from scoring.models import Scoresheet
from scoring.services import scoresheet_create
from tests.factories import ClubFactory, MembershipFactory


@dataclass
class Staff:
    club: Club
    director: User
    scorer: User
    player: User


def _user(membership: Membership) -> User:
    user = membership.player.user
    assert user is not None
    return user


@pytest.fixture
def staff(db: None) -> Staff:
    club = ClubFactory.create()
    members = {
        role: MembershipFactory.create(club=club, role=role, with_account=True)
        for role in ("director", "scorer", "player")
    }
    return Staff(
        club,
        _user(members["director"]),
        _user(members["scorer"]),
        _user(members["player"]),
    )


MakeSheet = Callable[..., Scoresheet]


@pytest.fixture
def make_sheet(staff: Staff) -> MakeSheet:
    """``make_sheet("pitch52", first_dealer=0)``: a sheet of the staff's club, standard rules."""

    def make(game_id: str = "auction45", **kwargs: object) -> Scoresheet:
        return scoresheet_create(club=staff.club, by=staff.director, game_id=game_id, **kwargs)  # type: ignore[arg-type]

    return make
