"""Tables reach the computer players through one door, with the bots' own names and labels."""

from __future__ import annotations

import random

import pytest

from engine import bots
from engine.rules import get_game
from tables import bot_moves
from tables.forms import TableForm


def test_the_tables_use_the_bots_own_list_of_names_and_labels() -> None:
    assert bot_moves.BOT_NAMES is bots.BOT_NAMES
    assert set(bots.BOT_NAMES) == set(bots.BOTS)
    assert bot_moves.DEFAULT_BOT == bots.DEFAULT_BOT == "club"
    assert list(bots.BOT_NAMES)[:3] == list(bots.LEVELS) == ["beginner", "club", "expert"]


@pytest.mark.django_db
def test_the_table_form_offers_each_level_by_its_label() -> None:
    from tests.factories import ClubFactory

    form = TableForm(club=ClubFactory.create())
    offered = dict(form.fields["seat_0"].choices)  # type: ignore[attr-defined]
    for name, label in bots.LEVELS.items():
        assert offered[f"bot:{name}"] == f"Computer: {label}"
    assert "bot:rule" not in offered


@pytest.mark.parametrize("name", sorted(bots.BOTS))
def test_a_seat_plays_what_its_bot_chooses_from_the_seat_view(name: str) -> None:
    hand = get_game("auction45").new_hand(dealer=3, seed=7)
    seat = hand.to_act
    assert seat is not None
    chosen = bot_moves.bot_action(hand, seat, name, random.Random(5))
    expected = bots.bot_for(name).choose(hand.view(seat), hand.legal_actions(), random.Random(5))
    assert chosen == expected


def test_an_unknown_bot_or_a_seat_not_to_act_is_refused() -> None:
    hand = get_game("pitch52").new_hand(seed=1)
    seat = hand.to_act
    assert seat is not None
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        bot_moves.bot_action(hand, seat, "clever", random.Random(1))
    with pytest.raises(ValueError, match="is not to act"):
        bot_moves.bot_action(hand, (seat + 1) % 4, "rule", random.Random(1))


def test_a_three_player_pitch_seat_is_played_by_a_bot_that_knows_its_seats() -> None:
    """The view names the game, not its options: the table gives its bot the game itself."""
    game = get_game("pitch52", {"players": 3})
    hand = game.new_hand(dealer=0, seed=0)
    rule = bots.bot_for("rule", game)
    rng = random.Random(0)
    while hand.phase != "play":
        to_act = hand.to_act
        assert to_act is not None
        hand.apply(rule.choose(hand.view(to_act), hand.legal_actions(), rng))
    seat = hand.to_act
    assert seat is not None
    chosen = bot_moves.bot_action(hand, seat, "expert", random.Random(1))
    expected = bots.bot_for("expert", game).choose(
        hand.view(seat), hand.legal_actions(), random.Random(1)
    )
    assert chosen == expected


class Failing:
    name = "failing"

    def choose(self, *args: object) -> object:
        raise RuntimeError("a fault in the search")


def test_a_computer_that_fails_is_replaced_for_the_move_and_the_fault_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(bots.BOTS, "club", lambda game, **settings: Failing())
    hand = get_game("auction45").new_hand(dealer=3, seed=7)
    seat = hand.to_act
    assert seat is not None
    chosen = bot_moves.bot_action(hand, seat, "club", random.Random(5))
    expected = bots.bot_for("rule", hand.game).choose(
        hand.view(seat), hand.legal_actions(), random.Random(5)
    )
    assert chosen == expected
    assert "a fault in the search" in caplog.text
