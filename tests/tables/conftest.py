"""Fixtures of the tests of members' tables: a club, a host and a friend, each a member with
a site account, and the lobby groups told of changes."""

from __future__ import annotations

import pytest

from club.models import Club, Membership
from tables import notify
from tests.factories import ClubFactory, MembershipFactory


@pytest.fixture
def club() -> Club:
    return ClubFactory.create()


@pytest.fixture
def host(club: Club) -> Membership:
    return MembershipFactory.create(club=club, with_account=True)


@pytest.fixture
def friend(club: Club) -> Membership:
    return MembershipFactory.create(club=club, with_account=True)


@pytest.fixture
def lobby_groups(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The channel groups told something, in order (the tables' own broadcasts are left
    out): the lobby groups ``tables.lobby_feed`` nudges."""
    sent: list[str] = []
    monkeypatch.setattr(notify, "send", lambda sends: sent.extend(group for group, _ in sends))
    monkeypatch.setattr(notify, "broadcast", lambda *args: None)
    return sent
