"""The layers of Kitty, declared once and checked on every import.

Data flows one way: **engine rules <- scoring <- tournaments**, and **tables -> scoring** when
an online hand ends. ``club`` is the base; ``notices`` listens (signals) and
nobody imports it; the demo loader sits above every app. ``LAYERS`` below is that picture as
a table: each layer and the layers it may import. The pure layers (the rules engine, the bots,
the pairing and standings algorithms) import no web framework or task queue either, so they
can be tested, benchmarked and reused without Django.

The source is read with ``ast`` (every module of every package, imports inside functions and
``TYPE_CHECKING`` blocks included, and ``importlib.import_module("...")`` with a literal name),
so a forbidden import is found even in code no test runs. The pure packages are then imported
in a fresh interpreter to prove Django never gets loaded.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]

#: Layer: the other layers it may import. A module belongs to the layer of its longest prefix
#: here; a layer may always import itself. Tests, bench and scripts are not layers. A table may
#: play an event's match (its sheet gets the hands), so tables sit above tournaments.
LAYERS = {
    "engine.rules":          "",
    "engine.bots":           "engine.rules",
    "tournaments.algorithm_errors": "",
    "tournaments.pairing":   "tournaments.algorithm_errors",
    "tournaments.standings": "tournaments.algorithm_errors",
    "club":                  "engine.rules",
    "scoring":               "engine.rules club",
    "tournaments":           "engine.rules club scoring tournaments.algorithm_errors "
                             "tournaments.pairing tournaments.standings",
    "tables":                "engine.rules engine.bots club scoring tournaments",
    "notices":               "engine.rules club scoring tournaments tables",
    "config":                "engine.rules club scoring tournaments tables notices",
    "demo":                  "engine.rules club scoring tournaments tables",
}  # fmt: skip
ALLOWED = {layer: frozenset(below.split()) for layer, below in LAYERS.items()}

#: Layers that are plain Python: no web framework, no task queue.
PURE = frozenset(
    {
        "engine.rules", "engine.bots", "tournaments.algorithm_errors", "tournaments.pairing",
        "tournaments.standings",
    }
)  # fmt: skip

#: Top-level modules of the web framework and its services, off limits to ``PURE``.
FRAMEWORK = frozenset(
    {
        "django", "rest_framework", "drf_spectacular", "django_htmx", "template_partials",
        "celery", "kombu", "channels", "channels_redis", "daphne", "whitenoise", "psycopg",
        "redis", "asgiref",
    }
)  # fmt: skip

#: The packages whose every module is checked.
PACKAGES = ("config", "club", "scoring", "tournaments", "engine", "tables", "notices", "demo")


def layer_of(module: str) -> str | None:
    """The layer ``module`` belongs to (its longest prefix in ``ALLOWED``), or None."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        prefix = ".".join(parts[:end])
        if prefix in ALLOWED:
            return prefix
    return None


def contract(layer: str) -> str:
    """The rule of ``layer`` in words, for a failure message."""
    allowed = ", ".join(sorted(ALLOWED[layer])) or "no Kitty layer"
    pure = " and no web framework (pure Python)" if layer in PURE else ""
    return f"{layer} may import only {allowed}{pure}"


