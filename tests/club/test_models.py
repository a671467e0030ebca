"""Invariants the database keeps for clubs, on every backend and on PostgreSQL in particular."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, OperationalError, connection, connections, transaction

from club.models import Club, Membership, Partnership, Player
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def test_a_player_joins_a_club_once() -> None:
    membership = MembershipFactory.create()
    with pytest.raises(IntegrityError):
        Membership.objects.create(club=membership.club, player=membership.player)


def test_unknown_role_is_refused_by_the_database() -> None:
    with pytest.raises(IntegrityError):
        MembershipFactory.create(role="dealer")


def test_partnership_names_are_unique_within_a_club_only() -> None:
    one, other = ClubFactory.create(), ClubFactory.create()
    Partnership.objects.create(club=one, name="Ace High")
    Partnership.objects.create(club=other, name="Ace High")
    with pytest.raises(IntegrityError):
        Partnership.objects.create(club=one, name="Ace High")


@pytest.mark.parametrize(
    "create",
    [
        lambda: Club.objects.create(name="", slug="blank"),
        lambda: Player.objects.create(display_name=""),
    ],
    ids=["club", "player"],
)
def test_blank_names_are_refused(create: object) -> None:
    with pytest.raises(IntegrityError):
        create()  # type: ignore[operator]


def test_strings_read_naturally() -> None:
    membership = MembershipFactory.create(
        club__name="Pitch Pals", player__display_name="Rita Melanson", role="director"
    )
    assert str(membership) == "Rita Melanson (director) in Pitch Pals"


@pytest.mark.postgres
def test_postgresql_enforces_constraints_inside_a_savepoint() -> None:
    assert connection.vendor == "postgresql"
    membership = MembershipFactory.create()
    # On PostgreSQL a failed statement poisons the transaction unless a savepoint holds it;
    # services that catch IntegrityError must wrap the write like this.
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(club=membership.club, player=membership.player)
    assert Membership.objects.filter(club=membership.club).count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_postgresql_row_lock_blocks_a_second_connection() -> None:
    """``select_for_update`` really locks on PostgreSQL (SQLite ignores it)."""
    club = ClubFactory.create()
    other = connections.create_connection("default")
    try:
        with transaction.atomic():
            Club.objects.select_for_update().get(pk=club.pk)
            with other.cursor() as cursor:
                cursor.execute("SET lock_timeout = '200ms'")
                with pytest.raises(OperationalError, match="lock timeout"):
                    cursor.execute("SELECT id FROM club_club WHERE id = %s FOR UPDATE", [club.pk])
    finally:
        # The connection goes back to the pool, where a later test would wait on a lock for
        # only 200 ms: it leaves as it came.
        with other.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
        other.close()
