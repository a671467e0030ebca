"""The lobby websocket: signed-in users only, a nudge for their own and their clubs' changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.db import transaction

from club.models import Club
from config.asgi import application
from tables import lobby_feed
from tables.consumers import CLOSE_FORBIDDEN
from tests.factories import MembershipFactory, UserFactory
from tests.tables.helpers import ORIGIN, session_cookie

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _in_memory_layer(settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


async def open_socket(user: User | None) -> WebsocketCommunicator:
    headers = [ORIGIN]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    return WebsocketCommunicator(application, "/ws/lobby/", headers=headers)


async def connected(user: User) -> WebsocketCommunicator:
    socket = await open_socket(user)
    ok, _ = await socket.connect()
    assert ok
    return socket


@database_sync_to_async
def member() -> tuple[User, Club]:
    membership = MembershipFactory.create(with_account=True)
    user = membership.player.user
    assert user is not None
    return user, membership.club


@database_sync_to_async
def changed_in_a_transaction(
    user_ids: tuple[int, ...] = (), club_ids: tuple[int, ...] = ()
) -> None:
    with transaction.atomic():
        lobby_feed.lobby_changed(user_ids=user_ids, club_ids=club_ids)


async def test_an_anonymous_visitor_cannot_open_the_socket() -> None:
    socket = await open_socket(None)
    ok, code = await socket.connect()
    assert not ok
    assert code == CLOSE_FORBIDDEN


async def test_a_member_hears_a_change_for_them_once_it_commits() -> None:
    user, _ = await member()
    socket = await connected(user)
    await changed_in_a_transaction(user_ids=(user.pk,))
    assert await socket.receive_json_from(timeout=5) == {"type": "changed"}
    assert await socket.receive_nothing(timeout=0.1)
    await socket.disconnect()


async def test_a_member_hears_a_change_for_their_club_and_an_outsider_does_not() -> None:
    user, club = await member()
    outsider, _ = await member()  # a member of another club
    socket = await connected(user)
    other = await connected(outsider)
    await changed_in_a_transaction(club_ids=(club.pk,))
    assert await socket.receive_json_from(timeout=5) == {"type": "changed"}
    assert await other.receive_nothing(timeout=0.2)
    await socket.disconnect()
    await other.disconnect()


async def test_a_signed_in_user_of_no_club_hears_only_their_own_changes() -> None:
    user = await database_sync_to_async(UserFactory.create)()
    _, club = await member()
    socket = await connected(user)
    await changed_in_a_transaction(club_ids=(club.pk,))
    assert await socket.receive_nothing(timeout=0.2)
    await changed_in_a_transaction(user_ids=(user.pk,))
    assert await socket.receive_json_from(timeout=5) == {"type": "changed"}
    await socket.disconnect()


async def test_a_message_from_the_client_is_refused_and_the_socket_stays_open() -> None:
    user, _ = await member()
    socket = await connected(user)
    for text in ("not json", '{"type": "state"}'):
        await socket.send_to(text_data=text)
        answer = await socket.receive_json_from(timeout=5)
        assert answer["type"] == "refused"
        assert answer["code"] == "bad_message"
        assert answer["message"]
    await changed_in_a_transaction(user_ids=(user.pk,))
    assert await socket.receive_json_from(timeout=5) == {"type": "changed"}
    await socket.disconnect()


async def test_too_many_messages_are_throttled() -> None:
    user, _ = await member()
    socket = await connected(user)
    codes = []
    for _ in range(30):  # past the burst, sent at once
        await socket.send_to(text_data="{}")
        codes.append((await socket.receive_json_from(timeout=5))["code"])
    assert "throttled" in codes
    assert codes[0] == "bad_message"
    await socket.disconnect()


async def test_disconnecting_leaves_every_group() -> None:
    user, club = await member()
    socket = await connected(user)
    layer = get_channel_layer()
    groups = (lobby_feed.user_group(user.pk), lobby_feed.club_group(club.pk))
    assert all(layer.groups.get(group) for group in groups)
    await socket.disconnect()
    assert not any(layer.groups.get(group) for group in groups)
