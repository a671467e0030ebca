"""The forms a member fills to sit down: practice with computers, and a friendly table.

Both offer the rules as the director's form does (``tables.forms.RulesForm``); the friendly
table is the director's form with other seat choices: the member's own seat, invitations to
the club's other members, computers and open seats. A member seats nobody but themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from club.models import Club, Player, RuleSet
from tables.forms import COMPUTER_CHOICE, OPEN_CHOICE, OPEN_SEAT, LevelField, RulesForm, TableForm
from tables.levels import level_choices
from tables.models import Unanswered

ME = "me"
MY_SEAT = gettext_lazy("Me")
INVITE = gettext_lazy("Invite {name}")
MY_SEAT_ONCE = gettext_lazy("Choose “Me” for exactly one seat: the one you sit in.")
OTHER_CLUB_RULES = gettext_lazy("These rules are another club's: choose the club's or a game's.")


class PracticeForm(RulesForm):
    """Practice now: which club (for a member of several), which rules, which computers."""

    field_order = ["at_club", "rules", "level"]

    at_club = forms.ChoiceField(label=gettext_lazy("Club"))
    level = LevelField(label=gettext_lazy("Computer players"))

    def __init__(self, *args: Any, clubs: Sequence[Club], **kwargs: Any) -> None:
        rule_sets = RuleSet.objects.filter(club__in=clubs).order_by(
            "club__name", "-is_default", "game", "name"
        )
        super().__init__(*args, club=clubs[0], rule_sets=rule_sets, **kwargs)
        self.clubs = {club.slug: club for club in clubs}
        field = self.fields["at_club"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(club.slug, club.name) for club in clubs]
        field.initial = clubs[0].slug
        self.fields["rules"].help_text = ""

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        rule_set = self.rule_sets.get(data.get("rules", ""))
        club = self.clubs.get(data.get("at_club", ""))
        if rule_set is not None and club is not None and rule_set.club_id != club.pk:
            self.add_error("rules", OTHER_CLUB_RULES)
        return data

    def chosen_club(self) -> Club:
        return self.clubs[self.cleaned_data["at_club"]]


class FriendlyForm(TableForm):
    """A friendly table: the host's own seat, invited members, computers and open seats."""

    bot_name = LevelField(label=gettext_lazy("Computer players"))
    if_unanswered = forms.ChoiceField(
        label=gettext_lazy("If an invitee declines or does not answer"),
        choices=Unanswered.choices,
        initial=Unanswered.COMPUTER,
        widget=forms.RadioSelect,
    )
    expires_at = forms.DateTimeField(
        label=gettext_lazy("Invitations expire at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=gettext_lazy(
            "Leave empty: 15 minutes for a game that starts now, else an hour before the start."
        ),
    )

    def __init__(self, *args: Any, club: Club, me: Player, **kwargs: Any) -> None:
        self.me = me
        super().__init__(*args, club=club, **kwargs)
        self.fields["title"].required = False
        self.fields["seat_0"].initial = ME

    def seat_players(self) -> dict[str, Player]:
        """The host (their own seat) and the club's other members (each an invitation)."""
        others = super().seat_players()
        others.pop(f"player:{self.me.pk}", None)
        return {ME: self.me, **others}

    def seat_choices(self) -> list[tuple[str, str]]:
        return [
            (ME, str(MY_SEAT)),
            (OPEN_SEAT, str(OPEN_CHOICE)),
            *((f"bot:{key}", COMPUTER_CHOICE.format(level=name)) for key, name in level_choices()),
            *(
                (key, INVITE.format(name=player.display_name))
                for key, player in self.players.items()
                if key != ME
            ),
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        mine = [field for field in self.seat_fields() if data.get(field.name) == ME]
        if len(mine) != 1:
            field_name = mine[-1].name if mine else "seat_0"
            self.add_error(field_name, MY_SEAT_ONCE)
        return data
