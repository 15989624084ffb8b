"""The walk of one file: depth first, once, with its lexical scopes (a block's bindings are declared before its
statements are visited, so an identifier resolves to what it names and a local `chrome` shadows the global).

`Walker` brings the concerns together, one module each: declarations (walk_bindings), imports and exports
(walk_modules), API resolution (walk_api), constant values (walk_constants), calls (walk_calls), the platform and
dynamic code (walk_dynamic), control flow (walk_control), over the shared state (walk_state). It records what a
file shows on its own in `WalkedModule.base` and, per function, what its parameters flow into; the project-wide
phase (project_analysis.py) does the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolchain.analysis import budget
from toolchain.analysis.nodes import node_text
from toolchain.analysis.scopes import LexicalScope
from toolchain.analysis.suppressions import source_suppressions
from toolchain.analysis.syntax import FUNCTION_NODES
from toolchain.analysis.walk_api import ApiWalk
from toolchain.analysis.walk_bindings import BindingWalk
from toolchain.analysis.walk_calls import CallWalk
from toolchain.analysis.walk_constants import ConstantWalk
from toolchain.analysis.walk_control import ControlFlowWalk
from toolchain.analysis.walk_dynamic import DynamicWalk
from toolchain.analysis.walk_modules import ModuleWalk
from toolchain.analysis.walk_state import HANDLERS, WalkerBase

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node


class Walker(BindingWalk, ModuleWalk, ApiWalk, ConstantWalk, CallWalk, DynamicWalk, ControlFlowWalk, WalkerBase):
    def run(self) -> None:
        root = self.parsed.tree.root_node
        self.facts.parse_errors = list(self.parsed.errors)
        self.facts.parse_error_reasons = list(self.parsed.error_reasons)
        if self.parsed.language == "javascript" and not any(
            child.type in ("import_statement", "export_statement") for child in root.named_children
        ):
            self.module.kind = "script"
        self.visit(root)
        if b"xtk-ignore" in self.parsed.source:
            self.facts.suppressions = source_suppressions(root, self.parsed.source, self.location)
        if self.module.kind == "script":
            for name in self.module.named:
                if "." not in name:
                    self.facts.exports.setdefault(name, name)

    def visit_error(self, node: Node) -> None:
        """What the parser could not read: its API uses still count, its load-time work is not guessed."""
        saved = self.load_time
        self.load_time = False
        self.visit_children(node)
        self.load_time = saved

    def visit_program(self, node: Node) -> None:
        statements = [child for child in node.named_children if child.type != "comment"]
        self.prescan(statements, program=True)
        for statement in statements:
            self.statement = statement
            try:
                self.visit(statement)
            except RecursionError:  # pathological nesting: the rest of the statement is skipped, and said so (XL004)
                self.fn, self.scope, self.load_time, self.try_depth, self.guard = None, "", True, 0, True
                budget.stopped.setdefault(
                    self.path,
                    f"the statement at line {self.location(statement).line} nests "
                    "deeper than the analysis follows (only its outer part was read)",
                )
        self.exports(statements)

    def visit_pair(self, node: Node) -> None:
        key, value = node.child_by_field_name("key"), node.child_by_field_name("value")
        if key is not None and value is not None and key.type == "property_identifier" and value.type in FUNCTION_NODES:
            self.module.pair_keys[value.id] = node_text(key, "replace")
        self.visit_children(node)

    def visit_block(self, node: Node) -> None:
        saved = self.lex
        self.lex = LexicalScope(saved, False)
        statements = node.named_children
        self.prescan(statements)
        for statement in statements:
            self.visit(statement)
        self.lex = saved


HANDLERS.update(
    {
        "program": Walker.visit_program,
        "statement_block": Walker.visit_block,
        "pair": Walker.visit_pair,
        "function_declaration": Walker.visit_function,
        "generator_function_declaration": Walker.visit_function,
        "function_expression": Walker.visit_function,
        "function": Walker.visit_function,
        "generator_function": Walker.visit_function,
        "arrow_function": Walker.visit_function,
        "method_definition": Walker.visit_function,
        "class_declaration": Walker.visit_class,
        "abstract_class_declaration": Walker.visit_class,
        "class": Walker.visit_class,
        "lexical_declaration": Walker.visit_declaration,
        "variable_declaration": Walker.visit_declaration,
        "export_statement": Walker.visit_export,
        "call_expression": Walker.visit_call,
        "new_expression": Walker.visit_new,
        "member_expression": Walker.visit_member,
        "subscript_expression": Walker.visit_member,
        "identifier": Walker.visit_identifier,
        # `{ save }` is `{ save: save }`: a function put in an object (a module's returned API, an export) is
        # referenced, so code calling it through that object (`lib.save()`) reaches it
        "shorthand_property_identifier": Walker.visit_identifier,
        "assignment_expression": Walker.visit_assignment,
        "augmented_assignment_expression": Walker.visit_assignment,
        "if_statement": Walker.visit_if,
        "ternary_expression": Walker.visit_ternary,
        "binary_expression": Walker.visit_binary,
        "switch_statement": Walker.visit_switch,
        "try_statement": Walker.visit_try,
        "return_statement": Walker.visit_return,
        "catch_clause": Walker.visit_catch,
        "for_statement": Walker.visit_for,
        "for_in_statement": Walker.visit_for,
        "ERROR": Walker.visit_error,
    }
)
