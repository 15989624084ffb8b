"""Tree-sitter helpers shared by the walk: unwrapping parentheses and casts, call arguments, member chains, property
keys, declared names, short printable texts."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from toolchain.analysis import guards as G
from toolchain.analysis.nodes import node_text

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

#: expressions that only wrap another one (parentheses, casts, `!`): looked through
WRAPPER_NODES = frozenset(
    {"parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression", "type_assertion"}
)
FUNCTION_NODES = frozenset(
    {"function_declaration", "generator_function_declaration", "function_expression", "function", "arrow_function",
     "generator_function", "method_definition"}
)  # fmt: skip


def enclosing_function(node: Node) -> Node | None:
    """The nearest function around `node` (not `node` itself), or None at the top level."""
    current = node.parent
    while current is not None and current.type not in FUNCTION_NODES:
        current = current.parent
    return current


def descendants(root: Node, node_type: str) -> Iterator[Node]:
    """Every node of `node_type` under `root` (itself included), in source order, without recursion: minified code
    nests deeper than Python's stack."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == node_type:
            yield node
        stack.extend(reversed(node.children))


def unwrap(node: Node) -> Node:
    while node.type in WRAPPER_NODES:
        inner = first_expression(node)
        if inner is None:
            break
        node = inner
    return node


def first_expression(node: Node) -> Node | None:
    for child in node.named_children:
        if child.type != "comment" and child.type not in ("type_arguments", "type_annotation"):
            return child
    return None


def call_arguments(call: Node) -> list[Node]:
    args = call.child_by_field_name("arguments")
    if args is None:
        return []
    if args.type == "template_string":  # tagged template
        return []
    return [child for child in args.named_children if child.type != "comment"]


def short_text(node: Node, limit: int = 60) -> str:
    text = node_text(node, "replace")
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def is_literal_string(node: Node) -> bool:
    node = unwrap(node)
    if node.type in ("string", "template_string"):
        return G.string_value(node) is not None
    if node.type == "binary_expression":
        operator = node.child_by_field_name("operator")
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        return (
            operator is not None
            and operator.type == "+"
            and left is not None
            and right is not None
            and is_literal_string(left)
            and is_literal_string(right)
        )
    return False


def is_const_declaration(declaration: Node) -> bool:
    kind = declaration.child_by_field_name("kind")
    return declaration.type == "lexical_declaration" and kind is not None and kind.type == "const"


def member_chain(node: Node) -> tuple[Node, list[str], list[Node]]:
    """A member chain `a.b?.c['d']!.e` → (root node, ["b", "c", "d", "e"], computed parts to visit).

    A computed index (`a[k].b`) ends the chain seen from the root: the properties after it are dropped.
    """
    props: list[str] = []
    extras: list[Node] = []
    while True:
        kind = node.type
        if kind == "member_expression":
            prop = node.child_by_field_name("property")
            target = node.child_by_field_name("object")
            if prop is None or target is None:
                break
            props.append(node_text(prop))
            node = target
        elif kind == "subscript_expression":
            index = node.child_by_field_name("index")
            target = node.child_by_field_name("object")
            if target is None:
                break
            value = G.string_value(index) if index is not None else None
            if value is None:
                if index is not None:
                    extras.append(index)
                props.clear()
            else:
                props.append(value)
            node = target
        elif kind in ("non_null_expression", "parenthesized_expression"):
            inner = first_expression(node)
            if inner is None:
                break
            node = inner
        else:
            break
    props.reverse()
    return node, props, extras


_TRANSPARENT = (
    "parenthesized_expression",
    "non_null_expression",
    "as_expression",
    "satisfies_expression",
    "await_expression",
)


def has_parameters(function: Node) -> bool:
    if function.child_by_field_name("parameter") is not None:  # `r => …`
        return True
    parameters = function.child_by_field_name("parameters")
    return parameters is not None and len(parameters.named_children) > 0


