"""`.env` files, read as Vite reads them: variables with an allowed prefix become `import.meta.env.NAME`.

In the project's root (the JS project: package.json), for a build in `mode` (development or production), in
rising precedence: `.env`, `.env.local`, `.env.<mode>`, `.env.<mode>.local`; a variable of the environment xtk
runs in wins over all of them (`VITE_API=… xtk build`). Only a name that starts with one of `env_prefix`
(xtk.toml; `XTK_PUBLIC_`, `VITE_`, `WXT_`, `PLASMO_PUBLIC_` by default) is ever read into a build: any other
variable of those files (an API secret) never reaches a bundle. Values are strings, as in Vite.

The syntax is dotenv's: `NAME=value`, `export NAME=value`, `#` comments (after a space in an unquoted value),
'single' (literal), "double" (`\\n` escapes, may span lines) and `backtick` quotes, `${OTHER}` / `$OTHER` expanded
from the variables read so far and the environment (not in single quotes; `\\$` keeps a dollar). A line that is none
of these is skipped, as dotenv skips it, with a warning at its file and line (a variable lost to a typo is named);
a quote never closed is an error.

The build cache keys on these files and on the environment's allowed variables (toolchain/builder/cache.py).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from toolchain.diagnostics import Diagnostic

DEFAULT_PREFIXES = ("XTK_PUBLIC_", "VITE_", "WXT_", "PLASMO_PUBLIC_")
MODES = ("development", "production")

_ASSIGNMENT = re.compile(r"[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*")
_EXPANSION = re.compile(r"(\\?)\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))")
_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\"}


def env_file_names(mode: str) -> tuple[str, ...]:
    """The files a build in `mode` reads, lowest precedence first."""
    return (".env", ".env.local", f".env.{mode}", f".env.{mode}.local")


@dataclass
class EnvFiles:
    """What the `.env` files of one mode give a build."""

    values: dict[str, str] = field(default_factory=dict)  # allowed names only
    sources: dict[str, str] = field(default_factory=dict)  # name → the file (or "the environment") it came from
    problems: list[Diagnostic] = field(default_factory=list)


def allowed(name: str, prefixes: Iterable[str]) -> bool:
    return any(name.startswith(prefix) for prefix in prefixes)


def read_env_files(
    folder: Path, mode: str, prefixes: Iterable[str], environ: Mapping[str, str] | None = None, shown: str = ""
) -> EnvFiles:
    """The allowed variables of `folder`'s `.env` files for `mode`, the environment's over them. `shown`: the
    folder as messages name it (`extension_src/`)."""
    prefixes = tuple(prefixes)
    environ = os.environ if environ is None else environ
    result = EnvFiles()
    # every variable, allowed or not (one may expand another), as written: expanded once all files are merged
    read: dict[str, tuple[str, bool]] = {}
    files: dict[str, str] = {}
    for name in env_file_names(mode):
        path = folder / name
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        except (OSError, UnicodeDecodeError) as error:
            result.problems.append(Diagnostic("error", f"cannot read it: {error}", path=shown + name))
            continue
        for variable, value, expands in parse_env(text, shown + name, result.problems):
            read[variable] = (value, expands)
            files[variable] = shown + name
    for variable in read:
        if allowed(variable, prefixes) and not variable.isidentifier():
            result.problems.append(
                Diagnostic(
                    "error",
                    f"{variable}: not a name code can read as import.meta.env.{variable} (letters, digits, _)",
                    path=files[variable],
                )
            )
        elif allowed(variable, prefixes):
            result.values[variable] = _expanded(variable, read, environ, set())
            result.sources[variable] = files[variable]
    for variable, value in environ.items():
        if allowed(variable, prefixes) and variable.isidentifier():
            result.values[variable] = value
            result.sources[variable] = "the environment"
    result.values = dict(sorted(result.values.items()))
    return result


def parse_env(text: str, path: str, problems: list[Diagnostic]) -> list[tuple[str, str, bool]]:
    """The assignments of one `.env` file, in order: (name, value as written, whether `$NAME` in it expands); each
    line that is not one is a located problem."""
    found: list[tuple[str, str, bool]] = []
    position, line = 0, 1
    while position < len(text):
        end = text.find("\n", position)
        end = len(text) if end < 0 else end
        current = text[position:end]
        if not current.strip() or current.lstrip().startswith("#"):
            position, line = end + 1, line + 1
            continue
        match = _ASSIGNMENT.match(current)
        if match is None:
            problems.append(  # dotenv (and so Vite) skips such a line: said, not fatal
                Diagnostic("warning", "not a NAME=value line: ignored (dotenv syntax)", path=path, line=line, column=1)
            )
            position, line = end + 1, line + 1
            continue
        name = match.group(1)
        start = position + match.end()
        quote = text[start : start + 1]
        if quote in ("'", '"', "`"):
            close = _closing_quote(text, start + 1, quote)
            if close < 0:
                problems.append(
                    Diagnostic("error", f"{name}: the {quote} quote is never closed", path=path, line=line, column=1)
                )
                break
            raw = text[start + 1 : close]
            value = raw if quote != '"' else re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)), raw)
            after = text.find("\n", close)
            after = len(text) if after < 0 else after
            line += text.count("\n", position, after) + 1
            position = after + 1
        else:
            value = re.split(r"[ \t]#", text[start:end], maxsplit=1)[0].strip()
            position, line = end + 1, line + 1
        found.append((name, value, quote != "'"))
    return found


def _closing_quote(text: str, start: int, quote: str) -> int:
    index = start
    while index < len(text):
        if text[index] == "\\" and quote == '"':
            index += 2
            continue
        if text[index] == quote:
            return index
        index += 1
    return -1


def _expanded(name: str, read: Mapping[str, tuple[str, bool]], environ: Mapping[str, str], seen: set[str]) -> str:
    """A variable's value with `${NAME}`, `${NAME:-default}` and `$NAME` in it replaced, from the environment first,
    then the merged files (dotenv-expand's order, as Vite does); `\\$` is a dollar sign. A loop expands to ""."""
    value, expands = read[name]
    if not expands:
        return value

    def replace(match: re.Match[str]) -> str:
        if match.group(1):
            return match.group(0)[1:]
        other = match.group(2) or match.group(4)
        found = environ.get(other)
        if found is None and other in read and other not in seen:
            found = _expanded(other, read, environ, seen | {name})
        return found if found else (match.group(3) or "")

    return _EXPANSION.sub(replace, value)
