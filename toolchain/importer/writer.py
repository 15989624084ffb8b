"""xtk.toml from an `Imported`: rendered in the order `xtk init` writes it, checked against the config's models
before anything is written, and written only where no xtk.toml is (or with --force)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.importer.model import Imported
from toolchain.project.models import ProjectConfig

_TOP = (
    "framework",
    "root",
    "src",
    "public",
    "locales",
    "locales_format",
    "icon",
    "typecheck",
    "jsx",
    "jsx_import_source",
    "auto_imports",
)
_TABLES = ("extension", "aliases", "icons", "background", "action", "options", "side_panel", "devtools", "overrides")
_ARRAYS = (
    "content_scripts",
    "scripts",
    "pages",
    "sandbox",
    "offscreen",
    "workers",
    "injected",
    "web_accessible_resources",
    "esbuild_plugins",
)
_GRANTS = ("permissions", "optional_permissions", "host_permissions", "optional_host_permissions")


def value(data: Any) -> str:
    """A TOML value: strings as JSON strings (a subset of TOML's basic strings), inline tables and arrays."""
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, (int, float)):
        return json.dumps(data)
    if isinstance(data, str):
        return json.dumps(data, ensure_ascii=False)
    if isinstance(data, list):
        return "[" + ", ".join(value(item) for item in data) + "]"
    if isinstance(data, dict):
        if not data:
            return "{}"
        return "{ " + ", ".join(f"{key(k)} = {value(v)}" for k, v in data.items()) + " }"
    return json.dumps(str(data))


def key(name: str) -> str:
    bare = name.replace("_", "").replace("-", "").isalnum() and name.isascii()
    return name if bare else json.dumps(name, ensure_ascii=False)


def _finish(imported: Imported) -> dict[str, Any]:
    """The config as xtk.toml holds it (the readers' working keys, `_…`, left out)."""
    return {k: v for k, v in imported.config.items() if not k.startswith("_")}


def render(imported: Imported) -> str:
    config = _finish(imported)
    lines = [
        f"# Written by `xtk import` from a {imported.kind} project: every key is described by `xtk help config`,",
        "# what import brought over and what it could not by `xtk help import`. The project's own files are unchanged.",
        "",
    ]

    def comments(table: str) -> None:
        lines.extend(f"# {text}" for text in imported.comments.get(table, []))

    comments("")
    for name in _TOP:
        if name in config:
            lines.append(f"{name} = {value(config[name])}")
    lines.append("")
    for name in ("extension", "aliases", "auto_import_names"):
        _table(lines, name, config.get(name), comments)
    for browser, target in config.get("targets", {}).items():
        _table(lines, f"targets.{browser}", target, comments)
    for name in _TABLES[2:]:
        # an empty [action] still declares the toolbar button (and with it the `action` API a background may use)
        _table(lines, name, config.get(name), comments, allow_empty=name == "action")
    for name in _ARRAYS:
        for index, item in enumerate(config.get(name) or []):
            if index == 0:
                comments(name)
            lines.append(f"[[{name}]]")
            lines.extend(f"{key(k)} = {value(v)}" for k, v in item.items())
            lines.append("")
    for name in _GRANTS:
        _table(lines, name, config.get(name), comments)
    _table(lines, "csp", config.get("csp"), comments)
    for command, settings in (config.get("commands") or {}).items():
        _table(lines, f"commands.{key(command)}", settings, comments, allow_empty=True)
    return "\n".join(lines).rstrip("\n") + "\n"


def _table(lines: list[str], name: str, data: Any, comments: Any, allow_empty: bool = False) -> None:
    if not data and not (allow_empty and data is not None):
        return
    comments(name)
    lines.append(f"[{name}]")
    lines.extend(f"{key(k)} = {value(v)}" for k, v in data.items())
    lines.append("")


def check(text: str, imported: Imported) -> None:
    """The rendered config must be one xtk reads: a value the project holds that xtk refuses (a bad match pattern,
    a version xtk cannot use) is bad input, named by its key (exit 2), and nothing is written."""
    try:
        ProjectConfig.model_validate(tomllib.loads(text))
    except ValidationError as error:
        problems = [
            Diagnostic(
                "error",
                f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']} (as imported from the {imported.kind} project; "
                "fix it there or write xtk.toml by hand)",
                path="xtk.toml",
            )
            for e in error.errors()
        ]
        raise InputError(problems) from None


def write(directory: Path, text: str, force: bool) -> Path:
    target = directory / "xtk.toml"
    if (target.exists() or target.is_symlink()) and not force:
        raise InputError.single(
            "already exists; xtk import never overwrites it (--force replaces it, --dry-run prints the config instead)",
            path=str(target),
        )
    if target.is_symlink():
        raise InputError.single("a link; xtk import does not write through it", path=str(target))
    target.write_text(text, encoding="utf-8")
    return target
