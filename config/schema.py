"""OpenAPI component names that stay unique across the whole API.

Views keep their serializers nested (``PlayerListApi.InputSerializer``), so two views would
otherwise both publish a component called ``Input``. Naming a nested serializer after the
classes around it (``PlayerListInput``) keeps every name unique without renaming classes.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema


def component_name(qualname: str) -> str:
    """``PlayerListApi.InputSerializer`` → ``PlayerListInputSerializer``.

    >>> component_name("PartnershipOutputSerializer.PlayerSerializer")
    'PartnershipOutputPlayerSerializer'
    >>> component_name("ClubOutputSerializer")
    'ClubOutputSerializer'
    """
    *outer, inner = qualname.split(".")
    prefix = "".join(part.removesuffix("Serializer").removesuffix("Api") for part in outer)
    return prefix + inner


class KittyAutoSchema(AutoSchema):
    def get_serializer_name(self, serializer: Any, direction: str) -> str:
        return component_name(type(serializer).__qualname__)
