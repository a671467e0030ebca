"""The messages a table sends its sockets (``engine.tables.selectors.table_payloads``)."""

from __future__ import annotations

import json

import pytest

from engine.tables import selectors
from engine.tables.models import LiveTable
from tests.tables.helpers import play_hand, table_with

pytestmark = pytest.mark.django_db


def test_each_seat_gets_its_own_screen_with_the_score_box_rendered_once() -> None:
    table, _ = table_with(people=3, bots=1)
    play_hand(table)
    play_hand(table)
    payloads = selectors.table_payloads(table.pk)
    assert sorted(payloads.seats) == [0, 1, 2]  # the computer's seat has no socket
    table = LiveTable.objects.select_related("club").get(pk=table.pk)
    shared = selectors.live_shared(table)
    for seat in (0, 1, 2, None):
        sent = json.loads(payloads.seats[seat] if seat is not None else payloads.public)
        alone = selectors.seat_payload(shared, seat)  # the score box rendered for this seat
        assert sent == alone
        assert sent["seat"] == seat
        assert 'data-line="1"' in sent["html"] and 'data-line="2"' in sent["html"]
    screens = {seat: json.loads(payloads.seats[seat])["html"] for seat in (0, 1, 2)}
    assert len(set(screens.values())) == 3  # each its own hand and turn
