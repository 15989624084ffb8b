"""The extension's `_locales/<locale>/messages.json`, checked as Chromium loads them (extensions/common/
message_bundle.cc), before a browser refuses the extension.

Chromium reads every locale when it installs an extension and refuses the whole extension for one bad file, so
every locale is checked, not only the default one: the file is JSON (errors at `messages.json:LINE:COL`); each
message name is ASCII letters, digits, `_` and `@` (names are case-insensitive; `@@…` are the browser's own);
each message has a string `message`; `placeholders` is an object of objects with a string `content`; every
`$NAME$` in a message names one of its placeholders. `default_locale` is set exactly when there are locales.

The manifest's `__MSG_name__` references (name, short_name, description, action and side panel titles, command
descriptions, raw manifest keys) must be defined in the default locale; one missing from another locale is a
warning (XB111: the browser shows the default locale's text there). The store limits (name 75, short_name 12,
description 132 characters; a Firefox target's name 45, addons.mozilla.org's) apply to the text each locale gives,
not to the placeholder.

Only the standard library is imported here: the build's cold path loads it before esbuild starts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain import browser_targets, codes
from toolchain.diagnostics import Diagnostic
from toolchain.json_pointer import escape_token
from toolchain.positions.json import locate_pointer, value_positions

if TYPE_CHECKING:
    from toolchain.project.loader import Project
    from toolchain.project.models import ProjectConfig

#: Chromium's MessageBundle::IsValidName: a non-empty run of ASCII letters, digits, "_" and "@".
_VALID_NAME = re.compile(r"[A-Za-z0-9_@]+")
#: A messages file is a few kilobytes; past this it is not one, and it is not read into memory whole.
MAX_MESSAGES_BYTES = 4 * 1024 * 1024
#: The Chrome Web Store's limits (developer.chrome.com's manifest reference; the same as the config's own checks).
STORE_LIMITS = {"name": 75, "short_name": 12, "description": 132}
#: addons.mozilla.org refuses a longer manifest `name` (addons-linter's manifest schema: 2 to 45 characters).
FIREFOX_NAME_LIMIT = 45

#: (key in xtk.toml, text) pairs; `problem` turns a config key and a message into a located Diagnostic.
ConfigKey = tuple[str | int, ...]
Problem = Callable[[ConfigKey, str], Diagnostic]


def is_valid_name(name: str) -> bool:
    return _VALID_NAME.fullmatch(name) is not None


def variables(text: str, begin: str, end: str) -> Iterator[tuple[int, int, str]]:
    """`(start, stop, name)` of each `<begin>name<end>` in `text`, scanned as Chromium's ReplaceVariables does.

    After `begin`, the name runs to the next `end`; a text that is not a valid name there is skipped and the scan
    resumes right after that `begin` (so `$$` and `$ 5 $` are plain text, and `__MSG_a__b__` names `a`).
    """
    index = 0
    while True:
        start = text.find(begin, index)
        if start < 0:
            return
        index = start + len(begin)
        stop = text.find(end, index)
        if index >= len(text) or stop < 0:
            return
        name = text[index:stop]
        if not is_valid_name(name):
            continue
        yield start, stop + len(end), name
        index = stop + len(end)


def message_references(text: str) -> list[str]:
    """The message names `text` refers to with `__MSG_name__`."""
    return [name for _, _, name in variables(text, "__MSG_", "__")]


@dataclass(frozen=True)
class Catalog:
    """One locale's messages: lower-cased name → its text with the placeholders substituted."""

    locale: str
    shown: str  # the file as users read it (relative to the config's folder)
    messages: dict[str, str]

    def localize(self, text: str, fallback: Catalog | None = None) -> str:
        """`text` with every `__MSG_name__` replaced from this locale (else `fallback`), as the browser shows it."""
        out, last = [], 0
        for start, stop, name in variables(text, "__MSG_", "__"):
            value = self.messages.get(name.lower())
            if value is None and fallback is not None:
                value = fallback.messages.get(name.lower())
            out += [text[last:start], value if value is not None else text[start:stop]]
            last = stop
        return "".join(out) + text[last:]


