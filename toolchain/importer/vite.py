"""A Vite project with CRXJS: the manifest its `crx({ manifest })` plugin reads (manifest.json, or
manifest.config.ts with `defineManifest({...})`), whose entries name the source files (docs/import.md, "Vite")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolchain.importer.common import first_file, package_json
from toolchain.importer.literals import (
    Unread,
    call_parts,
    default_export,
    function_result,
    imports_of,
    read_source,
    unwrap,
    value_of,
)
from toolchain.importer.manifest_json import fill_from_manifest, load_manifest
from toolchain.importer.model import Imported
from toolchain.importer.vite_plugins import REACT_PLUGINS, react_jsx

CONFIG_NAMES = ["vite.config.ts", "vite.config.mts", "vite.config.js", "vite.config.mjs"]
_MANIFEST_NAMES = [
    "manifest.config.ts",
    "manifest.config.js",
    "manifest.json",
    "src/manifest.json",
    "src/manifest.config.ts",
]
#: plugins whose work xtk does itself (esbuild compiles TSX; the manifest is xtk's)
_KNOWN_PLUGINS = {"crx", "react", "reactRefresh"}


def find_config(directory: Path) -> Path | None:
    return first_file(directory, CONFIG_NAMES)


def read_vite(imported: Imported) -> None:
    directory = imported.directory
    config_file = find_config(directory)
    manifest_file: Path | None = None
    if config_file is not None:
        manifest_file = _plugins(imported, config_file)
    manifest_file = manifest_file or first_file(directory, _MANIFEST_NAMES)
    if manifest_file is None:
        imported.note(
            imported.relative(config_file) if config_file else "",
            "no manifest found for the crx plugin (manifest.json or manifest.config.ts): only package.json was read",
        )
        fill_from_manifest(imported, {}, directory, "package.json")
        return
    source = imported.relative(manifest_file)
    if manifest_file.suffix == ".json":
        fill_from_manifest(imported, load_manifest(imported, manifest_file), directory, source, manifest_file)
    else:
        fill_from_manifest(imported, _manifest_module(imported, manifest_file), directory, source)


def _plugins(imported: Imported, config_file: Path) -> Path | None:
    """Name the plugins xtk does not replace; return the manifest file `crx({ manifest })` imports."""
    parsed = read_source(config_file)
    where = imported.relative(config_file)
    if parsed is None or parsed.errors:
        imported.note(where, "cannot parse the Vite config: its plugins are not checked")
        return None
    imported_from = {name: module for module, names, _ in imports_of(parsed) for name in names}
    manifest_file: Path | None = None
    for call in parsed.nodes("call_expression"):
        parts = call_parts(parsed, call)
        if parts is None:
            continue
        name, argument = parts
        parent = call.parent
        if parent is None or parent.type != "array":
            continue
        if imported_from.get(name) in REACT_PLUGINS:
            react_jsx(imported, value_of(parsed, argument) if argument is not None else {}, where)
        if name not in _KNOWN_PLUGINS:
            imported.note(
                f"{where}:{call.start_point[0] + 1}",
                f"Vite plugin {name}(): not brought over; xtk bundles "
                "with esbuild (Svelte and Vue through the project's compilers): do its work another way",
            )
        if name == "crx" and argument is not None:
            options = unwrap(argument)
            for child in options.named_children:
                key = child.child_by_field_name("key") if child.type == "pair" else child
                value = child.child_by_field_name("value") if child.type == "pair" else child
                if key is None or parsed.text(key) != "manifest" or value is None:
                    continue
                module = imported_from.get(parsed.text(value))
                if module and module.startswith("."):
                    target = (config_file.parent / module).resolve()
                    for candidate in (target, *(target.with_name(target.name + s) for s in (".ts", ".js", ".json"))):
                        if candidate.is_file():
                            manifest_file = candidate
                            break
    return manifest_file


def _manifest_module(imported: Imported, path: Path) -> dict[str, Any]:
    """`export default defineManifest({...})` or `defineManifest((env) => ({...}))`."""
    parsed = read_source(path)
    where = imported.relative(path)
    if parsed is None or parsed.errors:
        imported.note(where, "cannot parse the manifest module: nothing taken from it")
        return {}
    exported = default_export(parsed)
    call = call_parts(parsed, exported)
    node = call[1] if call else exported
    if node is not None and node.type != "object":
        node = function_result(parsed, node)
    if node is None or node.type != "object":
        imported.note(where, "the manifest is not an object literal (defineManifest({...})): nothing taken from it")
        return {}
    manifest = value_of(parsed, node)
    version = manifest.get("version")
    if isinstance(version, Unread) and version.text.endswith(".version"):  # `pkg.version`: package.json's
        manifest["version"] = str(package_json(imported.directory).get("version") or "0.1.0")
    return manifest
