"""A table's group messages through the list layer: two round trips to Redis instead of four.

With ``KITTY_CHANNEL_LAYER=lists`` (channels_redis's ``RedisChannelLayer``) a ``group_send``
takes four round trips (expire the group's members, list them, expire their inboxes, add the
message). ``group_send_all`` lists every group's members in one pipeline, then adds every
message in one script, with the same rules: a member not renewed within ``group_expiry`` is
dropped, messages older than ``expiry`` are dropped, an inbox at its capacity gets nothing (the
message is lost for that channel, as the layer does), and each group's message enters only the
inboxes of that group's channels. A change of a table is one message to the table's group
(``tables.notify.broadcast``).

It uses two helpers of ``channels_redis.core.RedisChannelLayer`` (``_group_key`` and
``_map_channel_keys_to_connection``, channels-redis 4.2 and 4.3 as pinned) and works with
one Redis host; any other layer (the publish-subscribe one, the default, where a group send is
one PUBLISH; the in-memory one of the embedded default and the tests; a ring of several hosts)
gets one ``group_send`` per group.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

from channels_redis.core import RedisChannelLayer

logger = logging.getLogger(__name__)

# KEYS: the inboxes; ARGV: a message per inbox, then each inbox's capacity, then the time now
# and the layer's expiry in seconds. Returns how many inboxes were full.
ADD_SCRIPT = """
local count = #KEYS
local now = tonumber(ARGV[count * 2 + 1])
local expiry = tonumber(ARGV[count * 2 + 2])
local full = 0
for i = 1, count do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, now - expiry)
    if redis.call('ZCARD', KEYS[i]) < tonumber(ARGV[count + i]) then
        redis.call('ZADD', KEYS[i], now, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        full = full + 1
    end
end
return full
"""


async def group_send_all(layer: Any, sends: Sequence[tuple[str, dict[str, Any]]]) -> None:
    """Send each ``(group, message)`` of ``sends`` to its group."""
    if not isinstance(layer, RedisChannelLayer) or layer.ring_size != 1:
        for group, message in sends:
            await layer.group_send(group, message)
        return
    connection = layer.connection(0)
    now = time.time()
    pipe = connection.pipeline(transaction=False)
    for group, _ in sends:
        key = layer._group_key(group)
        pipe.zremrangebyscore(key, min=0, max=int(now) - layer.group_expiry)
        pipe.zrange(key, 0, -1)
    replies = await pipe.execute()
    inboxes: list[str] = []
    messages: list[bytes] = []
    capacities: list[int] = []
    for (_, message), members in zip(sends, replies[1::2], strict=True):
        names = [member.decode("utf8") for member in members]
        _, by_inbox, capacity = layer._map_channel_keys_to_connection(names, message)
        for inbox, data in by_inbox.items():
            inboxes.append(inbox)
            messages.append(data)
            capacities.append(capacity[inbox])
    if not inboxes:
        return
    full = await connection.eval(
        ADD_SCRIPT, len(inboxes), *inboxes, *messages, *capacities, now, int(layer.expiry)
    )
    if full:
        logger.info("%s of %s inboxes full for %s", full, len(inboxes), [g for g, _ in sends])
