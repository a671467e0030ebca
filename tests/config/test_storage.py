"""Production's static storage: Kitty's scripts import one another by their hashed names, so a
page never runs a module of one deploy with a module of another."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from config.storage import KittyStaticStorage

KITTY = Path(__file__).resolve().parents[2] / "static" / "kitty"
IMPORTED = re.compile(r"""\bfrom\s*["']\./([^"']+)["']\s*;""")
HASHED = re.compile(r"[a-z_]+\.[0-9a-f]{12}\.js")


def test_each_script_imports_the_hashed_files_beside_it(tmp_path: Path) -> None:
    shutil.copytree(KITTY, tmp_path / "kitty")
    storage = KittyStaticStorage(location=tmp_path, base_url="/static/")
    names = [f"kitty/{path.name}" for path in sorted(KITTY.glob("*.js"))]
    list(storage.post_process({name: (storage, name) for name in names}))
    imports = 0
    for name in names:
        hashed = tmp_path / storage.stored_name(name)
        assert HASHED.fullmatch(hashed.name), hashed
        for imported in IMPORTED.findall(hashed.read_text(encoding="utf-8")):
            imports += 1
            assert HASHED.fullmatch(imported), (name, imported)
            assert (tmp_path / "kitty" / imported).is_file(), (name, imported)
    written = sum(
        len(IMPORTED.findall(path.read_text(encoding="utf-8"))) for path in KITTY.glob("*.js")
    )
    assert written and imports == written
