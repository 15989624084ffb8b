"""Keeping the model key out of everything the API says: one function, applied where the API's words leave it —
each response's JSON payload (answers and error messages, `app.py`) and each log line (`ApiState.log`).

A model server may echo the key it was sent, and not always as is: in a JSON string it may escape any character
(`\\u0073k-…`, hex in either case; `\\/`), in a URL percent-encode any byte (`%73k-…`, `+` for a space), in an HTML
page write character references (`&#115;`, `&#x73;`), or quote the whole `Authorization: Bearer …` header in
base64. Two passes:

1. One pattern finds the key with each character in any of those single-layer forms, mixed freely, and replaces
   it where it stands (`Your key [redacted] is invalid.`). Base64 is matched by the key's base64 at its three
   alignments, so the key is found inside any base64 text, whatever precedes it (`Bearer `, `user:`).
2. What is left is decoded (JSON escapes, percent-encoding, HTML references, repeated up to four layers); if the
   key, or its base64, shows up only then — an escape inside an escape, a named entity such as `&lowbar;` — the
   whole string is replaced by `[redacted]`, since where the key lies in it cannot be told.

Not covered (docs/api.md): the key with its letters' case changed, a part of the key (OpenAI's own messages show
its last four characters), other encodings (hex, base32, base64 under another layer), and base64 of a key shorter
than 8 bytes (too likely to match by chance).
"""

from __future__ import annotations

import base64
import functools
import html
import re
from typing import Any
from urllib.parse import unquote

REDACTED = "[redacted]"

#: Layers of encoding pass 2 undoes before it gives up looking (each layer is one more decoding of everything).
DECODE_ROUNDS = 4
#: Base64 pieces shorter than this are not looked for: a short run of base64 letters occurs in ordinary text.
MIN_BASE64_PIECE = 8

_JSON_SHORT_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "/": "\\/",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
}
_JSON_ESCAPE = re.compile(r'\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))')
_JSON_SHORT_VALUES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _hex(digits: str) -> str:
    """A pattern for hex digits in either case: "6b" -> "6[bB]"."""
    return "".join(f"[{d.lower()}{d.upper()}]" if d.isalpha() else d for d in digits)


def _character(c: str) -> str:
    """A pattern for one character of the key in any single-layer form."""
    utf16 = c.encode("utf-16-be", "surrogatepass")
    forms = [
        re.escape(c),
        "".join(r"\\u" + _hex(utf16[i : i + 2].hex()) for i in range(0, len(utf16), 2)),
        "".join("%" + _hex(f"{byte:02x}") for byte in c.encode("utf-8")),
        f"&#0*{ord(c)};?",
        f"&#[xX]0*{_hex(f'{ord(c):x}')};?",
    ]
    if c in _JSON_SHORT_ESCAPES:
        forms.append(re.escape(_JSON_SHORT_ESCAPES[c]))
    if c == " ":
        forms.append(r"\+")
    return "(?:" + "|".join(forms) + ")"


def _base64_pieces(key: str) -> list[str]:
    """The base64 letters that depend on the key alone, at each of the three byte alignments it may start at,
    in the standard and the URL-safe alphabets: the key inside any base64 text contains one of them."""
    data = key.encode("utf-8")
    pieces = set()
    for offset in range(3):
        encoded = base64.b64encode(b"\0" * offset + data).decode("ascii")
        first = -(-offset * 8 // 6)  # the first letter made of key bits only
        last = (offset + len(data)) * 8 // 6  # letters after this one depend on what follows the key
        piece = encoded[first:last]
        if len(piece) >= MIN_BASE64_PIECE:
            pieces.add(piece)
            pieces.add(piece.replace("+", "-").replace("/", "_"))
    return sorted(pieces)


def _json_unescape(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        if match.group(1) is not None:
            return chr(int(match.group(1), 16))
        return _JSON_SHORT_VALUES.get(match.group(2), match.group(2))

    # Escaped surrogate pairs become one character; a lone surrogate stays visible as U+FFFD.
    return _JSON_ESCAPE.sub(one, text).encode("utf-16", "surrogatepass").decode("utf-16", "replace")


class Redactor:
    """`redactor(value)`: a JSON value (string, list, dict; dict keys too) with the key replaced in every string."""

    def __init__(self, key: str | None) -> None:
        self._key = key or ""
        base64_pieces = _base64_pieces(self._key) if self._key else []
        self._pattern = (
            re.compile("|".join(["".join(_character(c) for c in self._key), *map(re.escape, base64_pieces)]))
            if self._key
            else None
        )
        # What pass 2 looks for in decoded text; `+` for a space is percent-encoding's, left to this comparison.
        self._plain = [self._key, self._key.replace(" ", "+"), *base64_pieces] if self._key else []

    def __call__(self, value: Any) -> Any:
        if isinstance(value, str):
            return self._text(value)
        if isinstance(value, list):
            return [self(item) for item in value]
        if isinstance(value, dict):
            return {self(name): self(item) for name, item in value.items()}
        return value

    def _text(self, text: str) -> str:
        if self._pattern is None:
            return text
        text = self._pattern.sub(REDACTED, text)
        # The markers are left out of pass 2: a short key may be spelled inside "[redacted]" itself.
        return REDACTED if self._hidden_deeper(text.replace(REDACTED, "\0")) else text

    def _hidden_deeper(self, text: str) -> bool:
        """Whether the key shows up once `text` is decoded, layer after layer, checked after every decoding (a
        later one could spoil it: percent-decoding turns the `+` of a key into a space)."""
        for _ in range(DECODE_ROUNDS):
            before = text
            for decode in (_json_unescape, unquote, html.unescape):
                if not any(mark in text for mark in ("\\", "%", "&")):
                    return False  # nothing left that any decoder would change
                text = decode(text)
                if any(plain in text for plain in self._plain):
                    return True
            if text == before:
                return False
        return False


@functools.lru_cache(maxsize=8)
def redactor_for(key: str | None) -> Redactor:
    """The redactor for `key` (None or "": one that changes nothing); built once per key."""
    return Redactor(key)
