"""Vite plugins that have an esbuild build of their own (unplugin's `<package>/vite` beside `<package>/esbuild`, as
unplugin-icons, unplugin-auto-import): a config that imports `<package>/vite` and calls it with literal options
gets `[[esbuild_plugins]]` with the same options, which xtk's Node path runs (docs/config.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toolchain.importer.literals import Unread, imports_of, line_of, read_source, value_of
from toolchain.importer.model import Imported

#: Vite plugins whose work xtk does itself with the project's packages (docs/config.md: components, stylesheets).
COMPILED_BY_XTK = frozenset(
    {"@tailwindcss/vite", "@vitejs/plugin-vue", "@vitejs/plugin-react", "@sveltejs/vite-plugin-svelte"}
)


#: React plugins that compile JSX with the automatic runtime unless told `jsxRuntime: "classic"`.
REACT_PLUGINS = ("@vitejs/plugin-react", "@vitejs/plugin-react-swc")


def react_jsx(imported: Imported, options: Any, where: str) -> None:
    """`jsx` (and `jsx_import_source`) as @vitejs/plugin-react compiles, given the options it is called with (a dict
    when literal): its automatic runtime whatever tsconfig's `jsx` says, unless `jsxRuntime: "classic"`."""
    options = options if isinstance(options, dict) else {}
    runtime, source = options.get("jsxRuntime"), options.get("jsxImportSource")
    if isinstance(runtime, Unread) or isinstance(source, Unread):
        imported.note(where, "the React plugin's jsxRuntime / jsxImportSource are not literals: set jsx in xtk.toml")
    imported.config["jsx"] = "classic" if runtime == "classic" else "automatic"
    if isinstance(source, str) and runtime != "classic":
        imported.config["jsx_import_source"] = source


def has_esbuild_build(directory: Path, package: str) -> bool:
    """Does the installed `package` export `./esbuild`?"""
    try:
        data = json.loads((directory / "node_modules" / package / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    exports = data.get("exports") if isinstance(data, dict) else None
    return isinstance(exports, dict) and "./esbuild" in exports


def esbuild_counterparts(imported: Imported, config_file: Path) -> None:
    parsed = read_source(config_file)
    if parsed is None:
        return
    where = imported.relative(config_file)
    calls: dict[str, list[Any]] = {}
    stack = [parsed.tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        if function is not None and function.type == "identifier":
            calls.setdefault(parsed.text(function), []).append(node)
    for module, names, line in imports_of(parsed):
        if module in REACT_PLUGINS:  # a WXT config's `vite: () => ({ plugins: [react()] })`
            call = next((c for name in names for c in calls.get(name, [])), None)
            arguments = call.child_by_field_name("arguments") if call is not None else None
            first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
            react_jsx(imported, value_of(parsed, first) if first is not None else {}, f"{where}:{line}")
        package = module.removesuffix("/vite")
        if module in COMPILED_BY_XTK or package == module or not package:
            continue
        if not has_esbuild_build(imported.directory, package):
            imported.note(
                f"{where}:{line}",
                f"{module}: a Vite plugin without an esbuild build; xtk does not run it: do by hand what it does, or "
                "name an esbuild plugin that does it in [[esbuild_plugins]]",
            )
            continue
        for call in sorted((c for name in names for c in calls.get(name, [])), key=lambda c: c.start_byte):
            arguments = call.child_by_field_name("arguments")
            first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
            options = value_of(parsed, first) if first is not None else {}
            at = f"{where}:{line_of(call)}"
            if not isinstance(options, dict) or any(isinstance(v, Unread) for v in options.values()):
                imported.note(
                    at,
                    f"{module}: its options are not literals; write them in [[esbuild_plugins]] "
                    f'(package = "{package}/esbuild")',
                )
                continue
            imported.config.setdefault("esbuild_plugins", []).append(
                {"package": f"{package}/esbuild", **({"options": options} if options else {})}
            )
            imported.note(
                at, f"{module}: its esbuild build runs instead ([[esbuild_plugins]] {package}/esbuild)", "info"
            )
