"""The hand-by-hand entry's API, which the page's script calls (``static/kitty/hand.js``): POST
adds the hand tapped on the pad, GET follows the sheet (what changed since the revision the
phone shows). The page itself answers HTML only, and takes the same hand as a plain form post when
the phone runs no script.

Two doors, the same answers:

- a club's sheet, ``/api/clubs/<slug>/sheets/<id>/hand/``: signed in as on the page, a member
  follows the sheet, a scorer or a player seated at the table whose code is live
  (``scoring.seated``) adds hands;
- a table's code, ``/api/t/<code>/``: no account, the code in the address opens its one sheet
  as the table's page does (``scoring.table_session``), and the session it is remembered in
  is a cookie, so a change must carry the page's CSRF token.

The hand comes as the pad's form sends it (seats counted from 1, as on the page's buttons),
not as the lines API reads a line (``scoring.api_lines``). A refused hand answers the API's
refusal, its message in the page's words, with the next hand's number (``stale``: somebody
added hands meanwhile, and the phone renumbers those it keeps).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, cast

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotFound
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from club.acting import acting_user
from club.api_errors import DENIED, NOT_FOUND, ErrorItemSerializer, error, refusal_response
from club.errors import DomainError
from club.permissions import Capability
from scoring import lineform, services, tablecodes
from scoring.api import SheetApi
from scoring.hand_answers import hand_added, hand_refused, pad_reader, sheet_news
from scoring.models import HandLine, Scoresheet, TableCode
from scoring.seated import seated_at_sheet
from scoring.table_session import SHEET_UNKNOWN, phone_of, table_code_open

SINCE = OpenApiParameter(
    "since",
    str,
    required=False,
    description="The sheet's revision the phone shows: nothing but the revision comes back "
    "while it is still the sheet's.",
)
# The operations of /api/t/: named for what they are reached by, not for the address's "t".
TABLE_CODES = ["table codes"]
GONE = error(
    "The table code was withdrawn, or its event is finished (code 'code_revoked', "
    "'event_finished')."
)
CODE_UNKNOWN = error("No such table code (code 'code_unknown').")
CODE_CLOSED = error("The sheet is confirmed: the table's entry is closed (code 'sheet_confirmed').")


# --- What goes in and out ----------------------------------------------------------------------


class HandInputSerializer(serializers.Serializer[Any]):
    """The pad's form, as the page posts it. Besides these, the game's own inputs: the points
    or books per side (``points_0``, ``books_1``…), pitch's categories (``cat_high``…), and
    the rest of the line (docs/rules.md, 'Scoresheet lines')."""

    number = serializers.CharField(
        required=False, help_text="The number this hand gets: the count of hands so far plus one."
    )
    client_key = serializers.CharField(
        required=False,
        max_length=64,
        help_text="The phone's own key for this hand: sent again with the same key, it is "
        "added once.",
    )
    dealer = serializers.CharField(
        required=False, help_text="The dealer's seat, from 1 as on the page's buttons."
    )
    bidder = serializers.CharField(
        required=False, help_text="The bidder's seat, from 1 as on the page's buttons."
    )
    bid = serializers.CharField(required=False)
    trump = serializers.CharField(required=False)


class RecentHandSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    summary = serializers.CharField(help_text="The hand, its result and the totals after it.")


class HandAddedSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    client_key = serializers.CharField()
    notice = serializers.CharField(help_text="'Line 5 added.', in the reader's language.")
    sides = serializers.ListField(child=serializers.CharField())
    totals = serializers.ListField(child=serializers.IntegerField())
    next_number = serializers.IntegerField()
    next_dealer = serializers.IntegerField(
        allow_null=True, help_text="The next dealer's seat, from 1 as on the page's buttons."
    )
    is_over = serializers.BooleanField()
    end_text = serializers.CharField(help_text="Who won and why, once the game is over.")


class HandRefusalSerializer(ErrorItemSerializer):
    next_number = serializers.IntegerField(help_text="The number the next hand gets now.")


class SheetNewsSerializer(serializers.Serializer[Any]):
    """Only ``revision`` and ``changed`` while the phone shows the sheet as it is."""

    revision = serializers.IntegerField()
    changed = serializers.BooleanField()
    totals = serializers.ListField(child=serializers.IntegerField(), required=False)
    recent = RecentHandSerializer(many=True, required=False, help_text="The last hands.")
    next_number = serializers.IntegerField(required=False)
    next_dealer = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="The next dealer's seat, from 1 as on the page's buttons.",
    )
    is_over = serializers.BooleanField(required=False)
    is_locked = serializers.BooleanField(required=False)


HAND_ANSWERS: dict[int, Any] = {
    201: HandAddedSerializer,
    400: HandRefusalSerializer,
    403: DENIED,
    409: HandRefusalSerializer,
}


def _pad(request: Request) -> Mapping[str, Any]:
    """The pad's form (the views read forms only: a ``QueryDict``)."""
    return cast(Mapping[str, Any], request.data)


