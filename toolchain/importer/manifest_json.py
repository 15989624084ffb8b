"""A folder holding manifest.json (a plain extension, or the manifest a Vite/CRXJS project feeds its plugin): its
keys mapped to xtk.toml, the files it names resolved to the project's files (docs/import.md)."""

from __future__ import annotations

import json
import posixpath
from pathlib import Path
from typing import Any

from toolchain.diagnostics import InputError
from toolchain.importer.common import package_json, typecheck_setting
from toolchain.importer.manifest_map import apply_manifest
from toolchain.importer.model import Imported
from toolchain.json_input import read_json_bytes


def load_manifest(imported: Imported, path: Path) -> dict[str, Any]:
    """The manifest's object; bad JSON is bad input (exit 2), located."""
    shown = imported.relative(path)
    data_bytes = read_json_bytes(path, shown, "the manifest")
    try:
        data = json.loads(data_bytes.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError.single("the manifest is not UTF-8", path=shown) from None
    except json.JSONDecodeError as error:
        raise InputError.single(
            f"invalid JSON: {error.msg}", path=shown, line=error.lineno, column=error.colno
        ) from None
    if not isinstance(data, dict):
        raise InputError.single("the manifest is not a JSON object", path=shown)
    return data


def resolver(imported: Imported, base: Path) -> Any:
    """A manifest path (relative to `base`, the manifest's folder or Vite's root) → the project file."""

    def resolve(value: str) -> str | None:
        name = value.split("?")[0].split("#")[0].lstrip("/")
        candidate = base / name
        if candidate.is_file():
            return imported.relative(candidate)
        for suffix in (".ts", ".tsx"):  # a built name (`background.js`) whose source is TypeScript
            source = candidate.with_suffix(suffix)
            if candidate.suffix == ".js" and source.is_file():
                return imported.relative(source)
        return None

    return resolve


def common_folder(paths: list[str]) -> str:
    """The folder every entry sits in (xtk's `src`), "." when they sit at the top or apart."""
    folders = [posixpath.dirname(p) for p in paths]
    if not folders:
        return "."
    common = posixpath.commonpath(folders) if all(folders) else ""
    return common or "."


def entry_paths(config: dict[str, Any]) -> list[str]:
    found: list[str] = []
    if config.get("background"):
        found.append(config["background"]["entry"])
    for table, key in (("action", "popup"), ("options", "page"), ("side_panel", "page")):
        if config.get(table, {}).get(key):
            found.append(config[table][key])
    for script in config.get("content_scripts", []):
        found += script.get("js", []) + script.get("css", [])
    for name in ("pages", "sandbox"):
        found += [page["page"] for page in config.get(name, [])]
    found += [v for v in (config.get("overrides") or {}).values() if v]
    return found


def read_manifest_folder(imported: Imported, manifest_path: Path) -> None:
    manifest = load_manifest(imported, manifest_path)
    fill_from_manifest(imported, manifest, manifest_path.parent, imported.relative(manifest_path), manifest_path)


def fill_from_manifest(
    imported: Imported, manifest: dict[str, Any], base: Path, source: str, json_file: Path | None = None
) -> None:
    directory = imported.directory
    text = json_file.read_text(encoding="utf-8") if json_file is not None else ""

    def line_of(key: str) -> int | None:
        index = text.find(json.dumps(key))
        return text[:index].count("\n") + 1 if index >= 0 else None

    package = package_json(directory)
    if "version" not in manifest and isinstance(package.get("version"), str):
        manifest["version"] = package["version"]
    if "name" not in manifest:
        manifest["name"] = str(package.get("displayName") or package.get("name") or directory.name)
    apply_manifest(imported, manifest, source, resolve=resolver(imported, base), line_of=line_of)
    config = imported.config
    config["src"] = common_folder(entry_paths(config))
    public = directory / "public"
    config["public"] = "public" if public.is_dir() else config["src"] if config["src"] != "." else "public"
    if config["public"] == config["src"]:
        config["public"] = "public"
    locales = base / "_locales"
    if locales.is_dir() and not (public / "_locales").is_dir():
        config["locales"] = imported.relative(locales)
    _built_resources(imported, base)
    for size, icon in list((config.get("icons") or {}).items()):
        inside = icon.startswith((config["src"] + "/", "public/")) or config["src"] == "."
        if not inside:
            imported.note(source, f"icon {icon}: outside {config['src']}/ and public/; move it or set `public`")
            del config["icons"][size]
    typecheck_setting(imported)


def _built_resources(imported: Imported, base: Path) -> None:
    """web_accessible_resources as the build holds them: a source file the manifest names (as CRXJS lets it) becomes
    its build path (`src/inject/x.ts` → `inject/x.js`; `public/logo.png` → `logo.png`), and a script no other key
    builds becomes a [[scripts]] entry so that it is built. Globs and build paths stay as written."""
    config = imported.config
    src = imported.directory / config["src"]
    public = imported.directory / config["public"]
    entries = set(entry_paths(config))
    for table in config.get("web_accessible_resources") or []:
        mapped: list[str] = []
        for resource in table.get("resources", []):
            file = base / resource
            if not file.is_file() or any(ch in resource for ch in "*?["):
                mapped.append(resource)
                continue
            relative = imported.relative(file)
            if config["public"] != config["src"] and file.resolve().is_relative_to(public.resolve()):
                mapped.append(file.resolve().relative_to(public.resolve()).as_posix())
            elif file.resolve().is_relative_to(src.resolve()):
                inside = file.resolve().relative_to(src.resolve())
                if file.suffix in (".ts", ".tsx", ".mts", ".jsx"):
                    if relative not in entries:
                        config.setdefault("scripts", []).append({"entry": relative})
                        entries.add(relative)
                    inside = inside.with_suffix(".js")
                mapped.append(inside.as_posix())
            else:
                mapped.append(resource)
        table["resources"] = mapped
