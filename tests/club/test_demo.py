"""The club's own part of the demo: members, partnerships, house rules and the two accounts,
and nothing of the apps above the club."""

from __future__ import annotations

import pytest

from club.demo import CLUB_SLUG, DIRECTOR, MEMBERS, demo_club_load
from club.models import Membership, Player
from scoring.models import Scoresheet
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_club_part_loads_once_and_nothing_above_the_club() -> None:
    loaded = demo_club_load()
    assert loaded.club.slug == CLUB_SLUG
    assert loaded.club.memberships.count() == len(MEMBERS)
    assert [s.username for s in loaded.sign_ins] == ["director", "player"]
    director = Player.objects.get(display_name=DIRECTOR)
    assert director.user is not None and director.user.username == "director"
    assert Membership.objects.get(player=director).role == Membership.Role.DIRECTOR
    assert not Scoresheet.objects.exists() and not Event.objects.exists()
    assert demo_club_load().created == 0
