"""`locales_format = "wxt"`: @wxt-dev/i18n's message files (`<locale>.yml|yaml|json|toml` in the `locales` folder)
compiled into Chromium's `_locales/<locale>/messages.json`, as @wxt-dev/i18n's own build does (its `build.mjs`):

- nested keys are joined with `_` (`options: {title: X}` → `options_title`), arrays by index;
- an object whose keys are all numbers or `n` is a plural: its texts joined with ` | ` in numeric-key order then
  `n` (the runtime's `i18n.t(key, count)` picks one);
- a top-level object of only `message`, `description`, `placeholders` is a Chrome message, kept as it is;
- any other scalar is its text; a null is an error.

YAML scalars are read as the text written (only `~`/`null`/empty are null), so `yes`, `no`, `1:30` stay text as
in YAML 1.2 (js-yaml, which WXT uses), not YAML 1.1's booleans and numbers. JSON is strict JSON (WXT reads JSON5).
The compiled folder is `.xtk/_locales/` beside xtk.toml; `locales.py` checks it like any `_locales/` folder.
"""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain.diagnostics import Diagnostic

if TYPE_CHECKING:
    from toolchain.project.loader import Project

SUFFIXES = (".yml", ".yaml", ".json", ".toml")
_CHROME_KEYS = frozenset({"message", "description", "placeholders"})
#: The browser's own messages (`@@ui_locale`...): never written, as @wxt-dev/i18n skips them.
_PREDEFINED = ("@@extension_id", "@@ui_locale", "@@bidi_dir", "@@bidi_reversed_dir", "@@bidi_start_edge")


def compiled_folder(project: Project) -> Path:
    return project.base_dir / ".xtk" / "_locales"


def compile_locales(project: Project) -> list[Diagnostic]:
    """Writes `.xtk/_locales/<locale>/messages.json` for every message file; a file that does not read is a located
    error (and no catalog is written for it, so the build stops rather than ship a locale without its texts)."""
    assert project.config.locales is not None
    source = project.path(project.config.locales)
    target = compiled_folder(project)
    problems: list[Diagnostic] = []
    if not source.is_dir():
        return problems  # the loader reports the missing folder
    shutil.rmtree(target, ignore_errors=True)
    for path in sorted(p for p in source.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES):
        shown = project.display(path)
        try:
            data = _read(path)
            messages = _messages([], data, 0, {})
        except _Unreadable as error:
            problems.append(Diagnostic("error", error.message, path=shown, line=error.line, column=error.column))
            continue
        folder = target / path.stem.replace("-", "_")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "messages.json").write_text(json.dumps(messages, indent=2, ensure_ascii=False) + "\n", "utf-8")
    return problems


class _Unreadable(Exception):
    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def _read(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise _Unreadable(f"invalid UTF-8 at byte {error.start} (message files are UTF-8)") from None
    suffix = path.suffix.lower()
    if suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise _Unreadable(f"invalid JSON: {error.msg}", error.lineno, error.colno) from None
    elif suffix == ".toml":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise _Unreadable(f"invalid TOML: {error}") from None
    else:
        data = _yaml(text)
    if not isinstance(data, dict):
        raise _Unreadable("a message file is a mapping of message names to texts", 1, 1)
    return data


def _yaml(text: str) -> Any:
    import yaml  # PyYAML: only a project with WXT message files loads it

    class TextLoader(yaml.SafeLoader):
        """Scalars stay the text written; only null resolves (YAML 1.2 reads `no` and `1:30` as text too)."""

    TextLoader.yaml_implicit_resolvers = {}
    TextLoader.add_implicit_resolver(
        "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""]
    )
    try:
        return yaml.load(text, Loader=TextLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
        raise _Unreadable(f"invalid YAML: {problem}", line, column) from None


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _is_plural(value: dict[Any, Any]) -> bool:
    return all(str(key) == "n" or re.fullmatch(r"-?\d+(\.\d+)?", str(key)) for key in value)


def _messages(path: list[str], value: Any, depth: int, out: dict[str, Any]) -> dict[str, Any]:
    name = "_".join(path)
    if value is None:
        raise _Unreadable(f"{'.'.join(path) or 'the file'}: a message is empty (null); give it a text")
    if isinstance(value, list):
        for index, item in enumerate(value):
            _messages(path + [str(index)], item, depth + 1, out)
    elif isinstance(value, dict):
        if depth == 0:
            for key, item in value.items():
                if str(key) not in _PREDEFINED:
                    _messages([str(key)], item, 1, out)
        elif value and _is_plural(value):
            numbered = sorted((k for k in value if str(k) != "n"), key=lambda k: float(str(k)))
            ordered = numbered + [k for k in value if str(k) == "n"]  # JavaScript's key order: integers first
            out[name] = {"message": " | ".join(_text(value[k]) for k in ordered)}
        elif depth == 1 and value and all(str(key) in _CHROME_KEYS for key in value):
            out[name] = {str(k): v for k, v in value.items()}
        else:
            for key, item in value.items():
                _messages(path + [str(key)], item, depth + 1, out)
    else:
        out[name] = {"message": _text(value)}
    return out
