"""OpenAPI component names that stay unique across the whole API.

Views keep their serializers nested (``PlayerListApi.InputSerializer``), so two views would
otherwise both publish a component called ``Input``. Naming a nested serializer after the
classes around it (``PlayerListInput``) keeps every name unique without renaming classes.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema

from club.api_errors import COMMON


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

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        """The view's own operation, plus every refusal it can answer (``COMMON`` in
        ``club.api_errors``) that the view did not describe itself: the schema lists each
        status code an operation returns without every view repeating them."""
        operation: dict[str, Any] | None = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        responses = operation.setdefault("responses", {})
        for status in refusal_codes(
            public=getattr(self.view, "public", False),
            has_path_parameters="{" in self.path,
            has_query=any(p.get("in") == "query" for p in operation.get("parameters", [])),
            has_body="requestBody" in operation,
        ):
            if str(status) not in responses:
                responses[str(status)] = self._get_response_for_code(COMMON[status], str(status))
        return operation


def refusal_codes(
    *, public: bool, has_path_parameters: bool, has_query: bool, has_body: bool
) -> list[int]:
    """The refusals an operation can answer: 400 where it reads input (body or query), 403
    where a club role is checked, 404 where the path names something, 415 where it reads a
    body; 405 and 429 anywhere.

    >>> refusal_codes(public=True, has_path_parameters=False, has_query=False, has_body=False)
    [405, 429]
    """
    codes = {405, 429}
    if has_body or has_query:
        codes.add(400)
    if not public:
        codes.add(403)
    if has_path_parameters:
        codes.add(404)
    if has_body:
        codes.add(415)
    return sorted(codes)
