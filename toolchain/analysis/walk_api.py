"""The walk, API resolution: which expressions denote an extension API object (globals, aliases, the polyfill,
the abstraction), the uses recorded, member chains and identifiers read, message `type` subjects."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import islice
from typing import TYPE_CHECKING

from toolchain.analysis import guards as G
from toolchain.analysis.api_tables import (
    API_GLOBALS,
    DISCRIMINANT,
    DOM_READ_GLOBALS,
    GLOBAL_OBJECTS,
    STORAGE_GLOBALS,
    classify_api,
    is_namespace,
)
from toolchain.analysis.bundled_modules import BUNDLED_GETTER, BUNDLED_MODULE
from toolchain.analysis.facts import ApiUse, Call
from toolchain.analysis.nodes import node_text
from toolchain.analysis.runtime_guards import Polarity, enclosing_conditions
from toolchain.analysis.scopes import ApiRef, ProjectFunction
from toolchain.analysis.syntax import (
    FUNCTION_NODES,
    WRAPPER_NODES,
    chain_patterns,
    chain_prefixes,
    descendants,
    first_expression,
    member_chain,
    only_tested,
    short_text,
    static_key,
    tested_first,
    tests_chain,
    unwrap,
    used_as_promise,
)
from toolchain.analysis.walk_state import WalkerBase

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node


#: words that make a run-time condition one about availability: the API's roots, the manifest version, the browser
AVAILABILITY_TEXT = re.compile(
    r"chrome|browser|firefox|gecko|mozilla|manifest_?version|getManifest|userAgent|navigator|getBrowserInfo"
    r"|\bmv[23]\b|isMV[23]|safari|webkit|opera",
    re.IGNORECASE,
)
#: how much of a condition (or of what its names are bound to) is read, and how many of its names are looked up
MAX_CONDITION_BYTES = 4096
MAX_NAMES = 64
#: availability_evidence's answer when a condition deciding whether the code runs tests the API itself
TESTS_ITSELF = "\0tests itself"
#: where an anonymous function is kept to be called later, rather than called or handed to a call
DEFERRING_HOLDERS = frozenset({"assignment_expression", "variable_declarator", "return_statement"})
MAX_DEFERRAL_DEPTH = 256
MAX_TESTS_PER_FUNCTION = 512
#: the largest function around a use whose tests count as "around it" (a bundle's wrapper is the whole file)
MAX_AROUND_BYTES = 16_384


class ApiWalk(WalkerBase):
    def api_of(self, node: Node) -> ApiRef | None:
        """The API object an expression denotes (`chrome`, `browser.runtime`, an alias…), without recording a use."""
        node = unwrap(node)
        kind = node.type
        if kind == "identifier":
            return self.root_api(node_text(node))
        if kind in ("member_expression", "subscript_expression"):
            root, props, _ = member_chain(node)
            if root.type != "identifier":
                return None
            resolved = self.resolve_root(node_text(root), props)
            if resolved is None:
                return None
            api, rest = resolved
            return ApiRef(api.via, api.path + tuple(rest), api.fallback)
        if kind == "ternary_expression":
            consequence = node.child_by_field_name("consequence")
            alternative = node.child_by_field_name("alternative")
            left = self.api_of(consequence) if consequence is not None else None
            right = self.api_of(alternative) if alternative is not None else None
            if left is not None and right is not None and left.path == right.path:
                return left
            condition = node.child_by_field_name("condition")
            if left is not None and right is not None and condition is not None and not G.mentions_env(condition):
                # `isMV3 ? chrome.action : chrome.browserAction`: the code chooses the one it expects to exist (a
                # build-time choice over import.meta.env is not an alias: each branch is read with its guard)
                return left._replace(fallback=True)
            return None
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            if operator is not None and operator.type in ("||", "??"):
                left_node, right_node = node.child_by_field_name("left"), node.child_by_field_name("right")
                left = self.api_of(left_node) if left_node is not None else None
                right = self.api_of(right_node) if right_node is not None else None
                if left is not None and right is not None and left.path != right.path:
                    # `chrome.browserAction ?? chrome.action`: whichever exists is used, so neither is relied on
                    return left._replace(fallback=True)
                return left if left is not None else right
            return None
        if kind == "call_expression":
            required = self.require_of(node)
            if required is not None and required.kind == "api":
                return required.api
        if kind == "sequence_expression" and node.named_children:
            return self.api_of(node.named_children[-1])  # `(0, r.default)`: a bundler's unbound reference
        return None

    def root_api(self, name: str) -> ApiRef | None:
        binding = self.lookup(name)
        if binding is not None:
            return binding.api if binding.kind == "api" else None
        if name in API_GLOBALS:
            return ApiRef(name, ())
        return self.shared_api_global(name)

    def resolve_root(self, name: str, props: list[str]) -> tuple[ApiRef, list[str]] | None:
        """Resolve the root of a member chain to an API object: (API, the properties after it)."""
        binding = self.lookup(name)
        if binding is None:
            if name in API_GLOBALS:
                return ApiRef(name, ()), props
            if name in GLOBAL_OBJECTS and props and props[0] in API_GLOBALS:
                return ApiRef(props[0], ()), props[1:]
            shared = self.shared_api_global(name)  # an alias another classic script declares
            return (shared, props) if shared is not None else None
        if binding.kind == "api" and binding.api is not None:
            if binding.api == ApiRef("polyfill", ()) and props[:1] == ["default"]:
                return binding.api, props[1:]  # the ES-module view of the polyfill (`import * as`, __toESM)
            return binding.api, props
        if binding.kind == BUNDLED_GETTER and binding.api is not None and props[:1] == ["a"]:
            return binding.api, props[1:]  # webpack's getter `t.a` is its value (bundled_modules.py)
        if binding.kind == BUNDLED_MODULE and binding.name is not None and props:
            exported = self.resolver.bundled.exports.get(binding.name, {}).get(props[0])  # `r.A.storage`
            if exported is not None:
                return exported, props[1:]
        if binding.kind == "namespace" and binding.module is not None and props:
            api = self.resolver.api_export(binding.module, props[0])
            if api is not None:
                return api, props[1:]
        return None

    def param_of(self, node: Node) -> tuple[ProjectFunction, int] | None:
        node = unwrap(node)
        if node.type not in ("identifier", "shorthand_property_identifier"):
            return None
        binding = self.lookup(node_text(node))
        if binding is not None and binding.kind == "param":
            return binding.param
        return None

    def type_subject(self, node: Node) -> tuple[ProjectFunction, int] | None:
        """`message.type`, `message['type']`, or a `type` destructured from a message parameter."""
        node = unwrap(node)
        if node.type == "identifier":
            binding = self.lookup(node_text(node))
            return binding.param if binding is not None and binding.kind == "param-type" else None
        if node.type == "member_expression":
            prop = node.child_by_field_name("property")
            if prop is None or node_text(prop) != DISCRIMINANT:
                return None
        elif node.type == "subscript_expression":
            if G.string_value(node.child_by_field_name("index")) != DISCRIMINANT:
                return None
        else:
            return None
        target = node.child_by_field_name("object")
        return self.param_of(target) if target is not None else None

    def alias_use(self, api: ApiRef, node: Node) -> None:
        """An alias of an API member (`const id = chrome.runtime.id`, `const { sendMessage } = chrome.runtime`) reads
        it where it is declared; an alias of a namespace (`const rt = chrome.runtime`) touches nothing yet."""
        if api.path and not is_namespace(api.path):
            self.record_api(api, [], False, node)

    def record_api(self, api: ApiRef, props: list[str], called: bool, node: Node) -> tuple[str, str] | None:
        path = api.path + tuple(props)
        if not path:
            return None
        name, kind = classify_api(path, called)
        checked = (
            api.fallback
            or self.try_depth > 0
            or "?." in node_text(node, "replace").split("(", 1)[0]
            or tested_first(node, self.parsed.parent)
            or (kind == "property" and only_tested(node))
        )
        guarded_by = ""
        if not checked:
            guarded_by = self.availability_evidence(node)
            checked = guarded_by == TESTS_ITSELF
            guarded_by = "" if checked else guarded_by
        use = ApiUse(name, kind, api.via, self.location(node), G.as_guard(self.guard), self.scope, checked, guarded_by)  # type: ignore[arg-type]  # classify_api's kind and ApiRef.via are plain strings here
        if kind == "call" and api.via == "chrome" and node.parent is not None:
            use = replace(use, promised=used_as_promise(node.parent))
        self.facts.api_uses.append(replace(use, deferred=True) if self.in_deferred_function(node) else use)
        return name, kind

    def in_deferred_function(self, node: Node) -> bool:
        """Does the use sit in an anonymous function that is stored rather than called or handed to a call: a
        property's value (`{ setTitle: (t) => chrome.browserAction.setTitle(t) }`), an object's method, a value
        assigned or returned? It runs when something calls it, which the walk cannot tie to it (its scope is
        its enclosing function's), so its reach is not proven. A callback given to a call, an IIFE, and the
        scope's own function are not deferred."""
        current = self.parsed.parent(node)
        for _ in range(MAX_DEFERRAL_DEPTH):
            if current is None:
                return False
            if current.type in FUNCTION_NODES:
                function = self.fn_by_node.get(current.id)
                if function is not None and function.name:
                    return False  # a scope of its own: reachability decides whether it runs
                holder = current if current.type == "method_definition" else self.parsed.parent(current)
                while holder is not None and holder.type in WRAPPER_NODES:
                    holder = self.parsed.parent(holder)
                if holder is not None and holder.type in ("pair", "method_definition"):
                    key = holder.child_by_field_name("key" if holder.type == "pair" else "name")
                    # a numbered or quoted key is a bundler's module table (`815: function (e, t, n) {…}`): its
                    # runtime calls each entry it requires
                    return key is not None and key.type not in ("number", "string")
                if holder is not None and holder.type in DEFERRING_HOLDERS:
                    return True
            current = self.parsed.parent(current)
        return False

    def availability_evidence(self, node: Node) -> str:
        """The nearest run-time condition about availability that decides whether `node` runs, as evidence
        ("`isMV3` (line 3) is falsy"), or "" (runtime_guards.py)."""
        found: tuple[Node, Polarity] | None = None
        wanted = None
        for condition, polarity in enclosing_conditions(node, self.early_exits, self.parsed.parent):
            if G.mentions_env(condition):
                continue  # a build-time guard: the build drops the code or keeps it (self.guard), exactly
            wanted = wanted or chain_patterns(node)
            if tests_chain(condition, wanted):  # `if (!chrome.storage.session) return;`: feature detection
                return TESTS_ITSELF
            if found is None and (self.about_availability(condition) or self.tests_feature_data(condition, node)):
                found = condition, polarity
        if found is None:
            around = self.tested_around(node)
            if around is None:
                return ""
            return f"the function around it tests `{short_text(unwrap(around))}` (line {around.start_point[0] + 1})"
        condition, polarity = found
        shown = f"it runs only when `{short_text(unwrap(condition))}` (line {condition.start_point[0] + 1})"
        return {"true": f"{shown} is truthy", "false": f"{shown} is falsy"}.get(polarity, f"{shown} allows it")

    def tested_around(self, node: Node) -> Node | None:
        """A test of the API itself elsewhere in a small function enclosing the use (not the program, nor a
        bundle's wrapper): `let save = debounce(() => chrome.storage.session.set(…)); if (!chrome.storage.session)
        return noop; return save;`. The code is written for the API's absence in a way the analysis does not
        follow: evidence for a warning."""
        prefixes = chain_prefixes(node)
        function = self.parsed.parent(node)
        for _ in range(MAX_DEFERRAL_DEPTH):
            while function is not None and function.type not in FUNCTION_NODES:
                function = self.parsed.parent(function)
            if function is None or function.end_byte - function.start_byte > MAX_AROUND_BYTES:
                return None
            tested = self.function_tests(function)
            for prefix in prefixes:
                if prefix in tested:
                    return tested[prefix]
            function = self.parsed.parent(function)
        return None

    def function_tests(self, function: Node) -> dict[str, Node]:
        """The member chains the conditions of a function's `if`s and `?:`s name (and their namespaces) → the
        condition, found once per function."""
        found = self.tests_in.get(function.id)
        if found is None:
            found = {}
            for kind in ("if_statement", "ternary_expression"):
                for statement in islice(descendants(function, kind), MAX_TESTS_PER_FUNCTION):
                    condition = statement.child_by_field_name("condition")
                    if condition is None:
                        continue
                    for member in islice(descendants(condition, "member_expression"), MAX_NAMES):
                        for prefix in chain_prefixes(member):
                            found.setdefault(prefix, condition)
            self.tests_in[function.id] = found
        return found

    def about_availability(self, condition: Node) -> bool:
        """Is a run-time condition about availability: does it mention the extension API, a value derived from
        it, the manifest version or the browser — in its text, in what its names are bound to, in the body of a
        predicate it calls, or through a parameter of a callback the API calls (`tab.groupId >= 0`)?"""
        if AVAILABILITY_TEXT.search(self.bounded_text(condition)):
            return True
        for identifier in islice(descendants(condition, "identifier"), MAX_NAMES):
            binding = self.lookup(node_text(identifier, "replace"))
            if binding is None:
                continue
            if binding.kind in ("api", "namespace"):
                return True
            if binding.init is not None and AVAILABILITY_TEXT.search(self.bounded_text(binding.init)):
                return True
            if binding.init is not None and self.calls_api_helper(binding.init):
                return True  # `const tab = await getCurrentTab()`: a value a helper got from the API
            if binding.kind == "fn" and binding.fn is not None:
                if AVAILABILITY_TEXT.search(self.bounded_text(binding.fn.node)):
                    return True
            elif binding.param is not None and self.api_callback(binding.param[0].node):
                return True
        return False

    def calls_api_helper(self, init: Node) -> bool:
        """Is `init` (at most a few calls) a call of a project function whose body uses the API?"""
        for call in islice(descendants(init, "call_expression"), 4):
            callee = call.child_by_field_name("function")
            if callee is None or callee.type != "identifier":
                continue
            binding = self.lookup(node_text(callee, "replace"))
            fn = binding.fn if binding is not None and binding.kind == "fn" else None
            if fn is not None and AVAILABILITY_TEXT.search(self.bounded_text(fn.node)):
                return True
        return False

    def tests_feature_data(self, condition: Node, use: Node) -> bool:
        """Does the condition test data of the feature the API serves — data only a browser that has the feature
        provides (`if (tab.groupId >= 0) tabs.group(…)`: Firefox before 138 gives tabs no `groupId`)? A name in the
        condition that starts with the API member's name (`group` → `groupId`, `groupIds`) counts."""
        text = node_text(use, "replace").split("(", 1)[0]
        member = text.rsplit(".", 1)[-1].strip().lower()
        if len(member) < 4:
            return False
        names = ("property_identifier", "identifier", "shorthand_property_identifier")
        for kind in names:
            for name in islice(descendants(condition, kind), MAX_NAMES):
                written = node_text(name, "replace").lower()
                if written != member and written.startswith(member):
                    return True
        return False

    def api_callback(self, function: Node) -> bool:
        """Is this function given to an API call (`chrome.tabs.onUpdated.addListener((id, change, tab) => …)`)?"""
        arguments = function.parent
        call = arguments.parent if arguments is not None and arguments.type == "arguments" else None
        callee = call.child_by_field_name("function") if call is not None else None
        return callee is not None and bool(AVAILABILITY_TEXT.search(self.bounded_text(callee)))

    def bounded_text(self, node: Node) -> str:
        """A node's text, at most its first few thousand bytes (a condition may hold a whole function)."""
        end = min(node.end_byte, node.start_byte + MAX_CONDITION_BYTES)
        return self.parsed.source[node.start_byte : end].decode("utf-8", "replace")

    def type_tables(self, node: Node) -> None:
        """`handlers[message.type]`: the keys of a constant object indexed by a message's type are types it handles."""
        while node.type in ("member_expression", "subscript_expression", "non_null_expression",
                            "parenthesized_expression"):  # fmt: skip
            target = node.child_by_field_name("object") or first_expression(node)
            if node.type == "subscript_expression" and target is not None:
                index = node.child_by_field_name("index")
                subject = self.type_subject(index) if index is not None else None
                if subject is not None and unwrap(target).type == "identifier":
                    binding = self.lookup(node_text(unwrap(target)))
                    table = unwrap(binding.init) if binding is not None and binding.init is not None else None
                    if table is not None and table.type == "object":
                        keys = {static_key(c.child_by_field_name("key")) if c.type in ("pair", "method_definition")
                                else node_text(c) if c.type == "shorthand_property_identifier" else None
                                for c in table.named_children}  # fmt: skip
                        literals = subject[0].type_literals.setdefault(subject[1], set())
                        literals.update(key for key in keys if key)
            if target is None:
                return
            node = target

    def visit_member(self, node: Node) -> None:
        if self.fn is not None:
            self.type_tables(node)
        root, props, extras = member_chain(node)
        if root.type == "identifier":
            name = node_text(root)
            resolved = self.resolve_root(name, props)
            if resolved is not None:
                self.record_api(resolved[0], resolved[1], False, node)
            else:
                binding = self.lookup(name)
                if binding is None:
                    self.global_read(name, props, node, write=False)
                    self.eval_reference(name, props, node)
                self.reference(root, as_root=True)
        elif root.type == "meta_property":
            pass
        elif root.type == "this" and props == ["eval"] and self.this_is_window(root):
            self.eval_reference("window", ["eval"], node)  # `const E = this.eval` where `this` is the window
        elif (bundled := self.bundled_root(root)) is not None:
            self.record_api(bundled, props, False, node)  # `t().storage.local`: a webpack getter's value
        else:
            self.visit(root)
        for extra in extras:
            self.visit(extra)

    def visit_identifier(self, node: Node) -> None:
        self.reference(node, as_root=False)

    def reference(self, node: Node, *, as_root: bool) -> None:
        """An identifier used as a value: an API alias read, or a project function referenced (counted as a call)."""
        name = node_text(node)
        binding = self.lookup(name)
        if binding is None:
            if not as_root:
                if self.module.kind == "script":
                    self.module.global_refs.append((self.scope, name, self.location(node)))
                if name in DOM_READ_GLOBALS or name in STORAGE_GLOBALS:
                    self.global_read(name, [], node, write=False)
                self.eval_reference(name, [], node)
            return
        if as_root:
            return
        if binding.kind == "api" and binding.api is not None and binding.api.path and is_namespace(binding.api.path):
            self.record_api(binding.api, [], False, node)  # a member alias was recorded where it was declared
        elif binding.kind == "fn" and binding.fn is not None and binding.fn.name is not None:
            if binding.fn is not self.fn:
                self.facts.calls.append(Call(self.scope, binding.fn.name, None, self.location(node)))
        elif binding.kind == "import" and binding.module is not None:
            target = self.resolver.export(binding.module, binding.name or name)
            if target is not None and target[2] is not None:
                self.facts.calls.append(Call(self.scope, target[1], target[0], self.location(node)))
