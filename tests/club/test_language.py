"""The page's language: the browser's by default, the switcher's cookie, and a member's own
choice (My profile), which wins over both from sign-in on."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse

from club.invitations import invitation_send
from club.language import SESSION_KEY, reader_language
from club.models import Player
from notices.models import NoticeKind
from notices.services import SUBJECT_PAIRINGS, Outgoing, _send_all
from tests.factories import TEST_PASSWORD, MembershipFactory

pytestmark = pytest.mark.django_db

FRENCH = "Se connecter"
ENGLISH = "Sign in"


def member(language: str = "en") -> Player:
    player = MembershipFactory.create(with_account=True, player__language=language).player
    assert player.user is not None
    return player


def test_english_by_default_and_the_page_says_its_language() -> None:
    page = Client().get(reverse("home")).content.decode()
    assert ENGLISH in page
    assert '<html lang="en">' in page
    assert 'value="fr"' in page  # the switcher offers French


def test_the_browsers_language_is_the_default() -> None:
    response = Client(headers={"accept-language": "fr-CA,fr;q=0.9"}).get(reverse("home"))
    page = response.content.decode()
    assert FRENCH in page
    assert '<html lang="fr">' in page
    assert response["Content-Language"] == "fr"


def test_the_switcher_sets_the_language_for_a_visitor() -> None:
    client = Client(headers={"accept-language": "en"})
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/clubs/"})
    assert response.status_code == 302
    assert response["Location"] == "/clubs/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert FRENCH in client.get(reverse("home")).content.decode()


def test_the_switcher_refuses_an_unknown_language_and_a_foreign_next() -> None:
    client = Client()
    response = client.post(
        reverse("set_language"), {"language": "xx", "next": "https://evil.example/"}
    )
    assert response.status_code == 302
    assert "evil" not in response["Location"]
    assert ENGLISH in client.get(reverse("home")).content.decode()


def test_the_switchers_address_lists_the_languages() -> None:
    page = Client().get(reverse("set_language")).content.decode()
    assert 'value="en"' in page
    assert 'value="fr"' in page


def test_a_members_stored_language_applies_from_sign_in_over_browser_and_cookie() -> None:
    player = member(language="fr")
    client = Client(headers={"accept-language": "en"})
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert player.user is not None
    response = client.post(
        reverse("sign_in"), {"username": player.user.username, "password": TEST_PASSWORD}
    )
    assert response.status_code == 302
    assert client.session[SESSION_KEY] == "fr"
    page = client.get(reverse("profile")).content.decode()
    assert "Mon profil" in page
    assert '<html lang="fr">' in page


def test_a_member_switching_keeps_the_choice_on_their_profile() -> None:
    player = member(language="en")
    client = Client()
    assert player.user is not None
    client.force_login(player.user)
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    player.refresh_from_db()
    assert player.language == "fr"
    assert "Se déconnecter" in client.get(reverse("home")).content.decode()


def test_a_switch_on_another_device_reaches_the_page_and_its_live_parts_alike() -> None:
    """The phone's page and the table's screens (``reader_language``) speak the language the
    member chose last, on whichever device: never one language each."""
    player = member(language="en")
    assert player.user is not None
    phone, laptop = Client(), Client()
    phone.force_login(player.user)
    laptop.force_login(player.user)
    assert "Sign out" in phone.get(reverse("home")).content.decode()
    laptop.post(reverse("set_language"), {"language": "fr", "next": "/"})
    page = phone.get(reverse("home")).content.decode()
    assert '<html lang="fr">' in page
    assert "Se déconnecter" in page
    assert phone.session[SESSION_KEY] == "fr"
    assert reader_language(player.user, session_code=phone.session[SESSION_KEY]) == "fr"


def test_signing_out_forgets_the_members_language_for_the_next_visitor() -> None:
    player = member(language="fr")
    client = Client(headers={"accept-language": "en"})
    assert player.user is not None
    client.post(reverse("sign_in"), {"username": player.user.username, "password": TEST_PASSWORD})
    client.post(reverse("sign_out"))
    client.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
    assert ENGLISH in client.get(reverse("home")).content.decode()


def test_a_notice_goes_out_in_its_readers_language() -> None:
    player = member(language="fr")
    player.email = "ann@example.org"
    player.save()
    club = player.memberships.get().club
    sent = _send_all(
        NoticeKind.PAIRINGS_PUBLISHED,
        "round:1:pairings",
        club,
        "notices/pairings_published.txt",
        [
            Outgoing(
                player,
                SUBJECT_PAIRINGS,
                {
                    "player": player,
                    "event": {"name": "Tournoi", "club": club},
                    "round_number": 1,
                    "table_number": 2,
                    "seat": "place 1",
                    "link": "https://kitty.example.org/e/1/",
                },
                {"event": "Tournoi", "number": 1},
            )
        ],
    )
    assert sent == 1
    email = mail.outbox[-1]
    assert "les appariements de la ronde 1" in email.subject
    assert "Bonjour" in email.body
    assert "Pour ne plus recevoir ces courriels" in email.body


def test_an_invitation_goes_out_in_the_invited_players_language() -> None:
    membership = MembershipFactory.create(player__language="fr")
    invitation_send(
        club=membership.club, player=membership.player, email="bea@example.org", by=None
    )
    email = mail.outbox[-1]
    assert email.subject == f"{membership.club.name} vous invite sur Kitty"
    assert "Ouvrez ce lien" in email.body