def _module_name(relative: Path) -> str:
    """``tables/services.py`` -> ``tables.services`` (a package: its name)."""
    parts = list(relative.with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve_relative(relative: Path, level: int, module: str | None) -> str:
    """The absolute name of ``from <level dots><module> import ...`` in the file ``relative``."""
    package = list(relative.with_suffix("").parts)[:-1]  # the package holding the file
    package = package[: len(package) - (level - 1)]
    return ".".join([*package, module] if module else package)


def _imported_names(node: ast.AST, relative: Path) -> list[str]:
    """The absolute names one import statement or dynamic import call brings in.

    ``from a.b import c`` gives ``a.b.c``: ``c`` may be a module (``from engine import
    bots``) or a name in ``a.b``; either way the longest known prefix decides the layer.
    """
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        base = _resolve_relative(relative, node.level, node.module) if node.level else node.module
        return [f"{base}.{alias.name}" if base else alias.name for alias in node.names]
    if isinstance(node, ast.Call) and _is_dynamic_import(node):
        return [str(node.args[0].value)]  # type: ignore[attr-defined]
    return []


def _is_dynamic_import(node: ast.Call) -> bool:
    """``importlib.import_module("x")`` or ``__import__("x")`` with a literal name."""
    func = node.func
    named = (isinstance(func, ast.Name) and func.id in {"__import__", "import_module"}) or (
        isinstance(func, ast.Attribute) and func.attr == "import_module"
    )
    return (
        named
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def violations(path: Path, base_dir: Path = BASE_DIR) -> list[str]:
    """``file:line: imports <name>: <contract>`` for every import in ``path`` that its layer
    may not make."""
    relative = path.relative_to(base_dir)
    layer = layer_of(_module_name(relative))
    if layer is None:
        return []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        for name in _imported_names(node, relative):
            target = layer_of(name)
            framework = name.split(".")[0] in FRAMEWORK
            if (target not in (None, layer) and target not in ALLOWED[layer]) or (
                framework and layer in PURE
            ):
                line = node.lineno  # type: ignore[attr-defined]
                found.append((line, f"{relative}:{line}: imports {name}: {contract(layer)}"))
    return [text for _, text in sorted(found)]


def sources(base_dir: Path = BASE_DIR) -> list[Path]:
    """Every module of the checked packages (migrations are generated, and skipped)."""
    return sorted(
        path
        for package in PACKAGES
        for path in (base_dir / package).rglob("*.py")
        if "migrations" not in path.parts
    )


def test_every_import_keeps_to_its_layer() -> None:
    found = [line for path in sources() for line in violations(path)]
    assert not found, "imports that break the layers (tests/test_layers.py):\n" + "\n".join(found)


def test_every_module_belongs_to_a_layer() -> None:
    """A new top-level package must be given its place in ``ALLOWED``."""
    loose = [
        str(path.relative_to(BASE_DIR))
        for path in sources()
        if layer_of(_module_name(path.relative_to(BASE_DIR))) is None
        and path.relative_to(BASE_DIR) != Path("engine/__init__.py")
    ]
    assert not loose, f"modules outside every layer: {loose}"


def test_the_engine_is_pure_through_and_through() -> None:
    """``engine/`` holds the rules and the bots and nothing else: every module in it is pure."""
    impure = [
        str(path.relative_to(BASE_DIR))
        for path in (BASE_DIR / "engine").rglob("*.py")
        if path.relative_to(BASE_DIR) != Path("engine/__init__.py")
        and layer_of(_module_name(path.relative_to(BASE_DIR))) not in PURE
    ]
    assert not impure, f"modules in engine/ outside its pure layers: {impure}"


def test_nobody_imports_notices_or_the_demo() -> None:
    """Notices listen to signals and the demo sits on top: no app may depend on them."""
    for layer, allowed in ALLOWED.items():
        assert "demo" not in allowed, layer
        if layer != "config":
            assert "notices" not in allowed, layer


def test_importing_the_pure_packages_does_not_load_django() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"for name in {sorted(PURE)!r}:\n"
        "    package = importlib.import_module(name)\n"
        "    for info in pkgutil.walk_packages(getattr(package, '__path__', []), name + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "web = {'django', 'celery', 'channels'}\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in web)\n"
        "print(loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=BASE_DIR, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, f"importing the pure packages loaded: {result.stdout}"


# --- The checker itself ---------------------------------------------------------------------


def _write(tmp_path: Path, relative: str, text: str) -> Path:
    module = tmp_path / relative
    module.parent.mkdir(parents=True, exist_ok=True)
    module.write_text(text)
    return module


def test_the_checker_catches_violations_in_pure_code(tmp_path: Path) -> None:
    module = _write(
        tmp_path,
        "engine/rules/bad.py",
        "import django\n"  # 1
        "from club.models import Club\n"  # 2
        "from engine.rules.cards import Card\n"  # 3: allowed
        "import tables\n"  # 4
        "from ...scoring import models\n"  # 5
        "import importlib\n"  # 6: allowed
        "models = importlib.import_module('rest_framework.views')\n"  # 7
        "def late():\n"
        "    from celery import shared_task\n"  # 9: inside a function still counts
        "from . import cards\n"  # 10: allowed
        "from engine.bots import bot_for\n",  # 11: the rules are below the bots
    )
    rule = "engine.rules may import only no Kitty layer and no web framework (pure Python)"
    assert violations(module, base_dir=tmp_path) == [
        f"engine/rules/bad.py:1: imports django: {rule}",
        f"engine/rules/bad.py:2: imports club.models.Club: {rule}",
        f"engine/rules/bad.py:4: imports tables: {rule}",
        f"engine/rules/bad.py:5: imports scoring.models: {rule}",
        f"engine/rules/bad.py:7: imports rest_framework.views: {rule}",
        f"engine/rules/bad.py:9: imports celery.shared_task: {rule}",
        f"engine/rules/bad.py:11: imports engine.bots.bot_for: {rule}",
    ]


def test_the_checker_catches_an_app_importing_above_itself(tmp_path: Path) -> None:
    club = _write(
        tmp_path,
        "club/demo.py",
        "from typing import TYPE_CHECKING\n"
        "from scoring.demo import demo_sheets_load\n"  # 2
        "if TYPE_CHECKING:\n"
        "    from tournaments.models import Event\n"  # 4: type-only imports count too
        "from engine.rules import get_game\n",  # 5: allowed
    )
    assert violations(club, base_dir=tmp_path) == [
        "club/demo.py:2: imports scoring.demo.demo_sheets_load: club may import only engine.rules",
        "club/demo.py:4: imports tournaments.models.Event: club may import only engine.rules",
    ]
    scoring = _write(
        tmp_path,
        "scoring/services.py",
        "from tables.models import LiveTable\n"
        "from tournaments import signals\n"
        "from notices.tasks import round_published\n"
        "from club.models import Club\n",  # allowed
    )
    assert [line.split(": ")[1] for line in violations(scoring, base_dir=tmp_path)] == [
        "imports tables.models.LiveTable",
        "imports tournaments.signals",
        "imports notices.tasks.round_published",
    ]
    tournaments = _write(
        tmp_path, "tournaments/services/publish.py", "from tables import services\n"
    )
    assert len(violations(tournaments, base_dir=tmp_path)) == 1


def test_the_checker_passes_clean_code(tmp_path: Path) -> None:
    pure = _write(
        tmp_path,
        "engine/bots/good.py",
        "from __future__ import annotations\nimport random\nfrom engine.rules import cards\n",
    )
    tables = _write(
        tmp_path,
        "tables/good.py",
        "from django.db import transaction\nfrom engine.bots import bot_for\n"
        "from scoring.services import handline_add\nfrom . import live\n",
    )
    assert violations(pure, base_dir=tmp_path) == []
    assert violations(tables, base_dir=tmp_path) == []
