"""JSON Pointer (RFC 6901) tokens and pointers: one escaping for the manifest schemas and positions, the golden
vectors, the protocol schemas and codegen, and the lint's locations.

A reference token escapes `~` as `~0` and `/` as `~1` (in that order, so `~1` in a key stays `~01`); unescaping
undoes `~1` first, then `~0`.
"""

from __future__ import annotations

from collections.abc import Iterable


def escape_token(token: str) -> str:
    """One reference token of a pointer: `a/b~c` → `a~1b~0c`."""
    return token.replace("~", "~0").replace("/", "~1")


def unescape_token(token: str) -> str:
    """A reference token back to the key it names: `a~1b~0c` → `a/b~c`."""
    return token.replace("~1", "/").replace("~0", "~")


def pointer_of(path: Iterable[object]) -> str:
    """The pointer of a path of keys and array indices (`["commands", "a/b", 0]` → `/commands/a~1b/0`); "" is the
    whole document."""
    return "".join("/" + escape_token(str(part)) for part in path)


def value_at(document: object, pointer: str) -> object | None:
    """The value a JSON pointer names in a parsed document, or None when the path is not there (or not a value of
    the shape the pointer walks: an object key into a list, an index past its end)."""
    if pointer == "":
        return document
    value = document
    for token in pointer.split("/")[1:]:
        key = unescape_token(token)
        if isinstance(value, dict):
            if key not in value:
                return None
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            return None
    return value
