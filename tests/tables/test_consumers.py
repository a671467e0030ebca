"""The table websocket: own view on connect, live updates, refusals that change nothing."""

from __future__ import annotations

import json
import os
import uuid
from typing import TYPE_CHECKING, Any

import channels.consumer
import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from config.asgi import application
from tables import notify, services
from tables.consumers import own_screen
from tables.models import ActionLog, LiveTable
from tests.factories import MembershipFactory, UserFactory
from tests.tables.helpers import ORIGIN, session_cookie, state, table_with

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _in_memory_layer(settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


async def open_socket(table: LiveTable, user: User | None) -> WebsocketCommunicator:
    headers = [ORIGIN]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    return WebsocketCommunicator(application, f"/ws/tables/{table.pk}/", headers=headers)


async def joined(table: LiveTable, user: User) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    socket = await open_socket(table, user)
    connected, _ = await socket.connect()
    assert connected
    first = await socket.receive_json_from(timeout=5)
    assert first["type"] == "state"
    return socket, first


@database_sync_to_async
def two_people_and_two_bots() -> tuple[LiveTable, User, User, User]:
    table, members = table_with(people=2, bots=2, seed=21, first_dealer=3)
    watcher = MembershipFactory.create(club=table.club, with_account=True).player.user
    assert watcher is not None
    users = [m.player.user for m in members]
    assert users[0] is not None and users[1] is not None
    return table, users[0], users[1], watcher


async def test_each_seat_gets_its_own_view_and_a_spectator_the_public_one() -> None:
    table, first, second, watcher = await two_people_and_two_bots()
    hand = await database_sync_to_async(state)(table)
    a, a_state = await joined(table, first)
    b, b_state = await joined(table, second)
    w, w_state = await joined(table, watcher)
    assert (a_state["seat"], b_state["seat"], w_state["seat"]) == (0, 1, None)
    own = hand.view(0)["hand"]
    assert a_state["view"]["hand"] == own
    assert b_state["view"]["hand"] == hand.view(1)["hand"]
    assert w_state["view"]["hand"] is None
    for card in own:
        assert card not in str(b_state) and card not in str(w_state)
    # The page draws the own hand from the state's data: every card, face and code.
    assert [card["card"] for card in a_state["own"]] == own
    assert a_state["v"] == 1 and "html" not in a_state
    assert b_state["own"] and w_state["own"] == []
    for socket in (a, b, w):
        await socket.disconnect()


async def test_an_outsider_or_anonymous_visitor_cannot_open_the_socket() -> None:
    table, *_ = await two_people_and_two_bots()
    outsider = await database_sync_to_async(UserFactory.create)()
    for user in (outsider, None):
        socket = await open_socket(table, user)
        connected, _ = await socket.connect()
        assert not connected


async def test_an_action_reaches_every_socket_as_its_own_view() -> None:
    table, first, second, watcher = await two_people_and_two_bots()
    hand = await database_sync_to_async(state)(table)
    assert hand.to_act == 0
    a, a_state = await joined(table, first)
    b, _ = await joined(table, second)
    action = a_state["view"]["legal"][0]
    await a.send_json_to({"type": "act", "action": action, "seq": a_state["seq"]})

    a_next = await a.receive_json_from(timeout=5)
    b_next = await b.receive_json_from(timeout=5)
    assert a_next["seq"] == b_next["seq"] == a_state["seq"] + 1
    assert b_next["view"]["seat"] == 1
    assert b_next["view"]["to_act"] == 1
    assert b_next["view"]["legal"]  # seat 1 may act now, and is shown its own choices
    assert a_next["view"]["legal"] == []
    logged = await database_sync_to_async(
        lambda: ActionLog.objects.get(table=table, seq=a_next["seq"])
    )()
    assert (logged.action, logged.user_id) == (action, first.pk)
    for socket in (a, b):
        await socket.disconnect()


BAD_MESSAGES = [
    ("not json", "bad_message"),
    ('["act"]', "bad_message"),
    ('{"type": "shout"}', "bad_message"),
    ('{"type": "act", "action": 7, "seq": 0}', "bad_message"),
    ('{"type": "act", "action": "0 call pass", "seq": true}', "bad_message"),
    ('{"type": "act", "action": "zero pass", "seq": "SEQ"}', "bad_action"),
    ('{"type": "act", "action": "0 call pass", "seq": 999}', "stale"),
    ('{"type": "act", "action": "1 call pass", "seq": "SEQ"}', "not_your_seat"),
    ('{"type": "act", "action": "0 play AS", "seq": "SEQ"}', "wrong_phase"),
]


async def test_a_bad_message_is_refused_and_changes_nothing() -> None:
    table, first, *_ = await two_people_and_two_bots()
    a, a_state = await joined(table, first)
    for message, code in BAD_MESSAGES:
        await a.send_to(text_data=message.replace('"SEQ"', str(a_state["seq"])))
        answer = await a.receive_json_from(timeout=5)
        assert answer["type"] == "refused", message
        assert answer["code"] == code, message
        assert answer["message"]
    await database_sync_to_async(table.refresh_from_db)()
    assert table.seq == a_state["seq"]
    assert await a.receive_nothing(timeout=0.2)
    await a.disconnect()


async def test_not_your_turn_is_refused_with_the_engines_code() -> None:
    table, first, second, _ = await two_people_and_two_bots()
    b, b_state = await joined(table, second)
    await b.send_json_to({"type": "act", "action": "1 call pass", "seq": b_state["seq"]})
    answer = await b.receive_json_from(timeout=5)
    assert (answer["type"], answer["code"]) == ("refused", "out_of_turn")
    await b.disconnect()


async def test_a_spectator_cannot_act() -> None:
    table, _, _, watcher = await two_people_and_two_bots()
    w, w_state = await joined(table, watcher)
    await w.send_json_to({"type": "act", "action": "0 call pass", "seq": w_state["seq"]})
    answer = await w.receive_json_from(timeout=5)
    assert answer["code"] == "spectator"
    await w.disconnect()


async def test_take_back_is_refused_to_a_spectator_and_to_a_player_not_away() -> None:
    table, first, _, watcher = await two_people_and_two_bots()
    w, _ = await joined(table, watcher)
    await w.send_json_to({"type": "take_back"})
    assert (await w.receive_json_from(timeout=5))["code"] == "not_seated"
    a, _ = await joined(table, first)
    await a.send_json_to({"type": "take_back"})
    assert (await a.receive_json_from(timeout=5))["code"] == "not_away"
    for socket in (w, a):
        await socket.disconnect()


async def test_reconnecting_sends_the_same_state_and_presence_is_counted() -> None:
    table, first, *_ = await two_people_and_two_bots()
    a, before = await joined(table, first)
    seat = await database_sync_to_async(lambda: table.seats.get(index=0))()
    assert seat.connections == 1
    await a.disconnect()
    seat = await database_sync_to_async(lambda: table.seats.get(index=0))()
    assert seat.connections == 0
    again, after = await joined(table, first)
    assert after["view"] == before["view"]
    assert after["seq"] == before["seq"]
    await again.disconnect()


@pytest.mark.redis
@pytest.mark.parametrize(
    "backend",
    ["channels_redis.pubsub.RedisPubSubChannelLayer", "channels_redis.core.RedisChannelLayer"],
)
async def test_an_action_travels_through_the_redis_layer(settings: Settings, backend: str) -> None:
    prefix = f"kitty-test-{uuid.uuid4().hex[:8]}"
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": backend,
            "CONFIG": {"hosts": [os.environ["REDIS_URL"]], "prefix": prefix},
        }
    }
    layer = get_channel_layer()
    assert type(layer).__name__ == backend.rsplit(".", 1)[1]
    try:
        table, first, second, _ = await two_people_and_two_bots()
        a, a_state = await joined(table, first)
        b, _ = await joined(table, second)
        action = a_state["view"]["legal"][0]
        await a.send_json_to({"type": "act", "action": action, "seq": a_state["seq"]})
        b_next = await b.receive_json_from(timeout=5)
        assert b_next["seq"] == a_state["seq"] + 1
        assert b_next["view"]["to_act"] == 1
        for socket in (a, b):
            await socket.disconnect()
    finally:
        await layer.flush()


