"""Branches taken only when a standard global is missing: dead code in every browser an extension runs in.

`JSON ? JSON.parse(a) : eval('(' + a + ')')` and `typeof JSON === "object" ? … : eval(…)` are old libraries'
fallbacks for browsers without JSON; every browser with an extension API has it, so the `eval` never runs and is
not dynamic code the extension ships (XS001). A condition is evaluated over presence tests of the standard
globals of the language (`JSON`, `Promise`, `Map`, `Object.keys`…), never shadowed by a binding of the file:
the name alone, `window.`/`self.`/`globalThis.` before it, a known member of it (`JSON.parse`), `typeof X` compared
with its type or with "undefined", `"X" in window`, and `!`, `&&`, `||`, parentheses over those. Anything else is
unknown, and a branch under an unknown condition is taken as live.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from toolchain.analysis.nodes import node_text
from toolchain.analysis.syntax import FUNCTION_NODES, unwrap

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

#: ECMAScript globals every browser that runs extensions has, with `typeof` of each
STANDARD_GLOBALS: dict[str, str] = {
    **dict.fromkeys(("JSON", "Math", "Reflect", "Intl", "Atomics"), "object"),
    **dict.fromkeys(
        (
            "Object", "Array", "String", "Number", "Boolean", "Date", "RegExp", "Error", "TypeError", "Promise",
            "Map", "Set", "WeakMap", "WeakSet", "Symbol", "Proxy", "ArrayBuffer", "DataView", "Uint8Array",
            "Int32Array", "Float64Array", "parseInt", "parseFloat", "isNaN", "isFinite", "encodeURIComponent",
            "decodeURIComponent", "encodeURI", "decodeURI",
        ),
        "function",
    ),
}  # fmt: skip
#: members of those globals every such browser has
STANDARD_MEMBERS: dict[str, frozenset[str]] = {
    "JSON": frozenset({"parse", "stringify"}),
    "Object": frozenset({"keys", "assign", "create", "defineProperty", "freeze", "getPrototypeOf", "entries"}),
    "Array": frozenset({"isArray", "from", "of"}),
    "Promise": frozenset({"resolve", "reject", "all", "race"}),
    "Symbol": frozenset({"iterator", "for"}),
    "Date": frozenset({"now"}),
}
_GLOBAL_OBJECTS = frozenset({"window", "self", "globalThis"})
#: how far up a node's ancestors the conditions are read
MAX_DEPTH = 64

Bound = Callable[[str], bool]


def dead_without_standard_global(node: Node, bound: Bound) -> str | None:
    """The condition (as written) under which `node` runs only when a standard global is missing, or None when no
    enclosing condition of its function says so. `bound(name)`: is the name bound in the file (then not the global)."""
    child, parent, depth = node, node.parent, 0
    while parent is not None and depth < MAX_DEPTH and parent.type not in FUNCTION_NODES:
        kind = parent.type
        if kind in ("ternary_expression", "if_statement"):
            condition = parent.child_by_field_name("condition")
            alternative = parent.child_by_field_name("alternative")
            consequence = parent.child_by_field_name("consequence")
            value = _truth(condition, bound) if condition is not None else None
            if alternative is not None and _inside(child, alternative) and value is True:
                return node_text(condition) if condition is not None else None
            if consequence is not None and _inside(child, consequence) and value is False:
                return node_text(condition) if condition is not None else None
        elif kind == "binary_expression":
            operator = parent.child_by_field_name("operator")
            left, right = parent.child_by_field_name("left"), parent.child_by_field_name("right")
            if operator is not None and left is not None and right is not None and _inside(child, right):
                value = _truth(left, bound)
                if (operator.type == "||" and value is True) or (operator.type == "&&" and value is False):
                    return node_text(left)
        child, parent, depth = parent, parent.parent, depth + 1
    return None


def _inside(node: Node, container: Node) -> bool:
    return container.start_byte <= node.start_byte and node.end_byte <= container.end_byte


def _global_name(node: Node, bound: Bound) -> str | None:
    """`JSON`, `window.JSON`, `self.JSON`: the standard global named, unshadowed; else None."""
    node = unwrap(node)
    if node.type == "identifier":
        name = node_text(node)
        return name if name in STANDARD_GLOBALS and not bound(name) else None
    if node.type == "member_expression":
        obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
        if obj is not None and prop is not None and obj.type == "identifier":
            owner, name = node_text(obj), node_text(prop)
            if owner in _GLOBAL_OBJECTS and not bound(owner) and name in STANDARD_GLOBALS:
                return name
    return None


def _present(node: Node, bound: Bound) -> bool:
    """Is the expression a standard global, or a standard member of one (`JSON.parse`, `window.JSON.parse`)?"""
    node = unwrap(node)
    if _global_name(node, bound) is not None:
        return True
    if node.type == "member_expression":
        obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
        owner = _global_name(obj, bound) if obj is not None else None
        return owner is not None and prop is not None and node_text(prop) in STANDARD_MEMBERS.get(owner, ())
    return False


def _truth(node: Node, bound: Bound) -> bool | None:
    """The value of a condition over standard globals in every browser, or None when it depends on anything else."""
    node = unwrap(node)
    if _present(node, bound):
        return True
    kind = node.type
    if kind == "unary_expression":
        negation = node.child_by_field_name("operator")
        argument = node.child_by_field_name("argument")
        if negation is not None and negation.type == "!" and argument is not None:
            inner = _truth(argument, bound)
            return None if inner is None else not inner
        return None
    if kind != "binary_expression":
        return None
    operator_node = node.child_by_field_name("operator")
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if operator_node is None or left is None or right is None:
        return None
    operator = operator_node.type
    if operator in ("&&", "||"):
        a, b = _truth(left, bound), _truth(right, bound)
        if operator == "&&":
            return False if False in (a, b) else True if a is True and b is True else None
        return True if True in (a, b) else False if a is False and b is False else None
    if operator == "in":  # `"JSON" in window`
        word, owner = unwrap(left), unwrap(right)
        if word.type == "string" and owner.type == "identifier" and node_text(owner) in _GLOBAL_OBJECTS:
            return True if node_text(word).strip("'\"") in STANDARD_GLOBALS else None
        return None
    if operator in ("===", "==", "!==", "!="):
        for test_side, literal_side in ((left, right), (right, left)):
            typeof, literal = unwrap(test_side), unwrap(literal_side)
            if typeof.type != "unary_expression" or literal.type != "string":
                continue
            op = typeof.child_by_field_name("operator")
            argument = typeof.child_by_field_name("argument")
            tested = _global_name(argument, bound) if op is not None and op.type == "typeof" and argument else None
            if tested is None:
                continue
            expected = node_text(literal).strip("'\"")
            if expected == "undefined":
                equal = False
            elif expected == STANDARD_GLOBALS[tested]:
                equal = True
            else:
                return None
            return equal if operator in ("===", "==") else not equal
    return None
