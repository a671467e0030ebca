"""Rule sets: checked by the engine when saved, one default per game, swapped atomically."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from club.models import RuleSet
from club.rule_sets import (
    RuleSetOptionError,
    options_check,
    rule_set_create,
    rule_set_delete,
    rule_set_make_default,
    rule_set_update,
)
from club.rules_forms import engine_option_specs
from tests.factories import ClubFactory, RuleSetFactory

pytestmark = pytest.mark.django_db


def test_only_options_that_differ_from_the_standard_are_stored() -> None:
    assert options_check(game="auction45", options={"target": 125, "renege": "five_jack"}) == {
        "target": 125
    }


def test_forced_options_are_kept_when_leaving_them_out_would_change_the_game() -> None:
    options = options_check(game="pitch52", options={"players": 3, "cutthroat": True})
    assert options == {"players": 3, "cutthroat": True}


def test_a_bad_option_is_refused_naming_the_option() -> None:
    club = ClubFactory.create()
    with pytest.raises(RuleSetOptionError) as error:
        rule_set_create(club=club, name="Odd", game="auction45", options={"renege": "sometimes"})
    assert error.value.option == "renege"
    assert error.value.engine_code == "bad_option_value"
    assert (error.value.code, error.value.field) == ("bad_option_value", "options.renege")
    message = error.value.message
    assert "'renege'" in message and "five_jack_ah" in message
    assert not RuleSet.objects.exists()


def test_an_unknown_option_and_a_cross_option_rule_name_the_option() -> None:
    club = ClubFactory.create()
    with pytest.raises(RuleSetOptionError) as error:
        rule_set_create(club=club, name="Odd", game="bidwhist", options={"jokers": True})
    assert error.value.option == "jokers"
    with pytest.raises(RuleSetOptionError) as error:
        rule_set_create(
            club=club, name="Odd", game="pitch52", options={"players": 3, "cutthroat": False}
        )
    assert error.value.option == "cutthroat"


def test_the_first_rule_set_of_a_game_becomes_its_default() -> None:
    club = ClubFactory.create()
    first = rule_set_create(club=club, name="Tuesday 120s", game="auction45", options={})
    second = rule_set_create(club=club, name="Six-hand", game="auction45", options={})
    whist = rule_set_create(club=club, name="Whist", game="bidwhist", options={})
    assert first.is_default and not second.is_default and whist.is_default


def test_make_default_swaps_within_the_game_only() -> None:
    club = ClubFactory.create()
    old = RuleSetFactory.create(club=club, is_default=True)
    new = RuleSetFactory.create(club=club)
    whist = RuleSetFactory.create(club=club, game="bidwhist", options={}, is_default=True)
    rule_set_make_default(club=club, rule_set=new)
    old.refresh_from_db()
    new.refresh_from_db()
    whist.refresh_from_db()
    assert (old.is_default, new.is_default, whist.is_default) == (False, True, True)
    assert RuleSet.objects.filter(club=club, game="auction45", is_default=True).count() == 1


def test_create_as_default_takes_over() -> None:
    club = ClubFactory.create()
    old = RuleSetFactory.create(club=club, is_default=True)
    new = rule_set_create(club=club, name="New", game="auction45", options={}, is_default=True)
    old.refresh_from_db()
    assert new.is_default and not old.is_default


def test_update_checks_options_and_keeps_the_old_ones_on_error() -> None:
    rule_set = RuleSetFactory.create(options={"target": 125})
    with pytest.raises(RuleSetOptionError):
        rule_set_update(club=rule_set.club, rule_set=rule_set, name="x", options={"target": 7})
    rule_set.refresh_from_db()
    assert rule_set.options == {"target": 125}
    updated = rule_set_update(
        club=rule_set.club, rule_set=rule_set, name="Long game", options={"loss_line": None}
    )
    assert updated.options == {"loss_line": None}
    assert updated.name == "Long game"


def test_duplicate_names_are_refused() -> None:
    rule_set = RuleSetFactory.create(name="Tuesday 120s")
    with pytest.raises(ValidationError) as error:
        rule_set_create(club=rule_set.club, name="Tuesday 120s", game="pitch52", options={})
    assert "__all__" in error.value.message_dict or "name" in error.value.message_dict


def test_deleting_the_default_hands_it_to_the_oldest_other() -> None:
    club = ClubFactory.create()
    default = RuleSetFactory.create(club=club, is_default=True)
    older = RuleSetFactory.create(club=club)
    RuleSetFactory.create(club=club)
    rule_set_delete(club=club, rule_set=default)
    older.refresh_from_db()
    assert older.is_default


@pytest.mark.parametrize("game", ["auction45", "bidwhist", "pitch52"])
def test_engine_option_specs_cover_every_option_of_the_game(game: str) -> None:
    from engine.rules import get_game

    specs = engine_option_specs(game)
    assert {spec.id for spec in specs} == set(get_game(game).options_dict())
