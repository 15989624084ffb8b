"""Read manifest.json the way browsers do, and check it against xtk's JSON Schemas.

Loading: Chrome accepts `//` and `/* */` comments in manifest.json (outside strings), so the loader blanks them
out — keeping every line and column where it was — before a strict JSON parse. Every failure, whatever the
bytes, becomes an `InputError` with the file, line and column.

Validation: `specs/manifest/chrome-mv3.schema.json` (Chrome and Edge) and `specs/manifest/firefox.schema.json`
(Firefox MV2 and MV3). Each violation becomes one `Diagnostic` whose `key` is the JSON pointer of the offending
value. Messages come from the schema's `errorMessage` annotations where present, else from the failing keyword.

jsonschema is imported inside the functions: `xtk --help` must not pay for it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain import browser_targets
from toolchain.diagnostics import Diagnostic, InputError
from toolchain.json_pointer import pointer_of
from toolchain.json_types import json_type_name
from toolchain.resources import specs_dir

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

#: Schema names accepted by `validate_manifest`, each a file `specs/manifest/<name>.schema.json`: the browser
#: registry's, in its order.
#: the browsers' manifest schemas, and the part of Firefox's that xtk does not write but lint reads (`experiment_apis`)
SCHEMAS = (*dict.fromkeys(target.schema for target in browser_targets.targets()), "firefox-experiments")

#: Compiled validators by schema name: compiling (and checking) a schema costs more than validating with it.
_VALIDATORS: dict[str, Validator] = {}


# -- loading ----------------------------------------------------------------------------------------------

# A JSON string (kept), a line comment, a block comment, or the start of an unterminated block comment.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|//[^\n]*|/\*.*?\*/|/\*', re.DOTALL)
_NOT_NEWLINE = re.compile(r"[^\n]")
# Python's json accepts these non-standard constants; browsers do not.
_NON_FINITE = re.compile(r'"(?:[^"\\]|\\.)*"|-?Infinity|NaN', re.DOTALL)

# json's terse messages, said the way a manifest author needs them.
_JSON_MESSAGES = {
    "Expecting property name enclosed in double quotes": "expected a property name in double quotes",
    "Expecting value": "expected a value",
    "Expecting ',' delimiter": "expected ',' between items",
    "Expecting ':' delimiter": "expected ':' after the property name",
    "Unterminated string starting at": "unterminated string",
    "Invalid control character at": "raw control character (newline, tab...) inside a string: escape it",
    "Invalid \\escape": "invalid escape sequence in a string",
    "Invalid \\uXXXX escape": "invalid \\u escape in a string",
    "Extra data": "unexpected text after the end of the manifest object",
}


class _NonFiniteNumber(ValueError):
    pass


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of `text[index]`."""
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def _strip_comments(text: str, source: str) -> str:
    """`text` with comments replaced by spaces (newlines kept), so JSON error positions stay true."""

    def blank(match: re.Match[str]) -> str:
        token = match.group()
        if token.startswith('"'):
            return token
        if token == "/*":
            line, column = _position(text, match.start())
            raise InputError.single("unterminated /* comment", path=source, line=line, column=column)
        return _NOT_NEWLINE.sub(" ", token)

    return _TOKENS.sub(blank, text)


def _reject_non_finite(name: str) -> Any:
    raise _NonFiniteNumber(name)


def _syntax_error(code: str, error: json.JSONDecodeError, source: str) -> InputError:
    message = next((m for prefix, m in _JSON_MESSAGES.items() if error.msg.startswith(prefix)), error.msg)
    line, column = error.lineno, error.colno
    before = code[: error.pos].rstrip()
    # A trailing comma is the commonest slip; point at the comma itself, not at the bracket after it.
    if before.endswith(",") and code[error.pos : error.pos + 1] in ("}", "]"):
        message = f"trailing comma before '{code[error.pos]}' (JSON allows none)"
        line, column = _position(code, len(before) - 1)
    return InputError.single(f"invalid JSON: {message}", path=source, line=line, column=column)


def _non_finite_error(code: str, name: str, source: str) -> InputError:
    line: int | None = None
    column: int | None = None
    for match in _NON_FINITE.finditer(code):
        if not match.group().startswith('"'):
            line, column = _position(code, match.start())
            break
    return InputError.single(f"invalid JSON: {name} is not a JSON number", path=source, line=line, column=column)


