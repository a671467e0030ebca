"""The engine stays readable: small modules, short functions, simple branching.

``engine/rules`` is the reference for the rules of three games, read by people checking a
ruling as much as by the computer. A module over 400 lines or a function over 60 usually hides
a second job; a function of McCabe complexity over 15 hides a rule that deserves a name.
Tables and generated code may be excepted below, each with its reason.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "engine" / "rules"

MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
MAX_COMPLEXITY = 15

#: ``path relative to engine/rules`` (or ``path:function``) -> why it may be longer. Only
#: tables and generated code belong here.
EXCEPTIONS: dict[str, str] = {}


def _modules() -> list[Path]:
    return sorted(RULES.rglob("*.py"))


def _long_functions(path: Path) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append((node.name, length))
    return found


def _name(path: Path) -> str:
    return path.relative_to(RULES).as_posix()


def test_no_module_is_over_400_lines() -> None:
    too_long = {
        _name(path): lines
        for path in _modules()
        if (lines := len(path.read_text().splitlines())) > MAX_MODULE_LINES
        and _name(path) not in EXCEPTIONS
    }
    assert too_long == {}


def test_no_function_is_over_60_lines() -> None:
    too_long = {
        f"{_name(path)}:{name}": length
        for path in _modules()
        for name, length in _long_functions(path)
        if f"{_name(path)}:{name}" not in EXCEPTIONS
    }
    assert too_long == {}


def test_every_exception_names_a_file_and_gives_a_reason() -> None:
    for key, reason in EXCEPTIONS.items():
        assert (RULES / key.split(":")[0]).is_file(), key
        assert len(reason.split()) >= 3, key


def test_the_size_checks_see_a_long_function(tmp_path: Path) -> None:
    body = "".join(f"    x = {i}\n" for i in range(MAX_FUNCTION_LINES))
    path = tmp_path / "long.py"
    path.write_text(f"def long() -> None:\n{body}")
    assert _long_functions(path) == [("long", MAX_FUNCTION_LINES + 1)]


def _complexity_report(target: Path) -> subprocess.CompletedProcess[str]:
    """ruff's C901 (McCabe complexity) over ``target``, whatever the project-wide setting."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--isolated",
            "--select",
            "C901",
            "--config",
            f"lint.mccabe.max-complexity={MAX_COMPLEXITY}",
            "--output-format",
            "concise",
            str(target),
        ],
        capture_output=True,
        text=True,
        check=False,
    )


def test_no_function_is_more_complex_than_15() -> None:
    done = _complexity_report(RULES)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_complexity_check_sees_a_tangled_function(tmp_path: Path) -> None:
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(MAX_COMPLEXITY))
    path = tmp_path / "tangled.py"
    path.write_text(f"def tangled(x: int) -> int:\n{branches}    return -1\n")
    done = _complexity_report(path)
    assert done.returncode == 1 and "C901" in done.stdout
