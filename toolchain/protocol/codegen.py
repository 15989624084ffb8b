"""`xtk protocol codegen`: the TypeScript types and runtime validators of a protocol's JSON Schemas.

`generate(protocol)` returns the whole module (rendered through templates/protocol.ts.j2; Python computes the type
expressions and the validator code). It is deterministic: the same schemas give the same bytes, wherever the
project lives. `check_generated(protocol, path)` compares a file with it (`xtk lint`'s drift rule, XM007, and
`xtk protocol codegen --check`).

The validators implement a subset of JSON Schema 2020-12, exactly (docs/protocol.md); a keyword outside it is an
InputError naming its file, line and JSON pointer, never silently ignored:

    type (string, number, integer, boolean, null, object, array, or a list of them), const, enum,
    properties, required, additionalProperties (false or a schema), items (one schema for every item),
    minItems, maxItems, minLength, maxLength (in code points, as JSON Schema counts, not UTF-16 units),
    minimum, maximum, exclusiveMinimum, exclusiveMaximum, pattern (an ECMAScript regex, `u` flag),
    oneOf (exactly one), anyOf, allOf, $ref (`#/$defs/X` or `file.json#/$defs/X`), $defs, true/false;
    annotations, ignored: title, description, $comment, examples, default; $schema (2020-12) and $id (the
    file's name) at a document's root only.

A number is a JavaScript double: non-finite numbers (NaN, ±Infinity: not JSON) fail every number and integer type
and every numeric keyword; integers beyond 2^53 cannot be told apart.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.protocol.model import Channel, Protocol

ANNOTATIONS = ("title", "description", "$comment", "examples", "default", "$schema", "$id")
ASSERTIONS = (
    "type", "const", "enum", "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
    "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "pattern",
    "oneOf", "anyOf", "allOf", "$ref", "$defs",
)
SUPPORTED = frozenset(ANNOTATIONS + ASSERTIONS)
JSON_TYPES = ("string", "number", "integer", "boolean", "null", "object", "array")
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"
#: the drift rule of `xtk lint`
DRIFT_CODE = "XM007"

_REF = re.compile(r"^(?P<file>[^#/\\]+\.json)?#/\$defs/(?P<name>[^/]+)$")
_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_TS_KEY = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
#: names a generated type may not take (TypeScript's own types and reserved words)
_RESERVED = frozenset(
    "any unknown never void undefined null object string number boolean symbol bigint true false this "
    "Array Object String Number Boolean Record Partial Required Readonly Pick Omit Exclude Extract Function "
    "Promise Date RegExp Error Map Set JSON Math".split()
)

Loc = tuple[Path, str]  # a schema's file and its JSON pointer in it


def escape_pointer(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


# --- JavaScript and TypeScript literals ------------------------------------------------------------------------


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


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _primitive(value: Any) -> bool:
    return value is None or isinstance(value, (str, bool, int, float))


def js_value(value: Any) -> str:
    """A JSON value as a JavaScript expression."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if _is_number(value):
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