def locales_folder(project: Project) -> Path | None:
    """The folder that becomes the build's `_locales/`: the `locales` key's, or public/_locales copied as is."""
    if project.config.locales and project.config.locales_format == "wxt":
        from toolchain.project.wxt_locales import compiled_folder

        return compiled_folder(project)
    if project.config.locales:
        return project.path(project.config.locales)
    copied = project.public_dir / "_locales"
    return copied if copied.is_dir() else None


def read_catalogs(project: Project) -> tuple[dict[str, Catalog], list[Diagnostic]]:
    """Every locale's catalog that loads, and a located error for each problem of each messages.json."""
    folder = locales_folder(project)
    catalogs: dict[str, Catalog] = {}
    problems: list[Diagnostic] = []
    if folder is None or not folder.is_dir():
        return catalogs, problems
    for locale_dir in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
        messages = locale_dir / "messages.json"
        shown = project.display(messages)
        if not messages.is_file():
            problems.append(
                Diagnostic(
                    "error",
                    f"no messages.json in the locale folder {project.display(locale_dir)}"
                    " (Chromium refuses an extension with a locale folder without its catalog)",
                    path=shown,
                )
            )
            continue
        catalog, found = _read_catalog(locale_dir.name, messages, shown)
        problems += found
        if catalog is not None and not found:
            catalogs[locale_dir.name] = catalog
    return catalogs, problems


def read_catalog(locale: str, path: Path, shown: str) -> tuple[Catalog | None, list[Diagnostic]]:
    """One `_locales/<locale>/messages.json`: its messages, and every problem the browsers refuse it for, located
    (`shown` is the path the diagnostics name). Also what `xtk lint` checks in a plain extension (XL022)."""
    return _read_catalog(locale, path, shown)


def _read_catalog(locale: str, path: Path, shown: str) -> tuple[Catalog | None, list[Diagnostic]]:
    def error(message: str, line: int | None = None, column: int | None = None, key: str | None = None) -> Diagnostic:
        return Diagnostic("error", message, path=shown, line=line, column=column, key=key)

    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_MESSAGES_BYTES + 1)
    except OSError as exc:
        return None, [error(f"cannot read the messages: {exc.strerror or exc}")]
    if len(raw) > MAX_MESSAGES_BYTES:
        return None, [error(f"larger than {MAX_MESSAGES_BYTES // (1024 * 1024)} MiB: not a messages file")]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start].decode("utf-8-sig", errors="replace")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        return None, [error(f"invalid UTF-8: byte 0x{raw[exc.start]:02X} (messages.json is UTF-8)", line, column)]
    text = _blank_comments(text)  # both browsers read `//` comments in messages.json; Chrome `/* */` too (XL023)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, [_syntax_error(text, exc, error)]
    except RecursionError:
        return None, [error("invalid JSON: nested too deeply")]
    if not isinstance(data, dict):
        return None, [error('messages.json must be an object: message name → {"message": …}', 1, 1)]

    positions = value_positions(text)

    def at(pointer: str, message: str, key: str) -> Diagnostic:
        line, column = locate_pointer(positions, pointer) or (None, None)
        return error(message, line, column, key)

    problems: list[Diagnostic] = []
    messages: dict[str, str] = {}
    for name, entry in data.items():
        pointer = "/" + escape_token(name)
        if not is_valid_name(name):
            problems.append(
                at(
                    pointer,
                    "invalid message name: only ASCII letters, digits, '_' and '@' are allowed",
                    json.dumps(name, ensure_ascii=False),
                )
            )
            continue
        if name.startswith("@@"):
            problems.append(at(pointer, "names starting with '@@' are the browser's predefined messages", name))
            continue
        resolved, found = _message_text(name, entry, pointer, at)
        problems += found
        if resolved is not None:
            messages[name.lower()] = resolved
    return Catalog(locale, shown, messages), problems


#: a JSON string (kept), a line comment, a closed block comment
_COMMENT_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|//[^\n]*|/\*.*?\*/', re.DOTALL)


def _blank_comments(text: str) -> str:
    """`text` with its comments replaced by spaces (newlines kept), so JSON error positions stay true."""

    def blank(match: re.Match[str]) -> str:
        token = match.group()
        return token if token.startswith('"') else re.sub(r"[^\n]", " ", token)

    return _COMMENT_TOKENS.sub(blank, text)