class GroupSpy:
    """Every group message the channel layer is asked to send, by group."""

    def __init__(self, layer: Any) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self._send = layer.group_send

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.sent.append((group, message))
        await self._send(group, message)


async def first_action_watched(
    table: LiveTable, users: list[User], monkeypatch: pytest.MonkeyPatch
) -> tuple[list[WebsocketCommunicator], list[dict[str, Any]], GroupSpy]:
    """``users`` connected (the first one to act), the first one's first legal action sent:
    their sockets, what each received after it, and the group messages sent meanwhile."""
    layer = get_channel_layer()
    spy = GroupSpy(layer)
    monkeypatch.setattr(layer, "group_send", spy.group_send)
    sockets, states = [], []
    for user in users:
        socket, first = await joined(table, user)
        sockets.append(socket)
        states.append(first)
    action = states[0]["view"]["legal"][0]
    await sockets[0].send_json_to({"type": "act", "action": action, "seq": states[0]["seq"]})
    return sockets, [await s.receive_json_from(timeout=5) for s in sockets], spy


async def test_one_message_per_change_and_each_socket_sends_only_its_own_seats_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, first, second, watcher = await two_people_and_two_bots()
    (a, b, w), after, spy = await first_action_watched(table, [first, second, watcher], monkeypatch)
    received = dict(zip("abw", after, strict=True))
    assert (received["a"]["seat"], received["b"]["seat"], received["w"]["seat"]) == (0, 1, None)
    # One message to the table's group: a screen for each seat a person plays and the
    # spectators'; the computers' seats get none.
    assert [group for group, _ in spy.sent] == [notify.table_group(table.pk)]
    message = spy.sent[0][1]
    assert [text is not None for text in message["seats"]] == [True, True, False, False]
    assert json.loads(message["seats"][0]) == received["a"]
    assert json.loads(message["seats"][1]) == received["b"]
    assert json.loads(message["public"]["en"]) == received["w"]
    assert list(message["public"]) == ["en"]  # one language read at the table: one build
    hand = await database_sync_to_async(state)(table)
    for name, seat in (("a", 0), ("b", 1), ("w", None)):
        sent = json.dumps(received[name])
        assert received[name]["view"]["hand"] == (
            hand.view(seat)["hand"] if seat is not None else None
        )
        for other in range(4):
            if other != seat:  # nothing is played yet: no other seat's card may show
                for card in hand.view(other)["hand"]:
                    assert f'"{card}"' not in sent
    for socket in (a, b, w):
        assert await socket.receive_nothing(timeout=0.2)
        await socket.disconnect()


