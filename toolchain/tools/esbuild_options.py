"""esbuild's command line (as `toolchain.tools.esbuild` writes it) → the options object of its JavaScript API.

The dev loop bundles through esbuild's JS API (`context().rebuild()`, see bundler.py) but must bundle exactly what
`xtk build` bundles, so it reuses the build's argv and converts it here, flag by flag, instead of describing the
build a second time. Flags follow one rule (`--kebab-name[=value]` → `kebabName`) with the few esbuild spells
differently; an unknown shape is an error, never silently dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# Flags whose value is a list (comma-separated on the command line).
_LIST_FLAGS = {"target", "resolveExtensions", "mainFields", "conditions", "dropLabels"}
# `--name:key=value` → {name: {key: value}}; `--name:value` → {name: [value]}.
_MAP_FLAGS = {"loader", "define", "alias", "outExtension", "banner", "footer", "supported", "logOverride"}
_REPEATED_FLAGS = {"inject", "external", "pure", "drop", "nodePaths"}
_INTEGER_FLAGS = {"logLimit", "lineLimit"}
# Written by the CLI to a file; the JS API returns the metafile instead (the service asks for it).
_DROPPED_FLAGS = {"metafile", "logLevel", "color"}


_FLAG = re.compile(r"--([a-z][a-z-]*)")


class UnsupportedFlag(ValueError):
    """An esbuild flag this conversion does not know how to express in the JS API."""


def _camel(kebab: str) -> str:
    head, *rest = kebab.split("-")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _scalar(name: str, value: str) -> Any:
    if value in ("true", "false"):
        return value == "true"
    if name in _INTEGER_FLAGS:
        return int(value)
    return value


def esbuild_options(argv: Sequence[str], working_dir: Path) -> dict[str, Any]:
    """The JS API options equal to `argv` (its first item is the binary), run from `working_dir`."""
    options: dict[str, Any] = {"absWorkingDir": str(working_dir), "entryPoints": []}
    for argument in argv[1:]:
        if not argument.startswith("-"):
            out, named, source = argument.partition("=")  # `out=in`: a generated module under the entry's name
            options["entryPoints"].append({"in": source, "out": out} if named else argument)
            continue
        match = _FLAG.match(argument)
        if match is None:
            raise UnsupportedFlag(f"esbuild argument {argument!r} is not a flag xtk dev can read")
        name, rest = _camel(match.group(1)), argument[match.end() :]
        if name in _DROPPED_FLAGS:
            continue
        if rest.startswith(":") and name in _MAP_FLAGS:
            key, _, value = rest[1:].partition("=")
            options.setdefault(name, {})[key] = _scalar(name, value) if name == "supported" else value
        elif rest.startswith(":") and name in _REPEATED_FLAGS:
            options.setdefault(name, []).append(rest[1:])  # a path may hold "=" or ":"
        elif rest.startswith(":"):
            raise UnsupportedFlag(f"esbuild flag {argument!r} has no JS API equivalent known to xtk dev")
        elif not rest:
            options[name] = True
        elif name in _LIST_FLAGS:
            options[name] = rest[1:].split(",")
        else:
            options[name] = _scalar(name, rest[1:])
    return options
