"""Pieces of the generated check functions that know the JavaScript around them: variables that notice they are used
(unused ones are not declared), JSON pointers as expressions, what is known of a value so far (`Facts`), and the
guards and conditions for each JSON kind."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolchain.json_pointer import escape_token
from toolchain.protocol.literals import is_primitive, js_string, js_value
from toolchain.protocol.subset import Loc


class Var:
    """A JavaScript variable; formatting it into code marks it used (unused ones are not declared)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.used = False

    def __format__(self, spec: str) -> str:
        self.used = True
        return self.name


class Code:
    """A JavaScript expression made of text and variables."""

    def __init__(self, *pieces: str | Var | Code | Pointer) -> None:
        self.pieces = pieces

    def __format__(self, spec: str) -> str:
        return "".join(p if isinstance(p, str) else format(p) for p in self.pieces)


class Pointer:
    """The JSON pointer of the value being checked, as a JavaScript expression: dynamic parts + a static suffix."""

    def __init__(self, parts: tuple[Var | Code | str, ...], suffix: str = "") -> None:
        self.parts = parts
        self.suffix = suffix

    def child(self, key: str) -> Pointer:
        return Pointer(self.parts, self.suffix + "/" + escape_token(key))

    def index(self, i: Var) -> Pointer:
        return Pointer(self.parts + (js_string(self.suffix + "/"), i))

    def key(self, k: Var) -> Pointer:
        return Pointer((Code("_at(", self, ", ", k, ")"),))

    def __format__(self, spec: str) -> str:
        pieces = [p if isinstance(p, str) else format(p) for p in self.parts]
        if self.suffix:
            pieces.append(js_string(self.suffix))
        return " + ".join(pieces)

    def fail(self, message: str, then: str | None = None) -> str:
        """`<pointer>: <message>` as an expression, followed by the expression `then` if given."""
        pieces = [p if isinstance(p, str) else format(p) for p in self.parts]
        return " + ".join(pieces + [js_string(f"{self.suffix}: {message}")] + ([then] if then else []))


@dataclass
class Facts:
    """What is known of a value at this point of a check function (after earlier checks returned)."""

    kinds: frozenset[str] | None = None  # the JSON kinds it can still be (None: any)
    values: tuple[Any, ...] | None = None  # the primitive values it can still be (after const/enum)
    narrowed: str | None = None  # the kind TypeScript has narrowed it to ("number" for integers)


@dataclass
class Here:
    """Where `compile` is: the function, the schema and its place, the value's variable and pointer, what is known
    of the value, the indentation, and the statements so far."""

    fn: CheckFunction
    schema: dict[str, Any]
    loc: Loc
    x: Var
    p: Pointer
    facts: Facts
    indent: str
    out: list[str] = field(default_factory=list)

    def loc_of(self, *keys: str | int) -> Loc:
        return self.loc[0], self.loc[1] + "".join("/" + escape_token(str(k)) for k in keys)

    def fail(self, message: str, where: Pointer | None = None, then: str | None = None) -> str:
        return f"return {(where or self.p).fail(message, then)};"

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
            guard = {
                "string": f"typeof {self.x} === 'string'",
                "number": f"typeof {self.x} === 'number'",
                "array": f"Array.isArray({self.x})",
                "object": f"_obj({self.x})",
            }[kind]
            self.out += [
                f"{self.indent}if ({guard}) {{",
                *(f"{self.indent}  {line}" for line in lines),
                f"{self.indent}}}",
            ]


def meet(kinds: list[str], known: frozenset[str] | None) -> list[str]:
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


def ends_in_return(lines: list[str], indent: str = "") -> bool:
    """Whether statements end in an unconditional return (at their own level): nothing may follow them, as
    TypeScript checks unreachable code without the narrowing the return ended."""
    return bool(lines) and lines[-1].startswith(indent + "return ")


def differs(x: Any, value: Any) -> str:
    return f"{x} !== {js_value(value)}" if is_primitive(value) else f"!_eq({x}, {js_value(value)})"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


KIND_WORDS = {
    "string": "a string",
    "number": "a number",
    "integer": "an integer",
    "boolean": "a boolean",
    "null": "null",
    "object": "an object",
    "array": "an array",
}


def is_kind(kind: str, x: Any) -> str:
    return {
        "string": f"typeof {x} === 'string'",
        "number": f"typeof {x} === 'number' && isFinite({x})",
        "integer": f"Number.isInteger({x})",
        "boolean": f"typeof {x} === 'boolean'",
        "null": f"{x} === null",
        "object": f"_obj({x})",
        "array": f"Array.isArray({x})",
    }[kind]


def not_kind(kind: str, x: Any) -> str:
    return {
        "string": f"typeof {x} !== 'string'",
        "number": f"typeof {x} !== 'number' || !isFinite({x})",
        "integer": f"typeof {x} !== 'number' || !Number.isInteger({x})",
        "boolean": f"typeof {x} !== 'boolean'",
        "null": f"{x} !== null",
        "object": f"!_obj({x})",
        "array": f"!Array.isArray({x})",
    }[kind]


@dataclass
class CheckFunction:
    name: str
    v: Var = field(default_factory=lambda: Var("v"))
    p: Var = field(default_factory=lambda: Var("p"))
    e: Var = field(default_factory=lambda: Var("e"))
    counter: int = 0
    hoisted: int = 0

    def fresh(self, prefix: str) -> Var:
        self.counter += 1
        return Var(f"{prefix}{self.counter}")
