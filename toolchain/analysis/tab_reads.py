"""Reads of the Tab fields a permission reveals: `url`, `title`, `favIconUrl`, `pendingUrl`.

A Tab's `url`, `title`, `favIconUrl` and `pendingUrl` are filled in only with the `tabs` permission or host access
to the tab's page (`activeTab` after a user gesture); without either they are `undefined`, silently. This pass, over
the syntax tree the walker read and the API uses it resolved (as call_strings.py does), finds Tab values and the
reads of those fields on them:

- a listener's Tab parameter: `tabs.onUpdated` (its `changeInfo` too, which carries the same fields), `tabs.onCreated`,
  `action`/`browserAction`/`pageAction.onClicked`, `contextMenus`/`menus.onClicked`, `commands.onCommand`;
- the result of `tabs.get`/`getCurrent`/`create`/`update`/`duplicate` (one Tab) and `tabs.query` (a list), whether
  awaited into a variable (`const [tab] = await …`), passed to `.then(…)` or to a callback argument; over a list,
  `tabs[i].url`, `for (const tab of tabs)`, `tabs.map((t) => t.url)` and the other array callbacks.

Only names are followed (no aliasing through objects or other functions): what is found is certainly a read of a
Tab's field; what is missed counts as no read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from toolchain.analysis.facts import ApiUse, TabRead
from toolchain.analysis.nodes import node_source, node_text
from toolchain.analysis.syntax import call_arguments, descendants, member_chain, unwrap

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.parse import ParsedFile

TAB_FIELDS = frozenset({"url", "title", "favIconUrl", "pendingUrl"})
#: events → the indexes of their listeners' parameters that are Tabs (or carry Tab fields)
TAB_PARAMETERS: dict[str, tuple[int, ...]] = {
    "tabs.onUpdated": (1, 2),
    "tabs.onCreated": (0,),
    "action.onClicked": (0,),
    "browserAction.onClicked": (0,),
    "pageAction.onClicked": (0,),
    "contextMenus.onClicked": (1,),
    "menus.onClicked": (1,),
    "commands.onCommand": (1,),
}
#: calls whose result is one Tab or a list of Tabs
TAB_RESULTS: dict[str, str] = {
    "tabs.get": "one",
    "tabs.getCurrent": "one",
    "tabs.create": "one",
    "tabs.update": "one",
    "tabs.duplicate": "one",
    "tabs.query": "list",
}
FUNCTIONS = frozenset({"arrow_function", "function_expression", "function", "function_declaration"})
ARRAY_CALLBACKS = frozenset({"forEach", "map", "filter", "find", "findLast", "some", "every", "flatMap"})


def tab_reads(parsed: ParsedFile, api_uses: Iterable[ApiUse]) -> list[TabRead]:
    by_place = {(u.location.line, u.location.column): u for u in api_uses if u.kind in ("call", "event")}
    found: dict[tuple[int, int], TabRead] = {}
    for call in parsed.nodes("call_expression"):
        callee = call.child_by_field_name("function")
        if callee is None:
            continue
        location = parsed.location(callee)
        use = by_place.get((location.line, location.column))
        if use is None:
            continue
        _root, props, _ = member_chain(unwrap(callee))
        if use.api in TAB_PARAMETERS and props[-1:] == ["addListener"]:
            listener = _function_of(call_arguments(call)[0], call) if call_arguments(call) else None
            if listener is not None:
                for index in TAB_PARAMETERS[use.api]:
                    for node in _reads_of_parameter(listener, index, "one"):
                        found.setdefault(_place(parsed, node), _read(parsed, node, use))
        elif use.api in TAB_RESULTS and props[-1:] != ["addListener"]:
            for node in _reads_of_result(call, TAB_RESULTS[use.api]):
                found.setdefault(_place(parsed, node), _read(parsed, node, use))
    return [found[key] for key in sorted(found)]


def _read(parsed: ParsedFile, node: Node, use: ApiUse) -> TabRead:
    """`tab.url` (a member), `{ url }` or `{ url: address }` (a destructured field)."""
    field = node.child_by_field_name("property") or node.child_by_field_name("key") or node
    return TabRead(node_text(field), use.api, parsed.location(node), use.scope)


def _place(parsed: ParsedFile, node: Node) -> tuple[int, int]:
    location = parsed.location(node)
    return location.line, location.column


def _function_of(node: Node, near: Node) -> Node | None:
    """The function an argument is: inline, or a function declared by that name in the file."""
    node = unwrap(node)
    if node.type in FUNCTIONS:
        return node
    if node.type != "identifier":
        return None
    program = near
    while program.parent is not None:
        program = program.parent
    for child in program.named_children:
        name = child.child_by_field_name("name") if child.type == "function_declaration" else None
        if name is not None and name.text == node.text:
            return child
    return None


def _parameters(function: Node) -> list[Node]:
    single = function.child_by_field_name("parameter")
    if single is not None:
        return [single]
    container = function.child_by_field_name("parameters")
    found = [c for c in container.named_children if c.type != "comment"] if container is not None else []
    return [
        c.child_by_field_name("pattern") or c if c.type in ("required_parameter", "optional_parameter") else c
        for c in found
    ]


def _reads_of_parameter(function: Node, index: int, shape: str) -> Iterator[Node]:
    parameters = _parameters(function)
    if index >= len(parameters):
        return
    body = function.child_by_field_name("body")
    if body is not None:
        yield from _reads_of_pattern(parameters[index], body, shape)


def _reads_of_pattern(pattern: Node, scope: Node, shape: str) -> Iterator[Node]:
    """Reads of Tab fields through what a pattern binds: a name (a Tab, or a list of Tabs), `[tab]`, `{url}`."""
    pattern = unwrap(pattern)
    if pattern.type == "assignment_pattern":
        pattern = pattern.child_by_field_name("left") or pattern
    if pattern.type == "identifier":
        name = node_source(pattern)
        yield from (_reads_of_tab(name, scope) if shape == "one" else _reads_of_list(name, scope))
    elif pattern.type == "array_pattern" and shape == "list" and pattern.named_children:
        yield from _reads_of_pattern(pattern.named_children[0], scope, "one")
    elif pattern.type == "object_pattern" and shape == "one":
        for child in pattern.named_children:
            key = child.child_by_field_name("key") if child.type == "pair_pattern" else child
            if key is not None and node_text(key) in TAB_FIELDS:
                yield child  # a destructured field: the pattern is where it is read


def _reads_of_tab(name: bytes, scope: Node) -> Iterator[Node]:
    for identifier in (n for n in descendants(scope, "identifier") if n.text == name):
        parent = identifier.parent
        if parent is None or parent.type != "member_expression" or parent.child_by_field_name("object") != identifier:
            continue
        field = parent.child_by_field_name("property")
        if field is not None and node_text(field) in TAB_FIELDS and not _assigned(parent):
            yield parent


def _assigned(member: Node) -> bool:
    parent = member.parent
    return (
        parent is not None and parent.type == "assignment_expression" and parent.child_by_field_name("left") == member
    )


def _reads_of_list(name: bytes, scope: Node) -> Iterator[Node]:
    for identifier in (n for n in descendants(scope, "identifier") if n.text == name):
        parent = identifier.parent
        if parent is None:
            continue
        if parent.type == "subscript_expression" and parent.child_by_field_name("object") == identifier:
            outer = parent.parent  # tabs[0].url
            if (
                outer is not None
                and outer.type == "member_expression"
                and outer.child_by_field_name("object") == parent
            ):
                field = outer.child_by_field_name("property")
                if field is not None and node_text(field) in TAB_FIELDS:
                    yield outer
        elif parent.type == "for_in_statement" and parent.child_by_field_name("right") == identifier:
            left, body = parent.child_by_field_name("left"), parent.child_by_field_name("body")
            if left is not None and body is not None:  # for (const tab of tabs)
                yield from _reads_of_pattern(left, body, "one")
        elif parent.type == "member_expression" and parent.child_by_field_name("object") == identifier:
            method = parent.child_by_field_name("property")
            call = parent.parent
            if (
                method is not None
                and node_text(method) in ARRAY_CALLBACKS
                and call is not None
                and call.type == "call_expression"
                and call_arguments(call)
            ):
                callback = _function_of(call_arguments(call)[0], call)
                if callback is not None:
                    yield from _reads_of_parameter(callback, 0, "one")
        elif parent.type == "variable_declarator" and parent.child_by_field_name("value") == identifier:
            target, enclosing = parent.child_by_field_name("name"), _enclosing_scope(parent)
            if target is not None and target.type == "array_pattern":  # const [tab] = tabs
                yield from _reads_of_pattern(target, enclosing, "list")


def _enclosing_scope(node: Node) -> Node:
    current = node
    while current.parent is not None and current.type not in FUNCTIONS:
        current = current.parent
    return current.child_by_field_name("body") or current if current.type in FUNCTIONS else current


def _reads_of_result(call: Node, shape: str) -> Iterator[Node]:
    """Where a call's Tab (or list of Tabs) goes: a callback argument, `.then(f)`, or `await` into a variable."""
    arguments = call_arguments(call)
    if arguments:
        callback = _function_of(arguments[-1], call) if unwrap(arguments[-1]).type in FUNCTIONS else None
        if callback is not None:
            yield from _reads_of_parameter(callback, 0, shape)
    value = call
    while value.parent is not None and value.parent.type in ("parenthesized_expression", "await_expression"):
        value = value.parent
    parent = value.parent
    if parent is None:
        return
    if parent.type == "variable_declarator" and parent.child_by_field_name("value") == value:
        target = parent.child_by_field_name("name")
        if target is not None:
            yield from _reads_of_pattern(target, _enclosing_scope(parent), shape)
    elif parent.type == "member_expression" and parent.child_by_field_name("object") == value:
        method = parent.child_by_field_name("property")
        then = parent.parent
        if method is not None and method.text == b"then" and then is not None and then.type == "call_expression":
            handlers = call_arguments(then)
            handler = _function_of(handlers[0], then) if handlers else None
            if handler is not None:
                yield from _reads_of_parameter(handler, 0, shape)
