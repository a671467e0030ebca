"""What the table page tells a seat about what just happened (``tables.summary``): the
finished hand's summary, the turn clock, a move the computer made for the seat, and taking
the seat back after being away."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone, translation

from tables import selectors
from tables.errors import TableError
from tables.models import LiveTable, TableHand, TableSeat
from tables.services import (
    bots_play,
    seat_away_check,
    seat_connected,
    seat_disconnected,
    seat_take_back,
    turn_clock_expired,
)
from tables.summary import action_words, hand_summary
from tests.factories import MembershipFactory
from tests.tables.helpers import play_hand, state, table_with

pytestmark = pytest.mark.django_db

SIDES = ((0, 2), (1, 3))
LABELS = ["You & North", "East & West"]
NAMES = ["You", "East", "North", "West"]
AUCTION45 = {
    "outcome": "scored",
    "made": False,
    "delta": [25, -25],
    "scores_after": [25, -25],
    "result": None,
    "trick_winners": [2, 1, 2, 2, 0],
    "points": [25, 5],
    "best_trump": "JD",
    "hands_after_draw": [["6S", "8H"], ["2S", "2H"], ["5S", "AD"], ["JS", "KS"]],
    "line": {"dealer": 0, "bidder": 3, "bid": 25, "trump": "D", "points": [25, 5]},
}


def sent(table: LiveTable, seat: int | None) -> dict[str, Any]:
    payloads = selectors.table_payloads(table.pk)
    return json.loads(payloads.public["en"] if seat is None else payloads.seats[seat])


def test_a_45s_summary_counts_tricks_points_and_the_change_per_side() -> None:
    summary = hand_summary(3, AUCTION45, SIDES, LABELS, NAMES)
    assert summary["number"] == 3 and summary["made"] is False
    assert summary["headline"] == "West bid 25 in diamonds and was set."
    assert summary["sides"] == [
        {"side": "You & North", "tricks": 4, "points": 25, "change": 25, "total": 25},
        {"side": "East & West", "tricks": 1, "points": 5, "change": -25, "total": -25},
    ]
    assert summary["best_trump"] == "J\u2666"
    assert not summary["game_over"] and summary["winner"] == ""
    # The hands after the draw are in the stored result; no card of them is copied.
    assert "6S" not in json.dumps(summary) and "8\u2665" not in json.dumps(summary)


def test_a_pitch_summary_tells_who_took_each_category_and_a_game_end_its_winner() -> None:
    result = {
        "outcome": "scored",
        "made": True,
        "delta": [4, 0],
        "scores_after": [52, 40],
        "result": {"winners": [0], "reason": "target"},
        "points": [4, 0],
        "categories": {"high": 0, "low": 0, "jack": None, "game": 0, "off_jack": 0},
        "trick_winners": [0, 0, 1],
        "line": {"dealer": 1, "bidder": 0, "bid": 4, "trump": "S"},
    }
    summary = hand_summary(9, result, SIDES, LABELS, NAMES, viewer=0)
    assert summary["categories"] == [
        {"name": "High", "side": "You & North"},
        {"name": "Low", "side": "You & North"},
        {"name": "Game", "side": "You & North"},
        {"name": "Off jack", "side": "You & North"},
    ]
    assert summary["headline"] == "You bid 4 in spades and made it."
    assert summary["game_over"] is True
    assert summary["winner"] == "You & North won the game (reached the target)."


@pytest.mark.parametrize(
    ("language", "bidder", "headline"),
    [
        ("en", 0, "You bid 25 in diamonds and were set."),
        ("fr", 0, "Vous avez misé 25 à carreau et avez chuté."),
        ("fr", 3, "West a misé 25 à carreau et a chuté."),
    ],
)
def test_the_headline_speaks_to_the_bidder_in_the_right_person(
    language: str, bidder: int, headline: str
) -> None:
    result = {**AUCTION45, "line": {**AUCTION45["line"], "bidder": bidder}}  # type: ignore[dict-item]
    with translation.override(language):
        summary = hand_summary(3, result, SIDES, LABELS, NAMES, viewer=0)
    assert summary["headline"] == headline


def test_a_hand_everybody_passed_says_it_is_dealt_again() -> None:
    result = {"outcome": "redeal", "made": None, "delta": [0, 0], "scores_after": [0, 0]}
    summary = hand_summary(1, result, SIDES, LABELS, NAMES)
    assert summary["redeal"] is True
    assert summary["headline"] == "Everybody passed: the hand is dealt again."


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("0 play 5H", "played the five of hearts"),
        ("1 call pass", "passed"),
        ("1 call 20", "bid 20"),
        ("2 trump H", "named hearts trump"),
    ],
)
def test_a_move_is_told_in_words(action: str, words: str) -> None:
    assert action_words(action) == words


def test_the_state_sums_up_the_hand_just_finished_beside_the_next_deal() -> None:
    table, _ = table_with(people=1, bots=3, seed=11)
    assert sent(table, 0)["summary"] is None  # nothing finished yet
    play_hand(table)
    table.refresh_from_db()
    assert table.hand_number == 2
    for seat in (0, None):
        summary = sent(table, seat)["summary"]
        assert summary is not None and summary["number"] == 1
        assert len(summary["sides"]) == 2
        assert sum(side["tricks"] for side in summary["sides"]) in (0, 5)
    assert "You" in sent(table, 0)["summary"]["sides"][0]["side"]
    play_hand(table)
    assert sent(table, 0)["summary"]["number"] == 2


def test_the_last_trick_of_the_hand_just_finished_is_sent_with_its_summary() -> None:
    table, _ = table_with(people=1, bots=3, seed=11)
    assert sent(table, 0)["final_trick"] == []
    play_hand(table)
    hand = TableHand.objects.get(table=table, number=1)
    plays = [a.split() for a in hand.actions.order_by("seq").values_list("action", flat=True)]
    cards = [words[2] for words in plays if words[1] == "play"][-4:]
    for seat in (0, None):
        state = sent(table, seat)
        assert [play["card"] for play in state["final_trick"]] == cards
        assert state["final_trick_winner"] in [row["name"] for row in state["seats"]]
    assert sent(table, 0)["trick"] == []  # the next hand has no card played yet


def test_the_turn_clock_is_sent_to_every_screen_while_it_runs() -> None:
    table, _ = table_with(people=1, bots=3, seed=11, turn_seconds=45)
    bots_play(table_id=table.pk)
    assert state(table).to_act == 0
    for seat in (0, None):
        clock = sent(table, seat)["clock"]
        assert clock is not None and clock["of"] == 45 and 40 <= clock["seconds"] <= 45
    LiveTable.objects.filter(pk=table.pk).update(clock_due_at=timezone.now() - timedelta(seconds=5))
    assert sent(table, 0)["clock"]["seconds"] == 0  # ran out: never below nothing


def test_a_table_without_a_clock_sends_none() -> None:
    table, _ = table_with(people=1, bots=3, seed=11, turn_seconds=0)
    bots_play(table_id=table.pk)
    assert sent(table, 0)["clock"] is None


def test_the_player_is_told_what_the_clock_played_for_them_and_nobody_else_is() -> None:
    table, _ = table_with(people=2, bots=2, seed=11, turn_seconds=30)
    bots_play(table_id=table.pk)
    hand = state(table)
    seat = hand.to_act
    assert seat in (0, 1)
    assert turn_clock_expired(table_id=table.pk, seq=table.seq) is True
    told = sent(table, seat)["made_for_you"]
    assert told is not None and told["seq"] == table.seq + 1
    assert told["text"].startswith("The clock ran out: the computer ")
    assert told["text"].endswith(" for you.")
    assert sent(table, 1 - seat)["made_for_you"] is None
    assert sent(table, None)["made_for_you"] is None


def away_and_replaced(table: LiveTable) -> None:
    seat_connected(table_id=table.pk, index=0)
    seat_disconnected(table_id=table.pk, index=0)
    last_seen = TableSeat.objects.get(table=table, index=0).last_seen
    assert last_seen is not None
    assert seat_away_check(table_id=table.pk, index=0, now=last_seen + timedelta(seconds=31))


def test_a_player_back_from_away_takes_the_seat_back_by_choice() -> None:
    table, members = table_with(people=2, bots=2, seed=11, grace_seconds=30, first_dealer=1)
    away_and_replaced(table)
    seat_connected(table_id=table.pk, index=0)  # back: the page shows the state first
    assert sent(table, 0)["away"] is True
    assert TableSeat.objects.get(table=table, index=0).bot_acts
    user = members[0].player.user
    assert user is not None
    assert seat_take_back(table_id=table.pk, user=user) == 0
    assert not TableSeat.objects.get(table=table, index=0).bot_acts
    assert sent(table, 0)["away"] is False
    with pytest.raises(TableError) as refused:
        seat_take_back(table_id=table.pk, user=user)
    assert refused.value.code == "not_away"


def test_only_a_seated_player_takes_a_seat_back() -> None:
    table, _ = table_with(people=2, bots=2, seed=11, grace_seconds=30)
    away_and_replaced(table)
    stranger = MembershipFactory.create(club=table.club, with_account=True).player.user
    assert stranger is not None
    with pytest.raises(TableError) as refused:
        seat_take_back(table_id=table.pk, user=stranger)
    assert refused.value.code == "not_seated"
    assert TableSeat.objects.get(table=table, index=0).bot_acts
