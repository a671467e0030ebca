"""The messages a table sends its sockets (``tables.selectors.table_payloads``)."""

from __future__ import annotations

import json

import pytest

from tables import selectors
from tables.models import LiveTable
from tests.tables.helpers import play_hand, state, table_with

pytestmark = pytest.mark.django_db


def test_each_seat_gets_its_own_state_and_the_score_box_is_built_once() -> None:
    table, _ = table_with(people=3, bots=1)
    play_hand(table)
    play_hand(table)
    payloads = selectors.table_payloads(table.pk)
    assert sorted(payloads.seats) == [0, 1, 2]  # the computer's seat has no socket
    table = LiveTable.objects.select_related("club").get(pk=table.pk)
    shared = selectors.live_shared(table)
    for seat in (0, 1, 2, None):
        sent = json.loads(payloads.seats[seat] if seat is not None else payloads.public["en"])
        assert sent == selectors.seat_payload(shared, seat)
        assert (sent["type"], sent["v"], sent["seat"]) == ("state", 1, seat)
        assert [line["number"] for line in sent["board"]["lines"]] == [1, 2]
        assert [replay["number"] for replay in sent["board"]["replays"]] == [1, 2]
    hands = {seat: json.loads(payloads.seats[seat])["own"] for seat in (0, 1, 2)}
    assert len({json.dumps(own) for own in hands.values()}) == 3  # each its own hand


def test_the_state_carries_what_the_page_shows() -> None:
    table, _ = table_with(people=1, bots=3, seed=11)
    from tables.services import bots_play

    bots_play(table_id=table.pk)
    hand = state(table)
    assert hand.to_act == 0
    sent = json.loads(selectors.table_payloads(table.pk).seats[0])
    view = hand.view(0)
    assert sent["my_turn"] is True and sent["to_act_name"] == sent["seats"][0]["name"]
    assert [row["you"] for row in sent["seats"]] == [True, False, False, False]
    assert [row["dealer"] for row in sent["seats"]].index(True) == view["dealer"]
    assert [c["card"] for c in sent["own"]] == view["hand"]
    assert [c["call"] for c in sent["calls"]] == [c["call"] for c in view["calls"]]
    legal = [str(action) for action in hand.legal_actions()]
    assert sorted(b["action"] for b in sent["buttons"]) == sorted(legal)
    assert sent["view"]["legal"] == legal
    assert sent["phase"] == "auction" and sent["phase_label"] == "Auction"


def test_a_replayed_step_is_told_by_whom_and_a_hidden_discard_only_counted() -> None:
    names = ["You", "Computer East, random", "Computer South, random", "Computer West, random"]
    assert selectors.step_words("2 call pass", 0, names) == "Computer South, random passed"
    assert selectors.step_words("0 play 5H", 0, names) == "You played the five of hearts"
    assert (
        selectors.step_words("1 discard 5H 6H", 0, names)
        == "Computer East, random discarded 2 cards"
    )
    assert selectors.step_words("0 discard 5H 6H", 0, names).startswith("You discarded 2 cards: 5")
