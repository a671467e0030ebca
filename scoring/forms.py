"""The Django forms of the scoresheet pages (the hand-line form is ``scoring.lineform``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from club.models import Club, Partnership, Player, RuleSet
from engine.rules import GAME_NAMES, Game, get_game
from scoring.models import Entry
from scoring.services import SideSpec

STANDARD = "standard:"
RULE_SET = "rule_set:"


@dataclass(frozen=True)
class Rules:
    """The rules a new sheet is played under: a club rule set, or a game's standard rules."""

    value: str
    rule_set: RuleSet | None
    game_id: str

    def build_game(self) -> Game:
        return self.rule_set.build_game() if self.rule_set is not None else get_game(self.game_id)


def rules_choices(club: Club) -> list[tuple[str, list[tuple[str, str]]]]:
    """The club's rule sets by game (club default first), then each game's standard rules."""
    groups: list[tuple[str, list[tuple[str, str]]]] = []
    rule_sets = RuleSet.objects.filter(club=club).order_by("game", "-is_default", "name")
    for game_id, name in GAME_NAMES.items():
        own = [
            (f"{RULE_SET}{r.pk}", f"{r.name}{' (club default)' if r.is_default else ''}")
            for r in rule_sets
            if r.game == game_id
        ]
        groups.append(
            (name, [*own, (f"{STANDARD}{game_id}", gettext("Standard {name}").format(name=name))])
        )
    return groups


def rules_from(club: Club, value: str | None) -> Rules:
    """The rules named by a form value; an unknown value falls back to the first choice (the
    club's default 120s rules, else standard 120s)."""
    values = [v for _, options in rules_choices(club) for v, _ in options]
    if value not in values:
        value = values[0]
    assert value is not None
    if value.startswith(RULE_SET):
        rule_set = RuleSet.objects.get(club=club, pk=int(value.removeprefix(RULE_SET)))
        return Rules(value, rule_set, rule_set.game)
    return Rules(value, None, value.removeprefix(STANDARD))


def carried_over(data: Mapping[str, Any]) -> dict[str, str]:
    """What was typed into the new-sheet form before its rules changed, as the redrawn form's
    initial values: the title, the sides' names and partnerships, the seats and the first
    dealer. Inputs the new game lacks are simply not drawn; a value no choice has selects none.
    """
    return {
        name: str(data.get(name, ""))
        for name in data
        if name == "title" or name == "first_dealer" or name.startswith(("side_", "seat_"))
    }


class SheetCreateForm(forms.Form):
    """A new sheet: its rules, a title, per side a partnership or a name, who sits where and
    who deals first. The seats follow the rules chosen (``side_seats``)."""

    rules = forms.ChoiceField(
        label=gettext_lazy("Rules"),
        help_text=gettext_lazy(
            "A house rule set of the club, or a game's standard rules; they are "
            "copied onto the sheet."
        ),
    )
    title = forms.CharField(
        label=gettext_lazy("Title"),
        max_length=120,
        required=False,
        help_text=gettext_lazy("E.g. 'Table 3, round 2'."),
    )

    def __init__(
        self, *args: Any, club: Club, side_seats: Sequence[Sequence[int]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        rules = self.fields["rules"]
        assert isinstance(rules, forms.ChoiceField)
        rules.choices = rules_choices(club)
        partnerships = Partnership.objects.filter(club=club).order_by("name")
        players = Player.objects.filter(memberships__club=club).order_by("display_name")
        seats = sum(len(s) for s in side_seats)
        self.sides: list[dict[str, Any]] = []
        for index, side in enumerate(side_seats):
            self.fields[f"side_{index}_partnership"] = forms.ModelChoiceField(
                queryset=partnerships,
                required=False,
                label=gettext("Partnership"),
                empty_label="(none)",
            )
            self.fields[f"side_{index}_label"] = forms.CharField(
                required=False,
                max_length=120,
                label=gettext("Name on the sheet"),
                help_text=gettext("Empty: the partnership's name, else the players' names."),
            )
            for seat in side:
                self.fields[f"seat_{seat}"] = forms.ModelChoiceField(
                    queryset=players,
                    required=False,
                    label=gettext("Seat {value}").format(value=seat + 1),
                    empty_label=gettext("(not known)"),
                )
            self.sides.append(
                {
                    "number": index + 1,
                    "partnership": self[f"side_{index}_partnership"],
                    "label": self[f"side_{index}_label"],
                    "seats": [self[f"seat_{seat}"] for seat in side],
                }
            )
        self.fields["first_dealer"] = forms.TypedChoiceField(
            choices=[
                ("", gettext("(not known)")),
                *[(str(s), gettext("Seat {value}").format(value=s + 1)) for s in range(seats)],
            ],
            coerce=int,
            empty_value=None,
            required=False,
            label=gettext("First dealer"),
            help_text=gettext(
                "Who dealt the first hand: the entry page then fills in every dealer."
            ),
        )
        self.side_seats = [tuple(side) for side in side_seats]

    def side_specs(self) -> list[SideSpec]:
        data = self.cleaned_data
        return [
            SideSpec(label=data[f"side_{i}_label"], partnership=data[f"side_{i}_partnership"])
            for i in range(len(self.side_seats))
        ]

    def seat_players(self) -> dict[int, Player | None]:
        return {
            seat: self.cleaned_data[f"seat_{seat}"] for side in self.side_seats for seat in side
        }


class UnlockForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why unlock?"),
        max_length=300,
        help_text=gettext_lazy("Kept with the sheet, with your name and the time."),
    )


class ResolveForm(forms.Form):
    """One choice per differing line: the sheet's version or the second entry's."""

    def __init__(self, *args: Any, numbers: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for number in numbers:
            self.fields[f"line_{number}"] = forms.ChoiceField(
                choices=[
                    (Entry.PRIMARY, gettext("the sheet")),
                    (Entry.CHECK, gettext("the second entry")),
                ],
                widget=forms.RadioSelect,
                label=gettext("Line {number}").format(number=number),
            )
        self.numbers = numbers

    def choices(self) -> dict[int, str]:
        return {n: self.cleaned_data[f"line_{n}"] for n in self.numbers}
