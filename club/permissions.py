"""Who may do what in a club: roles mapped to capabilities, checked in one place.

Every page and API endpoint that shows or changes club data names the capability it needs;
views use ``club_required`` and the API uses ``HasClubCapability``, both backed by
``capabilities_for``. Roles:

- *player*: reads the club (members, partnerships, sheets, events).
- *scorer*: also starts scoresheets and enters, corrects and double-enters lines.
- *director*: also runs events (check-in, pairings), confirms and unlocks sheets, resolves
  double entry, and looks after players and partnerships.
- *club admin*: also manages memberships and roles, rule sets and the club itself.

Site superusers hold every capability in every club. Anonymous visitors hold none: public
pages (club list, public standings) do not go through this module.

Every view says who may reach it, and ``tests/test_permissions.py`` reads that declaration
for every URL of the project: ``club_required`` sets ``club_capability`` on the view,
``public_view`` sets ``public``, ``signed_in_view`` sets ``signed_in``; API views set
``read_capability`` / ``write_capability`` (club data) or ``public = True``.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from functools import wraps
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy
from rest_framework.permissions import BasePermission

from club.models import Club, Membership, MembershipRole

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
    from rest_framework.request import Request
    from rest_framework.views import APIView

P = ParamSpec("P")
V = TypeVar("V", bound=Callable[..., Any])


class Capability(StrEnum):
    VIEW = "view"
    SCORE = "score"
    DIRECT = "direct"
    ADMIN = "admin"


ROLE_CAPABILITIES: dict[str, frozenset[Capability]] = {
    MembershipRole.PLAYER: frozenset({Capability.VIEW}),
    MembershipRole.SCORER: frozenset({Capability.VIEW, Capability.SCORE}),
    MembershipRole.DIRECTOR: frozenset({Capability.VIEW, Capability.SCORE, Capability.DIRECT}),
    MembershipRole.CLUB_ADMIN: frozenset(Capability),
}

#: The roles from the least to the most: a role is above another when it comes later.
ROLE_ORDER: tuple[str, ...] = (
    MembershipRole.PLAYER,
    MembershipRole.SCORER,
    MembershipRole.DIRECTOR,
    MembershipRole.CLUB_ADMIN,
)

#: Why a capability is refused, in the reader's language (the page's, or the API request's).
DENIED_MESSAGE = {
    Capability.VIEW: gettext_lazy("Only members of {club} can see this."),
    Capability.SCORE: gettext_lazy(
        "Only scorers, directors and admins of {club} can enter scores."
    ),
    Capability.DIRECT: gettext_lazy("Only directors and admins of {club} can do this."),
    Capability.ADMIN: gettext_lazy("Only admins of {club} can do this."),
}


def role_in(user: AbstractBaseUser | AnonymousUser, club: Club) -> str | None:
    """The user's role in ``club`` through their player, if any; read with the club when it
    came from ``club_for_viewer`` for this user."""
    if not user.is_authenticated:
        return None
    if getattr(club, "viewer_pk", None) == user.pk:
        return getattr(club, "viewer_role", None)
    return (
        Membership.objects.filter(club=club, player__user_id=user.pk)
        .values_list("role", flat=True)
        .first()
    )


def club_for_viewer(slug: str, user: AbstractBaseUser | AnonymousUser) -> Club:
    """The club with this short name, with ``user``'s role in it read by the same query:
    every club page and endpoint needs both, and one query fewer counts on the pages typed
    into all evening. Raises ``Http404`` when there is no such club."""
    clubs = Club.objects.all()
    if user.is_authenticated:
        role = Membership.objects.filter(club=OuterRef("pk"), player__user_id=user.pk)
        clubs = clubs.annotate(viewer_role=Subquery(role.values("role")[:1]))
    club = get_object_or_404(clubs, slug=slug)
    if user.is_authenticated:
        club.viewer_pk = user.pk  # type: ignore[attr-defined]  # whose role viewer_role is
    return club


def capabilities_for(user: AbstractBaseUser | AnonymousUser, club: Club) -> frozenset[Capability]:
    """Everything ``user`` may do in ``club`` (empty for anonymous visitors and outsiders)."""
    if not user.is_authenticated:
        return frozenset()
    if getattr(user, "is_superuser", False):
        return frozenset(Capability)
    role = role_in(user, club)
    return ROLE_CAPABILITIES.get(role, frozenset()) if role else frozenset()


def has_capability(
    user: AbstractBaseUser | AnonymousUser, club: Club, capability: Capability
) -> bool:
    return capability in capabilities_for(user, club)


def role_held(user: AbstractBaseUser | AnonymousUser, club: Club) -> str | None:
    """The role ``user`` acts with in ``club``: their membership's, a club admin's for site
    superusers, none for outsiders."""
    if getattr(user, "is_superuser", False) and user.is_authenticated:
        return MembershipRole.CLUB_ADMIN
    return role_in(user, club)


def role_capped(role: str, cap: str | None) -> str:
    """``role``, or ``cap`` when ``role`` is above it (a player's when there is no cap)."""
    limit = ROLE_ORDER.index(cap) if cap in ROLE_ORDER else 0
    return ROLE_ORDER[min(ROLE_ORDER.index(role), limit)] if role in ROLE_ORDER else role


def may_hand_on(user: AbstractBaseUser | AnonymousUser, club: Club, role: str) -> bool:
    """Whether ``user`` may let another person into ``role`` (an invitation to claim a player
    who has it): a role no higher than their own, or any with the capability that grants
    roles (club admins). A director who could hand on a club admin's role could make
    themselves one, with a second account."""
    if Capability.ADMIN in capabilities_for(user, club):
        return True
    return role_capped(role, role_held(user, club)) == role


def denied_message(club: Club, capability: Capability) -> str:
    return DENIED_MESSAGE[capability].format(club=club.name)


def club_required(
    capability: Capability,
    *,
    or_when: Callable[..., bool] | None = None,
) -> Callable[
    [Callable[Concatenate[HttpRequest, Club, P], HttpResponse]],
    Callable[Concatenate[HttpRequest, str, P], HttpResponse],
]:
    """View decorator: resolve ``slug`` to the club and require ``capability`` there.

    Anonymous visitors are sent to sign in; signed-in users without the capability get 403.
    The wrapped view receives the club instead of the slug, and ``request.club_capabilities``
    so templates can show only the buttons the user may press.

    ``or_when(request, club, **kwargs)`` lets in a signed-in user without the capability for
    this one thing (a player seated at the sheet their table scores); their
    ``club_capabilities`` stay what their role gives, so the view knows who came in this way.
    """

    def decorator(
        view: Callable[Concatenate[HttpRequest, Club, P], HttpResponse],
    ) -> Callable[Concatenate[HttpRequest, str, P], HttpResponse]:
        @wraps(view)
        def wrapper(
            request: HttpRequest, slug: str, *args: P.args, **kwargs: P.kwargs
        ) -> HttpResponse:
            club = club_for_viewer(slug, request.user)
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            capabilities = capabilities_for(request.user, club)
            if capability not in capabilities and not (
                or_when is not None and or_when(request, club, **kwargs)
            ):
                raise PermissionDenied(denied_message(club, capability))
            request.club_capabilities = capabilities  # type: ignore[attr-defined]
            return view(request, club, *args, **kwargs)

        wrapper.club_capability = capability  # type: ignore[attr-defined]
        return wrapper

    return decorator


def public_view(view: V) -> V:
    """Mark a view as open to everyone, anonymous visitors included (no club data behind it)."""
    view.public = True  # type: ignore[attr-defined]
    return view


def signed_in_view(view: V) -> V:
    """Require a signed-in user (any account, no club role): the user's own things."""
    wrapped = login_required(view)
    wrapped.signed_in = True  # type: ignore[attr-defined]
    return wrapped


class HasClubCapability(BasePermission):
    """DRF permission: the view's club (from ``get_club``) must grant the capability.

    Views set ``read_capability`` (GET/HEAD/OPTIONS) and ``write_capability`` (other
    methods) and implement ``get_club(request, **kwargs) -> Club``. A view may also set
    ``or_when(request, club, **kwargs) -> bool``, as ``club_required`` takes it: it lets in a
    signed-in user without the capability for this one thing (a player seated at the sheet
    their table scores).
    """

    message: str | Promise = gettext_lazy("You do not have permission for this club.")

    def has_permission(self, request: Request, view: APIView) -> bool:
        if not request.user or not request.user.is_authenticated:
            return False
        club: Club = view.get_club(request, **view.kwargs)  # type: ignore[attr-defined]
        safe = request.method in ("GET", "HEAD", "OPTIONS")
        needed: Capability = getattr(
            view, "read_capability" if safe else "write_capability", Capability.ADMIN
        )
        if has_capability(request.user, club, needed):
            return True
        or_when = getattr(view, "or_when", None)
        if or_when is not None and or_when(request, club, **view.kwargs):
            return True
        self.message = denied_message(club, needed)
        return False


def capability_context(request: HttpRequest) -> dict[str, Any]:
    """Template context: ``can`` maps capability names to booleans for the current club."""
    capabilities: frozenset[Capability] = getattr(request, "club_capabilities", frozenset())
    return {"can": {c.value: c in capabilities for c in Capability}}
