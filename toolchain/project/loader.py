"""Load `xtk.toml` into a `Project`, or fail with every problem located by file, line and key."""

from __future__ import annotations

import difflib
import json
import os
import re
import tomllib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from toolchain.confine import check_confinement, check_folder_links, check_source_links, path_problem
from toolchain.diagnostics import Diagnostic, InputError
from toolchain.positions.toml import KeyPath, key_at, key_positions, line_column, locate, too_deep
from toolchain.project.locales import check_locales
from toolchain.project.locate import find_config
from toolchain.project.models import Browser, ProjectConfig
from toolchain.urls import split_address

#: What a file reference may be: a script bundled by esbuild, an HTML page, a stylesheet, anything copied.
FileKind = str  # "script" | "module" (a script or a folder of them) | "page" | "style" | "asset" | "image" | "dir"

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
        return self.config.targets.declared()

    def chosen_targets(self, choice: str) -> list[Browser]:
        """What `--browser CHOICE` names: one declared target, or every one for "all" (exit 2 for another)."""
        if choice == "all":
            return self.targets
        if choice not in self.targets:
            raise InputError.single(
                f"--browser {choice}: the project has no [targets.{choice}] (it targets {', '.join(self.targets)})"
            )
        return [choice]

    def path(self, relative: str) -> Path:
        """A config path (relative to root) on disk."""
        return (self.root / relative).resolve()

    def build_path(self, relative: str) -> str:
        """Where a project file lands in a build: its path under src/ or public/, in POSIX form (under the deeper of
        the two when one holds the other: with `src = "."`, `public/icon.png` is copied to `icon.png`)."""
        absolute = self.path(relative)
        bases = sorted((self.src_dir, self.public_dir), key=lambda base: len(base.parts), reverse=True)
        for base in bases:
            if absolute.is_relative_to(base):
                return absolute.relative_to(base).as_posix()
        raise ValueError(f"{relative} is outside {self.config.src}/ and {self.config.public}/")

    @cached_property
    def never_sources(self) -> tuple[Path, ...]:
        """Folders that are never code, pages or styles of the build even when src/ holds them (`src = "."`, sources
        at the project's root): the build and package folders, public/ (copied as is) and xtk's work folder.
        node_modules and dot-folders at any depth are left out too (`source_problem`)."""
        return tuple(dict.fromkeys((self.out_dir, self.dist_dir, self.public_dir, self.base_dir.resolve() / ".xtk")))

    def source_problem(self, path: Path) -> str | None:
        """Why `path` (absolute, resolved) cannot be a source the build bundles, or None when it can be one."""
        src = self.config.src
        if not path.is_relative_to(self.src_dir):
            return f"must be inside {src}/ (its build path mirrors that folder)"
        for folder in self.never_sources:
            if path.is_relative_to(folder) and folder != self.src_dir:
                return f"is inside {self.display(folder)}/, which is never a source (src = {src!r} holds it)"
        for part in path.relative_to(self.src_dir).parts[:-1]:
            if part == "node_modules" or part.startswith("."):
                return f"is inside {part}/, which is never a source: move it to a folder of its own"
        return None

    def display(self, path: Path) -> str:
        """A path as users read it: relative to the config's folder when it is inside."""
        try:
            return path.resolve().relative_to(self.base_dir.resolve()).as_posix()
        except ValueError:
            return str(path)


def load_project(project: str | Path | None = None, *, require_files: bool = True) -> Project:
    """The project's config, loaded and checked. With `require_files=False` (`xtk protocol codegen`, which needs
    only the schemas and the output path) the files the config names need not exist yet; confinement still holds."""
    config_path = find_config(project)
    display = _display_name(config_path)
    text = _read_config(config_path, display)
    positions = key_positions(text)
    data = _parse_toml(text, display, positions)
    try:
        config = ProjectConfig.model_validate(data)
    except ValidationError as exc:
        raise InputError([_diagnostic(err, display, positions) for err in exc.errors()]) from None

    project_obj = Project(config=config, config_path=config_path)
    unusable_paths = list(check_path_values(config, project_obj.base_dir, display, positions))
    if unusable_paths:  # before the file checks: the file system would refuse these paths with an OSError
        raise InputError(unusable_paths)
    problems = list(_check_files(project_obj, display, positions, require_files))
    if problems:
        raise InputError(problems)
    return project_obj


