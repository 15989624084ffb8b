"""The files a piece of CSS names: `url(...)` values and `@import` targets, with their offsets in the text.

Shared by the plan (a page's inline `<style>` and `style="..."` attributes: their files are shipped) and by the
check after a build (toolchain/builder/reachability.py: every stylesheet's reference resolves). Comments and
strings outside `url()` / `@import` are skipped, so `content: "url(x)"` names no file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from toolchain.urls import is_remote_url, url_scheme

_TOKEN = re.compile(
    r"""/\*.*?(?:\*/|$)|"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|(?<![\w-])url\(\s*|@import\s*""",
    re.DOTALL | re.IGNORECASE,
)
_QUOTED = re.compile(r""""((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'""")
_UNQUOTED = re.compile(r"""[^)\s'"]*""")


@dataclass(frozen=True)
class CssReference:
    kind: Literal["url", "import"]
    value: str  # as written, without quotes
    start: int  # offset of the value in the text
    end: int


def css_references(css: str) -> list[CssReference]:
    """Every `url()` and `@import` value in `css`, in order (also those that name no file: see `names_a_file`)."""
    found: list[CssReference] = []
    position = 0
    while (match := _TOKEN.search(css, position)) is not None:
        token = match.group(0)
        position = match.end()
        lowered = token.lower()
        if lowered.startswith("@import"):
            if css[position : position + 4].lower() == "url(":
                position += 4
                while position < len(css) and css[position].isspace():
                    position += 1
                reference, position = _value(css, position, "import", in_url=True)
            else:
                reference, position = _value(css, position, "import", in_url=False)
        elif lowered.startswith("url("):
            reference, position = _value(css, position, "url", in_url=True)
        else:  # a comment or a string: nothing in it names a file
            continue
        if reference is not None:
            found.append(reference)
    return found


def _value(css: str, position: int, kind: Literal["url", "import"], in_url: bool) -> tuple[CssReference | None, int]:
    """The reference at `position`, and where to read on (past its closing quote)."""
    quoted = _QUOTED.match(css, position)
    if quoted is not None:
        group = 1 if quoted.group(1) is not None else 2
        return CssReference(kind, quoted.group(group), quoted.start(group), quoted.end(group)), quoted.end()
    if not in_url:
        return None, position  # `@import` of neither a string nor url(): not CSS a browser reads
    unquoted = _UNQUOTED.match(css, position)
    if unquoted is None:
        return None, position
    return CssReference(kind, unquoted.group(0), unquoted.start(), unquoted.end()), unquoted.end()


def names_a_file(value: str) -> bool:
    """Does a CSS reference name a file of the extension? Not an SVG fragment (`#id`), data:, remote or another
    scheme's URL (chrome-extension://… names the extension itself: its path is not checked here)."""
    return bool(value) and not value.startswith("#") and not is_remote_url(value) and url_scheme(value) is None
