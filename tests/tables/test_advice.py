"""Hints and reviews: worked out from the member's seat's view alone, refused with a code where
they would help one person against others, kept with the hand once worked out."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.core.cache import cache

import engine.bots.advice
from club.models import Club, Membership
from engine.rules import Hand, get_game, parse_action
from tables import live
from tables.errors import TableError
from tables.models import HandReview, LiveTable, ReviewStatus, TableKind, TableStatus
from tables.services import (
    bots_play,
    decision_row,
    hint_for,
    practice_start,
    review_request,
    review_work,
    table_act,
)
from tests.engine.bots.test_bots_hidden import other_deal
from tests.tables.helpers import account, play_hand, table_with
from tests.tables.test_members_play import playing_friendly

pytestmark = pytest.mark.django_db


def practice(club: Club, host: Membership) -> LiveTable:
    """A practice table of ``host`` (seat 0) at their first turn."""
    table = practice_start(club=club, by=account(host), game_id="auction45", bot_name="random")
    bots_play(table_id=table.pk)
    table.refresh_from_db()
    return table


def to_act(table: LiveTable) -> Hand:
    table.refresh_from_db()
    hand = live.current_hand(table)
    assert hand is not None
    return hand


def finish_first_hand(table: LiveTable, host: Membership) -> None:
    """The member plays the first legal action each turn, the computers theirs, until hand 1
    is over."""
    while True:
        bots_play(table_id=table.pk)
        table.refresh_from_db()
        if table.hand_number != 1 or table.is_ended:
            return
        hand = to_act(table)
        action = str(hand.legal_actions()[-1])
        table_act(table_id=table.pk, seat=0, action=action, seen_seq=table.seq, user=account(host))


@pytest.fixture
def played(club: Club, host: Membership) -> LiveTable:
    """A practice table of ``host`` whose first hand is over."""
    table = practice(club, host)
    finish_first_hand(table, host)
    return table


def ask_review(table: LiveTable, host: Membership, capture: Any) -> HandReview:
    """``host`` asks for their review of hand 1; the task runs as the request commits."""
    with capture(execute=True):
        review = review_request(
            table=table, table_hand=table.hands.get(number=1), user=account(host)
        )
    review.refresh_from_db()
    return review


def test_a_hint_is_the_computers_choice_then_the_best_from_the_seats_view(
    club: Club, host: Membership, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = practice(club, host)
    real = to_act(table)
    assert real.to_act == 0
    hint = hint_for(table=table, user=account(host))
    legal = {str(action) for action in real.legal_actions()}
    assert hint.seat == 0 and hint.seq == table.seq
    assert hint.computer.action in legal and {c.action for c in hint.best} <= legal
    points = [c.points for c in hint.best]
    assert 1 < len(points) <= 3 and points == sorted(points, reverse=True)  # type: ignore[type-var]

    # The same table with every card hidden from seat 0 elsewhere: the same hint.
    moved = real.game.new_hand(dealer=real.dealer, deal=other_deal(real.game, real, 0))
    for action in real.history:
        moved.apply(action)
    assert moved.deal.hands != real.deal.hands and moved.view(0) == real.view(0)
    dealt = live.hand_dealt
    monkeypatch.setattr(
        live,
        "hand_dealt",
        lambda t, h: real.game.new_hand(
            dealer=h.dealer, deal=other_deal(real.game, dealt(t, h), 0)
        ),
    )
    live.forget_all()
    cache.clear()
    again = to_act(table)
    assert again.deal.hands == moved.deal.hands
    assert again.view(0) == real.view(0), (again.view(0), real.view(0))
    assert hint_for(table=table, user=account(host)) == hint


def test_a_hint_is_kept_for_its_position(
    club: Club, host: Membership, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = practice(club, host)
    first = hint_for(table=table, user=account(host))
    monkeypatch.setattr(engine.bots.advice, "appraise", lambda *a, **k: pytest.fail("again"))
    assert hint_for(table=table, user=account(host)) == first


def refusal(call: Any) -> tuple[str, int]:
    with pytest.raises(TableError) as refused:
        call()
    return refused.value.code, int(refused.value.status)


def test_hints_are_refused_with_a_code(club: Club, host: Membership, friend: Membership) -> None:
    table = practice(club, host)
    assert refusal(lambda: hint_for(table=table, user=account(friend))) == ("not_seated", 403)
    hand = to_act(table)
    table_act(
        table_id=table.pk,
        seat=0,
        action=str(hand.legal_actions()[0]),
        seen_seq=table.seq,
        user=account(host),
    )
    table.refresh_from_db()
    assert to_act(table).to_act != 0
    assert refusal(lambda: hint_for(table=table, user=account(host))) == ("not_your_turn", 409)
    friendly = playing_friendly(club, host, friend)
    assert refusal(lambda: hint_for(table=friendly, user=account(host))) == ("no_hints", 403)
    directed, members = table_with(club=club)
    assert directed.kind == TableKind.DIRECTED
    who = account(members[0])
    assert refusal(lambda: hint_for(table=directed, user=who)) == ("no_hints", 403)
    LiveTable.objects.filter(pk=table.pk).update(status=TableStatus.FINISHED)
    table.refresh_from_db()
    assert refusal(lambda: hint_for(table=table, user=account(host))) == ("not_playing", 409)


def test_a_decision_is_valued_from_the_seats_view_alone() -> None:
    game = get_game("auction45")
    real = game.new_hand(dealer=3, seed=5)
    seat = real.to_act
    assert seat is not None
    moved = game.new_hand(dealer=real.dealer, deal=other_deal(game, real, seat))
    assert moved.view(seat) == real.view(seat) and moved.deal.hands != real.deal.hands
    rows = []
    for hand in (real, moved):
        rows.append(
            [
                decision_row(hand, action, random.Random(9))
                for action in list(hand.legal_actions())[:4]
            ]
        )
    assert rows[0] == rows[1]
    assert any(row is not None for row in rows[0])


def test_a_review_lists_the_members_decisions_and_is_kept(
    played: LiveTable,
    host: Membership,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    table = played
    table_hand = table.hands.get(number=1)
    review = ask_review(table, host, django_capture_on_commit_callbacks)
    assert review.status == ReviewStatus.DONE and review.seat == 0
    assert review.decisions >= len(review.rows) and review.decisions > 0
    mine = {
        (seq, text) for seq, text in table_hand.actions.filter(seat=0).values_list("seq", "action")
    }
    losses = []
    for row in review.rows:
        assert (row["seq"], row["action"]) in mine
        assert parse_action(row["best"]).seat == 0 and row["best"] != row["action"]
        losses.append(row["best_points"] - row["points"])
    assert all(loss > 0 for loss in losses) and losses == sorted(losses, reverse=True)

    monkeypatch.setattr(engine.bots.advice, "appraise", lambda *a, **k: pytest.fail("again"))
    again = ask_review(table, host, django_capture_on_commit_callbacks)
    assert again.rows == review.rows and again.pk == review.pk and HandReview.objects.count() == 1
    assert review_work(review_id=review.pk) == ReviewStatus.DONE


def test_a_failed_review_is_failed_then_worked_out_again_on_request(
    played: LiveTable,
    host: Membership,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    table = played
    working = engine.bots.advice.appraise

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("out of memory")

    monkeypatch.setattr(engine.bots.advice, "appraise", broken)
    review = ask_review(table, host, django_capture_on_commit_callbacks)
    assert review.status == ReviewStatus.FAILED and review.rows == []
    monkeypatch.setattr(engine.bots.advice, "appraise", working)
    again = ask_review(table, host, django_capture_on_commit_callbacks)
    assert again.pk == review.pk
    assert again.status == ReviewStatus.DONE and again.decisions > 0


def test_reviews_are_refused_with_a_code(club: Club, host: Membership, friend: Membership) -> None:
    table = practice(club, host)
    playing = table.hands.get(number=1)
    assert refusal(lambda: review_request(table=table, table_hand=playing, user=account(host))) == (
        "hand_not_finished",
        409,
    )
    assert refusal(
        lambda: review_request(table=table, table_hand=playing, user=account(friend))
    ) == ("not_seated", 403)
    directed, members = table_with(club=club)
    play_hand(directed)
    done = directed.hands.get(number=1)
    who = account(members[0])
    assert refusal(lambda: review_request(table=directed, table_hand=done, user=who)) == (
        "no_reviews",
        403,
    )
    LiveTable.objects.filter(pk=directed.pk).update(status=TableStatus.FINISHED)
    directed.refresh_from_db()
    review = review_request(table=directed, table_hand=done, user=who)
    assert review.seat == 0
    assert not HandReview.objects.filter(table=table).exists()
