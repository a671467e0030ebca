"""The Redis channel layers as the settings build them, against two defaults of redis-py 8.

channels_redis's list layer waits for a socket's next message with a blocking read of 5 s
(BZPOPMIN); since redis-py 8 a connection gives up reading after 5 s by default, so a socket
that heard nothing for 5 s crashed with ``TimeoutError`` (a player waiting for a slow partner
lost the table). And a process's pool now holds 100 connections and raises
``MaxConnectionsError`` when they are all in use, so a burst of sockets joining or leaving their
tables at once crashed them. The publish-subscribe layer (the default) has the same settings.
"""

from __future__ import annotations

import asyncio
import copy
import uuid
from typing import TYPE_CHECKING

import pytest
from channels.layers import get_channel_layer

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.redis


LISTS = "channels_redis.core.RedisChannelLayer"
PUBSUB = "channels_redis.pubsub.RedisPubSubChannelLayer"
#: Longer than the list layer's blocking read and redis-py 8's default socket timeout (5 s).
SILENCE = 6.5


@pytest.fixture(params=[PUBSUB, LISTS])
def own_prefix(settings: Settings, request: pytest.FixtureRequest) -> None:
    """The settings' layer (and the other one, with the same connection settings), with names
    of its own."""
    layers = copy.deepcopy(settings.CHANNEL_LAYERS)
    assert layers["default"]["BACKEND"] == PUBSUB
    layers["default"]["BACKEND"] = request.param
    layers["default"]["CONFIG"]["prefix"] = f"kitty-test-{uuid.uuid4().hex[:8]}"
    settings.CHANNEL_LAYERS = layers


@pytest.mark.usefixtures("own_prefix")
async def test_a_channel_that_hears_nothing_past_the_blocking_read_still_receives() -> None:
    layer = get_channel_layer()
    try:
        channel = await layer.new_channel()
        waiting = asyncio.create_task(layer.receive(channel))
        await asyncio.sleep(SILENCE)
        assert not waiting.done(), waiting.exception()
        await layer.send(channel, {"type": "table.changed", "seq": 1})
        message = await asyncio.wait_for(waiting, timeout=5)
        assert message == {"type": "table.changed", "seq": 1}
    finally:
        await layer.flush()


@pytest.mark.usefixtures("own_prefix")
async def test_three_hundred_sockets_joining_at_once_all_join() -> None:
    layer = get_channel_layer()
    try:
        channels = [await layer.new_channel() for _ in range(300)]
        await asyncio.gather(*(layer.group_add("table-1", c) for c in channels))
        await layer.group_send("table-1", {"type": "table.changed", "seq": 1})
        received = await asyncio.wait_for(asyncio.gather(*map(layer.receive, channels)), 20)
        assert {m["seq"] for m in received} == {1}
        await asyncio.gather(*(layer.group_discard("table-1", c) for c in channels))
    finally:
        await layer.flush()
