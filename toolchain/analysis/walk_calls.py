"""The walk, calls: what is called (an API, a project function, a parameter, a global), message sends,
listener registrations, calls of project functions as candidate helper calls, and the arguments they take."""

from __future__ import annotations

import re
from itertools import islice
from typing import TYPE_CHECKING, Any

from toolchain.analysis import guards as G
from toolchain.analysis.api_tables import (
    API_GLOBALS,
    DISCRIMINANT,
    GLOBAL_CALLS,
    MESSAGE_EVENT,
    REGISTRATION_METHODS,
    SEND_APIS,
)
from toolchain.analysis.facts import Call, DynamicCode
from toolchain.analysis.nodes import node_source, node_text
from toolchain.analysis.receivers import (
    after_loading,
    answered_before,
    gathered_then,
    handled_through_variable,
    sender_parameter,
    tested_per_tab_state,
)
from toolchain.analysis.scopes import ArgumentInfo, CallSite, ParamPath, ProjectFunction
from toolchain.analysis.send_recipients import runtime_message_index
from toolchain.analysis.syntax import (
    FUNCTION_NODES,
    WRAPPER_NODES,
    call_arguments,
    descendants,
    enclosing_function,
    has_chained_catch,
    has_parameters,
    member_chain,
    result_use,
    short_text,
    static_key,
    unwrap,
)
from toolchain.analysis.walk_state import WalkerBase

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node


#: a function whose text injects content scripts (a helper awaited before a send: the receiver is then there)
INJECTS = re.compile(rb"\bexecuteScript\s*\(")
MAX_INJECTOR_BYTES = 65_536


