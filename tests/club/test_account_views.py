"""The account pages: the profile, changing the password, and a forgotten password reset by
an emailed link, throttled per address and per client."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from celery.signals import after_task_publish
from django.contrib.auth.models import User
from django.core.mail import EmailMessage
from django.test import Client
from django.urls import reverse

from club.models import Player
from club.reset_throttle import CODE
from club.tasks import password_reset_send
from tests.factories import TEST_PASSWORD, MembershipFactory, UserFactory
from tests.proxy import behind_proxy

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db

RESET_LINK = re.compile(r"https://kitty\.example\.org(/password-reset/[^/\s]+/[^/\s]+/)")


@pytest.fixture(autouse=True)
def _site(settings: Settings) -> None:
    """Links in emails point at a known site (the trailing slash must not double)."""
    settings.KITTY_SITE_URL = "https://kitty.example.org/"


def signed_in_player() -> tuple[Client, Player]:
    player = MembershipFactory.create(with_account=True, player__display_name="Ann").player
    client = Client()
    assert player.user is not None
    client.force_login(player.user)
    return client, player


def test_the_header_links_to_the_profile() -> None:
    client, _ = signed_in_player()
    assert f'href="{reverse("profile")}"' in client.get(reverse("home")).content.decode()


def test_the_profile_saves_name_email_language_and_emails() -> None:
    client, player = signed_in_player()
    page = client.get(reverse("profile")).content.decode()
    assert "Emails you get" in page and "Table reminders" in page
    assert reverse("api_token") in page and reverse("password_change") in page
    response = client.post(
        reverse("profile"),
        {
            "display_name": "Ann Doucet",
            "email": "ann@example.org",
            "language": "fr",
            "email_table_scheduled": "on",
            "email_pairings": "on",
        },
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.display_name, player.language) == ("Ann Doucet", "fr")
    assert player.email_table_scheduled and player.email_pairings
    assert not player.email_table_reminder


def test_a_bad_profile_is_shown_again_with_its_errors() -> None:
    client, player = signed_in_player()
    data = {"display_name": "", "email": "not an address", "language": "xx"}
    response = client.post(reverse("profile"), data)
    assert response.status_code == 200
    assert set(response.context["form"].errors) == {"display_name", "email", "language"}
    player.refresh_from_db()
    assert player.display_name == "Ann"


def test_an_account_without_a_player_is_told_how_to_get_one() -> None:
    client = Client()
    client.force_login(UserFactory.create())
    page = client.get(reverse("profile"))
    assert page.status_code == 200 and "not linked to a player" in page.content.decode()
    assert client.post(reverse("profile"), {"display_name": "x"}).status_code == 200


def test_changing_the_password() -> None:
    client, player = signed_in_player()
    response = client.post(
        reverse("password_change"),
        {
            "old_password": TEST_PASSWORD,
            "new_password1": "forty-fives all night",
            "new_password2": "forty-fives all night",
        },
    )
    assert response.status_code == 302 and response["Location"] == reverse("profile")
    assert player.user is not None
    player.user.refresh_from_db()
    assert player.user.check_password("forty-fives all night")


def test_the_sign_in_page_links_to_the_reset() -> None:
    page = Client().get(reverse("sign_in")).content.decode()
    assert f'href="{reverse("password_reset")}"' in page and "Forgot your password?" in page


def test_a_forgotten_password_is_reset_by_the_emailed_link(
    mailoutbox: list[EmailMessage],
) -> None:
    user = UserFactory.create(username="ann", email="ann@example.org")
    client = Client()
    response = client.post(reverse("password_reset"), {"email": "ANN@example.org"})
    assert response["Location"] == reverse("password_reset_sent")
    [mail] = mailoutbox
    assert mail.to == ["ann@example.org"] and mail.subject == "Choose a new Kitty password"
    found = RESET_LINK.search(str(mail.body))
    assert found is not None, mail.body
    form_page = client.get(found.group(1), follow=True)
    assert "Choose a new password" in form_page.content.decode()
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "a new pass phrase", "new_password2": "a new pass phrase"},
    )
    assert done["Location"] == reverse("password_reset_complete")
    user.refresh_from_db()
    assert user.check_password("a new pass phrase")
    # The link worked once.
    again = client.get(found.group(1), follow=True).content.decode()
    assert 'data-code="password_reset_link_invalid"' in again


def test_the_reset_email_is_in_the_language_the_account_chose(
    mailoutbox: list[EmailMessage],
) -> None:
    member = MembershipFactory.create(with_account=True, player__language="fr")
    user = member.player.user
    assert user is not None
    user.email = "claire@example.org"
    user.save()
    english = Client(headers={"accept-language": "en"})
    response = english.post(reverse("password_reset"), {"email": "claire@example.org"})
    assert response["Location"] == reverse("password_reset_sent")
    [mail] = mailoutbox
    assert mail.subject == "Choisissez un nouveau mot de passe Kitty"
    assert "Bonjour" in str(mail.body)
    assert RESET_LINK.search(str(mail.body)) is not None
    # The page that asked stays in the asker's language.
    page = english.get(reverse("password_reset_sent")).content.decode()
    assert 'lang="en"' in page


def test_the_reset_email_leaves_in_the_background_whoever_is_asked_for(
    settings: Settings, mailoutbox: list[EmailMessage]
) -> None:
    """The request only enqueues the sending, for a known address as for an unknown one, so
    how long it takes does not tell whether an account has the address; a worker then sends
    it, in the account's language."""
    member = MembershipFactory.create(with_account=True, player__language="fr")
    assert member.player.user is not None
    User.objects.filter(pk=member.player.user.pk).update(email="claire@example.org")
    settings.CELERY_TASK_ALWAYS_EAGER = False  # a broker: tasks wait for a worker
    published: list[tuple[str, Any]] = []

    def remember(sender: str, body: Any, **_: Any) -> None:
        published.append((sender, body))

    after_task_publish.connect(remember, weak=False)
    try:
        english = Client(headers={"accept-language": "en"})
        for email in ("claire@example.org", "nobody@example.org"):
            response = english.post(reverse("password_reset"), {"email": email})
            assert response["Location"] == reverse("password_reset_sent")
    finally:
        after_task_publish.disconnect(remember)
    assert mailoutbox == []  # nothing was sent while the requests waited
    assert [name for name, _body in published] == [password_reset_send.name] * 2

    settings.CELERY_TASK_ALWAYS_EAGER = True
    for _name, (args, kwargs, _embed) in published:  # the worker's part
        password_reset_send.apply(args=args, kwargs=kwargs)
    [mail] = mailoutbox
    assert mail.to == ["claire@example.org"]
    assert mail.subject == "Choisissez un nouveau mot de passe Kitty"
    assert RESET_LINK.search(str(mail.body)) is not None


