"""The table socket's ``here`` message: a page that keeps saying it is open keeps its seat
present; one that falls silent (a socket that died without closing) is counted away by the
sweep; a spectator's ``here`` changes nothing."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from tables import services
from tables.models import LiveTable, TableSeat
from tests.tables.test_consumers import joined, two_people_and_two_bots

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db(transaction=True)

PRESENCE = 30
AN_HOUR_AGO = timedelta(hours=1)


@pytest.fixture(autouse=True)
def _in_memory_layer_and_presence(settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.KITTY_TABLE_PRESENCE_SECONDS = PRESENCE


@database_sync_to_async
def seats(table: LiveTable) -> list[tuple[int, datetime | None, bool]]:
    """(connections, last seen, computer playing) of each seat, from the database."""
    rows = TableSeat.objects.filter(table=table).order_by("index")
    return [(s.connections, s.last_seen, s.bot_playing) for s in rows]


@database_sync_to_async
def heard_of_an_hour_ago(table: LiveTable) -> datetime:
    """As if every page at the table last spoke an hour ago; returns that moment."""
    then = timezone.now() - AN_HOUR_AGO
    TableSeat.objects.filter(table=table).update(last_seen=then)
    return then


@database_sync_to_async
def sweep(now: datetime) -> list[tuple[int, int]]:
    return services.seats_gone_sweep(now=now)


async def say(socket: WebsocketCommunicator, content: dict[str, Any]) -> None:
    """Send ``content``, then wait until the socket has handled it: ``here`` has no answer,
    but the consumer handles a socket's messages in order, so the answer to the ``state``
    sent after it means it is done."""
    await socket.send_json_to(content)
    await socket.send_json_to({"type": "state"})
    answer = await socket.receive_json_from(timeout=5)
    assert answer["type"] == "state", answer


async def test_here_keeps_a_seat_present_and_a_silent_page_is_counted_away() -> None:
    table, first, second, _ = await two_people_and_two_bots()
    talking, _ = await joined(table, first)
    silent, _ = await joined(table, second)
    then = await heard_of_an_hour_ago(table)

    before = timezone.now()
    await say(talking, {"type": "here"})
    (count_0, seen_0, away_0), (count_1, seen_1, away_1), *_ = await seats(table)
    assert count_0 == 1 and seen_0 is not None and seen_0 >= before and not away_0
    assert (count_1, seen_1, away_1) == (1, then, False)  # the silent page moved nothing

    # A presence period on, the page that spoke is still present; the silent one, not heard
    # of for more than twice the period, is counted away (its socket is still "open").
    assert await sweep(timezone.now() + timedelta(seconds=PRESENCE)) == [(table.pk, 1)]
    (count_0, *_), (count_1, *_), *_ = await seats(table)
    assert (count_0, count_1) == (1, 0)

    # Silent for more than twice the period, the page that spoke is counted away too.
    later = timezone.now() + timedelta(seconds=2 * PRESENCE + 1)
    assert await sweep(later) == [(table.pk, 0)]
    for socket in (talking, silent):
        await socket.disconnect()


async def test_a_page_counted_away_that_speaks_again_is_present_again() -> None:
    table, first, *_ = await two_people_and_two_bots()
    # A long grace time: counted away, the player is not yet replaced by the computer, so
    # no move is played (and sent to the socket) meanwhile.
    await database_sync_to_async(LiveTable.objects.filter(pk=table.pk).update)(
        grace_seconds=24 * 3600
    )
    socket, _ = await joined(table, first)
    await heard_of_an_hour_ago(table)
    assert await sweep(timezone.now()) == [(table.pk, 0)]
    assert (await seats(table))[0][0] == 0
    await say(socket, {"type": "here"})
    connections, last_seen, _ = (await seats(table))[0]
    assert connections == 1
    assert last_seen is not None and timezone.now() - last_seen < AN_HOUR_AGO
    await socket.disconnect()


async def test_a_spectators_here_changes_nothing() -> None:
    table, first, second, watcher = await two_people_and_two_bots()
    sockets = [(await joined(table, user))[0] for user in (first, second)]
    await heard_of_an_hour_ago(table)
    before = await seats(table)
    spectator, state = await joined(table, watcher)
    assert state["seat"] is None
    for _ in range(3):
        await say(spectator, {"type": "here"})
    assert await seats(table) == before
    await database_sync_to_async(table.refresh_from_db)()
    assert table.seq == state["seq"]
    for socket in (*sockets, spectator):
        await socket.disconnect()
