"""The rule set form: one field per engine option of the chosen game.

The fields are built from the engine's own option table (``OptionSpec`` rows: id, kind,
default, allowed values, help), so a new engine option appears on the form without a change
here. The engine exports no uniform way to reach that table from a game id; each game
package has ``options.OPTION_SPECS`` beside its ``Game`` class, which is what
``engine_option_specs`` finds.
"""

from __future__ import annotations

import importlib
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from club.models import RuleSet
from club.option_words import help_words, value_words
from engine.rules import GAME_NAMES
from engine.rules.options import OptionSpec
from engine.rules.registry import game_class

OPTION_PREFIX = "option_"
NO_LIMIT = "none"


def engine_option_specs(game_id: str) -> tuple[OptionSpec, ...]:
    """The option table of ``game_id``: the ``OPTION_SPECS`` of the package holding its class.

    Raises:
        OptionError: ``unknown_game``.
    """
    package = game_class(game_id).__module__.rpartition(".")[0]
    specs: tuple[OptionSpec, ...] = importlib.import_module(f"{package}.options").OPTION_SPECS
    return specs


#: Option values whose id does not read as words once its underscores are spaces.
VALUE_WORDS = {
    "five_jack": "five and jack",
    "five_jack_ah": "five, jack and ace of hearts",
    "five_only": "five only",
}


def _value_label(value: Any) -> str:
    if value is None:
        return "no limit"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return VALUE_WORDS.get(str(value), str(value).replace("_", " "))


def options_words(game_id: str, options: dict[str, Any]) -> list[tuple[str, str]]:
    """``options`` as people read them, (what the option decides, its value), in the order of
    the game's option table and the reader's language: a paper sheet prints these, never the
    options' ids. An option the game does not know (stored by an older engine) is left out."""
    specs = {spec.id: spec for spec in engine_option_specs(game_id)}
    return [
        (help_words(spec.help).capitalize(), _value_words(options[spec.id]))
        for spec in specs.values()
        if spec.id in options
    ]


def _value_words(value: Any) -> str:
    """A value in the reader's language: a number as it is, a word translated."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value_words(_value_label(value))


def _choice_key(value: Any) -> str:
    if value is None:
        return NO_LIMIT
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_field(spec: OptionSpec) -> forms.Field:
    """A form field for one engine option: a choice of its allowed values (the default marked),
    or a whole number for an open option (targets)."""
    label = spec.id.replace("_", " ").capitalize()
    help_text = f"{spec.help.capitalize()}. Standard: {_value_label(spec.default)}."
    if spec.allowed is None:
        return forms.IntegerField(
            label=label, min_value=1, initial=spec.default, help_text=help_text
        )
    choices = [
        (
            _choice_key(value),
            _value_label(value) + (" (standard)" if value == spec.default else ""),
        )
        for value in spec.allowed
    ]
    return forms.ChoiceField(
        label=label, choices=choices, initial=_choice_key(spec.default), help_text=help_text
    )


def option_value(spec: OptionSpec, cleaned: Any) -> Any:
    """The engine value of a cleaned form value."""
    if spec.allowed is None:
        return cleaned
    by_key = {_choice_key(value): value for value in spec.allowed}
    return by_key[cleaned]


class RuleSetForm(forms.Form):
    """Name, default flag, and one field per option of ``game`` (prefixed ``option_``)."""

    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=80,
        help_text=gettext_lazy("What the club calls these rules, e.g. Tuesday 120s."),
    )
    is_default = forms.BooleanField(
        label=gettext_lazy("Club default for this game"),
        required=False,
        help_text=gettext_lazy(
            "Used for new sheets and tables of this game unless another is chosen."
        ),
    )

    def __init__(
        self, *args: Any, game: str, rule_set: RuleSet | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.game_name = GAME_NAMES[game]
        self.specs = engine_option_specs(game)
        current = rule_set.build_game().options_dict() if rule_set else {}
        if rule_set is not None:
            self.fields["name"].initial = rule_set.name
            # The default is changed with its own button on the list page.
            del self.fields["is_default"]
        for spec in self.specs:
            field = option_field(spec)
            if spec.id in current:
                value = current[spec.id]
                field.initial = value if spec.allowed is None else _choice_key(value)
            self.fields[OPTION_PREFIX + spec.id] = field

    def option_fields(self) -> list[forms.BoundField]:
        return [self[OPTION_PREFIX + spec.id] for spec in self.specs]

    def options(self) -> dict[str, Any]:
        """Every option value chosen, as the engine expects them (call after ``is_valid``)."""
        return {
            spec.id: option_value(spec, self.cleaned_data[OPTION_PREFIX + spec.id])
            for spec in self.specs
        }

    def refusal_field(self, name: str) -> str:
        """The input of a refusal's field (``club.page_errors.form_refusal``): an option
        the engine refused, ``options.<id>``, is the input ``option_<id>``."""
        group, _, option = name.partition(".")
        return OPTION_PREFIX + option if group == "options" and option else name
