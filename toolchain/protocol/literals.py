"""JSON values as JavaScript and TypeScript source: string, number and regex literals, literal types, and the JSON
comparisons the generator reasons with (which values a `type` admits, JSON equality)."""

from __future__ import annotations

import json
import math
import re
from typing import Any

_TS_KEY = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def js_string(text: str) -> str:
    """A single-quoted JavaScript string literal, ASCII only."""
    out = ["'"]
    for ch in text:
        code = ord(ch)
        if ch in "\\'":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif 0x20 <= code < 0x7F:
            out.append(ch)
        elif code > 0xFFFF:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    out.append("'")
    return "".join(out)


def js_number(value: int | float) -> str:
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return str(int(value)) if value or math.copysign(1, value) > 0 else "-0"
    return repr(value)


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_primitive(value: Any) -> bool:
    return value is None or isinstance(value, (str, bool, int, float))


def js_value(value: Any) -> str:
    """A JSON value as a JavaScript expression."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if is_number(value):
        return js_number(value)
    if isinstance(value, str):
        return js_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(js_value(v) for v in value) + "]"
    # `__proto__: x` in an object literal sets the prototype; a computed key makes an own property.
    return "{ " + ", ".join((f"[{js_string(k)}]" if k == "__proto__" else js_string(k)) + f": {js_value(v)}" for k, v in value.items()) + " }"


def ts_key(key: str) -> str:
    return key if _TS_KEY.match(key) else js_string(key)


def ts_literal(value: Any) -> str:
    """A JSON value as a TypeScript literal type."""
    if isinstance(value, list):
        return "[" + ", ".join(ts_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + "; ".join(f"{ts_key(k)}: {ts_literal(v)}" for k, v in value.items()) + " }" if value else "Record<string, never>"
    return js_value(value)


def js_regex(pattern: str) -> str | None:
    """An ECMAScript pattern as a regex literal with the `u` flag; None if it cannot be one."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            if i + 1 >= len(pattern) or not (0x20 <= ord(pattern[i + 1]) < 0x7F):
                return None
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if ch == "/":
            out.append("\\/")
        elif 0x20 <= ord(ch) < 0x7F:
            out.append(ch)
        else:
            out.append(f"\\u{{{ord(ch):x}}}")
        i += 1
    body = "".join(out)
    if body.startswith("*"):
        return None  # `/*` would open a comment (and "nothing to repeat" is a syntax error anyway)
    return f"/{body or '(?:)'}/u"


def json_text(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def json_list(values: list[Any], limit: int = 200) -> str:
    text = ", ".join(json_text(v) for v in values)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def doc_comment(text: str) -> str:
    return " ".join(text.split()).replace("*/", "*\\/")


def value_kind_matches(value: Any, kind: str) -> bool:
    if kind == "number":
        return is_number(value)
    if kind == "integer":
        return is_number(value) and float(value).is_integer()
    return {"string": str, "boolean": bool, "object": dict, "array": list}.get(kind, type(None)) is type(value) or (
        kind == "null" and value is None
    )


def json_equal(a: Any, b: Any) -> bool:
    if is_number(a) and is_number(b):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b
