"""How the API answers errors: Django ``ValidationError`` from services as 400, like DRF's own.

Shapes, documented in the schema through the serializers below:

- 400: ``{"<field>": ["message", ...], ...}``; errors not tied to a field under
  ``non_field_errors``.
- 401/403/404: ``{"detail": "message"}``.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def django_error_detail(error: DjangoValidationError) -> dict[str, Any]:
    if hasattr(error, "error_dict"):
        return {
            ("non_field_errors" if field == "__all__" else field): messages
            for field, messages in error.message_dict.items()
        }
    return {"non_field_errors": error.messages}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DjangoValidationError):
        exc = ValidationError(detail=django_error_detail(exc))
    return drf_exception_handler(exc, context)


class DetailSerializer(serializers.Serializer[Any]):
    detail = serializers.CharField()


BAD_REQUEST = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description='Invalid input: {"<field>": ["what is wrong", ...]}.',
)
DENIED = OpenApiResponse(
    response=DetailSerializer,
    description="Not signed in, or your role in this club does not allow this.",
)
NOT_FOUND = OpenApiResponse(response=DetailSerializer, description="No such club or object.")
