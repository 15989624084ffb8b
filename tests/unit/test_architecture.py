"""The toolchain package has no import cycles.

Every import statement of every module counts, also the ones inside functions (a lazy import only hides a cycle
until someone moves it to the top); imports under `if TYPE_CHECKING:` do not, since they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "toolchain"


def module_names(root: Path = ROOT, package: str = PACKAGE) -> dict[str, Path]:
    """Dotted module name → file, for every .py file of the package (a package is its __init__.py)."""
    names: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST, *, types_too: bool = False) -> list[ast.Import | ast.ImportFrom]:
    """Import statements anywhere in the tree, except in the body of `if TYPE_CHECKING:` (unless `types_too`)."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and _is_type_checking(node.test) and not types_too:
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))
    return found


def imported_modules(name: str, path: Path, known: dict[str, Path], *, types_too: bool = False) -> set[str]:
    """The package's modules that module `name` imports when it runs (`from a import b` names `a.b` when that is a
    module, else `a`)."""
    is_package = path.name == "__init__.py"
    targets: set[str] = set()
    for statement in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"), str(path)), types_too=types_too):
        if isinstance(statement, ast.Import):
            targets.update(alias.name for alias in statement.names)
            continue
        base = statement.module or ""
        if statement.level:  # relative: `from . import x` in a.b.c is a.b; in package a.b (its __init__) also a.b
            anchor = name.split(".")
            if not is_package:
                anchor = anchor[:-1]
            anchor = anchor[: len(anchor) - (statement.level - 1)]
            base = ".".join(anchor + ([base] if base else []))
        for alias in statement.names:
            candidate = f"{base}.{alias.name}"
            targets.add(candidate if candidate in known else base)
    return {target for target in targets if target in known and target != name}


def import_graph(root: Path = ROOT, package: str = PACKAGE, *, types_too: bool = False) -> dict[str, set[str]]:
    known = module_names(root, package)
    return {name: imported_modules(name, path, known, types_too=types_too) for name, path in known.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as [a, b, …, a], or None when the graph is acyclic (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    for start in sorted(graph):
        if state.get(start):
            continue
        path: list[str] = [start]
        iterators = [iter(sorted(graph[start]))]
        state[start] = 1
        while iterators:
            following = next(iterators[-1], None)
            if following is None:
                state[path.pop()] = 2
                iterators.pop()
            elif state.get(following) == 1:
                return path[path.index(following) :] + [following]
            elif not state.get(following):
                state[following] = 1
                path.append(following)
                iterators.append(iter(sorted(graph.get(following, ()))))
    return None


def test_the_toolchain_package_has_no_import_cycle() -> None:
    graph = import_graph()
    assert "toolchain.analysis.extract" in graph and "toolchain.lint.engine" in graph  # the walk found the package
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_analysis_package_has_no_cycle_even_through_type_imports() -> None:
    # the walkers and the project-wide analysis typed their resolver with extract.Resolver, which builds them:
    # extract -> walker -> walk_* -> walk_state -> extract. They depend on resolving.ModuleResolver instead.
    graph = import_graph(types_too=True)
    analysis = {name: {t for t in targets if t.startswith("toolchain.analysis")}
                for name, targets in graph.items() if name.startswith("toolchain.analysis")}  # fmt: skip
    cycle = find_cycle(analysis)
    assert cycle is None, "import cycle (type imports included): " + " -> ".join(cycle or [])


# --- the checker itself, on small packages written for it ---------------------------------------------------------
def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        target = tmp_path / "pkg" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        # a lazy import inside a function still closes the cycle
        ({"__init__.py": "", "a.py": "from pkg import b\n", "b.py": "def f():\n    import pkg.a\n"},
         ["pkg.a", "pkg.b", "pkg.a"]),
        # relative imports, through a subpackage
        ({"__init__.py": "", "a.py": "from .sub import c\n", "sub/__init__.py": "", "sub/c.py": "from ..a import x\n"},
         ["pkg.a", "pkg.sub.c", "pkg.a"]),
    ],
)  # fmt: skip
def test_a_cycle_is_found_and_printed(tmp_path: Path, files: dict[str, str], expected: list[str]) -> None:
    assert find_cycle(import_graph(_package(tmp_path, files), "pkg")) == expected


def test_type_checking_imports_and_one_way_imports_are_not_cycles(tmp_path: Path) -> None:
    files = {
        "__init__.py": "",
        "a.py": "from typing import TYPE_CHECKING\nimport pkg.b\nif TYPE_CHECKING:\n    from pkg import c\n",
        "b.py": "from pkg import c\n",
        "c.py": "import typing\nif typing.TYPE_CHECKING:\n    import pkg.a\nelse:\n    import json\n",
    }
    graph = import_graph(_package(tmp_path, files), "pkg")
    assert graph == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"}, "pkg.c": set()}
    assert find_cycle(graph) is None


#: Helpers that had drifted into several copies (issue "One toolchain, many projects", item 4): each has one home.
ONE_HOME = {
    "write_if_changed": "toolchain.files",
    "is_remote_url": "toolchain.urls",
    "escape_token": "toolchain.json_pointer",
    "unescape_token": "toolchain.json_pointer",
}


def test_shared_helpers_are_defined_once() -> None:
    defined: dict[str, list[str]] = {name: [] for name in ONE_HOME}
    for module, path in module_names().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in defined:
                defined[node.name].append(module)
    assert defined == {name: [home] for name, home in ONE_HOME.items()}
