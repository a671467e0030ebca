"""The permission walk: every URL of the project, every kind of visitor.

Every URL pattern from the project's resolver is visited as an anonymous visitor, a signed-in
outsider and a member of each role. What a URL needs is read from its view, never listed here:

- ``club_required(capability)`` pages (``view.club_capability``): roles holding the capability
  get 200; anonymous visitors are sent to sign in; everyone else gets 403;
- API views with ``HasClubCapability`` (``read_capability`` / ``write_capability``): 200 (405
  for a view without GET); anonymous 401/403; everyone else 403;
- ``signed_in_view`` (``view.signed_in``): any account; anonymous visitors sign in first;
- ``public_view`` / ``public = True``: open to all.

A view may also declare ``refused_by_state`` (statuses): what it answers a visitor it lets in
when the object's state refuses them (a hint at a table that gives none, a review of a seat
they do not play; or a redirect on to it). The walk takes those statuses too from a signed-in
visitor.

A view that declares none of these fails the walk, as does a URL keyword the walk cannot fill:
add it to ``KWARG_VALUES`` (one line: how to get a value from the ``World``). Writes are
checked too: for every method a view may accept besides GET, a visitor without the write
capability is refused and no row of the apps changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from rest_framework.views import APIView

from club.invitations import token_hash
from club.models import Club, Invitation, Membership, Partnership, RuleSet
from club.permissions import ROLE_CAPABILITIES, Capability, HasClubCapability
from notices.preferences import unsubscribe_token
from scoring.models import Scoresheet
from scoring.services import handline_add, scoresheet_create
from scoring.tablecodes import tablecode_issue
from tables.models import LiveTable
from tables.services import SeatSpec, table_create
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PartnershipFactory,
    RuleSetFactory,
    UserFactory,
)
from tests.tables.helpers import play_hand
from tests.tournaments.world import TournamentWorld, tournament_world
from tournaments.models import Match, MatchTime, Seating

ROLES = ("anonymous", "outsider", *(role.value for role in Membership.Role))
# URLs that are not the project's own pages: the admin, static files, the API documentation.
SKIPPED_PREFIXES = ("admin/", "static/", "media/", "api/schema/", "api/docs/")
# Apps whose rows must not change when a write is refused.
WATCHED_APPS = ("club", "scoring", "tournaments", "engine", "authtoken")
WRITE_METHODS = ("post", "put", "patch", "delete")


@dataclass
class World:
    """A club with one signed-in member of each role, an outsider, and one of each thing."""

    club: Club
    users: dict[str, User | None]  # by role name, plus "outsider" and "anonymous" (None)
    members: dict[str, Membership]  # by role name
    member: Membership  # a player without an account: the one pages edit
    partnership: Partnership
    rule_set: RuleSet
    sheet: Scoresheet  # with one line on it, so a line's pages and endpoints can be reached
    table: LiveTable  # an online table being played (hand 1), the "player" member in seat 0
    # A league night with round 1 published, a season, a job: made on first use, since most
    # URLs need none of it and the walk builds a world for every request.
    events_made: TournamentWorld | None = None

    @property
    def finished_hand(self) -> int:
        """The table's hand 1, played to its end (only the URLs of a finished hand need it)."""
        play_hand(self.table)
        return 1

    @property
    def events(self) -> TournamentWorld:
        if self.events_made is None:
            self.events_made = tournament_world(self.club, self.rule_set)
        return self.events_made


WALK_TOKEN = "walk-invitation-token"


def _invitation(world: World) -> Invitation:
    """The club's invitation for the account-less member, whose link carries ``WALK_TOKEN``."""
    invitation, _ = Invitation.objects.get_or_create(
        token_hash=token_hash(WALK_TOKEN),
        defaults={
            "club": world.club,
            "player": world.member.player,
            "email": "walk@example.org",
            "expires_at": timezone.now() + timedelta(days=7),
        },
    )
    return invitation


