"""The invitation pages: a director sends one from the member's page; the emailed link lets a
person create an account, or sign in, and claim the player; a link that cannot be followed
answers a page saying why, never an error."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.core.mail import EmailMessage
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Invitation, Membership, Player
from tests.factories import ClubFactory, MembershipFactory, UserFactory

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https://kitty\.example\.org(/invitations/[^/\s]+/)")


@pytest.fixture(autouse=True)
def _site(settings: Settings) -> None:
    """Links in emails point at a known site (the trailing slash must not double)."""
    settings.KITTY_SITE_URL = "https://kitty.example.org"


@pytest.fixture
def director_client() -> tuple[Client, Membership]:
    """A signed-in director and a player of their club without an account."""
    director = MembershipFactory.create(role=Membership.Role.DIRECTOR, with_account=True)
    member = MembershipFactory.create(club=director.club, player__display_name="Ann Doucet")
    client = Client()
    assert director.player.user is not None
    client.force_login(director.player.user)
    return client, member


def invite(client: Client, member: Membership, email: str = "ann@example.org") -> str:
    url = reverse("invitation_new", args=[member.club.slug, member.player_id])
    response = client.post(url, {"email": email})
    assert response.status_code == 302, response.content.decode()
    return url


def emailed_path(outbox: list[EmailMessage]) -> str:
    found = LINK.search(str(outbox[-1].body))
    assert found is not None
    return found.group(1)


def test_the_member_page_links_to_the_invitation(
    director_client: tuple[Client, Membership],
) -> None:
    client, member = director_client
    page = client.get(reverse("member_edit", args=[member.club.slug, member.player_id]))
    assert (
        reverse("invitation_new", args=[member.club.slug, member.player_id])
        in page.content.decode()
    )


def test_a_director_invites_and_sees_the_invitation_waiting(
    director_client: tuple[Client, Membership], mailoutbox: list[EmailMessage]
) -> None:
    client, member = director_client
    url = invite(client, member)
    assert [m.to for m in mailoutbox] == [["ann@example.org"]]
    page = client.get(url).content.decode()
    assert "ann@example.org" in page and "Waiting until" in page
    assert Invitation.objects.get().created_by_id == int(client.session["_auth_user_id"])


def test_a_new_person_creates_an_account_and_claims_the_player(
    director_client: tuple[Client, Membership], mailoutbox: list[EmailMessage]
) -> None:
    client, member = director_client
    invite(client, member)
    path = emailed_path(mailoutbox)
    visitor = Client()
    page = visitor.get(path)
    assert page.status_code == 200 and "Ann Doucet" in page.content.decode()
    weak = visitor.post(path, {"username": "ann", "password1": "123", "password2": "123"})
    assert weak.status_code == 200 and "too short" in weak.content.decode()
    response = visitor.post(
        path, {"username": "ann", "password1": "whist at eight", "password2": "whist at eight"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("club_detail", args=[member.club.slug])
    assert Player.objects.get(pk=member.player_id).user.username == "ann"  # type: ignore[union-attr]
    assert "_auth_user_id" in visitor.session
    # The link works once.
    again = Client().get(path)
    assert again.status_code == 409 and 'data-code="invitation_used"' in again.content.decode()


def test_a_signed_in_person_claims_with_one_button(
    director_client: tuple[Client, Membership], mailoutbox: list[EmailMessage]
) -> None:
    client, member = director_client
    invite(client, member)
    path = emailed_path(mailoutbox)
    person = Client()
    user = UserFactory.create()
    person.force_login(user)
    assert "Claim Ann Doucet" in person.get(path).content.decode()
    assert person.post(path).status_code == 302
    assert Player.objects.get(pk=member.player_id).user == user


@pytest.mark.parametrize(
    ("change", "status", "code"),
    [
        ({"expires_at": timezone.now() - timedelta(minutes=1)}, 409, "invitation_expired"),
        ({"revoked_at": timezone.now()}, 409, "invitation_revoked"),
        ({"token_hash": "0" * 64}, 404, "invitation_unknown"),
    ],
)
def test_a_link_that_cannot_be_followed_says_why(
    director_client: tuple[Client, Membership],
    mailoutbox: list[EmailMessage],
    change: dict[str, object],
    status: int,
    code: str,
) -> None:
    client, member = director_client
    invite(client, member)
    Invitation.objects.update(**change)
    path = emailed_path(mailoutbox)
    for response in (Client().get(path), Client().post(path, {"username": "x"})):
        assert response.status_code == status
        assert f'data-code="{code}"' in response.content.decode()
    assert Player.objects.get(pk=member.player_id).user is None


def test_another_clubs_invitation_is_an_unknown_id(
    director_client: tuple[Client, Membership],
) -> None:
    client, member = director_client
    elsewhere = MembershipFactory.create(club=ClubFactory.create())
    other = Invitation.objects.create(
        club=elsewhere.club,
        player=elsewhere.player,
        email="x@example.org",
        token_hash="1" * 64,
        expires_at=timezone.now() + timedelta(days=1),
    )
    url = reverse("invitation_revoke", args=[member.club.slug, other.pk])
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404
    assert Invitation.objects.get(pk=other.pk).revoked_at is None


def test_a_director_withdraws_an_invitation(
    director_client: tuple[Client, Membership], mailoutbox: list[EmailMessage]
) -> None:
    client, member = director_client
    invite(client, member)
    invitation = Invitation.objects.get()
    url = reverse("invitation_revoke", args=[member.club.slug, invitation.pk])
    assert client.post(url).status_code == 302
    response = Client().get(emailed_path(mailoutbox))
    assert response.status_code == 409


def test_too_many_invitations_are_refused_on_the_page(
    director_client: tuple[Client, Membership], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("club.invitations.INVITATIONS_PER_HOUR", 1)
    client, member = director_client
    invite(client, member)
    url = reverse("invitation_new", args=[member.club.slug, member.player_id])
    response = client.post(url, {"email": "ann@example.org"})
    assert response.status_code == 429
    assert "within the hour" in response.content.decode()


def test_a_director_cannot_invite_the_club_admin_placeholder(
    director_client: tuple[Client, Membership], mailoutbox: list[EmailMessage]
) -> None:
    client, member = director_client
    boss = MembershipFactory.create(
        club=member.club, role=Membership.Role.CLUB_ADMIN, player__display_name="Boss"
    )
    url = reverse("invitation_new", args=[member.club.slug, boss.player_id])
    response = client.post(url, {"email": "me-again@example.org"})
    assert response.status_code == 403
    page = response.content.decode()
    assert "Boss is club admin of" in page and "only a club admin can invite" in page
    assert not Invitation.objects.exists() and not mailoutbox
