"""The forms that set up an online table: the rules offered (``RulesForm``, shared with the
members' own forms in ``tables.member_forms``), and the one a director fills (``TableForm``)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django import forms
from django.db.models import Count
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from club.clocks import grace_seconds_input, turn_seconds_input
from club.models import Club, Player, RuleSet
from engine.rules import GAME_NAMES, RulesError, get_game
from tables.bot_moves import DEFAULT_BOT
from tables.levels import accepted_level, level_choices, level_help
from tables.models import LiveTable
from tables.naming import seat_compasses
from tables.services import SeatSpec

MAX_SEATS = 6
OPEN_SEAT = ""
NOW = "now"
LATER = "later"
FIRST_GAME = next(iter(GAME_NAMES))

SEAT_PAST_TABLE = gettext_lazy("{rules} seats {count} players: leave this seat empty.")
TIME_NEEDED = gettext_lazy("Give the time the table opens, or choose “Start now”.")
OPEN_CHOICE = gettext_lazy("Open: a player takes it")
COMPUTER_CHOICE = gettext_lazy("Computer: {level}")
SEAT_LABEL = gettext_lazy("Seat {number}")
CLUB_DEFAULT = gettext_lazy("{game}: {rules} (club default)")
CLUB_RULES = gettext_lazy("{game}: {rules}")
STANDARD_CHOICE = gettext_lazy("{game}: standard rules")


def _default_time() -> Any:
    return (timezone.localtime() + timedelta(hours=1)).replace(second=0, microsecond=0)


class RulesSelect(forms.Select):
    """A select whose options carry the seats of their game (``data-seats``,
    ``data-compass``), so the page can show only the seats the chosen rules have."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.option_attrs: dict[str, dict[str, str]] = {}

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option: dict[str, Any] = super().create_option(name, value, *args, **kwargs)
        option["attrs"].update(self.option_attrs.get(str(value), {}))
        return option


def _seat_count(rule_set: RuleSet | None, game_id: str) -> int | None:
    """How many seats the rules have (``None`` for a rule set the engine refuses)."""
    try:
        game = rule_set.build_game() if rule_set is not None else get_game(game_id)
    except RulesError:
        return None
    return game.seating.seats


def _game(game_id: str) -> str:
    """A game's name in the reader's language."""
    return gettext(GAME_NAMES[game_id]) if game_id in GAME_NAMES else game_id


