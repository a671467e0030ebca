"""One way into the writes of online tables, and imports of ``tables`` that run one way.

``tables.services`` is a package of modules by concern whose ``__init__`` names every write;
callers (pages, API, sockets, tasks, the demo, tests, benchmarks) use those names and never
the modules, so the name a caller imports is the name a test replaces. Inside ``tables``
modules import one another at the top, without a cycle, and no module imports
``tables.tasks`` (the tasks call the services, which send tasks by name through
``tables.enqueue``). The source is read with ``ast``, imports inside functions included, so
code no test runs is checked too.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path

import tables.services
from tests.test_layers import BASE_DIR, PACKAGES, _imported_names, _module_name

SERVICES = BASE_DIR / "tables" / "services"
#: The modules of ``tables.services`` (``tables.services.play``...).
MODULES = frozenset(
    f"tables.services.{path.stem}" for path in SERVICES.glob("*.py") if path.stem != "__init__"
)
#: Where callers live: every package, and the tests, benchmarks and scripts beside them.
CALLERS = (*PACKAGES, "tests", "bench", "scripts")


def _sources(*folders: str) -> Iterator[tuple[Path, ast.Module]]:
    for folder in folders:
        for path in sorted((BASE_DIR / folder).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _names_a_module(name: str) -> bool:
    return any(name == module or name.startswith(f"{module}.") for module in MODULES)


def _reaches_in(relative: Path, tree: ast.Module) -> list[str]:
    """``file:line: name`` for each import of a module of ``tables.services`` in the file
    ``relative``, and each text naming one (``monkeypatch.setattr("tables.services.play.x",
    ...)``)."""
    found = []
    for node in ast.walk(tree):
        names = _imported_names(node, relative)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [node.value]
        line = getattr(node, "lineno", 0)
        found += [f"{relative}:{line}: {name}" for name in names if _names_a_module(name)]
    return found


def test_callers_use_the_names_of_tables_services_never_its_modules() -> None:
    inside = [
        line
        for path, tree in _sources(*CALLERS)
        if SERVICES not in path.parents and path != Path(__file__)
        for line in _reaches_in(path.relative_to(BASE_DIR), tree)
    ]
    assert not inside, (
        "import these from tables.services (tests/tables/test_services_door.py):\n"
        + "\n".join(inside)
    )


def test_the_check_finds_a_module_of_the_services_imported_or_patched() -> None:
    code = (
        "from tables.services import play\n"
        "from tables.services.seating import table_create\n"
        "import tables.services.presence\n"
        "def f(monkeypatch):\n"
        "    from tables.services import directing\n"
        "    monkeypatch.setattr('tables.services.play.bot_rng', None)\n"
        "from tables.services import table_act, SeatSpec\n"
    )
    found = _reaches_in(Path("tests/caller.py"), ast.parse(code))
    assert [line.split(": ", 1)[1] for line in found] == [
        "tables.services.play",
        "tables.services.seating.table_create",
        "tables.services.presence",
        "tables.services.directing",
        "tables.services.play.bot_rng",
    ]


def test_every_service_of_the_modules_is_named_by_the_package() -> None:
    """A keyword-only function of a module (a write, by the services' convention) that the
    package does not name would have no door at all."""
    exported = set(tables.services.__all__)
    missing = []
    for name in sorted(MODULES):
        module = __import__(name, fromlist=["_"])
        for attribute, value in vars(module).items():
            if attribute.startswith("_") or not inspect.isfunction(value):
                continue
            if value.__module__ != name:
                continue
            parameters = list(inspect.signature(value).parameters.values())
            keyword_only = bool(parameters) and all(p.kind is p.KEYWORD_ONLY for p in parameters)
            if keyword_only and attribute not in exported:
                missing.append(f"{name}.{attribute}")
    assert not missing, f"services without a name in tables.services.__all__: {missing}"
    assert all(hasattr(tables.services, name) for name in exported)


def _run_on_import(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes under ``node`` that run when the module is imported: not the bodies of its
    functions, nor ``TYPE_CHECKING`` blocks."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
            continue
        yield child
        yield from _run_on_import(child)


def _top_level_imports(tree: ast.Module, relative: Path) -> set[str]:
    """What a module imports when it is imported."""
    return {name for node in _run_on_import(tree) for name in _imported_names(node, relative)}


def _tables_graph() -> dict[str, set[str]]:
    """Module of ``tables``: the modules of ``tables`` it imports at its top."""
    sources = list(_sources("tables"))
    modules = {_module_name(path.relative_to(BASE_DIR)) for path, _ in sources}
    graph: dict[str, set[str]] = {}
    for path, tree in sources:
        relative = path.relative_to(BASE_DIR)
        name = _module_name(relative)
        targets = set()
        for imported in _top_level_imports(tree, relative):
            # ``from tables import live`` names ``tables.live``; ``from tables.models import
            # LiveTable`` names ``tables.models.LiveTable``: its longest known module.
            parts = imported.split(".")
            for end in range(len(parts), 0, -1):
                if ".".join(parts[:end]) in modules:
                    targets.add(".".join(parts[:end]))
                    break
        graph[name] = targets - {name, "tables"}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` as a path of modules, or ``[]``."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str]:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return []
        for target in sorted(graph.get(module, ())):
            found = visit(target, [*path, module])
            if found:
                return found
        done.add(module)
        return []

    for module in sorted(graph):
        found = visit(module, [])
        if found:
            return found
    return []


def test_the_modules_of_tables_import_one_another_one_way() -> None:
    graph = _tables_graph()
    assert graph["tables.tasks"] >= {"tables.services"}
    assert "tables.services.play" in graph["tables.services.seating"]
    cycle = _cycle(graph)
    assert not cycle, "an import cycle in tables: " + " -> ".join(cycle)


def test_the_cycle_check_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycle(graph) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_no_module_of_tables_imports_its_tasks() -> None:
    """Celery imports ``tables.tasks`` (by the apps' task modules); the services send its
    tasks by name (``tables.enqueue``)."""
    found = [
        f"{path.relative_to(BASE_DIR)}:{getattr(node, 'lineno', 0)}"
        for path, tree in _sources("tables")
        for node in ast.walk(tree)
        if any(
            name == "tables.tasks" or name.startswith("tables.tasks.")
            for name in _imported_names(node, path.relative_to(BASE_DIR))
        )
    ]
    assert not found, f"modules of tables that import tables.tasks: {found}"


def _imports_in_functions(path: Path, tree: ast.Module) -> list[str]:
    """``file:line`` of each import inside a function of ``path`` whose line above is not a
    comment saying why."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import | ast.ImportFrom):
                above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
                if not above.startswith("#"):
                    found.append(f"{path.relative_to(BASE_DIR)}:{node.lineno}")
    return found


def test_modules_of_tables_import_at_their_top_unless_a_comment_says_why() -> None:
    found = [
        line for path, tree in _sources("tables") for line in _imports_in_functions(path, tree)
    ]
    assert not found, f"imports inside functions without a reason written above: {found}"
