"""A sheet's stored scores always equal replaying its lines from the start.

Random sheets of lines from hands the engine plays at random (as ``manage.py simulate_event``
does), then random adds, corrections and deletions through the services. After each one,
accepted or refused, every live line's made/set, change, totals, game result and tally are
what the engine gives when it checks every line again from an empty score. A correction or a
deletion re-scores only the lines after it, from the totals before it: this is the test that
the shortcut never drifts from the whole replay.

Each example runs in a savepoint that is rolled back, inside one sheet made per game, so
Hypothesis meets no function-scoped fixture and the database stays small.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rules import Match, get_game
from scoring import engine_bridge as bridge
from scoring import linestore as store
from scoring.corrections import handline_delete, handline_edit
from scoring.errors import ScoringError
from scoring.models import Entry, Scoresheet
from scoring.services import handline_add
from tests.scoring.conftest import MakeSheet, Staff
from tournaments.simulate import choose_action

pytestmark = pytest.mark.django_db

PROPERTY = settings(
    max_examples=30,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

GAMES = ["auction45", "bidwhist", "pitch52"]
POOL = 40
#: What a scorer may leave off the paper; without them a line fits other totals than its own.
WRITTEN_RESULT = ("made", "scores_after")


@cache
def pool(game_id: str) -> tuple[dict[str, Any], ...]:
    """Lines of hands played at random, each as the engine writes it, less the result."""
    game = get_game(game_id, {})
    rng = random.Random(game_id)
    match = Match(game, first_dealer=0)
    lines: list[dict[str, Any]] = []
    while len(lines) < POOL:
        if match.is_over:
            match = Match(game, first_dealer=0)
        hand = match.new_hand(seed=rng.randrange(2**31))
        while not hand.is_over:
            hand.apply(choose_action(hand.legal_actions(), rng))
        assert hand.result is not None
        written = dict(hand.result.line)
        match.add_line(written)
        lines.append({k: v for k, v in written.items() if k not in WRITTEN_RESULT})
    return tuple(lines)


@contextmanager
def rolled_back() -> Iterator[None]:
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def stored(sheet: Scoresheet) -> list[tuple[Any, ...]]:
    return [
        (hl.made, hl.delta, hl.scores_after, hl.result, hl.tally_after)
        for hl in store.live_lines(sheet, Entry.PRIMARY)
    ]


def replayed(sheet: Scoresheet) -> list[tuple[Any, ...]]:
    game = bridge.game_for(sheet)
    lines = [hl.line for hl in store.live_lines(sheet, Entry.PRIMARY)]
    scores = bridge.lines_replay(game, lines, bridge.tally_start(game))
    return [
        (
            score.made,
            list(score.delta),
            list(score.scores_after),
            bridge.result_json(score),
            score.tally_after.to_dict(),
        )
        for score in scores
    ]


operations = st.lists(
    st.tuples(
        st.sampled_from(["add", "edit", "delete"]),
        st.integers(0, 20),  # which line (modulo the lines there are)
        st.integers(0, POOL - 1),  # which line of the pool is written
    ),
    min_size=1,
    max_size=5,
)


@pytest.mark.parametrize("game_id", GAMES)
def test_any_change_scores_as_a_replay_from_the_start(
    game_id: str, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(game_id, first_dealer=0)
    lines = pool(game_id)

    @PROPERTY
    @given(start=st.lists(st.integers(0, POOL - 1), max_size=8), changes=operations)
    def check(start: list[int], changes: list[tuple[str, int, int]]) -> None:
        with rolled_back():
            count = 0
            for index in start:
                try:
                    handline_add(sheet=sheet, line=lines[index], expected_number=count + 1, by=None)
                    count += 1
                except ScoringError:
                    pass  # the game is over, or the line does not fit: nothing was added
            assert stored(sheet) == replayed(sheet)
            for kind, where, index in changes:
                live = len(store.live_lines(sheet, Entry.PRIMARY))
                try:
                    if kind == "add":
                        handline_add(
                            sheet=sheet, line=lines[index], expected_number=live + 1, by=None
                        )
                    elif live and kind == "edit":
                        number = where % live + 1
                        handline_edit(sheet=sheet, number=number, line=lines[index], by=None)
                    elif live:
                        handline_delete(sheet=sheet, number=where % live + 1, by=None)
                except ScoringError:
                    pass  # refused: nothing may have changed, which the replay checks too
                assert stored(sheet) == replayed(sheet), (kind, where, index)

    check()


def test_the_pool_holds_varied_lines_without_their_written_result() -> None:
    for game_id in GAMES:
        lines = pool(game_id)
        assert len(lines) == POOL
        assert all(not set(WRITTEN_RESULT) & set(line) for line in lines)
        assert len({repr(line) for line in lines}) > POOL // 2
