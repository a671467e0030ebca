"""The body walk: an id or username in a request body reaches only what the caller's club may.

Club B's admin (who may do everything in club B) writes to club B's own addresses with, in
the body, one id or username of club A's. Each such write must be refused (4xx, never 2xx or
5xx), must name the field it refuses, and must change no row of the apps. An id of another
club is answered exactly as an id that was never used, so a club cannot even learn that the
other club's row exists.

Which API fields carry ids is read from the OpenAPI schema: every integer field of every
request body, and every field called ``username``, must be listed in ``ID_FIELDS`` (with how
to get a club's value for it) or in ``NOT_IDS``; a new one fails
``test_every_id_field_of_the_api_is_walked`` until it is. Every operation with an id field
needs a body in ``API_BODIES``. Pages take form posts, which the schema does not describe:
their id fields are in ``PAGE_BODIES``, and every form class of the apps must be listed there
or in ``FORMS_WITHOUT_IDS``.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from django import forms
from django.contrib.auth.models import User
from django.test import Client
from django.urls import get_resolver, reverse
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

import club.account_forms
import club.forms
import club.rules_forms
import scoring.forms
import tables.forms
import tables.member_forms
import tournaments.forms
import tournaments.publish_form
from club.models import Club, Membership, Partnership, Player, RuleSet
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PartnershipFactory,
    RuleSetFactory,
    UserFactory,
)
from tests.test_permissions import snapshot
from tests.tournaments.world import TournamentWorld, tournament_world
from tournaments.models import Entrant

# --- Two clubs ----------------------------------------------------------------------------------


@dataclass
class Side:
    """One club with a member of each role, a partnership, a rule set and a league night."""

    club: Club
    admin: User
    member: Player  # no account: the one addresses name
    partner: Player
    account: User  # the account of a member (not the admin)
    free_account: User  # an account with no player
    partnership: Partnership
    rule_set: RuleSet
    events: TournamentWorld
    second_entrant: Entrant


def side() -> Side:
    club = ClubFactory.create()
    members = {
        role.value: MembershipFactory.create(club=club, role=role, with_account=True)
        for role in Membership.Role
    }
    member = MembershipFactory.create(club=club).player
    partner = MembershipFactory.create(club=club).player
    partnership = PartnershipFactory.create(club=club, players=[member, partner])
    rule_set = RuleSetFactory.create(club=club, is_default=True)
    events = tournament_world(club, rule_set)
    second = Entrant.objects.filter(event=events.event).exclude(pk=events.entrant.pk).first()
    admin, account = members["club_admin"].player.user, members["player"].player.user
    assert admin is not None and account is not None and second is not None
    free = UserFactory.create()
    return Side(club, admin, member, partner, account, free, partnership, rule_set, events, second)


@dataclass
class Clubs:
    a: Side  # the club whose ids are sent
    b: Side  # the club that sends them, to its own addresses


@pytest.fixture
def clubs(db: None) -> Clubs:
    return Clubs(side(), side())


# --- What an id field is ------------------------------------------------------------------------


@dataclass(frozen=True)
class IdField:
    value: Callable[[Side], Any]  # this club's value
    unused: Any  # a value no row has
    like_unknown: bool = True  # another club's value is answered as ``unused`` is


UNUSED_ID = 2_000_000_000

# Body fields that name a row, by their path in the body (``[]``: in each item of a list).
ID_FIELDS: dict[str, IdField] = {
    "player": IdField(lambda s: s.member.pk, UNUSED_ID),
    "players[]": IdField(lambda s: [s.member.pk, s.partner.pk], [UNUSED_ID, UNUSED_ID + 1]),
    "partnership": IdField(lambda s: s.partnership.pk, UNUSED_ID),
    "sides[].partnership": IdField(lambda s: s.partnership.pk, UNUSED_ID),
    "seats[].player": IdField(lambda s: s.member.pk, UNUSED_ID),
    "rule_set": IdField(lambda s: s.rule_set.pk, UNUSED_ID),
    "season": IdField(lambda s: s.events.season.pk, UNUSED_ID),
    "first": IdField(lambda s: s.events.entrant.pk, UNUSED_ID),
    "second": IdField(lambda s: s.second_entrant.pk, UNUSED_ID),
    # Accounts are the site's, not a club's; another club's member's account is refused with
    # its own code (player_in_other_club, account_taken), so it is not answered as unknown.
    "username": IdField(lambda s: s.account.get_username(), "no-such-account", False),
}
# Integer body fields that are counts, seats or versions, not rows.
NOT_IDS = {
    "best_of",
    "member_table_limit",
    "rounds_planned",
    "points_cap",
    "seed",
    "first_dealer",
    "seats[].seat",
    "number",
    "version",
    "turn_seconds",
    "grace_seconds",
    "online_tables[]",
    "forfeit_minutes",
}

# A body for each API operation with an id field: ``v(path)`` gives the value of an id field.
Body = Callable[[Callable[[str], Any]], dict[str, Any]]
API_BODIES: dict[str, Body] = {
    "club_memberships_create": lambda v: {"player": v("player")},
    "club_invitations_create": lambda v: {"player": v("player"), "email": "walk@example.org"},
    "club_players_create": lambda v: {"display_name": "Walk", "username": v("username")},
    "club_players_partial_update": lambda v: {"username": v("username")},
    "club_partnerships_create": lambda v: {"name": "Walk pair", "players": v("players[]")},
    "club_partnerships_update": lambda v: {"name": "Walk pair", "players": v("players[]")},
    "club_partnerships_partial_update": lambda v: {"players": v("players[]")},
    "club_sheets_create": lambda v: {
        "rule_set": v("rule_set"),
        "sides": [{"partnership": v("sides[].partnership")}, {}],
        "seats": [{"seat": 0, "player": v("seats[].player")}],
    },
    "club_tables_create": lambda v: {
        "rule_set": v("rule_set"),
        "scheduled_at": "now",
        "seats": [{"player": v("seats[].player")}, {"bot": "random"}],
    },
    "clubs_seasons_create": lambda v: {
        "name": "Walk season",
        "format": "progressive",
        "rule_set": v("rule_set"),
    },
    "clubs_events_create": lambda v: {
        "name": "Walk night",
        "date": "2026-02-03",
        "format": "progressive",
        "rule_set": v("rule_set"),
        "season": v("season"),
    },
    "clubs_events_partial_update": lambda v: {"rule_set": v("rule_set")},
    "clubs_events_entrants_create": lambda v: {
        "partnership": v("partnership"),
        "player": v("player"),
    },
    "clubs_events_rounds_swap_create": lambda v: {
        "first": v("first"),
        "second": v("second"),
        "reason": "walk",
    },
}

# How to fill each keyword of an API path, from the club that sends.
PATH_VALUES: dict[str, Callable[[Side], object]] = {
    "slug": lambda s: s.club.slug,
    "player_id": lambda s: s.member.pk,
    "partnership_id": lambda s: s.partnership.pk,
    "event_id": lambda s: s.events.event.pk,
    "round_number": lambda s: s.events.round.number,
}


# --- The API operations, from the schema --------------------------------------------------------


@dataclass(frozen=True)
class Operation:
    id: str
    method: str
    path: str
    fields: tuple[str, ...]  # integer and username fields of the JSON body

    def __str__(self) -> str:
        return self.id


@cache
def schema() -> dict[str, Any]:
    generated: dict[str, Any] = SchemaGenerator().get_schema(request=None, public=True)
    return generated


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema()["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    if len(node.get("allOf", ())) == 1:
        return _resolve(node["allOf"][0])
    return node


def _fields(node: dict[str, Any], prefix: str = "") -> Iterator[str]:
    """Paths of the integer fields, and of fields called username, in a body schema."""
    for name, prop in _resolve(node).get("properties", {}).items():
        if prop.get("readOnly"):
            continue
        prop = _resolve(prop)
        path = f"{prefix}{name}"
        if prop.get("type") == "array":
            item = _resolve(prop["items"])
            if "properties" in item:
                yield from _fields(item, f"{path}[].")
            elif item.get("type") == "integer":
                yield f"{path}[]"
        elif "properties" in prop:
            yield from _fields(prop, f"{path}.")
        elif prop.get("type") == "integer" or name == "username":
            yield path


def operations() -> list[Operation]:
    found = []
    for path, methods in schema()["paths"].items():
        for method, operation in methods.items():
            content = operation.get("requestBody", {}).get("content", {})
            body = content.get("application/json")
            if body is not None:
                fields = tuple(_fields(body["schema"]))
                found.append(Operation(operation["operationId"], method, path, fields))
    return found


OPERATIONS = operations()
ID_OPERATIONS = [op for op in OPERATIONS if any(f in ID_FIELDS for f in op.fields)]


def test_every_id_field_of_the_api_is_walked() -> None:
    assert ID_OPERATIONS, "the schema walk found no operation with an id: it is broken"
    unlisted = sorted(
        f"{op}: {field}"
        for op in OPERATIONS
        for field in op.fields
        if field not in ID_FIELDS and field not in NOT_IDS
    )
    assert not unlisted, f"list these body fields in ID_FIELDS or NOT_IDS: {unlisted}"
    without_body = sorted(op.id for op in ID_OPERATIONS if op.id not in API_BODIES)
    assert not without_body, f"add a body to API_BODIES for: {without_body}"
    stale = sorted(set(API_BODIES) - {op.id for op in ID_OPERATIONS})
    assert not stale, f"API_BODIES names operations without id fields: {stale}"


def api_url(op: Operation, sender: Side) -> str:
    url = op.path
    for keyword, value in PATH_VALUES.items():
        url = url.replace(f"{{{keyword}}}", str(value(sender)))
    assert "{" not in url, f"{op}: add the path keyword of {url} to PATH_VALUES"
    return url


def _words(response: Any) -> str:
    return str(response.json() if response.get("Content-Type") == "application/json" else b"")


def _replaced(text: str, *values: Any, mark: str = "<id>") -> str:
    """``text`` with each of ``values`` (ids, or lists of ids) replaced by ``mark`` where it
    stands as a whole number, so "Club 656" keeps its name when the id is 6."""
    for value in values:
        for one in value if isinstance(value, list) else [value]:
            text = re.sub(rf"(?<![0-9]){re.escape(str(one))}(?![0-9])", mark, text)
    return text


@pytest.mark.parametrize(
    ("op", "field"),
    [(op, field) for op in ID_OPERATIONS for field in op.fields if field in ID_FIELDS],
    ids=lambda x: str(x),
)
def test_an_api_body_with_another_clubs_id_changes_nothing(
    clubs: Clubs, op: Operation, field: str
) -> None:
    id_field = ID_FIELDS[field]
    client = APIClient()
    client.force_authenticate(clubs.b.admin)
    url = api_url(op, clubs.b)

    def send(value: Any) -> Any:
        def v(path: str) -> Any:
            return value if path == field else ID_FIELDS[path].value(clubs.b)

        return getattr(client, op.method)(url, API_BODIES[op.id](v), format="json")

    theirs = id_field.value(clubs.a)
    before = snapshot()
    response = send(theirs)
    where = f"{op.method.upper()} {url} with club A's {field}={theirs!r}"
    assert 400 <= response.status_code < 500, f"{where}: {response.status_code}"
    assert snapshot() == before, f"{where} changed rows"
    top = field.split("[", 1)[0].split(".", 1)[0]
    assert top in _words(response), f"{where}: the refusal does not name {top}: {_words(response)}"
    if id_field.like_unknown:
        unknown = send(id_field.unused)
        assert unknown.status_code == response.status_code, where
        ids = (theirs, id_field.unused)
        assert _replaced(_words(response), *ids) == _replaced(_words(unknown), *ids), (
            f"{where}: answered unlike an unused id"
        )


# --- Pages ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    """A page post with one id field: where, which field, the post around it, a club's value."""

    name: str
    field: str
    post: Callable[[Side, Any], dict[str, Any]]
    value: Callable[[Side], Any]
    redirects: bool = False  # answers a refusal with a redirect and a message (the door)
    own: Callable[[Side], Any] | None = None  # the club's own value, when not ``value``'s
    # False where the walk's league night (progressive, round 1 published) cannot take the
    # post at all: partnership events and draft rounds. The other club's id is still sent.
    control: bool = True

    def __str__(self) -> str:
        return f"{self.name}:{self.field}"


