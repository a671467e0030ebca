"""Guessing passwords: after a few wrong ones an account, or an address, waits out a window,
and meanwhile even the right password does not sign in."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate
from django.http import HttpRequest
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings as SettingsWrapper

from club.sign_in_throttle import CODE
from tests.factories import TEST_PASSWORD, UserFactory
from tests.proxy import behind_proxy

pytestmark = pytest.mark.django_db

WRONG = "not the password"


def sign_in(client: Client, username: str, password: str, address: str = "10.0.0.1") -> int:
    response = client.post(
        reverse("sign_in"), {"username": username, "password": password}, REMOTE_ADDR=address
    )
    return response.status_code


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_thirty_wrong_passwords_then_the_right_one_does_not_sign_in() -> None:
    UserFactory.create(username="maureen")
    client = Client()
    statuses = [sign_in(client, "maureen", WRONG) for _ in range(30)]
    assert statuses[:5] == [200] * 5  # the form again, with the error
    assert set(statuses[5:]) == {429}
    response = client.post(
        reverse("sign_in"),
        {"username": "maureen", "password": TEST_PASSWORD},
        REMOTE_ADDR="10.0.0.1",
    )
    assert response.status_code == 429
    assert not signed_in(client)
    page = response.content.decode()
    assert f'data-code="{CODE}"' in page
    assert "Too many failed sign-ins" in page and "15 minutes" in page
    assert response["Retry-After"] == "900"


def test_a_locked_account_is_locked_from_every_address_and_others_are_not() -> None:
    UserFactory.create(username="maureen")
    UserFactory.create(username="gerald")
    for _ in range(5):
        sign_in(Client(), "MAUREEN", WRONG, address="10.0.0.1")  # any case counts
    assert sign_in(Client(), "maureen", TEST_PASSWORD, address="10.0.0.2") == 429
    client = Client()
    assert sign_in(client, "gerald", TEST_PASSWORD, address="10.0.0.1") == 302
    assert signed_in(client)


def test_an_address_that_tries_many_accounts_is_locked() -> None:
    UserFactory.create(username="gerald")
    for n in range(20):
        assert sign_in(Client(), f"guess{n}", WRONG, address="10.0.0.9") == 200
    assert sign_in(Client(), "gerald", TEST_PASSWORD, address="10.0.0.9") == 429
    client = Client()
    assert sign_in(client, "gerald", TEST_PASSWORD, address="10.0.0.3") == 302
    assert signed_in(client)


def test_a_success_starts_the_account_count_again() -> None:
    UserFactory.create(username="maureen")
    for _ in range(4):
        assert sign_in(Client(), "maureen", WRONG) == 200
    assert sign_in(Client(), "maureen", TEST_PASSWORD) == 302
    for _ in range(4):
        assert sign_in(Client(), "maureen", WRONG) == 200
    client = Client()
    assert sign_in(client, "maureen", TEST_PASSWORD) == 302
    assert signed_in(client)


def test_every_password_check_is_refused_while_locked() -> None:
    """The admin's sign-in and any other caller of authenticate() go through the backend."""
    UserFactory.create(username="maureen", is_staff=True, is_superuser=True)
    request = HttpRequest()
    request.META["REMOTE_ADDR"] = "10.0.0.4"
    for _ in range(5):
        assert authenticate(request, username="maureen", password=WRONG) is None
    assert authenticate(request, username="maureen", password=TEST_PASSWORD) is None
    client = Client()
    admin = client.post(
        reverse("admin:login"),
        {"username": "maureen", "password": TEST_PASSWORD},
        REMOTE_ADDR="10.0.0.5",
    )
    assert admin.status_code == 200  # the form again: not signed in
    assert not signed_in(client)


def test_behind_the_proxy_a_rotated_forwarded_address_is_still_one_client(
    settings: SettingsWrapper,
) -> None:
    """A script that writes a new X-Forwarded-For on every try is counted by the address
    nginx appended; another member behind the same proxy signs in."""
    settings.KITTY_NUM_PROXIES = 1
    UserFactory.create(username="gerald")
    statuses = [
        Client()
        .post(
            reverse("sign_in"),
            {"username": f"guess{n}", "password": WRONG},
            **behind_proxy("203.0.113.7", written=f"198.51.100.{n}"),
        )
        .status_code
        for n in range(30)
    ]
    assert statuses == [200] * 20 + [429] * 10
    client = Client()
    signing_in = {"username": "gerald", "password": TEST_PASSWORD}
    answer = client.post(reverse("sign_in"), signing_in, **behind_proxy("203.0.113.8"))
    assert answer.status_code == 302
    assert signed_in(client)
