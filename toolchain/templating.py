"""The one Jinja2 environment over `templates/` (manifests, generated type declarations)."""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from toolchain.resources import templates_dir


@cache
def environment() -> Any:
    import jinja2  # lazily: start-up time of the CLI matters

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        # Compiled templates are kept in the user's temp folder (keyed by the template's checksum): compiling the
        # manifest templates costs ~25 ms of every cold build and lint otherwise.
        bytecode_cache=jinja2.FileSystemBytecodeCache(),
    )
    # Keep the order the conversions chose (icons by size, keys as documented); Jinja sorts keys by default.
    env.policies["json.dumps_kwargs"] = {"sort_keys": False}
    return env


def render(name: str, **values: Any) -> str:
    return environment().get_template(name).render(**values)


def render_remembered(folder: Path, name: str, **values: Any) -> str:
    """`render`, its text remembered under `folder` (a project's `.xtk/`), so that a build or lint whose template
    values did not change neither imports Jinja2 nor loads the template.

    The key is the template's name, the values and what rendering depends on besides them: xtk's templates and this
    module (`_render_stamp`) and Jinja2's version. Only plain JSON values (dict with str keys, list, str, int, float,
    bool, None) are keyed: anything else (a tuple renders differently from a list) is rendered every time.
    Best-effort: an unreadable or unwritable folder means rendering, never an error.
    """
    if not _plain(values):
        return render(name, **values)
    key = hashlib.sha256(f"{name}\n{_render_stamp()}\n{json.dumps(values)}".encode()).hexdigest()
    entry = folder / f"{key}.txt"
    try:
        return entry.read_bytes().decode("utf-8")  # bytes: the text exactly as rendered, line endings included
    except (OSError, UnicodeDecodeError):
        pass
    text = render(name, **values)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = entry.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(text.encode("utf-8"))
        partial.replace(entry)  # whole or absent: a concurrent build never reads half a text
    except OSError:
        pass
    return text


@cache
def _render_stamp() -> str:
    """What a text depends on besides its values: the templates and this module (the environment's settings) by
    name, size and modification time, and the installed Jinja2 (fingerprint.package_stamp: not imported)."""
    from toolchain.fingerprint import package_stamp

    entries = [package_stamp("jinja2")]
    for path in [Path(__file__), *sorted(p for p in templates_dir().rglob("*") if p.is_file())]:
        stat = path.stat()
        entries.append(f"{path}:{stat.st_size}:{stat.st_mtime_ns}")
    return hashlib.sha256("\n".join(entries).encode()).hexdigest()


def _plain(value: object) -> bool:
    """JSON data whose json.dumps says exactly what the template sees (types compared exactly: no subclasses)."""
    if value is None or type(value) in (str, int, float, bool):
        return True
    if type(value) is list:
        return all(_plain(item) for item in value)
    if type(value) is dict:
        return all(type(key) is str and _plain(item) for key, item in value.items())
    return False
