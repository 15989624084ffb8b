"""Receivers as facts: when a `tabs.sendMessage` is known to reach a listening content script, or its rejection is
known to be handled, from the syntax around the send.

"Receiving end does not exist" (XM005) is a claim about the tab at the time of the send. It is false when:

- **the tab is the sender's** — inside a `runtime.onMessage` listener, `sender.tab.id` (with `sender.frameId`) is
  the content script that just messaged, there to receive (`sender_parameter`: the tab id's root is the listener's
  second parameter; the walker checks the function is registered as a message listener). A port's
  `port.sender.tab.id` is the connected content script, alike;
- **the send is ordered after the receiver is listening** — after a content script was injected into the tab
  (`await scripting.executeScript(…)` earlier in the same function, `Promise.all([executeScript(…)]).then(f)`),
  or once the tab finished loading (`tabs.onUpdated` with a test of `status` against `'complete'`, the content
  scripts declared for the page having run by then);
- **the tab just answered** — an earlier send to the same tab in the same function dealt with its own failure
  and read the reply (Vimium probes every frame with `getFocusStatus`, drops the frames that failed, then sends
  `focusFrame` to one that answered): the receiver was there a moment ago, and the code acted on whether it was;
- **the extension's own record of the tab is tested first** — `ready[tab.id] && send(tab.id)`, `if (ports.has(
  tabId))`, SingleFile's `(await tabsData(tab.id))[tab.id].savedPageDetected ? openEditor(tab) : …`: state kept
  per tab, usually written when the tab's content script reported in. Not a proof the receiver is there, but
  the verdict hinges on it, so it is not an error (`tested_per_tab_state`);
- **the rejection is handled later, through a variable** — `let p = tabs.sendMessage(…); p = withTimeout(p)
  .catch(…)`: a later use of the variable reaches a `.catch()`, a rejection handler, or an `await` inside `try`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING

from toolchain.analysis.nodes import node_text
from toolchain.analysis.runtime_guards import enclosing_conditions
from toolchain.analysis.syntax import (
    WRAPPER_NODES,
    call_arguments,
    descendants,
    enclosing_function,
    has_chained_catch,
    is_value_branch,
    member_chain,
    result_use,
    unwrap,
)

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

#: calls that gather promises, whose `.then(f)` runs f after every one of them settled
_GATHERING = frozenset({"Promise.all", "Promise.allSettled", "Promise.race", "Promise.any"})
#: how many calls before a send are looked at for an earlier send to the same tab
MAX_PROBES = 256
#: how many later uses of a variable holding a send's promise are followed, and how far up from each
MAX_USES = 32
MAX_CLIMB = 12


def _parameters(function: Node) -> list[Node]:
    params = function.child_by_field_name("parameters") or function.child_by_field_name("parameter")
    if params is None:
        return []
    if params.type == "identifier":  # `sender => …`
        return [params]
    found = []
    for child in params.named_children:
        if child.type in ("required_parameter", "optional_parameter"):
            child = child.child_by_field_name("pattern") or child
        found.append(child)
    return found


def _second_parameter_of(name: str, node: Node) -> Node | None:
    """The enclosing function that declares `name` as its second parameter (None: not a parameter, or another
    position, which is not where the runtime puts the sender)."""
    function = enclosing_function(node)
    while function is not None:
        params = _parameters(function)
        if any(p.type == "identifier" and node_text(p, "replace") == name for p in params):
            second = params[1] if len(params) > 1 else None
            if second is not None and second.type == "identifier" and node_text(second, "replace") == name:
                return function
            return None
        function = enclosing_function(function)
    return None


def sender_parameter(tab_id: Node, init: Node | None, arguments: list[Node]) -> tuple[Node, str] | None:
    """Where the send goes back to the tab that messaged: (the function whose second parameter is the sender, how
    it is known). "listener": the tab id is `X.tab.id` (directly, or through a variable whose initialiser is `init`)
    with X that function's second parameter — the sender if that function is a message listener, which the caller
    checks. "sender": the parameter is named `sender` (the runtime's MessageSender, handed on by a dispatch table
    the walk does not follow: `handlers[request.handler](request, sender)`), and the send goes to its tab or frame
    (`sender.tab.id`, or `sender.frameId` among the arguments). "port": a port's `….sender.tab.id`."""
    expression = unwrap(tab_id)
    if expression.type == "identifier" and init is not None:
        expression = unwrap(init)
    root, props, _ = member_chain(expression)
    if props[-2:] == ["tab", "id"] and root.type == "identifier":
        if props[:-2] and props[-3] == "sender":  # `port.sender.tab.id`, `event.sender.tab.id`
            function = enclosing_function(tab_id)
            return (function, "port") if function is not None else None
        if props == ["tab", "id"]:
            name = node_text(root, "replace")
            function = _second_parameter_of(name, tab_id)
            if function is not None:
                return function, "sender" if name == "sender" else "listener"
    for argument in arguments[1:]:  # the message or the options name the sender's frame: a reply to it
        for identifier in islice(descendants(argument, "identifier"), 64):
            member = identifier.parent
            prop = member.child_by_field_name("property") if member is not None else None
            if member is None or member.type != "member_expression" or prop is None:
                continue
            if identifier.text == b"sender" and prop.text in (b"frameId", b"tab"):
                function = _second_parameter_of("sender", identifier)
                if function is not None:
                    return function, "sender"
    return None


