"""The project-wide phase of the extraction: over every file read, which functions are send helpers and listener
helpers (to a fixed point), then each file's complete facts, with its call sites turned into message sends and
handlers (types dispatched on, validators, how the handler answers)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from toolchain.analysis import guards as G
from toolchain.analysis.api_tables import JUDGE_NAME, MESSAGE_EVENT, VALIDATOR_NAME
from toolchain.analysis.call_strings import call_strings
from toolchain.analysis.callers import constant_arguments
from toolchain.analysis.facts import Call, Channel, FileFacts, LoadTimeWork, LoadWorkKind, MessageHandler, MessageSend
from toolchain.analysis.nodes import node_text
from toolchain.analysis.rejections import rejection_handled, runs_after_injection
from toolchain.analysis.scopes import ArgumentInfo, CallSite, ProjectFunction, WalkedModule
from toolchain.analysis.syntax import static_key, unwrap
from toolchain.analysis.tab_origins import UNKNOWN, TabOrigins, Value, describe
from toolchain.analysis.tab_reads import tab_reads

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.resolving import ModuleResolver

_T = TypeVar("_T")  # what a parameter table holds per parameter
#: what `ProjectAnalysis.exported_constant` gives for a name that is no constant (None is the constant `null`)
NO_CONSTANT = object()


def reply_read(site: CallSite, forwarded: bool) -> bool:
    """Whether a send's reply is read: its value used; a forwarding send's returned value is its callers' to read
    (each call of the helper is a send of its own)."""
    return site.result_use == "read" or (site.result_use == "returned" and not forwarded)


class ProjectAnalysis:
    """Helpers to a fixed point over every file read, then each file's complete facts."""

    def __init__(self, resolver: ModuleResolver) -> None:
        self.resolver = resolver
        self.modules = [m for m in resolver.modules.values() if m is not None]
        self.fns = [fn for module in self.modules for fn in module.fns]
        self.globals: dict[int, dict[str, ProjectFunction]] = {}
        for module in self.modules:
            if module.kind == "script":
                table = self.globals.setdefault(resolver.group(module.path), {})
                for name, fn in module.named.items():
                    if "." not in name:
                        table.setdefault(name, fn)
        #: top-level constants of the classic scripts that share globals, per group (`[WebRequest.BLOCKING]` in one
        #: background script, `const WebRequest = {…}` in another: call_strings reads the value)
        self.global_constants: dict[int, dict[str, object]] = {}
        for module in self.modules:
            if module.kind == "script":
                for group in resolver.groups(module.path):  # a script two pages load is a global of both
                    table_of = self.global_constants.setdefault(group, {})
                    for constant in module.base.constants:
                        table_of.setdefault(constant.name, constant.value)
                for name, value in _script_variables(module).items():  # `var WebRequest = {…}` (older scripts)
                    table_of.setdefault(name, value)
        self.senders = self._senders()
        self.listeners = self._listeners()
        self.tab_origins = TabOrigins(self.modules, self.resolve, self.listeners)
        #: send helpers whose tab id is their own parameter (`sendToTab(tabId, m)`): the index
        self.tab_params: dict[ProjectFunction, int] = {}
        for module in self.modules:
            for site, _message, _channel in module.send_sites:
                if site.tab_origin is not None and not site.tab_origin[1] and site.fn is site.tab_origin[0][0]:
                    self.tab_params.setdefault(site.tab_origin[0][0], site.tab_origin[0][1])
        self._facts: dict[Path, FileFacts] = {}

    def resolve(self, ref: Any, module: WalkedModule | None = None) -> ProjectFunction | None:
        if ref is None:
            return None
        tag = ref[0]
        if tag == "fn":
            return ref[1]
        if tag == "import":
            found = self.resolver.export(ref[1], ref[2])
            return found[2] if found is not None else None
        if tag == "global" and module is not None:
            fn = self.globals.get(self.resolver.group(module.path), {}).get(ref[1])
            return fn
        return None

    def _senders(self) -> dict[ProjectFunction, dict[int, tuple[Channel, str]]]:
        senders: dict[ProjectFunction, dict[int, tuple[Channel, str]]] = {
            fn: dict(fn.sends_param) for fn in self.fns if fn.sends_param
        }
        while self._pass_parameters_on(senders):
            pass
        return senders

    def _pass_parameters_on(self, table: dict[ProjectFunction, dict[int, _T]]) -> bool:
        """One pass: a function whose parameter it hands to a parameter `table` knows about gets that entry for
        its own parameter (a helper wrapping a helper). Whether anything was added."""
        changed = False
        for fn in self.fns:
            for index, uses in fn.param_uses.items():
                if index in table.get(fn, {}):
                    continue
                for ref, _, position in uses:
                    target = self.resolve(ref, fn.module)
                    entry = table.get(target, {}).get(position) if target is not None else None
                    if entry is not None:
                        table.setdefault(fn, {})[index] = entry
                        changed = True
                        break
        return changed

    def _listeners(self) -> dict[ProjectFunction, dict[int, tuple[str, tuple[ProjectFunction, ...]]]]:
        listeners: dict[ProjectFunction, dict[int, tuple[str, tuple[ProjectFunction, ...]]]] = {
            fn: dict(fn.listens_param) for fn in self.fns if fn.listens_param
        }
        sites = [site for module in self.modules for site in module.call_sites]
        changed = True
        while changed:
            changed = self._pass_parameters_on(listeners)  # a parameter passed on to a listener helper
            for site in sites:  # an inline wrapper calling a parameter, given to a listener helper
                target = self.resolve(site.ref, site.fn.module if site.fn else None)
                helper = listeners.get(target) if target is not None else None
                if not helper:
                    continue
                for position, (event, wrappers) in helper.items():
                    if position >= len(site.args):
                        continue
                    arg = site.args[position]
                    if not arg.inline or arg.ref is None:
                        continue
                    wrapper = arg.ref[1]
                    for owner, index in wrapper.outer_param_calls:
                        if index not in listeners.get(owner, {}):
                            listeners.setdefault(owner, {})[index] = (event, wrappers + (wrapper,))
                            changed = True
        return listeners

    # -- handler properties ----------------------------------------------------------------------------------------
    def types(self, fn: ProjectFunction, index: int = 0, validators: bool = False) -> frozenset[str]:
        """The message types a handler dispatches on (`validators=False`), or the ones its validators accept
        (`validators=True`): literals tested in predicate functions (`value is T`, `: boolean`) — a generated
        validator tests every declared type, which says nothing about which ones the handler acts on."""
        found: set[str] = set()
        seen: set[tuple[int, int, bool]] = set()
        stack = [(fn, index, False)]
        while stack:
            current, position, inside = stack.pop()
            key = (id(current), position, inside)
            if key in seen:
                continue
            seen.add(key)
            if inside == validators:
                found |= current.type_literals.get(position, set())
            for ref, _, argument in current.param_uses.get(position, ()):
                target = self.resolve(ref, current.module)
                if target is not None:
                    judge = target.predicate or bool(target.name and JUDGE_NAME.match(target.name.rsplit(".", 1)[-1]))
                    stack.append((target, argument, inside or judge))
        return frozenset(found)

    def validates(self, fn: ProjectFunction, index: int = 0, seen: set[tuple[int, int]] | None = None) -> str | None:
        seen = seen if seen is not None else set()
        if (id(fn), index) in seen:
            return None
        seen.add((id(fn), index))
        for ref, name, position in fn.param_uses.get(index, ()):
            target = self.resolve(ref, fn.module)
            last = name.rsplit(".", 1)[-1]
            if (target is not None and target.predicate) or (
                VALIDATOR_NAME.match(last) and not name.startswith(("JSON.", "Number.", "Date."))
            ):
                return target.name if target is not None and target.name else name
            if target is not None:
                found = self.validates(target, position, seen)
                if found is not None:
                    return found
        return None

    def returns_promise(self, fn: ProjectFunction, depth: int = 0) -> bool:
        return fn.is_async or fn.promise_annotation or (depth < 8 and self.answer(fn, depth + 1) == "promise")

    def answer(self, fn: ProjectFunction, depth: int = 0) -> str:
        if fn.is_async:
            # An async listener that returns no value and never calls sendResponse answers nothing: its Promise
            # resolves to undefined, which is what a listener that returns nothing gives the sender anyway.
            if all(returned == "none" for returned in fn.returns) and 2 not in fn.param_calls:
                return "none"
            return "promise"
        kinds: set[str] = set()
        for returned in fn.returns:
            if returned == "none":
                continue
            if returned in ("true", "promise", "other"):
                kinds.add({"true": "true", "promise": "promise", "other": "unknown"}[returned])
                continue
            tag = returned[0]
            if tag == "api":
                kinds.add("unknown" if returned[1] == "chrome" else "promise")
            elif tag == "param" and returned[1] is fn:  # `=> sendResponse(x)` returns undefined
                if returned[2] != 2:
                    kinds.add("unknown")
            elif tag == "param":
                kinds.add("passthrough")
            else:
                target = self.resolve(returned, fn.module)
                kinds.add(
                    "promise" if target is not None and depth < 8 and self.returns_promise(target, depth) else "unknown"
                )
        if "true" in kinds:
            return "return-true"
        if not kinds:
            return "sync-send-response" if 2 in fn.sync_param_calls else "none"
        if kinds == {"promise"}:
            return "promise"
        if kinds == {"passthrough"}:
            return "passthrough"
        return "unknown"

    def handler(
        self, site: CallSite, callback: ArgumentInfo, wrappers: tuple[ProjectFunction, ...], module: WalkedModule
    ) -> MessageHandler:
        target = self.resolve(callback.ref, module)
        answer = "unknown"
        for wrapper in wrappers:
            answer = self.answer(wrapper)
            if answer != "passthrough":
                break
        else:
            answer = self.answer(target) if target is not None else "unknown"
        if answer == "passthrough":
            answer = "unknown"
        return MessageHandler(
            types=self.types(target) if target is not None else frozenset(),
            validated_types=self.types(target, validators=True) if target is not None else frozenset(),
            answer=answer,  # type: ignore[arg-type]  # self.answer's strings, "passthrough" taken out just above
            location=site.location,
            validates=self.validates(target) if target is not None else None,
            guard=G.as_guard(site.guard),
            scope=site.scope,
        )

    def constants_seen(self, module: WalkedModule) -> dict[str, object]:
        """The top-level constants a file sees by name: its own, and for a classic script those of the scripts it
        shares globals with (its own first)."""
        own = {constant.name: constant.value for constant in module.base.constants}
        for local, (path, name) in module.imported_names.items():  # `import { WebRequest } from './constants.js'`
            value = self.exported_constant(path, name)
            if value is not NO_CONSTANT:
                own.setdefault(local, value)
        if module.kind != "script":
            return own
        shared: dict[str, object] = {}
        for group in sorted(self.resolver.groups(module.path)):
            for name, value in self.global_constants.get(group, {}).items():
                shared.setdefault(name, value)
        return {**shared, **own}

    def exported_constant(self, path: Path, name: str) -> object:
        """The value of the top-level constant `path` exports as `name` (through re-exports), or for "*" its
        exported constants by name; NO_CONSTANT when it is no constant."""
        module = self.resolver.modules.get(path)
        if module is None:
            return NO_CONSTANT
        if name == "*":
            table = {}
            for exported in module.base.exports:
                value = self.exported_constant(path, exported)
                if value is not NO_CONSTANT:
                    table[exported] = value
            return table
        found = self.resolver.export(path, name)
        if found is None:
            return NO_CONSTANT
        defining = self.resolver.modules.get(found[0])
        constants = defining.base.constants if defining is not None else []
        return next((c.value for c in constants if c.name == found[1]), NO_CONSTANT)

    # -- a file's facts --------------------------------------------------------------------------------------------
    def facts(self, module: WalkedModule) -> FileFacts:
        cached = self._facts.get(module.path)
        if cached is not None:
            return cached
        base = module.base
        facts = FileFacts(
            path=base.path,
            language=base.language,
            imports=list(base.imports),
            resolved_imports=list(base.resolved_imports),
            api_uses=list(base.api_uses),
            load_time_work=list(base.load_time_work),
            dynamic_code=list(base.dynamic_code),
            constants=list(base.constants),
            calls=list(base.calls),
            exports=dict(base.exports),
            listener_scopes=set(base.listener_scopes),
            parse_errors=list(base.parse_errors),
            parse_error_reasons=list(base.parse_error_reasons),
            suppressions=dict(base.suppressions),
        )
        facts.module_kind = module.kind
        facts.call_strings = call_strings(module.parsed, base.api_uses, self.constants_seen(module))
        facts.tab_reads = tab_reads(module.parsed, base.api_uses)
        facts.dynamic_code += [
            fact
            for function, index, fact in module.code_params
            if not constant_arguments(module, function, index, self.modules)
        ]
        for site, message, channel in module.send_sites:
            forwarded = message is not None and (message.param is not None or message.type_param is not None)
            tab_value: Value = self.tab_origins.of_path(site.tab_origin) if site.tab_origin else ""
            shape = message.shape if message is not None and not forwarded else None
            facts.sends.append(
                MessageSend(
                    channel=channel,
                    message_type=shape[0] if shape else None,
                    payload=shape[1] if shape else None,
                    handles_error=rejection_handled(module, site, self.modules) or runs_after_injection(module, site),
                    location=site.location,
                    via="api",
                    receiver=site.receiver
                    or ("the sender's tab" if site.sender_of in module.message_listeners else "")
                    or describe(tab_value),
                    tab_origin_unknown=tab_value == UNKNOWN,
                    guard=G.as_guard(site.guard),
                    scope=site.scope,
                    forwarded=forwarded,
                    rejection_lost=not site.handles_error and site.rejects_to is None,
                    reply_read=reply_read(site, forwarded),
                    chrome_without_callback=site.callback_style,
                )
            )
        for site, callback in module.handler_sites:
            if callback.param is not None:
                continue
            facts.handlers.append(self.handler(site, callback, (), module))
        seen: set[tuple[int, str, str]] = set()  # one work item per statement, kind and description

        def load_work(kind: LoadWorkKind, site: CallSite) -> None:
            key = (id(site.load_key), kind, site.name)
            if key not in seen:
                seen.add(key)
                facts.load_time_work.append(LoadTimeWork(kind, f"{site.name}()", site.location, G.as_guard(site.guard)))

        for site in module.call_sites:
            target = self.resolve(site.ref, module)
            if target is None:
                if site.load_key is not None:
                    load_work("other", site)
                continue
            helper_name = target.name or site.name
            for position, (channel, role) in sorted(self.senders.get(target, {}).items()):
                if position >= len(site.args):
                    continue
                arg = site.args[position]
                forwarded = arg.param is not None or arg.type_param is not None
                shape = arg.shape if not forwarded else None
                if role == "type":  # `send('X', data)`: the type is known, the payload is not
                    shape = (arg.string, None) if not forwarded else None
                tab_index = self.tab_params.get(target)
                tab_value = (
                    self.tab_origins.of_argument(site.args[tab_index])
                    if tab_index is not None and tab_index < len(site.args)
                    else ""
                )
                facts.sends.append(
                    MessageSend(
                        channel=channel,
                        message_type=shape[0] if shape else None,
                        payload=shape[1] if shape else None,
                        handles_error=rejection_handled(module, site, self.modules),
                        location=site.location,
                        receiver=describe(tab_value),
                        tab_origin_unknown=tab_value == UNKNOWN,
                        via=helper_name,
                        guard=G.as_guard(site.guard),
                        scope=site.scope,
                        forwarded=forwarded,
                        rejection_lost=not site.handles_error and site.rejects_to is None,
                        reply_read=reply_read(site, forwarded),
                    )
                )
            listens = self.listeners.get(target, {})
            for position, (event, wrappers) in sorted(listens.items()):
                if position >= len(site.args):
                    continue
                arg = site.args[position]
                if arg.param is not None or (arg.inline and arg.ref is not None and arg.ref[1].outer_param_calls):
                    continue  # the definition of another helper
                callee = self.resolve(arg.ref, module)
                if callee is not None and callee.name is not None and not arg.inline and callee.module is module:
                    facts.listener_scopes.add(callee.name)
                if event == MESSAGE_EVENT:
                    facts.handlers.append(self.handler(site, arg, wrappers, module))
            if site.load_key is not None:
                if listens:
                    continue
                load_work("message" if self.senders.get(target) else "other", site)
        for scope, name, location in module.global_refs:
            fn = self.globals.get(self.resolver.group(module.path), {}).get(name)
            if fn is not None and fn.module is not module and fn.name is not None:
                facts.calls.append(Call(scope, fn.name, fn.module.path, location))
        key = lambda item: (item.location.line, item.location.column)  # noqa: E731
        facts.api_uses.sort(key=key)
        facts.dynamic_code.sort(key=key)
        facts.sends.sort(key=key)
        facts.handlers.sort(key=key)
        facts.load_time_work.sort(key=key)
        facts.calls.sort(key=key)
        self._facts[module.path] = facts
        return facts


