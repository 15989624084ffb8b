"""Vendored copies of well-known libraries: code the team ships but does not own, so lint reports nothing inside it.

A plain extension often carries `jquery.min.js`, `browser-polyfill.min.js`, `purify.min.js` next to its own code.
Their internals (`innerHTML` in jQuery, `runtime.lastError` probes in the polyfill, `Function()` in a template
engine) are not the extension's decisions, and a finding there teaches people to ignore the tool.

A file is a known library when its content is a published release file, byte for byte after `normalized` (line
endings unified, source-map comments and trailing blank space dropped): `specs/knowledge/libraries.json` holds the
SHA-256 of every release file of jQuery, jQuery UI, DOMPurify, AngularJS, webextension-polyfill, Bootstrap and Lodash
on npm (`specs/knowledge/update_libraries.py` makes it), as addons-linter's list of known libraries does. Such a file is
named (XL008: library and version) and nothing inside it is reported; API uses inside it still count (a permission
the polyfill's caller needs is still used). A release addons.mozilla.org bans (`banned-libraries.json`) is XL026.

A banner alone proves nothing (anyone can write `/*! jQuery v3.7.1 */` above their own code): a file that carries a
library's banner or identifiers but is no known release is linted as the extension's own code, and a note (XL009)
says why its findings are there.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from toolchain.resources import specs_dir

DATA_FILE = "libraries.json"
BANNED_FILE = "banned-libraries.json"
#: how much of a file is read for its banner: banners come first
HEAD_BYTES = 4096
#: every release file in the table is between these sizes; a file outside them is not hashed
MIN_LIBRARY_BYTES = 4 * 1024
MAX_LIBRARY_BYTES = 4 * 1024 * 1024

#: library → patterns, all of which must occur in the file's head: what the file claims to be
SIGNATURES: dict[str, tuple[re.Pattern[str], ...]] = {
    "webextension-polyfill": (re.compile(r"webextension-polyfill|wrapAPIs\s*=\s*\("), re.compile(r"apiMetadata")),
    "jQuery": (re.compile(r"/\*!?\s*(\*\s*)?jQuery (JavaScript Library )?v\d"),),
    "jQuery UI": (re.compile(r"/\*!?\s*jQuery UI - v\d"),),
    "DOMPurify": (re.compile(r"@license DOMPurify|/\*!?\s*DOMPurify"),),
    "Bootstrap": (re.compile(r"\*\s*Bootstrap v\d[\d.]* \(https://getbootstrap\.com"),),
    "Lodash": (re.compile(r"@license\s*\n?\s*\*?\s*Lodash"),),
    "AngularJS": (re.compile(r"AngularJS v1\.\d"),),
}

_SOURCE_MAP_LINE = re.compile(r"^\s*(//[#@]\s*sourceMappingURL=\S*|/\*[#@]\s*sourceMappingURL=\S*\s*\*/)\s*$")


def normalized(data: bytes) -> bytes:
    """A release file as it is hashed: UTF-8 text, CRLF and CR turned into LF, every line that is only a source-map
    comment dropped, trailing blank space at the end removed. (A vendored copy often loses its map comment or
    gains Windows line endings; neither changes the code.)"""
    text = data.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    lines = [line for line in text.split("\n") if not _SOURCE_MAP_LINE.match(line)]
    return "\n".join(lines).rstrip().encode("utf-8")


@dataclass(frozen=True)
class Library:
    name: str  # "jQuery"
    version: str | None  # None: the file claims to be the library (its banner) but is no release xtk knows
    file: str | None = None  # the release file it is, in the npm package ("dist/jquery.min.js")
    package: str | None = None  # the npm package ("jquery")


@cache
def _releases() -> dict[str, Library]:
    """sha256 of a normalized release file → which library, version and file it is."""
    data = json.loads((specs_dir() / "knowledge" / DATA_FILE).read_text(encoding="utf-8"))
    found: dict[str, Library] = {}
    for name, library in data["libraries"].items():
        for version, files in library["versions"].items():
            for file, digest in files.items():
                found.setdefault(digest, Library(name, version, file, library["package"]))
    return found


@cache
def library_of(path: Path) -> Library | None:
    """The well-known library this file is (a release, by content) or only claims to be (by its banner), or None."""
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
            rest = handle.read() if MIN_LIBRARY_BYTES <= size <= MAX_LIBRARY_BYTES else b""
    except OSError:
        return None
    if rest:
        release = _releases().get(hashlib.sha256(normalized(head + rest)).hexdigest())
        if release is not None:
            return release
    text = head.decode("utf-8", errors="replace")
    claimed = next((name for name, patterns in SIGNATURES.items() if all(p.search(text) for p in patterns)), None)
    return Library(claimed, None) if claimed is not None else None


@cache
def _banned() -> dict[str, dict[str, list[str]]]:
    data = json.loads((specs_dir() / "knowledge" / BANNED_FILE).read_text(encoding="utf-8"))
    libraries: dict[str, dict[str, list[str]]] = data["libraries"]
    return libraries


def names_banned_library(head: str) -> bool:
    """Whether a file's head names a library some of whose releases addons.mozilla.org bans (a banner, or the
    global a minified release defines: `e.DOMPurify=t()`): only such a file is worth hashing for XL026."""
    lowered = head.lower()
    return any(name.lower() in lowered for name in _banned())


def banned_by_amo(library: Library) -> bool:
    """Whether this release file is one addons.mozilla.org refuses (specs/knowledge/banned-libraries.json, from
    addons-linter's BANNED_LIBRARIES: the version, and the file among those its scan knows)."""
    if library.version is None or library.file is None:
        return False
    files = _banned().get(library.name, {}).get(library.version, [])
    return library.file.rsplit("/", 1)[-1] in files
