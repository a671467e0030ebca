"""The codes the rules engine can refuse with, read from its source.

Each error the engine builds names its code as the first argument (a literal, or a ``code``
handed on); the ``*_code`` functions return codes too. Reading the source, rather than a list
kept by hand, means a code added to the engine shows up in every test that checks codes are
documented (``test_rules_coverage``) or worded in every language (``tests/scoring``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE_RULES = Path(__file__).resolve().parents[2] / "engine" / "rules"

#: The error classes and the helpers that build one from a code.
ERROR_MAKERS = frozenset(
    {
        "RulesError",
        "NotationError",
        "OptionError",
        "IllegalActionError",
        "ScoresheetError",
        "ReplayError",
        "_refuse",
    }
)
#: Where the codes returned by ``*_code`` functions are filed (they build no error).
CODE_FUNCTIONS = "*_code"


def raised_codes() -> dict[str, dict[str, set[str]]]:
    """Error maker (or ``CODE_FUNCTIONS``) -> each code it is given -> the files giving it."""
    found: dict[str, dict[str, set[str]]] = {}
    for path in sorted(ENGINE_RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                name = getattr(func, "id", None) or getattr(func, "attr", "")
                first = node.args[0]
                if name not in ERROR_MAKERS:
                    continue
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.setdefault(name, {}).setdefault(first.value, set()).add(path.name)
                else:  # only a code handed on may be a variable
                    assert ast.unparse(first) in ("code", "error.code"), (path, node.lineno)
            if isinstance(node, ast.FunctionDef) and node.name.endswith("_code"):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return) and isinstance(inner.value, ast.Constant):
                        codes = found.setdefault(CODE_FUNCTIONS, {})
                        codes.setdefault(str(inner.value.value), set()).add(path.name)
    return found


def all_raised_codes() -> dict[str, set[str]]:
    """Every code the engine's source can raise, whatever the error: code -> files."""
    merged: dict[str, set[str]] = {}
    for codes in raised_codes().values():
        for code, files in codes.items():
            merged.setdefault(code, set()).update(files)
    return merged


def line_codes() -> set[str]:
    """The codes a scoresheet line can be refused with (``ScoresheetError``, every game)."""
    return set(raised_codes().get("ScoresheetError", {}))
