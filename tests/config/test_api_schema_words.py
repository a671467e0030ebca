"""The API schema speaks of the project's own documents, and says how it counts seats."""

from __future__ import annotations

import json

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _schema_text() -> str:
    response = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return json.dumps(response.json())


def test_the_schema_points_at_docs_in_the_repository() -> None:
    text = _schema_text()
    assert "docs/rules.md" in text
    assert "rules.md" not in text.lower().replace("docs/rules.md", "")


def test_every_seat_field_says_it_counts_from_zero_unlike_the_pages() -> None:
    schema = json.loads(_schema_text())
    seat_texts = []

    def walk(node: object, name: str = "") -> None:
        if isinstance(node, dict):
            if name in ("seat", "first_dealer") and "description" in node:
                seat_texts.append(node["description"])
            for key, value in node.items():
                walk(value, key)
        elif isinstance(node, list):
            for value in node:
                walk(value, name)

    walk(schema)
    assert seat_texts
    assert all("seat 1 on the pages is 0 here" in text for text in seat_texts), seat_texts
