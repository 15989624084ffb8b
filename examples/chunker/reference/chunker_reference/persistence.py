"""The key a page's saved vector database is kept under (src/shared/persistence.ts): the SHA-256 of the UTF-8 of
`persistence_record(chunks, model)`, the JSON of the model's id and weights and each chunk's id, heading path and
text, written as JavaScript's `JSON.stringify` writes it (no spaces, non-ASCII as itself, a lone surrogate escaped)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def persistence_record(chunks: Sequence[Mapping[str, Any]], model: Mapping[str, Any]) -> str:
    """The record the key digests. A str holds no surrogate pair (an astral character is one code point), so any
    surrogate left is lone: JSON.stringify writes it as `\\udxxx`, lower-case hex."""
    value = [[model["id"], model["dtype"]], [[c["id"], c["headingPath"], c["rawText"]] for c in chunks]]
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def persistence_key(chunks: Sequence[Mapping[str, Any]], model: Mapping[str, Any]) -> str:
    """The saved database's key: SHA-256 (hex) of the record's UTF-8."""
    return hashlib.sha256(persistence_record(chunks, model).encode("utf-8")).hexdigest()