def result_use(call: Node) -> str:
    """What is done with a call's value (a message send's reply): "read" (awaited into a value, `.then(r => …)`,
    assigned, passed, tested), "returned" (the enclosing function returns it: its callers decide), or "ignored" (an
    expression statement, `void`, `await send();`, a `.then(() => …)` or `.catch()`/`.finally()` whose result is
    itself ignored)."""
    current = call
    for _ in range(32):
        parent = current.parent
        while parent is not None and parent.type in _TRANSPARENT:
            current, parent = parent, parent.parent
        if parent is None:
            return "ignored"
        kind = parent.type
        if kind == "expression_statement":
            return "ignored"
        if kind == "unary_expression":
            operator = parent.child_by_field_name("operator")
            return "ignored" if operator is not None and operator.type == "void" else "read"
        if kind == "return_statement" or (kind == "arrow_function" and parent.child_by_field_name("body") == current):
            return "returned"
        if kind == "member_expression" and parent.child_by_field_name("object") == current:
            prop = parent.child_by_field_name("property")
            chained = parent.parent
            if prop is None or chained is None or chained.type != "call_expression":
                return "read"  # `send().x`: a property of the reply (or of the Promise) is read
            if prop.text in (b"catch", b"finally"):
                current = chained
                continue
            if prop.text == b"then":
                arguments = call_arguments(chained)
                first = unwrap(arguments[0]) if arguments else None
                if first is not None and first.type in FUNCTION_NODES and not has_parameters(first):
                    current = chained  # `.then(() => done())`: the reply is not read; the chain's own value may be
                    continue
                return "read" if first is not None else "ignored"
            return "read"
        return "read"
    return "read"


_CONDITIONS = ("if_statement", "while_statement", "do_statement", "ternary_expression")
_SHORT_CIRCUIT = (b"&&", b"||", b"??")


def _chain_prefixes(text: str) -> list[str]:
    """`chrome.runtime.lastError` → [`chrome.runtime.lastError`, `chrome.runtime`] (the root alone tests nothing)."""
    parts = text.split(".")
    return [".".join(parts[:end]) for end in range(len(parts), 1, -1)]


def tested_first(node: Node, parent_of: Callable[[Node], Node | None] = lambda n: n.parent) -> bool:
    """Whether the code tests for this member (or the namespace it is on) before relying on it, in the same function:
    the node sits in a condition, or under an `if`/`?:`/`&&`/`||`/`??` whose test names it or its namespace
    (`if (chrome.runtime.lastError) reject(chrome.runtime.lastError)`, `browser.menus && browser.menus.create(…)`,
    `typeof chrome.action`). Reading a missing property then gives `undefined`, and the code copes."""
    wanted: list[re.Pattern[str]] | None = None  # made at the first test met: most uses are under none
    current = node
    while (parent := parent_of(current)) is not None:
        if parent.type in FUNCTION_NODES:
            return False
        test = None
        if parent.type in _CONDITIONS:
            test = parent.child_by_field_name("condition")
        elif parent.type == "binary_expression":
            operator = parent.child_by_field_name("operator")
            if operator is not None and operator.text in _SHORT_CIRCUIT:
                test = parent.child_by_field_name("left")
        elif parent.type == "unary_expression":
            operator = parent.child_by_field_name("operator")
            if operator is not None and operator.text == b"typeof":
                return True
        if test is not None:
            if wanted is None:
                wanted = chain_patterns(node)
            if tests_chain(test, wanted):
                return True
        current = parent
    return False


_DOTS = re.compile(r"\s*\??\.\s*")


def chain_prefixes(node: Node) -> list[str]:
    """`chrome.storage.session.set(…)` → ["chrome.storage.session.set", "chrome.storage.session", "chrome.storage"]
    (spaces and `?.` normalised; the root alone names nothing)."""
    text = _DOTS.sub(".", node_text(node, "replace").split("(", 1)[0]).strip()
    return _chain_prefixes(text) if "\n" not in text and " " not in text else []


def chain_patterns(node: Node) -> list[re.Pattern[str]]:
    """Patterns finding the member chain `node` reads (or its namespace) written in another expression."""
    text = "".join(node_text(node, "replace").split("(", 1)[0].split())
    return [re.compile(rf"(?<![\w$.]){re.escape(prefix)}(?![\w$])") for prefix in _chain_prefixes(text)]


def tests_chain(test: Node, wanted: list[re.Pattern[str]]) -> bool:
    """Does the expression `test` name the chain (chain_patterns)?"""
    # `chrome . runtime`, `chrome.action?.setIcon` name the chain too; `typeof chrome.x` keeps its space
    written = _DOTS.sub(".", node_text(test, "replace"))
    return any(pattern.search(written) for pattern in wanted)


_TESTS = frozenset({b"===", b"!==", b"==", b"!=", b"&&", b"||", b"??", b"in"})


