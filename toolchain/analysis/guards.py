"""Build-time guards: the conditions over `import.meta.env` that decide whether code ends up in a bundle.

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

Extraction (`branch_guards`, `right_operand_guard`) follows what esbuild's constant folding does once the
`import.meta.env.*` defines are substituted: the consequent of `if (c)` is dropped when `c` folds to a falsy constant,
the alternate when it folds to a truthy one. For each condition two guards are computed, "folds truthy when T" and
"folds falsy when F"; a part of the condition that is not a comparison of `import.meta.env.X` with a literal (a call,
a variable…) never folds, so it contributes nothing (conservative: the code is assumed present). The consequent is
present unless F holds, the alternate unless T holds.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Union

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.facts import Guard

# --- the guard AST -------------------------------------------------------------------------------------------------
# ("var", name) | ("cmp", name, "==" | "!=", value, type name) | ("not", node) | ("and", (nodes…)) | ("or", (nodes…)), and the
# Python constants True ("always", i.e. no guard) and False ("never").
Node_ = Union[bool, tuple]  # noqa: UP007 - a tuple AST or a constant

ALWAYS: Node_ = True
NEVER: Node_ = False

_MISSING = object()


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


def as_guard(node: Node_) -> Guard | None:
    """The facts.Guard for an AST (None when the code is unconditional)."""
    if node is True:
        return None
    from toolchain.analysis.facts import Guard

    return _guard_cache(node, Guard)


@functools.lru_cache(maxsize=1024)
def _guard_cache(node: Node_, guard_type: type) -> Guard:
    return guard_type(to_source(node))


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
    if value is _MISSING or value is None or value is False:
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value != 0 and not (isinstance(value, float) and math.isnan(value))
    if isinstance(value, str):
        return value != ""
    return True


def _strict_equal(left: object, right: object) -> bool:
    if left is _MISSING:
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
        return _truthy(env.get(node[1], _MISSING))
    if tag == "cmp":
        equal = _strict_equal(env.get(node[1], _MISSING), node[3])
        return equal if node[2] == "==" else not equal
    if tag == "not":
        return not evaluate_node(node[1], env)
    if tag == "and":
        return all(evaluate_node(item, env) for item in node[1])
    return any(evaluate_node(item, env) for item in node[1])


def evaluate(expression: str, env: Mapping[str, object]) -> bool:
    """Does the guard hold for this `import.meta.env`? (`{"BROWSER": "firefox", "MANIFEST_VERSION": 2, …}`)"""
    return evaluate_node(parse(expression), env)


# --- extraction from tree-sitter conditions -----------------------------------------------------------------------
_WRAPPERS = {"parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression"}


def _unwrap(node: Node) -> Node:
    while node.type in _WRAPPERS and node.named_child_count:
        node = node.named_children[0]
    return node


def env_name(node: Node) -> str | None:
    """`import.meta.env.NAME` (or `import.meta.env['NAME']`) → NAME."""
    node = _unwrap(node)
    if node.type == "member_expression":
        prop = node.child_by_field_name("property")
        name = prop.text.decode() if prop is not None else None
    elif node.type == "subscript_expression":
        index = node.child_by_field_name("index")
        name = string_value(index) if index is not None else None
    else:
        return None
    env = node.child_by_field_name("object")
    if name is None or env is None or env.type != "member_expression":
        return None
    env_prop = env.child_by_field_name("property")
    meta = env.child_by_field_name("object")
    if env_prop is None or env_prop.text != b"env" or meta is None or meta.type != "meta_property":
        return None
    return name


def string_value(node: Node | None) -> str | None:
    """The value of a string literal or a template string without substitutions (escapes decoded)."""
    if node is None:
        return None
    if node.type == "string":
        parts: list[str] = []
        for child in node.named_children:
            if child.type == "string_fragment":
                parts.append(child.text.decode("utf-8", errors="replace"))
            elif child.type == "escape_sequence":
                parts.append(decode_escape(child.text.decode("utf-8", errors="replace")))
            else:
                return None
        return "".join(parts)
    if node.type == "template_string":
        parts = []
        for child in node.named_children:
            if child.type == "string_fragment":
                parts.append(child.text.decode("utf-8", errors="replace"))
            elif child.type == "escape_sequence":
                parts.append(decode_escape(child.text.decode("utf-8", errors="replace")))
            else:  # a substitution
                return None
        return "".join(parts)
    return None


_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def decode_escape(text: str) -> str:
    """One JavaScript escape sequence (`\\n`, `\\x41`, `\\u0041`, `\\u{1F600}`, `\\'`, a line continuation)."""
    body = text[1:]
    if not body:
        return ""
    if body[0] in _SIMPLE_ESCAPES and len(body) == 1:
        return _SIMPLE_ESCAPES[body[0]]
    try:
        if body[0] == "x":
            return chr(int(body[1:3], 16))
        if body[0] == "u":
            digits = body[2:-1] if body.startswith("u{") else body[1:5]
            return chr(int(digits, 16))
    except ValueError:
        return body
    if body[0] in "\r\n\u2028\u2029":
        return ""
    return body


def literal_value(node: Node) -> object:
    """A literal usable in a guard (string, number, boolean, null), or _MISSING."""
    node = _unwrap(node)
    kind = node.type
    if kind in ("string", "template_string"):
        value = string_value(node)
        return _MISSING if value is None else value
    if kind == "number":
        number = parse_number(node.text.decode())
        return _MISSING if number is None else number
    if kind == "unary_expression":
        operator = node.child_by_field_name("operator")
        argument = node.child_by_field_name("argument")
        if operator is not None and operator.type == "-" and argument is not None and argument.type == "number":
            number = parse_number(argument.text.decode())
            return _MISSING if number is None else -number
        return _MISSING
    if kind == "true":
        return True
    if kind == "false":
        return False
    if kind == "null":
        return None
    return _MISSING


def parse_number(text: str) -> int | float | None:
    """A JavaScript numeric literal (`10_000`, `0x1F`, `1e3`, `.5`); BigInt literals are not JSON → None."""
    text = text.replace("_", "")
    if text.endswith("n"):
        return None
    try:
        lowered = text.lower()
        if lowered.startswith(("0x", "0o", "0b")):
            return int(text, 0)
        if len(text) > 1 and text[0] == "0" and text.isdigit():  # legacy octal
            return int(text, 8)
        value = float(text)
    except ValueError:
        return None
    if value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


_EQUALITY = {"===": "==", "==": "==", "!==": "!=", "!=": "!="}


def truth(node: Node) -> tuple[Node_, Node_]:
    """(T, F): the condition folds to a truthy constant exactly when T holds, to a falsy one when F holds."""
    node = _unwrap(node)
    kind = node.type
    name = env_name(node)
    if name is not None:
        return ("var", name), ("not", ("var", name))
    if kind == "unary_expression":
        operator = node.child_by_field_name("operator")
        argument = node.child_by_field_name("argument")
        if operator is not None and operator.type == "!" and argument is not None:
            when_true, when_false = truth(argument)
            return when_false, when_true
        return NEVER, NEVER
    if kind == "binary_expression":
        operator_node = node.child_by_field_name("operator")
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if operator_node is None or left is None or right is None:
            return NEVER, NEVER
        operator = operator_node.type
        if operator == "&&":
            left_true, left_false = truth(left)
            right_true, right_false = truth(right)
            return both(left_true, right_true), either(left_false, both(left_true, right_false))
        if operator == "||":
            left_true, left_false = truth(left)
            right_true, right_false = truth(right)
            return either(left_true, both(left_false, right_true)), both(left_false, right_false)
        if operator in _EQUALITY:
            name, literal = env_name(left), literal_value(right)
            if name is None:
                name, literal = env_name(right), literal_value(left)
            if name is None or literal is _MISSING:
                return NEVER, NEVER
            positive = cmp(name, _EQUALITY[operator], literal)
            return positive, negate(positive)
        return NEVER, NEVER
    if kind == "true":
        return ALWAYS, NEVER
    if kind == "false":
        return NEVER, ALWAYS
    return NEVER, NEVER


def mentions_env(node: Node) -> bool:
    return b"import.meta.env" in node.text


def branch_guards(condition: Node) -> tuple[Node_, Node_]:
    """Guards (ASTs; True = unconditional) for the consequent and the alternate of `if (condition)` / `?:`."""
    if not mentions_env(condition):
        return ALWAYS, ALWAYS
    when_true, when_false = truth(condition)
    return negate(when_false), negate(when_true)


def right_operand_guard(operator: str, left: Node) -> Node_:
    """The guard of `b` in `a && b` (present unless `a` folds falsy) and `a || b` (unless `a` folds truthy)."""
    if not mentions_env(left):
        return ALWAYS
    when_true, when_false = truth(left)
    if operator == "&&":
        return negate(when_false)
    if operator == "||":
        return negate(when_true)
    return ALWAYS


def holds(node: Node_, env: Mapping[str, Any]) -> bool:
    return evaluate_node(node, env)
