"""Load `xtk.toml` into a `Project`, or fail with every problem located by file, line and key."""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel, ValidationError

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.project.confine import check_confinement, path_problem
from toolchain.project.locate import find_config
from toolchain.project.models import BROWSERS, Browser, ProjectConfig
from toolchain.project.toml_positions import key_positions, locate

#: What a file reference may be: a script bundled by esbuild, an HTML page, a stylesheet, anything copied.
FileKind = str  # "script" | "module" (a script or a folder of them) | "page" | "style" | "asset" | "dir"

_SCRIPT_SUFFIXES = {".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs"}


@dataclass(frozen=True)
class FileRef:
    """A file the config points to, with the key path that points to it."""

    key: tuple[str | int, ...]
    value: str
    kind: FileKind


@dataclass(frozen=True)
class Project:
    """A loaded, checked project: its config and where everything is on disk."""

    config: ProjectConfig
    config_path: Path

    @property
    def base_dir(self) -> Path:
        return self.config_path.parent

    @cached_property
    def root(self) -> Path:
        return (self.base_dir / self.config.root).resolve()

    @cached_property
    def src_dir(self) -> Path:
        return (self.root / self.config.src).resolve()

    @cached_property
    def public_dir(self) -> Path:
        return (self.root / self.config.public).resolve()

    @cached_property
    def out_dir(self) -> Path:
        return (self.base_dir / self.config.out).resolve()

    @cached_property
    def dist_dir(self) -> Path:
        return (self.base_dir / self.config.dist).resolve()

    @property
    def name(self) -> str:
        return self.config.extension.name

    @property
    def targets(self) -> list[Browser]:
        return [b for b in BROWSERS if getattr(self.config.targets, b) is not None]

    def path(self, relative: str) -> Path:
        """A config path (relative to root) on disk."""
        return (self.root / relative).resolve()

    def build_path(self, relative: str) -> str:
        """Where a project file lands in a build: its path under src/ or public/, in POSIX form."""
        absolute = self.path(relative)
        for base in (self.src_dir, self.public_dir):
            if absolute.is_relative_to(base):
                return absolute.relative_to(base).as_posix()
        raise ValueError(f"{relative} is outside {self.config.src}/ and {self.config.public}/")

    def display(self, path: Path) -> str:
        """A path as users read it: relative to the config's folder when it is inside."""
        try:
            return path.resolve().relative_to(self.base_dir.resolve()).as_posix()
        except ValueError:
            return str(path)


