"""Is this URL remote? One answer for the page scanner (plan/pages.py), the source facts (analysis) and XS001.

A reference is remote when it leaves the extension's package: it has a URL scheme other than the extension's own
(`https:`, `http:`, `ws:`, `ftp:`, `data:`, `blob:`, `javascript:`…), or it is protocol-relative
(`//cdn.example/x.js`).
Relative paths (`./x.js`, `x.js`, `../x.js`), root-absolute paths (`/x.js`) and the extension's own URLs
(`chrome-extension://…`, `moz-extension://…`, `safari-web-extension://…`) are not. Leading and trailing whitespace
is ignored, as browsers ignore it in `src` attributes; schemes are case-insensitive.
"""

from __future__ import annotations

import re

#: RFC 3986 scheme: a letter, then letters, digits, `+`, `-`, `.`, up to the colon
_SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*):", re.IGNORECASE)
#: the schemes an extension's own files are served from (Chromium and Edge, Firefox, Safari)
PACKAGE_SCHEMES = frozenset({"chrome-extension", "moz-extension", "safari-web-extension"})


def url_scheme(url: str) -> str | None:
    """The scheme of `url`, lowercased (`"https"`), or None for a path."""
    match = _SCHEME.match(url.strip())
    return match.group(1).lower() if match else None


def is_remote_url(url: str) -> bool:
    """Does loading `url` from an extension page or script fetch something that is not in the package?"""
    stripped = url.strip()
    if stripped.startswith("//"):
        return True
    scheme = url_scheme(stripped)
    return scheme is not None and scheme not in PACKAGE_SCHEMES


def package_path(folder: tuple[str, ...] | list[str], path: str) -> tuple[str, ...]:
    """The parts (under the extension's root) of the file a URL path names when a file in `folder` (its parts under
    the root) loads it: `/x.js` from the root, `./x.js` and `x.js` beside it, and `..` never above the root, as URL
    resolution clamps it (`../../x.js` from the root is `x.js`)."""
    parts: list[str] = [] if path.startswith("/") else list(folder)
    for part in path.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return tuple(parts)


def split_address(value: str) -> tuple[str, str]:
    """A page address as the config may write it → (the file, its `?query` / `#fragment` as written): a popup at
    `src/popup/index.html#/popup` is the file src/popup/index.html, opened at that fragment (a router's start)."""
    cut = min((i for i in (value.find("?"), value.find("#")) if i >= 0), default=len(value))
    return value[:cut], value[cut:]
