"""The demo club command: loads a realistic club once, however often it runs."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command

from club.demo import CLUB_SLUG, DEMO_PASSWORD
from club.models import Club, Membership, Partnership, Player

pytestmark = pytest.mark.django_db


def load() -> str:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def counts() -> dict[str, int]:
    return {
        "clubs": Club.objects.count(),
        "players": Player.objects.count(),
        "memberships": Membership.objects.count(),
        "partnerships": Partnership.objects.count(),
        "users": get_user_model().objects.count(),
    }


def test_load_demo_is_idempotent() -> None:
    first_output = load()
    first = counts()
    second_output = load()
    assert counts() == first
    assert "already loaded" in second_output
    assert "director / kitty-demo" in first_output
    assert "director / kitty-demo" in second_output


def test_demo_club_looks_like_a_real_club() -> None:
    load()
    club = Club.objects.get(slug=CLUB_SLUG)
    assert club.memberships.count() == 16
    roles = set(club.memberships.values_list("role", flat=True))
    assert roles == set(Membership.Role.values)
    sizes = sorted(p.players.count() for p in club.partnerships.all())
    assert sizes[0] == 2 and sizes[-1] == 3


def test_demo_accounts_sign_in_and_are_players() -> None:
    load()
    director = authenticate(username="director", password=DEMO_PASSWORD)
    assert director is not None
    membership = Membership.objects.get(player__user=director)
    assert membership.role == Membership.Role.DIRECTOR
    assert authenticate(username="player", password=DEMO_PASSWORD) is not None
