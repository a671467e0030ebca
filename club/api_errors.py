"""How the API refuses a request: one shape for every refusal, made in one place.

Every answer of 400 and above is ``{"code": str, "message": str, "field": str | null}``:

- ``code`` is stable and meant for programs: DRF's codes for what it checks itself
  (``required``, ``invalid``, ``max_length``, ``invalid_choice``, ``parse_error``,
  ``not_authenticated``, ``permission_denied``, ``not_found``, ``method_not_allowed``,
  ``unsupported_media_type``, ``throttled``…), the code a service gives its
  ``ValidationError`` (e.g. ``player_in_other_club``), or the code of a domain error
  (``club.errors.DomainError``: a refused line's reason, docs/rules.md#line-codes; ``stale``,
  ``locked``…);
- ``message`` says what is wrong in plain words;
- ``field`` names the input at fault, dotted into nested input (``options.renege``,
  ``seats.1.player``), or is null.

Invalid input can hold several problems at once: the answer then also carries ``errors``, the
list of every one of them in the same shape (the first is the one at the top). A throttled
request (429) carries ``Retry-After`` with the seconds to wait.

A view lets a refusal go up, and ``exception_handler`` answers it; a view that says more
than the refusal (the hand entry's next number) answers it with ``refusal_response``, the one
way a refusal becomes JSON. A ``DomainError`` answers its own ``status`` (400, or 409 when
the object's state is in the way) with its ``as_dict()`` body.

``exception_handler`` is the project's DRF exception handler (``REST_FRAMEWORK`` in
settings); ``not_found`` and ``server_error`` answer the same shape under /api/ where no API
view does (``handler404`` and ``handler500`` in ``config.urls``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext, gettext_lazy
from django.views import defaults
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from club.errors import DomainError

INVALID = "invalid"
NON_FIELD = ("non_field_errors", "__all__")


def error_body(code: str, message: str, field: str | None = None) -> dict[str, Any]:
    return {"code": code, "message": message, "field": field}


def _path(prefix: str | None, key: object) -> str | None:
    if str(key) in NON_FIELD:
        return prefix
    return f"{prefix}.{key}" if prefix else str(key)


def _detail_items(detail: Any, field: str | None = None) -> Iterator[dict[str, Any]]:
    """DRF's nested error detail (dicts by field, lists by position) as flat coded items."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            yield from _detail_items(value, _path(field, key))
    elif isinstance(detail, list):
        nested = any(isinstance(item, dict | list) for item in detail)
        for index, item in enumerate(detail):
            # A list of strings is the messages of one field; a list holding dicts or lists
            # is per position (``sides``, ``seats``), and an empty dict there means "fine".
            yield from _detail_items(item, _path(field, index) if nested else field)
    else:
        yield error_body(getattr(detail, "code", None) or INVALID, str(detail), field)


def _django_items(error: DjangoValidationError) -> Iterator[dict[str, Any]]:
    """A service's ``ValidationError`` as coded items: its own ``code`` when it set one."""
    if hasattr(error, "error_dict"):
        for key, errors in error.error_dict.items():
            field = _path(None, key)
            for one in errors:
                for message in one.messages:
                    yield error_body(one.code or INVALID, message, field)
        return
    for one in error.error_list:
        for message in one.messages:
            yield error_body(one.code or INVALID, message, None)


def refusal(items: list[dict[str, Any]]) -> dict[str, Any]:
    """The body for invalid input: the first problem at the top, every one under ``errors``."""
    if not items:
        items = [error_body(INVALID, "Invalid input.")]
    return {**items[0], "errors": items}


