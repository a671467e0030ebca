"""The rules are docs/rules.md, in the repository: nothing outside docs names another file.

The rules were once a specification kept beside the clone under an upper-case name; code,
messages and tests pointed at its numbered sections. Every mention now names docs/rules.md and
its anchors (``docs/rules.md#auction45-bidding``), and this test keeps the old name from coming
back in any tracked file (``git ls-files``), binary ones such as compiled translations included.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterable
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[1]

#: The old name, built so that this file does not hold it.
OLD_NAME = "RULES" + ".md"


def files_naming(root: Path, paths: Iterable[str], name: str = OLD_NAME) -> list[str]:
    """The paths, outside ``docs/``, of the files under ``root`` whose bytes hold ``name``."""
    needle = name.encode()
    return sorted(
        path
        for path in paths
        if not path.startswith("docs/")
        and (root / path).is_file()
        and needle in (root / path).read_bytes()
    )


def tracked_files() -> list[str]:
    if not (BASE_DIR / ".git").exists():
        pytest.skip("not a git checkout: no tracked files to read")
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=BASE_DIR, capture_output=True, check=True
    ).stdout
    return [path for path in listed.decode().split("\0") if path]


def test_no_tracked_file_outside_docs_names_the_old_rules_file() -> None:
    assert files_naming(BASE_DIR, tracked_files()) == []


def test_the_check_finds_the_old_name_and_leaves_docs_alone(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "history.md").write_text(f"Once {OLD_NAME} 1.5.\n")
    (tmp_path / "cites.py").write_text(f'"""Bids (see {OLD_NAME} 1.5)."""\n')
    (tmp_path / "clean.py").write_text('"""Bids (docs/rules.md#auction45-bidding)."""\n')
    (tmp_path / "django.mo").write_bytes(b"\x00\xde" + OLD_NAME.encode() + b"\x00")
    paths = ["docs/history.md", "cites.py", "clean.py", "django.mo", "gone.py"]
    assert files_naming(tmp_path, paths) == ["cites.py", "django.mo"]