def only_tested(node: Node) -> bool:
    """Is the value read here only tested, never used: `!!chrome.action`, `Boolean(browser.sidePanel)`,
    `chrome.action !== undefined`, `if (chrome.sidePanel)`? Reading a property a browser lacks gives `undefined`,
    which is what such a test is for: the read is the feature detection itself."""
    current = node
    while current.parent is not None and current.parent.type in WRAPPER_NODES:
        current = current.parent
    parent = current.parent
    if parent is None:
        return False
    if parent.type == "unary_expression":
        operator = parent.child_by_field_name("operator")
        return operator is not None and operator.text in (b"!", b"typeof")
    if parent.type == "binary_expression":
        operator = parent.child_by_field_name("operator")
        return operator is not None and operator.text in _TESTS
    if parent.type in _CONDITIONS:
        return parent.child_by_field_name("condition") == current
    if parent.type == "arguments" and parent.parent is not None:
        callee = parent.parent.child_by_field_name("function")
        return callee is not None and callee.text == b"Boolean"
    return False


def is_value_branch(parent: Node, child: Node) -> bool:
    """Is `child` a value `parent` may evaluate to: a branch of `c ? a : b` (not its condition)? A promise chosen by
    a condition is the whole expression's value, so what handles the expression handles it."""
    return parent.type == "ternary_expression" and parent.child_by_field_name("condition") != child


def has_chained_catch(call: Node) -> bool:
    """`send().catch(…)`, `send().then(ok, onRejected)`, `send().then(…).finally(…).catch(…)`, also when the call is
    a branch of a conditional expression (`(c ? send() : other()).catch(…)`)."""
    current = call
    for _ in range(16):
        parent = current.parent
        while parent is not None and (
            parent.type in ("parenthesized_expression", "non_null_expression") or is_value_branch(parent, current)
        ):
            current, parent = parent, parent.parent
        if parent is None or parent.type != "member_expression" or parent.child_by_field_name("object") != current:
            return False
        prop = parent.child_by_field_name("property")
        grandparent = parent.parent
        if prop is None or grandparent is None or grandparent.type != "call_expression":
            return False
        if grandparent.child_by_field_name("function") != parent:
            return False
        name = prop.text
        if name == b"catch":
            return True
        if name == b"then":
            if len(call_arguments(grandparent)) >= 2:
                return True
        elif name != b"finally":
            return False
        current = grandparent
    return False


def property_name(node: Node) -> str:
    if node.type == "string":
        return G.string_value(node) or ""
    return node_text(node, "replace")


def static_key(node: Node | None) -> str | None:
    if node is None:
        return None
    if node.type in ("property_identifier", "identifier", "private_property_identifier"):
        return node_text(node)
    if node.type == "string":
        return G.string_value(node)
    if node.type == "number":
        number = G.parse_number(node_text(node))
        return None if number is None else str(number)
    return None


def declared_names(declaration: Node) -> list[str | None]:
    kind = declaration.type
    if kind in ("function_declaration", "generator_function_declaration", "class_declaration",
                "abstract_class_declaration", "enum_declaration"):  # fmt: skip
        name = declaration.child_by_field_name("name")
        return [node_text(name) if name is not None else None]
    if kind in ("lexical_declaration", "variable_declaration"):
        names: list[str | None] = []
        for declarator in declaration.named_children:
            if declarator.type == "variable_declarator":
                name = declarator.child_by_field_name("name")
                if name is not None and name.type == "identifier":
                    names.append(node_text(name))
        return names
    return []


def used_as_promise(call: Node) -> bool:
    """Is the call's value used as a Promise, with no callback given, so that `undefined` in its place breaks the
    code: awaited into a value that is read (`const x = await f()`; a bare `await f();` is not), or chained
    (`f().then(…)`, `.catch(…)`, `.finally(…)`: a TypeError on `undefined`)?"""
    if call.type != "call_expression" or any(unwrap(a).type in FUNCTION_NODES for a in call_arguments(call)):
        return False
    current = call
    parent = current.parent
    while parent is not None and parent.type in ("parenthesized_expression", "non_null_expression", "as_expression"):
        current, parent = parent, parent.parent
    if parent is None:
        return False
    if parent.type == "await_expression":
        return result_use(call) == "read"
    if parent.type == "member_expression" and parent.child_by_field_name("object") == current:
        prop = parent.child_by_field_name("property")
        chained = parent.parent
        return (
            prop is not None
            and prop.text in (b"then", b"catch", b"finally")
            and chained is not None
            and chained.type == "call_expression"
        )
    return False
