"""The ping websocket: a round trip through the channel layer, in memory and through Redis."""

from __future__ import annotations

import os
import uuid
from typing import TYPE_CHECKING, Any

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from config.asgi import application

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

# The websocket stack reads the session (AuthMiddlewareStack) in a worker thread, which needs
# database access however the tests before this one left that thread's connection.
pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://localhost")


async def connect() -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(application, "/ws/ping/", headers=[ORIGIN])
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def round_trip() -> tuple[dict[str, Any], dict[str, Any]]:
    """Two sockets join the group; one message from the first reaches both."""
    alice, bob = await connect(), await connect()
    try:
        await alice.send_json_to({"text": "five of hearts"})
        return await alice.receive_json_from(timeout=5), await bob.receive_json_from(timeout=5)
    finally:
        await alice.disconnect()
        await bob.disconnect()


async def test_echo_through_the_in_memory_layer(settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    assert await round_trip() == ({"echo": "five of hearts"}, {"echo": "five of hearts"})


@pytest.mark.redis
async def test_echo_through_the_redis_layer(settings: Settings) -> None:
    # A prefix of its own, so flushing afterwards touches only this test's keys.
    prefix = f"kitty-test-{uuid.uuid4().hex[:8]}"
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [os.environ["REDIS_URL"]], "prefix": prefix},
        }
    }
    layer = get_channel_layer()
    assert type(layer).__name__ == "RedisChannelLayer"
    try:
        assert await round_trip() == ({"echo": "five of hearts"}, {"echo": "five of hearts"})
    finally:
        await layer.flush()


async def test_bad_message_gets_an_error_not_a_broadcast(settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    alice = await connect()
    await alice.send_json_to({"text": 45})
    assert "error" in await alice.receive_json_from(timeout=5)
    await alice.disconnect()


async def test_socket_from_a_foreign_origin_is_refused() -> None:
    communicator = WebsocketCommunicator(
        application, "/ws/ping/", headers=[(b"origin", b"https://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected
