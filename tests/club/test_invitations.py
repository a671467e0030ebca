"""Invitations: sending one, following its link once, and claiming a player with an account,
including a person who already plays in another club."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.core.mail import EmailMessage
from django.utils import timezone

from club.invitations import (
    InvitationError,
    invitation_accept,
    invitation_accept_new_account,
    invitation_for_token,
    invitation_revoke,
    invitation_send,
    token_hash,
)
from club.models import Club, Invitation, Membership, Player
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PartnershipFactory,
    UserFactory,
)

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db

ANN = "ann@example.org"


@pytest.fixture(autouse=True)
def _site(settings: Settings) -> None:
    """Links in emails point at a known site (the trailing slash must not double)."""
    settings.KITTY_SITE_URL = "https://kitty.example.org"


def placeholder(club: Club, name: str = "Ann Doucet") -> Player:
    """A player the director typed in: no account."""
    return MembershipFactory.create(club=club, player__display_name=name).player


def send(club: Club, player: Player, email: str = ANN) -> str:
    """Invite and return the link's token."""
    _, link = invitation_send(club=club, player=player, email=email, by=None)
    return link.rstrip("/").rsplit("/", 1)[1]


def code_of(error: pytest.ExceptionInfo[InvitationError]) -> str:
    return error.value.code


def test_the_email_names_the_club_the_player_and_the_link(mailoutbox: list[EmailMessage]) -> None:
    club = ClubFactory.create(name="Tignish 45s")
    token = send(club, placeholder(club))
    [mail] = mailoutbox
    assert mail.to == [ANN]
    assert mail.subject == "Tignish 45s invites you to Kitty"
    assert f"https://kitty.example.org/invitations/{token}/" in mail.body
    assert 'claim the player "Ann Doucet"' in mail.body
    assert "You get this email because" in mail.body and "Tignish 45s" in mail.body
    # Only the hash is stored.
    invitation = Invitation.objects.get()
    assert invitation.token_hash == token_hash(token) and token not in invitation.token_hash


def test_a_new_account_claims_the_player() -> None:
    club = ClubFactory.create()
    player = placeholder(club)
    token = send(club, player)
    claimed = invitation_accept_new_account(
        token=token, username="ann", password="a long pass phrase"
    )
    assert claimed.pk == player.pk
    player.refresh_from_db()
    assert player.user is not None and player.user.username == "ann"
    assert player.user.check_password("a long pass phrase")
    assert player.user.email == ANN and player.email == ANN
    invitation = Invitation.objects.get()
    assert invitation.accepted_at is not None and invitation.accepted_by == player.user


def test_a_link_works_once() -> None:
    club = ClubFactory.create()
    token = send(club, placeholder(club))
    invitation_accept(token=token, user=UserFactory.create())
    with pytest.raises(InvitationError) as error:
        invitation_accept(token=token, user=UserFactory.create())
    assert code_of(error) == "invitation_used" and error.value.status == 409


def test_an_expired_link_is_refused() -> None:
    club = ClubFactory.create()
    token = send(club, placeholder(club))
    Invitation.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(InvitationError) as error:
        invitation_for_token(token)
    assert code_of(error) == "invitation_expired"


def test_a_link_changed_by_hand_is_unknown() -> None:
    club = ClubFactory.create()
    token = send(club, placeholder(club))
    with pytest.raises(InvitationError) as error:
        invitation_for_token(token[:-1] + ("A" if token[-1] != "A" else "B"))
    assert code_of(error) == "invitation_unknown" and error.value.status == 404


def test_a_newer_invitation_revokes_the_older_and_a_revoked_link_is_refused() -> None:
    club = ClubFactory.create()
    player = placeholder(club)
    first = send(club, player)
    second = send(club, player, "other@example.org")
    with pytest.raises(InvitationError) as error:
        invitation_for_token(first)
    assert code_of(error) == "invitation_revoked"
    invitation = invitation_for_token(second)
    invitation_revoke(club=club, invitation=invitation)
    with pytest.raises(InvitationError) as error:
        invitation_for_token(second)
    assert code_of(error) == "invitation_revoked"


def test_a_player_with_an_account_is_not_invited() -> None:
    membership = MembershipFactory.create(with_account=True)
    with pytest.raises(InvitationError) as error:
        send(membership.club, membership.player)
    assert code_of(error) == "player_has_account"


