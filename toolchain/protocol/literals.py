"""The one serializer of schema values into generated source, and the JSON comparisons the generator reasons with.

Every value a schema (or protocol.json) holds reaches the generated module through a function of this module, and
each of them yields text that no value can end early:

    js_string      a single-quoted ASCII string literal: backslash, quote, every control and non-ASCII character
                   (U+2028/U+2029 too) escaped; `<` before `/` or `!` escaped (`</script>`, `<!--`); backticks
                   and `${` are plain characters in it
    js_number      a finite number (a non-finite one is refused before, in subset.py)
    js_value       a JSON value as an expression (strings via js_string, `__proto__` as a computed key)
    ts_key         a property name: bare only when it is an ASCII identifier (fullmatch), else js_string
    ts_literal     a JSON value as a literal type
    js_regexp      a pattern: `new RegExp(<js_string>, 'u')`, never a regex literal (a regex literal's own syntax,
                   classes and escapes, would decide where the code resumes)
    comment_text   text for a `//` or `/** */` comment: one line, `*/` broken, control characters and lone
                   surrogates replaced

Type and function names are not serialized: they are identifiers checked with a full match (subset.py).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

_TS_KEY = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")  # fullmatch: `$` would also match before a final newline
#: characters a comment cannot hold as they are: C0 and C1 controls (line terminators among them), U+2028 and U+2029
_NOT_IN_COMMENTS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def js_string(text: str) -> str:
    """A single-quoted JavaScript string literal, ASCII only."""
    return "'" + _STRING_ESCAPED.sub(_string_escape, text) + "'"


#: what js_string escapes: backslash, quote, `<` before `/` or `!` (`</script>`, `<!--`, if the code is ever inlined
#: in HTML), and everything outside printable ASCII (line terminators, U+2028 and U+2029 among them)
_STRING_ESCAPED = re.compile(r"[\\']|<(?=[/!])|[^\x20-\x7e]")


def _string_escape(match: re.Match[str]) -> str:
    ch = match.group()
    code = ord(ch)
    if ch in "\\'":
        return "\\" + ch
    if ch == "\n":
        return "\\n"
    if ch == "<":
        return "\\x3c"
    if code > 0xFFFF:
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def js_number(value: int | float) -> str:
    if not is_finite(value):  # subset.py refuses them, located; `inf` would be a name in the code
        raise ValueError(f"not a finite number: {value!r}")
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return str(int(value)) if value or math.copysign(1, value) > 0 else "-0"
    return repr(value)


def is_finite(value: int | float) -> bool:
    """Whether a JSON number is a finite double (`1e400` parses as inf, a 400-digit integer is past any double)."""
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


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
    return (
        "{ "
        + ", ".join(
            (f"[{js_string(k)}]" if k == "__proto__" else js_string(k)) + f": {js_value(v)}" for k, v in value.items()
        )
        + " }"
    )


def ts_key(key: str) -> str:
    return key if _TS_KEY.fullmatch(key) else js_string(key)


def ts_literal(value: Any) -> str:
    """A JSON value as a TypeScript literal type."""
    if isinstance(value, list):
        return "[" + ", ".join(ts_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return (
            "{ " + "; ".join(f"{ts_key(k)}: {ts_literal(v)}" for k, v in value.items()) + " }"
            if value
            else "Record<string, never>"
        )
    return js_value(value)


def js_regexp(pattern: str) -> str:
    """A pattern as an expression: the RegExp built from its text, a string literal, with the `u` flag. (Whether the
    pattern compiles is JavaScript's to say: patterns.py asks Node before a module is written.)"""
    return f"new RegExp({js_string(pattern)}, 'u')"


def json_text(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def json_list(values: list[Any], limit: int = 200) -> str:
    text = ", ".join(json_text(v) for v in values)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def comment_text(text: str) -> str:
    """Text for a comment, on one line: whitespace runs and control characters become one space (line
    terminators, U+2028 and U+2029 among them), `*/` becomes `*\\/`, a lone surrogate (which UTF-8 cannot
    write) U+FFFD."""
    text = _LONE_SURROGATE.sub("\ufffd", _NOT_IN_COMMENTS.sub(" ", text))
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