def parse_manifest_text(text: str, source: str) -> dict[str, Any]:
    """Parse manifest JSON that may hold `//` and `/* */` comments (and a UTF-8 BOM), as Chrome does.

    Any problem raises `InputError` whose diagnostic names `source` and, where known, the line and column.
    """
    text = text.removeprefix("\ufeff")
    code = _strip_comments(text, source)
    if not code.strip():
        raise InputError.single("the manifest is empty", path=source)
    try:
        value = json.loads(code, parse_constant=_reject_non_finite)
    except json.JSONDecodeError as error:
        raise _syntax_error(code, error, source) from None
    except _NonFiniteNumber as error:
        raise _non_finite_error(code, str(error), source) from None
    except RecursionError:
        raise InputError.single("invalid JSON: nested too deeply", path=source) from None
    except ValueError as error:  # an integer longer than Python's digit limit is the one known case
        reason = "a number has too many digits" if "digits" in str(error) else str(error)
        raise InputError.single(f"invalid JSON: {reason}", path=source) from None
    if not isinstance(value, dict):
        line, column = _position(code, len(code) - len(code.lstrip()))
        raise InputError.single(
            f"a manifest must be a JSON object {{...}}, not {json_type_name(value)}",
            path=source,
            line=line,
            column=column,
        )
    return value


def decode_manifest(data: bytes, source: str) -> str:
    """UTF-8 text of `data` (browsers read manifest.json as UTF-8 only)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputError.single("the manifest is UTF-16; browsers read manifest.json as UTF-8", path=source)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        column = len(data[line_start : error.start].decode("utf-8")) + 1  # everything before the bad byte is valid
        raise InputError.single(
            f"not valid UTF-8 (byte 0x{data[error.start]:02X})", path=source, line=line, column=column
        ) from None


def load_manifest_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and parse one manifest.json; unreadable, non-UTF-8, malformed or non-object input is an InputError."""
    from toolchain.json_input import read_json_bytes

    source = os.fspath(path)
    data = read_json_bytes(Path(source), source, "the manifest")  # its size is judged before it is read
    return parse_manifest_text(decode_manifest(data, source), source)


# -- validation -------------------------------------------------------------------------------------------


def schema_for(browser: str, manifest_version: int) -> str:
    """The schema a browser's manifest must pass: Chrome and Edge share "chrome-mv3"; Firefox's covers MV2 and MV3.

    `manifest_version` does not pick the schema — "chrome-mv3" itself rejects an MV2 manifest — but callers pass it
    so the choice can grow without changing them.
    """
    try:
        return browser_targets.get(browser).schema
    except KeyError:
        raise ValueError(f"no manifest schema for browser {browser!r}") from None


def schema_path(schema: str) -> Path:
    if schema not in SCHEMAS:
        raise ValueError(f"unknown manifest schema {schema!r}; expected one of {', '.join(SCHEMAS)}")
    return specs_dir() / "manifest" / f"{schema}.schema.json"


def _validator(schema: str) -> Validator:
    cached = _VALIDATORS.get(schema)
    if cached is not None:
        return cached
    from jsonschema import Draft202012Validator

    # The schema files themselves are checked against the 2020-12 metaschema by the test suite
    # (tests/unit/manifest/test_schema.py): doing it on every build would cost more than the build's validation.
    document = json.loads(schema_path(schema).read_text(encoding="utf-8"))
    validator = _VALIDATORS[schema] = Draft202012Validator(document)
    return validator


def validate_manifest(manifest: Mapping[str, Any], schema: str) -> list[Diagnostic]:
    """Every violation of `schema` ("chrome-mv3" or "firefox"), ordered by JSON pointer; empty when valid."""
    found: dict[tuple[str, str], tuple[list[tuple[int, Any]], Diagnostic]] = {}
    for error in _validator(schema).iter_errors(manifest):
        # Never let a violation vanish: if no readable diagnostic came out, keep jsonschema's own sentence.
        for path, diagnostic in _diagnostics(error) or [_error(list(error.absolute_path), error.message)]:
            found.setdefault((diagnostic.key or "", diagnostic.message), (_order(path), diagnostic))
    return [diagnostic for _, diagnostic in sorted(found.values(), key=lambda item: (item[0], item[1].message))]


def _order(path: list[Any]) -> list[tuple[int, Any]]:
    """Sort key of a path: array indexes numerically, before names."""
    return [(0, part) if isinstance(part, int) else (1, str(part)) for part in path]


def _error(path: list[Any], message: str) -> tuple[list[Any], Diagnostic]:
    return path, Diagnostic("error", message, key=pointer_of(path))


def _diagnostics(error: ValidationError) -> list[tuple[list[Any], Diagnostic]]:
    """One jsonschema error as diagnostics with their paths (an unknown-keys or required error may give several)."""
    path = list(error.absolute_path)
    custom = _custom_message(error)
    if error.validator == "required":
        # Point at the missing key itself: "/background/service_worker", not "/background".
        return [_error(path + [key], custom or f"required key {json.dumps(key)} is missing") for key in _missing(error)]
    if custom is None:
        if error.validator == "additionalProperties" and error.validator_value is False:
            return [_error(path + [key], message) for key, message in _unknown_keys(error)]
        if error.validator in ("anyOf", "oneOf") and error.context:
            from jsonschema.exceptions import best_match

            return _diagnostics(best_match(error.context))
    if "propertyNames" in error.absolute_schema_path:
        # The failing value is the key itself: point at it, not at the object holding it.
        return [_error(path + [error.instance], custom or _message(error))]
    return [_error(path, custom or _message(error))]