def test_another_clubs_player_cannot_be_invited() -> None:
    other = placeholder(ClubFactory.create())
    with pytest.raises(Player.DoesNotExist):
        send(ClubFactory.create(), other)


def test_a_player_linked_meanwhile_to_another_account_is_refused() -> None:
    club = ClubFactory.create()
    player = placeholder(club)
    token = send(club, player)
    Player.objects.filter(pk=player.pk).update(user=UserFactory.create())
    with pytest.raises(InvitationError) as error:
        invitation_accept(token=token, user=UserFactory.create())
    assert code_of(error) == "player_taken"
    assert Invitation.objects.get().accepted_at is None


def test_sending_is_throttled_per_sender(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("club.invitations.INVITATIONS_PER_HOUR", 2)
    club = ClubFactory.create()
    director = UserFactory.create()
    for name in ("A", "B"):
        invitation_send(club=club, player=placeholder(club, name), email=ANN, by=director)
    with pytest.raises(InvitationError) as error:
        invitation_send(club=club, player=placeholder(club, "C"), email=ANN, by=director)
    assert code_of(error) == "invitations_throttled" and error.value.status == 429
    # Another director is counted apart.
    invitation_send(club=club, player=placeholder(club, "D"), email=ANN, by=UserFactory.create())


# --- Joining a second club --------------------------------------------------------------------


def test_a_person_of_another_club_joins_with_their_own_player() -> None:
    home = MembershipFactory.create(with_account=True, player__display_name="Ann")
    own, user = home.player, home.player.user
    assert user is not None
    club = ClubFactory.create()
    typed_in = MembershipFactory.create(
        club=club, player__display_name="A. Doucet", role=Membership.Role.SCORER
    ).player
    partnership = PartnershipFactory.create(club=club, players=[typed_in, placeholder(club, "B")])
    token = send(club, typed_in)

    joined = invitation_accept(token=token, user=user)

    assert joined.pk == own.pk
    assert not Player.objects.filter(pk=typed_in.pk).exists()  # the placeholder is gone
    assert set(Membership.objects.filter(player=own).values_list("club_id", "role")) == {
        (home.club_id, Membership.Role.PLAYER),
        (club.pk, Membership.Role.SCORER),
    }
    assert own in partnership.players.all()
    invitation = Invitation.objects.get()
    assert invitation.player_id == own.pk and invitation.accepted_at is not None


def test_a_placeholder_with_history_is_not_merged() -> None:
    home = MembershipFactory.create(with_account=True)
    user = home.player.user
    assert user is not None
    club = ClubFactory.create()
    typed_in = placeholder(club)
    # A history: a row of another app points at the placeholder (an email it was sent).
    typed_in.notices.create(kind="table_reminder", key="table:1:reminder", email=ANN)
    token = send(club, typed_in)
    with pytest.raises(InvitationError) as error:
        invitation_accept(token=token, user=user)
    assert code_of(error) == "player_has_history"
    assert Player.objects.filter(pk=typed_in.pk).exists()
    assert not Membership.objects.filter(club=club, player=home.player).exists()


def test_a_placeholder_of_two_clubs_is_not_merged() -> None:
    user = MembershipFactory.create(with_account=True).player.user
    assert user is not None
    club = ClubFactory.create()
    typed_in = placeholder(club)
    MembershipFactory.create(player=typed_in)  # put in a second club by hand (the admin)
    with pytest.raises(InvitationError) as error:
        invitation_accept(token=send(club, typed_in), user=user)
    assert code_of(error) == "player_has_history"
    assert Membership.objects.filter(player=typed_in).count() == 2


def test_accepting_as_the_account_already_linked_is_harmless() -> None:
    club = ClubFactory.create()
    player = placeholder(club)
    token = send(club, player)
    user = UserFactory.create()
    Player.objects.filter(pk=player.pk).update(user=user)
    assert invitation_accept(token=token, user=user).pk == player.pk


def test_a_person_already_in_the_club_only_loses_the_duplicate() -> None:
    membership = MembershipFactory.create(with_account=True)
    user = membership.player.user
    assert user is not None
    duplicate = placeholder(membership.club)
    token = send(membership.club, duplicate)
    assert invitation_accept(token=token, user=user).pk == membership.player_id
    assert not Player.objects.filter(pk=duplicate.pk).exists()
    assert Membership.objects.filter(club=membership.club).count() == 1


def test_a_refused_claim_with_a_new_account_creates_no_account() -> None:
    club = ClubFactory.create()
    player = placeholder(club)
    token = send(club, player)
    Player.objects.filter(pk=player.pk).update(user=UserFactory.create(username="someone"))
    with pytest.raises(InvitationError):
        invitation_accept_new_account(token=token, username="ann", password="a long pass phrase")
    assert not User.objects.filter(username="ann").exists()


# --- Roles: an invitation gives no role above its sender's ------------------------------------


def member_with_account(club: Club, role: str) -> User:
    user = MembershipFactory.create(club=club, role=role, with_account=True).player.user
    assert user is not None
    return user


def typed_in_as(club: Club, role: str) -> Player:
    return MembershipFactory.create(club=club, role=role, player__display_name="Boss").player


def role_of(club: Club, player: Player) -> str:
    return Membership.objects.get(club=club, player=player).role


def test_a_director_may_not_invite_into_a_role_above_their_own() -> None:
    """The reported path: a director invites the club admin placeholder to their own address,
    to claim it with a second account and promote themselves."""
    club = ClubFactory.create()
    director = member_with_account(club, Membership.Role.DIRECTOR)
    boss = typed_in_as(club, Membership.Role.CLUB_ADMIN)
    with pytest.raises(InvitationError) as error:
        invitation_send(club=club, player=boss, email=ANN, by=director)
    assert code_of(error) == "role_above_sender" and error.value.status == 403
    assert "Boss" in error.value.message and "club admin" in error.value.message
    assert not Invitation.objects.exists()


def test_a_director_invites_into_their_own_role_and_a_club_admin_into_any() -> None:
    club = ClubFactory.create()
    director = member_with_account(club, Membership.Role.DIRECTOR)
    peer = typed_in_as(club, Membership.Role.DIRECTOR)
    _, link = invitation_send(club=club, player=peer, email=ANN, by=director)
    claimed = invitation_accept_new_account(
        token=link.rstrip("/").rsplit("/", 1)[1], username="peer", password="a long pass phrase"
    )
    assert role_of(club, claimed) == Membership.Role.DIRECTOR

    admin = member_with_account(club, Membership.Role.CLUB_ADMIN)
    boss = typed_in_as(club, Membership.Role.CLUB_ADMIN)
    _, link = invitation_send(club=club, player=boss, email="boss@example.org", by=admin)
    claimed = invitation_accept_new_account(
        token=link.rstrip("/").rsplit("/", 1)[1], username="boss", password="a long pass phrase"
    )
    assert role_of(club, claimed) == Membership.Role.CLUB_ADMIN


def test_accepting_gives_no_role_above_the_senders_role_now() -> None:
    """An invitation sent while its sender could (or before the check) gives at most the
    sender's role when it is accepted."""
    club = ClubFactory.create()
    sender = member_with_account(club, Membership.Role.CLUB_ADMIN)
    member_with_account(club, Membership.Role.CLUB_ADMIN)  # the club keeps an admin
    boss = typed_in_as(club, Membership.Role.CLUB_ADMIN)
    _, link = invitation_send(club=club, player=boss, email=ANN, by=sender)
    Membership.objects.filter(club=club, player__user=sender).update(role=Membership.Role.DIRECTOR)
    claimed = invitation_accept_new_account(
        token=link.rstrip("/").rsplit("/", 1)[1], username="boss", password="a long pass phrase"
    )
    assert claimed.pk == boss.pk and role_of(club, claimed) == Membership.Role.DIRECTOR


def test_merging_into_an_existing_player_gives_no_role_above_the_senders() -> None:
    home = MembershipFactory.create(with_account=True)
    own, user = home.player, home.player.user
    assert user is not None
    club = ClubFactory.create()
    sender = member_with_account(club, Membership.Role.CLUB_ADMIN)
    boss = typed_in_as(club, Membership.Role.CLUB_ADMIN)
    _, link = invitation_send(club=club, player=boss, email=ANN, by=sender)
    Membership.objects.filter(club=club, player__user=sender).update(role=Membership.Role.SCORER)
    joined = invitation_accept(token=link.rstrip("/").rsplit("/", 1)[1], user=user)
    assert joined.pk == own.pk and role_of(club, own) == Membership.Role.SCORER
