"""Vendored copies of well-known libraries: code the team ships but does not own, so lint reports nothing inside it.

A plain extension often carries `jquery.min.js`, `browser-polyfill.min.js`, `purify.min.js` next to its own code.
Their internals (`innerHTML` in jQuery, `runtime.lastError` probes in the polyfill, `Function()` in a template
engine) are not the extension's decisions, and a finding there teaches people to ignore the tool. A file is
recognised by a signature in its first bytes — the banner the library's own build writes, or, for builds without
one, identifiers only that library's code has — as addons-linter and retire.js recognise libraries; a copy with a
changed banner is not recognised and is judged like the extension's own code. API uses inside a library still count
(a permission the polyfill's caller needs is still used).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

#: how much of a file is read for its signature: banners come first
HEAD_BYTES = 4096

#: library → patterns, all of which must occur in the file's head
SIGNATURES: dict[str, tuple[re.Pattern[str], ...]] = {
    "webextension-polyfill": (re.compile(r"webextension-polyfill|wrapAPIs\s*=\s*\("), re.compile(r"apiMetadata")),
    "jQuery": (re.compile(r"/\*!?\s*jQuery (JavaScript Library )?v\d"),),
    "jQuery UI": (re.compile(r"/\*!?\s*jQuery UI - v\d"),),
    "DOMPurify": (re.compile(r"@license DOMPurify|/\*!?\s*DOMPurify"),),
    "Bootstrap": (re.compile(r"\*\s*Bootstrap v\d[\d.]* \(https://getbootstrap\.com"),),
    "Lodash": (re.compile(r"@license\s*\n?\s*\*?\s*Lodash"),),
}


@cache
def library_of(path: Path) -> str | None:
    """The well-known library this file is a copy of, or None."""
    try:
        with path.open("rb") as handle:
            head = handle.read(HEAD_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return None
    for name, patterns in SIGNATURES.items():
        if all(pattern.search(head) for pattern in patterns):
            return name
    return None