# How to fill each URL keyword from the world. One line per keyword; a URL whose keyword is
# missing here fails the walk.
def _online_match(world: World) -> Match:
    """Table 1 of the walk's round, played online with every role that only reads seated at
    it: a match's time page is seen by its players and the directors, a 404 for others."""
    match = Match.objects.select_related("table").get(round=world.events.round, table__number=1)
    if not match.online:
        Match.objects.filter(pk=match.pk).update(
            online=True, starts_at=timezone.now() + timedelta(days=2)
        )
        wanted = [world.members[role].player for role in ("player", "scorer")]
        free = [
            seat
            for seat in Seating.objects.filter(table=match.table).order_by("seat")
            if seat.player not in wanted
        ]
        for player in wanted:
            if Seating.objects.filter(table=match.table, player=player).exists():
                continue
            seat = free.pop()
            elsewhere = Seating.objects.filter(round=match.round, player=player)
            moved = list(elsewhere.values_list("pk", flat=True))
            elsewhere.update(player=None)
            Seating.objects.filter(pk=seat.pk).update(player=player)
            Seating.objects.filter(pk__in=moved).update(player=seat.player)
    return match


def _match_time(world: World) -> MatchTime:
    """A proposal for the walk's online match (its times' endpoints need one)."""
    match = _online_match(world)
    return MatchTime.objects.create(match=match, at=timezone.now() + timedelta(days=1))


KWARG_VALUES: dict[str, Callable[[World], object]] = {
    "slug": lambda w: w.club.slug,
    "player_id": lambda w: w.member.player_id,
    "membership_id": lambda w: w.member.pk,
    "partnership_id": lambda w: w.partnership.pk,
    "rule_set_id": lambda w: w.rule_set.pk,
    "sheet_id": lambda w: w.sheet.pk,
    "number": lambda w: 1,
    "table_id": lambda w: w.table.pk,
    "hand_number": lambda w: w.finished_hand,
    "event_id": lambda w: w.events.event.pk,
    "season_id": lambda w: w.events.season.pk,
    "round_number": lambda w: w.events.round.number,
    "entrant_id": lambda w: w.events.entrant.pk,
    "job_id": lambda w: w.events.job.pk,
    "invitation_id": lambda w: _invitation(w).pk,
    "token": lambda w: _invitation(w) and WALK_TOKEN,
    "uidb64": lambda w: "MQ",  # a password reset link (the walk's token does not fit it)
    "unsubscribe_token": lambda w: unsubscribe_token(w.member.player_id, "table_reminder"),
    "code": lambda w: tablecode_issue(sheet=w.sheet, by=None).code,
    "table_number": lambda w: _online_match(w).table.number,
    "time_id": lambda w: _match_time(w).pk,
    "index": lambda w: 1,  # a seat of the walk's table
}


@pytest.fixture
def world(db: None) -> World:
    club = ClubFactory.create()
    members = {
        role.value: MembershipFactory.create(club=club, role=role, with_account=True)
        for role in Membership.Role
    }
    users: dict[str, User | None] = {role: m.player.user for role, m in members.items()}
    users["outsider"] = UserFactory.create()
    users["anonymous"] = None
    # The outsider is a member elsewhere: a role in another club grants nothing here.
    MembershipFactory.create(player__user=users["outsider"], role=Membership.Role.CLUB_ADMIN)
    member = MembershipFactory.create(club=club)
    partnership = PartnershipFactory.create(
        club=club, players=[member.player, members["player"].player]
    )
    rule_set = RuleSetFactory.create(club=club, is_default=True)
    sheet = scoresheet_create(club=club, by=None, rule_set=rule_set)
    handline_add(
        sheet=sheet,
        line={"bidder": 0, "bid": 20, "trump": "H", "points": [20, 10]},
        expected_number=1,
        by=None,
    )
    table = table_create(
        club=club,
        by=None,
        scheduled_at=timezone.now(),
        game_id="auction45",
        seats=[SeatSpec(player=members["player"].player)] + [SeatSpec(bot="random")] * 3,
    )
    return World(club, users, members, member, partnership, rule_set, sheet, table)