def _syntax_error(text: str, exc: json.JSONDecodeError, error: Callable[..., Diagnostic]) -> Diagnostic:
    """json's message at its position; a trailing comma (the commonest slip) is named and pointed at itself."""
    before = text[: exc.pos].rstrip()
    if before.endswith(",") and text[exc.pos : exc.pos + 1] in ("}", "]"):
        comma = len(before) - 1
        line = text.count("\n", 0, comma) + 1
        column = comma - (text.rfind("\n", 0, comma) + 1) + 1
        return error(f"invalid JSON: trailing comma before '{text[exc.pos]}' (JSON allows none)", line, column)
    return error(f"invalid JSON: {exc.msg}", exc.lineno, exc.colno)


def _message_text(
    name: str, entry: Any, pointer: str, at: Callable[[str, str, str], Diagnostic]
) -> tuple[str | None, list[Diagnostic]]:
    """The message with its `$NAME$` placeholders substituted, or the problems that prevent it."""
    if not isinstance(entry, dict):
        return None, [at(pointer, 'a message must be an object with a string "message"', name)]
    message = entry.get("message")
    if not isinstance(message, str):
        what = "is missing" if "message" not in entry else "must be a string"
        return None, [at(pointer + ("/message" if "message" in entry else ""), f'"message" {what}', name)]
    problems = []
    for field in ("description", "example"):
        if field in entry and not isinstance(entry[field], str):
            problems.append(at(f"{pointer}/{field}", f'"{field}" must be a string', name))
    placeholders: dict[str, str] = {}
    raw_placeholders = entry.get("placeholders", {})
    if not isinstance(raw_placeholders, dict):
        return None, [at(f"{pointer}/placeholders", '"placeholders" must be an object: name → {"content": …}', name)]
    for placeholder, spec in raw_placeholders.items():
        where = f"{pointer}/placeholders/{escape_token(placeholder)}"
        key = f"{name}.placeholders.{placeholder}"
        if not is_valid_name(placeholder):
            problems.append(
                at(where, "invalid placeholder name: only ASCII letters, digits, '_' and '@' are allowed", key)
            )
        elif not isinstance(spec, dict) or not isinstance(spec.get("content"), str):
            problems.append(at(where, 'a placeholder must be an object with a string "content" (like "$1")', key))
        else:
            placeholders[placeholder.lower()] = spec["content"]
    out, last = [], 0
    declared = {name.lower() for name in raw_placeholders}  # a malformed one is reported once, above
    for start, stop, reference in variables(message, "$", "$"):
        if reference.lower() not in placeholders:
            if reference.lower() in declared:
                continue
            defined = ", ".join(f"${p}$" for p in raw_placeholders) or "none"
            problems.append(
                at(
                    f"{pointer}/message",
                    f"${reference}$ is not one of this message's placeholders (defined: {defined})",
                    name,
                )
            )
            continue
        out += [message[last:start], placeholders[reference.lower()]]
        last = stop
    return "".join(out) + message[last:], problems


def manifest_texts(config: ProjectConfig) -> Iterator[tuple[ConfigKey, str]]:
    """Every config text that goes into a manifest where the browser resolves `__MSG_name__`."""
    ext = config.extension
    for field in ("name", "short_name", "description"):
        value = getattr(ext, field)
        if value:
            yield ("extension", field), value
    if config.action and config.action.title:
        yield ("action", "title"), config.action.title
    if config.side_panel and config.side_panel.title:
        yield ("side_panel", "title"), config.side_panel.title
    for command_name, command in config.commands.items():
        if command.description:
            yield ("commands", command_name, "description"), command.description
    for browser in config.targets.declared():
        target = config.targets.of(browser)
        if target is not None:
            yield from _strings(target.manifest, ("targets", browser, "manifest"))


