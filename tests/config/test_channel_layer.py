"""The Redis channel layer as the settings build it: a quiet socket stays open.

channels_redis waits for a socket's next message with a blocking read of 5 s (BZPOPMIN); since
redis-py 8 a connection gives up reading after 5 s by default, so a socket that heard nothing
for 5 s crashed with ``TimeoutError`` (a player waiting for a slow partner lost the table).
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


async def test_a_channel_that_hears_nothing_past_the_blocking_read_still_receives(
    settings: Settings,
) -> None:
    layers = copy.deepcopy(settings.CHANNEL_LAYERS)
    assert layers["default"]["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    layers["default"]["CONFIG"]["prefix"] = f"kitty-test-{uuid.uuid4().hex[:8]}"
    settings.CHANNEL_LAYERS = layers
    layer = get_channel_layer()
    try:
        channel = await layer.new_channel()
        waiting = asyncio.create_task(layer.receive(channel))
        await asyncio.sleep(layer.brpop_timeout + 1.5)
        assert not waiting.done(), waiting.exception()
        await layer.send(channel, {"type": "table.changed", "seq": 1})
        message = await asyncio.wait_for(waiting, timeout=5)
        assert message == {"type": "table.changed", "seq": 1}
    finally:
        await layer.flush()
