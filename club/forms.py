"""Forms of the club pages. They parse input; the services validate and save."""

from __future__ import annotations

from typing import Any

from django import forms

from club.imports import MAX_BYTES
from club.models import Membership, Player
from engine.rules import GAME_NAMES


class MemberSearchForm(forms.Form):
    q = forms.CharField(label="Search members", required=False, max_length=80)


class PlayerForm(forms.Form):
    """A member's name and email; for club admins also their account and role."""

    display_name = forms.CharField(
        label="Display name",
        max_length=80,
        help_text="How the player's name appears on sheets and standings.",
    )
    email = forms.EmailField(
        label="Email", required=False, help_text="Optional. Seen only by directors and admins."
    )
    username = forms.CharField(
        label="Sign-in account",
        required=False,
        max_length=150,
        help_text="Optional: the username this player signs in with. Leave empty for none.",
    )
    role = forms.ChoiceField(
        label="Role in this club",
        choices=Membership.Role.choices,
        initial=Membership.Role.PLAYER,
        help_text="Club admins manage the club; directors run events; scorers enter scores.",
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
        label="CSV file",
        help_text=(
            "First row: the column names name, email, role (email and role may be left out). "
            f"At most {MAX_BYTES // 1_000_000} MB."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}),
    )


class PartnershipForm(forms.Form):
    name = forms.CharField(
        label="Name", max_length=120, help_text="How the side is called on standings."
    )
    players = forms.TypedMultipleChoiceField(
        label="Players",
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        help_text="Two players, or three for six-hand games.",
    )

    def __init__(self, *args: Any, members: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [(p.pk, p.display_name) for p in members]  # type: ignore[attr-defined]


class RoleForm(forms.Form):
    role = forms.ChoiceField(label="Role", choices=Membership.Role.choices)


class GameChoiceForm(forms.Form):
    game = forms.ChoiceField(label="Game", choices=list(GAME_NAMES.items()))