def load_project(project: str | Path | None = None) -> Project:
    config_path = find_config(project)
    display = _display_name(config_path)
    try:
        text = config_path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError.single(f"cannot read the config: {exc}", path=display) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, column = _toml_error_position(str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise InputError.single(f"invalid TOML: {message}", path=display, line=line, column=column) from None

    positions = key_positions(text)
    try:
        config = ProjectConfig.model_validate(data)
    except ValidationError as exc:
        raise InputError([_diagnostic(err, display, positions) for err in exc.errors()]) from None

    project_obj = Project(config=config, config_path=config_path)
    problems = list(_check_files(project_obj, display, positions))
    if problems:
        raise InputError(problems)
    return project_obj


def _display_name(path: Path) -> str:
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def _toml_error_position(message: str) -> tuple[int | None, int | None]:
    m = re.search(r"at line (\d+), column (\d+)", message)
    return (int(m.group(1)), int(m.group(2))) if m else (None, None)


def format_key(path: Sequence[str | int]) -> str:
    """`('content_scripts', 0, 'js')` → `content_scripts[0].js`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else f'"{part}"'
            out += f".{text}" if out else text
    return out


def _diagnostic(err: dict, display: str, positions: dict) -> Diagnostic:
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
    kind = err["type"]
    if kind == "extra_forbidden":
        message = "unknown key" + _suggestion(loc)
    elif kind == "missing":
        message = "required key is missing"
    else:
        message = err["msg"].removeprefix("Value error, ")
        if kind == "literal_error":
            message = f"{err['input']!r} is not allowed: {message.lower()}"
    position = locate(positions, loc)
    line, column = position if position else (None, None)
    return Diagnostic("error", message, path=display, line=line, column=column, key=format_key(loc) or None)


def _suggestion(loc: tuple[str | int, ...]) -> str:
    """'; did you mean ...?' when the unknown key is a near miss of a known one."""
    model: type[BaseModel] | None = ProjectConfig
    for part in loc[:-1]:
        if model is None or isinstance(part, int):
            continue
        field = model.model_fields.get(part)
        model = _model_of(field.annotation) if field else None
    if model is None or not isinstance(loc[-1], str):
        return ""
    close = difflib.get_close_matches(loc[-1], list(model.model_fields), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def _model_of(annotation: object) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_of(arg)
        if found:
            return found
    return None


def file_refs(config: ProjectConfig) -> Iterator[FileRef]:
    """Every file or folder the config names, with the key that names it."""
    c = config
    for size, icon in c.icons.items():
        yield FileRef(("icons", size), icon, "asset")
    if c.locales:
        yield FileRef(("locales",), c.locales, "dir")
    if c.background:
        yield FileRef(("background", "entry"), c.background.entry, "script")
    if c.action:
        if c.action.popup:
            yield FileRef(("action", "popup"), c.action.popup, "page")
        for size, icon in c.action.icons.items():
            yield FileRef(("action", "icons", size), icon, "asset")
    if c.options:
        yield FileRef(("options", "page"), c.options.page, "page")
    if c.side_panel:
        yield FileRef(("side_panel", "page"), c.side_panel.page, "page")
        for size, icon in c.side_panel.icons.items():
            yield FileRef(("side_panel", "icons", size), icon, "asset")
    for group in ("offscreen", "sandbox", "pages"):
        for i, page in enumerate(getattr(c, group)):
            yield FileRef((group, i, "page"), page.page, "page")
    if c.overrides:
        for name in ("newtab", "bookmarks", "history"):
            value = getattr(c.overrides, name)
            if value:
                yield FileRef(("overrides", name), value, "page")
    if c.conformance:
        yield FileRef(("conformance", "module"), c.conformance.module, "script")
    if c.lint and c.lint.abstraction:
        yield FileRef(("lint", "abstraction"), c.lint.abstraction, "module")
    for i, worker in enumerate(c.workers):
        yield FileRef(("workers", i, "entry"), worker.entry, "script")
    for i, script in enumerate(c.content_scripts):
        for j, js in enumerate(script.js):
            yield FileRef(("content_scripts", i, "js", j), js, "script")
        for j, css in enumerate(script.css):
            yield FileRef(("content_scripts", i, "css", j), css, "style")
    for i, bundle in enumerate(c.injected):
        yield FileRef(("injected", i, "entry"), bundle.entry, "script")
        for j, css in enumerate(bundle.css):
            yield FileRef(("injected", i, "css", j), css, "style")


_EXPECTED_SUFFIX = {"script": _SCRIPT_SUFFIXES, "module": _SCRIPT_SUFFIXES, "page": {".html", ".htm"}, "style": {".css"}}


def _check_files(project: Project, display: str, positions: dict) -> Iterator[Diagnostic]:
    def problem(key: tuple[str | int, ...], message: str) -> Diagnostic:
        position = locate(positions, key)
        line, column = position if position else (None, None)
        return Diagnostic("error", message, path=display, line=line, column=column, key=format_key(key))

    confinement = list(check_confinement(project, display, problem))  # toolchain/project/confine.py
    if confinement:
        yield from confinement
        return
    for key, folder in (("root", project.root), ("src", project.src_dir)):
        if not folder.is_dir():
            yield problem((key,), f"folder not found: {project.display(folder)}")
            return

    for ref in file_refs(project.config):
        absolute = project.path(ref.value)
        if PurePosixPath(ref.value).is_absolute() or ".." in PurePosixPath(ref.value).parts:
            yield problem(ref.key, f"{ref.value}: paths must be relative to root and stay inside it")
            continue
        leaves = path_problem(project.base_dir.resolve(), project.root, ref.value)
        if leaves:
            yield problem(ref.key, leaves)
            continue
        if ref.kind == "dir":
            if not absolute.is_dir():
                yield problem(ref.key, f"folder not found: {project.display(absolute)}")
            continue
        if ref.kind == "module" and absolute.is_dir():  # a script, or a folder of them
            continue
        if not absolute.is_file():
            yield problem(ref.key, f"file not found: {project.display(absolute)}")
            continue
        expected = _EXPECTED_SUFFIX.get(ref.kind)
        if expected and absolute.suffix.lower() not in expected:
            yield problem(ref.key, f"{ref.value}: expected a {ref.kind} ({', '.join(sorted(expected))})")
            continue
        if ref.kind in ("script", "page", "style") and not absolute.is_relative_to(project.src_dir):
            yield problem(ref.key, f"{ref.value} must be inside {project.config.src}/ (its build path mirrors that folder)")
        elif ref.kind == "asset" and not (
            absolute.is_relative_to(project.src_dir) or absolute.is_relative_to(project.public_dir)
        ):
            yield problem(ref.key, f"{ref.value} must be inside {project.config.src}/ or {project.config.public}/")
    locales = project.config.locales
    default_locale = project.config.extension.default_locale
    if locales and default_locale and project.path(locales).is_dir():
        messages = project.path(locales) / default_locale / "messages.json"
        if not messages.is_file():
            yield problem(("extension", "default_locale"), f"no {project.display(messages)} for the default locale")
        else:
            yield from _check_messages(project, messages, problem)


_MESSAGE_REFERENCE = re.compile(r"__MSG_([A-Za-z0-9_@]+)__")


def _check_messages(project: Project, messages: Path, problem: Any) -> Iterator[Diagnostic]:
    """The default locale's messages.json parses, and every `__MSG_name__` the config uses is defined in it."""
    shown = project.display(messages)
    try:
        data = json.loads(messages.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError as error:
        yield Diagnostic("error", f"invalid JSON: {error.msg}", path=shown, line=error.lineno, column=error.colno)
        return
    except (OSError, UnicodeDecodeError) as error:
        yield Diagnostic("error", f"cannot read the messages: {error}", path=shown)
        return
    if not isinstance(data, dict):
        yield Diagnostic("error", "messages.json must be an object of messages", path=shown)
        return
    defined = {name.lower() for name, entry in data.items() if isinstance(entry, dict) and isinstance(entry.get("message"), str)}
    for name, entry in data.items():
        if name.lower() not in defined:
            yield Diagnostic("error", f"message {name!r} needs a string \"message\"", path=shown, key=name)
    config = project.config
    texts = {("extension", "name"): config.extension.name, ("extension", "short_name"): config.extension.short_name,
             ("extension", "description"): config.extension.description}
    if config.action:
        texts[("action", "title")] = config.action.title
    for key, text in texts.items():
        for name in _MESSAGE_REFERENCE.findall(text or ""):
            if name.lower() not in defined:
                yield problem(key, f"__MSG_{name}__ is not defined in {shown}")