def _member(s: Side) -> Any:
    return s.member.pk


def _username(s: Side) -> Any:
    return s.account.get_username()


def _free(s: Side) -> Any:
    return s.free_account.get_username()


def _pair(s: Side) -> Any:
    return [s.member.pk, s.partner.pk]


def _entrant(s: Side) -> Any:
    return s.events.entrant.pk


TABLE = {"scheduled_at": "2026-02-03T19:00", "turn_seconds": 60, "grace_seconds": 120}
FRIENDLY = {
    **TABLE,
    "when": "now",
    "seat_0": "me",
    "bot_name": "rule",
    "if_unanswered": "computer",
}
# Every page post that carries an id or username, by the form that reads it; one line each.
PAGE_BODIES: dict[type[forms.Form], list[Page]] = {
    club.forms.PlayerForm: [
        Page(
            "member_add",
            "username",
            lambda s, v: {"display_name": "W", "username": v, "role": "player"},
            _username,
            own=_free,
        ),
        Page(
            "member_edit",
            "username",
            lambda s, v: {"display_name": "W", "username": v, "role": "player"},
            _username,
            own=_free,
        ),
    ],
    club.forms.PartnershipForm: [
        Page("partnership_add", "players", lambda s, v: {"name": "W", "players": v}, _pair),
        Page("partnership_edit", "players", lambda s, v: {"name": "W", "players": v}, _pair),
    ],
    scoring.forms.SheetCreateForm: [
        Page(
            "sheet_new", "rules", lambda s, v: {"rules": v}, lambda s: f"rule_set:{s.rule_set.pk}"
        ),
        Page(
            "sheet_new",
            "seat_0",
            lambda s, v: {"rules": "standard:auction45", "seat_0": v},
            _member,
        ),
        Page(
            "sheet_new",
            "side_0_partnership",
            lambda s, v: {"rules": "standard:auction45", "side_0_partnership": v},
            lambda s: s.partnership.pk,
        ),
    ],
    tables.forms.TableForm: [
        Page(
            "table_new",
            "rules",
            lambda s, v: {"rules": v, **TABLE},
            lambda s: f"rules:{s.rule_set.pk}",
        ),
        Page(
            "table_new",
            "seat_0",
            lambda s, v: {"rules": "game:auction45", "seat_0": v, **TABLE},
            lambda s: f"player:{s.member.pk}",
        ),
    ],
    # A member's own tables: the rules and the club chosen, and the members invited.
    tables.forms.RulesForm: [
        Page(
            "table_practice",
            "rules",
            lambda s, v: {"at_club": s.club.slug, "rules": v, "level": "rule"},
            lambda s: f"rules:{s.rule_set.pk}",
            redirects=True,
        ),
    ],
    tables.member_forms.PracticeForm: [
        Page(
            "table_practice",
            "at_club",
            lambda s, v: {"at_club": v, "rules": "game:auction45", "level": "rule"},
            lambda s: s.club.slug,
            redirects=True,
        ),
    ],
    tables.member_forms.FriendlyForm: [
        Page(
            "table_friendly",
            "rules",
            lambda s, v: {"rules": v, **FRIENDLY},
            lambda s: f"rules:{s.rule_set.pk}",
        ),
        Page(
            "table_friendly",
            "seat_1",
            lambda s, v: {"rules": "game:auction45", **FRIENDLY, "seat_1": v},
            lambda s: f"player:{s.member.pk}",
        ),
    ],
    tournaments.forms.EventForm: [
        Page(
            "event_new",
            "rule_set",
            lambda s, v: {
                "name": "W",
                "date": "2026-02-03",
                "format": "progressive",
                "rule_set": v,
            },
            lambda s: s.rule_set.pk,
        ),
    ],
    tournaments.forms.SeasonForm: [
        Page(
            "season_new",
            "rule_set",
            lambda s, v: {"name": "W", "format": "progressive", "rule_set": v},
            lambda s: s.rule_set.pk,
        ),
    ],
    tournaments.forms.LateArrivalForm: [
        Page(
            "event_late_arrival",
            "first",
            lambda s, v: {"partnership_name": "W", "first": v, "second": s.partner.pk},
            _member,
            control=False,
        ),
    ],
    tournaments.forms.SubstituteForm: [
        Page(
            "event_substitute",
            "player_in",
            lambda s, v: {
                "entrant": s.events.entrant.pk,
                "player_out": s.events.entrant.player_id,
                "player_in": v,
                "reason": "W",
            },
            _member,
            control=False,
        ),
        Page(
            "event_substitute",
            "entrant",
            lambda s, v: {
                "entrant": v,
                "player_out": s.member.pk,
                "player_in": s.partner.pk,
                "reason": "W",
            },
            _entrant,
            control=False,
        ),
    ],
    tournaments.forms.SwapForm: [
        Page(
            "round_swap",
            "first",
            lambda s, v: {"first": v, "second": s.second_entrant.pk, "reason": "W"},
            _entrant,
            control=False,
        ),
    ],
    tournaments.forms.DoorForm: [
        Page(
            "event_door",
            "who",
            lambda s, v: {"who": v, "here": ""},
            lambda s: f"player-{s.member.pk}",
            redirects=True,
        ),
        Page(
            "event_door",
            "who",
            lambda s, v: {"who": v, "here": ""},
            lambda s: f"partnership-{s.partnership.pk}",
            redirects=True,
            control=False,
        ),
    ],
}
# Forms of the apps that carry no id or username.
FORMS_WITHOUT_IDS = {
    club.account_forms.AccountPasswordResetForm,
    club.account_forms.InvitationEmailForm,
    club.account_forms.NewAccountForm,
    club.account_forms.ProfileForm,
    club.forms.MemberSearchForm,
    club.forms.PlayersImportForm,
    club.forms.RoleForm,
    club.forms.GameChoiceForm,
    club.forms.TableSettingsForm,
    club.rules_forms.RuleSetForm,
    scoring.forms.UnlockForm,
    scoring.forms.ResolveForm,
    tournaments.forms.TiebreakFields,
    tournaments.forms.NightForm,
    tournaments.publish_form.PublishForm,
}
FORM_MODULES = (
    club.account_forms,
    club.forms,
    club.rules_forms,
    tables.forms,
    tables.member_forms,
    scoring.forms,
    tournaments.forms,
    tournaments.publish_form,
)
# URL keywords of the pages, from the club that posts.
PAGE_KWARGS: dict[str, Callable[[Side], object]] = {
    "slug": lambda s: s.club.slug,
    "player_id": lambda s: s.member.pk,
    "partnership_id": lambda s: s.partnership.pk,
    "event_id": lambda s: s.events.event.pk,
    "round_number": lambda s: s.events.round.number,
}
ID_FIELD_NAMES = ("player", "partnership", "entrant", "rule", "username", "seat", "who")
# Fields named like ids that choose no row: the username of an account being created.
NEW_NAMES = {(club.account_forms.NewAccountForm, "username")}


