"""Forms of the director's pages. They only parse; the services decide what is allowed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.clocks import grace_seconds_input, turn_seconds_input
from club.models import Club, Partnership, Player, RuleSet
from tournaments.formats import metric_choices
from tournaments.models import ByeScoring, Entrant, Event, EventFormat, NoShowRule, PlaysAt
from tournaments.services.events import OnlinePlay

TIEBREAK_SLOTS = 4
TIEBREAK_HELP = gettext_lazy("Leave empty for the format's usual order.")


class TiebreakFields(forms.Form):
    """Standings order as up to four ordered choices (first decides, the rest break ties)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—"), *metric_choices()]
        for slot in range(1, TIEBREAK_SLOTS + 1):
            label = "Standings: sort by" if slot == 1 else f"then by ({slot})"
            self.fields[f"tiebreak_{slot}"] = forms.ChoiceField(
                label=label,
                choices=choices,
                required=False,
                help_text=TIEBREAK_HELP if slot == 1 else "",
            )

    def tiebreaks(self) -> list[str]:
        keys = [self.cleaned_data.get(f"tiebreak_{slot}") for slot in range(1, TIEBREAK_SLOTS + 1)]
        return [key for key in keys if key]


class EventForm(TiebreakFields):
    name = forms.CharField(max_length=120, help_text=gettext_lazy("E.g. 'Spring 45s tournament'."))
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    format = forms.ChoiceField(choices=EventFormat.choices, initial=EventFormat.PROGRESSIVE)
    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(), label=gettext_lazy("Rules"), empty_label=None
    )
    rounds_planned = forms.IntegerField(
        min_value=1, max_value=99, required=False, label=gettext_lazy("Rounds planned")
    )
    points_cap = forms.IntegerField(
        min_value=1,
        required=False,
        label=gettext_lazy("Points cap"),
        help_text=gettext_lazy(
            "Count at most this many points of one game in the standings (optional)."
        ),
    )
    third_place = forms.BooleanField(
        required=False, label=gettext_lazy("Knockout: play a third-place match")
    )
    bye_scores = forms.ChoiceField(
        choices=ByeScoring.choices,
        initial=ByeScoring.NOTHING,
        required=False,
        label=gettext_lazy("A bye scores"),
        help_text=gettext_lazy(
            "What an entrant left out of a round (an odd field) gets in the standings. "
            "A win scores the game's target (120 in a game to 120) to none; the average is the "
            "entrant's average of its other games. The standings say which."
        ),
    )

    plays_at = forms.ChoiceField(
        choices=PlaysAt.choices,
        initial=PlaysAt.HALL,
        required=False,
        label=gettext_lazy("Rounds played"),
        help_text=gettext_lazy(
            "Online, publishing a round sets a live table for each match: the players are told "
            "where, play in the browser, and the table writes the scoresheet."
        ),
    )
    turn_seconds = turn_seconds_input(max_value=3600, required=False)
    grace_seconds = grace_seconds_input(max_value=86400, required=False)
    no_show = forms.ChoiceField(
        choices=NoShowRule.choices,
        initial=NoShowRule.COMPUTER,
        required=False,
        label=gettext_lazy("When a seat stays empty"),
        help_text=gettext_lazy("What happens once the grace time is over."),
    )
    forfeit_minutes = forms.IntegerField(
        min_value=0,
        max_value=1440,
        initial=OnlinePlay.forfeit_minutes,
        required=False,
        label=gettext_lazy("Forfeit after (minutes)"),
        help_text=gettext_lazy(
            "Under the forfeit rule: minutes after the table opens; the absent side loses."
        ),
    )
    pairs_itself = forms.BooleanField(
        required=False, label=gettext_lazy("Pair the next round by itself")
    )
    publishes_itself = forms.BooleanField(
        required=False, label=gettext_lazy("Publish a round it paired itself")
    )

    # Shown grouped under "Played online": kept, but unused, while rounds are played at the hall.
    ONLINE_FIELDS = ("turn_seconds", "grace_seconds", "no_show", "forfeit_minutes")
    NEXT_ROUND_FIELDS = ("pairs_itself", "publishes_itself")

    def __init__(
        self,
        *args: Any,
        club: Club,
        event: Event | None = None,
        started: bool = False,
        **kwargs: Any,
    ) -> None:
        """``event``: the event being changed; ``started``: its round 1 is paired, so the
        format and the rules are shown but cannot change."""
        super().__init__(*args, **kwargs)
        rules = RuleSet.objects.filter(club=club).order_by("game", "name")
        self.fields["rule_set"].queryset = rules  # type: ignore[attr-defined]
        self.fields["date"].initial = timezone.localdate()
        default = rules.filter(is_default=True).first()
        if default is not None:
            self.fields["rule_set"].initial = default.pk
        if event is not None:
            self._show(event, started)

    def _show(self, event: Event, started: bool) -> None:
        values: dict[str, Any] = {
            "name": event.name,
            "date": event.date,
            "format": event.format,
            "rule_set": event.rule_set_id,
            "rounds_planned": event.rounds_planned,
            "points_cap": event.points_cap,
            "third_place": event.third_place,
            "bye_scores": event.bye_scores,
            "plays_at": event.plays_at,
            "turn_seconds": event.turn_seconds,
            "grace_seconds": event.grace_seconds,
            "no_show": event.no_show,
            "forfeit_minutes": event.forfeit_minutes,
            "pairs_itself": event.pairs_itself,
            "publishes_itself": event.publishes_itself,
        }
        for slot, key in enumerate(event.tiebreaks, start=1):
            values[f"tiebreak_{slot}"] = key
        for name, value in values.items():
            if name in self.fields:
                self.fields[name].initial = value
        if started:
            for name in ("format", "rule_set"):
                self.fields[name].disabled = True
                self.fields[name].help_text = "Fixed once round 1 is paired."

    def online(self) -> OnlinePlay:
        """Where the rounds are played, the live tables' clocks and no-show rule (the usual
        ones when a post leaves them out), and whether the next rounds pair themselves."""
        data, usual = self.cleaned_data, OnlinePlay()
        turn, grace = data.get("turn_seconds"), data.get("grace_seconds")
        forfeit = data.get("forfeit_minutes")
        return OnlinePlay(
            data.get("plays_at") or usual.plays_at,
            usual.turn_seconds if turn is None else turn,
            usual.grace_seconds if grace is None else grace,
            no_show=data.get("no_show") or usual.no_show,
            forfeit_minutes=usual.forfeit_minutes if forfeit is None else forfeit,
            pairs_itself=bool(data.get("pairs_itself")),
            publishes_itself=bool(data.get("publishes_itself")),
        )

    def main_fields(self) -> list[forms.BoundField]:
        grouped = {*self.ONLINE_FIELDS, *self.NEXT_ROUND_FIELDS}
        return [field for field in self if field.name not in grouped]

    def online_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.ONLINE_FIELDS]

    def next_round_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.NEXT_ROUND_FIELDS]

    def online_open(self) -> bool:
        """Whether "Played online" is shown open: the event is (or is being set) online, or
        one of its fields is refused."""
        plays_at = self["plays_at"].value()
        has_errors = any(self[name].errors for name in self.ONLINE_FIELDS)
        return has_errors or (plays_at or PlaysAt.HALL) != PlaysAt.HALL


