"""Writes of club data: keyword-only, validated, atomic, returning what they wrote.

Everything inside a club is written through the club (the user's own API token is the one
write outside any club): a player is changed only through one of
their memberships, a partnership only within its club. Rule sets live in ``club.rule_sets``
and the CSV import of players in ``club.imports``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import format_lazy, slugify
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token

from club.models import (
    PARTNERSHIP_MAX_PLAYERS,
    PARTNERSHIP_MIN_PLAYERS,
    Club,
    Membership,
    Partnership,
    Player,
)
from club.selectors import club_member_count

if TYPE_CHECKING:
    from django.contrib.auth.models import User

PARTNERSHIP_SIZE_ERROR = format_lazy(
    gettext_lazy(
        "A partnership has {PARTNERSHIP_MIN_PLAYERS} or "
        "{PARTNERSHIP_MAX_PLAYERS} players, not {{n}}."
    ),
    PARTNERSHIP_MIN_PLAYERS=PARTNERSHIP_MIN_PLAYERS,
    PARTNERSHIP_MAX_PLAYERS=PARTNERSHIP_MAX_PLAYERS,
)
PARTNERSHIP_NOT_MEMBER_ERROR = gettext_lazy("{player} is not a member of {club}.")
PARTNERSHIP_TWICE_ERROR = gettext_lazy("{player} is listed twice.")
ACCOUNT_UNKNOWN_ERROR = gettext_lazy("There is no sign-in account called {username!r}.")
# Not naming the holder: they may be another club's player.
ACCOUNT_TAKEN_ERROR = gettext_lazy("The account {username!r} already belongs to another player.")
SHARED_PLAYER_ERROR = gettext_lazy(
    "{player} is also a member of another club, so their {what} cannot be changed here: a "
    "player's name, email and sign-in account are theirs, not one club's."
)
SHARED_WHAT = {"display_name": "name", "email": "email", "username": "sign-in account"}
PLAYER_IN_OTHER_CLUB_ERROR = gettext_lazy(
    "{player} plays in another club, so {club} cannot add them: they join by accepting an "
    "invitation from {club}, or by joining it themselves."
)
ALREADY_MEMBER_ERROR = gettext_lazy("{player} is already a member of {club}.")
LAST_ADMIN_ERROR = gettext_lazy(
    "{club} needs at least one club admin; make someone else admin first."
)


def _field_error(field: str, message: str, code: str) -> ValidationError:
    return ValidationError({field: ValidationError(message, code=code)})


def _in_other_club(club: Club, player: Player) -> bool:
    return Membership.objects.filter(player=player).exclude(club=club).exists()


def _refuse_player_of_other_club(club: Club, player: Player, *, field: str) -> None:
    """A player belongs to a person, not to the club that touched them last: a club adds an
    existing player only while no other club has them, or it could rename them, change
    their email and so reach into the other club's pages, sheets and emails."""
    if _in_other_club(club, player):
        raise _field_error(
            field,
            PLAYER_IN_OTHER_CLUB_ERROR.format(player=player, club=club),
            "player_in_other_club",
        )


@transaction.atomic
def club_create(*, name: str, slug: str = "", description: str = "") -> Club:
    """A new club; the short name is made from the name when not given."""
    club = Club(name=name, slug=slug or slugify(name)[:60], description=description)
    club.full_clean()
    club.save()
    return club


@transaction.atomic
def player_create(*, display_name: str, email: str = "", user: User | None = None) -> Player:
    """A new player, with a site account when given."""
    player = Player(display_name=display_name, email=email, user=user)
    player.full_clean()
    player.save()
    return player


