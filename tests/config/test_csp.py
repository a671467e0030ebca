"""Every response carries the Content-Security-Policy: scripts and styles from the site only,
the site's own websocket address, no framing; only the API documentation may set styles inline.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def directives(header: str) -> dict[str, list[str]]:
    parsed = {}
    for part in header.split(";"):
        name, *sources = part.split()
        parsed[name] = sources
    return parsed


def policy(client: Client, path: str, **extra: str) -> dict[str, list[str]]:
    response = client.get(path, **extra)  # type: ignore[arg-type]
    assert "Content-Security-Policy" in response, path
    return directives(response["Content-Security-Policy"])


@pytest.mark.parametrize(
    "path", ["/", "/sign-in/", "/clubs/", "/events/", "/api/clubs/", "/no-such-page/"]
)
def test_pages_api_and_errors_carry_the_strict_policy(client: Client, path: str) -> None:
    csp = policy(client, path)
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'"]
    assert csp["img-src"] == ["'self'", "data:"]
    assert csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["base-uri"] == ["'self'"]
    assert csp["form-action"] == ["'self'"]
    assert csp["connect-src"] == ["'self'", "ws://testserver"]


def test_the_socket_address_follows_the_host_and_https(client: Client) -> None:
    UserFactory.create()
    csp = policy(client, "/", HTTP_HOST="localhost", **{"wsgi.url_scheme": "https"})
    assert csp["connect-src"] == ["'self'", "wss://localhost"]


def test_the_api_docs_keep_scripts_strict_and_load_their_start_up_script_as_a_file(
    client: Client,
) -> None:
    docs = reverse("api_docs")
    csp = policy(client, docs)
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'", "'unsafe-inline'"]
    page = client.get(docs).content.decode()
    assert "<script>" not in page  # every script has a src
    script = client.get(docs + "?script=")
    assert script.status_code == 200
    assert "SwaggerUIBundle" in script.content.decode()


def test_templates_have_no_inline_script_style_or_handler() -> None:
    """The policy refuses them; the browser test shows the pages still work."""
    root = Path(__file__).resolve().parents[2] / "templates"
    inline = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=", re.I)
    found = [
        f"{path.relative_to(root)}: {match.group(0)}"
        for path in root.rglob("*.html")
        for match in inline.finditer(path.read_text())
    ]
    assert found == []
