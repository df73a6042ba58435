"""No import circle in the tournaments package: a lower module never imports a higher one.

Every module's imports of other tournaments modules are read from its source, the imports inside
functions included (a lazy import is still a dependency, and the usual way a circle is hidden); only
an import under ``if TYPE_CHECKING:`` is left out, as it never runs. Migrations are left out.

``from .pkg import name`` points at ``pkg.name`` when that is a module and at ``pkg`` (its
``__init__``) otherwise, so a package re-exporting its submodules is no circle with them: ``pkg``
imports ``pkg.sub``, and ``pkg.sub`` imports ``pkg`` only if it takes a name from the ``__init__``.

Importing ``pkg.sub`` from outside ``pkg`` runs ``pkg/__init__.py`` first, and with it whatever that
re-exports, so it depends on ``pkg`` as well: ``services.backups.club`` importing
``services.backups.drive`` loads ``services.drives.play``. A module inside ``pkg`` does not, as
``pkg`` is already loading when it is.
"""

import ast
from collections import deque
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tournaments"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if path.name == "__init__.py" else parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for path in sorted(PACKAGE.rglob("*.py"))
        if "migrations" not in path.relative_to(PACKAGE).parts
    }


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST):
    """Every import statement, at any depth, except those only run for a type checker."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                yield from _import_nodes(ast.Module(body=[child], type_ignores=[]))
        else:
            yield from _import_nodes(node)


def _known(name: str, modules) -> str | None:
    """The module itself, or the nearest package above it that is one of ours."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports(module: str, source: str, modules) -> set[tuple[str, int]]:
    """The tournaments modules ``module`` imports, each with the line of its first import."""
    is_package = modules[module].name == "__init__.py" if module in modules else False
    package = module if is_package else module.rpartition(".")[0]
    found: dict[str, int] = {}

    def add(target: str | None, line: int) -> None:
        if not target:
            return
        # The packages above the target that are not above the importer load with it.
        parts = target.split(".")
        for depth in range(1, len(parts)):
            loaded = ".".join(parts[:depth])
            if loaded in modules and not (package == loaded or package.startswith(loaded + ".")):
                found.setdefault(loaded, line)
        if target != module:
            found.setdefault(target, line)

    for node in _import_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(_known(alias.name, modules), node.lineno)
            continue
        if node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - (node.level - 1)])
            base = f"{base}.{node.module}" if node.module else base
        else:
            base = node.module
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            add(submodule if submodule in modules else _known(base, modules), node.lineno)
    return set(found.items())


def _graph() -> dict[str, dict[str, int]]:
    modules = _modules()
    return {module: dict(imports(module, path.read_text(), modules)) for module, path in modules.items()}


