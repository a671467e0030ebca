"""scripts/demo: the address it serves at is the address in the demo's email links."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def site_url(address: str, *, env: dict[str, str] | None = None) -> str:
    """What scripts/demo exports as KITTY_SITE_URL for ``address`` (its own lines, run alone)."""
    script = (ROOT / "scripts" / "demo").read_text()
    line = next(x for x in script.splitlines() if x.startswith("KITTY_SITE_URL="))
    command = f'source scripts/_site_url.sh; ADDRESS="$1"; {line}; echo "$KITTY_SITE_URL"'
    done = subprocess.run(
        ["bash", "-c", command, "demo", address],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", **(env or {})},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


@pytest.mark.parametrize(
    ("address", "url"),
    [
        ("127.0.0.1:8000", "http://127.0.0.1:8000/"),
        ("192.168.1.20:8080", "http://192.168.1.20:8080/"),
        ("8001", "http://127.0.0.1:8001/"),
    ],
)
def test_the_email_links_lead_to_the_address_given(address: str, url: str) -> None:
    assert site_url(address) == url


def test_every_interface_is_reached_by_a_real_address() -> None:
    assert not site_url("0.0.0.0:8000").startswith("http://0.0.0.0")


def test_an_address_set_already_is_kept() -> None:
    given = {"KITTY_SITE_URL": "https://kitty.example.org/"}
    assert site_url("192.168.1.20:8080", env=given) == "https://kitty.example.org/"
