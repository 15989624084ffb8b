"""JavaScript's view of text, in Python: UTF-16 code units, one whitespace set, the pinned Unicode version.

The runtime DocMind ships is JavaScript, where a string is a sequence of UTF-16 code units: `"😀".length` is 2,
slices may split a surrogate pair, and edit distances count units. Python strings are code points. The reference
therefore works on **unit strings**: Python strings holding one character per UTF-16 code unit (an astral
character becomes its two surrogates). On a unit string `len`, slicing, `in`, `split`, equality, sets and
rapidfuzz's distances behave exactly like their JavaScript counterparts. `units()` and `text()` convert.

Normalization and case mapping (NFKD, `toLowerCase`) need real code points and run on ordinary strings before
conversion. The Unicode version they follow is the interpreter's; the reference asserts the one it was pinned to.
"""

from __future__ import annotations

import re
import unicodedata

#: The Unicode version the reference's normalization and case mapping were pinned to (CPython 3.11's).
UNICODE_VERSION = "14.0.0"

if unicodedata.unidata_version != UNICODE_VERSION:  # pragma: no cover - depends on the interpreter
    raise ImportError(
        f"the reference is pinned to Unicode {UNICODE_VERSION} but this Python has {unicodedata.unidata_version}: "
        "golden vectors generated with it would not be the committed ones (see specs/semantics.md)"
    )

#: ECMAScript's WhiteSpace and LineTerminator code points (what `\s`, `split(/\s+/)` and `trim()` use), written
#: out: Python's `\s` and `str.split()` differ (they include U+001C–001F and U+0085, exclude U+FEFF).
WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
_CLASS = "[" + "".join(f"\\u{ord(c):04x}" for c in WHITESPACE) + "]"
WHITESPACE_RUN = re.compile(_CLASS + "+")
WHITESPACE_CHAR = re.compile(_CLASS)
_LEADING = re.compile("^" + _CLASS + "+")
_TRAILING = re.compile(_CLASS + "+$")


def units(value: str) -> str:
    """The unit string of `value`: one character per UTF-16 code unit (lone surrogates stay as they are)."""
    if value.isascii():
        return value
    encoded = value.encode("utf-16-le", "surrogatepass")
    return "".join(chr(int.from_bytes(encoded[i : i + 2], "little")) for i in range(0, len(encoded), 2))


def text(value: str) -> str:
    """An ordinary string again: surrogate pairs recombined, lone surrogates kept."""
    if value.isascii():
        return value
    return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def length(value: str) -> int:
    """JavaScript's `value.length` of an ordinary string."""
    return len(value) + sum(1 for ch in value if ord(ch) > 0xFFFF)


def well_formed(value: str) -> str:
    """`String.prototype.toWellFormed()`: surrogate pairs kept (recombined), every lone surrogate → U+FFFD."""
    if value.isascii():
        return value
    return _SURROGATE.sub("\ufffd", text(value))


_SURROGATE = re.compile("[\ud800-\udfff]")


def js_trim(value: str) -> str:
    """`String.prototype.trim()` with ECMAScript's whitespace set."""
    return _TRAILING.sub("", _LEADING.sub("", value))


def js_split_whitespace(value: str) -> list[str]:
    """`value.split(/\\s+/)`: empty strings at the ends are kept, as in JavaScript."""
    return WHITESPACE_RUN.split(value)


def utf16_sort_key(value: str) -> bytes:
    """JavaScript's default sort order (code units), as a Python sort key."""
    return value.encode("utf-16-be", "surrogatepass")


# -- the character domain where every engine agrees ---------------------------------------------------------

#: Characters whose behaviour differs between the engines even inside the pinned version (the Unicode note):
#: they change whether a neighbouring Σ lowercases to final ς.
UNSTABLE_CHARACTERS = frozenset({"\u0295", "\U0001171e"})


def domain_violations(value: str, allow_lone_surrogates: bool = False) -> list[str]:
    """Why `value` is outside the character domain where all engines agree (empty when it is inside).

    Inside: characters assigned in the pinned Unicode version, except the unstable ones; lone surrogates only
    where the function makes text well-formed first (`allow_lone_surrogates`).
    """
    problems = []
    for ch in dict.fromkeys(value):
        category = unicodedata.category(ch)
        if category == "Cs":
            if not allow_lone_surrogates:
                problems.append(f"lone surrogate U+{ord(ch):04X}")
        elif category == "Cn":
            problems.append(f"U+{ord(ch):04X} is unassigned in Unicode {UNICODE_VERSION}")
        elif ch in UNSTABLE_CHARACTERS:
            problems.append(f"U+{ord(ch):04X} lowercases differently across engines")
    return problems