def _strongly_connected(graph) -> list[list[str]]:
    """Tarjan's components, iteratively (the graph is a few hundred modules deep at most)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(sorted(component))
    return sorted(c for c in components if len(c) > 1)


def _shortest_circle(graph, component: list[str]) -> list[str]:
    """One shortest way round the component from its first module back to it."""
    inside = set(component)
    start = component[0]
    came_from = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target in sorted(graph[node]):
            if target == start:
                path = [node]
                while came_from[path[-1]] is not None:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if target in inside and target not in came_from:
                came_from[target] = node
                queue.append(target)
    raise AssertionError(f"no way round {component}")


def _describe(graph, components) -> str:
    modules = _modules()

    def shown(here: str, there: str) -> str:
        path, line = modules[here], graph[here][there]
        statement = path.read_text().splitlines()[line - 1].strip()
        return f"    {path.relative_to(ROOT)}:{line} imports {there}: {statement}"

    lines = [f"{len(components)} import circle(s) in tournaments:"]
    for component in components:
        lines.append("")
        lines.append(f"{len(component)} modules: " + ", ".join(component))
        circle = _shortest_circle(graph, component)
        lines.append("  the shortest way round: " + " -> ".join(circle))
        lines.extend(shown(here, there) for here, there in zip(circle, circle[1:], strict=False))
        lines.append("  every import inside it:")
        lines.extend(
            shown(here, there) for here in component for there in sorted(graph[here]) if there in component
        )
    return "\n".join(lines)


def test_no_module_of_tournaments_imports_itself_round_a_circle():
    graph = _graph()
    components = _strongly_connected(graph)
    assert not components, _describe(graph, components)


# The layers, lowest first: the domain is pure, the models build on it, the services on both, and the
# pages, forms, organiser site and commands on the services. (The rest, such as print_data, pdf,
# reports and the app's wiring in apps.py, are free of this rule but not of the circles above.)
LAYERS = ("domain", "models", "services", "views forms tables admin management urls")


def _layer(module: str) -> int | None:
    part = module.split(".")[1] if "." in module else ""
    return next((rank for rank, parts in enumerate(LAYERS) if part in parts.split()), None)


def test_no_layer_imports_one_above_it():
    graph = _graph()
    upward = sorted(
        f"{_modules()[here].relative_to(ROOT)}:{line} imports {there}"
        for here, targets in graph.items()
        for there, line in targets.items()
        if _layer(here) is not None and _layer(there) is not None and _layer(there) > _layer(here)
    )
    assert not upward, "A lower layer imports a higher one:\n" + "\n".join(upward)


# The reading of imports, on made-up modules: a package p with p.sub and p.deep.inner, and q.mod.

MODULES = {
    "p": Path("p/__init__.py"),
    "p.sub": Path("p/sub.py"),
    "p.other": Path("p/other.py"),
    "p.deep": Path("p/deep/__init__.py"),
    "p.deep.inner": Path("p/deep/inner.py"),
    "q": Path("q/__init__.py"),
    "q.mod": Path("q/mod.py"),
}


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        ("p.sub", "from . import other", {"p.other"}),
        ("p.sub", "from . import helper", {"p"}),
        ("p.sub", "from .other import thing", {"p.other"}),
        ("p.sub", "from .deep import thing", {"p.deep"}),
        ("p.deep.inner", "from . import thing", {"p.deep"}),
        ("p.sub", "from .deep.inner import thing", {"p.deep.inner", "p.deep"}),
        ("p.sub", "from .deep import inner", {"p.deep.inner", "p.deep"}),
        ("p.sub", "import p.other", {"p.other"}),
        ("p.sub", "from p.other import thing", {"p.other"}),
        ("p.sub", "from p.other.thing import x", {"p.other"}),
        ("p.deep.inner", "from .. import other", {"p.other"}),
        ("p.deep.inner", "from ..other import thing", {"p.other"}),
        ("p.deep", "from . import inner", {"p.deep.inner"}),
        ("p.deep", "from .inner import thing", {"p.deep.inner"}),
        ("p", "from .sub import thing", {"p.sub"}),
        ("p.deep", "from ..sub import thing", {"p.sub"}),
        ("q.mod", "from p.deep.inner import thing", {"p.deep.inner", "p.deep", "p"}),
        ("q.mod", "import p.sub", {"p.sub", "p"}),
        ("p.sub", "def f():\n    from .other import thing", {"p.other"}),
        ("p.sub", "class C:\n    def f(self):\n        import p.other", {"p.other"}),
        ("p.sub", "if TYPE_CHECKING:\n    from .other import thing", set()),
        ("p.sub", "if TYPE_CHECKING:\n    pass\nelse:\n    from .other import thing", {"p.other"}),
        ("p.sub", "import django\nfrom django.db import models", set()),
        ("p.sub", "from .sub import thing", set()),
    ],
)
def test_it_reads_which_modules_a_module_imports(module, source, expected):
    assert {target for target, _ in imports(module, source, MODULES)} == expected


def test_it_finds_a_circle_and_leaves_a_chain_alone():
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}, "e": {}}
    assert _strongly_connected(graph) == [["a", "b", "c"]]
    assert _shortest_circle(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]
    assert _strongly_connected({"a": {"b": 1}, "b": {}}) == []