class CallWalk(WalkerBase):
    def callee_ref(self, callee: Node) -> tuple[Any, str]:
        """What is called: ("api", ApiRef path, api name, kind) | ("fn", ProjectFunction) | ("import", path, name) |
        ("param", fn, i) | ("global", name) | ("method", …) | ("other", text), and a printable name."""
        bare = unwrap(callee)
        kind = bare.type
        if kind == "identifier":
            name = node_text(bare)
            binding = self.lookup(name)
            if binding is None:
                if name in API_GLOBALS:
                    return ("other", name), name
                return ("global", name), name
            if binding.kind == "fn" and binding.fn is not None:
                return ("fn", binding.fn), name
            if binding.kind == "import" and binding.module is not None:
                return ("import", binding.module, binding.name or name), name
            if binding.kind == "param" and binding.param is not None:
                return ("param",) + binding.param, name
            if binding.kind == "api" and binding.api is not None:
                return ("api", binding.api, []), name
            return ("other", name), name
        return ("other", short_text(bare)), short_text(bare)

    def visit_call(self, node: Node) -> None:
        callee = node.child_by_field_name("function")
        if callee is None:
            self.visit_children(node)
            return
        bare = unwrap(callee)
        args = call_arguments(node)
        if bare.type == "import":
            self.dynamic_import(node, args)
            for arg in args:
                self.visit(arg)
            return
        if bare.type in ("arrow_function", "function_expression", "function"):  # an IIFE runs where it stands
            self.visit_function(bare, iife=True)
            for arg in args:
                self.visit(arg)
            called = self.fn_by_node.get(bare.id)
            if called is not None and args:  # its parameters are these arguments (tab_origins.py)
                self.module.iife_calls.append((called, [self.arg(a) for a in args]))
            return
        ref: Any
        api_name: tuple[str, str] | None = None
        props: list[str] = []
        root_name: str | None = None
        if bare.type in ("member_expression", "subscript_expression"):
            if self.fn is not None:
                self.type_tables(bare)
            root, props, extras = member_chain(bare)
            ref = ("other", short_text(bare))
            name = short_text(bare)
            if root.type == "identifier":
                root_name = node_text(root)
                resolved = self.resolve_root(root_name, props)
                if resolved is not None:
                    api, rest = resolved
                    api_name = self.record_api(api, rest, True, bare)
                    ref = ("api", api, rest)
                else:
                    binding = self.lookup(root_name)
                    if (
                        binding is not None
                        and binding.kind == "namespace"
                        and binding.module is not None
                        and len(props) == 1
                    ):
                        ref = ("import", binding.module, props[0])
                    elif binding is None:
                        ref = ("member-global", root_name, props)
                    self.reference(root, as_root=True)
            elif (
                either := self.api_of(root) if root.type == "binary_expression" else self.bundled_root(root)
            ) is not None:  # `t().storage.local.set(…)`: a webpack getter's value (bundled_modules.py)
                # `(globalThis.browser ?? globalThis.chrome)?.runtime.onMessage.addListener(f)`: a bundler inlines
                # the `const api = …` alias the source had
                api_name = self.record_api(either, props, True, bare)
                ref = ("api", either, props)
            elif root.type == "this" and props == ["eval"] and self.this_is_window(root):
                ref, name = ("member-global", "window", ["eval"]), "this.eval"  # `this` is the window here
            elif root.type == "this" and self.classes and len(props) == 1:
                method = self.classes[-1][1].get(props[0])
                if method is not None:
                    ref = ("fn", method)
            elif root.type in ("arrow_function", "function_expression", "function") and props in (["call"], ["apply"]):
                self.visit_function(root, iife=True)  # `(function () { … }).call(this)`
                ref = ("iife",)
            else:
                self.visit(root)
            for extra in extras:
                self.visit(extra)
            if ref[0] in ("other", "member-global") and props and props[-1].isidentifier():
                # `monitor.start()`: the receiver's class is unknown without types, so the call may reach any
                # project method of that name (Call.callee "*.start"); reachability over-approximates, as it does
                # for functions referenced as values.
                self.facts.calls.append(Call(self.scope, f"*.{props[-1]}", None, self.location(node)))
                self.module.method_calls.append((props[-1], [self.argument_path(a) for a in args]))
        else:
            ref, name = self.callee_ref(bare)
            if ref[0] == "api":
                api_name = self.record_api(ref[1], [], True, bare)
            elif bare.type != "identifier":
                self.visit(bare)
        for arg in args:
            self.visit(arg)
        self.analyse_call(node, ref, name, args, api_name, root_name, props)

    def analyse_call(
        self,
        node: Node,
        ref: Any,
        name: str,
        args: list[Node],
        api_name: tuple[str, str] | None,
        root_name: str | None,
        props: list[str],
    ) -> None:
        tag = ref[0]
        fn = self.fn
        if tag not in ("fn", "import", "global", "param"):
            self.note_external_callbacks(args)
        # message parameters flowing into calls (validators, helpers, type guards)
        for position, arg in enumerate(args):
            param = self.param_of(arg)
            if param is not None:
                owner, index = param
                owner.param_uses.setdefault(index, []).append((ref, name, position))
        if tag == "api":
            self.api_call(node, ref, api_name, args)
            return
        if tag in ("fn", "import", "global"):
            if tag == "global" and (self.module.kind != "script" or name in GLOBAL_CALLS):
                self.global_call(node, name, args)
                return
            self.project_call(node, ref, name, args)
            return
        if tag == "param":
            owner, index = ref[1], ref[2]
            owner.param_calls.add(index)
            if owner is fn:
                owner.sync_param_calls.add(index)
            elif fn is not None and self.is_wrapper_call(node, fn, args):
                fn.outer_param_calls.append((owner, index))
            return
        if tag == "iife":
            return
        if tag == "member-global":
            self.global_member_call(node, ref[1], ref[2], args)
            return
        # any other method call: DOM sinks, listener registrations on objects
        method = props[-1] if props else None
        if method in ("addEventListener", "addListener") and args:
            self.registration(node, f"dom:{G.string_value(args[0]) or '?'}" if method == "addEventListener" else "?",
                              args[1] if method == "addEventListener" and len(args) > 1 else args[0])  # fmt: skip
            return
        self.html_sinks(node, method, args)
        if method not in REGISTRATION_METHODS:
            self.load_work("other", f"{name}()", node)

    def is_wrapper_call(self, node: Node, fn: ProjectFunction, args: list[Node]) -> bool:
        """Does inline function `fn` delegate to the outer parameter it calls here? Yes when it hands on what it
        receives: `(m, s) => handler(m, s)`, `() => listener()`, `(info) => listener({ id: info.menuItemId })`,
        `(m, s, r) => { handler(m).then(r); return true; }`; not for `(m) => { log('got'); … }`."""
        if any((param := self.param_of(arg)) is not None and param[0] is fn for arg in args):
            return True
        parent = node.parent
        while parent is not None and parent.type in WRAPPER_NODES | {"await_expression"}:
            parent = parent.parent
        returned = parent is not None and (parent.type == "return_statement" or parent == fn.node)
        return returned and (not fn.params or any(self.mentions_params(arg, fn) for arg in args))

    def mentions_params(self, node: Node, fn: ProjectFunction) -> bool:
        stack = [node]
        while stack:
            current = stack.pop()
            if current.type in ("identifier", "shorthand_property_identifier"):
                binding = self.lookup(node_text(current))
                if binding is not None and binding.param is not None and binding.param[0] is fn:
                    return True
            elif current.type not in FUNCTION_NODES:
                stack.extend(current.named_children)
        return False

    def api_call(self, node: Node, ref: Any, api_name: tuple[str, str] | None, args: list[Node]) -> None:
        if api_name is None:
            return
        api, kind = api_name
        full = ref[1].path + tuple(ref[2])
        if kind == "call" and api in SEND_APIS:
            index, recipient = (1, "self") if api == "tabs.sendMessage" else runtime_message_index(self, args)
            if recipient == "other-extension":  # another extension's protocol, not this one's (send_recipients.py)
                self.load_work("message", f"{api}()", node)
                return
            message = self.arg(args[index]) if index < len(args) else None
            site = self.site(node, ref, api, [])
            if message is not None and message.param is not None:
                owner, position = message.param
                owner.sends_param.setdefault(position, (SEND_APIS[api], "message"))
            elif message is not None and message.type_param is not None:
                owner, position = message.type_param
                owner.sends_param.setdefault(position, (SEND_APIS[api], "type"))
            callbacks = [unwrap(a) for a in args[index + 1 :] if unwrap(a).type in FUNCTION_NODES]
            if not site.handles_error and any(b"lastError" in node_source(callback) for callback in callbacks):
                site.handles_error = True
            if any(has_parameters(callback) for callback in callbacks):  # `sendMessage(m, (reply) => …)`
                site.result_use = "read"
            site.callback_style = ref[1].via == "chrome" and not callbacks
            if api == "tabs.sendMessage" and args:
                self.note_receiver(site, node, args)
            self.module.send_sites.append((site, message, SEND_APIS[api]))
            self.load_work("message", f"{api}()", node)
            return
        if kind == "event" and full and full[-1] in ("addListener",) and args:
            self.registration(node, api, args[0])
            return
        if kind == "event":
            return
        if api in ("tabs.executeScript", "scripting.executeScript"):
            self.note_injection_handler(node)
            self.note_awaited_injection(node)
        if api in ("tabs.executeScript",) or (api == "scripting.executeScript" and args):
            details = unwrap(args[-1]) if args else None
            if details is not None and details.type == "object":
                for pair in details.named_children:
                    key = (
                        static_key(pair.child_by_field_name("key")) if pair.type == "pair"
                        else node_text(pair) if pair.type == "shorthand_property_identifier" else None
                    )  # fmt: skip
                    value = pair.child_by_field_name("value") if pair.type == "pair" else pair
                    if key != "code" or self.constant_string(value):  # a packaged constant is not built code
                        continue
                    param = self.param_of(value) if value is not None else None
                    unsettled = self.variable_set_elsewhere(value) if value is not None else None
                    if param is not None and param[0] is self.fn:  # judged by what the function's callers pass
                        fact = DynamicCode(
                            "eval", f"{api}() with code", self.location(node), G.as_guard(self.guard), self.scope
                        )
                        self.module.code_params.append((param[0], param[1], fact))
                    elif unsettled is not None:  # not a proof of code from data: a warning with the evidence (XS010)
                        self.facts.dynamic_code.append(
                            DynamicCode(
                                "eval",
                                f"{api}() with code",
                                self.location(node),
                                G.as_guard(self.guard),
                                self.scope,
                                unsettled=unsettled,
                            )
                        )
                    else:
                        self.dynamic("eval", f"{api}() with code", node)
        if api.startswith("storage."):
            self.load_work("storage", f"{api}()", node)
        elif api in ("runtime.connect", "tabs.connect", "runtime.sendNativeMessage", "runtime.connectNative"):
            self.load_work("message", f"{api}()", node)
        else:
            self.load_work("other", f"{api}()", node)

    def registration(self, node: Node, event: str, callback: Node) -> None:
        """`x.addListener(cb)` / `addEventListener('type', cb)`: a listener, or a listener helper's definition."""
        arg = self.arg(callback)
        fn = self.fn
        if arg.param is not None:
            owner, index = arg.param
            owner.listens_param.setdefault(index, (event, ()))
            return
        if arg.inline and arg.ref is not None:
            wrapper: ProjectFunction = arg.ref[1]
            for owner, index in wrapper.outer_param_calls:
                owner.listens_param.setdefault(index, (event, (wrapper,)))
            if wrapper.outer_param_calls and fn is not None:
                return
        if arg.ref is not None and arg.ref[0] == "fn" and arg.ref[1].name is not None and not arg.inline:
            self.facts.listener_scopes.add(arg.ref[1].name)
        if arg.ref is not None and arg.ref[0] == "fn":
            self.module.listener_events.setdefault(arg.ref[1].node.id, event)
        if event == MESSAGE_EVENT:
            self.module.handler_sites.append((self.site(node, ("api",), "", []), arg))
            if arg.ref is not None and arg.ref[0] == "fn":  # its second parameter is the sender (receivers.py)
                self.module.message_listeners.add(arg.ref[1].node.id)

    def project_call(self, node: Node, ref: Any, name: str, args: list[Node]) -> None:
        location = self.location(node)
        tag = ref[0]
        if tag == "fn" and ref[1].name is not None:
            self.facts.calls.append(Call(self.scope, ref[1].name, None, location))
        elif tag == "import":
            target = self.resolver.export(ref[1], ref[2])
            if target is not None:
                self.facts.calls.append(Call(self.scope, target[1], target[0], location))
        elif tag == "global":
            self.module.global_refs.append((self.scope, ref[1], location))
        if tag == "fn" and self.injects(ref[1].node, depth=2):
            self.note_awaited_injection(node)  # `await injectScripts(tab.id)`: a helper that injects, awaited
        site = self.site(node, ref, name, [self.arg(a) for a in args])
        self.module.call_sites.append(site)

    def site(self, node: Node, ref: Any, name: str, args: list[ArgumentInfo]) -> CallSite:
        handled = self.try_depth > 0 or has_chained_catch(node)
        return CallSite(
            ref=ref,
            name=name,
            args=args,
            handles_error=handled,
            rejects_to=None if handled else self.rejection_goes_to_caller(node),
            result_use=result_use(node),
            location=self.location(node),
            guard=self.guard,
            scope=self.scope,
            fn=self.fn,
            load_key=self.statement if self.load_time else None,
        )

    def note_receiver(self, site: CallSite, send: Node, args: list[Node]) -> None:
        """What is known of the receiving end of `tabs.sendMessage(tab_id, …)` (receivers.py)."""
        tab_id = args[0]
        init = None
        if unwrap(tab_id).type == "identifier":
            binding = self.lookup(node_text(unwrap(tab_id)))
            init = binding.init if binding is not None and binding.const else None
        sender = sender_parameter(tab_id, init, args)
        function = enclosing_function(send)
        injected = self.module.injected_before.get(function.id if function is not None else -1)
        if sender is not None and sender[1] == "port":
            site.receiver = "the port's sender"
        elif sender is not None and sender[1] == "sender":
            site.receiver = "the sender's tab"
        elif sender is not None:
            site.sender_of = sender[0].id  # the sender's tab, if that function is a message listener
        if injected is not None and send.start_byte > injected:
            site.receiver = "a content script was injected first"
        elif after_loading(send, self.early_exits):
            site.receiver = "the tab finished loading"
        elif answered_before(send):
            site.receiver = "the tab answered an earlier message"
        elif tested_per_tab_state(send, tab_id):
            site.receiver = "the extension's record of the tab is tested first"
        if not site.receiver:
            site.tab_origin = self.param_path(tab_id)
        if not site.handles_error and handled_through_variable(send):
            site.handles_error = True
            site.rejects_to = None

    def injects(self, function: Node, depth: int) -> bool:
        """Does this function inject content scripts (executeScript), itself or through the project functions it
        calls (`depth` levels)?"""
        injects_itself, callees = self._injector_outline(function)
        if injects_itself:
            return True
        if depth <= 0:
            return False
        for name in callees:
            binding = self.lookup(name) if name is not None else None
            helper = binding.fn if binding is not None and binding.kind == "fn" else None
            if helper is not None and helper.node != function and self.injects(helper.node, depth - 1):
                return True
        return False

    def _injector_outline(self, function: Node) -> tuple[bool, list[str | None]]:
        """Does the function's own text inject, and the names its first calls call (None: not a plain name) — once
        per function: every call of a project function asks again, and the subtree search is the walk's costliest."""
        known = self.injector_outlines.get(function.id)
        if known is None:
            names: list[str | None] = []
            for call in islice(descendants(function, "call_expression"), 8):
                callee = call.child_by_field_name("function")
                names.append(node_text(callee) if callee is not None and callee.type == "identifier" else None)
            known = (bool(INJECTS.search(node_source(function)[:MAX_INJECTOR_BYTES])), names)
            self.injector_outlines[function.id] = known
        return known

    def note_awaited_injection(self, node: Node) -> None:  # also for a project function that injects
        """`await scripting.executeScript(…)`: what follows in the function runs once the script is in the tab;
        `Promise.all([executeScript(…)]).then(f)`: f does."""
        parent = _outer(node)
        if parent is not None and parent.type == "await_expression":
            function = enclosing_function(parent)
            key = function.id if function is not None else -1
            self.module.injected_before.setdefault(key, node.end_byte)
        then = gathered_then(node)
        arguments = then.child_by_field_name("arguments") if then is not None else None
        handler = unwrap(arguments.named_children[0]) if arguments is not None and arguments.named_children else None
        if handler is not None and handler.type in FUNCTION_NODES:
            self.module.after_injection.add(handler.id)

    def note_injection_handler(self, node: Node) -> None:
        """`executeScript(…).then(f)`: f runs only once the content script is in the tab (the receiving end of a
        message sent there exists)."""
        member = _outer(node)
        call = member.parent if member is not None and member.type == "member_expression" else None
        method = member.child_by_field_name("property") if member is not None and call is not None else None
        if call is None or call.type != "call_expression" or method is None or method.text != b"then":
            return
        arguments = call.child_by_field_name("arguments")
        handler = unwrap(arguments.named_children[0]) if arguments is not None and arguments.named_children else None
        if handler is None:
            return
        if handler.type in ("arrow_function", "function_expression", "function"):
            self.module.after_injection.add(handler.id)
        elif handler.type == "identifier":
            binding = self.lookup(node_text(handler))
            if binding is not None and binding.kind == "fn" and binding.fn is not None:
                self.module.after_injection.add(binding.fn.node.id)

    def rejection_goes_to_caller(self, node: Node) -> ProjectFunction | None:
        """The enclosing function, when this call's rejection becomes its own: the call (or a `.then()`/`.finally()`
        chained on it) is awaited in an async function or returned, outside any try/catch (`await send()`,
        `return send().then(parse)`, `() => send()`)."""
        fn = self.fn
        if fn is None:
            return None
        parent = _outer(node)
        while parent is not None and parent.type == "member_expression":  # `send().then(f)` rejects when send() does
            method = parent.child_by_field_name("property")
            chained_call = parent.parent
            if (
                method is None
                or method.text not in (b"then", b"finally")
                or chained_call is None
                or chained_call.type != "call_expression"
            ):
                return None
            parent = _outer(chained_call)
        if parent is None:
            return None
        if parent.type == "await_expression" and fn.is_async:
            return fn
        if parent.type == "return_statement" or parent == fn.node:  # `return send()`, `() => send()`
            return fn
        return None

    def arg(self, node: Node) -> ArgumentInfo:
        info = ArgumentInfo(node)
        bare = unwrap(node)
        if bare.type == "call_expression":  # `handler.bind(this)` is the handler
            callee = bare.child_by_field_name("function")
            prop = (
                callee.child_by_field_name("property")
                if callee is not None and callee.type == "member_expression"
                else None
            )
            if callee is not None and prop is not None and prop.text == b"bind":
                target = callee.child_by_field_name("object")
                if target is not None:
                    bare = unwrap(target)
        kind = bare.type
        if kind in ("arrow_function", "function_expression", "function"):
            fn = self.fn_by_node.get(bare.id)
            if fn is not None:
                info.ref, info.inline = ("fn", fn), True
        elif kind == "identifier":
            binding = self.lookup(node_text(bare))
            if binding is None:
                if self.module.kind == "script":
                    info.ref = ("global", node_text(bare))
            elif binding.kind == "param":
                info.param = binding.param
            elif binding.kind == "fn" and binding.fn is not None:
                info.ref = ("fn", binding.fn)
            elif binding.kind == "import" and binding.module is not None:
                info.ref = ("import", binding.module, binding.name)
            elif binding.kind == "value" and binding.const and binding.init is not None:
                init = unwrap(binding.init)
                if init.type == "object":
                    info.shape = self.shape(init)
        elif kind == "member_expression":
            target = bare.child_by_field_name("object")
            prop = bare.child_by_field_name("property")
            if target is not None and target.type == "this" and prop is not None and self.classes:
                method = self.classes[-1][1].get(node_text(prop))
                if method is not None:
                    info.ref = ("fn", method)
        elif kind == "object":
            info.shape = self.shape(bare)
            for child in bare.named_children:
                value = None
                if child.type == "pair" and static_key(child.child_by_field_name("key")) == DISCRIMINANT:
                    value = child.child_by_field_name("value")
                elif child.type == "shorthand_property_identifier" and node_text(child) == DISCRIMINANT:
                    value = child
                if value is not None:
                    info.type_param = self.param_of(value)
        if kind in ("string", "template_string", "identifier", "member_expression"):
            info.string = self.string_of(bare)
        if kind in ("identifier", "member_expression") and info.ref is None:
            info.origin = self.param_path(bare)
        return info

    def argument_path(self, node: Node) -> ArgumentInfo:
        """Only where an argument is read from (its parameter path): what tab_origins.py asks of a method call."""
        info = ArgumentInfo(node)
        if unwrap(node).type in ("identifier", "member_expression"):
            info.origin = self.param_path(node)
        return info

    def variable_set_elsewhere(self, node: Node) -> str | None:
        """`code: scripts` with `let scripts` assigned in another function (SingleFile fills it with its own files,
        fetched from the package): what the analysis cannot follow, for the warning; None for anything else."""
        bare = unwrap(node)
        if bare.type != "identifier":
            return None
        name = node_text(bare)
        binding = self.lookup(name)
        if binding is None or binding.kind != "value" or binding.const:
            return None
        if binding.init is not None and name not in self.reassigned_names():
            return None  # a `let` set once, where declared: its initialiser is what runs (judged as before)
        return f"`{name}` is assigned where the analysis does not follow it"

    def note_external_callbacks(self, args: list[Node]) -> None:
        """Functions handed to code outside the project (`.then(f)`, `setTimeout(f)`, an API's callback): their
        parameters are whatever that code passes (tab_origins.py)."""
        for arg in args:
            bare = unwrap(arg)
            if bare.type in FUNCTION_NODES:
                self.module.external_callbacks.add(bare.id)
            elif bare.type == "identifier":
                binding = self.lookup(node_text(bare))
                if binding is not None and binding.kind == "fn" and binding.fn is not None:
                    self.module.external_callbacks.add(binding.fn.node.id)

    def param_path(self, node: Node) -> ParamPath | None:
        """`tab.id`, `tabId`, `sender.tab.id`, `t.id` with `const t = s.tab`: the parameter the value is read from
        and the properties read (tab_origins.py follows the parameter to the function's callers)."""
        root, props, _ = member_chain(unwrap(node))
        if root.type != "identifier":
            return None
        binding = self.lookup(node_text(root))
        if binding is None:
            return None
        if binding.kind == "param" and binding.param is not None:
            return binding.param, tuple(props)
        if binding.kind == "value" and binding.origin is not None:  # resolved where the constant was declared
            return binding.origin[0], binding.origin[1] + tuple(props)
        return None


def _outer(node: Node) -> Node | None:
    """The node around an expression, past parentheses and type assertions."""
    parent = node.parent
    while parent is not None and parent.type in WRAPPER_NODES:
        parent = parent.parent
    return parent
