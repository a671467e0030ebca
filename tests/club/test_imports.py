"""The players CSV import: every row valid or nothing saved, each problem with row and column."""

from __future__ import annotations

import pytest

from club.imports import PlayersImportError, RowError, players_csv_read, players_import
from club.models import Club, Membership, Player
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def refused(club: Club, text: str) -> list[RowError]:
    with pytest.raises(PlayersImportError) as error:
        players_import(club=club, content=text.encode())
    return error.value.errors


def test_a_good_file_adds_every_player_with_role_and_email() -> None:
    club = ClubFactory.create()
    text = "Name,Email,Role\nRita Melanson,rita@example.org,Scorer\nDesmond Walsh,,\n"
    added = players_import(club=club, content=text.encode())
    assert [(m.player.display_name, m.player.email, m.role) for m in added] == [
        ("Rita Melanson", "rita@example.org", "scorer"),
        ("Desmond Walsh", "", "player"),
    ]
    assert club.memberships.count() == 2


def test_columns_may_come_in_any_order_and_only_name_is_needed() -> None:
    club = ClubFactory.create()
    added = players_import(club=club, content=b"role,name\nclub admin,Theresa Gallant\n")
    assert added[0].role == Membership.Role.CLUB_ADMIN
    added = players_import(club=club, content="\ufeffname\nWalter Chisholm\n".encode())
    assert added[0].player.display_name == "Walter Chisholm"


def test_one_bad_row_saves_nothing_and_every_problem_is_reported() -> None:
    club = ClubFactory.create()
    text = (
        "name,email,role\n"
        "Rita Melanson,rita@example.org,scorer\n"
        ",desmond@example,captain\n"
        "Donna Richard,,\n"
    )
    errors = refused(club, text)
    assert errors == [
        RowError(3, "name", "The name is empty."),
        RowError(3, "email", "'desmond@example' is not an email address."),
        RowError(
            3, "role", "'captain' is not a role; roles: club admin, director, scorer, player."
        ),
    ]
    assert not Player.objects.exists()
    assert not Membership.objects.exists()


def test_duplicates_within_the_file_name_the_first_row() -> None:
    errors = refused(
        ClubFactory.create(),
        "name,email\nRita Melanson,rita@example.org\nrita  melanson,\nRita M,RITA@example.org\n",
    )
    assert [(e.row, e.column) for e in errors] == [(3, "name"), (4, "email")]
    assert "also on row 2" in errors[0].message


def test_duplicates_of_existing_members_are_refused() -> None:
    club = ClubFactory.create()
    MembershipFactory.create(club=club, player__display_name="Rita Melanson")
    MembershipFactory.create(club=club, player__email="des@example.org")
    MembershipFactory.create(player__display_name="Donna Richard")  # another club: fine
    errors = refused(
        club, "name,email\nrita melanson,\nDesmond Walsh,des@example.org\nDonna Richard,\n"
    )
    assert [(e.row, e.column) for e in errors] == [(2, "name"), (3, "email")]
    assert "already a member" in errors[0].message
    assert club.memberships.count() == 2


@pytest.mark.parametrize(
    ("content", "row", "column", "words"),
    [
        (b"", 0, "", "empty"),
        (b"email\nrita@example.org\n", 1, "name", "no 'name' column"),
        (b"name,phone\nRita,555\n", 1, "phone", "Unknown column"),
        (b"name\n", 0, "", "no players"),
        (b"name\nRita,extra\n", 2, "", "more cells"),
        ("name\nRita\n".encode("utf-16"), 0, "", "UTF-8"),
        (b'name\n"Rita\n', 2, "", "cannot be read"),
    ],
    ids=["empty", "no-name", "unknown-column", "no-rows", "extra-cells", "not-utf8", "quotes"],
)
def test_file_problems(content: bytes, row: int, column: str, words: str) -> None:
    with pytest.raises(PlayersImportError) as error:
        players_csv_read(content)
    first = error.value.errors[0]
    assert (first.row, first.column) == (row, column)
    assert words in first.message