def _json_text(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- code fragments that know which variables they use ----------------------------------------------------------


class _Var:
    """A JavaScript variable; formatting it into code marks it used (unused ones are not declared)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.used = False

    def __format__(self, spec: str) -> str:
        self.used = True
        return self.name


class _Code:
    """A JavaScript expression made of text and variables."""

    def __init__(self, *pieces: str | _Var | _Code) -> None:
        self.pieces = pieces

    def __format__(self, spec: str) -> str:
        return "".join(p if isinstance(p, str) else format(p) for p in self.pieces)


class _Ptr:
    """The JSON pointer of the value being checked, as a JavaScript expression: dynamic parts + a static suffix."""

    def __init__(self, parts: tuple[_Var | _Code | str, ...], suffix: str = "") -> None:
        self.parts = parts
        self.suffix = suffix

    def child(self, key: str) -> _Ptr:
        return _Ptr(self.parts, self.suffix + "/" + escape_pointer(key))

    def index(self, i: _Var) -> _Ptr:
        return _Ptr(self.parts + (js_string(self.suffix + "/"), i))

    def key(self, k: _Var) -> _Ptr:
        return _Ptr((_Code("_at(", self, ", ", k, ")"),))

    def __format__(self, spec: str) -> str:
        pieces = [p if isinstance(p, str) else format(p) for p in self.parts]
        if self.suffix:
            pieces.append(js_string(self.suffix))
        return " + ".join(pieces)

    def fail(self, message: str) -> str:
        """`<pointer>: <message>` as an expression."""
        pieces = [p if isinstance(p, str) else format(p) for p in self.parts]
        return " + ".join(pieces + [js_string(f"{self.suffix}: {message}")])


@dataclass
class _Facts:
    """What is known of a value at this point of a check function (after earlier checks returned)."""

    kinds: frozenset[str] | None = None  # the JSON kinds it can still be (None: any)
    values: tuple[Any, ...] | None = None  # the primitive values it can still be (after const/enum)
    narrowed: str | None = None  # the kind TypeScript has narrowed it to ("number" for integers)


@dataclass
class _Here:
    """Where `compile` is: the function, the schema and its place, the value's variable and pointer, what is known
    of the value, the indentation, and the statements so far."""

    fn: _Function
    schema: dict[str, Any]
    loc: Loc
    x: _Var
    p: _Ptr
    facts: _Facts
    indent: str
    out: list[str] = field(default_factory=list)

    def loc_of(self, *keys: str | int) -> Loc:
        return self.loc[0], self.loc[1] + "".join("/" + escape_pointer(str(k)) for k in keys)

    def fail(self, message: str, where: _Ptr | None = None) -> str:
        return f"return {(where or self.p).fail(message)};"

    def emit(self, line: str) -> None:
        self.out.append(self.indent + line)

    def applies(self, kind: str) -> bool:
        """Whether keywords of this kind can apply: the value may still be of it."""
        kinds = self.facts.kinds
        return kinds is None or kind in kinds or (kind == "number" and "integer" in kinds)

    def group(self, kind: str, lines: list[str]) -> None:
        """Keywords for one kind of value only, under `if (<guard>)` unless TypeScript has narrowed the value to it.
        (Code is formatted only when emitted: formatting a variable marks it used, and unused ones are not declared.)"""
        if not lines:
            return
        if self.facts.narrowed == kind:
            self.out += [self.indent + line for line in lines]
        else:
            guard = {"string": f"typeof {self.x} === 'string'", "number": f"typeof {self.x} === 'number'",
                     "array": f"Array.isArray({self.x})", "object": f"_obj({self.x})"}[kind]
            self.out += [f"{self.indent}if ({guard}) {{", *(f"{self.indent}  {line}" for line in lines), f"{self.indent}}}"]


def _meet(kinds: list[str], known: frozenset[str] | None) -> list[str]:
    """The kinds a value may be after a `type` check, given those it could be before (an integer is a number)."""
    if known is None:
        return list(kinds)
    met = []
    for kind in kinds:
        if kind in known:
            met.append(kind)
        elif (kind == "number" and "integer" in known) or (kind == "integer" and "number" in known):
            met.append("integer")
    return list(dict.fromkeys(met))


def _dead(lines: list[str], indent: str = "") -> bool:
    """Whether statements end in an unconditional return (at their own level): nothing may follow them, as
    TypeScript checks unreachable code without the narrowing the return ended."""
    return bool(lines) and lines[-1].startswith(indent + "return ")


def _differs(x: Any, value: Any) -> str:
    return f"{x} !== {js_value(value)}" if _primitive(value) else f"!_eq({x}, {js_value(value)})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


_KIND_WORDS = {"string": "a string", "number": "a number", "integer": "an integer", "boolean": "a boolean",
               "null": "null", "object": "an object", "array": "an array"}


def _is_kind(kind: str, x: Any) -> str:
    return {
        "string": f"typeof {x} === 'string'",
        "number": f"typeof {x} === 'number' && isFinite({x})",
        "integer": f"Number.isInteger({x})",
        "boolean": f"typeof {x} === 'boolean'",
        "null": f"{x} === null",
        "object": f"_obj({x})",
        "array": f"Array.isArray({x})",
    }[kind]


def _not_kind(kind: str, x: Any) -> str:
    return {
        "string": f"typeof {x} !== 'string'",
        "number": f"typeof {x} !== 'number' || !isFinite({x})",
        "integer": f"typeof {x} !== 'number' || !Number.isInteger({x})",
        "boolean": f"typeof {x} !== 'boolean'",
        "null": f"{x} !== null",
        "object": f"!_obj({x})",
        "array": f"!Array.isArray({x})",
    }[kind]


def _value_kind_matches(value: Any, kind: str) -> bool:
    if kind == "number":
        return _is_number(value)
    if kind == "integer":
        return _is_number(value) and float(value).is_integer()
    return {"string": str, "boolean": bool, "object": dict, "array": list}.get(kind, type(None)) is type(value) or (
        kind == "null" and value is None
    )


def _json_equal(a: Any, b: Any) -> bool:
    if _is_number(a) and _is_number(b):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


# --- helpers of the generated module ------------------------------------------------------------------------------

#: name → code; the module gets the ones its checks use, directly or through another helper (see _reachable)
_HELPERS: dict[str, str] = {
    "_Check": "type _Check = (value: unknown, pointer: string) => string | undefined;",
    "_obj": """\
/** A JSON object: not null, not an array. */
function _obj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}""",
    "_len": """\
/** A string's length in code points, as JSON Schema counts (minLength, maxLength), not in UTF-16 units. */
function _len(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return n;
}""",
    "_eq": """\
/** JSON equality (const, enum): numbers by value, arrays item by item, objects whatever their keys' order. */
function _eq(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => _eq(x, b[i]));
  if (!_obj(a) || !_obj(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && _eq(a[k], b[k]));
}""",
    "_at": """\
