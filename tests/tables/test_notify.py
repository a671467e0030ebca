"""A socket's action is published from the event loop: the database thread only builds it."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from tables import notify
from tables.services import table_act
from tests.tables.helpers import first_legal, table_with

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _in_memory_layer(settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def test_a_deferred_broadcast_is_collected_not_sent_until_published() -> None:
    table, _ = table_with(people=4, bots=0)
    layer = get_channel_layer()
    listener = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(notify.table_group(table.pk), listener)
    seat, action = first_legal(table)

    with notify.sends_deferred() as sends:
        table_act(table_id=table.pk, seat=seat, action=action, seen_seq=table.seq)

    assert [group for group, _ in sends] == [notify.table_group(table.pk)]
    assert sends[0][1]["seq"] == table.seq + 1
    # Nothing reached the group from the database thread's side...
    with pytest.raises(TimeoutError):
        async_to_sync(_receive_within)(layer, listener, 0.2)
    # ...until the event loop publishes it; and broadcasts outside the block are sent again.
    async_to_sync(notify.publish)(sends)
    assert async_to_sync(_receive_within)(layer, listener, 2)["seq"] == table.seq + 1
    table.refresh_from_db()
    seat, action = first_legal(table)
    table_act(table_id=table.pk, seat=seat, action=action, seen_seq=table.seq)
    assert async_to_sync(_receive_within)(layer, listener, 2)["seq"] == table.seq + 1


async def _receive_within(layer: Any, channel: str, seconds: float) -> dict[str, Any]:
    message: dict[str, Any] = await asyncio.wait_for(layer.receive(channel), seconds)
    return message
