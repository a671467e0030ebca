"""The table websocket under hostile or failing input: every message gets a coded answer, the
socket stays up, the seat's presence count stays right and the table plays on."""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from tables import consumers, services
from tables.consumers import (
    CLOSE_THROTTLED,
    MESSAGE_BURST,
    THROTTLED_IN_A_ROW,
    TableConsumer,
)
from tables.models import LiveTable
from tests.tables.test_consumers import joined, two_people_and_two_bots

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _in_memory_layer(settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def unhurried(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second passes between any two messages: the message budget never runs out."""
    ticks = iter(range(10**6))
    monkeypatch.setattr(TableConsumer, "clock", staticmethod(lambda: float(next(ticks))))


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _act(action: Any, seq: Any = "SEQ") -> str:
    return json.dumps({"type": "act", "action": action, "seq": seq})


# (message, the code it is refused with); "SEQ" becomes the table's seq. Seat 0 is to act.
CRASHING = [
    (_act("² play 5H"), "bad_action"),
    (_act("① call pass"), "bad_action"),
    (_act("0₂ call pass"), "bad_action"),
    (_act("0 call ²"), "bad_bid"),
    (_act("0 call ①"), "bad_bid"),
    (_act("0 call 1₂"), "bad_bid"),
    (_act("0 trump X"), "bad_trump"),
    (_act("99999999999999999999 call pass"), "bad_action"),
    (_act("0 call " + "9" * 150), "bad_bid"),
    (_nested(990), "bad_message"),  # 1,980 characters: under the size limit
    ('{"type": "act", "action": ' + _nested(950) + ', "seq": 0}', "bad_message"),
    ('{"a": ' * 300 + "1" + "}" * 300, "bad_message"),
    ("[]", "bad_message"),
    ("5", "bad_message"),
    ("null", "bad_message"),
    ('"act"', "bad_message"),
    ('{"type": ["act"]}', "bad_message"),
    ('{"type": {"act": 1}}', "bad_message"),
    (_act({"seat": 0}), "bad_message"),
    (_act(["0 call pass"]), "bad_message"),
    (_act(None), "bad_message"),
    ('{"type": "act", "action": "0 call pass", "seq": 1e400}', "bad_message"),
    ('{"type": "act", "action": "0 call pass", "seq": NaN}', "bad_message"),
    (_act("0 call pass", 10**1000), "stale"),
    (_act("0 call pass", -1), "stale"),
    ("\x00", "bad_message"),
]


async def _count(table: LiveTable, index: int = 0) -> int:
    seat = await database_sync_to_async(lambda: table.seats.get(index=index))()
    return int(seat.connections)


async def _plays_on(socket: WebsocketCommunicator, seen: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 sends its first legal action; the table moves on and says so."""
    await socket.send_json_to(
        {"type": "act", "action": seen["view"]["legal"][0], "seq": seen["seq"]}
    )
    after: dict[str, Any] = await socket.receive_json_from(timeout=5)
    assert after["type"] == "state"
    assert after["seq"] == seen["seq"] + 1
    return after


@pytest.mark.usefixtures("unhurried")
async def test_crashing_inputs_are_refused_and_the_table_plays_on() -> None:
    table, first, *_ = await two_people_and_two_bots()
    socket, seen = await joined(table, first)
    assert await _count(table) == 1
    for message, code in CRASHING:
        await socket.send_to(text_data=message.replace('"SEQ"', str(seen["seq"])))
        answer = await socket.receive_json_from(timeout=5)
        assert (answer["type"], answer["code"]) == ("refused", code), message[:60]
        assert 0 < len(answer["message"]) < 1000
    await database_sync_to_async(table.refresh_from_db)()
    assert table.seq == seen["seq"]  # nothing changed
    assert await _count(table) == 1
    await _plays_on(socket, seen)
    await socket.disconnect()
    assert await _count(table) == 0


async def test_a_failure_while_acting_is_refused_logged_and_recovered(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table, first, *_ = await two_people_and_two_bots()
    socket, seen = await joined(table, first)
    real = services.table_act
    calls = []

    def fails_once(**kwargs: Any) -> Any:
        calls.append(kwargs)
        if len(calls) == 1:
            raise RuntimeError("the database went away")
        return real(**kwargs)

    monkeypatch.setattr(services, "table_act", fails_once)
    action = seen["view"]["legal"][0]
    with caplog.at_level(logging.ERROR, logger="tables.consumers"):
        await socket.send_json_to({"type": "act", "action": action, "seq": seen["seq"]})
        answer = await socket.receive_json_from(timeout=5)
    assert (answer["type"], answer["code"]) == ("refused", "server_error")
    assert f"table {table.pk}:" in caplog.text and "RuntimeError" in caplog.text
    assert await _count(table) == 1
    await _plays_on(socket, seen)
    assert len(calls) == 2
    await socket.disconnect()
    assert await _count(table) == 0


async def test_a_socket_that_crashes_still_leaves_its_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Even when the answer itself fails and the consumer ends with the error, the seat's
    connection count goes back down, so the seat can be taken over when its player is away."""
    table, first, second, _ = await two_people_and_two_bots()
    socket, seen = await joined(table, first)
    other, _ = await joined(table, second)

    def broken(**kwargs: Any) -> Any:
        raise RuntimeError("the database went away")

    async def cannot_answer(self: TableConsumer, code: str, message: str) -> None:
        raise ConnectionError("the socket went away")

    monkeypatch.setattr(services, "table_act", broken)
    monkeypatch.setattr(TableConsumer, "refuse", cannot_answer)
    await socket.send_json_to({"type": "act", "action": "0 call pass", "seq": seen["seq"]})
    with pytest.raises(ConnectionError):
        await socket.receive_output(timeout=5)
    assert await _count(table, 0) == 0
    assert await _count(table, 1) == 1  # the other player's socket is not touched
    await other.disconnect()
    assert await _count(table, 1) == 0


async def test_the_message_budget_refuses_floods_and_closes_on_sustained_abuse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [1000.0]
    monkeypatch.setattr(TableConsumer, "clock", staticmethod(lambda: now[0]))
    table, first, *_ = await two_people_and_two_bots()
    socket, seen = await joined(table, first)
    for _ in range(MESSAGE_BURST):
        await socket.send_json_to({"type": "shout"})
        assert (await socket.receive_json_from(timeout=5))["code"] == "bad_message"
    await socket.send_json_to({"type": "shout"})
    answer = await socket.receive_json_from(timeout=5)
    assert (answer["type"], answer["code"]) == ("refused", "throttled")
    assert answer["message"]

    now[0] += 1 / consumers.MESSAGE_RATE  # one message's worth of time
    seen = await _plays_on(socket, seen)
    await socket.send_json_to({"type": "shout"})
    assert (await socket.receive_json_from(timeout=5))["code"] == "throttled"

    for _ in range(THROTTLED_IN_A_ROW - 2):
        await socket.send_json_to({"type": "shout"})
        assert (await socket.receive_json_from(timeout=5))["code"] == "throttled"
    await socket.send_json_to({"type": "shout"})
    closed = await socket.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": CLOSE_THROTTLED}
    await socket.disconnect()
    assert await _count(table) == 0


async def test_the_budget_refills_with_time_up_to_the_burst() -> None:
    now = [0.0]
    budget = consumers.MessageBudget(rate=10.0, burst=3, clock=lambda: now[0])
    assert [budget.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.1
    assert [budget.take(), budget.take()] == [True, False]
    now[0] += 60
    assert [budget.take() for _ in range(4)] == [True, True, True, False]