async def test_a_message_reaches_its_handler_without_a_trip_to_the_database_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The sockets' messages do not wait behind other tables' database work to close
    connections nothing used (the handlers' database work closes its own)."""
    table, first, second, _ = await two_people_and_two_bots()
    a, a_state = await joined(table, first)
    b, _ = await joined(table, second)
    trips: list[str] = []

    async def counted() -> None:
        trips.append("close_old_connections")

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    action = a_state["view"]["legal"][0]
    await a.send_json_to({"type": "act", "action": action, "seq": a_state["seq"]})
    assert (await a.receive_json_from(timeout=5))["seq"] == a_state["seq"] + 1
    assert (await b.receive_json_from(timeout=5))["seq"] == a_state["seq"] + 1
    assert trips == []
    for socket in (a, b):
        await socket.disconnect()


def test_a_socket_sends_the_screen_of_the_seat_its_user_plays_at_that_seq() -> None:
    event: dict[str, Any] = {
        "seated": [7, None, 9, 7],
        "seats": ["seven", None, "nine", "seven again"],
        "languages": ["en", "en", "fr", "en"],
        "public": {"en": "everyone", "fr": "tout le monde"},
    }
    assert own_screen(event, 7, "en") == "seven"
    assert own_screen(event, 9, "fr") == "nine"
    assert own_screen(event, 8, "en") == "everyone"  # left the table, or never sat: a spectator
    assert own_screen(event, None, "fr") == "tout le monde"
    # Not in the reader's language: the socket builds its own screen.
    assert own_screen(event, 9, "en") is None
    assert own_screen(event, 8, "es") is None


async def test_an_older_screen_arriving_late_is_dropped() -> None:
    table, first, *_ = await two_people_and_two_bots()
    a, a_state = await joined(table, first)
    layer = get_channel_layer()
    assert layer is not None
    seated = await database_sync_to_async(
        lambda: [
            s.player.user_id if s.player is not None else None
            for s in table.seats.select_related("player").order_by("index")
        ]
    )()

    def message(screen: dict[str, Any]) -> dict[str, Any]:
        seats = [json.dumps(screen)] + [None] * 3
        return {
            "type": notify.STATE,
            "seq": screen["seq"],
            "seated": seated,
            "seats": seats,
            "languages": ["en"] * 4,
            "public": {"en": "{}"},
        }

    late = {**a_state, "seq": a_state["seq"] - 1, "own": []}
    await layer.group_send(notify.table_group(table.pk), message(late))
    assert await a.receive_nothing(timeout=0.2)
    await layer.group_send(notify.table_group(table.pk), message(a_state))
    assert await a.receive_json_from(timeout=5) == a_state
    await a.disconnect()


async def test_a_socket_of_who_left_a_seat_gets_no_screen_of_the_next_player() -> None:
    """Seats change before the start: who left a seat, with the page still open, must not
    be sent the screen of the person who sits down there."""

    @database_sync_to_async
    def setup() -> tuple[LiveTable, User, User, Any, Any]:
        table, members = table_with(people=2, bots=1, seed=5)
        newcomer = MembershipFactory.create(club=table.club, with_account=True)
        last = MembershipFactory.create(club=table.club, with_account=True)
        first_user = members[0].player.user
        assert first_user is not None and newcomer.player.user is not None
        return table, first_user, newcomer.player.user, newcomer.player, last.player

    table, leaver, newcomer, newcomer_player, last_player = await setup()
    leaver_player = await database_sync_to_async(lambda: leaver.player)()
    a, a_state = await joined(table, leaver)
    assert a_state["seat"] == 0
    await database_sync_to_async(services.seat_leave)(table_id=table.pk, player=leaver_player)
    left = await a.receive_json_from(timeout=5)
    assert left["seat"] is None  # the spectators' screen: not a player any more
    n, _ = await joined(table, newcomer)
    await database_sync_to_async(services.seat_take)(
        table_id=table.pk, index=0, player=newcomer_player
    )
    assert (await n.receive_json_from(timeout=5))["seat"] == 0
    # The last seat fills: the game starts and the cards are dealt.
    await database_sync_to_async(services.seat_take)(table_id=table.pk, index=3, player=last_player)
    n_state = await n.receive_json_from(timeout=5)
    while n_state["status"] != "playing":
        n_state = await n.receive_json_from(timeout=5)
    own = n_state["view"]["hand"]
    assert own
    while not await a.receive_nothing(timeout=0.3):
        message = await a.receive_json_from(timeout=5)
        assert message["seat"] is None
        assert message["view"] is None or message["view"]["hand"] is None
        for card in own:
            assert f'"{card}"' not in json.dumps(message)
    for socket in (a, n):
        await socket.disconnect()
