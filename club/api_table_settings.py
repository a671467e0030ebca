"""The club's rules for members' tables: read by members, set by directors and admins.

``PATCH`` takes any of the three settings; those left out keep their value. A limit out of
range answers 400 ``{"code": "bad_limit", "field": "member_table_limit"}``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from club.api import ClubApi
from club.api_errors import DENIED, NOT_FOUND, error
from club.models import Club
from club.permissions import Capability
from club.table_settings import FIELDS, club_table_settings_set

BAD_LIMIT = error(
    'Invalid input: {"code": "bad_limit", "message": "…", "field": "member_table_limit"} for a '
    "limit out of range, or DRF's codes for a value that is not a boolean or a number."
)


class TableSettingsOutputSerializer(serializers.ModelSerializer[Club]):
    class Meta:
        model = Club
        fields = list(FIELDS)


class TableSettingsApi(ClubApi):
    read_capability = Capability.VIEW
    write_capability = Capability.DIRECT

    class InputSerializer(serializers.Serializer[Any]):
        members_start_tables = serializers.BooleanField(required=False)
        # The range is the service's to check, so the API answers its ``bad_limit``.
        member_table_limit = serializers.IntegerField(required=False)
        friendly_tables_listed = serializers.BooleanField(required=False)

    @extend_schema(
        responses={200: TableSettingsOutputSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_table_settings_retrieve",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = self.get_club(request, slug=slug)
        return Response(TableSettingsOutputSerializer(club).data)

    @extend_schema(
        request=InputSerializer,
        responses={
            200: TableSettingsOutputSerializer,
            400: BAD_LIMIT,
            403: DENIED,
            404: NOT_FOUND,
        },
        operation_id="club_table_settings_partial_update",
    )
    def patch(self, request: Request, slug: str) -> Response:
        club = self.get_club(request, slug=slug)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = {field: data.validated_data.get(field, getattr(club, field)) for field in FIELDS}
        club = club_table_settings_set(club=club, by=request.user, **values)
        return Response(TableSettingsOutputSerializer(club).data)
