"""The walk, API resolution: which expressions denote an extension API object (globals, aliases, the polyfill,
the abstraction), the uses recorded, member chains and identifiers read, message `type` subjects."""

from __future__ import annotations

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
from toolchain.analysis.facts import ApiUse, Call
from toolchain.analysis.nodes import node_text
from toolchain.analysis.scopes import ApiRef, ProjectFunction
from toolchain.analysis.syntax import first_expression, member_chain, static_key, tested_first, unwrap
from toolchain.analysis.walk_state import WalkerBase

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node


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
            return ApiRef(api.via, api.path + tuple(rest))
        if kind == "ternary_expression":
            consequence = node.child_by_field_name("consequence")
            alternative = node.child_by_field_name("alternative")
            left = self.api_of(consequence) if consequence is not None else None
            right = self.api_of(alternative) if alternative is not None else None
            if left is not None and right is not None and left.path == right.path:
                return left
            return None
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            if operator is not None and operator.type in ("||", "??"):
                left_node, right_node = node.child_by_field_name("left"), node.child_by_field_name("right")
                left = self.api_of(left_node) if left_node is not None else None
                if left is not None:
                    return left
                return self.api_of(right_node) if right_node is not None else None
            return None
        if kind == "call_expression":
            required = self.require_of(node)
            if required is not None and required.kind == "api":
                return required.api
        return None

    def root_api(self, name: str) -> ApiRef | None:
        binding = self.lookup(name)
        if binding is not None:
            return binding.api if binding.kind == "api" else None
        if name in API_GLOBALS:
            return ApiRef(name, ())
        return None

    def resolve_root(self, name: str, props: list[str]) -> tuple[ApiRef, list[str]] | None:
        """Resolve the root of a member chain to an API object: (API, the properties after it)."""
        binding = self.lookup(name)
        if binding is None:
            if name in API_GLOBALS:
                return ApiRef(name, ()), props
            if name in GLOBAL_OBJECTS and props and props[0] in API_GLOBALS:
                return ApiRef(props[0], ()), props[1:]
            return None
        if binding.kind == "api" and binding.api is not None:
            if binding.api == ApiRef("polyfill", ()) and props[:1] == ["default"]:
                return binding.api, props[1:]  # the ES-module view of the polyfill (`import * as`, __toESM)
            return binding.api, props
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
        checked = self.try_depth > 0 or "?." in node_text(node, "replace").split("(", 1)[0] or tested_first(node)
        # ignore: classify_api's kind and ApiRef.via are plain strings here, of the values ApiUse's Literals list
        self.facts.api_uses.append(
            ApiUse(name, kind, api.via, self.location(node), G.as_guard(self.guard), self.scope, checked)  # type: ignore[arg-type]
        )
        return name, kind

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
                self.reference(root, as_root=True)
        elif root.type == "meta_property":
            pass
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
