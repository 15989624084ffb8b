"""The guard language: the build-time conditions over `import.meta.env` that `facts.Guard.expression` holds, as
an AST (built and simplified here), as text, and evaluated against an env. Nothing here reads source code (guards.py
extracts guards from tree-sitter conditions), so the facts model can evaluate a guard without the extractor.

The guard language (what `facts.Guard.expression` holds):

    guard   := or
    or      := and ( "||" and )*
    and     := unary ( "&&" unary )*
    unary   := "!" unary | atom
    atom    := NAME | NAME ("==" | "!=") LITERAL | "(" guard ")" | "true" | "false"
    LITERAL := JSON string | number | true | false | null

`NAME` is a key of `import.meta.env` (`BROWSER`, `MANIFEST_VERSION`, `FIREFOX`, a project constant…). A bare `NAME`
tests truthiness as JavaScript does; `==` / `!=` compare strictly (the source's `===` / `!==`; a source `==` / `!=`
is read the same way, which differs from JavaScript only across types, e.g. `MANIFEST_VERSION == "3"`). `===` and
`!==` and single-quoted strings are accepted too when a guard is written by hand. A name missing from the env is
`undefined`: falsy, equal to nothing.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Mapping
from typing import Union

# --- the guard AST -------------------------------------------------------------------------------------------------
# ("var", name) | ("cmp", name, "==" | "!=", value, type name) | ("not", node) | ("and", (nodes…)) | ("or", (nodes…)),
# and the Python constants True ("always", i.e. no guard) and False ("never").
Node_ = Union[bool, tuple]  # noqa: UP007 - a tuple AST or a constant

ALWAYS: Node_ = True
NEVER: Node_ = False

#: a name missing from the env (`undefined`: falsy, equal to nothing); also "not a literal" for guards.literal_value
MISSING = object()


def var(name: str) -> Node_:
    return ("var", name)


def cmp(name: str, op: str, value: object) -> Node_:
    # the value's type is part of the node so that `X == true` and `X == 1` stay different (True == 1 in Python)
    return ("cmp", name, "==" if op in ("==", "===") else "!=", value, type(value).__name__)


def negate(node: Node_) -> Node_:
    if node is True:
        return False
    if node is False:
        return True
    tag = node[0]
    if tag == "not":
        return node[1]
    if tag == "cmp":
        return ("cmp", node[1], "!=" if node[2] == "==" else "==", node[3], node[4])
    if tag == "and":
        return either(*(negate(item) for item in node[1]))
    if tag == "or":
        return both(*(negate(item) for item in node[1]))
    return ("not", node)


def _combine(tag: str, unit: bool, items: tuple[Node_, ...]) -> Node_:
    flat: list[Node_] = []
    for item in items:
        if item is unit:
            continue
        if item is (not unit):
            return not unit
        if isinstance(item, tuple) and item[0] == tag:
            candidates = item[1]
        else:
            candidates = (item,)
        for candidate in candidates:
            if candidate not in flat:
                flat.append(candidate)
    if not flat:
        return unit
    # absorption: A && (A || B) = A, A && (!A || B) = A && B (and the duals for ||)
    dual = "or" if tag == "and" else "and"
    simplified: list[Node_] = []
    for item in flat:
        if isinstance(item, tuple) and item[0] == dual:
            others = [other for other in flat if other is not item]
            if any(part in others for part in item[1]):
                continue
            kept = tuple(part for part in item[1] if negate(part) not in others)
            if len(kept) != len(item[1]):
                item = _combine(dual, not unit, kept)
                if item is unit:
                    continue
                if item is (not unit):
                    return not unit
        if item not in simplified:
            simplified.append(item)
    if not simplified:
        return unit
    if len(simplified) == 1:
        return simplified[0]
    return (tag, tuple(simplified))


def both(*items: Node_) -> Node_:
    """Conjunction (True is the unit, False absorbs)."""
    return _combine("and", True, items)


def either(*items: Node_) -> Node_:
    """Disjunction (False is the unit, True absorbs)."""
    return _combine("or", False, items)


def to_source(node: Node_) -> str:
    if node is True:
        return "true"
    if node is False:
        return "false"
    tag = node[0]
    if tag == "var":
        return node[1]
    if tag == "cmp":
        return f"{node[1]} {node[2]} {json.dumps(node[3])}"
    if tag == "not":
        inner = node[1]
        text = to_source(inner)
        return f"!{text}" if inner[0] in ("var", "and", "or") else f"!({text})"
    joiner = " && " if tag == "and" else " || "
    return "(" + joiner.join(to_source(item) for item in node[1]) + ")"


# --- parsing and evaluating guard expressions ---------------------------------------------------------------------
_TOKEN = re.compile(
    r"""\s*(?:
        (?P<op>===|!==|==|!=|&&|\|\||!|\(|\))
      | (?P<string>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
      | (?P<number>-?(?:\d[\d_]*\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
      | (?P<name>[A-Za-z_$][\w$]*)
    )""",
    re.VERBOSE,
)


class GuardSyntaxError(ValueError):
    pass


def _tokenize(expression: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    position = 0
    expression = expression.rstrip()
    while position < len(expression):
        match = _TOKEN.match(expression, position)
        if not match or match.end() == position:
            raise GuardSyntaxError(f"cannot read guard {expression!r} at column {position + 1}")
        kind = match.lastgroup or ""
        tokens.append((kind, match.group(kind)))
        position = match.end()
    return tokens


def _literal(kind: str, text: str) -> object:
    if kind == "string":
        if text.startswith("'"):
            text = '"' + text[1:-1].replace('\\"', '"').replace('"', '\\"').replace("\\'", "'") + '"'
        return json.loads(text)
    if kind == "number":
        value = float(text.replace("_", ""))
        return int(value) if value.is_integer() and "." not in text and "e" not in text.lower() else value
    if text == "true":
        return True
    if text == "false":
        return False
    if text == "null":
        return None
    raise GuardSyntaxError(f"expected a literal, found {text!r}")


@functools.lru_cache(maxsize=512)
def parse(expression: str) -> Node_:
    """Parse a guard expression into its AST (raises GuardSyntaxError)."""
    tokens = _tokenize(expression)
    position = 0

    def peek() -> tuple[str, str] | None:
        return tokens[position] if position < len(tokens) else None

    def take() -> tuple[str, str]:
        nonlocal position
        if position >= len(tokens):
            raise GuardSyntaxError(f"unexpected end of guard {expression!r}")
        position += 1
        return tokens[position - 1]

    def parse_or() -> Node_:
        items = [parse_and()]
        while peek() == ("op", "||"):
            take()
            items.append(parse_and())
        return items[0] if len(items) == 1 else ("or", tuple(items))

    def parse_and() -> Node_:
        items = [parse_unary()]
        while peek() == ("op", "&&"):
            take()
            items.append(parse_unary())
        return items[0] if len(items) == 1 else ("and", tuple(items))

    def parse_unary() -> Node_:
        if peek() == ("op", "!"):
            take()
            inner = parse_unary()
            return ("not", inner)
        return parse_atom()

    def parse_atom() -> Node_:
        kind, text = take()
        if (kind, text) == ("op", "("):
            inner = parse_or()
            if take() != ("op", ")"):
                raise GuardSyntaxError(f"missing ')' in guard {expression!r}")
            return inner
        if kind == "name":
            if text in ("true", "false"):
                return text == "true"
            following = peek()
            if following is not None and following[0] == "op" and following[1] in ("==", "===", "!=", "!=="):
                take()
                literal_kind, literal_text = take()
                return cmp(text, following[1], _literal(literal_kind, literal_text))
            return ("var", text)
        raise GuardSyntaxError(f"unexpected {text!r} in guard {expression!r}")

    node = parse_or()
    if position != len(tokens):
        raise GuardSyntaxError(f"unexpected {tokens[position][1]!r} in guard {expression!r}")
    return node


def _truthy(value: object) -> bool:
    if value is MISSING or value is None or value is False:
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value != 0 and not (isinstance(value, float) and math.isnan(value))
    if isinstance(value, str):
        return value != ""
    return True


def _strict_equal(left: object, right: object) -> bool:
    if left is MISSING:
        return False
    if isinstance(left, bool) or isinstance(right, bool):
        return isinstance(left, bool) and isinstance(right, bool) and left == right
    if isinstance(left, (int, float)) and isinstance(right, (int, float)):
        return left == right
    if left is None or right is None:
        return left is None and right is None
    return type(left) is type(right) and left == right


def evaluate_node(node: Node_, env: Mapping[str, object]) -> bool:
    if node is True or node is False:
        return bool(node)
    tag = node[0]
    if tag == "var":
        return _truthy(env.get(node[1], MISSING))
    if tag == "cmp":
        equal = _strict_equal(env.get(node[1], MISSING), node[3])
        return equal if node[2] == "==" else not equal
    if tag == "not":
        return not evaluate_node(node[1], env)
    if tag == "and":
        return all(evaluate_node(item, env) for item in node[1])
    return any(evaluate_node(item, env) for item in node[1])


def evaluate(expression: str, env: Mapping[str, object]) -> bool:
    """Does the guard hold for this `import.meta.env`? (`{"BROWSER": "firefox", "MANIFEST_VERSION": 2, …}`)"""
    return evaluate_node(parse(expression), env)
