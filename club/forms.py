"""Forms of the club pages. They parse input; the services validate and save."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from club.imports import MAX_BYTES
from club.models import Club, Membership, Player
from club.table_settings import LIMIT_MAX, LIMIT_MIN
from engine.rules import GAME_NAMES


class MemberSearchForm(forms.Form):
    q = forms.CharField(label=gettext_lazy("Search members"), required=False, max_length=80)


class PlayerForm(forms.Form):
    """A member's name and email; for club admins also their account and role."""

    display_name = forms.CharField(
        label=gettext_lazy("Display name"),
        max_length=80,
        help_text=gettext_lazy("How the player's name appears on sheets and standings."),
    )
    email = forms.EmailField(
        label=gettext_lazy("Email"),
        required=False,
        help_text=gettext_lazy("Optional. Seen only by directors and admins."),
    )
    username = forms.CharField(
        label=gettext_lazy("Sign-in account"),
        required=False,
        max_length=150,
        help_text=gettext_lazy(
            "Optional: the username this player signs in with. Leave empty for none."
        ),
    )
    role = forms.ChoiceField(
        label=gettext_lazy("Role in this club"),
        choices=Membership.Role.choices,
        initial=Membership.Role.PLAYER,
        help_text=gettext_lazy(
            "Club admins manage the club; directors run events; scorers enter scores."
        ),
    )

    def __init__(self, *args: Any, can_admin: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Accounts and roles decide what someone may do in the club: admins only.
        if not can_admin:
            del self.fields["username"]
            del self.fields["role"]

    @classmethod
    def initial_for(cls, membership: Membership) -> dict[str, Any]:
        player: Player = membership.player
        return {
            "display_name": player.display_name,
            "email": player.email,
            "username": player.user.get_username() if player.user else "",
            "role": membership.role,
        }


class PlayersImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("CSV file"),
        help_text=(
            format_lazy(
                gettext_lazy(
                    "First row: the column names name, email, role (email and role may be "
                    "left out). At most {value} MB."
                ),
                value=MAX_BYTES // 1_000_000,
            )
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}),
    )


class PartnershipForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=120,
        help_text=gettext_lazy("How the side is called on standings."),
    )
    players = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Players"),
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("Two players, or three for six-hand games."),
    )

    def __init__(self, *args: Any, members: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [(p.pk, p.display_name) for p in members]  # type: ignore[attr-defined]


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Membership.Role.choices)


class GameChoiceForm(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=list(GAME_NAMES.items()))


class TableSettingsForm(forms.ModelForm):
    """The club's rules for its members' tables; labels and help come from the model."""

    class Meta:
        model = Club
        fields = ["members_start_tables", "member_table_limit", "friendly_tables_listed"]
        widgets = {
            "member_table_limit": forms.NumberInput(
                attrs={"min": LIMIT_MIN, "max": LIMIT_MAX, "inputmode": "numeric"}
            )
        }