class SeasonForm(TiebreakFields):
    name = forms.CharField(max_length=120, help_text=gettext_lazy("E.g. 'Winter league 2026'."))
    format = forms.ChoiceField(choices=EventFormat.choices, initial=EventFormat.PROGRESSIVE)
    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(), label=gettext_lazy("Rules"), empty_label=None
    )
    best_of = forms.IntegerField(
        min_value=1,
        required=False,
        label=gettext_lazy("Best nights counted"),
        help_text=gettext_lazy(
            "Count only each entrant's best N nights; empty counts every night."
        ),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rules = RuleSet.objects.filter(club=club).order_by("game", "name")
        self.fields["rule_set"].queryset = rules  # type: ignore[attr-defined]


class NightForm(forms.Form):
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    name = forms.CharField(
        max_length=120, required=False, help_text=gettext_lazy("Empty: '<season>, night <n>'.")
    )
    rounds_planned = forms.IntegerField(min_value=1, max_value=99, required=False)
    plays_at = forms.ChoiceField(
        choices=PlaysAt.choices,
        label=gettext_lazy("Rounds played"),
        help_text=gettext_lazy(
            "The clocks, the no-show rule and pairing by itself are the last night's; change"
            " them on the night's page."
        ),
    )

    def __init__(self, *args: Any, last_plays_at: str = PlaysAt.HALL, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["date"].initial = timezone.localdate()
        self.fields["plays_at"].initial = last_plays_at


class LateArrivalForm(forms.Form):
    """A newcomer: a new member (player formats) or a new partnership of members."""

    display_name = forms.CharField(max_length=80, required=False, label=gettext_lazy("Name"))
    partnership_name = forms.CharField(
        max_length=120, required=False, label=gettext_lazy("Partnership name")
    )
    first = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label=gettext_lazy("Player")
    )
    second = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label=gettext_lazy("Partner")
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        members = Player.objects.filter(memberships__club_id=event.club_id).order_by("display_name")
        for name in ("first", "second"):
            self.fields[name].queryset = members  # type: ignore[attr-defined]
        if event.entrant_kind == "player":
            for name in ("partnership_name", "first", "second"):
                del self.fields[name]
            self.fields["display_name"].required = True
        else:
            del self.fields["display_name"]
            for name in ("partnership_name", "first", "second"):
                self.fields[name].required = True


class SubstituteForm(forms.Form):
    entrant = forms.ModelChoiceField(
        queryset=Entrant.objects.none(), label=gettext_lazy("Partnership")
    )
    player_out = forms.ModelChoiceField(
        queryset=Player.objects.none(), label=gettext_lazy("Missing player")
    )
    player_in = forms.ModelChoiceField(
        queryset=Player.objects.none(), label=gettext_lazy("Substitute")
    )
    reason = forms.CharField(
        max_length=300, help_text=gettext_lazy("Kept with the change, e.g. 'Ill'.")
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["entrant"].queryset = Entrant.objects.filter(  # type: ignore[attr-defined]
            event=event, checked_in=True
        ).order_by("name")
        members = Player.objects.filter(memberships__club_id=event.club_id).order_by("display_name")
        self.fields["player_out"].queryset = members  # type: ignore[attr-defined]
        self.fields["player_in"].queryset = members  # type: ignore[attr-defined]


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Entrant.objects.none(), label=gettext_lazy("Swap"))
    second = forms.ModelChoiceField(queryset=Entrant.objects.none(), label="with")
    reason = forms.CharField(
        max_length=300,
        help_text=gettext_lazy("Kept with the round, e.g. 'Husband and wife not partners'."),
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entrants = Entrant.objects.filter(event=event, checked_in=True).order_by("name")
        self.fields["first"].queryset = entrants  # type: ignore[attr-defined]
        self.fields["second"].queryset = entrants  # type: ignore[attr-defined]


class DoorForm(forms.Form):
    """One tick at the door: who (``player-<id>`` / ``partnership-<id>``) and here or not."""

    who = forms.RegexField(regex=r"^(player|partnership)-\d+$")
    here = forms.BooleanField(required=False)

    def target(self, event: Event) -> Partnership | Player | None:
        kind, _, pk = self.cleaned_data["who"].partition("-")
        if kind == "partnership":
            return Partnership.objects.filter(club_id=event.club_id, pk=int(pk)).first()
        return Player.objects.filter(memberships__club_id=event.club_id, pk=int(pk)).first()
