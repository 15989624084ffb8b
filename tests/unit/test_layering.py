"""The toolchain's packages form layers: each imports only the layers below it (the module-cycle test beside this
one only sees cycles; a package that reaches up through one helper has no module cycle yet, and grows one).

Data flows one way, project → manifests and bundles → facts → findings / reports, so the order is: the modules at
the package's top (helpers every layer uses), where values sit in text files, the JavaScript analysis, the config,
the message protocol, the build plan, the manifests, the external tools, the builder, the lint, the browser drivers,
golden vectors, conformance, the dev loop, scaffolding, and the command line on top. Within one layer a package may
import itself only (the top modules may import one another). Imports under `if TYPE_CHECKING:` do not count; lazy
imports inside functions do, and so does `importlib.import_module("toolchain.…")` with a literal or f-string name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.unit.test_architecture import ROOT, import_graph, module_names

#: bottom first; "" is the modules at the top of the package (toolchain/*.py)
LAYERS: tuple[tuple[str, ...], ...] = (
    ("",),
    ("positions",),
    ("analysis",),
    ("project",),
    ("protocol",),
    ("plan",),
    ("manifest",),
    ("tools",),
    ("builder",),
    ("lint",),
    ("browsers",),
    ("golden",),
    ("conform",),
    ("dev",),
    ("submit",),
    ("scaffold", "importer"),
    ("cli",),
)
LAYER_OF = {package: index for index, layer in enumerate(LAYERS) for package in layer}


def package_of(module: str) -> str:
    """`toolchain.lint.rules.xp001` → "lint"; `toolchain.files` → "" (a top module); `python -m toolchain` is the
    command line's."""
    parts = module.split(".")
    if len(parts) == 1:
        return ""
    if parts[1] == "__main__":
        return "cli"
    return parts[1] if (ROOT / "toolchain" / parts[1]).is_dir() else ""


def _dynamic_imports(path: Path, known: dict[str, Path]) -> set[str]:
    """Modules named by `importlib.import_module("toolchain.x")` or `import_module(f"toolchain.x.{name}")`."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name != "import_module":
            continue
        argument = node.args[0]
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            prefix = argument.value
        elif isinstance(argument, ast.JoinedStr) and argument.values and isinstance(argument.values[0], ast.Constant):
            prefix = str(argument.values[0].value)
        else:
            continue
        candidates = [m for m in known if prefix == m or prefix.startswith(m + ".")]
        if candidates:
            found.add(max(candidates, key=len))
    return found


def layered_graph(root: Path = ROOT) -> dict[str, set[str]]:
    known = module_names(root)
    graph = import_graph(root)
    for module, path in known.items():
        graph[module] |= _dynamic_imports(path, known) - {module}
    return graph


def violations(graph: dict[str, set[str]]) -> list[str]:
    """Each import that reaches a layer above its own, or sideways into another package of its layer."""
    found: list[str] = []
    for module, targets in sorted(graph.items()):
        source = package_of(module)
        for target in sorted(targets):
            destination = package_of(target)
            if source == destination:
                continue
            if source not in LAYER_OF or destination not in LAYER_OF:
                found.append(f"{module} → {target}: a package not in LAYERS ({source or destination!r})")
            elif LAYER_OF[destination] >= LAYER_OF[source]:
                found.append(f"{module} ({source or 'top'}) → {target} ({destination or 'top'}): reaches up")
    return found


def test_every_package_of_the_toolchain_has_a_layer() -> None:
    packages = {path.name for path in (ROOT / "toolchain").iterdir() if (path / "__init__.py").is_file()}
    assert packages <= set(LAYER_OF), f"give these packages a layer: {sorted(packages - set(LAYER_OF))}"


def test_no_package_imports_a_layer_above_it() -> None:
    graph = layered_graph()
    assert "toolchain.lint.engine" in graph and "toolchain.positions.json" in graph  # the walk found the package
    assert violations(graph) == []


# The imports that once went up (issue "The house before the new rooms"): each one is reported.
HISTORICAL = [
    ("toolchain.project.locales", "toolchain.manifest.render"),  # project → manifest (json positions lived there)
    ("toolchain.protocol.model", "toolchain.plan.build_plan"),  # protocol took the Context type from the plan
    ("toolchain.tools.components", "toolchain.dev.watcher"),  # tools → dev (esbuild_options lived in dev/)
    ("toolchain.analysis.walker", "toolchain.lint.suppressions"),  # analysis → lint
    ("toolchain.manifest.verdicts", "toolchain.builder.cache"),  # manifest → builder (toolchain_stamp)
    ("toolchain.catalog", "toolchain.lint.rules"),  # the catalog loaded the rules by importlib
    ("toolchain.files", "toolchain.project.loader"),  # a top helper reached into project/
]


@pytest.mark.parametrize(("module", "imported"), HISTORICAL)
def test_each_import_that_once_reached_up_is_reported(module: str, imported: str) -> None:
    assert len(violations({module: {imported}})) == 1


def test_the_dynamic_import_of_a_package_counts(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text('import importlib\nimportlib.import_module(f"toolchain.lint.rules.{name}")\n', encoding="utf-8")
    known = {"toolchain.lint": Path(), "toolchain.lint.rules": Path()}
    assert _dynamic_imports(source, known) == {"toolchain.lint.rules"}
