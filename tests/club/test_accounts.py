"""A person's own profile: name, email, language and emails, for every club they play in."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from club.accounts import player_emails_turn_off, profile_update
from club.models import Membership, Player
from club.services import player_update
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def shared_player() -> Player:
    """A player with an account who plays in two clubs."""
    membership = MembershipFactory.create(with_account=True, player__display_name="Ann")
    MembershipFactory.create(player=membership.player, club=ClubFactory.create())
    return membership.player


def test_the_person_changes_a_player_of_two_clubs_and_the_account_email_follows() -> None:
    player = shared_player()
    assert player.user is not None
    profile_update(
        user=player.user,
        display_name="Ann Doucet",
        email="ann@example.org",
        language="fr",
        emails={"email_table_reminder": False, "unknown": False},
    )
    player.refresh_from_db()
    assert (player.display_name, player.email, player.language) == (
        "Ann Doucet",
        "ann@example.org",
        "fr",
    )
    assert not player.email_table_reminder and player.email_pairings
    player.user.refresh_from_db()
    assert player.user.email == "ann@example.org"


def test_a_director_still_cannot_rename_a_player_of_two_clubs() -> None:
    player = shared_player()
    club = Membership.objects.filter(player=player).first().club  # type: ignore[union-attr]
    with pytest.raises(ValidationError) as error:
        player_update(club=club, player=player, display_name="Someone", email="")
    assert "shared_player" in str(error.value.error_dict["display_name"][0].code)


def test_a_director_changing_the_email_does_not_move_the_accounts() -> None:
    membership = MembershipFactory.create(with_account=True)
    user = membership.player.user
    assert user is not None
    user.email = "own@example.org"
    user.save()
    player_update(
        club=membership.club,
        player=membership.player,
        display_name=membership.player.display_name,
        email="director@example.org",
    )
    user.refresh_from_db()
    assert user.email == "own@example.org"  # password resets still reach the person


def test_turning_an_email_off() -> None:
    player = MembershipFactory.create().player
    assert player_emails_turn_off(player_id=player.pk, field="email_pairings")
    player.refresh_from_db()
    assert not player.email_pairings and player.email_table_reminder
    assert not player_emails_turn_off(player_id=player.pk + 1000, field="email_pairings")
    with pytest.raises(ValueError, match="not a kind of email"):
        player_emails_turn_off(player_id=player.pk, field="display_name")