def test_every_form_with_an_id_is_walked() -> None:
    """A form class of the apps is either walked or declared id-free; an id-free one has no
    field that chooses a row and takes no club or event to choose from."""
    found = {
        cls
        for module in FORM_MODULES
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, forms.BaseForm) and cls.__module__ == module.__name__
    }
    unlisted = sorted(c.__qualname__ for c in found - set(PAGE_BODIES) - FORMS_WITHOUT_IDS)
    assert not unlisted, f"list these forms in PAGE_BODIES or FORMS_WITHOUT_IDS: {unlisted}"
    for cls in FORMS_WITHOUT_IDS:
        params = set(inspect.signature(cls).parameters)
        assert not params & {"club", "event", "members"}, f"{cls.__qualname__} chooses rows"
        for name, field in cls.base_fields.items():  # type: ignore[attr-defined]
            assert not isinstance(field, forms.ModelChoiceField), f"{cls.__qualname__}.{name}"
            if (cls, name) not in NEW_NAMES:
                assert not name.startswith(ID_FIELD_NAMES), f"{cls.__qualname__}.{name}"


PAGES = [page for pages in PAGE_BODIES.values() for page in pages]


def page_post(clubs: Clubs, page: Page, value: Any) -> tuple[str, Any]:
    """Post ``value`` in the page's field, as club B's admin, to club B's page."""
    keywords = get_resolver().reverse_dict.getlist(page.name)[0][0][0][1]
    url = reverse(page.name, kwargs={k: PAGE_KWARGS[k](clubs.b) for k in keywords})
    client = Client()
    client.force_login(clubs.b.admin)
    return url, client.post(url, page.post(clubs.b, value))


@pytest.mark.parametrize("page", [page for page in PAGES if page.control], ids=str)
def test_a_page_post_with_the_clubs_own_id_is_accepted(clubs: Clubs, page: Page) -> None:
    """The post around the id is a valid one: what refuses the other club's id is the id."""
    before = snapshot()
    url, response = page_post(clubs, page, (page.own or page.value)(clubs.b))
    assert response.status_code == 302, f"POST {url}: {response.status_code}"
    assert snapshot() != before, f"POST {url} with the club's own {page.field} changed nothing"


@pytest.mark.parametrize("page", PAGES, ids=str)
def test_a_page_post_with_another_clubs_id_changes_nothing(clubs: Clubs, page: Page) -> None:
    theirs = page.value(clubs.a)
    before = snapshot()
    url, response = page_post(clubs, page, theirs)
    where = f"POST {url} with club A's {page.field}={theirs!r}"
    assert response.status_code < 500, where
    if not page.redirects:
        assert response.status_code in (200, 400, 404), f"{where}: {response.status_code}"
    assert snapshot() == before, f"{where} changed rows"