def test_an_account_without_a_player_gets_the_reset_in_the_askers_language(
    mailoutbox: list[EmailMessage],
) -> None:
    UserFactory.create(username="zoe", email="zoe@example.org")
    french = Client(headers={"accept-language": "fr"})
    french.post(reverse("password_reset"), {"email": "zoe@example.org"})
    [mail] = mailoutbox
    assert mail.subject == "Choisissez un nouveau mot de passe Kitty"


def test_an_unknown_address_gets_the_same_answer_and_no_email(
    mailoutbox: list[EmailMessage],
) -> None:
    response = Client().post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response["Location"] == reverse("password_reset_sent")
    assert mailoutbox == []


def reset(email: str, client_address: str) -> int:
    response = Client().post(
        reverse("password_reset"), {"email": email}, REMOTE_ADDR=client_address
    )
    if response.status_code == 429:
        assert f'data-code="{CODE}"' in response.content.decode()
        assert response["Retry-After"] == "3600"
    return response.status_code


def test_resets_are_throttled_per_address(mailoutbox: list[EmailMessage]) -> None:
    UserFactory.create(email="ann@example.org")
    statuses = [reset("ann@example.org", f"10.0.0.{n}") for n in range(5)]
    assert statuses == [302, 302, 302, 429, 429]
    assert len(mailoutbox) == 3
    assert reset("bob@example.org", "10.0.0.9") == 302  # another address is not held


def test_resets_are_throttled_per_client() -> None:
    statuses = [reset(f"p{n}@example.org", "10.0.0.1") for n in range(12)]
    assert statuses == [302] * 10 + [429] * 2
    assert reset("p0@example.org", "10.0.0.2") == 302
    assert not User.objects.exists()


def test_behind_the_proxy_resets_are_throttled_per_client_whatever_it_forwards(
    settings: Settings,
) -> None:
    settings.KITTY_NUM_PROXIES = 1
    statuses = [
        Client()
        .post(
            reverse("password_reset"),
            {"email": f"p{n}@example.org"},
            **behind_proxy("203.0.113.7", written=f"198.51.100.{n}"),
        )
        .status_code
        for n in range(12)
    ]
    assert statuses == [302] * 10 + [429] * 2
    other = Client().post(
        reverse("password_reset"), {"email": "p0@example.org"}, **behind_proxy("203.0.113.8")
    )
    assert other.status_code == 302
