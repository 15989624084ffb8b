"""Build-time guards from source code: the conditions over `import.meta.env` that decide whether code ends up in a
bundle, read from tree-sitter conditions, and the `facts.Guard` for each. The language itself (its AST, parser and
evaluator) is guard_language.py; its names are re-exported here for the extractor and the tests.

Extraction (`branch_guards`, `right_operand_guard`) follows what esbuild's constant folding does once the
`import.meta.env.*` defines are substituted: the consequent of `if (c)` is dropped when `c` folds to a falsy constant,
the alternate when it folds to a truthy one. For each condition two guards are computed, "folds truthy when T" and
"folds falsy when F"; a part of the condition that is not a comparison of `import.meta.env.X` with a literal (a call,
a variable…) never folds, so it contributes nothing (conservative: the code is assumed present). The consequent is
present unless F holds, the alternate unless T holds.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from toolchain.analysis.facts import Guard
from toolchain.analysis.guard_language import (  # noqa: F401 - re-exported: the language's names, with its extraction
    ALWAYS,
    MISSING,
    NEVER,
    GuardSyntaxError,
    Node_,
    both,
    cmp,
    either,
    evaluate,
    evaluate_node,
    negate,
    parse,
    to_source,
    var,
)
from toolchain.analysis.nodes import node_source, node_text

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node


def as_guard(node: Node_) -> Guard | None:
    """The facts.Guard for an AST (None when the code is unconditional)."""
    if node is True:
        return None
    return _guard_cache(node, Guard)


@functools.lru_cache(maxsize=1024)
def _guard_cache(node: Node_, guard_type: type) -> Guard:
    return guard_type(to_source(node))


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
        name = node_text(prop) if prop is not None else None
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
                parts.append(node_text(child, "replace"))
            elif child.type == "escape_sequence":
                parts.append(decode_escape(node_text(child, "replace")))
            else:
                return None
        return "".join(parts)
    if node.type == "template_string":
        parts = []
        for child in node.named_children:
            if child.type == "string_fragment":
                parts.append(node_text(child, "replace"))
            elif child.type == "escape_sequence":
                parts.append(decode_escape(node_text(child, "replace")))
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
    """A literal usable in a guard (string, number, boolean, null), or MISSING."""
    node = _unwrap(node)
    kind = node.type
    if kind in ("string", "template_string"):
        value = string_value(node)
        return MISSING if value is None else value
    if kind == "number":
        number = parse_number(node_text(node))
        return MISSING if number is None else number
    if kind == "unary_expression":
        operator = node.child_by_field_name("operator")
        argument = node.child_by_field_name("argument")
        if operator is not None and operator.type == "-" and argument is not None and argument.type == "number":
            number = parse_number(node_text(argument))
            return MISSING if number is None else -number
        return MISSING
    if kind == "true":
        return True
    if kind == "false":
        return False
    if kind == "null":
        return None
    return MISSING


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
        symbol = operator_node.type
        if symbol == "&&":
            left_true, left_false = truth(left)
            right_true, right_false = truth(right)
            return both(left_true, right_true), either(left_false, both(left_true, right_false))
        if symbol == "||":
            left_true, left_false = truth(left)
            right_true, right_false = truth(right)
            return either(left_true, both(left_false, right_true)), both(left_false, right_false)
        if symbol in _EQUALITY:
            name, literal = env_name(left), literal_value(right)
            if name is None:
                name, literal = env_name(right), literal_value(left)
            if name is None or literal is MISSING:
                return NEVER, NEVER
            positive = cmp(name, _EQUALITY[symbol], literal)
            return positive, negate(positive)
        return NEVER, NEVER
    if kind == "true":
        return ALWAYS, NEVER
    if kind == "false":
        return NEVER, ALWAYS
    return NEVER, NEVER


def mentions_env(node: Node) -> bool:
    return b"import.meta.env" in node_source(node)


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
