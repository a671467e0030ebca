"""On PostgreSQL and Redis with two ASGI server processes: one table served by both.

Every seat's player has two pages open, one on each server, as behind a proxy that sends each
connection to any server. Round after round the player to act sends the same action with the
same ``seq`` from both pages at the same moment: the table's row lock and ``seq`` let exactly
one through, the other page is refused ``stale``, and every page, on either server, then
shows the new state, which reached the other server's sockets through the Redis channel
layer. The action log ends with one action per round, no gap and no double.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

from tables.models import ActionLog, LiveTable
from tests.tables.helpers import table_with
from tests.tables.processes import processes
from tests.tables.replay import assert_log_is_the_truth

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

ROUNDS = 24
#: Seconds a page waits for one message: a generous bound, not a measured time.
PATIENCE = 20.0
#: Every server refuses this message (``bad_message``). A server handles a socket's messages in
#: order, so its answer comes after the answer, if any, to the action sent before it.
END_OF_ROUND = json.dumps({"type": "end of round"})


@dataclass
class Page:
    """One open table page: a websocket to one of the servers, and the last state it showed."""

    seat: int
    server: int
    ws: ClientConnection
    latest: dict[str, Any]

    async def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), PATIENCE))
        if message["type"] == "state":
            assert message["seq"] >= self.latest["seq"], "a page went back to an older state"
            self.latest = message
        return message

    async def until_seq(self, seq: int) -> None:
        while self.latest["seq"] < seq:
            message = await self.receive()
            assert message["type"] == "state", message
        assert self.latest["seq"] == seq

    async def act(self, action: str, seq: int) -> list[str]:
        """Send ``action`` as seen at ``seq``; the codes it was refused with (none if taken)."""
        await self.ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))
        await self.ws.send(END_OF_ROUND)
        codes: list[str] = []
        while True:
            message = await self.receive()
            if message["type"] != "refused":
                continue
            if message["code"] == "bad_message":
                return codes
            codes.append(message["code"])


def session_cookie(user: User) -> str:
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}"


async def open_page(port: int, server: int, table: LiveTable, seat: int, cookie: str) -> Page:
    ws = await connect(
        f"ws://127.0.0.1:{port}/ws/tables/{table.pk}/",
        origin=Origin(f"http://127.0.0.1:{port}"),
        additional_headers={"Cookie": cookie},
        proxy=None,
        open_timeout=PATIENCE,
        ping_interval=None,
        max_size=None,
    )
    first = json.loads(await asyncio.wait_for(ws.recv(), PATIENCE))
    assert (first["type"], first["seat"]) == ("state", seat), first
    return Page(seat, server, ws, first)


async def play_rounds(pages: list[Page]) -> list[tuple[str, int]]:
    """Race the seat to act's two pages for ``ROUNDS`` actions; (action, server that took it)."""
    taken = []
    for number in range(ROUNDS):
        view, seq = pages[0].latest["view"], pages[0].latest["seq"]
        pair = [page for page in pages if page.seat == view["to_act"]]
        assert len(pair) == 2, view
        legal = pair[0].latest["view"]["legal"]
        assert legal and legal == pair[1].latest["view"]["legal"]
        action = legal[number % len(legal)]
        if number % 2:
            pair.reverse()  # each server gets the first word in turn
        refused = await asyncio.gather(*(page.act(action, seq) for page in pair))
        assert sorted(refused) == [[], ["stale"]], refused
        await asyncio.gather(*(page.until_seq(seq + 1) for page in pages))
        taken.append((action, pair[refused.index([])].server))
    return taken


def test_two_servers_racing_on_one_table_take_each_action_once(tmp_path: Path) -> None:
    table, members = table_with(people=4, seed=17)
    users = [member.player.user for member in members]
    cookies = [session_cookie(user) for user in users if user is not None]
    assert len(cookies) == 4

    async def night(ports: list[int]) -> list[tuple[str, int]]:
        pages = [
            await open_page(port, server, table, seat, cookie)
            for seat, cookie in enumerate(cookies)
            for server, port in enumerate(ports)
        ]
        try:
            return await play_rounds(pages)
        finally:
            await asyncio.gather(*(page.ws.close() for page in pages))

    with processes(tmp_path) as running:
        ports = [running.server(f"daphne-{n}") for n in range(2)]
        taken = asyncio.run(night(ports))

    log = list(
        ActionLog.objects.filter(table=table)
        .order_by("seq")
        .values_list("seq", "action", "user_id", "actor")
    )
    seat_users = {seat: user.pk for seat, user in enumerate(users) if user is not None}
    assert [row[:2] for row in log] == [(n + 1, a) for n, (a, _) in enumerate(taken)]
    assert all(actor == ActionLog.Actor.PLAYER for *_, actor in log)
    seats = ActionLog.objects.filter(table=table).order_by("seq").values_list("seat", flat=True)
    assert [row[2] for row in log] == [seat_users[seat] for seat in seats]
    assert assert_log_is_the_truth(table.pk) == [a for a, _ in taken]
