"""The demo club command: loads a realistic club once, however often it runs, with every
app's part of it (sheets, an online match, a league)."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.demo import CLUB_SLUG, DEMO_PASSWORD
from club.models import Club, Membership, Partnership, Player, RuleSet
from scoring.models import Scoresheet
from tables.bot_moves import DEFAULT_BOT
from tables.demo import TITLE as TABLE_TITLE
from tables.models import LiveTable
from tournaments.demo import ONLINE_EVENT
from tournaments.models import Event, Match

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

BASE_DIR = Path(__file__).resolve().parents[2]

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


def test_load_demo_refuses_a_production_site(settings: Settings) -> None:
    """The demo's accounts have published passwords: never on a real club's server."""
    settings.PRODUCTION = True
    with pytest.raises(CommandError, match="refuses to run with KITTY_PRODUCTION=1"):
        load()
    assert counts() == dict.fromkeys(counts(), 0)


def test_load_demo_exits_non_zero_with_the_reason_in_production(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")},
        "KITTY_PRODUCTION": "1",
        "SECRET_KEY": "pD7v-not-a-real-key-but-long-and-varied-enough-Qx93kLm2Zr8wTy5",
        "ALLOWED_HOSTS": "kitty.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "load_demo"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "load_demo refuses to run with KITTY_PRODUCTION=1" in result.stderr
    assert "sign in as" not in result.stdout


def test_load_demo_loads_every_apps_part_of_the_club() -> None:
    load()
    club = Club.objects.get(slug=CLUB_SLUG)
    assert LiveTable.objects.filter(club=club, title=TABLE_TITLE).count() == 1
    assert Scoresheet.objects.filter(club=club).exists()
    assert Event.objects.filter(club=club).exists()


def test_the_demos_night_in_progress_is_tonight() -> None:
    """The league's running night is dated the day the demo is loaded, whatever the weekday;
    the nights played are one and two weeks before it. The online match is tomorrow."""
    load()
    today = timezone.localdate()
    nights = Event.objects.filter(club__slug=CLUB_SLUG, season__isnull=False).order_by("date")
    assert [(n.date, n.status) for n in nights] == [
        (today - timedelta(weeks=2), "finished"),
        (today - timedelta(weeks=1), "finished"),
        (today, "running"),
    ]
    table = LiveTable.objects.get(title=TABLE_TITLE)
    assert table.scheduled_at is not None
    assert timezone.localdate(table.scheduled_at) == today + timedelta(days=1)


def test_the_demos_player_has_an_online_match_whose_time_is_to_agree() -> None:
    """The online league's round 1 is published over the week: the player account sits at one
    of its live tables, scheduled at the default time until a time is agreed."""
    load()
    event = Event.objects.get(club__slug=CLUB_SLUG, name=ONLINE_EVENT)
    round_ = event.rounds.get(number=1)
    assert round_.online and round_.has_window and round_.default_at is not None
    player = Player.objects.get(user__username="player")
    match = Match.objects.get(round=round_, table__seatings__player=player)
    assert (match.online, match.time_source) == (True, "default")
    assert match.starts_at == round_.default_at
    assert match.live_table.scheduled_at == round_.default_at
    assert match.live_table.status == "scheduled"


def test_the_demos_player_starts_a_practice_table_from_the_lobby(client: Client) -> None:
    """The player account (player / kitty-demo) signs in, finds Practice now on the lobby and
    sits down at once with three computers under the club's rules."""
    load()
    assert client.login(username="player", password=DEMO_PASSWORD)
    lobby = client.get(reverse("table_lobby"))
    assert b'action="/tables/practice/"' in lobby.content
    rules = RuleSet.objects.get(club__slug=CLUB_SLUG, is_default=True, game="auction45")
    answer = client.post(
        reverse("table_practice"),
        {"at_club": CLUB_SLUG, "rules": f"rules:{rules.pk}", "level": DEFAULT_BOT},
    )
    table = LiveTable.objects.get(kind="practice")
    assert answer["Location"] == reverse("table_detail", args=[CLUB_SLUG, table.pk])
    assert table.status == "playing"
    assert table.rule_set_name == rules.name
    seats = list(table.seats.order_by("index"))
    assert seats[0].player == Player.objects.get(user__username="player")
    assert [seat.bot_name for seat in seats[1:]] == [DEFAULT_BOT] * 3