#: A config is a few kilobytes: past this it is not one, and it is not read into memory whole.
MAX_CONFIG_BYTES = 1024 * 1024
#: A config nests a level or two; tomllib recurses per array level and is quadratic in a dotted key's parts.
MAX_NESTING = 64
_UTF8_BOM = b"\xef\xbb\xbf"
#: Control characters TOML allows nowhere unescaped: all but tab, LF, and CR right before LF.
_RAW_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)")
_CONTROL_NAMES = {
    0x00: "NUL",
    0x0B: "vertical tab",
    0x0C: "form feed",
    0x0D: "carriage return without a line feed",
    0x1B: "escape",
    0x7F: "DEL",
}


def _read_config(path: Path, display: str) -> str:
    """The config's text: at most MAX_CONFIG_BYTES of UTF-8, a leading BOM dropped, no raw control character."""
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise InputError.single(f"cannot read the config: {exc.strerror or exc}", path=display) from None
    if len(raw) > MAX_CONFIG_BYTES:
        raise InputError.single(
            f"the config is larger than {MAX_CONFIG_BYTES // 1024} KiB; xtk.toml is a few "
            "kilobytes of settings (is this the right file?)",
            path=display,
        )
    raw = raw.removeprefix(_UTF8_BOM)  # Windows editors write one; accepted silently, as pip and cargo do
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start].decode("utf-8")
        line, column = line_column(before, len(before))
        raise InputError.single(
            f"invalid UTF-8: byte 0x{raw[exc.start]:02X} (TOML files are UTF-8)", path=display, line=line, column=column
        ) from None
    control = _RAW_CONTROL.search(text)
    if control:
        code = ord(control.group()[0])
        name = f"U+{code:04X}" + (f" ({_CONTROL_NAMES[code]})" if code in _CONTROL_NAMES else "")
        line, column = line_column(text, control.start())
        key = key_at(key_positions(text), line, column)
        raise InputError.single(
            f"control character {name} is not allowed in TOML (inside a string, write it as \\u{code:04X})",
            path=display,
            line=line,
            column=column,
            key=_key_name(key),
        )
    return text


