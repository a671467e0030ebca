"""A table's group messages sent together (``tables.fanout.group_send_all``)."""

from __future__ import annotations

import asyncio
import os
import uuid
from typing import Any

import pytest
from channels.layers import InMemoryChannelLayer
from channels_redis.core import RedisChannelLayer

from tables.fanout import group_send_all


async def _joined(layer: Any, groups: dict[str, list[str]]) -> None:
    for group, channels in groups.items():
        for channel in channels:
            await layer.group_add(group, channel)


async def _inbox(layer: Any, channel: str) -> list[str]:
    """Every message waiting for ``channel`` (by its ``n``)."""
    got: list[str] = []
    while True:
        try:
            message = await asyncio.wait_for(layer.receive(channel), 0.3)
        except TimeoutError:
            return got
        got.append(message["n"])


async def _each_group_gets_its_own_message(layer: Any) -> None:
    one, two, both = [await layer.new_channel() for _ in range(3)]
    await _joined(layer, {"seat-0": [one, both], "seat-1": [two, both]})
    await group_send_all(
        layer, [("seat-0", {"type": "x", "n": "0"}), ("seat-1", {"type": "x", "n": "1"})]
    )
    assert await _inbox(layer, one) == ["0"]
    assert await _inbox(layer, two) == ["1"]
    assert sorted(await _inbox(layer, both)) == ["0", "1"]


async def test_each_group_gets_its_own_message_in_memory() -> None:
    await _each_group_gets_its_own_message(InMemoryChannelLayer())


@pytest.mark.redis
async def test_each_group_gets_its_own_message_through_redis() -> None:
    layer = RedisChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix=_prefix())
    try:
        await _each_group_gets_its_own_message(layer)
    finally:
        await layer.flush()


@pytest.mark.redis
async def test_a_full_inbox_gets_nothing_and_the_others_still_do() -> None:
    """Channels of one process share an inbox: a second process's is another."""
    prefix = _prefix()
    here = RedisChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix=prefix, capacity=1)
    there = RedisChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix=prefix, capacity=1)
    try:
        full, other = await here.new_channel(), await there.new_channel()
        await _joined(here, {"seat-0": [full], "seat-1": [other]})
        await here.send(full, {"type": "x", "n": "before"})
        await group_send_all(
            here, [("seat-0", {"type": "x", "n": "0"}), ("seat-1", {"type": "x", "n": "1"})]
        )
        assert await _inbox(here, full) == ["before"]
        assert await _inbox(there, other) == ["1"]
    finally:
        await here.flush()


def _prefix() -> str:
    return f"kitty-test-{uuid.uuid4().hex[:8]}"
