"""The purity contract of the rules engine and the bots.

``engine/rules`` and ``engine/bots`` are plain Python: they import no web framework, no task
queue and no Kitty app, so they can be tested, benchmarked and reused without Django. This
test reads their source with ``ast`` (so a violation is found even in code no test imports) and
then imports them in a fresh interpreter to prove Django never gets loaded.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
PURE_PACKAGES = ["engine.rules", "engine.bots"]

# Top-level modules the pure packages must never import.
FORBIDDEN_ROOTS = frozenset(
    {
        "django", "rest_framework", "drf_spectacular", "django_htmx", "template_partials",
        "celery", "kombu", "channels", "channels_redis", "daphne", "whitenoise", "psycopg",
        "redis", "config", "club", "scoring", "tournaments",
    }
)  # fmt: skip


def _module_allowed(module: str) -> bool:
    """Whether an absolute module name may be imported by pure code."""
    root = module.split(".")[0]
    if root in FORBIDDEN_ROOTS:
        return False
    if root == "engine":
        # The engine's Django side (models, consumers, apps) is off limits; the pure parts
        # may import each other.
        return any(module == pkg or module.startswith(pkg + ".") for pkg in PURE_PACKAGES)
    return True


def _resolve_relative(relative: Path, level: int, module: str | None) -> str:
    """The absolute name of ``from <level dots><module> import ...`` in the file ``relative``."""
    package = list(relative.with_suffix("").parts)[:-1]  # the package holding the file
    package = package[: len(package) - (level - 1)]
    return ".".join([*package, module] if module else package)


def import_violations(path: Path, base_dir: Path = BASE_DIR) -> list[str]:
    """``file:line: module`` for every import in ``path`` that pure code must not make."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    shown = path.relative_to(base_dir)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom | ast.Call):
            found += [
                f"{shown}:{node.lineno}: {name}"
                for name in _imported_names(node, shown)
                if not _module_allowed(name)
            ]
    return sorted(found, key=lambda line: int(line.split(":")[1]))


def _imported_names(node: ast.Import | ast.ImportFrom | ast.Call, shown: Path) -> list[str]:
    """The absolute module names one import statement or dynamic import call brings in."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        base = _resolve_relative(shown, node.level, node.module) if node.level else node.module
        # "from engine import apps" imports the module engine.apps.
        if base == "engine":
            return [f"engine.{alias.name}" for alias in node.names]
        return [base or ""]
    if _is_dynamic_import(node):
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


def pure_sources() -> list[Path]:
    return sorted(
        path
        for package in PURE_PACKAGES
        for path in (BASE_DIR / package.replace(".", "/")).rglob("*.py")
    )


def test_pure_packages_import_no_framework_or_app() -> None:
    violations = [line for path in pure_sources() for line in import_violations(path)]
    assert not violations, "engine/rules and engine/bots must stay pure Python:\n" + "\n".join(
        violations
    )


def test_importing_the_pure_packages_does_not_load_django() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"for name in {PURE_PACKAGES!r}:\n"
        "    package = importlib.import_module(name)\n"
        "    for info in pkgutil.walk_packages(package.__path__, name + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "web = {'django', 'celery', 'channels'}\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in web)\n"
        "print(loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=BASE_DIR, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, f"importing the engine loaded: {result.stdout}{result.stderr}"


def test_the_checker_catches_violations(tmp_path: Path) -> None:
    module = tmp_path / "engine" / "rules" / "bad.py"
    module.parent.mkdir(parents=True)
    module.write_text(
        "import django\n"  # 1
        "from club.models import Club\n"  # 2
        "from engine.rules.cards import Card\n"  # 3: allowed
        "from engine import apps\n"  # 4
        "from ...scoring import models\n"  # 5
        "import importlib\n"  # 6: allowed
        "models = importlib.import_module('rest_framework.views')\n"  # 7
        "def late():\n"
        "    from celery import shared_task\n"  # 9: inside a function still counts
        "from . import cards\n"  # 10: allowed
    )
    assert import_violations(module, base_dir=tmp_path) == [
        "engine/rules/bad.py:1: django",
        "engine/rules/bad.py:2: club.models",
        "engine/rules/bad.py:4: engine.apps",
        "engine/rules/bad.py:5: scoring",
        "engine/rules/bad.py:7: rest_framework.views",
        "engine/rules/bad.py:9: celery",
    ]


def test_the_checker_passes_clean_code(tmp_path: Path) -> None:
    module = tmp_path / "engine" / "bots" / "good.py"
    module.parent.mkdir(parents=True)
    module.write_text(
        "from __future__ import annotations\nimport random\nfrom engine.rules import cards\n"
    )
    assert import_violations(module, base_dir=tmp_path) == []
