"""Who a `runtime.sendMessage` goes to: the extension itself, or another extension named by its ID.

`runtime.sendMessage(extensionId?, message, options?, callback?)`: with a trailing callback set aside, two or more
arguments whose first is a string are `(extensionId, message, …)` — the browsers read them so. A first argument
whose value is not known but whose name says it is an ID (`extensionId`, `EXTENSION_ID`, `cfg.companionId`),
followed by an object literal, is read the same way. A message to
another extension is that extension's protocol (`runtime.onMessageExternal` there), not this one's: no rule about
the extension's own messages judges it (XM001's "no handler tests for it" was false on
`runtime.sendMessage(OTHER_EXTENSION_ID, { type: 'PING' })`). The extension's own ID (`runtime.id`, by any name
of the API or a `const` holding it) and `null`/`undefined` name the extension itself: the message is its own, and
it is the second argument.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolchain.analysis.syntax import FUNCTION_NODES, unwrap

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.walk_state import WalkerBase

Recipient = Literal["self", "other-extension"]


def runtime_message_index(walker: WalkerBase, args: list[Node]) -> tuple[int, Recipient]:
    """The position of the message among a `runtime.sendMessage` call's arguments, and who receives it."""
    values = list(args)
    while values and unwrap(values[-1]).type in FUNCTION_NODES:  # the response callback
        values.pop()
    if len(values) < 2:
        return 0, "self"
    first = unwrap(values[0])
    if first.type in ("null", "undefined") or (first.type == "identifier" and first.text == b"undefined"):
        return 1, "self"
    api = walker.api_of(first)
    if api is not None:
        return (1, "self") if api.path == ("runtime", "id") else (0, "self")
    if walker.string_of(first) is not None or walker.json_type(first) == "string":
        return 1, "other-extension"
    if _id_like(first) and unwrap(values[1]).type == "object":  # `sendMessage(extensionId, { type: … })`
        return 1, "other-extension"
    return 0, "self"  # not settled: the first argument is read as the message (its type is then unknown)


def _id_like(node: Node) -> bool:
    """A name that says it holds an ID: `extensionId`, `EXTENSION_ID`, `config.companionId`."""
    if node.type == "member_expression":
        node = node.child_by_field_name("property") or node
    if node.type not in ("identifier", "property_identifier"):
        return False
    name = node.text or b""
    return name.lower() == b"id" or name.endswith((b"Id", b"_ID", b"_id", b"ID"))
