"""The form a director fills to set up an online table."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils import timezone

from club.models import Club, Player, RuleSet
from engine.rules import GAME_NAMES
from engine.tables.bot_moves import BOT_NAMES
from engine.tables.services import SeatSpec

MAX_SEATS = 6
OPEN_SEAT = ""


def _default_time() -> Any:
    return (timezone.localtime() + timedelta(hours=1)).replace(second=0, microsecond=0)


class TableForm(forms.Form):
    title = forms.CharField(label="Title", max_length=120, required=False)
    rules = forms.ChoiceField(
        label="Rules", help_text="One of the club's rule sets, or a game's standard rules."
    )
    scheduled_at = forms.DateTimeField(
        label="Opens at",
        initial=_default_time,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text="Players take their seats from then on; the game starts when all are filled.",
    )
    turn_seconds = forms.IntegerField(
        label="Turn clock (seconds)",
        initial=60,
        min_value=0,
        help_text="Past this the computer plays for the player; 0 for no clock.",
    )
    grace_seconds = forms.IntegerField(
        label="Grace time (seconds)",
        initial=120,
        min_value=0,
        help_text="A player away longer is replaced by the computer until they return.",
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        rule_sets = list(RuleSet.objects.filter(club=club).order_by("game", "name"))
        self.rule_sets = {f"rules:{r.pk}": r for r in rule_sets}
        rules = self.fields["rules"]
        assert isinstance(rules, forms.ChoiceField)
        rules.choices = [
            *((key, f"{GAME_NAMES[r.game]}: {r.name}") for key, r in self.rule_sets.items()),
            *((f"game:{game}", f"{name}: standard rules") for game, name in GAME_NAMES.items()),
        ]
        players = Player.objects.filter(memberships__club=club).order_by("display_name")
        self.players = {f"player:{p.pk}": p for p in players}
        seat_choices = [
            (OPEN_SEAT, "Open: a player takes it"),
            *((f"bot:{key}", f"Computer: {label}") for key, label in BOT_NAMES.items()),
            *((key, p.display_name) for key, p in self.players.items()),
        ]
        for index in range(MAX_SEATS):
            self.fields[f"seat_{index}"] = forms.ChoiceField(
                label=f"Seat {index + 1}", choices=seat_choices, required=False
            )

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{index}"] for index in range(MAX_SEATS)]

    def rule_set(self) -> RuleSet | None:
        return self.rule_sets.get(self.cleaned_data["rules"])

    def game_id(self) -> str:
        key: str = self.cleaned_data["rules"]
        return key.removeprefix("game:") if key.startswith("game:") else ""

    def seats(self, count: int) -> list[SeatSpec]:
        """The seats chosen, up to the last one that is not left open."""
        specs = []
        for index in range(MAX_SEATS):
            value = self.cleaned_data.get(f"seat_{index}") or OPEN_SEAT
            if value.startswith("bot:"):
                specs.append(SeatSpec(bot=value.removeprefix("bot:")))
            elif value in self.players:
                specs.append(SeatSpec(player=self.players[value]))
            else:
                specs.append(SeatSpec())
        while len(specs) > count and specs[-1] == SeatSpec():
            specs.pop()
        return specs
