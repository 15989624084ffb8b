"""URL identity and stale detection (seed 000 §6.4), with the WHATWG URL Standard's parsing.

`new URL()` in every engine follows the WHATWG URL Standard; Python's urllib does not (default ports, dot
segments, percent-encoding, IDNA, backslashes…). The reference uses ada (PyPI `ada-url`), the WHATWG-compliant
parser Node.js itself uses.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote_to_bytes

import ada_url

from docmind_reference.config import MATCHING_CONFIG
from docmind_reference.text import utf16_sort_key

MEANINGFUL_PARAMS = frozenset({"version", "v", "lang", "language", "platform", "view", "tab", "page"})


def parse_url_identity(url: str) -> dict[str, str]:
    """`{origin, pathname, meaningfulParams, full}`: the URL as far as a page's identity goes — origin, path and
    the whitelisted query parameters, sorted; an unparseable URL is its own pathname and identity."""
    try:
        parsed = ada_url.URL(url)
    except ValueError:
        return {"origin": "", "pathname": url, "meaningfulParams": "", "full": url}
    meaningful = [
        f"{key}={value}" for key, value in form_urlencoded(parsed.search[1:]) if key.lower() in MEANINGFUL_PARAMS
    ]
    meaningful.sort(key=utf16_sort_key)
    params = "&".join(meaningful)
    origin, pathname = identity_origin(parsed.href, parsed.protocol, parsed.host), parsed.pathname
    return {
        "origin": origin,
        "pathname": pathname,
        "meaningfulParams": params,
        "full": f"{origin}{pathname}{'?' + params if params else ''}",
    }


def identity_origin(href: str, protocol: str, host: str) -> str:
    """D15: `scheme://host[:port]` when the URL has a host (its serialization has `//` after the scheme), else
    `scheme:` alone — for every scheme, where `URL.origin` is the security origin, which differs between engines
    for file: (`"file://"` in Chromium, `"null"` elsewhere) and extension pages, and is `"null"` for data:, about:
    and non-special schemes (so two pages on different hosts would share one identity)."""
    return f"{protocol}//{host}" if href.startswith(f"{protocol}//") else protocol


def form_urlencoded(query: str) -> list[tuple[str, str]]:
    """`new URLSearchParams(query)`: the WHATWG application/x-www-form-urlencoded parser.

    Split on `&`, skip empty parts, split each at its first `=`, `+` → space, percent-decode to bytes, then UTF-8
    decode with replacement (so `%C3` alone is U+FFFD, as in every engine). ada's own binding decodes strictly and
    raises there, so the reference does this step itself.
    """
    pairs = []
    for part in query.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        pairs.append((_decode(name), _decode(value)))
    return pairs


def _decode(component: str) -> str:
    return unquote_to_bytes(component.replace("+", " ").encode("utf-8")).decode("utf-8", "replace")


def check_stale(stored: dict[str, Any], current: dict[str, Any], age_ms: float) -> dict[str, Any]:
    """Whether highlights made for `stored` still describe the page at `current`, `age_ms` later."""
    if stored["origin"] != current["origin"] or stored["pathname"] != current["pathname"]:
        return {"stale": True, "reason": "path-changed"}
    if stored["meaningfulParams"] != current["meaningfulParams"]:
        return {"stale": True, "reason": "params-changed"}
    if age_ms > MATCHING_CONFIG["STALE_AFTER_MS"]:
        return {"stale": True, "reason": "expired"}
    return {"stale": False}