def account_find(*, username: str) -> User:
    """The site account called ``username``. Raises ``ValidationError`` on the ``username``
    field when there is none."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise _field_error(
            "username", ACCOUNT_UNKNOWN_ERROR.format(username=username), "unknown_account"
        )
    return user


@transaction.atomic
def member_add(
    *,
    club: Club,
    display_name: str,
    email: str = "",
    username: str = "",
    role: str = Membership.Role.PLAYER,
) -> Membership:
    """Add a person to ``club``: a new player, or, when ``username`` names an account that
    already has a player in no other club, that same player.

    Raises ``ValidationError`` for an unknown account, one that is already a member, or one
    whose player plays in another club (``player_in_other_club``: that takes their consent).
    """
    player: Player | None = None
    user = None
    if username:
        user = account_find(username=username)
        player = Player.objects.filter(user=user).first()
    if player is None:
        player = player_create(display_name=display_name, email=email, user=user)
    elif Membership.objects.filter(club=club, player=player).exists():
        raise _field_error(
            "username", ALREADY_MEMBER_ERROR.format(player=player, club=club), "already_member"
        )
    else:
        _refuse_player_of_other_club(club, player, field="username")
    return membership_add(club=club, player=player, role=role)


@transaction.atomic
def player_update(
    *,
    club: Club,
    player: Player,
    display_name: str,
    email: str,
    username: str | None = None,
) -> Player:
    """Change a member's name and email; also their sign-in account when ``username`` is not
    ``None`` (``""`` unlinks it).

    The name, email and account of a player who belongs to other clubs as well cannot be
    changed from one club (``shared_player``): the name would change on the other clubs'
    sheets, their emails would go elsewhere, and the account decides what the player may do
    there. Values sent unchanged are not a change, so such a member's role can still be set
    from a form that also carries their name.
    """
    player = Player.objects.select_for_update().get(pk=player.pk, memberships__club=club)
    changed = [
        field
        for field, old, new in (
            ("display_name", player.display_name, display_name),
            ("email", player.email, email),
            ("username", player.user.username if player.user else "", username),
        )
        if new is not None and new != old
    ]
    if changed and _in_other_club(club, player):
        raise ValidationError(
            {
                field: ValidationError(
                    SHARED_PLAYER_ERROR.format(player=player, what=SHARED_WHAT[field]),
                    code="shared_player",
                )
                for field in changed
            }
        )
    player.display_name = display_name
    player.email = email
    if "username" in changed:
        user = account_find(username=username) if username else None
        if user is not None and Player.objects.filter(user=user).exclude(pk=player.pk).exists():
            raise _field_error(
                "username", ACCOUNT_TAKEN_ERROR.format(username=username), "account_taken"
            )
        player.user = user
    player.full_clean()
    player.save()
    return player


@transaction.atomic
def membership_add(*, club: Club, player: Player, role: str = Membership.Role.PLAYER) -> Membership:
    """Make ``player`` a member of ``club`` with ``role``: a player new to clubs, or one who
    left every other club (``player_in_other_club`` otherwise; joining a second club takes
    the person's consent).

    The club's member count is refreshed in the background once this commits, so the task
    never sees a membership that a rollback took back.
    """
    membership = Membership(club=club, player=player, role=role)
    # The player's row is locked so that two clubs adding the same player at once cannot
    # both find them in no other club.
    player = Player.objects.select_for_update().get(pk=player.pk)
    if Membership.objects.filter(club=club, player=player).exists():
        raise _field_error(
            "player", ALREADY_MEMBER_ERROR.format(player=player, club=club), "already_member"
        )
    _refuse_player_of_other_club(club, player, field="player")
    membership.full_clean()
    membership.save()
    refresh_member_count_on_commit(club)
    return membership


@transaction.atomic
def membership_role_change(*, club: Club, membership: Membership, role: str) -> Membership:
    """Give a member another role. The club keeps at least one club admin.

    The club's row is locked so that two admins demoting each other at once cannot leave the
    club with none.
    """
    Club.objects.select_for_update().get(pk=club.pk)
    membership = Membership.objects.select_for_update().get(pk=membership.pk, club=club)
    if membership.role == Membership.Role.CLUB_ADMIN and role != Membership.Role.CLUB_ADMIN:
        _keep_one_admin(club, leaving=membership)
    membership.role = role
    membership.full_clean()
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def membership_remove(*, club: Club, membership: Membership) -> None:
    """Take a player out of ``club`` (the player stays, with their other clubs).

    They also leave the club's partnerships they were in.
    """
    Club.objects.select_for_update().get(pk=club.pk)
    membership = Membership.objects.select_for_update().get(pk=membership.pk, club=club)
    if membership.role == Membership.Role.CLUB_ADMIN:
        _keep_one_admin(club, leaving=membership)
    for partnership in Partnership.objects.filter(club=club, players=membership.player_id):
        partnership.players.remove(membership.player_id)
    membership.delete()
    refresh_member_count_on_commit(club)


def _keep_one_admin(club: Club, *, leaving: Membership) -> None:
    others = Membership.objects.filter(club=club, role=Membership.Role.CLUB_ADMIN).exclude(
        pk=leaving.pk
    )
    if not others.exists():
        raise _field_error("role", LAST_ADMIN_ERROR.format(club=club), "last_admin")


def _partnership_players(club: Club, players: Iterable[Player]) -> list[Player]:
    players = list(players)
    if not PARTNERSHIP_MIN_PLAYERS <= len(players) <= PARTNERSHIP_MAX_PLAYERS:
        raise ValidationError(PARTNERSHIP_SIZE_ERROR.format(n=len(players)), code="size")
    seen: set[int] = set()
    for player in players:
        if player.pk in seen:
            raise ValidationError(PARTNERSHIP_TWICE_ERROR.format(player=player), code="twice")
        seen.add(player.pk)
    member_ids = set(
        Membership.objects.filter(club=club, player__in=players).values_list("player_id", flat=True)
    )
    for player in players:
        if player.pk not in member_ids:
            raise ValidationError(
                PARTNERSHIP_NOT_MEMBER_ERROR.format(player=player, club=club), code="not_member"
            )
    return players


@transaction.atomic
def partnership_create(*, club: Club, name: str, players: Iterable[Player]) -> Partnership:
    """A partnership of two or three members of ``club``.

    Raises ``ValidationError`` for the wrong number of players, for a player who is not a
    member, or for a name the club already uses.
    """
    players = _partnership_players(club, players)
    partnership = Partnership(club=club, name=name)
    partnership.full_clean()
    partnership.save()
    partnership.players.set(players)
    return partnership


@transaction.atomic
def partnership_update(
    *, club: Club, partnership: Partnership, name: str, players: Iterable[Player]
) -> Partnership:
    """Rename a partnership and set its players, with the same checks as creating one."""
    partnership = Partnership.objects.select_for_update().get(pk=partnership.pk, club=club)
    players = _partnership_players(club, players)
    partnership.name = name
    partnership.full_clean()
    partnership.save()
    partnership.players.set(players)
    return partnership


@transaction.atomic
def partnership_delete(*, club: Club, partnership: Partnership) -> None:
    Partnership.objects.filter(pk=partnership.pk, club=club).delete()


def club_member_count_refresh(*, club_id: int) -> int | None:
    """Store the club's current number of memberships; ``None`` if the club is gone.

    Idempotent: it stores a count, not an increment, so running it twice changes nothing.
    """
    count = club_member_count(club_id=club_id)
    updated = Club.objects.filter(pk=club_id).update(member_count=count)
    return count if updated else None


def refresh_member_count_on_commit(club: Club) -> None:
    # Imported here: tasks import this module.
    from club.tasks import club_member_count_refresh as refresh_task

    club_id = club.pk
    transaction.on_commit(lambda: refresh_task.delay(club_id))


@transaction.atomic
def api_token_rotate(*, user: User) -> Token:
    """A new API token for ``user``; the old one stops working. Both happen or neither: a
    failure while making the new one keeps the old. The user row is locked, so two rotations
    at once take turns instead of tripping over the one-token-per-user rule."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)
