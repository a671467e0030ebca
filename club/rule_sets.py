"""House rules: a club's named rule sets and its default per game.

A *rule set* is a game id plus engine option values ("Tuesday 120s": auction45 to 125, the ace
of hearts may renege). The engine checks the options whenever a rule set is saved, so a sheet
or a table started from one can always build its game. Only the options that differ from the
engine's defaults are stored, so the stored JSON reads as the club's variations.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from club.errors import DomainError
from club.models import Club, RuleSet
from engine.rules import OptionError, get_game

# The engine's OptionError carries a code and a message naming the option ("option 'renege'
# cannot be …", "unknown option 'x'; …") but no separate field; the option id is read from the
# message. ``None`` when the message names none (options that are not an object at all).
_OPTION_IN_MESSAGE = re.compile(r"option '([A-Za-z0-9_]+)'")


class RuleSetOptionError(DomainError):
    """Options the engine refused: ``option`` is the option id at fault (or ``None``),
    ``code`` (also ``engine_code``) the engine's code, the message the engine's own words.

    ``field`` is ``game`` for an unknown game, ``options.<id>`` for one option at fault,
    ``options`` when no single option is.
    """

    def __init__(self, error: OptionError) -> None:
        match = _OPTION_IN_MESSAGE.search(error.message)
        self.option: str | None = match.group(1) if match else None
        self.engine_code = error.code
        if error.code == "unknown_game":
            field = "game"
        elif self.option:
            field = f"options.{self.option}"
        else:
            field = "options"
        super().__init__(error.code, error.message, field)


def options_check(*, game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as they will be stored: checked by the engine, defaults left out.

    Raises:
        RuleSetOptionError: the engine refused the game or an option.
    """
    try:
        chosen = get_game(game, dict(options)).options_dict()
        defaults = get_game(game).options_dict()
    except OptionError as error:
        raise RuleSetOptionError(error) from error
    variations = {key: value for key, value in chosen.items() if defaults.get(key) != value}
    # Cross-option rules can force a value when another is given (2, 3 or 5 players force
    # cut-throat); keep every value if leaving defaults out would build another game.
    if get_game(game, variations).options_dict() != chosen:
        return chosen
    return variations


def options_full(rule_set: RuleSet) -> dict[str, Any]:
    """Every option value of the rule set, defaults included."""
    return rule_set.build_game().options_dict()


@transaction.atomic
def rule_set_create(
    *, club: Club, name: str, game: str, options: Mapping[str, Any], is_default: bool = False
) -> RuleSet:
    """A new rule set of ``club``; it becomes the game's default when asked, or when the club
    has none for that game yet.

    Raises ``ValidationError`` (the name) or ``RuleSetOptionError`` (the options) before
    anything is saved.
    """
    Club.objects.select_for_update().get(pk=club.pk)
    rule_set = RuleSet(club=club, name=name, game=game)
    rule_set.full_clean(exclude=["options"])
    rule_set.options = options_check(game=game, options=options)
    rule_set.full_clean()
    first = not RuleSet.objects.filter(club=club, game=game).exists()
    rule_set.save()
    if is_default or first:
        rule_set = rule_set_make_default(club=club, rule_set=rule_set)
    return rule_set


@transaction.atomic
def rule_set_update(
    *, club: Club, rule_set: RuleSet, name: str, options: Mapping[str, Any]
) -> RuleSet:
    """Rename a rule set and change its options (its game stays)."""
    rule_set = RuleSet.objects.select_for_update().get(pk=rule_set.pk, club=club)
    rule_set.name = name
    rule_set.full_clean(exclude=["options"])
    rule_set.options = options_check(game=rule_set.game, options=options)
    rule_set.full_clean()
    rule_set.save()
    return rule_set


@transaction.atomic
def rule_set_make_default(*, club: Club, rule_set: RuleSet) -> RuleSet:
    """Make ``rule_set`` its game's default in the club, and the previous one not.

    The club row is locked, so two admins choosing defaults at once end with exactly one.
    """
    Club.objects.select_for_update().get(pk=club.pk)
    rule_set = RuleSet.objects.select_for_update().get(pk=rule_set.pk, club=club)
    RuleSet.objects.filter(club=club, game=rule_set.game, is_default=True).exclude(
        pk=rule_set.pk
    ).update(is_default=False)
    if not rule_set.is_default:
        rule_set.is_default = True
        rule_set.save(update_fields=["is_default"])
    return rule_set


@transaction.atomic
def rule_set_delete(*, club: Club, rule_set: RuleSet) -> None:
    """Delete a rule set; when it was the default, the game's oldest other set takes over."""
    Club.objects.select_for_update().get(pk=club.pk)
    rule_set = RuleSet.objects.select_for_update().get(pk=rule_set.pk, club=club)
    was_default, game = rule_set.is_default, rule_set.game
    rule_set.delete()
    if was_default:
        heir = RuleSet.objects.filter(club=club, game=game).order_by("created", "pk").first()
        if heir is not None:
            heir.is_default = True
            heir.save(update_fields=["is_default"])
