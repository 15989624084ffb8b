"""The named schemas of a protocol and the JSON Schema subset `xtk protocol codegen` implements.

`SchemaIndex.collect()` finds the schemas that become TypeScript types (channels, messages, referenced `$defs`),
resolves every `$ref` reachable from a channel, and checks each reachable schema against the subset, collecting
located problems (file, line, JSON pointer) rather than stopping at the first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolchain.diagnostics import Diagnostic
from toolchain.json_pointer import escape_token, unescape_token
from toolchain.protocol.literals import is_finite, is_number
from toolchain.protocol.model import Channel, Protocol

ANNOTATIONS = ("title", "description", "$comment", "examples", "default", "$schema", "$id")
ASSERTIONS = (
    "type",
    "const",
    "enum",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "pattern",
    "oneOf",
    "anyOf",
    "allOf",
    "$ref",
    "$defs",
)
SUPPORTED = frozenset(ANNOTATIONS + ASSERTIONS)
JSON_TYPES = ("string", "number", "integer", "boolean", "null", "object", "array")
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

REF = re.compile(r"^(?P<file>[^#/\\]+\.json)?#/\$defs/(?P<name>[^/]+)$")
IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_]*")  # fullmatch: `$` would also match before a final newline
#: names a generated type may not take (TypeScript's own types and reserved words; `Finite`, whose guard
#: `isFinite` would shadow the global the number checks call)
RESERVED = frozenset(
    "any unknown never void undefined null object string number boolean symbol bigint true false this "
    "Array Object String Number Boolean Record Partial Required Readonly Pick Omit Exclude Extract Function "
    "Promise Date RegExp Error Map Set JSON Math Finite".split()
)

Loc = tuple[Path, str]  # a schema's file and its JSON pointer in it
#: how deep schemas may nest (inline, or through $refs on the way they are first reached)
MAX_NESTING = 64


@dataclass
class Named:
    loc: Loc
    schema: Any
    name: str
    kind: str  # "channel", "message" or "definition"
    doc: str = ""

    @property
    def check(self) -> str:
        return f"check{self.name}"


class SchemaIndex:
    """Every named schema (by its place), where each `$ref` points, and the problems found on the way."""

    def __init__(self, protocol: Protocol) -> None:
        self.protocol = protocol
        self.problems: list[Diagnostic] = []
        self.named: dict[Loc, Named] = {}
        self.refs: dict[Loc, Loc] = {}  # where a $ref is → what it points to
        self.walked: set[Loc] = set()
        self.patterns: dict[Loc, str] = {}  # where a reachable `pattern` is → the pattern

    def problem(self, loc: Loc, message: str) -> None:
        path, pointer = loc
        line, column = self.protocol.locate(path, pointer)
        self.problems.append(
            Diagnostic("error", message, path=self.protocol.shown(path), line=line, column=column, key=pointer or None)
        )

    # -- 1. find the named schemas and check every reachable schema against the subset ---------------------------

    def collect(self) -> None:
        for channel in self.protocol.channels:
            root = (channel.schema_path, "")
            self.named[root] = Named(root, channel.schema, channel.type_name, "channel", channel.description)
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
                    self.named[loc] = Named(loc, message.schema, message.name, "message", str(doc))
        for channel in self.protocol.channels:
            self.walk(channel.schema, (channel.schema_path, ""))
        self.check_names()
        if not self.problems:
            self.check_cycles()

    def walk(self, schema: Any, loc: Loc, depth: int = 0) -> None:
        if loc in self.walked:
            return
        self.walked.add(loc)
        path, pointer = loc
        if depth > MAX_NESTING:  # the generator recurses as deep as the schemas nest: a bound, not a stack overflow
            self.problem(
                loc,
                f"schemas nested more than {MAX_NESTING} deep here (in one another, or through a chain of $refs "
                "first reached this way): not generated",
            )
            return
        if isinstance(schema, bool):
            return
        if not isinstance(schema, dict):
            self.problem(loc, "a schema is an object, true or false")
            return

        def at(*keys: str | int) -> Loc:
            return path, pointer + "".join("/" + escape_token(str(k)) for k in keys)

        for key, value in schema.items():
            where = at(key)
            if key not in SUPPORTED:
                self.problem(
                    where,
                    f"unsupported keyword {key!r}: xtk protocol codegen implements a subset of JSON Schema "
                    "(`xtk help protocol` lists it)",
                )
            elif key == "$schema":
                if pointer:
                    self.problem(where, "$schema belongs at the root of a schema file")
                elif value != DRAFT_2020_12:
                    self.problem(where, f"$schema is {DRAFT_2020_12!r} (JSON Schema 2020-12), or absent")
            elif key == "$id":
                if pointer:
                    self.problem(
                        where, "$id belongs at the root of a schema file (references are resolved by file name)"
                    )
                elif value != path.name:
                    self.problem(
                        where,
                        f"$id is the file's name, {path.name!r} (references are resolved by file name), or absent",
                    )
            elif key == "type":
                names = value if isinstance(value, list) else [value]
                if not names or any(n not in JSON_TYPES for n in names) or len(set(map(str, names))) != len(names):
                    self.problem(where, f"type is one of {', '.join(JSON_TYPES)}, or a non-empty list of distinct ones")
            elif key == "enum":
                if not isinstance(value, list) or not value:
                    self.problem(where, "enum is a non-empty array")
                elif not all(finite_data(v) for v in value):
                    self.problem(where, "enum holds a number past JavaScript's finite doubles (1e400, say)")
            elif key == "const":
                if not finite_data(value):
                    self.problem(where, "const holds a number past JavaScript's finite doubles (1e400, say)")
            elif key == "required":
                if (
                    not isinstance(value, list)
                    or not all(isinstance(v, str) for v in value)
                    or len(set(value)) != len(value)
                ):
                    self.problem(where, "required is an array of distinct strings")
            elif key in ("properties", "$defs"):
                if not isinstance(value, dict):
                    self.problem(where, f"{key} is an object of schemas")
                elif key == "properties":
                    for name, sub in value.items():
                        self.walk(sub, at(key, name), depth + 1)
            elif key in ("additionalProperties", "items"):
                if isinstance(value, list):
                    self.problem(where, "items is one schema for every item (tuples, prefixItems, are not supported)")
                else:
                    self.walk(value, where, depth + 1)
            elif key in ("minItems", "maxItems", "minLength", "maxLength"):
                if not isinstance(value, int) or isinstance(value, bool) or value < 0 or not is_finite(value):
                    self.problem(where, f"{key} is a non-negative integer")
            elif key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
                if not is_number(value) or not is_finite(value):
                    self.problem(where, f"{key} is a number")
            elif key == "pattern":
                if not isinstance(value, str):
                    self.problem(where, "pattern is a string (an ECMAScript regular expression)")
                else:  # whether it compiles is JavaScript's to say (patterns.py asks Node, for all patterns at once)
                    self.patterns[where] = value
            elif key in ("oneOf", "anyOf", "allOf"):
                if not isinstance(value, list) or not value:
                    self.problem(where, f"{key} is a non-empty array of schemas")
                else:
                    for i, sub in enumerate(value):
                        self.walk(sub, at(key, i), depth + 1)
            elif key == "$ref":
                self.walk_ref(value, where, path, depth + 1)

    def walk_ref(self, reference: Any, where: Loc, base: Path, depth: int) -> None:
        match = REF.match(reference) if isinstance(reference, str) else None
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
            name = unescape_token(match.group("name"))
            doc = target.get("description", "") if isinstance(target, dict) else ""
            self.named[loc] = Named(loc, target, name, "definition", str(doc))
        self.walk(target, loc, depth)

    def check_names(self) -> None:
        seen: dict[str, Named] = {}
        for named in self.named.values():
            what = {
                "channel": "a channel's type_name",
                "message": "a message's type name (its title or $defs key)",
                "definition": "a $defs key that is referenced",
            }[named.kind]
            if not IDENTIFIER.fullmatch(named.name) or named.name in RESERVED:
                self.problem(
                    named.loc,
                    f"{named.name!r}: {what} is a TypeScript type name (a letter, then letters, digits or _; "
                    "not a built-in type)",
                )
            elif named.name in seen:
                other = seen[named.name]
                self.problem(
                    named.loc,
                    f"two schemas would be the TypeScript type {named.name}: this one and "
                    f"{self.protocol.shown(other.loc[0])}#{other.loc[1]}; rename one",
                )
            seen.setdefault(named.name, named)
        constants: dict[str, str] = {}
        for channel in self.protocol.channels:
            constant = channel_constant(channel)
            if not re.fullmatch(r"[A-Z][A-Z0-9_]*", constant):
                self.problem(
                    (channel.schema_path, ""),
                    f"channel name {channel.name!r} does not make a constant name ({constant})",
                )
            elif constant in constants:
                self.problem(
                    (channel.schema_path, ""),
                    f"channels {constants[constant]!r} and {channel.name!r} both make {constant}",
                )
            constants[constant] = channel.name

    # -- 2. references that come back to the same value -----------------------------------------------------------

    def same_value_references(self, schema: Any, loc: Loc) -> list[tuple[Loc, Loc]]:
        """(where, named schema) for each named schema a schema applies to the very same value: through `$ref` and
        allOf/anyOf/oneOf, not into properties, items or additionalProperties (those go one value deeper)."""
        found: list[tuple[Loc, Loc]] = []
        if not isinstance(schema, dict):
            return found
        path, pointer = loc
        if (path, pointer + "/$ref") in self.refs:
            found.append(((path, pointer + "/$ref"), self.refs[(path, pointer + "/$ref")]))
        for keyword in ("allOf", "anyOf", "oneOf"):
            for i, sub in enumerate(schema.get(keyword, []) if isinstance(schema.get(keyword), list) else []):
                sub_loc = (path, f"{pointer}/{keyword}/{i}")
                if sub_loc in self.named:
                    found.append((sub_loc, sub_loc))
                else:
                    found += self.same_value_references(sub, sub_loc)
        return found

    def check_cycles(self) -> None:
        """A cycle of references that never goes one value deeper is refused, located at the reference closing it:
        its TypeScript type would be an alias of itself (TS2456) and its check would call itself forever. (JSON
        Schema forbids it too; recursion through properties, items or additionalProperties is fine.)"""
        state: dict[Loc, int] = {}  # 1: on the current path, 2: done
        for start in list(self.named):
            if start in state:
                continue
            # Depth-first without recursion: a chain of thousands of definitions must not exhaust Python's stack.
            state[start] = 1
            path = [start]
            stack = [iter(self.same_value_references(self.named[start].schema, start))]
            while stack:
                step = next(stack[-1], None)
                if step is None:
                    state[path.pop()] = 2
                    stack.pop()
                    continue
                where, target = step
                if state.get(target) == 1:
                    names = [self.named[loc].name for loc in path[path.index(target) :]] + [self.named[target].name]
                    self.problem(
                        where,
                        f"$ref cycle {' → '.join(names)}: each applies the next to the same value, so no type "
                        "or check can be written for it (and JSON Schema forbids it); a recursive schema goes "
                        "through properties, items or additionalProperties",
                    )
                elif target not in state:
                    state[target] = 1
                    path.append(target)
                    stack.append(iter(self.same_value_references(self.named[target].schema, target)))


def finite_data(value: Any) -> bool:
    """Whether every number in a JSON value is a finite double (const and enum values)."""
    if isinstance(value, list):
        return all(finite_data(v) for v in value)
    if isinstance(value, dict):
        return all(finite_data(v) for v in value.values())
    return not is_number(value) or is_finite(value)


def channel_constant(channel: Channel) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", channel.name).strip("_").upper() + "_TYPES"
