"""The walk, control flow: build-time guards of branches (`if`, `?:`, `&&`/`||`), message type tests
(`===`, `switch`), `try` (error handling), loops and catch scopes, and what functions return."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolchain.analysis import guards as G
from toolchain.analysis.nodes import node_text
from toolchain.analysis.scopes import LexicalScope
from toolchain.analysis.syntax import member_chain, unwrap
from toolchain.analysis.walk_state import WalkerBase

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node


class ControlFlowWalk(WalkerBase):
    def guarded(self, node: Node | None, guard: G.Node_) -> None:
        if node is None:
            return
        if guard is True:
            self.visit(node)
            return
        saved = self.guard
        self.guard = G.both(saved, guard)
        self.visit(node)
        self.guard = saved

    def visit_if(self, node: Node) -> None:
        condition = node.child_by_field_name("condition")
        consequence = node.child_by_field_name("consequence")
        alternative = node.child_by_field_name("alternative")
        if condition is None:
            self.visit_children(node)
            return
        self.visit(condition)
        when_true, when_false = G.branch_guards(condition)
        self.guarded(consequence, when_true)
        if alternative is not None:
            body = next((c for c in alternative.named_children if c.type != "comment"), None)
            self.guarded(body, when_false)

    def visit_ternary(self, node: Node) -> None:
        condition = node.child_by_field_name("condition")
        if condition is None:
            self.visit_children(node)
            return
        self.visit(condition)
        when_true, when_false = G.branch_guards(condition)
        self.guarded(node.child_by_field_name("consequence"), when_true)
        self.guarded(node.child_by_field_name("alternative"), when_false)

    def visit_binary(self, node: Node) -> None:
        operator_node = node.child_by_field_name("operator")
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if operator_node is None or left is None or right is None:
            self.visit_children(node)
            return
        operator = operator_node.type
        if operator in ("&&", "||"):
            self.visit(left)
            self.guarded(right, G.right_operand_guard(operator, left))
            return
        if operator in ("===", "==", "!==", "!="):
            for subject_node, literal_node in ((left, right), (right, left)):
                subject = self.type_subject(subject_node)
                if subject is not None:
                    literal = self.string_of(literal_node)
                    if literal is not None:
                        subject[0].type_literals.setdefault(subject[1], set()).add(literal)
                    break
        self.visit(left)
        self.visit(right)

    def visit_switch(self, node: Node) -> None:
        value = node.child_by_field_name("value")
        subject = self.type_subject(value) if value is not None else None
        body = node.child_by_field_name("body")
        if subject is not None and body is not None:
            literals = subject[0].type_literals.setdefault(subject[1], set())
            for case in body.named_children:
                if case.type == "switch_case":
                    test = case.child_by_field_name("value")
                    literal = self.string_of(test) if test is not None else None
                    if literal is not None:
                        literals.add(literal)
        self.visit_children(node)

    def visit_try(self, node: Node) -> None:
        body = node.child_by_field_name("body")
        handler = node.child_by_field_name("handler")
        finalizer = node.child_by_field_name("finalizer")
        if body is not None:
            if handler is not None:
                self.try_depth += 1
                self.visit(body)
                self.try_depth -= 1
            else:
                self.visit(body)
        if handler is not None:
            self.visit(handler)
        if finalizer is not None:
            self.visit(finalizer)

    def visit_catch(self, node: Node) -> None:
        saved = self.lex
        self.lex = LexicalScope(saved, False)
        parameter = node.child_by_field_name("parameter")
        if parameter is not None:
            self.destructure(parameter, None, None, var=False)
        body = node.child_by_field_name("body")
        if body is not None:
            self.visit(body)
        self.lex = saved

    def visit_for(self, node: Node) -> None:
        saved = self.lex
        self.lex = LexicalScope(saved, False)
        if node.type == "for_in_statement":
            left = node.child_by_field_name("left")
            if left is not None and left.type in ("identifier", "object_pattern", "array_pattern"):
                kind = node.child_by_field_name("kind")
                if kind is not None:
                    self.destructure(left, None, None, var=kind.type == "var")
        self.visit_children(node)
        self.lex = saved

    def visit_return(self, node: Node) -> None:
        value = next((c for c in node.named_children if c.type != "comment"), None)
        if self.fn is not None:
            self.fn.returns.extend(self.classify_return(value))
        if value is not None:
            self.visit(value)

    def classify_return(self, value: Node | None) -> list[Any]:
        if value is None:
            return ["none"]
        value = unwrap(value)
        kind = value.type
        if kind == "true":
            return ["true"]
        if kind in ("false", "undefined", "null"):
            return ["none"]
        if kind == "unary_expression":
            operator = value.child_by_field_name("operator")
            return ["none"] if operator is not None and operator.type == "void" else ["other"]
        if kind == "ternary_expression":
            consequence = value.child_by_field_name("consequence")
            alternative = value.child_by_field_name("alternative")
            return self.classify_return(consequence) + self.classify_return(alternative)
        if kind == "new_expression":
            constructor = value.child_by_field_name("constructor")
            if constructor is not None and constructor.text == b"Promise" and self.lookup("Promise") is None:
                return ["promise"]
            return ["other"]
        if kind == "call_expression":
            callee = value.child_by_field_name("function")
            if callee is None:
                return ["other"]
            callee = unwrap(callee)
            if callee.type in ("member_expression", "subscript_expression"):
                root, props, _ = member_chain(callee)
                if props and props[-1] in ("then", "catch", "finally"):
                    return ["promise"]
                if root.type == "identifier":
                    name = node_text(root)
                    if name == "Promise" and self.lookup(name) is None:
                        return ["promise"]
                    resolved = self.resolve_root(name, props)
                    if resolved is not None:
                        return [("api", resolved[0].via)]
                    binding = self.lookup(name)
                    if binding is not None and binding.kind == "namespace" and binding.module and len(props) == 1:
                        return [("import", binding.module, props[0])]
                if root.type == "this" and self.classes and len(props) == 1:
                    method = self.classes[-1][1].get(props[0])
                    if method is not None:
                        return [("fn", method)]
                return ["other"]
            if callee.type == "identifier":
                ref, _ = self.callee_ref(callee)
                if ref[0] in ("fn", "import", "param", "global"):
                    return [ref]
                if ref[0] == "api":
                    return [("api", ref[1].via)]
            return ["other"]
        return ["other"]