# --- The URLs and what their views declare ----------------------------------------------------


@dataclass(frozen=True)
class Route:
    name: str
    route: str
    kwargs: tuple[str, ...]
    callback: Callable[..., Any]

    def __str__(self) -> str:
        return self.route


def _walk(
    patterns: list[URLPattern | URLResolver], prefix: str, namespace: str, kwargs: tuple[str, ...]
) -> Iterator[Route]:
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        names = kwargs + tuple(pattern.pattern.regex.groupindex)
        if isinstance(pattern, URLResolver):
            inner = namespace + (f"{pattern.namespace}:" if pattern.namespace else "")
            yield from _walk(pattern.url_patterns, route, inner, names)
        elif not route.startswith(SKIPPED_PREFIXES):
            name = f"{namespace}{pattern.name}" if pattern.name else ""
            yield Route(name, route, names, pattern.callback)


ROUTES = list(_walk(get_resolver().url_patterns, "", "", ()))


@dataclass(frozen=True)
class Access:
    kind: str  # "public", "signed_in", "club" (pages) or "api"
    read: Capability | None = None
    write: Capability | None = None
    methods: tuple[str, ...] = ("post",)


def access_of(route: Route) -> Access:
    """What the view of ``route`` declares; fails the test when it declares nothing."""
    callback = route.callback
    cls = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
    if getattr(callback, "public", False) or getattr(cls, "public", False):
        return Access("public")
    if getattr(callback, "signed_in", False):
        return Access("signed_in")
    capability = getattr(callback, "club_capability", None)
    if capability is not None:
        return Access("club", capability, capability)
    if cls is not None and issubclass(cls, APIView) and HasClubCapability in cls.permission_classes:
        methods = tuple(m for m in WRITE_METHODS if hasattr(cls, m))
        return Access("api", cls.read_capability, cls.write_capability, methods)
    pytest.fail(
        f"{route} ({route.name or 'unnamed'}): its view declares no access; use "
        "club_required(...), public_view, signed_in_view, or an API view with "
        "HasClubCapability and read_capability/write_capability"
    )


def url_of(route: Route, world: World) -> str:
    if not route.name:
        pytest.fail(f"{route}: give the URL pattern a name so the walk can reverse it")
    missing = [kwarg for kwarg in route.kwargs if kwarg not in KWARG_VALUES]
    if missing:
        pytest.fail(f"{route}: add {', '.join(missing)} to KWARG_VALUES in {__name__}")
    kwargs = {kwarg: KWARG_VALUES[kwarg](world) for kwarg in route.kwargs}
    return reverse(route.name, kwargs=kwargs)


def holds(role: str, capability: Capability | None) -> bool:
    return capability is not None and capability in ROLE_CAPABILITIES.get(role, frozenset())


def client_for(world: World, role: str) -> Client:
    client = Client()
    user = world.users[role]
    if user is not None:
        client.force_login(user)
    return client


def snapshot() -> dict[str, list[str]]:
    """Every row of the watched apps, m2m tables included, to compare before and after."""
    tables = set(connection.introspection.table_names())
    return {
        model._meta.label: sorted(map(repr, model._default_manager.values_list()))
        for model in apps.get_models(include_auto_created=True)
        if model._meta.app_label in WATCHED_APPS and model._meta.db_table in tables
    }


def sent_to_sign_in(response: HttpResponse | Any) -> bool:
    return response.status_code == 302 and response["Location"].startswith(reverse("sign_in"))


# --- The walk ---------------------------------------------------------------------------------