def _custom_message(error: ValidationError) -> str | None:
    """The schema's own `errorMessage` for this failure: a string for any keyword, or {keyword: message}."""
    schema = error.schema
    custom = schema.get("errorMessage") if isinstance(schema, dict) else None
    if isinstance(custom, dict):
        custom = custom.get(str(error.validator))
    return custom if isinstance(custom, str) else None


def _missing(error: ValidationError) -> list[str]:
    """The key this `required` error is about (jsonschema raises one error per missing key)."""
    instance = error.instance if isinstance(error.instance, Mapping) else {}
    required: Any = error.validator_value  # never Unset (see _message): the keys this `required` lists
    missing = [key for key in required if key not in instance]
    named = [key for key in missing if error.message == f"{key!r} is a required property"]
    return named or missing


def _is_forbidden(schema: object) -> bool:
    """A property declared only to be rejected (`{"not": {}}`): never suggest it as a correction."""
    return isinstance(schema, dict) and schema.get("not") == {}


def _closest(word: str, candidates: list[str], cutoff: float = 0.6) -> str | None:
    """The candidate `word` most likely meant: same letters in another case first, then the nearest spelling."""
    from difflib import get_close_matches

    same = [c for c in candidates if c.lower() == word.lower()]
    close = same or get_close_matches(word, candidates, n=1, cutoff=cutoff)
    return close[0] if close else None


def _hint(word: object, candidates: list[Any], cutoff: float = 0.6) -> str:
    if not isinstance(word, str):
        return ""
    close = _closest(word, [c for c in candidates if isinstance(c, str)], cutoff)
    return f" (did you mean {json.dumps(close)}?)" if close else ""


def _unknown_keys(error: ValidationError) -> list[tuple[str, str]]:
    schema = error.schema if isinstance(error.schema, dict) else {}
    known = schema.get("properties", {})
    patterns = list(schema.get("patternProperties", {}))
    allowed = [key for key, value in known.items() if not _is_forbidden(value)]
    found: list[tuple[str, str]] = []
    keys: Any = error.instance  # never Unset (see _message): the object with the unknown keys
    for key in keys:
        if key in known or any(re.search(pattern, key) for pattern in patterns):
            continue
        # A high cutoff: suggesting an unrelated key would mislead more than it helps.
        found.append((key, f"unknown key {json.dumps(key)}{_hint(key, allowed, cutoff=0.8)}"))
    return found


def _shown(value: object, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _message(error: ValidationError) -> str:
    """A readable sentence for one failing keyword: what was expected, and what was found."""
    # jsonschema's stubs allow `Unset` for an error made by hand; a validator's errors carry both, of any JSON shape
    expected: Any = error.validator_value
    instance: Any = error.instance
    keyword = error.validator
    if error.schema is False or keyword == "not":
        return "is not allowed here"
    if keyword == "type":
        names = expected if isinstance(expected, list) else [expected]
        return f"expected {' or '.join(names)}, got {json_type_name(instance)}"
    if keyword == "const":
        return f"must be {_shown(expected)}, got {_shown(instance)}"
    if keyword == "enum":
        return _enum_message(expected, instance)
    if keyword == "pattern":
        return f"{_shown(instance)} does not match the expected form {expected}"
    if keyword == "minItems":
        return "must not be empty" if expected == 1 else f"needs at least {_plural(expected, 'item')}"
    if keyword == "maxItems":
        return f"may hold at most {_plural(expected, 'item')}"
    if keyword == "uniqueItems":
        return "has duplicate items"
    if keyword == "minLength":
        return "must not be empty" if expected == 1 else f"needs at least {_plural(expected, 'character')}"
    if keyword == "maxLength":
        return f"is {len(instance)} characters long; the limit is {expected}"
    if keyword == "maxProperties":
        return f"may hold at most {_plural(expected, 'key')}"
    if keyword == "minProperties":
        return "must not be an empty object" if expected == 1 else f"needs at least {_plural(expected, 'key')}"
    if keyword in ("minimum", "maximum"):
        return f"must be {'at least' if keyword == 'minimum' else 'at most'} {expected}, got {_shown(instance)}"
    return error.message


def _enum_message(allowed: list[Any], instance: object) -> str:
    return f"must be one of {', '.join(_shown(a) for a in allowed)}; got {_shown(instance)}{_hint(instance, allowed)}"