def refusal_response(error: DomainError, **more: Any) -> Response:
    """A domain refusal as the API answers it: ``{code, message, field}`` with the error's
    status, the request's writes rolled back. ``more`` is what a view says besides, or in
    other words (the hand entry's ``next_number``, its message in the page's words)."""
    set_rollback()
    return Response({**error.as_dict(), **more}, status=error.status)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every error a view lets out, as ``{code, message, field}`` with DRF's status and
    headers (``Retry-After``, ``Allow``). What is not a refusal (a bug) still raises: a 500."""
    if isinstance(exc, DomainError):
        return refusal_response(exc)
    if isinstance(exc, DjangoValidationError):
        response = drf_exception_handler(exceptions.ValidationError(), context)
        if response is not None:
            response.data = refusal(list(_django_items(exc)))
        return response
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(exc, exceptions.ValidationError):
        response.data = refusal(list(_detail_items(exc.detail)))
    elif isinstance(exc, exceptions.Throttled):
        wait = getattr(exc, "wait", None)
        seconds = (
            gettext(" Try again in {wait} seconds.").format(wait=wait) if wait is not None else ""
        )
        response.data = error_body(
            "throttled", gettext("Too many requests.{seconds}").format(seconds=seconds)
        )
    else:
        detail = exc.detail
        code = getattr(detail, "code", None) or exc.default_code
        response.data = error_body(str(code), str(detail))
    return response


# --- Outside DRF: addresses no API view answers ------------------------------------------------

API_PREFIX = "/api/"


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The project's 404 (``handler404``): under /api/ (an unknown address, or a path segment
    that is not a number where one is expected) the API's JSON refusal, not the HTML page."""
    if request.path.startswith(API_PREFIX):
        body = error_body(
            "not_found", gettext("There is no API address {path}.").format(path=request.path)
        )
        return JsonResponse(body, status=404)
    return defaults.page_not_found(request, exception or Http404())


def server_error(request: HttpRequest) -> HttpResponse:
    """The project's 500 (``handler500``): JSON under /api/, so a client can always read it."""
    if request.path.startswith(API_PREFIX):
        body = error_body("server_error", "Something went wrong on the server; it is logged.")
        return JsonResponse(body, status=500)
    return defaults.server_error(request)


# --- In the schema --------------------------------------------------------------------------


class ErrorItemSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(
        help_text=gettext_lazy(
            "Stable code: DRF's (required, invalid, not_found, throttled…), a "
            "service's, or a refused line's reason code (docs/rules.md, 'Refusal "
            "codes')."
        )
    )
    message = serializers.CharField(help_text=gettext_lazy("What is wrong, in plain words."))
    field = serializers.CharField(
        allow_null=True,
        help_text=gettext_lazy(
            "The input at fault, dotted into nested input (options.renege, "
            "seats.1.player), or null."
        ),
    )


class ErrorSerializer(ErrorItemSerializer):
    """Every refusal of the API. ``errors`` comes with invalid input: every problem found."""

    # The metaclass takes declared fields out of the class: this does not hide ``.errors``.
    errors = ErrorItemSerializer(  # type: ignore[assignment]
        many=True,
        required=False,
        help_text=gettext_lazy("Invalid input: every problem, the first as above."),
    )


def error(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=ErrorSerializer, description=description)


BAD_REQUEST = error(
    'Invalid input: {"code": "required", "message": "This field is required.", '
    '"field": "display_name", "errors": [...]}.'
)
DENIED = error(
    "Not signed in (code 'not_authenticated'), or your role in this club does not allow this "
    "(code 'permission_denied')."
)
NOT_FOUND = error("No such club or object (code 'not_found').")
CONFLICT = error("The object's state is in the way of this change.")
# Added to every operation by ``config.schema.KittyAutoSchema`` where they apply.
COMMON = {
    400: BAD_REQUEST,
    403: DENIED,
    404: NOT_FOUND,
    405: error("The address does not take this method (code 'method_not_allowed')."),
    415: error("The body is not of a type this operation reads (code 'unsupported_media_type')."),
    429: error(
        "Too many requests (code 'throttled'): wait the seconds the Retry-After header gives."
    ),
}