/** The JSON pointer of a value's member. */
function _at(p: string, key: string): string {
  return p + '/' + key.replace(/~/g, '~0').replace(/\\//g, '~1');
}""",
    "_need": """\
function _need(v: Record<string, unknown>, keys: readonly string[], p: string): string | undefined {
  for (const k of keys) if (!Object.hasOwn(v, k)) return p + ": missing required property '" + k + "'";
  return undefined;
}""",
    "_only": """\
function _only(v: Record<string, unknown>, keys: readonly string[], p: string): string | undefined {
  for (const k of Object.keys(v)) if (!keys.includes(k)) return _at(p, k) + ': unexpected property';
  return undefined;
}""",
    "_none": """\
/** No alternative matched: the problem of the first one that got past the value's kind, else a summary. */
function _none(p: string, problems: readonly string[], keyword: string): string {
  const deeper = problems.find((e) => e.charAt(p.length) === '/');
  return deeper ?? p + ': matches none of the ' + problems.length + ' schemas of ' + keyword;
}""",
    "_one": """\
function _one(v: unknown, p: string, checks: readonly _Check[]): string | undefined {
  const problems: string[] = [];
  for (const check of checks) {
    const e = check(v, p);
    if (e !== undefined) problems.push(e);
  }
  const matched = checks.length - problems.length;
  if (matched === 1) return undefined;
  return matched > 1 ? p + ': matches ' + matched + ' schemas of oneOf, not exactly one' : _none(p, problems, 'oneOf');
}""",
    "_any": """\
function _any(v: unknown, p: string, checks: readonly _Check[]): string | undefined {
  const problems: string[] = [];
  for (const check of checks) {
    const e = check(v, p);
    if (e === undefined) return undefined;
    problems.push(e);
  }
  return _none(p, problems, 'anyOf');
}""",
    "_why": """\
function _why(e: string | undefined): string {
  return e === undefined ? '' : e.charAt(0) === ':' ? '(root)' + e : e;
}""",
}


# --- the generator -----------------------------------------------------------------------------------------------


@dataclass
class _Named:
    loc: Loc
    schema: Any
    name: str
    kind: str  # "channel", "message" or "definition"
    doc: str = ""

    @property
    def check(self) -> str:
        return f"check{self.name}"


@dataclass
class _Function:
    name: str
    v: _Var = field(default_factory=lambda: _Var("v"))
    p: _Var = field(default_factory=lambda: _Var("p"))
    e: _Var = field(default_factory=lambda: _Var("e"))
    counter: int = 0
    hoisted: int = 0

    def fresh(self, prefix: str) -> _Var:
        self.counter += 1
        return _Var(f"{prefix}{self.counter}")


class _Generator:
    def __init__(self, protocol: Protocol) -> None:
        self.protocol = protocol
        self.problems: list[Diagnostic] = []
        self.named: dict[Loc, _Named] = {}
        self.refs: dict[Loc, Loc] = {}  # where a $ref is → what it points to
        self.walked: set[Loc] = set()
        self.functions: list[str] = []

    # -- problems ---------------------------------------------------------------------------------------------

    def problem(self, loc: Loc, message: str) -> None:
        path, pointer = loc
        line, column = self.protocol.locate(path, pointer)
        self.problems.append(Diagnostic("error", message, path=self.protocol.shown(path), line=line, column=column, key=pointer or None))

    # -- 1. find the named schemas and check every reachable schema against the subset ---------------------------

    def collect(self) -> None:
        for channel in self.protocol.channels:
            root = (channel.schema_path, "")
            self.named[root] = _Named(root, channel.schema, channel.type_name, "channel", channel.description)
            for i, (option, message) in enumerate(zip(channel.schema.get("oneOf", []), channel.messages.values())):
                loc: Loc = (channel.schema_path, f"/oneOf/{i}")
                if isinstance(option, dict) and isinstance(option.get("$ref"), str):
                    try:
                        _, path, pointer = self.protocol.resolve(option["$ref"], channel.schema_path)
                        loc = (path, pointer)
                    except KeyError:
                        continue
                if loc not in self.named:
                    doc = message.schema.get("description", "") if isinstance(message.schema, dict) else ""
                    self.named[loc] = _Named(loc, message.schema, message.name, "message", str(doc))
        for channel in self.protocol.channels:
            self.walk(channel.schema, (channel.schema_path, ""))
        self.check_names()

    def walk(self, schema: Any, loc: Loc) -> None:
        if loc in self.walked:
            return
        self.walked.add(loc)
        path, pointer = loc
        if isinstance(schema, bool):
            return
        if not isinstance(schema, dict):
            self.problem(loc, "a schema is an object, true or false")
            return

        def at(*keys: str | int) -> Loc:
            return path, pointer + "".join("/" + escape_pointer(str(k)) for k in keys)

        for key, value in schema.items():
            where = at(key)
            if key not in SUPPORTED:
                self.problem(where, f"unsupported keyword {key!r}: xtk protocol codegen implements a subset of JSON Schema "
                             "(docs/protocol.md lists it)")
            elif key == "$schema":
                if pointer:
                    self.problem(where, "$schema belongs at the root of a schema file")
                elif value != DRAFT_2020_12:
                    self.problem(where, f"$schema is {DRAFT_2020_12!r} (JSON Schema 2020-12), or absent")
            elif key == "$id":
                if pointer:
                    self.problem(where, "$id belongs at the root of a schema file (references are resolved by file name)")
                elif value != path.name:
                    self.problem(where, f"$id is the file's name, {path.name!r} (references are resolved by file name), or absent")
            elif key == "type":
                names = value if isinstance(value, list) else [value]
                if not names or any(n not in JSON_TYPES for n in names) or len(set(map(str, names))) != len(names):
                    self.problem(where, f"type is one of {', '.join(JSON_TYPES)}, or a non-empty list of distinct ones")
            elif key == "enum":
                if not isinstance(value, list) or not value:
                    self.problem(where, "enum is a non-empty array")
            elif key == "required":
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or len(set(value)) != len(value):
                    self.problem(where, "required is an array of distinct strings")
            elif key in ("properties", "$defs"):
                if not isinstance(value, dict):
                    self.problem(where, f"{key} is an object of schemas")
                elif key == "properties":
                    for name, sub in value.items():
                        self.walk(sub, at(key, name))
            elif key in ("additionalProperties", "items"):
                if isinstance(value, list):
                    self.problem(where, "items is one schema for every item (tuples, prefixItems, are not supported)")
                else:
                    self.walk(value, where)
            elif key in ("minItems", "maxItems", "minLength", "maxLength"):
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    self.problem(where, f"{key} is a non-negative integer")
            elif key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
                if not _is_number(value) or not math.isfinite(value):
                    self.problem(where, f"{key} is a number")
            elif key == "pattern":
                if not isinstance(value, str):
                    self.problem(where, "pattern is a string (an ECMAScript regular expression)")
                elif js_regex(value) is None:
                    self.problem(where, "pattern is not a valid ECMAScript regular expression with the u flag")
            elif key in ("oneOf", "anyOf", "allOf"):
                if not isinstance(value, list) or not value:
                    self.problem(where, f"{key} is a non-empty array of schemas")
                else:
                    for i, sub in enumerate(value):
                        self.walk(sub, at(key, i))
            elif key == "$ref":
                self.walk_ref(value, where, path)

    def walk_ref(self, reference: Any, where: Loc, base: Path) -> None:
        match = _REF.match(reference) if isinstance(reference, str) else None
        if match is None:
            self.problem(where, f"$ref {reference!r}: xtk resolves '#/$defs/Name' and 'file.json#/$defs/Name' only")
            return
        try:
            target, path, pointer = self.protocol.resolve(reference, base)
        except KeyError:
            self.problem(where, f"unresolved $ref {reference!r}")
            return
        loc = (path, pointer)
        self.refs[where] = loc
        if loc not in self.named:
            name = match.group("name").replace("~1", "/").replace("~0", "~")
            doc = target.get("description", "") if isinstance(target, dict) else ""
            self.named[loc] = _Named(loc, target, name, "definition", str(doc))
        self.walk(target, loc)

    def check_names(self) -> None:
        seen: dict[str, _Named] = {}
        for named in self.named.values():
            what = {"channel": "a channel's type_name", "message": "a message's type name (its title or $defs key)",
                    "definition": "a $defs key that is referenced"}[named.kind]
            if not _IDENTIFIER.match(named.name) or named.name in _RESERVED:
                self.problem(named.loc, f"{named.name!r}: {what} is a TypeScript type name (a letter, then letters, digits or _; "
                             "not a built-in type)")
            elif named.name in seen:
                other = seen[named.name]
                self.problem(named.loc, f"two schemas would be the TypeScript type {named.name}: this one and "
                             f"{self.protocol.shown(other.loc[0])}#{other.loc[1]}; rename one")
            seen.setdefault(named.name, named)
        constants: dict[str, str] = {}
        for channel in self.protocol.channels:
            constant = channel_constant(channel)
            if not re.match(r"^[A-Z][A-Z0-9_]*$", constant):
                self.problem((channel.schema_path, ""), f"channel name {channel.name!r} does not make a constant name ({constant})")
            elif constant in constants:
                self.problem((channel.schema_path, ""), f"channels {constants[constant]!r} and {channel.name!r} both make {constant}")
            constants[constant] = channel.name

    # -- 2. TypeScript types -------------------------------------------------------------------------------------

    UNION, INTERSECTION, ATOM = 0, 1, 2

    def type_of(self, schema: Any, loc: Loc, top: bool = False) -> tuple[str, int]:
        if not top and loc in self.named:
            return self.named[loc].name, self.ATOM
        if schema is True:
            return "unknown", self.ATOM
        if schema is False:
            return "never", self.ATOM
        path, pointer = loc
        parts: list[tuple[str, int]] = []
        if "$ref" in schema:
            parts.append((self.named[self.refs[(path, pointer + "/$ref")]].name, self.ATOM))
        own = self.own_type(schema, loc, top)
        if own is not None:
            parts.append(own)
        for i, sub in enumerate(schema.get("allOf", [])):
            parts.append(self.type_of(sub, (path, f"{pointer}/allOf/{i}")))
        for keyword in ("anyOf", "oneOf"):
            if keyword in schema:
                parts.append(self.union([self.type_of(sub, (path, f"{pointer}/{keyword}/{i}")) for i, sub in enumerate(schema[keyword])]))
        return self.intersection(parts)

    def union(self, members: list[tuple[str, int]]) -> tuple[str, int]:
        texts = list(dict.fromkeys(self.wrap(m) for m in members if m[0] != "never"))
        if "unknown" in texts:
            return "unknown", self.ATOM
        if not texts:
            return "never", self.ATOM
        if len(texts) == 1:
            return next(m for m in members if self.wrap(m) == texts[0])
        return " | ".join(texts), self.UNION

    def intersection(self, parts: list[tuple[str, int]]) -> tuple[str, int]:
        texts = list(dict.fromkeys(self.wrap(p) for p in parts if p[0] != "unknown"))
        if "never" in texts:
            return "never", self.ATOM
        if not texts:
            return "unknown", self.ATOM
        if len(texts) == 1:
            return next(p for p in parts if self.wrap(p) == texts[0])
        return " & ".join(texts), self.INTERSECTION

    def wrap(self, typed: tuple[str, int]) -> str:
        text, precedence = typed
        return text if precedence == self.ATOM else f"({text})"

    def own_type(self, schema: dict[str, Any], loc: Loc, top: bool) -> tuple[str, int] | None:
        """The type `type`, `const`, `enum` and the object and array keywords say (None: they say nothing)."""
        declared = schema.get("type")
        kinds: list[str] | None = None if declared is None else (declared if isinstance(declared, list) else [declared])
        if "const" in schema or "enum" in schema:
            values = [schema["const"]] if "const" in schema else list(schema["enum"])
            if "const" in schema and "enum" in schema:
                values = [v for v in values if any(_json_equal(v, e) for e in schema["enum"])]
            if kinds is not None:
                values = [v for v in values if any(_value_kind_matches(v, k) for k in kinds)]
            return self.union([(ts_literal(v), self.ATOM) for v in values])
        object_keywords = any(k in schema for k in ("properties", "required", "additionalProperties"))
        if kinds is None:
            if not object_keywords and "items" not in schema:
                return None
            kinds = ["string", "number", "boolean", "null", "array", "object"]
        path, pointer = loc
        members: list[tuple[str, int]] = []
        for kind in kinds:
            if kind in ("string", "boolean", "null"):
                members.append((kind, self.ATOM))
            elif kind in ("number", "integer"):
                members.append(("number", self.ATOM))
            elif kind == "array":
                item = self.type_of(schema["items"], (path, pointer + "/items")) if "items" in schema else ("unknown", self.ATOM)
                members.append((f"{self.wrap(item)}[]", self.ATOM))
            else:
                members.append((self.object_type(schema, loc, top), self.ATOM))
        return self.union(members)

    def object_type(self, schema: dict[str, Any], loc: Loc, top: bool) -> str:
        path, pointer = loc
        properties = schema.get("properties", {})
        required = schema.get("required", [])
        members: list[tuple[str, str]] = []  # (member, its description)
        for key, sub in properties.items():
            sub_loc = (path, f"{pointer}/properties/{escape_pointer(key)}")
            text = self.type_of(sub, sub_loc)[0]
            doc = sub.get("description", "") if isinstance(sub, dict) and sub_loc not in self.named else ""
            members.append((f"{ts_key(key)}{'' if key in required else '?'}: {text}", str(doc)))
        members += [(f"{ts_key(key)}: unknown", "") for key in required if key not in properties]
        extra = schema.get("additionalProperties", True)
        if extra is True or (extra is not False and members):
            members.append(("[key: string]: unknown", ""))
        elif extra is not False:
            members.append((f"[key: string]: {self.type_of(extra, (path, pointer + '/additionalProperties'))[0]}", ""))
        if not members:
            return "Record<string, never>"
        if not top:
            return "{ " + "; ".join(m for m, _ in members) + " }"
        lines = ["{"]
        for member, doc in members:
            if doc:
                lines.append(f"  /** {_comment(doc)} */")
            lines.append(f"  {member};")
        lines.append("}")
        return "\n".join(lines)

    # -- 3. validators -----------------------------------------------------------------------------------------

    def function(self, name: str, schema: Any, loc: Loc, doc: str = "") -> None:
        """One check function: (value, pointer) → its first problem, or undefined."""
        fn = _Function(name)
        body = self.compile(fn, schema, loc, fn.v, _Ptr((fn.p,)), _Facts(), "  ", defining=True)
        lines = []
        if doc:
            lines.append(f"/** {_comment(doc)} */")
        v = "v" if fn.v.used else "_v"
        p = "p" if fn.p.used else "_p"
        lines.append(f"function {name}({v}: unknown, {p}: string): string | undefined {{")
        if fn.e.used:
            lines.append("  let e: string | undefined;")
        lines += body
        if not _dead(body, "  "):
            lines.append("  return undefined;")
        lines.append("}")
        self.functions.append("\n".join(lines))

    def call(self, fn: _Function, check: str, x: Any, p: _Ptr, indent: str) -> str:
        return f"{indent}if (({fn.e} = {check}({x}, {p}))) return {fn.e};"

    def compile(self, fn: _Function, schema: Any, loc: Loc, x: _Var, p: _Ptr, facts: _Facts, indent: str,
                defining: bool = False) -> list[str]:
        """Statements that return the first problem of the value `x` (at pointer `p`) against `schema`."""
        if not defining and loc in self.named:
            return [self.call(fn, self.named[loc].check, x, p, indent)]
        if schema is True:
            return []
        if schema is False:
            return [f"{indent}return {p.fail('no value is allowed here')};"]
        at = _Here(fn, schema, loc, x, p, facts, indent)
        if "$ref" in schema:
            at.out.append(self.call(fn, self.named[self.refs[at.loc_of("$ref")]].check, x, p, indent))
        # Each step returns False when the value can no longer be valid (its last statement returns a problem).
        for step in (self.compile_type, self.compile_values, self.compile_string, self.compile_number, self.compile_array,
                     self.compile_object, self.compile_combinators):
            if step(at) is False or _dead(at.out, indent):
                break
        return at.out

    def compile_type(self, at: _Here) -> bool:
        declared = at.schema.get("type")
        if declared is None:
            return True
        kinds = declared if isinstance(declared, list) else [declared]
        expected = "expected " + " or ".join(_KIND_WORDS[k] for k in kinds)
        possible = _meet(kinds, at.facts.kinds)
        if not possible:
            at.emit(at.fail(expected))
            return False
        if len(kinds) == 1:
            at.emit(f"if ({_not_kind(kinds[0], at.x)}) {at.fail(expected)}")
            at.facts.narrowed = "number" if kinds[0] == "integer" else kinds[0]
        else:
            at.emit(f"if (!({' || '.join(_is_kind(k, at.x) for k in kinds)})) {at.fail(expected)}")
        at.facts.kinds = frozenset(possible)
        if at.facts.values is not None:
            at.facts.values = tuple(v for v in at.facts.values if any(_value_kind_matches(v, k) for k in possible))
        return True

    def compile_values(self, at: _Here) -> bool:
        """const and enum. Values TypeScript has ruled out already (by kind, or an earlier const) are left out of the
        comparison: comparing a narrowed value with them would not compile (TS2367), and cannot match anyway."""
        for keyword in ("const", "enum"):
            if keyword not in at.schema:
                continue
            allowed = [at.schema["const"]] if keyword == "const" else list(at.schema["enum"])
            expected = f"expected {_json_text(allowed[0])}" if keyword == "const" else f"expected one of {_json_list(allowed)}"
            possible = [v for v in allowed if at.facts.kinds is None or any(_value_kind_matches(v, k) for k in at.facts.kinds)]
            if at.facts.values is not None:
                possible = [v for v in possible if any(_json_equal(v, w) for w in at.facts.values)]
            if not possible:
                at.emit(at.fail(expected))
                return False
            if at.facts.values is not None and len(at.facts.values) == len(possible):
                continue  # narrowed to exactly these values already
            at.emit(f"if ({' && '.join(_differs(at.x, v) for v in possible)}) {at.fail(expected)}")
            if all(_primitive(v) for v in possible):
                at.facts.values = tuple(possible)
            at.facts.kinds = frozenset(k for k in JSON_TYPES if any(_value_kind_matches(v, k) for v in possible))
        return True

    def compile_string(self, at: _Here) -> bool:
        if not at.applies("string"):
            return True
        lines, x, schema = [], at.x, at.schema
        if "minLength" in schema:
            n = schema["minLength"]
            lines.append(f"if (_len({x}) < {n}) {at.fail('expected at least ' + _plural(n, 'character'))}")
        if "maxLength" in schema:
            n = schema["maxLength"]  # a string of at most n UTF-16 units has at most n code points: count only longer ones
            lines.append(f"if ({x}.length > {n} && _len({x}) > {n}) {at.fail('expected at most ' + _plural(n, 'character'))}")
        if "pattern" in schema:
            regex = js_regex(schema["pattern"])
            lines.append(f"if (!{regex}.test({x})) {at.fail(f'expected a string matching {regex}')}")
        at.group("string", lines)
        return True

    def compile_number(self, at: _Here) -> bool:
        if not at.applies("number"):
            return True
        bounds = [("minimum", "<", ">="), ("maximum", ">", "<="), ("exclusiveMinimum", "<=", ">"), ("exclusiveMaximum", ">=", "<")]
        checks = [(at.schema[k], bad, good) for k, bad, good in bounds if k in at.schema]
        lines = []
        if checks and at.facts.narrowed != "number":  # `type` has not ruled out NaN and the infinities
            lines.append(f"if (!isFinite({at.x})) {at.fail('expected a finite number')}")
        for limit, bad, good in checks:
            lines.append(f"if ({at.x} {bad} {js_number(limit)}) {at.fail(f'expected a number {good} {js_number(limit)}')}")
        at.group("number", lines)
        return True

    def compile_array(self, at: _Here) -> bool:
        if not at.applies("array"):
            return True
        lines, x, schema = [], at.x, at.schema
        if "minItems" in schema:
            n = schema["minItems"]
            lines.append(f"if ({x}.length < {n}) {at.fail('expected at least ' + _plural(n, 'item'))}")
        if "maxItems" in schema:
            n = schema["maxItems"]
            lines.append(f"if ({x}.length > {n}) {at.fail('expected at most ' + _plural(n, 'item'))}")
        items = schema.get("items", True)
        if items is False:
            lines.append(f"if ({x}.length > 0) {at.fail('no items are allowed', at.p.child('0'))}")
        elif items is not True:
            i, item = at.fn.fresh("i"), at.fn.fresh("x")
            body = self.compile(at.fn, items, at.loc_of("items"), item, at.p.index(i), _Facts(), "  ")
            if body:
                lines.append(f"for (let {i} = 0; {i} < {x}.length; {i}++) {{")
                if item.used:
                    lines.append(f"  const {item.name}: unknown = {x}[{i.name}];")
                lines += body + ["}"]
        at.group("array", lines)
        return True

    def compile_object(self, at: _Here) -> bool:
        if not at.applies("object"):
            return True
        fn, x, p, schema = at.fn, at.x, at.p, at.schema
        lines: list[str] = []
        properties = schema.get("properties", {})
        required = schema.get("required", [])
        if required:
            lines.append(f"if (({fn.e} = _need({x}, [{', '.join(js_string(k) for k in required)}], {p}))) return {fn.e};")
        for key, sub in properties.items():
            lines += self.compile_property(at, key, sub, key in required)
            if _dead(lines):  # a required property that cannot be valid: nothing after it runs
                at.group("object", lines)
                return True
        extra = schema.get("additionalProperties", True)
        if extra is False:
            lines.append(f"if (({fn.e} = _only({x}, [{', '.join(js_string(k) for k in properties)}], {p}))) return {fn.e};")
        elif extra is not True:
            k, value = fn.fresh("k"), fn.fresh("x")
            body = self.compile(fn, extra, at.loc_of("additionalProperties"), value, p.key(k), _Facts(), "  ")
            if body:
                lines.append(f"for (const {k.name} of Object.keys({x})) {{")
                if properties:
                    lines.append(f"  if ({' || '.join(f'{k} === {js_string(name)}' for name in properties)}) continue;")
                if value.used:
                    lines.append(f"  const {value.name}: unknown = {x}[{k}];")
                lines += body + ["}"]
        at.group("object", lines)
        return True

    def compile_property(self, at: _Here, key: str, sub: Any, required: bool) -> list[str]:
        """A property's checks (relative indentation); guarded by Object.hasOwn unless `required` checked it. Code is
        formatted only once it is certain to be emitted (formatting a variable marks it used)."""
        fn, x = at.fn, at.x
        loc, where = at.loc_of("properties", key), at.p.child(key)
        member = _Code(x, f"[{js_string(key)}]")
        assertions = set(sub) - set(ANNOTATIONS) if isinstance(sub, dict) else set()

        def guard() -> str:
            return f"Object.hasOwn({x}, {js_string(key)})"

        if sub is True:
            return []
        if sub is False:
            return [f"if ({guard()}) {at.fail('not allowed', where)}" if not required else at.fail("not allowed", where)]
        if loc in self.named or assertions == {"$ref"}:  # a call
            target = self.named[loc if loc in self.named else self.refs[at.loc_of("properties", key, "$ref")]].check
            return [f"if ({'' if required else guard() + ' && '}({fn.e} = {target}({member}, {where}))) return {fn.e};"]
        values = [sub["const"]] if assertions == {"const"} else sub["enum"] if assertions == {"enum"} else None
        if values is not None and all(_primitive(v) for v in values):  # a comparison
            expected = f"expected {_json_text(values[0])}" if "const" in assertions else f"expected one of {_json_list(values)}"
            condition = " && ".join(_differs(member, v) for v in values)
            if not required:
                condition = f"{guard()} && " + (f"({condition})" if len(values) > 1 else condition)
            return [f"if ({condition}) {at.fail(expected, where)}"]
        value = fn.fresh("x")
        body = self.compile(fn, sub, loc, value, where, _Facts(), "  ")
        if not body:
            return []
        declaration = [f"const {value.name}: unknown = {member};"] if value.used else []
        if required:  # checked at this level (its variable's name is unique in the function)
            return declaration + [line[2:] for line in body]
        return [f"if ({guard()}) {{"] + ["  " + line for line in declaration] + body + ["}"]

    def compile_combinators(self, at: _Here) -> bool:
        for i, sub in enumerate(at.schema.get("allOf", [])):  # all of them: their checks one after the other
            at.out += self.compile(at.fn, sub, at.loc_of("allOf", i), at.x, at.p, at.facts, at.indent)
            if _dead(at.out, at.indent):
                return False
        for keyword in ("oneOf", "anyOf"):
            if keyword not in at.schema:
                continue
            branches = [(sub, at.loc_of(keyword, i)) for i, sub in enumerate(at.schema[keyword])]
            if len(branches) == 1:  # exactly one of one, or any of one: that one
                at.out += self.compile(at.fn, branches[0][0], branches[0][1], at.x, at.p, at.facts, at.indent)
                if _dead(at.out, at.indent):
                    return False
                continue
            tag = self.discriminator(branches)
            if tag is None:
                helper = "_one" if keyword == "oneOf" else "_any"
                checks = ", ".join(self.branch_check(at.fn, sub, sub_loc) for sub, sub_loc in branches)
                at.emit(f"if (({at.fn.e} = {helper}({at.x}, {at.p}, [{checks}]))) return {at.fn.e};")
                continue
            key, consts = tag
            if at.facts.narrowed != "object":
                at.emit(f"if (!_obj({at.x})) {at.fail('expected an object')}")
                at.facts.narrowed, at.facts.kinds = "object", frozenset({"object"})
            at.emit(f"if (!Object.hasOwn({at.x}, {js_string(key)})) {at.fail(f'missing required property {key!r}')}")
            at.emit(f"switch ({at.x}[{js_string(key)}]) {{")
            for (sub, sub_loc), const in zip(branches, consts):
                at.emit(f"  case {js_value(const)}:")
                at.out.append(self.call(at.fn, self.branch_check(at.fn, sub, sub_loc), at.x, at.p, at.indent + "    "))
                at.emit("    break;")
            at.emit("  default:")
            at.emit(f"    {at.fail('expected one of ' + ', '.join(_json_text(c) for c in consts), at.p.child(key))}")
            at.emit("}")
        return True

    def branch_check(self, fn: _Function, schema: Any, loc: Loc) -> str:
        """The check function of a oneOf/anyOf branch: a named schema's, else a new one hoisted out of `fn`."""
        if loc in self.named:
            return self.named[loc].check
        if isinstance(schema, dict) and set(schema) - set(ANNOTATIONS) == {"$ref"}:
            return self.named[self.refs[(loc[0], loc[1] + "/$ref")]].check
        fn.hoisted += 1
        name = f"{fn.name}${fn.hoisted}"
        self.function(name, schema, loc)
        return name

    def resolved(self, schema: Any, loc: Loc) -> Any:
        """A schema, following `$ref`s that stand alone."""
        for _ in range(32):
            if isinstance(schema, dict) and set(schema) - set(ANNOTATIONS) == {"$ref"}:
                loc = self.refs[(loc[0], loc[1] + "/$ref")]
                schema = self.named[loc].schema
            else:
                break
        return schema

    def discriminator(self, branches: list[tuple[Any, Loc]]) -> tuple[str, list[Any]] | None:
        """A property every branch requires with a distinct primitive const, each branch an object: then only the
        branch whose const the value has can match, and oneOf (or anyOf) is that branch alone."""
        schemas = [self.resolved(sub, loc) for sub, loc in branches]
        if len(schemas) < 2 or not all(isinstance(s, dict) and s.get("type") == "object" for s in schemas):
            return None
        candidates = [k for k in schemas[0].get("required", []) if isinstance(k, str)]
        for key in (["type"] if "type" in candidates else []) + [k for k in candidates if k != "type"]:
            consts: list[Any] = []
            for s in schemas:
                prop = s.get("properties", {}).get(key) if isinstance(s.get("properties"), dict) else None
                if key not in s.get("required", []) or not isinstance(prop, dict) or "const" not in prop or not _primitive(prop["const"]):
                    break
                if any(_json_equal(prop["const"], c) for c in consts):
                    break
                consts.append(prop["const"])
            else:
                return key, consts
        return None


def _declared(code: str) -> str:
    match = re.search(r"^(?:function|type) ([\w$]+)", code, re.MULTILINE)
    assert match, code
    return match.group(1)


def _reachable(roots: list[str], declarations: dict[str, str], extra: dict[str, str] | None = None) -> dict[str, str]:
    """The declarations the roots use, directly or not, in declaration order. A check whose only callers were in
    code after an unconditional return, or a helper nothing calls, would be an unused local (TS6133)."""
    found: set[str] = set()
    pending = [code for name, code in declarations.items() if name in roots] + list((extra or {}).values())
    while pending:
        code = pending.pop()
        for name, declaration in declarations.items():
            if name not in found and re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", code):
                found.add(name)
                pending.append(declaration)
    return {name: code for name, code in declarations.items() if name in found or name in roots}


def _json_list(values: list[Any], limit: int = 200) -> str:
    text = ", ".join(_json_text(v) for v in values)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _comment(text: str) -> str:
    return " ".join(text.split()).replace("*/", "*\\/")


def channel_constant(channel: Channel) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", channel.name).strip("_").upper() + "_TYPES"


def _wrap(words: Iterable[str], width: int, prefix: str = "// ") -> list[str]:
    lines: list[str] = []
    current = prefix
    for word in words:
        if len(current) + len(word) + 1 > width and current.strip() != prefix.strip():
            lines.append(current.rstrip())
            current = prefix
        current += word + " "
    lines.append(current.rstrip())
    return lines


def generate(protocol: Protocol) -> str:
    """The TypeScript module of a protocol: types, one check function per named schema, and per channel its message
    types, `is<Channel>` and `describeInvalid<Channel>`. Raises InputError (located) on schemas outside the subset."""
    from toolchain.templating import render

    generator = _Generator(protocol)
    generator.collect()
    if generator.problems:
        raise InputError(generator.problems)

    ordered: list[_Named] = []
    for channel in protocol.channels:
        root = generator.named[(channel.schema_path, "")]
        ordered.append(root)
        ordered += [n for n in generator.named.values() if n.kind == "message" and n not in ordered
                    and n.name in {m.name for m in channel.messages.values()}]
    ordered += [n for n in generator.named.values() if n not in ordered]

    types = []
    for named in ordered:
        if named.kind == "channel":
            text = generator.union([generator.type_of(sub, (named.loc[0], f"/oneOf/{i}"))
                                    for i, sub in enumerate(named.schema.get("oneOf", []))])[0]
            extra = {k: v for k, v in named.schema.items() if k not in ("oneOf", *ANNOTATIONS, "$defs")}
            if extra:  # a channel schema with more than its oneOf (rare): the whole schema's type
                text = generator.type_of(named.schema, named.loc, top=True)[0]
        else:
            text = generator.type_of(named.schema, named.loc, top=True)[0]
        types.append({"name": named.name, "expr": text, "doc": _comment(named.doc)})

    for named in ordered:
        generator.function(named.check, named.schema, named.loc, "")
    roots = [generator.named[(c.schema_path, "")].check for c in protocol.channels]
    functions = _reachable(roots + ["_why"], {_declared(code): code for code in generator.functions})
    helpers = _reachable(["_why"] + list(functions), dict(_HELPERS), functions)

    folder = protocol.shown(protocol.folder)
    files = [p.name for p in protocol.files()]
    header = _wrap(
        f"Generated by `xtk protocol codegen` from {folder}/ ({', '.join(files)}). Do not edit: change the schemas and run "
        "`xtk protocol codegen` again. `xtk lint` checks that this file matches them (drift is XM007).".split(),
        118,
    )
    channels = []
    for channel in protocol.channels:
        channels.append({
            "name": channel.name,
            "type_name": channel.type_name,
            "constant": channel_constant(channel),
            "types": ", ".join(js_string(t) for t in channel.messages),
            "check": generator.named[(channel.schema_path, "")].check,
            "route": f"{', '.join(sorted(channel.senders))} -> {', '.join(sorted(channel.receivers))}, {channel.api}.sendMessage, {channel.kind}"
                     + (f" to {channel.responds_to}" if channel.responds_to else ""),
        })
    return render(
        "protocol.ts.j2",
        header="\n".join(header),
        types=types,
        helpers=list(helpers.values()),
        functions=list(functions.values()),
        channels=channels,
    )


# --- drift ----------------------------------------------------------------------------------------------------------


def check_generated(protocol: Protocol, path: Path, display: str | None = None, expected: str | None = None) -> list[Diagnostic]:
    """Empty when `path` holds exactly what `generate(protocol)` makes (line endings aside); else one diagnostic
    (code XM007) naming the file and the first line that differs."""
    shown = display or protocol.shown(path)
    wanted = expected if expected is not None else generate(protocol)
    hint = "run `xtk protocol codegen`"
    try:
        actual = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    except FileNotFoundError:
        return [Diagnostic("error", f"the generated protocol module is missing: {hint}", path=shown, code=DRIFT_CODE)]
    except (OSError, UnicodeDecodeError) as error:
        return [Diagnostic("error", f"cannot read the generated protocol module: {error}", path=shown, code=DRIFT_CODE)]
    if actual == wanted:
        return []
    actual_lines, wanted_lines = actual.split("\n"), wanted.split("\n")
    line = next((i + 1 for i, (a, b) in enumerate(zip(actual_lines, wanted_lines)) if a != b), min(len(actual_lines), len(wanted_lines)))
    source = protocol.shown(protocol.folder)
    return [Diagnostic("error", f"out of date with {source}/ (edited by hand, or the schemas changed): first difference "
                       f"at line {line}; {hint}", path=shown, line=line, code=DRIFT_CODE)]
