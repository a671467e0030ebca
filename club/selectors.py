"""Reads of club data. Everything inside a club is read through the club; a user's own API
token is read by its user."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from rest_framework.authtoken.models import Token

from club.models import Club, Invitation, Membership, Partnership, Player, RuleSet

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def club_list() -> QuerySet[Club]:
    """All clubs, by name."""
    return Club.objects.order_by("name")


def club_get(*, slug: str) -> Club:
    """The club with this short name. Raises ``Http404`` when there is none."""
    return get_object_or_404(Club, slug=slug)


def club_memberships(
    *, club: Club, role: str | None = None, search: str = ""
) -> QuerySet[Membership]:
    """The club's memberships with their players, by name; only one role when given, only
    names (or emails, or account names) containing ``search`` when given."""
    memberships = Membership.objects.filter(club=club).select_related("player", "player__user")
    if role:
        memberships = memberships.filter(role=role)
    search = search.strip()
    if search:
        memberships = memberships.filter(
            Q(player__display_name__icontains=search)
            | Q(player__email__icontains=search)
            | Q(player__user__username__icontains=search)
        )
    return memberships.order_by("player__display_name", "pk")


def club_membership_get(*, club: Club, membership_id: int) -> Membership:
    """One membership of the club. Raises ``Http404`` for another club's."""
    return get_object_or_404(
        Membership.objects.select_related("player", "player__user"), club=club, pk=membership_id
    )


def club_member_get(*, club: Club, player_id: int) -> Membership:
    """The membership of player ``player_id`` in the club. Raises ``Http404`` for a player who
    is not a member: another club's players are not reachable through this one."""
    return get_object_or_404(
        Membership.objects.select_related("player", "player__user"),
        club=club,
        player_id=player_id,
    )


def club_player_to_add(*, club: Club, player_id: int) -> Player | None:
    """Player ``player_id`` if the club may name them: one of its members, or a player of no
    club. ``None`` otherwise, for a player of other clubs just as for an id that does not
    exist, so a club cannot tell other clubs' players from ids never used."""
    return (
        Player.objects.filter(Q(memberships__club=club) | Q(memberships__isnull=True), pk=player_id)
        .distinct()
        .first()
    )


def club_player_in(*, club: Club, player_id: int) -> Player | None:
    """Player ``player_id`` if they are a member of the club; ``None`` otherwise."""
    return Player.objects.filter(pk=player_id, memberships__club=club).first()


def club_members_by_id(*, club: Club, player_ids: list[int]) -> list[Player]:
    """The club's players with these ids, in the order given; ids of non-members are left out."""
    found = Player.objects.filter(pk__in=player_ids, memberships__club=club).in_bulk()
    return [found[i] for i in player_ids if i in found]


def club_partnerships(*, club: Club) -> QuerySet[Partnership]:
    """The club's partnerships, by name, with their players loaded."""
    return (
        Partnership.objects.filter(club=club)
        .prefetch_related(Prefetch("players", queryset=Player.objects.order_by("display_name")))
        .order_by("name")
    )


def club_partnership_get(*, club: Club, partnership_id: int) -> Partnership:
    """One partnership of the club. Raises ``Http404`` for another club's."""
    return get_object_or_404(club_partnerships(club=club), pk=partnership_id)


def club_rule_sets(*, club: Club, game: str | None = None) -> QuerySet[RuleSet]:
    """The club's rule sets by game then name; only one game's when given."""
    rule_sets = RuleSet.objects.filter(club=club)
    if game:
        rule_sets = rule_sets.filter(game=game)
    return rule_sets.order_by("game", "name")


def club_rule_set_get(*, club: Club, rule_set_id: int) -> RuleSet:
    """One rule set of the club. Raises ``Http404`` for another club's."""
    return get_object_or_404(RuleSet, club=club, pk=rule_set_id)


def club_default_rule_set(*, club: Club, game: str) -> RuleSet | None:
    """The rule set the club uses for ``game`` unless another is chosen."""
    return RuleSet.objects.filter(club=club, game=game, is_default=True).first()


def club_member_count(*, club_id: int) -> int:
    """How many memberships the club has, counted now (``Club.member_count`` may lag)."""
    return Membership.objects.filter(club_id=club_id).count()


def api_token_of(*, user: User) -> Token | None:
    """The user's API token, if they have made one."""
    return Token.objects.filter(user=user).first()


def club_invitations(*, club: Club, player_id: int | None = None) -> QuerySet[Invitation]:
    """The club's invitations, newest first; only those for one player when given."""
    invitations = Invitation.objects.filter(club=club).select_related("player", "created_by")
    if player_id is not None:
        invitations = invitations.filter(player_id=player_id)
    return invitations.order_by("-created", "-pk")


def club_invitation_get(*, club: Club, invitation_id: int) -> Invitation:
    """One invitation of the club. Raises ``Http404`` for another club's."""
    return get_object_or_404(club_invitations(club=club), pk=invitation_id)


def clubs_of(*, user: User) -> QuerySet[Club]:
    """The clubs ``user`` is a member of, by name (none for an account with no player)."""
    return Club.objects.filter(memberships__player__user=user).distinct().order_by("name")


def person_name(*, user: User) -> str:
    """How the site greets ``user``: their player's name, else the account's full name; the
    username, an id chosen to sign in with, only when the account has neither."""
    player = player_of(user=user)
    if player is not None and player.display_name:
        return player.display_name
    return user.get_full_name() or user.get_username()


def player_of(*, user: User) -> Player | None:
    """The player ``user`` signs in as, if the account has one."""
    return Player.objects.filter(user=user).first()