class LevelField(forms.ChoiceField):
    """The computers' level: the levels offered, easiest first, club chosen, with each one's
    strength in words under it; an older name (``rule``) is accepted though not offered."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", lazy(level_help, str)())
        super().__init__(choices=level_choices, initial=DEFAULT_BOT, **kwargs)

    def valid_value(self, value: Any) -> bool:
        return accepted_level(str(value)) or super().valid_value(value)


class SeatField(forms.ChoiceField):
    """A seat's choice: the options offered, or a computer by an older name (``bot:rule``),
    which is accepted though not offered so that links and scripts made before the levels
    still work."""

    def valid_value(self, value: Any) -> bool:
        text = str(value)
        if text.startswith("bot:") and accepted_level(text.removeprefix("bot:")):
            return True
        return super().valid_value(value)


def _usual_game(club: Club) -> str:
    """The game the club sets tables up for most often (the first game for a new club)."""
    usual = (
        LiveTable.objects.filter(club=club)
        .values("game")
        .annotate(tables=Count("pk"))
        .order_by("-tables", "game")
        .first()
    )
    return usual["game"] if usual is not None else FIRST_GAME


class RulesForm(forms.Form):
    """A form whose ``rules`` offer the club's rule sets and each game's standard rules."""

    rules = forms.ChoiceField(
        label=gettext_lazy("Rules"),
        help_text=gettext_lazy("The club's default rules come first; or a game's standard rules."),
        widget=RulesSelect(attrs={"data-seat-rules": ""}),
    )

    def __init__(
        self, *args: Any, club: Club, rule_sets: Iterable[RuleSet] | None = None, **kwargs: Any
    ) -> None:
        """``rule_sets``: the rule sets offered when not only ``club``'s (a member of several
        clubs chooses among all of theirs)."""
        super().__init__(*args, **kwargs)
        self.club = club
        if rule_sets is None:
            rule_sets = RuleSet.objects.filter(club=club).order_by("-is_default", "game", "name")
        self.rule_sets = {f"rules:{r.pk}": r for r in rule_sets}
        self._offer_rules()

    def _offer_rules(self) -> None:
        """The club's rule sets (its defaults first), then each game's standard rules, each
        option telling the page its seats; the club's usual game's default chosen."""
        field = self.fields["rules"]
        assert isinstance(field, forms.ChoiceField) and isinstance(field.widget, RulesSelect)
        choices: list[tuple[str, str]] = []
        self.seat_counts: dict[str, int] = {}
        for key, rule_set in self.rule_sets.items():
            wording = CLUB_DEFAULT if rule_set.is_default else CLUB_RULES
            choices.append((key, wording.format(game=_game(rule_set.game), rules=rule_set.name)))
            self._count(key, _seat_count(rule_set, rule_set.game))
        for game in GAME_NAMES:
            choices.append((f"game:{game}", STANDARD_CHOICE.format(game=_game(game))))
            self._count(f"game:{game}", _seat_count(None, game))
        field.choices = choices
        self.rule_labels = dict(choices)
        field.widget.option_attrs = {
            key: {"data-seats": str(count), "data-compass": ",".join(seat_compasses(count))}
            for key, count in self.seat_counts.items()
        }
        usual = _usual_game(self.club)
        defaults = [k for k, r in self.rule_sets.items() if r.is_default and r.game == usual]
        field.initial = defaults[0] if defaults else f"game:{usual}"

    def _count(self, key: str, count: int | None) -> None:
        if count is not None:
            self.seat_counts[key] = count

    def seat_count_initially(self) -> int:
        """The seats of the rules the form shows chosen (posted, or the initial choice)."""
        chosen = self.data.get("rules") if self.is_bound else self.fields["rules"].initial
        return self.seat_counts.get(str(chosen), 4)

    def rule_set(self) -> RuleSet | None:
        return self.rule_sets.get(self.cleaned_data["rules"])

    def game_id(self) -> str:
        key: str = self.cleaned_data["rules"]
        return key.removeprefix("game:") if key.startswith("game:") else ""


class TableForm(RulesForm):
    field_order = ["title", "rules"]

    title = forms.CharField(label=gettext_lazy("Title"), max_length=120, required=False)
    when = forms.ChoiceField(
        label=gettext_lazy("When"),
        choices=[
            (NOW, gettext_lazy("Start now: the game starts as soon as every seat is taken")),
            (LATER, gettext_lazy("Open at a set time")),
        ],
        initial=NOW,
        required=False,
        widget=forms.RadioSelect(attrs={"data-when": ""}),
    )
    scheduled_at = forms.DateTimeField(
        label=gettext_lazy("Opens at"),
        initial=_default_time,
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=gettext_lazy(
            "Players take their seats from then on; the game starts when all are filled."
        ),
    )
    turn_seconds = turn_seconds_input()
    grace_seconds = grace_seconds_input()

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, club=club, **kwargs)
        self.players = self.seat_players()
        seat_choices = self.seat_choices()
        compass = seat_compasses(self.seat_count_initially())
        for index in range(MAX_SEATS):
            label = compass[index] if index < len(compass) else SEAT_LABEL.format(number=index + 1)
            self.fields[f"seat_{index}"] = SeatField(
                label=label, choices=seat_choices, required=False
            )
        self.level_help = level_help()

    def seat_players(self) -> dict[str, Player]:
        """The people a seat may be given to, by their choice's value."""
        players = Player.objects.filter(memberships__club=self.club).order_by("display_name")
        return {f"player:{p.pk}": p for p in players}

    def seat_choices(self) -> list[tuple[str, str]]:
        """What each seat may be: open, a computer at a level, or one of the club's players."""
        return [
            (OPEN_SEAT, str(OPEN_CHOICE)),
            *((f"bot:{key}", COMPUTER_CHOICE.format(level=name)) for key, name in level_choices()),
            *((key, p.display_name) for key, p in self.players.items()),
        ]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{index}"] for index in range(MAX_SEATS)]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("when") == NOW or (not data.get("when") and not data.get("scheduled_at")):
            data["scheduled_at"] = timezone.now()
        elif data.get("scheduled_at") is None and "scheduled_at" not in self.errors:
            self.add_error("scheduled_at", TIME_NEEDED)
        count = self.seat_counts.get(data.get("rules", ""))
        if count is not None:
            for index in range(count, MAX_SEATS):
                if data.get(f"seat_{index}"):
                    rules = self.rule_labels[data["rules"]]
                    message = SEAT_PAST_TABLE.format(rules=rules, count=count)
                    self.add_error(f"seat_{index}", message)
        return data

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