def _strings(value: object, key: ConfigKey) -> Iterator[tuple[ConfigKey, str]]:
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for name, item in value.items():
            yield from _strings(item, key + (name,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, key + (index,))


def check_locales(project: Project, problem: Problem) -> Iterator[Diagnostic]:
    """Every error of the project's locales: the files, `default_locale`, references and store limits."""
    config = project.config
    if config.locales and config.locales_format == "wxt":
        from toolchain.project.wxt_locales import compile_locales  # writes .xtk/_locales/, checked below as built

        compiled = compile_locales(project)
        yield from compiled
        if compiled:
            return
    folder = locales_folder(project)
    default_locale = config.extension.default_locale
    references = [(key, text) for key, text in manifest_texts(config) if message_references(text)]
    if folder is None:
        if default_locale:
            yield problem(
                ("extension", "default_locale"),
                "default_locale is set but the project has no locales "
                "(set `locales` to the _locales folder, or remove default_locale): browsers refuse it",
            )
        for key, text in references:
            yield problem(key, f"{text} needs locales: set `locales` and extension.default_locale")
        yield from _store_limits(config, {}, None, problem)
        return
    if not folder.is_dir():
        return  # the loader reports the missing folder
    if not default_locale:
        yield Diagnostic(
            "error",
            "the project has locales but extension.default_locale is not set: browsers refuse it",
            path=project.display(folder),
        )
        return
    catalogs, problems = read_catalogs(project)
    yield from problems
    default_file = folder / default_locale / "messages.json"
    if not default_file.is_file():
        yield problem(("extension", "default_locale"), f"no {project.display(default_file)} for the default locale")
        return
    default = catalogs.get(default_locale)
    if default is None:
        return  # its own errors are reported above
    for key, text in references:
        for name in message_references(text):
            if name.lower() not in default.messages:
                yield problem(key, f"__MSG_{name}__ is not defined in {default.shown} (the default locale)")
    yield from _store_limits(config, catalogs, default, problem)


def _store_limits(
    config: ProjectConfig, catalogs: dict[str, Catalog], default: Catalog | None, problem: Problem
) -> Iterator[Diagnostic]:
    """Each limit on what users see: every locale's text for a `__MSG_name__` text, else the text itself."""
    for field, limit in STORE_LIMITS.items():
        text = getattr(config.extension, field)
        if not text:
            continue
        firefox = field == "name" and any(browser_targets.get(b).is_gecko for b in config.targets.declared())
        localised = bool(message_references(text))
        shown_by_locale = (
            {locale: catalog.localize(text, default) for locale, catalog in sorted(catalogs.items())}
            if localised
            else {"": text}
        )
        for locale, shown in shown_by_locale.items():
            where = f"in locale {locale!r} ({catalogs[locale].shown}) this" if locale else "this"
            if localised and len(shown) > limit:  # a literal text's Chrome limit is the config model's check
                yield problem(
                    ("extension", field),
                    f"{where} is {len(shown)} characters, over the store limit of {limit}: {shown!r}",
                )
            elif firefox and len(shown) > FIREFOX_NAME_LIMIT:
                yield problem(
                    ("extension", field),
                    f"{where} is {len(shown)} characters; addons.mozilla.org refuses "
                    f"a Firefox extension's name over {FIREFOX_NAME_LIMIT}: {shown!r}",
                )


def missing_translations(project: Project) -> list[Diagnostic]:
    """XB111 warnings: a manifest text's message the default locale defines but another locale does not."""
    config = project.config
    if not config.extension.default_locale or locales_folder(project) is None:
        return []
    catalogs, _ = read_catalogs(project)
    default = catalogs.get(config.extension.default_locale)
    if default is None:
        return []
    warnings = []
    for key, text in manifest_texts(config):
        for name in message_references(text):
            if name.lower() not in default.messages:
                continue
            for locale, catalog in sorted(catalogs.items()):
                if name.lower() not in catalog.messages:
                    warnings.append(
                        Diagnostic(
                            codes.severity("XB111"),
                            f"__MSG_{name}__ is not translated in locale {locale!r}: the browser shows the "
                            f"default locale's text there",
                            path=catalog.shown,
                            key=_dotted(key),
                            code="XB111",
                        )
                    )
    return warnings


def _dotted(key: ConfigKey) -> str:
    return ".".join(str(part) for part in key)


def package_name(project: Project) -> str:
    """The zips' base name: `[package] name`, else the extension's name as the default locale shows it."""
    config = project.config
    if config.package:
        return config.package.name
    name = config.extension.name
    if not message_references(name) or not config.extension.default_locale:
        return name
    catalogs, _ = read_catalogs(project)
    default = catalogs.get(config.extension.default_locale)
    return default.localize(name) if default else name