def test_the_walk_sees_the_club_pages_and_api() -> None:
    """Guard against a walk that silently finds nothing."""
    names = {route.name for route in ROUTES}
    assert {"club_detail", "member_list", "rule_set_edit", "api_player_list"} <= names
    assert {"sheet_entry", "sheet_line_add", "api_line_detail", "api_sheet_resolve"} <= names
    assert {"table_lobby", "club_tables", "table_new", "table_detail", "table_hand"} <= names
    assert {"event_dashboard", "round_pair", "event_pairings", "api_round_list"} <= names
    assert {"api_table_list", "api_table_detail", "api_table_hand"} <= names
    assert not any(route.route.startswith("admin/") for route in ROUTES)


def refused_by_state(route: Route) -> tuple[int, ...]:
    """The statuses the view of ``route`` declares for a refusal by the object's state."""
    cls = getattr(route.callback, "cls", None) or getattr(route.callback, "view_class", None)
    declared = getattr(route.callback, "refused_by_state", None) or getattr(
        cls, "refused_by_state", None
    )
    return tuple(declared or ())


def expected_get(route: Route, access: Access, role: str, status: int) -> bool:
    """Whether ``status`` is what a GET of ``route`` as ``role`` should answer."""
    if status in refused_by_state(route) and role != "anonymous":
        return True
    if access.kind == "public":
        return status == 200 if role == "anonymous" else status in (200, 302)
    if access.kind == "signed_in":
        # A member's action (``post_only``) answers a GET 405 once signed in.
        signed_in = 405 if getattr(route.callback, "post_only", False) else 200
        return status == (302 if role == "anonymous" else signed_in)
    if access.kind == "club":
        if holds(role, access.read):
            return status == 200
        return status == (302 if role == "anonymous" else 403)
    if holds(role, access.read):  # api
        has_get = hasattr(getattr(route.callback, "cls", None), "get")
        return status == (200 if has_get else 405)
    return status in (401, 403) if role == "anonymous" else status == 403


@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_get(route: Route, world: World) -> None:
    """Every role visits the URL; one world serves them all, since a GET changes nothing."""
    access = access_of(route)
    url = url_of(route, world)
    wrong = []
    for role in ROLES:
        response = client_for(world, role).get(url)
        status = response.status_code
        if not expected_get(route, access, role, status):
            wrong.append(f"GET {url} as {role}: {status}")
        elif (
            status == 302
            and role == "anonymous"
            and access.kind != "public"
            and not sent_to_sign_in(response)
        ):
            wrong.append(f"GET {url} as {role}: sent to {response['Location']}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_refused_writes_change_nothing(route: Route, world: World) -> None:
    access = access_of(route)
    if access.kind == "public":
        return  # open to everyone by declaration (sign-in, sign-out)
    url = url_of(route, world)
    roles = [r for r in ROLES if not holds(r, access.write)]
    if access.kind == "signed_in":
        roles = ["anonymous"]
    before = snapshot()
    for role in roles:
        client = client_for(world, role)
        for method in access.methods:
            response = getattr(client, method)(url, data={}, content_type="application/json")
            where = f"{method.upper()} {url} as {role}"
            if response.status_code == 405:
                continue  # the view takes no such method (require_GET): nothing to refuse
            if role == "anonymous" and access.kind != "api":
                assert sent_to_sign_in(response), where
            else:
                assert response.status_code in (401, 403), where
    assert snapshot() == before, f"a refused write changed rows: {url}"


def test_a_view_that_declares_nothing_fails_the_walk() -> None:
    def undeclared(request: Any) -> HttpResponse:
        return HttpResponse()

    with pytest.raises(pytest.fail.Exception, match="declares no access"):
        access_of(Route("x", "x/", (), undeclared))


def test_a_url_keyword_without_a_value_fails_the_walk(world: World) -> None:
    route = Route("member_list", "clubs/<slug:slug>/<int:widget_id>/", ("slug", "widget_id"), str)
    with pytest.raises(pytest.fail.Exception, match="add widget_id to KWARG_VALUES"):
        url_of(route, world)
