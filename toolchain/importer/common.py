"""What every reader needs: package.json, the tsconfig check, a project file's path, pages' meta options."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from toolchain.diagnostics import InputError
from toolchain.importer.model import Imported

SCRIPT_SUFFIXES = (".ts", ".tsx", ".js", ".jsx", ".mts", ".mjs")
SKIPPED_FOLDERS = {"node_modules", ".git", ".xtk", ".output", ".wxt", ".plasmo", "build", "dist", "out"}


def package_json(directory: Path) -> dict[str, Any]:
    path = directory / "package.json"
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise InputError.single(f"cannot read package.json: {error}", path=str(path)) from None
    except json.JSONDecodeError as error:  # npm cannot read it either: said, never taken as an empty package
        raise InputError.single(
            f"package.json is not valid JSON: {error.msg}", path=str(path), line=error.lineno, column=error.colno
        ) from None
    return data if isinstance(data, dict) else {}


def first_file(folder: Path, names: list[str]) -> Path | None:
    for name in names:
        candidate = folder / name
        if candidate.is_file():
            return candidate
    return None


def typecheck_setting(imported: Imported) -> None:
    """`typecheck`: "warn" (a project adopting xtk sees tsc's errors, the build goes on), or false when it has no
    tsconfig.json or its tsconfig extends a file a framework generates and the project does not hold
    (`.wxt/tsconfig.json`, Plasmo's base): tsc cannot run then."""
    tsconfig = imported.directory / "tsconfig.json"
    setting: bool | str = "warn"
    if not tsconfig.is_file():
        setting = False
        imported.note("", "no tsconfig.json: typecheck = false (add one to type-check with xtk)", "info")
    else:
        text = tsconfig.read_text(encoding="utf-8", errors="replace")
        match = re.search(r'"extends"\s*:\s*"([^"]+)"', text)
        if match and not _extends_found(imported.directory, match.group(1)):
            setting = False
            imported.note(
                imported.where(tsconfig, text[: match.start()].count("\n") + 1),
                f"tsconfig.json extends {match.group(1)!r}, which a framework generates and the project does not "
                "hold: typecheck = false. Give tsconfig.json its own compilerOptions to type-check with xtk",
            )
    imported.config["typecheck"] = setting


def _extends_found(directory: Path, name: str) -> bool:
    if name.startswith("."):
        path = directory / name
        return path.is_file() or path.with_suffix(".json").is_file()
    return (directory / "node_modules" / name).exists() or (directory / "node_modules" / f"{name}.json").exists()


_META = re.compile(r"<meta\s+[^>]*>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([a-zA-Z_:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def meta_options(page: Path) -> dict[str, tuple[str, int]]:
    """WXT's `<meta name="manifest.default_title" content="...">` options of a page: name → (content, line)."""
    try:
        text = page.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    found: dict[str, tuple[str, int]] = {}
    for tag in _META.finditer(text):
        attributes = {
            m.group(1).lower(): m.group(2) if m.group(2) is not None else m.group(3)
            for m in _ATTRIBUTE.finditer(tag.group())
        }
        name = attributes.get("name", "")
        if name.startswith("manifest."):
            found[name.removeprefix("manifest.")] = (
                attributes.get("content", ""),
                text.count("\n", 0, tag.start()) + 1,
            )
    return found


def meta_value(content: str) -> Any:
    """A meta option's content: JSON when it reads as JSON (WXT's `content='["a"]'`), else the text."""
    try:
        return json.loads(content)
    except json.JSONDecodeError:
        return content


def source_files(folder: Path, more: tuple[str, ...] = ()) -> list[Path]:
    """The project's scripts under `folder` (and files with the `more` suffixes), generated and installed folders
    left out."""
    found: list[Path] = []
    if not folder.is_dir():
        return found
    for path in sorted(folder.rglob("*")):
        parts = set(path.relative_to(folder).parts)
        if parts & SKIPPED_FOLDERS or not path.is_file() or path.suffix not in SCRIPT_SUFFIXES + more:
            continue
        if path.name.endswith(".d.ts"):
            continue
        found.append(path)
    return found
