"""The walk's state and the operations every concern of it uses: visiting, binding names in lexical scopes,
locations, and the facts with no cross-file part (dynamic code, load-time work)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolchain.analysis import guards as G
from toolchain.analysis.facts import DynamicCode, LoadTimeWork, Location
from toolchain.analysis.scopes import Binding, LexicalScope, ProjectFunction, WalkedModule

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.extract import Resolver


#: node type → the walker's method for it (filled by walker.py, where the concerns come together); any other node:
#: its named children are visited, unless it is one of SKIPPED_NODES
HANDLERS: dict[str, Callable[[Any, Node], None]] = {}
#: nodes never walked: type declarations and annotations, comments, literals, imports (read by the prescan)
SKIPPED_NODES = frozenset(
    {
        "type_annotation", "type_alias_declaration", "interface_declaration", "type_arguments", "type_parameters",
        "ambient_declaration", "module", "internal_module", "enum_declaration", "comment", "import_statement",
        "regex", "string", "number", "template_literal_type", "predefined_type", "type_identifier",
        "hash_bang_line", "debugger_statement", "statement_identifier", "property_identifier",
        # types: never code (`x as typeof chrome.runtime` must not count as a use)
        "type_query", "generic_type", "object_type", "union_type", "intersection_type", "function_type",
        "array_type", "tuple_type", "literal_type", "lookup_type", "index_type_query", "conditional_type",
        "parenthesized_type", "readonly_type", "constructor_type", "infer_type", "nested_type_identifier",
        "type_predicate", "asserts", "type_predicate_annotation", "asserts_annotation", "implements_clause",
        "opting_type_annotation", "omitting_type_annotation", "adding_type_annotation", "existential_type",
    }
)  # fmt: skip


class WalkerBase:
    """What every concern of the walk shares; `walker.Walker` combines the concerns (walk_*.py) over it."""

    def __init__(self, module: WalkedModule, resolver: Resolver) -> None:
        self.module = module
        self.resolver = resolver
        self.parsed = module.parsed
        self.facts = module.base
        self.path = module.path
        self.lex = LexicalScope(None, True)
        self.fn: ProjectFunction | None = None
        self.scope = ""
        self.guard: G.Node_ = True
        self.load_time = True
        self.try_depth = 0
        self.statement: object = None
        self.load_seen: set[tuple[int, str, str]] = set()
        self.fn_by_node: dict[int, ProjectFunction] = {}
        self.aliases: set[int] = set()  # declarator values that are API aliases (not uses)
        self.constants: dict[str, object] = {}
        self.classes: list[tuple[str | None, dict[str, ProjectFunction]]] = []
        self.script_elements: set[int] = set()  # ids of bindings initialised with createElement('script')
        self.declared: set[int] = set()  # declarators already bound
        self.wrapper: ProjectFunction | None = None  # the program-level IIFE being walked (walk_bindings)
        self.polyfill_wrappers: dict[int, bool] = {}  # call nodes (bundler module wrappers) → wrap the polyfill?

    def visit(self, node: Node) -> None:
        kind = node.type
        handler = HANDLERS.get(kind)
        if handler is not None:
            handler(self, node)
        elif kind not in SKIPPED_NODES:
            for child in node.named_children:
                self.visit(child)

    def visit_children(self, node: Node) -> None:
        for child in node.named_children:
            self.visit(child)

    def location(self, node: Node) -> Location:
        return self.parsed.location(node)

    def bind(self, name: str, binding: Binding, *, var: bool = False) -> None:
        scope = self.lex
        if var:
            while not scope.function and scope.parent is not None:
                scope = scope.parent
        scope.bindings[name] = binding

    def lookup(self, name: str) -> Binding | None:
        return self.lex.lookup(name)

    def dynamic(self, kind: str, description: str, node: Node) -> None:
        self.facts.dynamic_code.append(
            DynamicCode(kind, description, self.location(node), G.as_guard(self.guard), self.scope)  # type: ignore[arg-type]
        )

    def load_work(self, kind: str, description: str, node: Node) -> None:
        if not self.load_time:
            return
        key = (id(self.statement), kind, description)
        if key in self.load_seen:
            return
        self.load_seen.add(key)
        self.facts.load_time_work.append(
            LoadTimeWork(kind, description, self.location(node), G.as_guard(self.guard))  # type: ignore[arg-type]
        )