def after_loading(send: Node, early_exits: dict[int, list[tuple[int, Node]]]) -> bool:
    """Is the send decided by a test of the tab's loading status against 'complete' (`if (change.status !==
    'complete') return;`, `if (tab.status === 'complete') …`)?"""
    for condition, _polarity in islice(enclosing_conditions(send, early_exits), 16):
        text = node_text(condition, "replace")
        if "status" in text and "complete" in text:
            return True
    return False


def gathered_then(call: Node) -> Node | None:
    """`Promise.all([call, …]).then(f)` → the `.then` call (f runs after `call` settled), else None."""
    current = call
    for _ in range(4):
        parent = current.parent
        while parent is not None and parent.type in WRAPPER_NODES | {"array", "await_expression"}:
            current, parent = parent, parent.parent
        if parent is None or parent.type != "arguments" or parent.parent is None:
            return None
        gatherer = parent.parent
        callee = gatherer.child_by_field_name("function")
        if callee is None or node_text(callee, "replace").replace(" ", "") not in _GATHERING:
            return None
        member = gatherer.parent
        call_of = member.parent if member is not None and member.type == "member_expression" else None
        prop = member.child_by_field_name("property") if call_of is not None and member is not None else None
        if call_of is not None and call_of.type == "call_expression" and prop is not None and prop.text == b"then":
            return call_of
        return None
    return None


def _later_uses(function_body: Node, name: str, after: int) -> Iterator[Node]:
    stack = [function_body]
    while stack:
        node = stack.pop()
        if node.end_byte <= after:
            continue
        if node.type == "identifier" and node.start_byte >= after and node.text == name.encode():
            yield node
        stack.extend(reversed(node.children))


def _inside_try(node: Node, stop: Node) -> bool:
    current = node
    while current.parent is not None and current != stop:
        parent = current.parent
        if parent.type == "try_statement" and parent.child_by_field_name("body") == current:
            return parent.child_by_field_name("handler") is not None
        current = parent
    return False


def handled_through_variable(send: Node) -> bool:
    """`let p = tabs.sendMessage(…); p = withTimeout(p).catch(…)`: is the promise kept in a variable whose later
    use reaches a `.catch()` (or a rejection handler), or is awaited inside `try`?"""
    value, holder = send, send.parent
    while holder is not None and (holder.type in WRAPPER_NODES or is_value_branch(holder, value)):
        value, holder = holder, holder.parent  # `const sent = c ? runtime.sendMessage(m) : tabs.sendMessage(t, m)`
    if holder is None:
        return False
    if holder.type == "variable_declarator":
        target = holder.child_by_field_name("name")
    elif holder.type == "assignment_expression":
        target = holder.child_by_field_name("left")
    else:
        return False
    if target is None or target.type != "identifier":
        return False
    function = enclosing_function(send)
    body = function.child_by_field_name("body") if function is not None else None
    if function is None:  # at the top level: the program
        body = send
        while body.parent is not None:
            body = body.parent
    if body is None:
        return False
    for use in islice(_later_uses(body, node_text(target, "replace"), send.end_byte), MAX_USES):
        current = use
        for _ in range(MAX_CLIMB):
            if has_chained_catch(current):
                return True
            parent = current.parent
            if parent is None:
                break
            if parent.type == "await_expression":
                if _inside_try(parent, body):
                    return True
                current = parent
            elif parent.type == "arguments" and parent.parent is not None:
                current = parent.parent  # `withTimeout(p)`, `Promise.race([p, …])`: the rejection flows on
            elif parent.type in WRAPPER_NODES or parent.type in ("array", "spread_element"):
                current = parent
            else:
                break
    return False


def answered_before(send: Node) -> bool:
    """Did an earlier `tabs.sendMessage` to the same tab, in the same function, handle its own rejection and read
    the reply? Then this send goes to a tab that answered, and the code had the answer to act on."""
    arguments = call_arguments(send)
    function = enclosing_function(send)
    if not arguments or function is None:
        return False
    tab = node_text(unwrap(arguments[0]), "replace")
    for call in islice(descendants(function, "call_expression"), MAX_PROBES):
        if call.start_byte >= send.start_byte:
            break
        callee = call.child_by_field_name("function")
        if callee is None or not node_text(callee, "replace").endswith("tabs.sendMessage"):
            continue
        earlier = call_arguments(call)
        if not earlier or node_text(unwrap(earlier[0]), "replace") != tab:
            continue
        if (has_chained_catch(call) or _inside_try(call, function)) and result_use(call) == "read":
            return True
    return False


def _root_name(node: Node) -> bytes | None:
    root = member_chain(unwrap(node))[0]
    return root.text if root.type == "identifier" else None


def tested_per_tab_state(node: Node, tab: Node) -> bool:
    """Is `node` decided by a test of state the extension keeps per tab, keyed by this tab (`tabs[tab.id].ready`,
    `ready.has(tabId)`, `ports.get(tab.id)`)?"""
    name = _root_name(tab)
    if name is None:
        return False
    for condition, _polarity in islice(enclosing_conditions(node, {}), 8):
        for subscript in islice(descendants(condition, "subscript_expression"), 16):
            index = subscript.child_by_field_name("index")
            if index is not None and _root_name(index) == name:
                return True
        for call in islice(descendants(condition, "call_expression"), 16):
            callee = call.child_by_field_name("function")
            prop = callee.child_by_field_name("property") if callee is not None else None
            if prop is None or prop.text not in (b"get", b"has") or callee is None:
                continue
            if (callee.text or b"").startswith((b"browser.", b"chrome.")):  # `tabs.get(id)`: the tab exists, no more
                continue
            arguments = call_arguments(call)
            if arguments and _root_name(arguments[0]) == name:
                return True
    return False
