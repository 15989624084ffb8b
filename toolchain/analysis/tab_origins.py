"""Where the tab id a `tabs.sendMessage` is given comes from, across the project's function calls.

XM005 ("Receiving end does not exist") claims the tab may have no content script. Read in one function, a tab id
that is a parameter says nothing: SingleFile's `ri(tabId)` is only ever called as `ri(sender.tab.id, …)` from its
message handler — the content script that asked is there — while DocMind's `askContent(tabId)` is reached from
the popup's `message.tabId`, any tab the popup was opened over. So a parameter is judged at the function's callers,
as far as they are visible:

- a parameter of a function registered as a `runtime.onMessage` listener: the second is the sender, the others
  (the message) carry any value; of a listener of any other event (`tabs.onActivated`, `action.onClicked`…):
  any tab, the event's;
  A function whose second parameter is named `sender` is read as a message handler reached through a dispatch
  table (`handlers[request.handler](request, sender)`), as receivers.py reads it;
- a parameter of a function the project calls (directly, imported, a classic script's global, an immediately
  invoked function): what every call passes there, followed the same way;
- a parameter of an object's or class's method no visible code calls directly: what the calls `x.name(…)` pass,
  when no other project method has that name (otherwise unknown);
- a parameter of a function handed to code outside the project (`tabs.query(…).then((tabs) => …)`, a timer, an
  API's callback): any value, that code's;
- a call made under a test of the extension's own record of that tab (`ready[tab.id] ? open(tab) : …`,
  receivers.tested_per_tab_state) passes a tab the verdict hinges on: unknown;
- a parameter of a function with no visible caller (kept in an object, handed to code the analysis does not
  follow): unknown — the verdict hinges on callers the analysis cannot see, so XM005 says nothing.

Values: `("sender", properties)` — read from the sender (`("tab", "id")` is the sender's tab id); `ARBITRARY` —
any value a caller could pass (a proof for XM005); `UNKNOWN`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from toolchain.analysis.api_tables import MESSAGE_EVENT
from toolchain.analysis.nodes import node_text
from toolchain.analysis.receivers import tested_per_tab_state

if TYPE_CHECKING:  # pragma: no cover
    from toolchain.analysis.scopes import ArgumentInfo, ParamPath, ProjectFunction, WalkedModule

ARBITRARY = "arbitrary"
UNKNOWN = "unknown"
Value = tuple[str, tuple[str, ...]] | str
#: the sender's tab id: a reply to the content script that sent the message
SENDER_TAB_ID: Value = ("sender", ("tab", "id"))


class TabOrigins:
    """The value each function parameter receives from the calls the analysis sees (memoised)."""

    def __init__(
        self,
        modules: Iterable[WalkedModule],
        resolve: Callable[[Any, WalkedModule | None], ProjectFunction | None],
        helper_listeners: dict[ProjectFunction, dict[int, tuple[str, Any]]],
    ) -> None:
        self.calls: dict[ProjectFunction, list[list[ArgumentInfo]]] = {}
        self.events: dict[int, str] = {}
        self.external: set[int] = set()
        self.method_calls: dict[str, list[list[ArgumentInfo]]] = {}
        self.methods: Counter[str] = Counter()
        for module in modules:
            self.events.update(module.listener_events)
            self.external |= module.external_callbacks
            for name, args in module.method_calls:
                self.method_calls.setdefault(name, []).append(args)
            self.methods.update(method for fn in module.fns if (method := method_name(fn)))
            for site in module.call_sites:
                target = resolve(site.ref, module)
                if target is None:
                    continue
                self.calls.setdefault(target, []).append(site.args)
                for position, (event, _wrappers) in helper_listeners.get(target, {}).items():
                    if position < len(site.args):  # `onMessage(handle)`: a listener through the project's helper
                        listener = resolve(site.args[position].ref, module)
                        if listener is not None:
                            self.events.setdefault(listener.node.id, event)
            for fn, args in module.iife_calls:
                self.calls.setdefault(fn, []).append(args)
        self._memo: dict[tuple[int, int], Value] = {}

    def of_param(self, fn: ProjectFunction, index: int) -> Value:
        key = (id(fn), index)
        if key in self._memo:
            return self._memo[key]
        self._memo[key] = UNKNOWN  # a recursive call adds nothing
        values: list[Value] = []
        event = self.events.get(fn.node.id)
        if event is None and fn.params[1:2] == ["sender"]:  # a handler a dispatch table calls with the runtime's
            event = MESSAGE_EVENT  # (message, sender), as receivers.sender_parameter reads it
        if event is not None:
            values.append(("sender", ()) if event == MESSAGE_EVENT and index == 1 else ARBITRARY)
        elif fn.node.id in self.external:  # `.then((tabs) => …)`, `setTimeout(f)`: whatever that code passes
            values.append(ARBITRARY)
        calls = list(self.calls.get(fn, []))
        method = method_name(fn)
        if method and method in self.method_calls:  # `assignManager._setOrRemoveAssignment(tabId, …)`
            if self.methods[method] == 1:
                calls += self.method_calls[method]
            else:  # two project methods share the name: which one a call reaches is not known
                values.append(UNKNOWN)
        for args in calls:
            values.append(self.of_argument(args[index]) if index < len(args) else UNKNOWN)
        result = combine(values)
        self._memo[key] = result
        return result

    def of_path(self, path: ParamPath) -> Value:
        (fn, index), props = path
        base = self.of_param(fn, index)
        if isinstance(base, tuple):
            return base[0], base[1] + props
        return base

    def of_argument(self, argument: ArgumentInfo) -> Value:
        if tested_per_tab_state(argument.node, argument.node):  # `ready[tab.id] ? open(tab) : …` (receivers.py)
            return UNKNOWN
        if argument.origin is not None:
            return self.of_path(argument.origin)
        if argument.param is not None:
            return self.of_path((argument.param, ()))
        return ARBITRARY


def method_name(fn: ProjectFunction) -> str | None:
    """The name a function is called by as a method: `name(…) {}` in a class or object literal, or `name:
    function (…) {}` / `name: (…) => {}` in an object literal (the walk recorded the pair's key)."""
    node = fn.node
    if node.type == "method_definition":
        name = node.child_by_field_name("name")
        return node_text(name, "replace") if name is not None and name.type == "property_identifier" else None
    return fn.module.pair_keys.get(node.id)


def combine(values: list[Value]) -> Value:
    """One caller passing any tab is enough to prove it; all passing the same read of the sender keep it; the
    rest (no visible caller, reads of the sender other than its tab id mixed in) is unknown."""
    if not values:
        return UNKNOWN
    if ARBITRARY in values:
        return ARBITRARY
    first = values[0]
    if isinstance(first, tuple) and all(value == first for value in values):
        return first
    return UNKNOWN


def describe(value: Value) -> str:
    """The receiver fact for a send whose tab id has this value ("" when the receiving end may be absent)."""
    if value == SENDER_TAB_ID:
        return "the sender's tab"
    return ""