def _added_or_refused(request: Request, add: Callable[..., HandLine], *, sheet_id: int) -> Response:
    """Add the pad's hand with ``add(line=…, expected_number=…, client_key=…)``: 201 and the
    line added, or the refusal in the page's words with the next number."""
    pad = _pad(request)
    try:
        added = add(
            line=pad_reader(pad),
            expected_number=lineform.whole_number(str(pad.get("number", ""))) or 0,
            client_key=str(pad.get("client_key", "")).strip(),
        )
    except DomainError as refused:
        sheet = Scoresheet.objects.filter(pk=sheet_id).first()  # as the refusal left it
        if sheet is None:
            return refusal_response(refused)
        return refusal_response(refused, **hand_refused(sheet, refused, pad))
    return Response(hand_added(added), status=status.HTTP_201_CREATED)


# --- A table's code ----------------------------------------------------------------------------


class TableCodeAuthentication(SessionAuthentication):
    """The table's phone, by the code in the address: it opens the code's one sheet, or
    refuses as the table's page does (unknown 404, withdrawn 410, sheet confirmed 409, too
    many wrong guesses 429). A change must carry the CSRF token, the session being a cookie.
    """

    def authenticate(self, request: Request) -> tuple[Any, TableCode] | None:
        code = (request.parser_context or {}).get("kwargs", {}).get("code")
        if code is None:
            return None
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            self.enforce_csrf(request)
        table_code = table_code_open(request._request, code)
        # Signed in or not, the phone stays who it is; the code is what lets it in.
        return request._request.user, table_code


class TableCodeScheme(OpenApiAuthenticationExtension):
    """``TableCodeAuthentication`` in the schema: the code is in the address, and the session
    cookie the table's page set carries the phone's id (and the CSRF check) from there."""

    target_class = TableCodeAuthentication
    name = "tableCode"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": settings.SESSION_COOKIE_NAME,
            "description": "A table's phone, without an account: the table code printed on "
            "its sheet, in the address, opens that one sheet. Changes carry the page's CSRF "
            "token (csrfmiddlewaretoken), as its form does.",
        }


class HoldsTableCode(BasePermission):
    """The request came with a live table code (``TableCodeAuthentication``)."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return isinstance(request.auth, TableCode)


class TableHandApi(APIView):
    """The table's phone adds the hand tapped on its pad to its code's sheet (POST), and
    follows the sheet (GET): another phone at the table follows the first.

    The hall's phones share one address, so the API's budget per address is not theirs:
    wrong codes have their own count, per phone and per address (``scoring.tablecodes``).
    """

    # Open to anyone holding the code: the code in the address is the key (as /t/<code>/).
    public = True
    authentication_classes = [TableCodeAuthentication]
    permission_classes = [HoldsTableCode]
    throttle_classes: list[type] = []
    parser_classes = [FormParser, MultiPartParser]

    def table_code(self, request: Request) -> TableCode:
        return cast(TableCode, request.auth)

    @extend_schema(
        parameters=[SINCE],
        responses={200: SheetNewsSerializer, 404: CODE_UNKNOWN, 409: CODE_CLOSED, 410: GONE},
        operation_id="table_code_news",
        tags=TABLE_CODES,
    )
    def get(self, request: Request, code: str) -> Response:
        sheet = self.table_code(request).sheet
        return Response(sheet_news(sheet, str(request.query_params.get("since", ""))))

    @extend_schema(
        request=HandInputSerializer,
        responses={**HAND_ANSWERS, 404: CODE_UNKNOWN, 410: GONE},
        operation_id="table_code_hand_create",
        tags=TABLE_CODES,
    )
    def post(self, request: Request, code: str) -> Response:
        table_code = self.table_code(request)
        sent_for = str(_pad(request).get("sheet", ""))
        if sent_for and sent_for != str(table_code.sheet_id):
            raise NotFound(SHEET_UNKNOWN)
        add = partial(tablecodes.table_line_add, code=table_code, phone=phone_of(request._request))
        return _added_or_refused(request, add, sheet_id=table_code.sheet_id)


# --- A club's sheet ----------------------------------------------------------------------------


class SheetHandApi(SheetApi):
    """Where the sheet stands, for its hand-by-hand page (members: GET), and the hand tapped
    on the pad (POST): scorers enter any sheet; a player, the sheet of the table they sit at
    while its code is live (``scoring.seated``), as on the page."""

    write_capability = Capability.SCORE
    or_when = staticmethod(seated_at_sheet)
    parser_classes = [FormParser, MultiPartParser]

    @extend_schema(
        parameters=[SINCE],
        responses={200: SheetNewsSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_sheets_hand_news",
    )
    def get(self, request: Request, slug: str, sheet_id: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        return Response(sheet_news(sheet, str(request.query_params.get("since", ""))))

    @extend_schema(
        request=HandInputSerializer,
        responses={**HAND_ANSWERS, 404: NOT_FOUND},
        operation_id="club_sheets_hand_create",
    )
    def post(self, request: Request, slug: str, sheet_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        add = partial(
            services.handline_add_to, club=club, sheet_id=sheet_id, by=acting_user(request)
        )
        return _added_or_refused(request, add, sheet_id=sheet_id)
