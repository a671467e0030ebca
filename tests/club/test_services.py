"""Club services: validation, and the member count refreshed after commit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.core.exceptions import ValidationError
from rest_framework.authtoken.models import Token

from club.models import Club, Membership, Partnership, Player
from club.selectors import api_token_of
from club.services import (
    api_token_rotate,
    club_create,
    member_add,
    membership_add,
    membership_remove,
    membership_role_change,
    partnership_create,
    partnership_delete,
    partnership_update,
    player_create,
    player_update,
)
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PartnershipFactory,
    PlayerFactory,
    UserFactory,
)

if TYPE_CHECKING:
    from pytest_django.fixtures import DjangoCaptureOnCommitCallbacks

pytestmark = pytest.mark.django_db


def test_club_create_makes_a_short_name() -> None:
    club = club_create(name="Tuesday Night 45s Club")
    assert club.slug == "tuesday-night-45s-club"


def test_club_create_validates_before_saving() -> None:
    with pytest.raises(ValidationError):
        club_create(name="")
    assert not Club.objects.exists()


def test_membership_add_refreshes_the_count_only_after_commit(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    club = ClubFactory.create()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        membership_add(club=club, player=player_create(display_name="Rita Melanson"))
        club.refresh_from_db()
        assert club.member_count == 0  # nothing ran before the commit
    assert len(callbacks) == 1
    callbacks[0]()
    club.refresh_from_db()
    assert club.member_count == 1


def test_membership_add_refuses_a_second_membership() -> None:
    membership = MembershipFactory.create()
    with pytest.raises(ValidationError):
        membership_add(club=membership.club, player=membership.player)


def test_partnership_of_two_or_three_members() -> None:
    club = ClubFactory.create()
    players = [MembershipFactory.create(club=club).player for _ in range(3)]
    assert partnership_create(club=club, name="Pair", players=players[:2]).players.count() == 2
    assert partnership_create(club=club, name="Trio", players=players).players.count() == 3


@pytest.mark.parametrize("size", [1, 4])
def test_partnership_of_the_wrong_size_is_refused(size: int) -> None:
    club = ClubFactory.create()
    players = [MembershipFactory.create(club=club).player for _ in range(size)]
    with pytest.raises(ValidationError) as error:
        partnership_create(club=club, name="Crowd", players=players)
    assert error.value.code == "size"


def test_partnership_with_an_outsider_is_refused() -> None:
    club = ClubFactory.create()
    players = [MembershipFactory.create(club=club).player, PlayerFactory.create()]
    with pytest.raises(ValidationError) as error:
        partnership_create(club=club, name="Mixed", players=players)
    assert error.value.code == "not_member"


def test_role_defaults_to_player() -> None:
    membership = membership_add(club=ClubFactory.create(), player=PlayerFactory.create())
    assert membership.role == Membership.Role.PLAYER


def test_member_add_makes_a_new_player_with_email() -> None:
    club = ClubFactory.create()
    membership = member_add(club=club, display_name="Rita Melanson", email="rita@example.org")
    assert membership.player.email == "rita@example.org"
    assert membership.player.user is None
    assert membership.role == Membership.Role.PLAYER


def test_member_add_refuses_an_account_whose_player_plays_in_another_club() -> None:
    elsewhere = MembershipFactory.create(with_account=True, player__email="rita@example.org")
    user = elsewhere.player.user
    assert user is not None
    club = ClubFactory.create()
    with pytest.raises(ValidationError) as error:
        member_add(club=club, display_name="ignored", username=user.username, role="club_admin")
    assert error.value.error_dict["username"][0].code == "player_in_other_club"
    assert "invitation" in error.value.message_dict["username"][0]
    assert not Membership.objects.filter(club=club).exists()
    assert Player.objects.count() == 1


def test_member_add_with_an_account_whose_player_has_no_club_reuses_the_player() -> None:
    left = MembershipFactory.create(with_account=True)
    player, user = left.player, left.player.user
    assert user is not None
    left.delete()  # they left their only club; the player stays
    club = ClubFactory.create()
    membership = member_add(
        club=club, display_name="ignored", username=user.username, role="scorer"
    )
    assert membership.player == player
    assert Player.objects.count() == 1
    with pytest.raises(ValidationError) as error:
        member_add(club=club, display_name="again", username=user.username)
    assert error.value.error_dict["username"][0].code == "already_member"


def test_membership_add_refuses_a_player_of_another_club() -> None:
    elsewhere = MembershipFactory.create()
    club = ClubFactory.create()
    with pytest.raises(ValidationError) as error:
        membership_add(club=club, player=elsewhere.player)
    assert error.value.error_dict["player"][0].code == "player_in_other_club"
    assert list(Membership.objects.filter(player=elsewhere.player)) == [elsewhere]


def test_membership_add_takes_a_player_of_no_club() -> None:
    player = PlayerFactory.create()
    club = ClubFactory.create()
    assert membership_add(club=club, player=player).club == club


def test_member_add_refuses_an_unknown_account_and_saves_nothing() -> None:
    club = ClubFactory.create()
    with pytest.raises(ValidationError) as error:
        member_add(club=club, display_name="Rita", username="nobody")
    assert "nobody" in error.value.message_dict["username"][0]
    assert not Player.objects.exists()


def test_player_update_links_and_unlinks_an_account() -> None:
    membership = MembershipFactory.create()
    user = UserFactory.create(username="rita")
    player = player_update(
        club=membership.club,
        player=membership.player,
        display_name="Rita M.",
        email="",
        username="rita",
    )
    assert player.user == user and player.display_name == "Rita M."
    player = player_update(
        club=membership.club, player=player, display_name="Rita M.", email="", username=""
    )
    assert player.user is None


def test_player_update_refuses_an_account_held_by_another_player() -> None:
    holder = MembershipFactory.create(with_account=True)
    assert holder.player.user is not None
    membership = MembershipFactory.create(club=holder.club)
    with pytest.raises(ValidationError) as error:
        player_update(
            club=membership.club,
            player=membership.player,
            display_name="x",
            email="",
            username=holder.player.user.username,
        )
    assert error.value.error_dict["username"][0].code == "account_taken"
    # The holder may be another club's player: the refusal does not name them.
    assert holder.player.display_name not in error.value.messages[0]


def test_player_update_cannot_change_the_account_of_a_player_of_other_clubs() -> None:
    membership = MembershipFactory.create()
    MembershipFactory.create(player=membership.player)  # also in another club
    UserFactory.create(username="rita")
    with pytest.raises(ValidationError) as error:
        player_update(
            club=membership.club,
            player=membership.player,
            display_name="x",
            email="",
            username="rita",
        )
    assert error.value.error_dict["username"][0].code == "shared_player"
    membership.player.refresh_from_db()
    assert membership.player.user is None


@pytest.mark.parametrize(
    ("field", "changes"),
    [
        ("display_name", {"display_name": "Mallory"}),
        ("email", {"email": "mallory@example.org"}),
    ],
)
def test_player_update_cannot_change_the_name_or_email_of_a_player_of_other_clubs(
    field: str, changes: dict[str, str]
) -> None:
    home = MembershipFactory.create(player__email="rita@example.org")
    player = home.player
    away = MembershipFactory.create(player=player)  # also in a second club
    values = {"display_name": player.display_name, "email": player.email, **changes}
    with pytest.raises(ValidationError) as error:
        player_update(club=away.club, player=player, **values)
    assert error.value.error_dict[field][0].code == "shared_player"
    assert list(error.value.error_dict) == [field]
    fresh = Player.objects.get(pk=player.pk)
    assert (fresh.display_name, fresh.email) == (player.display_name, "rita@example.org")


def test_player_update_of_a_shared_player_with_unchanged_values_passes() -> None:
    """A form that sends the name and email as they are (to change a role) is no change."""
    home = MembershipFactory.create(player__email="rita@example.org", with_account=True)
    player = home.player
    assert player.user is not None
    away = MembershipFactory.create(player=player)
    saved = player_update(
        club=away.club,
        player=player,
        display_name=player.display_name,
        email=player.email,
        username=player.user.username,
    )
    assert saved.display_name == player.display_name and saved.user == player.user


def test_player_update_of_a_player_only_in_this_club_still_works() -> None:
    membership = MembershipFactory.create()
    player = player_update(
        club=membership.club,
        player=membership.player,
        display_name="Rita M.",
        email="rita@example.org",
    )
    assert (player.display_name, player.email) == ("Rita M.", "rita@example.org")


def test_player_update_only_reaches_members_of_the_club() -> None:
    outsider = MembershipFactory.create()
    with pytest.raises(Player.DoesNotExist):
        player_update(club=ClubFactory.create(), player=outsider.player, display_name="x", email="")


def test_the_last_club_admin_cannot_step_down_or_leave() -> None:
    admin = MembershipFactory.create(role=Membership.Role.CLUB_ADMIN)
    with pytest.raises(ValidationError) as error:
        membership_role_change(club=admin.club, membership=admin, role="player")
    assert error.value.error_dict["role"][0].code == "last_admin"
    with pytest.raises(ValidationError):
        membership_remove(club=admin.club, membership=admin)
    other = MembershipFactory.create(club=admin.club, role=Membership.Role.PLAYER)
    membership_role_change(club=admin.club, membership=other, role="club_admin")
    assert membership_role_change(club=admin.club, membership=admin, role="player").role == (
        "player"
    )


def test_membership_remove_also_leaves_the_partnerships() -> None:
    club = ClubFactory.create()
    players = [MembershipFactory.create(club=club).player for _ in range(3)]
    trio = partnership_create(club=club, name="Trio", players=players)
    membership = Membership.objects.get(club=club, player=players[0])
    membership_remove(club=club, membership=membership)
    assert set(trio.players.all()) == set(players[1:])
    assert Player.objects.filter(pk=players[0].pk).exists()  # the person stays


def test_partnership_update_checks_like_create() -> None:
    club = ClubFactory.create()
    players = [MembershipFactory.create(club=club).player for _ in range(3)]
    pair = partnership_create(club=club, name="Pair", players=players[:2])
    pair = partnership_update(club=club, partnership=pair, name="Trio", players=players)
    assert pair.name == "Trio" and pair.players.count() == 3
    with pytest.raises(ValidationError) as error:
        partnership_update(
            club=club, partnership=pair, name="Twice", players=[players[0], players[0]]
        )
    assert error.value.code == "twice"
    pair.refresh_from_db()
    assert pair.name == "Trio"


def test_partnership_delete_only_within_the_club() -> None:
    partnership = PartnershipFactory.create()
    partnership_delete(club=ClubFactory.create(), partnership=partnership)
    assert Partnership.objects.filter(pk=partnership.pk).exists()
    partnership_delete(club=partnership.club, partnership=partnership)
    assert not Partnership.objects.filter(pk=partnership.pk).exists()


def test_api_token_rotate_replaces_the_token() -> None:
    user = UserFactory.create()
    assert api_token_of(user=user) is None
    first = api_token_rotate(user=user)
    second = api_token_rotate(user=user)
    assert first.key != second.key
    assert list(Token.objects.filter(user=user)) == [second]
    assert api_token_of(user=user) == second
