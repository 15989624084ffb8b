"""The walk's state and the operations every concern of it uses: visiting, binding names in lexical scopes,
locations, and the facts with no cross-file part (dynamic code, load-time work)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolchain.analysis import guards as G
from toolchain.analysis.facts import DynamicCode, DynamicKind, JsonType, LoadTimeWork, LoadWorkKind, Location
from toolchain.analysis.scopes import ApiRef, Binding, LexicalScope, ParamPath, ProjectFunction, WalkedModule

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.resolving import ModuleResolver


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

    def __init__(self, module: WalkedModule, resolver: ModuleResolver) -> None:
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
        # bindings initialised with createElement('script'), by id; the binding is kept so that its id is never
        # reused by another binding once its scope is gone (a `new Image` read as a script element: a false XS001)
        self.script_elements: dict[int, object] = {}
        self.declared: set[int] = set()  # declarators already bound
        self.wrapper: ProjectFunction | None = None  # the program-level IIFE being walked (walk_bindings)
        self.polyfill_wrappers: dict[int, bool] = {}  # call nodes (bundler module wrappers) → wrap the polyfill?
        self.early_exits: dict[int, list[tuple[int, Node]]] = {}  # blocks → their `if (c) return;` (runtime_guards)
        self.injector_outlines: dict[int, tuple[bool, list[str | None]]] = {}  # functions → walk_calls.injects' view
        self.tests_in: dict[int, dict[str, Node]] = {}  # functions → chains their ifs and ?:s test (walk_api)

    if TYPE_CHECKING:  # pragma: no cover
        # What one concern asks of another: each is defined by its concern (named on the right), and only
        # `walker.Walker` has them all. Declared here for the type checker, which checks each definition against
        # its declaration.
        def api_of(self, node: Node) -> ApiRef | None: ...  # walk_api
        def resolve_root(self, name: str, props: list[str]) -> tuple[ApiRef, list[str]] | None: ...  # walk_api
        def param_of(self, node: Node) -> tuple[ProjectFunction, int] | None: ...  # walk_api
        def param_path(self, node: Node) -> ParamPath | None: ...  # walk_calls
        def type_subject(self, node: Node) -> tuple[ProjectFunction, int] | None: ...  # walk_api
        def alias_use(self, api: ApiRef, node: Node) -> None: ...  # walk_api
        def record_api(self, api: ApiRef, props: list[str], called: bool, node: Node) -> tuple[str, str] | None: ...
        def type_tables(self, node: Node) -> None: ...  # walk_api
        def reference(self, node: Node, *, as_root: bool) -> None: ...  # walk_api
        def visit_function(self, node: Node, *, iife: bool = False) -> None: ...  # walk_bindings
        def destructure(
            self,
            pattern: Node,
            api: ApiRef | None,
            param: tuple[ProjectFunction, int] | None,
            *,
            var: bool,
            origin: Node | None = None,
        ) -> None: ...  # walk_bindings
        def callee_ref(self, callee: Node) -> tuple[Any, str]: ...  # walk_calls
        def registration(self, node: Node, event: str, callback: Node) -> None: ...  # walk_calls
        def constant(self, node: Node, depth: int = 0) -> object: ...  # walk_constants
        def shape(self, node: Node) -> tuple[str | None, dict[str, JsonType] | None]: ...  # walk_constants
        def string_of(self, node: Node) -> str | None: ...  # walk_constants
        def reassigned_names(self) -> set[str]: ...  # walk_constants
        def json_type(self, node: Node, depth: int = 0) -> JsonType: ...  # walk_constants
        def classify_return(self, value: Node | None) -> list[Any]: ...  # walk_control
        def html_sinks(self, node: Node, method: str | None, args: list[Node]) -> None: ...  # walk_dynamic
        def global_call(self, node: Node, name: str, args: list[Node]) -> None: ...  # walk_dynamic
        def global_member_call(self, node: Node, root: str, props: list[str], args: list[Node]) -> None: ...
        def constant_string(self, node: Node | None) -> bool: ...  # walk_dynamic
        def dynamic_import(self, node: Node, args: list[Node]) -> None: ...  # walk_dynamic
        def global_read(self, root: str, props: list[str], node: Node, *, write: bool) -> None: ...  # walk_dynamic
        def eval_reference(self, root: str, props: list[str], node: Node) -> None: ...  # walk_dynamic
        def this_is_window(self, node: Node) -> bool: ...  # walk_dynamic
        def is_script_element(self, node: Node) -> bool: ...  # walk_dynamic
        def import_statement(self, node: Node) -> None: ...  # walk_modules
        def require_of(self, node: Node) -> Binding | None: ...  # walk_modules
        def bundled_root(self, root: Node) -> ApiRef | None: ...  # walk_modules
        def shared_api_global(self, name: str) -> ApiRef | None: ...  # walk_modules
        def reexport(self, statement: Node) -> None: ...  # walk_modules

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

    def dynamic(self, kind: DynamicKind, description: str, node: Node) -> None:
        self.facts.dynamic_code.append(
            DynamicCode(kind, description, self.location(node), G.as_guard(self.guard), self.scope)
        )

    def load_work(self, kind: LoadWorkKind, description: str, node: Node) -> None:
        if not self.load_time:
            return
        # the statement's place in the file, not id(): a statement's node is freed once walked, and its id reused
        key = (getattr(self.statement, "start_byte", -1), kind, description)
        if key in self.load_seen:
            return
        self.load_seen.add(key)
        self.facts.load_time_work.append(LoadTimeWork(kind, description, self.location(node), G.as_guard(self.guard)))
