"""The URLs parseUrlIdentity's vectors may hold (specs/semantics.md, parseUrlIdentity, decision D15).

The identity itself is defined for every scheme (D15: the runtime computes its origin from the parsed URL, never
from the engine's `URL.origin`), but the browsers' own URL parsers depart from the WHATWG URL Standard on some
non-canonical spellings. Every rule below is one such departure, measured in Chromium 156, Firefox ESR 153 and
Node 20 against ada (the reference); a URL a browser reports for a real page (`location.href`) is already
canonical and never trips them. `golden make` refuses a case that does, naming the rule.
"""

from __future__ import annotations

import re

import ada_url

#: Schemes a browser parses as its own hierarchical ("standard") scheme where the URL Standard sees an opaque
#: host: Chromium lowercases and percent-decodes the host, drops a port, turns `\\` into `/`, gives `scheme:x` the
#: host `x` and an empty path `/`; Firefox does the same for its own. Edge's extension pages are chrome-extension:.
BROWSER_HIERARCHICAL_SCHEMES = frozenset(
    {"chrome-extension", "moz-extension", "chrome", "chrome-untrusted", "devtools", "edge", "resource"}
)

#: Characters the engines encode differently in a host or a hierarchical path: Chromium writes `|` as `%7C` and `*`
#: in a host as `%2A`; Node 20 keeps `^` in a path where the standard encodes it; Firefox rejects `"` and `*` in a host.
_DISPUTED_IN_PATH = '|^*"'

_CANONICAL_HOST = re.compile(r"[a-z0-9]+(?:[.-][a-z0-9]+)*")
_LEADING_TRAILING = "".join(chr(c) for c in range(0x21))  # C0 controls and space: stripped by every parser
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_DOT_SEGMENT = re.compile(r"[/\\](?:\.|%2e){1,2}(?=[/\\]|$)", re.IGNORECASE)
_AUTHORITY = re.compile(r"[/\\]{2}([^/\\?#]*)")


def url_domain_problems(url: str) -> list[str]:
    """Why `url` is outside the domain where every engine parses it as ada does (empty when it is inside)."""
    written = re.sub(r"[\t\n\r]", "", url).strip(_LEADING_TRAILING)
    scheme_match = _SCHEME.match(written)
    scheme = scheme_match.group(1).lower() if scheme_match else ""
    after_scheme = written[len(scheme) + 1 :]
    try:
        parsed = ada_url.URL(url)
    except ValueError:
        if scheme in BROWSER_HIERARCHICAL_SCHEMES:
            return [f"a {scheme}: URL the standard cannot parse: the browsers parse their own scheme"]
        return []  # unparseable everywhere: the identity is the string itself
    before_query = re.split(r"[?#]", after_scheme, maxsplit=1)[0]
    has_host = parsed.href.startswith(f"{parsed.protocol}//")
    if scheme in BROWSER_HIERARCHICAL_SCHEMES:
        return _disputed(before_query) or _browser_scheme_problems(scheme, before_query, parsed)
    if not has_host and not parsed.pathname.startswith("/"):  # an opaque path (data:, about:blank, blob:…)
        if re.search(r" [?#]", after_scheme):
            return ["a space just before '?' or '#' in an opaque path: ada writes it %20, the engines keep it"]
        return []
    if scheme == "file":
        return _disputed(before_query) or _file_problems(after_scheme, parsed)
    if scheme == "about" and has_host:
        return ["about: with a host ('about://'): Firefox parses it as a path"]
    return _disputed(before_query)


def _disputed(before_query: str) -> list[str]:
    if any(ch in before_query for ch in _DISPUTED_IN_PATH):
        return [f"one of {' '.join(_DISPUTED_IN_PATH)} before the query: the engines encode it differently"]
    return []


def _file_problems(after_scheme: str, parsed: ada_url.URL) -> list[str]:
    authority = _AUTHORITY.match(after_scheme)
    if authority and authority.group(1):
        return [f"a file: URL with a host ({authority.group(1)!r}): Firefox drops it, Chromium keeps 'localhost'"]
    if parsed.pathname.startswith("//"):
        return ["a file: path starting with '//': the browsers read a host there"]
    if re.match(r"/[A-Za-z]:", parsed.pathname) and _DOT_SEGMENT.search(after_scheme.split("?")[0].split("#")[0]):
        return [
            "a file: path with a Windows drive letter and a dot segment: Chromium and Firefox let '..' remove "
            "the drive letter, the standard keeps it"
        ]
    return []


def _browser_scheme_problems(scheme: str, before_query: str, parsed: ada_url.URL) -> list[str]:
    if not parsed.href.startswith(f"{parsed.protocol}//"):
        return [f"{scheme}: without '//': the browsers read a host there"]
    if "\\" in before_query:
        return [f"a backslash in a {scheme}: URL: the browsers read it as '/'"]
    if parsed.username or parsed.password or parsed.port:
        return [f"userinfo or a port in a {scheme}: URL: the browsers drop or refuse them"]
    if not _CANONICAL_HOST.fullmatch(parsed.host):
        return [
            f"the {scheme}: host {parsed.host!r} is not lowercase letters, digits, '.' and '-': the browsers "
            "lowercase and decode it"
        ]
    if not parsed.pathname.startswith("/"):
        return [f"a {scheme}: URL without a path: the browsers give it '/'"]
    return []