def _parse_toml(text: str, display: str, positions: dict[KeyPath, tuple[int, int]]) -> dict[str, Any]:
    deep = too_deep(text, MAX_NESTING)
    if deep is not None:
        line, column = line_column(text, deep)
        raise InputError.single(
            f"nested more than {MAX_NESTING} levels deep (arrays, inline tables or the parts of a dotted key)",
            path=display,
            line=line,
            column=column,
            key=_key_name(key_at(positions, line, column)),
        )
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        error_line, error_column = _toml_error_position(str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        key = key_at(positions, error_line, error_column) if error_line and error_column else None
        raise InputError.single(
            f"invalid TOML: {message}", path=display, line=error_line, column=error_column, key=_key_name(key)
        ) from None


def _key_name(key: KeyPath | None) -> str | None:
    return format_key(key) if key else None


def _display_name(path: Path) -> str:
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def _toml_error_position(message: str) -> tuple[int | None, int | None]:
    m = re.search(r"at line (\d+), column (\d+)", message)
    return (int(m.group(1)), int(m.group(2))) if m else (None, None)


#: Key names longer than this are cut in messages (a hostile config's 100,000-character key stays readable).
_SHOWN_KEY_LENGTH = 80


#: Parts of a key path shown in messages: a dotted key of 100,000 parts is cut after these.
_SHOWN_KEY_PARTS = 12


def format_key(path: Sequence[str | int]) -> str:
    """`('content_scripts', 0, 'js')` → `content_scripts[0].js`; odd characters escaped, very long keys cut."""
    out = ""
    if len(path) > _SHOWN_KEY_PARTS:
        return format_key(path[:_SHOWN_KEY_PARTS]) + f"… ({len(path)} parts)"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            if len(part) > _SHOWN_KEY_LENGTH:
                part = part[:_SHOWN_KEY_LENGTH] + "…"
            text = part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else json.dumps(part, ensure_ascii=False)
            out += f".{text}" if out else text
    return out


#: Linux's NAME_MAX and PATH_MAX: a longer name or path fails with "File name too long" wherever it is used.
_NAME_MAX = 255
_PATH_MAX = 4095


def _path_values(config: ProjectConfig) -> Iterator[tuple[KeyPath, str, bool]]:
    """Every path the config holds: its key, its value, and whether it is relative to root (else to the config)."""
    for name in ("root", "out", "dist"):
        yield (name,), getattr(config, name), False
    for name in ("src", "public"):
        yield (name,), getattr(config, name), True
    for ref in file_refs(config):
        yield ref.key, ref.value, True
    for name, target in config.aliases.items():
        yield ("aliases", name), target, True
    for index, folder in enumerate(config.auto_imports):
        yield ("auto_imports", index), folder, True
    if config.lint and config.lint.posture:
        yield ("lint", "posture"), config.lint.posture, False
    if config.protocol:
        yield ("protocol", "schemas"), config.protocol.schemas, False
        yield ("protocol", "generated"), config.protocol.generated, True
    if config.conformance:
        for index, vectors in enumerate(config.conformance.vectors):
            yield ("conformance", "vectors", index), vectors, False
    if config.golden:  # `corpus` aside: pages only read, never written or run, which may live beside the project
        yield ("golden", "reference_path"), config.golden.reference_path, False
        yield ("golden", "vectors"), config.golden.vectors, False
        if config.golden.inputs:
            yield ("golden", "inputs"), config.golden.inputs, False


#: Path keys `check_confinement` checks itself (the folders), and those `_check_files` checks with the files.
_FOLDER_KEYS = {("root",), ("out",), ("dist",), ("src",), ("public",), ("locales",)}


def _check_config_paths(project: Project, problem: Callable[[KeyPath, str], Diagnostic]) -> Iterator[Diagnostic]:
    """Every other path the config holds (the posture, the protocol's schemas and generated module, golden and
    conformance vectors, the golden reference) is confined like `src`: no absolute path, no `..` that leaves the
    project, no link out of it or that loops. They are read (or written, or imported) like the sources."""
    project_dir = project.base_dir.resolve()
    named = {ref.key for ref in file_refs(project.config)}
    for key, value, under_root in _path_values(project.config):
        if key in _FOLDER_KEYS or key in named:
            continue
        message = path_problem(project_dir, project.root if under_root else project_dir, value)
        if message:
            yield problem(key, message)
        elif key == ("protocol", "schemas"):  # a folder codegen and lint read every schema of
            yield from check_folder_links(
                project_dir / value, project_dir, "xtk would read it as a schema: copy it into the project instead"
            )


def check_path_values(
    config: ProjectConfig, base_dir: Path, display: str, positions: dict[KeyPath, tuple[int, int]]
) -> Iterator[Diagnostic]:
    """Paths the operating system would refuse (a control character, a name or path too long), located."""
    for key, value, under_root in _path_values(config):
        control = re.search(r"[\x00-\x1f\x7f-\x9f]", value)
        if control:
            problem = (
                f"a path must not contain control characters (U+{ord(control.group()):04X} at character "
                f"{control.start() + 1})"
            )
        else:
            absolute = base_dir / config.root / value if under_root else base_dir / value
            longest = max((len(os.fsencode(part)) for part in absolute.parts), default=0)
            if longest > _NAME_MAX:
                problem = f"a name in this path is {longest} bytes long; the file system allows {_NAME_MAX}"
            elif len(os.fsencode(str(absolute))) > _PATH_MAX:
                problem = (
                    f"this path is {len(os.fsencode(str(absolute)))} bytes long with its folder; the file "
                    f"system allows {_PATH_MAX}"
                )
            else:
                continue
        line, column = locate(positions, key) or (None, None)
        yield Diagnostic("error", problem, path=display, line=line, column=column, key=format_key(key))


def _diagnostic(err: ErrorDetails, display: str, positions: dict[KeyPath, tuple[int, int]]) -> Diagnostic:
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
    return Diagnostic("error", _shorten(message), path=display, line=line, column=column, key=format_key(loc) or None)


#: Messages that quote a hostile value (a 500,000-character version) are cut to this many characters.
_SHOWN_MESSAGE_LENGTH = 300


def _shorten(message: str) -> str:
    if len(message) <= _SHOWN_MESSAGE_LENGTH:
        return message
    left_out = len(message) - _SHOWN_MESSAGE_LENGTH
    return f"{message[:200]}… ({left_out:,} characters left out) …{message[-100:]}"


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


def _page_file(address: str) -> str:
    """The file a page address names (`index.html#/popup` → index.html); an address that is only a query or a
    fragment names itself, so the error shows what was written."""
    return split_address(address)[0] or address


def file_refs(config: ProjectConfig) -> Iterator[FileRef]:
    """Every file or folder the config names, with the key that names it."""
    c = config
    if c.icon:
        yield FileRef(("icon",), c.icon, "image")
    for size, icon in c.icons.items():
        yield FileRef(("icons", size), icon, "asset")
    if c.locales:
        yield FileRef(("locales",), c.locales, "dir")
    if c.background:
        yield FileRef(("background", "entry"), c.background.entry, "script")
    if c.action:
        if c.action.popup:
            yield FileRef(("action", "popup"), _page_file(c.action.popup), "page")
        for size, icon in c.action.icons.items():
            yield FileRef(("action", "icons", size), icon, "asset")
    if c.options:
        yield FileRef(("options", "page"), _page_file(c.options.page), "page")
    if c.side_panel:
        yield FileRef(("side_panel", "page"), _page_file(c.side_panel.page), "page")
        for size, icon in c.side_panel.icons.items():
            yield FileRef(("side_panel", "icons", size), icon, "asset")
    if c.devtools:
        yield FileRef(("devtools", "page"), _page_file(c.devtools.page), "page")
    for group in ("offscreen", "sandbox", "pages"):
        for i, page in enumerate(getattr(c, group)):
            yield FileRef((group, i, "page"), _page_file(page.page), "page")
    if c.overrides:
        for name in ("newtab", "bookmarks", "history"):
            value = getattr(c.overrides, name)
            if value:
                yield FileRef(("overrides", name), _page_file(value), "page")
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
    for i, executed in enumerate(c.scripts):
        yield FileRef(("scripts", i, "entry"), executed.entry, "script")
    for i, bundle in enumerate(c.injected):
        yield FileRef(("injected", i, "entry"), bundle.entry, "script")
        for j, css in enumerate(bundle.css):
            yield FileRef(("injected", i, "css", j), css, "style")


_EXPECTED_SUFFIX = {
    "script": _SCRIPT_SUFFIXES,
    "module": _SCRIPT_SUFFIXES,
    # a page, or a React component xtk mounts in a page it writes (docs/config.md, "Component pages")
    "page": {".html", ".htm", ".tsx", ".jsx"},
    # .scss/.sass/.less: compiled by the project's own tools (toolchain/tools/components.py), written as .css
    "style": {".css", ".scss", ".sass", ".less", ".pcss"},
    # `icon`: the one image every icon size is drawn from (toolchain/tools/icons.py)
    "image": {".svg", ".svgz", ".png"},
}


def _check_files(project: Project, display: str, positions: dict, require_files: bool = True) -> Iterator[Diagnostic]:
    def problem(key: tuple[str | int, ...], message: str) -> Diagnostic:
        position = locate(positions, key)
        line, column = position if position else (None, None)
        return Diagnostic("error", message, path=display, line=line, column=column, key=format_key(key))

    confinement = list(check_confinement(project, display, problem))  # toolchain/confine.py
    if not confinement:  # the folders first: the other paths are relative to them
        confinement = list(_check_config_paths(project, problem))
    if confinement or not require_files:
        yield from confinement
        return
    for key, folder in (("root", project.root), ("src", project.src_dir)):
        if not folder.is_dir():
            yield problem((key,), f"folder not found: {project.display(folder)}")
            return

    named: set[Path] = set()
    for ref in file_refs(project.config):
        named.add(project.root / ref.value)  # a link refused at its key is not refused again under src/
        if PurePosixPath(ref.value).is_absolute() or ".." in PurePosixPath(ref.value).parts:
            yield problem(ref.key, f"{ref.value}: paths must be relative to root and stay inside it")
            continue
        leaves = path_problem(project.base_dir.resolve(), project.root, ref.value)
        if leaves:
            yield problem(ref.key, leaves)
            continue
        absolute = project.path(ref.value)  # resolved: no link on the way loops (path_problem)
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
        not_source = project.source_problem(absolute) if ref.kind in ("script", "page", "style") else None
        if not_source:
            yield problem(ref.key, f"{ref.value} {not_source}")
        elif ref.kind == "asset" and not (
            absolute.is_relative_to(project.src_dir) or absolute.is_relative_to(project.public_dir)
        ):
            yield problem(ref.key, f"{ref.value} must be inside {project.config.src}/ or {project.config.public}/")
    yield from check_source_links(project, named)
    yield from check_locales(project, problem)  # toolchain/project/locales.py