def _script_variables(module: WalkedModule) -> dict[str, object]:
    """The top-level `var`/`let` of a classic script initialised with a literal (strings, numbers, booleans, null,
    objects with static keys, arrays of those): older scripts declare their shared constants so. Only call arguments
    read them (call_strings.py); a name the script assigns to again is left out."""
    found: dict[str, object] = {}
    assigned: Counter[str] | None = None
    for statement in module.parsed.tree.root_node.named_children:
        if statement.type not in ("variable_declaration", "lexical_declaration"):
            continue
        for declarator in statement.named_children:
            name, value = declarator.child_by_field_name("name"), declarator.child_by_field_name("value")
            if name is None or value is None or name.type != "identifier":
                continue
            literal = _literal(value)
            if literal is NO_CONSTANT:
                continue
            if assigned is None:
                assigned = Counter(m.decode() for m in _ASSIGNED.findall(module.parsed.source))
            if assigned[node_text(name)] <= 1:  # its declaration only
                found[node_text(name)] = literal
    return found


#: names written to, as text: `X = …` (the declaration too), `X.k = …`, `X += …` (not `==`, `=>`)
_ASSIGNED = re.compile(
    rb"(?<![\w$.])([A-Za-z_$][\w$]*)(?:\.[\w$]+|\[[^\]]*\])*\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])"
)


def _literal(node: Node, depth: int = 0) -> object:
    """A literal value (JSON-like), or NO_CONSTANT."""
    node = unwrap(node)
    if depth > 16:
        return NO_CONSTANT
    if node.type in ("string", "template_string", "number", "true", "false", "null", "unary_expression"):
        value = G.literal_value(node)
        return NO_CONSTANT if value is G.MISSING else value
    if node.type == "array":
        items = [_literal(child, depth + 1) for child in node.named_children if child.type != "comment"]
        return NO_CONSTANT if any(item is NO_CONSTANT for item in items) else items
    if node.type == "object":
        table: dict[str, object] = {}
        for child in node.named_children:
            if child.type == "comment":
                continue
            key = static_key(child.child_by_field_name("key")) if child.type == "pair" else None
            value_node = child.child_by_field_name("value") if child.type == "pair" else None
            value = _literal(value_node, depth + 1) if value_node is not None else NO_CONSTANT
            if key is None or value is NO_CONSTANT:
                return NO_CONSTANT
            table[key] = value
        return table
    return NO_CONSTANT
