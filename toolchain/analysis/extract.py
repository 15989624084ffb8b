"""Source facts with tree-sitter: what each TypeScript/JavaScript file of an extension does with the extension APIs.

`extract_project(files, abstraction=…, root=…)` reads a set of entry files and every project file they reach through
relative imports; `extract_file(path, abstraction=…, resolver=…)` one file (its imports are read too, as far as
needed). Both return `facts.FileFacts`; see facts.py for the model and the README of this package for what is and
is not understood.

How it works. Each file is walked once (`_Walker`), depth first, with its lexical scopes: the bindings of every block
are declared before its statements are visited, so an identifier resolves to what it names (an import, a function,
a parameter, an alias of `chrome`/`browser`/the polyfill…) and a local `chrome` shadows the global. The walk records
the facts a file shows on its own (API uses, dynamic code, constants, load-time work, suppressions) and, per function,
what its parameters flow into: a send API, a listener registration, a comparison of `param.type` with a literal, a
call of another project function. A second phase (`_Analysis`), over every file read, computes to a fixed point which
functions are send helpers (a parameter reaches `runtime.sendMessage`/`tabs.sendMessage`) and listener helpers (a
parameter reaches `*.addListener`), then turns the recorded call sites into message sends and handlers.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from toolchain.analysis import guards as G
from toolchain.analysis.facts import (
    ApiUse,
    Call,
    ConstantValue,
    DynamicCode,
    FileFacts,
    Location,
    LoadTimeWork,
    MessageHandler,
    MessageSend,
)
from toolchain.analysis.parse import RESOLVE_SUFFIXES, ParsedFile, is_source, parse_file
from toolchain.json_types import json_type_name

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

__all__ = ["Resolver", "extract_file", "extract_project"]

# --- what the extractor knows --------------------------------------------------------------------------------------
POLYFILL_MODULES = frozenset({"webextension-polyfill"})
API_GLOBALS = frozenset({"chrome", "browser"})
GLOBAL_OBJECTS = frozenset({"window", "self", "globalThis"})
SEND_APIS = {"runtime.sendMessage": "runtime", "tabs.sendMessage": "tabs"}
MESSAGE_EVENT = "runtime.onMessage"
#: the key of a message object that names its type (seed 000 Appendix A: `{ type: 'EXTRACT_TEXT' }`)
DISCRIMINANT = "type"
#: namespaces whose second segment is a namespace too (`storage.local.get`): the API of a property read keeps it
TWO_LEVEL_NAMESPACES = {
    "storage": {"local", "sync", "session", "managed"},
    "devtools": {"panels", "inspectedWindow", "network", "performance", "recorder"},
    "privacy": {"network", "services", "websites"},
    "proxy": {"settings"},
    "system": {"cpu", "memory", "storage", "display"},
    "enterprise": {"platformKeys", "deviceAttributes", "hardwarePlatform", "networkingAttributes"},
    "input": {"ime"},
    "app": {"runtime", "window"},
}

_T = TypeVar("_T")  # what a parameter table holds per parameter

_EVENT = re.compile(r"^on[A-Z]")
_FUNCTION_METHODS = frozenset({"call", "apply", "bind"})
_VALIDATOR = re.compile(r"^(?:is|validate|assert|check|verify|ensure|guard)(?:[A-Z_]\w*)?$|^(?:safeParse|parse)$")
#: Functions that only judge a message (they test every type a protocol declares): predicates, and the generated
#: protocol module's `describeInvalid<Channel>` explanations.
_JUDGE = re.compile(r"^(?:is|validate|assert|describeInvalid)[A-Z_]\w*$")

DOM_READ_GLOBALS = frozenset(
    {
        "location", "history", "getSelection", "getComputedStyle", "innerWidth", "innerHeight", "outerWidth",
        "outerHeight", "scrollX", "scrollY", "pageXOffset", "pageYOffset", "devicePixelRatio", "screen", "frames",
        "matchMedia", "visualViewport", "frameElement", "opener",
    }
)  # fmt: skip
STORAGE_GLOBALS = frozenset({"localStorage", "sessionStorage", "indexedDB", "caches"})
NETWORK_CALLS = frozenset({"fetch"})
NETWORK_CONSTRUCTORS = frozenset({"XMLHttpRequest", "WebSocket", "EventSource"})
TIMERS = frozenset({"setTimeout", "setInterval", "requestAnimationFrame", "requestIdleCallback", "queueMicrotask"})
KNOWN_WINDOW_MEMBERS = (
    DOM_READ_GLOBALS | STORAGE_GLOBALS | NETWORK_CALLS | NETWORK_CONSTRUCTORS | TIMERS | {"document", "eval", "Function"}
)
PURE_FUNCTIONS = frozenset(
    {
        "String", "Number", "Boolean", "Symbol", "BigInt", "parseInt", "parseFloat", "isNaN", "isFinite",
        "encodeURIComponent", "decodeURIComponent", "encodeURI", "decodeURI", "structuredClone", "Array", "Object",
        "clearTimeout", "clearInterval", "cancelAnimationFrame", "atob", "btoa",
    }
)  # fmt: skip
PURE_NAMESPACES = frozenset(
    {"Object", "Array", "JSON", "Math", "Number", "String", "Reflect", "Symbol", "Date", "console", "Promise", "Intl",
     "BigInt"}
)  # fmt: skip
PURE_CONSTRUCTORS = frozenset(
    {
        "Map", "Set", "WeakMap", "WeakSet", "WeakRef", "Array", "Object", "Date", "RegExp", "URL", "URLSearchParams",
        "Error", "TypeError", "RangeError", "SyntaxError", "TextEncoder", "TextDecoder", "AbortController", "Headers",
        "MutationObserver", "IntersectionObserver", "ResizeObserver", "PerformanceObserver", "Blob", "DOMParser",
        "Event", "CustomEvent", "Uint8Array", "Uint16Array", "Uint32Array", "Int8Array", "Int16Array", "Int32Array",
        "Float32Array", "Float64Array", "ArrayBuffer", "DataView", "Promise", "FinalizationRegistry",
    }
)  # fmt: skip
DOM_MUTATORS = frozenset(
    {
        "appendChild", "append", "prepend", "insertBefore", "removeChild", "replaceChild", "replaceChildren",
        "remove", "setAttribute", "removeAttribute", "toggleAttribute", "insertAdjacentHTML", "insertAdjacentElement",
        "insertAdjacentText", "add", "toggle", "replaceWith", "before", "after", "write", "writeln", "open", "close",
        "execCommand", "attachShadow", "adoptNode", "importNode", "setProperty",
    }
)  # fmt: skip
REGISTRATION_METHODS = frozenset({"addListener", "addEventListener", "removeListener", "removeEventListener"})

_WRAPPERS = frozenset(
    {"parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression", "type_assertion"}
)
_FUNCTIONS = frozenset(
    {"function_declaration", "generator_function_declaration", "function_expression", "function", "arrow_function",
     "generator_function", "method_definition"}
)  # fmt: skip
_SKIP = frozenset(
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
_NOPE = object()  # "not a constant"
_RECURSION_LIMIT = 20_000


class _ApiRef(NamedTuple):
    via: str  # "chrome" | "browser" | "polyfill" | "abstraction"
    path: tuple[str, ...]


class _FrozenDict(dict):  # type: ignore[type-arg]
    """A payload mapping that can sit in a frozen (hashable) dataclass."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))


def _unwrap(node: Node) -> Node:
    while node.type in _WRAPPERS:
        inner = _first_expression(node)
        if inner is None:
            break
        node = inner
    return node


def _first_expression(node: Node) -> Node | None:
    for child in node.named_children:
        if child.type != "comment" and child.type not in ("type_arguments", "type_annotation"):
            return child
    return None


def _arguments(call: Node) -> list[Node]:
    args = call.child_by_field_name("arguments")
    if args is None:
        return []
    if args.type == "template_string":  # tagged template
        return []
    return [child for child in args.named_children if child.type != "comment"]


def _text(node: Node, limit: int = 60) -> str:
    text = node.text.decode("utf-8", errors="replace")
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_literal_string(node: Node) -> bool:
    node = _unwrap(node)
    if node.type in ("string", "template_string"):
        return G.string_value(node) is not None
    if node.type == "binary_expression":
        operator = node.child_by_field_name("operator")
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        return (
            operator is not None
            and operator.type == "+"
            and left is not None
            and right is not None
            and _is_literal_string(left)
            and _is_literal_string(right)
        )
    return False


def _is_remote(url: str) -> bool:
    lowered = url.strip().lower()
    return lowered.startswith(("http:", "https:", "//", "ws:", "wss:"))


def _namespace_depth(path: tuple[str, ...]) -> int:
    return 2 if len(path) > 1 and path[1] in TWO_LEVEL_NAMESPACES.get(path[0], ()) else 1


def _is_namespace(path: tuple[str, ...]) -> bool:
    return len(path) <= _namespace_depth(path)


def _classify_api(path: tuple[str, ...], called: bool) -> tuple[str, str]:
    """(api, kind): events end at their `onX` segment, calls keep their whole path, property reads the member."""
    for index, segment in enumerate(path):
        if _EVENT.match(segment):
            return ".".join(path[: index + 1]), "event"
    if called:
        if len(path) > 1 and path[-1] in _FUNCTION_METHODS:
            path = path[:-1]
        return ".".join(path), "call"
    return ".".join(path[: _namespace_depth(path) + 1]), "property"


# --- per-file records ----------------------------------------------------------------------------------------------
class _Binding:
    __slots__ = ("kind", "api", "fn", "module", "name", "param", "init", "type", "const")

    def __init__(self, kind: str, **values: Any) -> None:
        self.kind = kind  # api | fn | import | namespace | param | param-type | value | class | opaque
        self.api: _ApiRef | None = values.get("api")
        self.fn: _Fn | None = values.get("fn")
        self.module: Path | None = values.get("module")
        self.name: str | None = values.get("name")
        self.param: tuple[_Fn, int] | None = values.get("param")
        self.init: Node | None = values.get("init")
        self.type: Node | None = values.get("type")
        self.const: bool = values.get("const", False)


class _Lex:
    __slots__ = ("parent", "bindings", "function")

    def __init__(self, parent: _Lex | None, function: bool) -> None:
        self.parent = parent
        self.bindings: dict[str, _Binding] = {}
        self.function = function

    def lookup(self, name: str) -> _Binding | None:
        scope: _Lex | None = self
        while scope is not None:
            found = scope.bindings.get(name)
            if found is not None:
                return found
            scope = scope.parent
        return None


class _Fn:
    """A function of the project (named or inline) and what its parameters flow into."""

    def __init__(self, module: _Module, node: Node, name: str | None, scope: str) -> None:
        self.module = module
        self.node = node
        self.name = name  # its facts scope when it is one ("f", "Class.m"); None for inline/nested functions
        self.scope = scope  # the facts scope its body counts as
        self.params: list[str | None] = []
        self.param_types: dict[str, Node] = {}
        self.is_async = any(child.type == "async" for child in node.children[:3])
        self.promise_annotation = False
        self.predicate = False
        self.returns: list[Any] = []
        self.sync_param_calls: set[int] = set()
        self.outer_param_calls: list[tuple[_Fn, int]] = []
        #: parameter → (channel, "message" | "type"): the parameter is the message sent, or the `type` of the
        #: message literal sent (`send(type, data)` building `{ type, ...data }`)
        self.sends_param: dict[int, tuple[str, str]] = {}
        self.listens_param: dict[int, tuple[str, tuple[_Fn, ...]]] = {}
        self.type_literals: dict[int, set[str]] = {}
        #: per parameter, in source order: calls that take it as an argument (callee ref, callee text, position)
        self.param_uses: dict[int, list[tuple[Any, str, int]]] = {}
        returns = node.child_by_field_name("return_type")
        if returns is not None:
            kind = returns.type
            if kind in ("type_predicate_annotation", "asserts_annotation"):
                self.predicate = True
            else:
                text = returns.text.decode("utf-8", errors="replace").lstrip(":").strip()
                self.promise_annotation = text.startswith(("Promise<", "PromiseLike<", "Promise "))
                self.predicate = text == "boolean"

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<fn {self.name or '(inline)'} in {self.module.path.name}:{self.node.start_point[0] + 1}>"


class _Arg:
    __slots__ = ("node", "param", "shape", "ref", "inline", "string", "type_param")

    def __init__(self, node: Node) -> None:
        self.node = node
        self.string: str | None = None  # the string the argument certainly is
        self.type_param: tuple[_Fn, int] | None = None  # an object literal whose `type` is a parameter
        self.param: tuple[_Fn, int] | None = None  # the argument is a parameter of an enclosing function
        self.shape: tuple[str | None, dict[str, str] | None] | None = None  # (message type, payload) when literal
        self.ref: Any = None  # a function reference: ("fn", _Fn) | ("import", path, name) | ("global", name)
        self.inline = False  # an inline arrow/function


class _Site:
    """A call of a project function (a candidate send or listener helper call), or an API send/registration."""

    __slots__ = ("ref", "name", "args", "handles_error", "location", "guard", "scope", "fn", "load_key")

    def __init__(self, **values: Any) -> None:
        self.ref = values.get("ref")
        self.name: str = values.get("name", "")
        self.args: list[_Arg] = values.get("args", [])
        self.handles_error: bool = values.get("handles_error", False)
        self.location: Location = values["location"]
        self.guard = values.get("guard")
        self.scope: str = values.get("scope", "")
        self.fn: _Fn | None = values.get("fn")
        self.load_key: object = values.get("load_key")  # the top-level statement, when run at load time


class _Module:
    def __init__(self, path: Path, parsed: ParsedFile) -> None:
        self.path = path
        self.parsed = parsed
        self.kind = "module"  # "script": classic JavaScript without import/export (shares globals)
        self.base = FileFacts(path=path, language=parsed.language)
        self.fns: list[_Fn] = []
        self.named: dict[str, _Fn] = {}
        self.api_exports: dict[str, _ApiRef] = {}
        self.reexports: dict[str, tuple[Path, str]] = {}
        self.star_exports: list[Path] = []
        self.send_sites: list[tuple[_Site, _Arg | None, str]] = []  # (site, message argument, channel)
        self.handler_sites: list[tuple[_Site, _Arg]] = []  # direct runtime.onMessage.addListener(cb)
        self.call_sites: list[_Site] = []  # calls of project functions
        self.global_refs: list[tuple[str, str, Location]] = []  # (scope, name, location) in classic scripts


# --- resolution ----------------------------------------------------------------------------------------------------
class Resolver:
    """Resolves import specifiers to the project's files and keeps every file read (each is walked once).

    `resolve` may replace the default resolution (relative `./x`, `../x` and root-absolute `/x` specifiers, tried
    as written, with .ts/.tsx/.mts/.js/.mjs/.jsx and as a folder's `index.*`; a `.js` specifier also finds the
    `.ts` file, as TypeScript's ESM resolution does). Bare specifiers are never resolved.
    `script_groups`: classic (non-module) scripts that run together and share globals; by default all classic
    scripts read by one resolver share them.
    """

    def __init__(
        self,
        *,
        root: Path | None = None,
        abstraction: Path | None = None,
        resolve: Callable[[str, Path], Path | None] | None = None,
        script_groups: Iterable[Iterable[Path]] | None = None,
    ) -> None:
        self.root = root.resolve() if root is not None else None
        self.abstraction = abstraction.resolve() if abstraction is not None else None
        self._custom = resolve
        self.modules: dict[Path, _Module | None] = {}
        self._resolved: dict[tuple[str, Path], Path | None] = {}
        self._analysis: _Analysis | None = None
        self._groups: dict[Path, int] = {}
        for index, group in enumerate(script_groups or ()):
            for member in group:
                self._groups[Path(member).resolve()] = index

    def resolve(self, specifier: str, importer: Path) -> Path | None:
        key = (specifier, importer.parent)
        if key not in self._resolved:
            self._resolved[key] = self._resolve(specifier, importer)
        return self._resolved[key]

    def _resolve(self, specifier: str, importer: Path) -> Path | None:
        if self._custom is not None:
            found = self._custom(specifier, importer)
            return found.resolve() if found is not None else None
        if specifier.startswith(("./", "../")) or specifier in (".", ".."):
            base = importer.parent / specifier
        elif specifier.startswith("/") and not specifier.startswith("//") and self.root is not None:
            base = self.root / specifier.lstrip("/")
        else:
            return None
        specifier_path = base
        candidates = [specifier_path]
        if specifier_path.suffix in (".js", ".mjs", ".jsx", ".cjs"):
            stem = specifier_path.with_suffix("")
            candidates += [stem.with_suffix(s) for s in (".ts", ".tsx", ".mts", ".cts")]
        candidates += [specifier_path.with_name(specifier_path.name + s) for s in RESOLVE_SUFFIXES]
        candidates += [specifier_path / f"index{s}" for s in RESOLVE_SUFFIXES]
        for candidate in candidates:
            if is_source(candidate) and candidate.is_file():  # `import './popup.css'` is not a source
                return candidate.resolve()
        return None

    def module(self, path: Path) -> _Module | None:
        """The walked file (None when it cannot be read); files imported by it are walked first."""
        if path in self.modules:  # resolved paths come back often
            return self.modules[path]
        path = path.resolve()
        if path in self.modules:
            return self.modules[path]
        try:
            parsed = parse_file(path)
        except OSError:
            self.modules[path] = None
            return None
        module = _Module(path, parsed)
        self.modules[path] = module
        self._analysis = None
        limit = sys.getrecursionlimit()
        if limit < _RECURSION_LIMIT:  # the walk recurses with the tree (minified code nests deeply)
            sys.setrecursionlimit(_RECURSION_LIMIT)
        try:
            _Walker(module, self).run()
        finally:
            if limit < _RECURSION_LIMIT:
                sys.setrecursionlimit(limit)
        return module

    def via(self, module: Path, ref: _ApiRef) -> _ApiRef:
        """An API alias imported from `module`: through the abstraction when that module is it (or is in it, when
        the abstraction is a folder)."""
        if self.abstraction is not None and (module == self.abstraction or module.is_relative_to(self.abstraction)):
            return _ApiRef("abstraction", ref.path)
        return ref

    def export(self, path: Path, name: str, seen: frozenset[Path] = frozenset()) -> tuple[Path, str, _Fn | None] | None:
        """What `name` exported by `path` is: (defining file, its local scope name, the function if one)."""
        module = self.modules.get(path)
        if module is None or path in seen:
            return None
        local = module.base.exports.get(name)
        if local is not None:
            return path, local, module.named.get(local)
        if name in module.reexports:
            target, target_name = module.reexports[name]
            return self.export(target, target_name, seen | {path})
        if name != "default":
            for star in module.star_exports:
                found = self.export(star, name, seen | {path})
                if found is not None:
                    return found
        return None

    def api_export(self, path: Path, name: str, seen: frozenset[Path] = frozenset()) -> _ApiRef | None:
        module = self.modules.get(path)
        if module is None or path in seen:
            return None
        if name in module.api_exports:
            return self.via(path, module.api_exports[name])
        if name in module.reexports:
            target, target_name = module.reexports[name]
            found = self.api_export(target, target_name, seen | {path})
            return self.via(path, found) if found is not None else None
        if name != "default":
            for star in module.star_exports:
                found = self.api_export(star, name, seen | {path})
                if found is not None:
                    return self.via(path, found)
        return None

    def group(self, path: Path) -> int:
        return self._groups.get(path, -1)

    def analysis(self) -> _Analysis:
        if self._analysis is None:
            self._analysis = _Analysis(self)
        return self._analysis

    def facts(self, path: Path) -> FileFacts:
        module = self.module(path)
        if module is None:
            raise FileNotFoundError(path)
        return self.analysis().facts(module)


def extract_file(
    path: Path,
    *,
    abstraction: Path | None = None,
    resolver: Resolver | Callable[[str, Path], Path | None] | None = None,
) -> FileFacts:
    """The facts of one file. Files it imports are read too (aliases, helpers and guards defined there count).

    `resolver`: a `Resolver` (reuse one across calls: every file is then parsed and walked once), or a function
    `(specifier, importing file) → Path | None`, or None for the default relative resolution.
    """
    if not isinstance(resolver, Resolver):
        resolver = Resolver(abstraction=abstraction, resolve=resolver)
    elif abstraction is not None and resolver.abstraction is None:
        resolver.abstraction = abstraction.resolve()
    return resolver.facts(Path(path))


def extract_project(
    files: Iterable[Path],
    *,
    abstraction: Path | None = None,
    root: Path | None = None,
    script_groups: Iterable[Iterable[Path]] | None = None,
) -> dict[Path, FileFacts]:
    """The facts of every file reachable from `files` through relative imports, by absolute path."""
    resolver = Resolver(root=root, abstraction=abstraction, script_groups=script_groups)
    for file in files:
        if resolver.module(Path(file)) is None:
            raise FileNotFoundError(file)
    analysis = resolver.analysis()
    return {path: analysis.facts(module) for path, module in resolver.modules.items() if module is not None}


# --- the walk ------------------------------------------------------------------------------------------------------
class _Walker:
    def __init__(self, module: _Module, resolver: Resolver) -> None:
        self.module = module
        self.resolver = resolver
        self.parsed = module.parsed
        self.facts = module.base
        self.path = module.path
        self.lex = _Lex(None, True)
        self.fn: _Fn | None = None
        self.scope = ""
        self.guard: G.Node_ = True
        self.load_time = True
        self.try_depth = 0
        self.statement: object = None
        self.load_seen: set[tuple[int, str, str]] = set()
        self.fn_by_node: dict[int, _Fn] = {}
        self.aliases: set[int] = set()  # declarator values that are API aliases (not uses)
        self.constants: dict[str, object] = {}
        self.classes: list[tuple[str | None, dict[str, _Fn]]] = []
        self.script_elements: set[int] = set()  # ids of bindings initialised with createElement('script')
        self.declared: set[int] = set()  # declarators already bound

    # -- driving ---------------------------------------------------------------------------------------------------
    def run(self) -> None:
        root = self.parsed.tree.root_node
        self.facts.parse_errors = list(self.parsed.errors)
        if self.parsed.language == "javascript" and not any(
            child.type in ("import_statement", "export_statement") for child in root.named_children
        ):
            self.module.kind = "script"
        self.visit(root)
        if b"xtk-ignore" in self.parsed.source:
            self.suppressions(root)
        if self.module.kind == "script":
            for name, fn in self.module.named.items():
                if "." not in name:
                    self.facts.exports.setdefault(name, name)

    def visit(self, node: Node) -> None:
        kind = node.type
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, node)
        elif kind not in _SKIP:
            for child in node.named_children:
                self.visit(child)

    def visit_error(self, node: Node) -> None:
        """What the parser could not read: its API uses still count, its load-time work is not guessed."""
        saved = self.load_time
        self.load_time = False
        self.visit_children(node)
        self.load_time = saved

    def visit_children(self, node: Node) -> None:
        for child in node.named_children:
            self.visit(child)

    def location(self, node: Node) -> Location:
        return self.parsed.location(node)

    def bind(self, name: str, binding: _Binding, *, var: bool = False) -> None:
        scope = self.lex
        if var:
            while not scope.function and scope.parent is not None:
                scope = scope.parent
        scope.bindings[name] = binding

    def lookup(self, name: str) -> _Binding | None:
        return self.lex.lookup(name)

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

    # -- the program and its declarations --------------------------------------------------------------------------
    def visit_program(self, node: Node) -> None:
        statements = [child for child in node.named_children if child.type != "comment"]
        self.prescan(statements, program=True)
        for statement in statements:
            self.statement = statement
            try:
                self.visit(statement)
            except RecursionError:  # pathological nesting (minified code): the rest of the statement is skipped
                self.fn, self.scope, self.load_time, self.try_depth, self.guard = None, "", True, 0, True
        self.exports(statements)

    def visit_block(self, node: Node) -> None:
        saved = self.lex
        self.lex = _Lex(saved, False)
        statements = node.named_children
        self.prescan(statements)
        for statement in statements:
            self.visit(statement)
        self.lex = saved

    def prescan(self, statements: list[Node], program: bool = False) -> None:
        """Declare a block's bindings before its statements run: imports, functions, classes, then variables."""
        declarations: list[Node] = []
        for statement in statements:
            kind = statement.type
            if kind == "export_statement":
                inner = statement.child_by_field_name("declaration")
                if inner is None:
                    value = statement.child_by_field_name("value")
                    if value is not None and value.type in ("function_expression", "function", "arrow_function"):
                        self.declare_function(value, "default" if program else None)
                    elif value is not None and value.type == "class":
                        self.bind_class(value)
                    if program:
                        self.reexport(statement)
                    continue
                statement, kind = inner, inner.type
            if kind == "import_statement":
                if program:
                    self.import_statement(statement)
            elif kind in ("function_declaration", "generator_function_declaration"):
                name = statement.child_by_field_name("name")
                if name is not None:
                    fn = self.declare_function(statement, name.text.decode())
                    self.bind(name.text.decode(), _Binding("fn", fn=fn))
            elif kind in ("class_declaration", "abstract_class_declaration"):
                self.bind_class(statement)
            elif kind in ("lexical_declaration", "variable_declaration"):
                declarations.append(statement)
        for declaration in declarations:
            self.declare_variables(declaration)

    def declare_function(self, node: Node, name: str | None) -> _Fn:
        known = self.fn_by_node.get(node.id)
        if known is not None:
            return known
        top_level = self.fn is None and self.scope == "" and not self.classes and name is not None
        fn = _Fn(self.module, node, name if top_level else None, name if top_level and name else self.scope)
        self.fn_by_node[node.id] = fn
        self.module.fns.append(fn)
        if fn.name is not None:
            self.module.named.setdefault(fn.name, fn)
        return fn

    def bind_class(self, node: Node) -> None:
        name = node.child_by_field_name("name")
        if name is not None:
            self.bind(name.text.decode(), _Binding("class", name=name.text.decode()))

    def declare_variables(self, declaration: Node) -> None:
        var = declaration.type == "variable_declaration"
        kind = declaration.child_by_field_name("kind")
        const = kind is not None and kind.type == "const"
        for declarator in declaration.named_children:
            if declarator.type != "variable_declarator":
                continue
            name = declarator.child_by_field_name("name")
            value = declarator.child_by_field_name("value")
            if name is None or declarator.id in self.declared:
                continue
            self.declared.add(declarator.id)
            type_node = declarator.child_by_field_name("type")
            self.declare_pattern(name, value, type_node, const=const, var=var)

    def declare_pattern(self, name: Node, value: Node | None, type_node: Node | None, *, const: bool, var: bool) -> None:
        bare = _unwrap(value) if value is not None else None
        if name.type == "identifier":
            text = name.text.decode()
            if bare is not None and bare.type in ("arrow_function", "function_expression", "function",
                                                  "generator_function"):  # fmt: skip
                fn = self.declare_function(bare, text)
                self.bind(text, _Binding("fn", fn=fn), var=var)
                return
            if bare is not None:
                api = self.api_of(bare)
                if api is not None:
                    self.aliases.add(value.id)  # type: ignore[union-attr]
                    self.alias_use(api, bare)
                    self.bind(text, _Binding("api", api=api), var=var)
                    return
                required = self.require_of(bare)
                if required is not None:
                    self.aliases.add(value.id)  # type: ignore[union-attr]
                    self.bind(text, required, var=var)
                    return
                param = self.param_of(bare)
                if param is not None and const:
                    self.bind(text, _Binding("param", param=param), var=var)
                    return
            binding = _Binding("value", init=value, type=type_node, const=const)
            if bare is not None and self._is_script_element(bare):
                self.script_elements.add(id(binding))
            self.bind(text, binding, var=var)
            return
        # destructuring
        api = self.api_of(bare) if bare is not None else None
        param = self.param_of(bare) if bare is not None and api is None else None
        if api is not None:
            self.aliases.add(value.id)  # type: ignore[union-attr]
        self.destructure(name, api, param, var=var, origin=bare)

    def destructure(
        self, pattern: Node, api: _ApiRef | None, param: tuple[_Fn, int] | None, *, var: bool, origin: Node | None = None
    ) -> None:
        kind = pattern.type
        if kind == "identifier":
            if api is not None:
                if origin is not None:
                    self.alias_use(api, origin)
                self.bind(pattern.text.decode(), _Binding("api", api=api), var=var)
            else:
                self.bind(pattern.text.decode(), _Binding("opaque"), var=var)
            return
        if kind == "object_pattern":
            for child in pattern.named_children:
                if child.type == "shorthand_property_identifier_pattern":
                    key = child.text.decode()
                    self.bind_property(key, key, api, param, var, origin)
                elif child.type == "object_assignment_pattern":
                    left = child.child_by_field_name("left")
                    if left is not None and left.type == "shorthand_property_identifier_pattern":
                        self.bind_property(left.text.decode(), left.text.decode(), api, param, var, origin)
                elif child.type == "pair_pattern":
                    key_node, target = child.child_by_field_name("key"), child.child_by_field_name("value")
                    if key_node is None or target is None:
                        continue
                    key = _property_name(key_node)
                    if target.type == "assignment_pattern":
                        target = target.child_by_field_name("left") or target
                    sub_api = _ApiRef(api.via, api.path + (key,)) if api is not None and key else None
                    if target.type == "identifier" and key == DISCRIMINANT and param is not None:
                        self.bind(target.text.decode(), _Binding("param-type", param=param), var=var)
                    else:
                        self.destructure(target, sub_api, None, var=var, origin=origin)
                elif child.type == "rest_pattern":
                    for inner in child.named_children:
                        self.destructure(inner, None, None, var=var)
            return
        if kind in ("array_pattern", "rest_pattern", "assignment_pattern"):
            for child in pattern.named_children:
                if child.type in ("identifier", "object_pattern", "array_pattern", "rest_pattern"):
                    self.destructure(child, None, None, var=var)
                elif child.type == "assignment_pattern":
                    left = child.child_by_field_name("left")
                    if left is not None:
                        self.destructure(left, None, None, var=var)

    def bind_property(
        self, key: str, local: str, api: _ApiRef | None, param: tuple[_Fn, int] | None, var: bool, origin: Node | None
    ) -> None:
        if api is not None:
            member = _ApiRef(api.via, api.path + (key,))
            if origin is not None:
                self.alias_use(member, origin)
            self.bind(local, _Binding("api", api=member), var=var)
        elif param is not None and key == DISCRIMINANT:
            self.bind(local, _Binding("param-type", param=param), var=var)
        else:
            self.bind(local, _Binding("opaque"), var=var)

    def import_statement(self, node: Node) -> None:
        source = node.child_by_field_name("source")
        specifier = G.string_value(source) if source is not None else None
        if specifier is None:
            return
        self.facts.imports.append(specifier)
        type_only = any(child.type == "type" for child in node.children)
        target = None if specifier in POLYFILL_MODULES else self.resolver.resolve(specifier, self.path)
        if target is not None and not type_only:
            if target not in self.facts.resolved_imports:
                self.facts.resolved_imports.append(target)
            self.resolver.module(target)
        clause = next((child for child in node.named_children if child.type == "import_clause"), None)
        if clause is None or type_only:
            return
        for child in clause.named_children:
            if child.type == "identifier":
                self.bind(child.text.decode(), self.imported(specifier, target, "default"))
            elif child.type == "namespace_import":
                local = next((c for c in child.named_children if c.type == "identifier"), None)
                if local is None:
                    continue
                if specifier in POLYFILL_MODULES:
                    self.bind(local.text.decode(), _Binding("api", api=_ApiRef("polyfill", ())))
                elif target is not None:
                    self.bind(local.text.decode(), _Binding("namespace", module=target))
                else:
                    self.bind(local.text.decode(), _Binding("opaque"))
            elif child.type == "named_imports":
                for spec in child.named_children:
                    if spec.type != "import_specifier" or any(c.type == "type" for c in spec.children):
                        continue
                    name = spec.child_by_field_name("name")
                    alias = spec.child_by_field_name("alias") or name
                    if name is None or alias is None:
                        continue
                    self.bind(alias.text.decode(), self.imported(specifier, target, _property_name(name)))

    def imported(self, specifier: str, target: Path | None, name: str) -> _Binding:
        if specifier in POLYFILL_MODULES:
            path = () if name == "default" else (name,)
            return _Binding("api", api=_ApiRef("polyfill", path))
        if target is None:
            return _Binding("opaque")
        api = self.resolver.api_export(target, name)
        if api is not None:
            return _Binding("api", api=api)
        return _Binding("import", module=target, name=name)

    def require_of(self, node: Node) -> _Binding | None:
        """`require('webextension-polyfill')` / `require('./x')` (CommonJS)."""
        if node.type != "call_expression":
            return None
        callee = node.child_by_field_name("function")
        if callee is None or callee.type != "identifier" or callee.text != b"require" or self.lookup("require"):
            return None
        args = _arguments(node)
        specifier = G.string_value(args[0]) if len(args) == 1 else None
        if specifier is None:
            return None
        self.facts.imports.append(specifier)
        if specifier in POLYFILL_MODULES:
            return _Binding("api", api=_ApiRef("polyfill", ()))
        target = self.resolver.resolve(specifier, self.path)
        if target is None:
            return _Binding("opaque")
        if target not in self.facts.resolved_imports:
            self.facts.resolved_imports.append(target)
        self.resolver.module(target)
        return _Binding("namespace", module=target)

    def reexport(self, statement: Node) -> None:
        source = statement.child_by_field_name("source")
        if source is None:
            return
        specifier = G.string_value(source)
        if specifier is None:
            return
        self.facts.imports.append(specifier)
        if any(child.type == "type" for child in statement.children):
            return
        polyfill = specifier in POLYFILL_MODULES
        target = None if polyfill else self.resolver.resolve(specifier, self.path)
        if target is not None:
            if target not in self.facts.resolved_imports:
                self.facts.resolved_imports.append(target)
            self.resolver.module(target)
        clause = next((c for c in statement.named_children if c.type == "export_clause"), None)
        namespace = next((c for c in statement.named_children if c.type == "namespace_export"), None)
        if clause is not None:
            for spec in clause.named_children:
                if spec.type != "export_specifier" or any(c.type == "type" for c in spec.children):
                    continue
                name = spec.child_by_field_name("name")
                alias = spec.child_by_field_name("alias") or name
                if name is None or alias is None:
                    continue
                exported, original = _property_name(alias), _property_name(name)
                if polyfill:
                    self.module.api_exports[exported] = _ApiRef("polyfill", () if original == "default" else (original,))
                elif target is not None:
                    self.module.reexports[exported] = (target, original)
        elif namespace is not None:
            local = next((c for c in namespace.named_children if c.type in ("identifier", "string")), None)
            if local is not None and polyfill:
                self.module.api_exports[_property_name(local)] = _ApiRef("polyfill", ())
        elif target is not None:
            self.module.star_exports.append(target)

    def exports(self, statements: list[Node]) -> None:
        """The file's exports (name → local scope) and which of them are aliases of an API object."""
        exports = self.facts.exports
        for statement in statements:
            if statement.type != "export_statement":
                continue
            default = any(child.type == "default" for child in statement.children)
            declaration = statement.child_by_field_name("declaration")
            if declaration is not None:
                for name in _declared_names(declaration):
                    local = "default" if default and name is None else name
                    if local is None:
                        continue
                    exports["default" if default else local] = local
                    binding = self.lex.bindings.get(local)
                    if binding is not None and binding.kind == "api" and binding.api is not None:
                        self.module.api_exports["default" if default else local] = binding.api
                continue
            value = statement.child_by_field_name("value")
            if default and value is not None:
                bare = _unwrap(value)
                if bare.type == "identifier":
                    exports["default"] = bare.text.decode()
                    binding = self.lex.bindings.get(bare.text.decode())
                    if binding is not None and binding.kind == "api" and binding.api is not None:
                        self.module.api_exports["default"] = binding.api
                else:
                    exports["default"] = "default"
                    api = self.api_of(bare)
                    if api is not None:
                        self.module.api_exports["default"] = api
                continue
            if statement.child_by_field_name("source") is not None:
                continue
            clause = next((c for c in statement.named_children if c.type == "export_clause"), None)
            if clause is None:
                continue
            for spec in clause.named_children:
                if spec.type != "export_specifier":
                    continue
                name = spec.child_by_field_name("name")
                alias = spec.child_by_field_name("alias") or name
                if name is None or alias is None:
                    continue
                local, exported = _property_name(name), _property_name(alias)
                binding = self.lex.bindings.get(local)
                if binding is not None and binding.kind == "api" and binding.api is not None:
                    self.module.api_exports[exported] = binding.api
                elif binding is not None and binding.kind == "import" and binding.module is not None:
                    self.module.reexports[exported] = (binding.module, binding.name or exported)
                    continue
                exports[exported] = local

    # -- API roots and aliases -------------------------------------------------------------------------------------
    def api_of(self, node: Node) -> _ApiRef | None:
        """The API object an expression denotes (`chrome`, `browser.runtime`, an alias…), without recording a use."""
        node = _unwrap(node)
        kind = node.type
        if kind == "identifier":
            return self.root_api(node.text.decode())
        if kind in ("member_expression", "subscript_expression"):
            root, props, _ = _chain(node)
            if root.type != "identifier":
                return None
            resolved = self.resolve_root(root.text.decode(), props)
            if resolved is None:
                return None
            api, rest = resolved
            return _ApiRef(api.via, api.path + tuple(rest))
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

    def root_api(self, name: str) -> _ApiRef | None:
        binding = self.lookup(name)
        if binding is not None:
            return binding.api if binding.kind == "api" else None
        if name in API_GLOBALS:
            return _ApiRef(name, ())
        return None

    def resolve_root(self, name: str, props: list[str]) -> tuple[_ApiRef, list[str]] | None:
        """Resolve the root of a member chain to an API object: (API, the properties after it)."""
        binding = self.lookup(name)
        if binding is None:
            if name in API_GLOBALS:
                return _ApiRef(name, ()), props
            if name in GLOBAL_OBJECTS and props and props[0] in API_GLOBALS:
                return _ApiRef(props[0], ()), props[1:]
            return None
        if binding.kind == "api" and binding.api is not None:
            return binding.api, props
        if binding.kind == "namespace" and binding.module is not None and props:
            api = self.resolver.api_export(binding.module, props[0])
            if api is not None:
                return api, props[1:]
        return None

    def param_of(self, node: Node) -> tuple[_Fn, int] | None:
        node = _unwrap(node)
        if node.type not in ("identifier", "shorthand_property_identifier"):
            return None
        binding = self.lookup(node.text.decode())
        if binding is not None and binding.kind == "param":
            return binding.param
        return None

    def type_subject(self, node: Node) -> tuple[_Fn, int] | None:
        """`message.type`, `message['type']`, or a `type` destructured from a message parameter."""
        node = _unwrap(node)
        if node.type == "identifier":
            binding = self.lookup(node.text.decode())
            return binding.param if binding is not None and binding.kind == "param-type" else None
        if node.type == "member_expression":
            prop = node.child_by_field_name("property")
            if prop is None or prop.text.decode() != DISCRIMINANT:
                return None
        elif node.type == "subscript_expression":
            if G.string_value(node.child_by_field_name("index")) != DISCRIMINANT:
                return None
        else:
            return None
        target = node.child_by_field_name("object")
        return self.param_of(target) if target is not None else None

    def alias_use(self, api: _ApiRef, node: Node) -> None:
        """An alias of an API member (`const id = chrome.runtime.id`, `const { sendMessage } = chrome.runtime`) reads
        it where it is declared; an alias of a namespace (`const rt = chrome.runtime`) touches nothing yet."""
        if api.path and not _is_namespace(api.path):
            self.record_api(api, [], False, node)

    def record_api(self, api: _ApiRef, props: list[str], called: bool, node: Node) -> tuple[str, str] | None:
        path = api.path + tuple(props)
        if not path:
            return None
        name, kind = _classify_api(path, called)
        checked = self.try_depth > 0 or "?." in node.text.decode("utf-8", "replace").split("(", 1)[0]
        self.facts.api_uses.append(
            ApiUse(name, kind, api.via, self.location(node), G.as_guard(self.guard), self.scope, checked)  # type: ignore[arg-type]
        )
        return name, kind

    # -- functions and classes -------------------------------------------------------------------------------------
    def visit_function(self, node: Node, *, iife: bool = False) -> None:
        fn = self.fn_by_node.get(node.id)
        if fn is None:
            name = None
            if node.type in ("function_declaration", "generator_function_declaration"):
                name_node = node.child_by_field_name("name")
                name = name_node.text.decode() if name_node is not None else None
            fn = self.declare_function(node, name)
        saved = (self.lex, self.fn, self.scope, self.load_time, self.try_depth)
        self.lex = _Lex(self.lex, True)
        if node.type in ("function_expression", "function"):
            name_node = node.child_by_field_name("name")
            if name_node is not None:  # a named function expression sees its own name
                self.lex.bindings[name_node.text.decode()] = _Binding("fn", fn=fn)
        self.fn, self.scope = fn, fn.scope
        self.load_time = self.load_time and iife
        self.try_depth = 0
        self.bind_parameters(fn, node)
        body = node.child_by_field_name("body")
        if body is not None:
            if body.type == "statement_block":
                statements = body.named_children
                self.prescan(statements)
                for statement in statements:
                    self.visit(statement)
            else:  # an expression-bodied arrow returns its body
                fn.returns.extend(self.classify_return(body))
                self.visit(body)
        self.lex, self.fn, self.scope, self.load_time, self.try_depth = saved

    def bind_parameters(self, fn: _Fn, node: Node) -> None:
        single = node.child_by_field_name("parameter")
        if single is not None:
            parameters = [single]
        else:
            container = node.child_by_field_name("parameters")
            parameters = [c for c in container.named_children if c.type != "comment"] if container is not None else []
        index = 0
        for parameter in parameters:
            pattern, type_node = parameter, None
            if parameter.type in ("required_parameter", "optional_parameter"):
                pattern = parameter.child_by_field_name("pattern") or parameter
                # an optional parameter may be undefined: its JSON type is not known
                type_node = parameter.child_by_field_name("type") if parameter.type == "required_parameter" else None
            if pattern.type == "this":
                continue
            if pattern.type == "assignment_pattern":
                pattern = pattern.child_by_field_name("left") or pattern
            if pattern.type == "identifier":
                name = pattern.text.decode()
                fn.params.append(name)
                if type_node is not None:
                    fn.param_types[name] = type_node
                self.lex.bindings[name] = _Binding("param", param=(fn, index))
            else:  # `({ type, tabId }) => …`: a `type` taken from the parameter is the message's type
                fn.params.append(None)
                self.destructure(pattern, None, (fn, index) if pattern.type == "object_pattern" else None, var=False)
            index += 1

    def visit_class(self, node: Node) -> None:
        name_node = node.child_by_field_name("name")
        top_level = self.fn is None and self.scope == "" and not self.classes and name_node is not None
        class_name = name_node.text.decode() if name_node is not None and top_level else None
        if node.type == "class" and name_node is not None:
            saved_lex = self.lex
            self.lex = _Lex(self.lex, False)
            self.lex.bindings[name_node.text.decode()] = _Binding("class", name=name_node.text.decode())
        else:
            saved_lex = self.lex
        body = node.child_by_field_name("body")
        heritage = [c for c in node.named_children if c.type == "class_heritage"]
        for item in heritage:
            self.visit(item)
        methods: dict[str, _Fn] = {}
        members = body.named_children if body is not None else []
        for member in members:  # declare the methods first: `this.m()` may precede `m`
            target, member_name = None, None
            if member.type == "method_definition":
                target, member_name = member, member.child_by_field_name("name")
            elif member.type in ("public_field_definition", "field_definition"):
                value = member.child_by_field_name("value")
                if value is not None and _unwrap(value).type in ("arrow_function", "function_expression", "function"):
                    target, member_name = _unwrap(value), member.child_by_field_name("name") or member.child_by_field_name("property")
            if target is None or member_name is None:
                continue
            method = _property_name(member_name)
            scope_name = f"{class_name}.{method}" if class_name else None
            fn = _Fn(self.module, target, scope_name, scope_name or self.scope)
            self.fn_by_node[target.id] = fn
            self.module.fns.append(fn)
            if scope_name:
                self.module.named.setdefault(scope_name, fn)
            methods[method] = fn
        self.classes.append((class_name, methods))
        for member in members:
            static = any(child.type == "static" for child in member.children[:2])
            if member.type in ("public_field_definition", "field_definition") and not static:
                saved = self.load_time
                self.load_time = False
                self.visit_children(member)
                self.load_time = saved
            elif member.type == "class_static_block":
                self.visit_children(member)
            else:
                self.visit(member)
        self.classes.pop()
        self.lex = saved_lex

    # -- declarations ----------------------------------------------------------------------------------------------
    def visit_declaration(self, node: Node) -> None:
        # declarations outside a block's statement list (for-loop heads) are declared here
        if any(c.type == "variable_declarator" and c.id not in self.declared for c in node.named_children):
            self.declare_variables(node)
        program_const = (
            self.fn is None and not self.classes and self.lex.parent is None and _is_const(node)
        )
        for declarator in node.named_children:
            if declarator.type != "variable_declarator":
                continue
            name = declarator.child_by_field_name("name")
            value = declarator.child_by_field_name("value")
            if value is None:
                continue
            if program_const and name is not None and name.type == "identifier":
                constant = self.constant(value)
                if constant is not _NOPE:
                    self.constants[name.text.decode()] = constant
                    self.facts.constants.append(ConstantValue(name.text.decode(), constant, self.location(name)))
            if value.id in self.aliases:
                continue
            self.visit(value)

    def visit_export(self, node: Node) -> None:
        declaration = node.child_by_field_name("declaration")
        if declaration is not None:
            self.visit(declaration)
            return
        value = node.child_by_field_name("value")
        if value is not None:
            self.visit(value)

    def constant(self, node: Node, depth: int = 0) -> object:
        if depth > 40:
            return _NOPE
        node = _unwrap(node)
        kind = node.type
        if kind in ("string", "template_string"):
            value = G.string_value(node)
            return _NOPE if value is None else value
        if kind in ("number", "true", "false", "null", "unary_expression"):
            value = G.literal_value(node)
            return _NOPE if value is G._MISSING else value
        if kind == "identifier":
            return self.constants.get(node.text.decode(), _NOPE) if self.lookup(node.text.decode()) else _NOPE
        if kind == "object":
            result: dict[str, object] = {}
            for child in node.named_children:
                if child.type == "pair":
                    key = _static_key(child.child_by_field_name("key"))
                    value_node = child.child_by_field_name("value")
                    if key is None or value_node is None:
                        return _NOPE
                    value = self.constant(value_node, depth + 1)
                    if value is _NOPE:
                        return _NOPE
                    result[key] = value
                elif child.type == "shorthand_property_identifier":
                    value = self.constants.get(child.text.decode(), _NOPE)
                    if value is _NOPE:
                        return _NOPE
                    result[child.text.decode()] = value
                elif child.type == "spread_element":
                    inner = _first_expression(child)
                    value = self.constant(inner, depth + 1) if inner is not None else _NOPE
                    if not isinstance(value, dict):
                        return _NOPE
                    result.update(value)
                elif child.type != "comment":
                    return _NOPE
            return result
        if kind == "array":
            items: list[object] = []
            for child in node.named_children:
                if child.type == "comment":
                    continue
                if child.type == "spread_element":
                    inner = _first_expression(child)
                    value = self.constant(inner, depth + 1) if inner is not None else _NOPE
                    if not isinstance(value, list):
                        return _NOPE
                    items.extend(value)
                    continue
                value = self.constant(child, depth + 1)
                if value is _NOPE:
                    return _NOPE
                items.append(value)
            return items
        if kind == "call_expression":
            callee = node.child_by_field_name("function")
            args = _arguments(node)
            if (
                callee is not None
                and callee.type == "member_expression"
                and callee.text == b"Object.freeze"
                and self.lookup("Object") is None
                and len(args) == 1
            ):
                return self.constant(args[0], depth + 1)
            return _NOPE
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            left_node, right_node = node.child_by_field_name("left"), node.child_by_field_name("right")
            if operator is None or left_node is None or right_node is None:
                return _NOPE
            left, right = self.constant(left_node, depth + 1), self.constant(right_node, depth + 1)
            return _arithmetic(operator.type, left, right)
        return _NOPE

    # -- calls -----------------------------------------------------------------------------------------------------
    def callee_ref(self, callee: Node) -> tuple[Any, str]:
        """What is called: ("api", ApiRef path, api name, kind) | ("fn", _Fn) | ("import", path, name) |
        ("param", fn, i) | ("global", name) | ("method", …) | ("other", text), and a printable name."""
        bare = _unwrap(callee)
        kind = bare.type
        if kind == "identifier":
            name = bare.text.decode()
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
        return ("other", _text(bare)), _text(bare)

    def visit_call(self, node: Node) -> None:
        callee = node.child_by_field_name("function")
        if callee is None:
            self.visit_children(node)
            return
        bare = _unwrap(callee)
        args = _arguments(node)
        if bare.type == "import":
            self.dynamic_import(node, args)
            for arg in args:
                self.visit(arg)
            return
        if bare.type in ("arrow_function", "function_expression", "function"):  # an IIFE runs where it stands
            self.visit_function(bare, iife=True)
            for arg in args:
                self.visit(arg)
            return
        ref: Any
        api_name: tuple[str, str] | None = None
        props: list[str] = []
        root_name: str | None = None
        if bare.type in ("member_expression", "subscript_expression"):
            if self.fn is not None:
                self.type_tables(bare)
            root, props, extras = _chain(bare)
            ref = ("other", _text(bare))
            name = _text(bare)
            if root.type == "identifier":
                root_name = root.text.decode()
                resolved = self.resolve_root(root_name, props)
                if resolved is not None:
                    api, rest = resolved
                    api_name = self.record_api(api, rest, True, bare)
                    ref = ("api", api, rest)
                else:
                    binding = self.lookup(root_name)
                    if binding is not None and binding.kind == "namespace" and binding.module is not None and len(props) == 1:
                        ref = ("import", binding.module, props[0])
                    elif binding is None:
                        ref = ("member-global", root_name, props)
                    self.reference(root, as_root=True)
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
            if tag == "global" and (self.module.kind != "script" or name in _GLOBAL_CALLS):
                self.global_call(node, name, args)
                return
            self.project_call(node, ref, name, args)
            return
        if tag == "param":
            owner, index = ref[1], ref[2]
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

    def is_wrapper_call(self, node: Node, fn: _Fn, args: list[Node]) -> bool:
        """Does inline function `fn` delegate to the outer parameter it calls here? Yes when it hands on what it
        receives: `(m, s) => handler(m, s)`, `() => listener()`, `(info) => listener({ id: info.menuItemId })`,
        `(m, s, r) => { handler(m).then(r); return true; }`; not for `(m) => { log('got'); … }`."""
        if any((param := self.param_of(arg)) is not None and param[0] is fn for arg in args):
            return True
        parent = node.parent
        while parent is not None and parent.type in _WRAPPERS | {"await_expression"}:
            parent = parent.parent
        returned = parent is not None and (parent.type == "return_statement" or parent == fn.node)
        return returned and (not fn.params or any(self.mentions_params(arg, fn) for arg in args))

    def mentions_params(self, node: Node, fn: _Fn) -> bool:
        stack = [node]
        while stack:
            current = stack.pop()
            if current.type in ("identifier", "shorthand_property_identifier"):
                binding = self.lookup(current.text.decode())
                if binding is not None and binding.param is not None and binding.param[0] is fn:
                    return True
            elif current.type not in _FUNCTIONS:
                stack.extend(current.named_children)
        return False

    def html_sinks(self, node: Node, method: str | None, args: list[Node]) -> None:
        if method == "insertAdjacentHTML" and len(args) > 1 and not _is_literal_string(args[1]):
            self.dynamic("inner-html", "insertAdjacentHTML() with a computed value", node)
        elif method == "createContextualFragment" and args and not _is_literal_string(args[0]):
            self.dynamic("inner-html", "createContextualFragment() with a computed value", node)

    def api_call(self, node: Node, ref: Any, api_name: tuple[str, str] | None, args: list[Node]) -> None:
        if api_name is None:
            return
        api, kind = api_name
        full = ref[1].path + tuple(ref[2])
        if kind == "call" and api in SEND_APIS:
            index = 1 if api == "tabs.sendMessage" or (len(args) > 1 and _is_literal_string(args[0])) else 0
            message = self.arg(args[index]) if index < len(args) else None
            site = self.site(node, ref, api, [])
            if message is not None and message.param is not None:
                owner, position = message.param
                owner.sends_param.setdefault(position, (SEND_APIS[api], "message"))
            elif message is not None and message.type_param is not None:
                owner, position = message.type_param
                owner.sends_param.setdefault(position, (SEND_APIS[api], "type"))
            if not site.handles_error and any(
                _unwrap(a).type in ("arrow_function", "function_expression", "function") and b"lastError" in a.text
                for a in args[index + 1 :]
            ):
                site.handles_error = True
            self.module.send_sites.append((site, message, SEND_APIS[api]))
            self.load_work("message", f"{api}()", node)
            return
        if kind == "event" and full and full[-1] in ("addListener",) and args:
            self.registration(node, api, args[0])
            return
        if kind == "event":
            return
        if api in ("tabs.executeScript",) or (api == "scripting.executeScript" and args):
            details = _unwrap(args[-1]) if args else None
            if details is not None and details.type == "object":
                for pair in details.named_children:
                    key = (
                        _static_key(pair.child_by_field_name("key")) if pair.type == "pair"
                        else pair.text.decode() if pair.type == "shorthand_property_identifier" else None
                    )  # fmt: skip
                    if key == "code":
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
            wrapper: _Fn = arg.ref[1]
            for owner, index in wrapper.outer_param_calls:
                owner.listens_param.setdefault(index, (event, (wrapper,)))
            if wrapper.outer_param_calls and fn is not None:
                return
        if arg.ref is not None and arg.ref[0] == "fn" and arg.ref[1].name is not None and not arg.inline:
            self.facts.listener_scopes.add(arg.ref[1].name)
        if event == MESSAGE_EVENT:
            self.module.handler_sites.append((self.site(node, ("api",), "", []), arg))

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
        site = self.site(node, ref, name, [self.arg(a) for a in args])
        self.module.call_sites.append(site)

    def site(self, node: Node, ref: Any, name: str, args: list[_Arg]) -> _Site:
        return _Site(
            ref=ref,
            name=name,
            args=args,
            handles_error=self.try_depth > 0 or _chained_catch(node),
            location=self.location(node),
            guard=self.guard,
            scope=self.scope,
            fn=self.fn,
            load_key=self.statement if self.load_time else None,
        )

    def arg(self, node: Node) -> _Arg:
        info = _Arg(node)
        bare = _unwrap(node)
        if bare.type == "call_expression":  # `handler.bind(this)` is the handler
            callee = bare.child_by_field_name("function")
            prop = callee.child_by_field_name("property") if callee is not None and callee.type == "member_expression" else None
            if prop is not None and prop.text == b"bind":
                target = callee.child_by_field_name("object")  # type: ignore[union-attr]
                if target is not None:
                    bare = _unwrap(target)
        kind = bare.type
        if kind in ("arrow_function", "function_expression", "function"):
            fn = self.fn_by_node.get(bare.id)
            if fn is not None:
                info.ref, info.inline = ("fn", fn), True
        elif kind == "identifier":
            binding = self.lookup(bare.text.decode())
            if binding is None:
                if self.module.kind == "script":
                    info.ref = ("global", bare.text.decode())
            elif binding.kind == "param":
                info.param = binding.param
            elif binding.kind == "fn" and binding.fn is not None:
                info.ref = ("fn", binding.fn)
            elif binding.kind == "import" and binding.module is not None:
                info.ref = ("import", binding.module, binding.name)
            elif binding.kind == "value" and binding.const and binding.init is not None:
                init = _unwrap(binding.init)
                if init.type == "object":
                    info.shape = self.shape(init)
        elif kind == "member_expression":
            target = bare.child_by_field_name("object")
            prop = bare.child_by_field_name("property")
            if target is not None and target.type == "this" and prop is not None and self.classes:
                method = self.classes[-1][1].get(prop.text.decode())
                if method is not None:
                    info.ref = ("fn", method)
        elif kind == "object":
            info.shape = self.shape(bare)
            for child in bare.named_children:
                value = None
                if child.type == "pair" and _static_key(child.child_by_field_name("key")) == DISCRIMINANT:
                    value = child.child_by_field_name("value")
                elif child.type == "shorthand_property_identifier" and child.text.decode() == DISCRIMINANT:
                    value = child
                if value is not None:
                    info.type_param = self.param_of(value)
        if kind in ("string", "template_string", "identifier", "member_expression"):
            info.string = self.string_of(bare)
        return info

    def shape(self, node: Node) -> tuple[str | None, dict[str, str] | None]:
        message_type: str | None = None
        payload: dict[str, str] | None = _FrozenDict()
        for child in node.named_children:
            kind = child.type
            if kind == "pair":
                key = _static_key(child.child_by_field_name("key"))
                value = child.child_by_field_name("value")
                if key is None or value is None:
                    payload = None
                    continue
                if key == DISCRIMINANT:
                    message_type = self.string_of(value)
                elif payload is not None:
                    payload[key] = self.json_type(value)
            elif kind == "shorthand_property_identifier":
                key = child.text.decode()
                if key == DISCRIMINANT:
                    message_type = self.string_of(child)
                elif payload is not None:
                    payload[key] = self.json_type(child)
            elif kind == "method_definition":
                if payload is not None:
                    name = child.child_by_field_name("name")
                    payload[_property_name(name) if name is not None else "?"] = "unknown"
            elif kind == "spread_element":  # `{ ...BASE, x }`: literal when BASE is a constant of this file
                inner = _first_expression(child)
                value = self.constant(inner) if inner is not None else _NOPE
                if not isinstance(value, dict):
                    payload = None
                    continue
                for key, item in value.items():
                    if key == DISCRIMINANT:
                        message_type = item if isinstance(item, str) else None
                    elif payload is not None:
                        payload[key] = json_type_name(item)
            elif kind != "comment":  # a computed key: the shape is not literal
                payload = None
        return message_type, payload

    def string_of(self, node: Node) -> str | None:
        """A string a node certainly holds: a literal, a const initialised with one, a constant's member."""
        node = _unwrap(node)
        value = G.string_value(node)
        if value is not None:
            return value
        if node.type in ("identifier", "shorthand_property_identifier"):
            binding = self.lookup(node.text.decode())
            if binding is not None and binding.kind == "value" and binding.const and binding.init is not None:
                return G.string_value(_unwrap(binding.init))
            value = self.known_constant(node.text.decode(), [])
            return value if isinstance(value, str) else None
        if node.type in ("member_expression", "subscript_expression"):
            root, props, extras = _chain(node)
            if root.type == "identifier" and not extras:
                value = self.known_constant(root.text.decode(), props)
                return value if isinstance(value, str) else None
        return None

    def known_constant(self, name: str, props: list[str]) -> object:
        """The value of a top-level constant of this file or imported from a project file (`MSG.GET`)."""
        binding = self.lookup(name)
        if binding is None:
            return _NOPE
        if binding.kind == "import" and binding.module is not None:
            target = self.resolver.export(binding.module, binding.name or name)
            module = self.resolver.modules.get(target[0]) if target is not None else None
            value = next((c.value for c in module.base.constants if c.name == target[1]), _NOPE) if module else _NOPE  # type: ignore[index]
        elif binding.kind == "namespace" and binding.module is not None and props:
            target = self.resolver.export(binding.module, props[0])
            module = self.resolver.modules.get(target[0]) if target is not None else None
            value = next((c.value for c in module.base.constants if c.name == target[1]), _NOPE) if module else _NOPE  # type: ignore[index]
            props = props[1:]
        else:
            value = self.constants.get(name, _NOPE)
        for prop in props:
            value = value.get(prop, _NOPE) if isinstance(value, dict) else _NOPE
        return value

    def json_type(self, node: Node, depth: int = 0) -> str:
        node = _unwrap(node) if node.type != "as_expression" else node
        kind = node.type
        if kind == "as_expression":
            type_node = node.named_children[-1] if node.named_children else None
            if type_node is not None and type_node.type != "const":
                found = _type_json(type_node)
                if found != "unknown":
                    return found
            inner = _first_expression(node)
            return self.json_type(inner, depth + 1) if inner is not None and depth < 8 else "unknown"
        if kind in ("string", "template_string"):
            return "string"
        if kind == "number":
            return "number"
        if kind in ("true", "false"):
            return "boolean"
        if kind == "null":
            return "null"
        if kind == "object":
            return "object"
        if kind == "array":
            return "array"
        if kind == "unary_expression":
            operator = node.child_by_field_name("operator")
            if operator is not None:
                if operator.type == "!":
                    return "boolean"
                if operator.type in ("-", "+", "~"):
                    return "number"
                if operator.type == "typeof":
                    return "string"
            return "unknown"
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            op = operator.type if operator is not None else ""
            if op in ("===", "!==", "==", "!=", "<", ">", "<=", ">=", "instanceof", "in"):
                return "boolean"
            if op in ("-", "*", "/", "%", "**", "|", "&", "^", "<<", ">>", ">>>"):
                return "number"
            if op == "+" and depth < 8:
                left = self.json_type(node.child_by_field_name("left"), depth + 1)  # type: ignore[arg-type]
                right = self.json_type(node.child_by_field_name("right"), depth + 1)  # type: ignore[arg-type]
                if "string" in (left, right):
                    return "string"
                if left == right == "number":
                    return "number"
            return "unknown"
        if kind in ("identifier", "shorthand_property_identifier") and depth < 8:
            name = node.text.decode()
            binding = self.lookup(name)
            if binding is None:
                return "unknown"
            if binding.kind in ("param",) and binding.param is not None:
                owner, index = binding.param
                param_name = owner.params[index] if index < len(owner.params) else None
                type_node = owner.param_types.get(param_name) if param_name else None
                return _type_json(type_node) if type_node is not None else "unknown"
            if binding.kind == "param-type":
                return "string"
            if binding.kind == "value":
                if binding.type is not None:
                    return _type_json(binding.type)
                if binding.const and binding.init is not None:
                    return self.json_type(binding.init, depth + 1)
            return "unknown"
        if kind == "call_expression":
            callee = node.child_by_field_name("function")
            text = callee.text if callee is not None else b""
            if text in (b"String", b"JSON.stringify") or text.endswith((b".toString", b".join", b".trim", b".slice")):
                return "string" if text != b".slice" else "unknown"
            if text in (b"Number", b"Date.now", b"parseInt", b"parseFloat") or text.startswith(b"Math."):
                return "number"
            if text in (b"Boolean", b"Array.isArray"):
                return "boolean"
            return "unknown"
        if kind == "member_expression":
            prop = node.child_by_field_name("property")
            if prop is not None and prop.text == b"length":
                return "number"
        return "unknown"

    def global_call(self, node: Node, name: str, args: list[Node]) -> None:
        """A call of an unbound global: `eval`, timers, `fetch`, `addEventListener`…"""
        if name == "eval":
            self.dynamic("eval", "eval()", node)
            self.load_work("other", "eval()", node)
        elif name == "Function":
            self.dynamic("new-function", "Function()", node)
        elif name in ("setTimeout", "setInterval"):
            if args and self.is_code_string(args[0]):
                self.dynamic("string-timer", f"{name}() with a string", node)
            self.load_work("timer", f"{name}()", node)
        elif name in TIMERS:
            self.load_work("timer", f"{name}()", node)
        elif name in NETWORK_CALLS:
            self.load_work("network", f"{name}()", node)
        elif name == "importScripts":
            if any(not _is_literal_string(a) or _is_remote(G.string_value(_unwrap(a)) or "") for a in args):
                self.dynamic("remote-script", "importScripts() of a remote or computed URL", node)
            self.load_work("other", "importScripts()", node)
        elif name in ("addEventListener", "removeEventListener"):
            if name == "addEventListener" and len(args) > 1:
                self.registration(node, f"dom:{G.string_value(args[0]) or '?'}", args[1])
        elif name == "postMessage":
            self.load_work("message", "postMessage()", node)
        elif name in DOM_READ_GLOBALS:
            self.load_work("dom-read", f"{name}()", node)
        elif name in PURE_FUNCTIONS or name == "require":
            return
        else:
            self.load_work("other", f"{name}()", node)

    def global_member_call(self, node: Node, root: str, props: list[str], args: list[Node]) -> None:
        """A method of an unbound global: `document.querySelector()`, `window.setTimeout()`, `Object.freeze()`…"""
        if root in GLOBAL_OBJECTS and props:
            first = props[0]
            if len(props) == 1 and first in KNOWN_WINDOW_MEMBERS | {"addEventListener", "removeEventListener",
                                                                      "postMessage"}:  # fmt: skip
                self.global_call(node, first, args)
                return
            if first in KNOWN_WINDOW_MEMBERS:
                root, props = first, props[1:]
        method = props[-1] if props else ""
        if root == "document":
            if method in ("write", "writeln") and props[:1] == [method]:
                self.dynamic("inner-html", f"document.{method}()", node)
            self.html_sinks(node, method, args)
            if method in ("addEventListener", "removeEventListener"):
                if method == "addEventListener" and len(args) > 1:
                    self.registration(node, f"dom:{G.string_value(args[0]) or '?'}", args[1])
                if len(props) == 1:
                    return
                self.load_work("dom-read", f"{root}.{'.'.join(props[:-1])}", node)
                return
            kind = "dom-write" if method in DOM_MUTATORS else "dom-read"
            if root == "document" and props and props[0] == "cookie":
                kind = "storage"
            self.load_work(kind, f"{root}.{'.'.join(props)}()", node)
            return
        if root in STORAGE_GLOBALS:
            self.load_work("storage", f"{root}.{'.'.join(props)}()", node)
        elif root in DOM_READ_GLOBALS:
            self.load_work("dom-read", f"{root}.{'.'.join(props)}()", node)
        elif root in PURE_NAMESPACES or root in PURE_FUNCTIONS:
            return
        elif root == "navigator" and method == "sendBeacon":
            self.load_work("network", "navigator.sendBeacon()", node)
        else:
            self.html_sinks(node, method, args)
            if method not in REGISTRATION_METHODS:
                self.load_work("other", f"{root}.{'.'.join(props)}()", node)

    def is_code_string(self, node: Node) -> bool:
        node = _unwrap(node)
        if node.type in ("string", "template_string"):
            return True
        if node.type == "binary_expression":
            return self.json_type(node) == "string"
        if node.type == "identifier":
            binding = self.lookup(node.text.decode())
            if binding is not None and binding.kind == "value" and binding.init is not None:
                return _unwrap(binding.init).type in ("string", "template_string")
        return False

    def dynamic_import(self, node: Node, args: list[Node]) -> None:
        specifier = G.string_value(_unwrap(args[0])) if args else None
        if specifier is None:
            self.dynamic("remote-import", "import() of a computed specifier", node)
            return
        if _is_remote(specifier):
            self.dynamic("remote-import", f"import('{specifier}')", node)
            return
        self.facts.imports.append(specifier)
        target = self.resolver.resolve(specifier, self.path)
        if target is not None:
            if target not in self.facts.resolved_imports:
                self.facts.resolved_imports.append(target)
            self.resolver.module(target)

    def visit_new(self, node: Node) -> None:
        constructor = node.child_by_field_name("constructor")
        args = _arguments(node)
        if constructor is not None:
            bare = _unwrap(constructor)
            if bare.type == "identifier":
                name = bare.text.decode()
                binding = self.lookup(name)
                if binding is None:
                    if name == "Function":
                        self.dynamic("new-function", "new Function()", node)
                    elif name in NETWORK_CONSTRUCTORS:
                        self.load_work("network", f"new {name}()", node)
                    elif name not in PURE_CONSTRUCTORS:
                        self.load_work("other", f"new {name}()", node)
                else:
                    if binding.kind == "class" and binding.name is not None:
                        method = self.module.named.get(f"{binding.name}.constructor")
                        if method is not None:
                            self.facts.calls.append(Call(self.scope, method.name or "", None, self.location(node)))
                    self.load_work("other", f"new {name}()", node)
            else:
                if bare.text not in (b"Intl.DateTimeFormat", b"Intl.NumberFormat", b"Intl.Collator"):
                    self.load_work("other", f"new {_text(bare)}()", node)
                self.visit(bare)
        for arg in args:
            self.visit(arg)

    # -- member chains and identifiers ---------------------------------------------------------------------------
    def type_tables(self, node: Node) -> None:
        """`handlers[message.type]`: the keys of a constant object indexed by a message's type are types it handles."""
        while node.type in ("member_expression", "subscript_expression", "non_null_expression",
                            "parenthesized_expression"):  # fmt: skip
            target = node.child_by_field_name("object") or _first_expression(node)
            if node.type == "subscript_expression" and target is not None:
                index = node.child_by_field_name("index")
                subject = self.type_subject(index) if index is not None else None
                if subject is not None and _unwrap(target).type == "identifier":
                    binding = self.lookup(_unwrap(target).text.decode())
                    table = _unwrap(binding.init) if binding is not None and binding.init is not None else None
                    if table is not None and table.type == "object":
                        keys = {_static_key(c.child_by_field_name("key")) if c.type in ("pair", "method_definition")
                                else c.text.decode() if c.type == "shorthand_property_identifier" else None
                                for c in table.named_children}  # fmt: skip
                        literals = subject[0].type_literals.setdefault(subject[1], set())
                        literals.update(key for key in keys if key)
            if target is None:
                return
            node = target

    def visit_member(self, node: Node) -> None:
        if self.fn is not None:
            self.type_tables(node)
        root, props, extras = _chain(node)
        if root.type == "identifier":
            name = root.text.decode()
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

    def global_read(self, root: str, props: list[str], node: Node, *, write: bool) -> None:
        if not self.load_time:
            return
        if root in GLOBAL_OBJECTS:
            if not props:
                return
            if props[0] in KNOWN_WINDOW_MEMBERS:
                root, props = props[0], props[1:]
            else:  # a global variable of the page or the extension: writing it is work, reading it is not
                if write and props[0] not in API_GLOBALS:
                    self.load_work("other", f"{root}.{props[0]} assigned", node)
                return
        description = ".".join([root, *props])
        if root == "document":
            if props and props[0] == "cookie":
                self.load_work("storage", description, node)
            elif props:
                self.load_work("dom-write" if write else "dom-read", description, node)
        elif root in DOM_READ_GLOBALS:
            self.load_work("dom-write" if write else "dom-read", description, node)
        elif root in STORAGE_GLOBALS:
            self.load_work("storage", description, node)

    def visit_identifier(self, node: Node) -> None:
        self.reference(node, as_root=False)

    def reference(self, node: Node, *, as_root: bool) -> None:
        """An identifier used as a value: an API alias read, or a project function referenced (counted as a call)."""
        name = node.text.decode()
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
        if binding.kind == "api" and binding.api is not None and binding.api.path and _is_namespace(binding.api.path):
            self.record_api(binding.api, [], False, node)  # a member alias was recorded where it was declared
        elif binding.kind == "fn" and binding.fn is not None and binding.fn.name is not None:
            if binding.fn is not self.fn:
                self.facts.calls.append(Call(self.scope, binding.fn.name, None, self.location(node)))
        elif binding.kind == "import" and binding.module is not None:
            target = self.resolver.export(binding.module, binding.name or name)
            if target is not None and target[2] is not None:
                self.facts.calls.append(Call(self.scope, target[1], target[0], self.location(node)))

    def visit_assignment(self, node: Node) -> None:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if left is not None:
            target = _unwrap(left)
            if target.type in ("member_expression", "subscript_expression"):
                root, props, extras = _chain(target)
                last = props[-1] if props else None
                if right is not None and last in ("innerHTML", "outerHTML") and not _is_literal_string(right):
                    self.dynamic("inner-html", f"{last} assigned a computed value", node)
                if right is not None and last == "src" and root.type == "identifier" and len(props) == 1:
                    binding = self.lookup(root.text.decode())
                    if binding is not None and id(binding) in self.script_elements:
                        url = G.string_value(_unwrap(right))
                        if url is None or _is_remote(url):
                            self.dynamic("remote-script", "a <script> element's src set to a remote or computed URL",
                                         node)  # fmt: skip
                if root.type == "identifier":
                    name = root.text.decode()
                    binding = self.lookup(name)
                    if binding is None:
                        handler = last is not None and last.startswith("on") and (
                            len(props) == 1 and name in GLOBAL_OBJECTS | {"document"}
                        )
                        if handler and right is not None:
                            self.registration(node, f"dom:{last[2:]}", right)
                        else:
                            self.global_read(name, props, target, write=True)
                    else:
                        resolved = self.resolve_root(name, props)
                        if resolved is not None:
                            self.record_api(resolved[0], resolved[1], False, target)
                else:
                    self.visit(root)
                for extra in extras:
                    self.visit(extra)
            elif target.type == "identifier":
                name = target.text.decode()
                if self.lookup(name) is None and name.startswith("on") and right is not None:
                    self.registration(node, f"dom:{name[2:]}", right)
                elif self.lookup(name) is None and name in DOM_READ_GLOBALS:
                    self.global_read(name, [], target, write=True)
            else:
                self.visit(target)
        if right is not None:
            self.visit(right)

    # -- control flow: guards, type tests, try, returns ----------------------------------------------------------
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
        self.lex = _Lex(saved, False)
        parameter = node.child_by_field_name("parameter")
        if parameter is not None:
            self.destructure(parameter, None, None, var=False)
        body = node.child_by_field_name("body")
        if body is not None:
            self.visit(body)
        self.lex = saved

    def visit_for(self, node: Node) -> None:
        saved = self.lex
        self.lex = _Lex(saved, False)
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
        value = _unwrap(value)
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
            callee = _unwrap(callee)
            if callee.type in ("member_expression", "subscript_expression"):
                root, props, _ = _chain(callee)
                if props and props[-1] in ("then", "catch", "finally"):
                    return ["promise"]
                if root.type == "identifier":
                    name = root.text.decode()
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

    # -- facts with no cross-file part -----------------------------------------------------------------------------
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

    def _is_script_element(self, node: Node) -> bool:
        if node.type != "call_expression":
            return False
        callee = node.child_by_field_name("function")
        args = _arguments(node)
        return (
            callee is not None
            and callee.text == b"document.createElement"
            and len(args) == 1
            and (G.string_value(_unwrap(args[0])) or "").lower() == "script"
        )

    def suppressions(self, root: Node) -> None:
        comments: list[Node] = []
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type == "comment":
                comments.append(node)
                continue
            stack.extend(reversed(node.named_children))
        if not comments:
            return
        lines = self.parsed.source.split(b"\n")
        spans: dict[int, list[tuple[int, int]]] = {}
        for comment in comments:
            (start_row, start_col), (end_row, end_col) = comment.start_point, comment.end_point
            for row in range(start_row, end_row + 1):
                begin = start_col if row == start_row else 0
                end = end_col if row == end_row else len(lines[row]) if row < len(lines) else 0
                spans.setdefault(row, []).append((begin, end))

        def has_code(row: int) -> bool:
            if row >= len(lines):
                return False
            line = bytearray(lines[row])
            for begin, end in spans.get(row, ()):
                line[begin:end] = b" " * (end - begin)
            return bool(bytes(line).strip())

        result = self.facts.suppressions
        for comment in comments:
            text = comment.text.decode("utf-8", errors="replace")
            body = text[2:-2] if text.startswith("/*") else text[2:]
            match = _SUPPRESSION.match(body)
            if match is None:
                continue
            codes = frozenset(code.strip() for code in match.group(1).split(",") if code.strip())
            reason = " ".join(match.group(2).split()).lstrip(":-—– ").strip()
            row = comment.start_point[0]
            if not has_code(row):
                row = comment.end_point[0] + 1
                while row < len(lines) and not has_code(row):
                    row += 1
                if row >= len(lines):
                    row = comment.start_point[0]
            line = row + 1
            location = self.location(comment)
            if line in result:
                old_codes, old_reason, old_location = result[line]
                reasons = [r for r in (old_reason, reason) if r]
                result[line] = (old_codes | codes, "; ".join(reasons), old_location)
            else:
                result[line] = (codes, reason, location)


_GLOBAL_CALLS = (
    KNOWN_WINDOW_MEMBERS
    | PURE_FUNCTIONS
    | {"addEventListener", "removeEventListener", "importScripts", "postMessage", "alert", "confirm", "prompt",
       "require"}
)  # fmt: skip
#: node type → the walker's method for it (anything else: its named children are visited)
_HANDLERS: dict[str, Callable[[_Walker, Node], None]] = {
    "program": _Walker.visit_program,
    "statement_block": _Walker.visit_block,
    "function_declaration": _Walker.visit_function,
    "generator_function_declaration": _Walker.visit_function,
    "function_expression": _Walker.visit_function,
    "function": _Walker.visit_function,
    "generator_function": _Walker.visit_function,
    "arrow_function": _Walker.visit_function,
    "method_definition": _Walker.visit_function,
    "class_declaration": _Walker.visit_class,
    "abstract_class_declaration": _Walker.visit_class,
    "class": _Walker.visit_class,
    "lexical_declaration": _Walker.visit_declaration,
    "variable_declaration": _Walker.visit_declaration,
    "export_statement": _Walker.visit_export,
    "call_expression": _Walker.visit_call,
    "new_expression": _Walker.visit_new,
    "member_expression": _Walker.visit_member,
    "subscript_expression": _Walker.visit_member,
    "identifier": _Walker.visit_identifier,
    "assignment_expression": _Walker.visit_assignment,
    "augmented_assignment_expression": _Walker.visit_assignment,
    "if_statement": _Walker.visit_if,
    "ternary_expression": _Walker.visit_ternary,
    "binary_expression": _Walker.visit_binary,
    "switch_statement": _Walker.visit_switch,
    "try_statement": _Walker.visit_try,
    "return_statement": _Walker.visit_return,
    "catch_clause": _Walker.visit_catch,
    "for_statement": _Walker.visit_for,
    "for_in_statement": _Walker.visit_for,
    "ERROR": _Walker.visit_error,
}
_SUPPRESSION = re.compile(r"^\s*\*?\s*xtk-ignore\[([^\]]*)\](.*)$", re.DOTALL)


def _is_const(declaration: Node) -> bool:
    kind = declaration.child_by_field_name("kind")
    return declaration.type == "lexical_declaration" and kind is not None and kind.type == "const"


def _chain(node: Node) -> tuple[Node, list[str], list[Node]]:
    """A member chain `a.b?.c['d']!.e` → (root node, ["b", "c", "d", "e"], computed parts to visit).

    A computed index (`a[k].b`) ends the chain seen from the root: the properties after it are dropped.
    """
    props: list[str] = []
    extras: list[Node] = []
    while True:
        kind = node.type
        if kind == "member_expression":
            prop = node.child_by_field_name("property")
            target = node.child_by_field_name("object")
            if prop is None or target is None:
                break
            props.append(prop.text.decode())
            node = target
        elif kind == "subscript_expression":
            index = node.child_by_field_name("index")
            target = node.child_by_field_name("object")
            if target is None:
                break
            value = G.string_value(index) if index is not None else None
            if value is None:
                if index is not None:
                    extras.append(index)
                props.clear()
            else:
                props.append(value)
            node = target
        elif kind in ("non_null_expression", "parenthesized_expression"):
            inner = _first_expression(node)
            if inner is None:
                break
            node = inner
        else:
            break
    props.reverse()
    return node, props, extras


def _chained_catch(call: Node) -> bool:
    """`send().catch(…)`, `send().then(ok, onRejected)`, `send().then(…).finally(…).catch(…)`."""
    current = call
    for _ in range(16):
        parent = current.parent
        while parent is not None and parent.type in ("parenthesized_expression", "non_null_expression"):
            current, parent = parent, parent.parent
        if parent is None or parent.type != "member_expression" or parent.child_by_field_name("object") != current:
            return False
        prop = parent.child_by_field_name("property")
        grandparent = parent.parent
        if prop is None or grandparent is None or grandparent.type != "call_expression":
            return False
        if grandparent.child_by_field_name("function") != parent:
            return False
        name = prop.text
        if name == b"catch":
            return True
        if name == b"then":
            if len(_arguments(grandparent)) >= 2:
                return True
        elif name != b"finally":
            return False
        current = grandparent
    return False


def _property_name(node: Node) -> str:
    if node.type == "string":
        return G.string_value(node) or ""
    return node.text.decode("utf-8", errors="replace")


def _static_key(node: Node | None) -> str | None:
    if node is None:
        return None
    if node.type in ("property_identifier", "identifier", "private_property_identifier"):
        return node.text.decode()
    if node.type == "string":
        return G.string_value(node)
    if node.type == "number":
        number = G.parse_number(node.text.decode())
        return None if number is None else str(number)
    return None


def _declared_names(declaration: Node) -> list[str | None]:
    kind = declaration.type
    if kind in ("function_declaration", "generator_function_declaration", "class_declaration",
                "abstract_class_declaration", "enum_declaration"):  # fmt: skip
        name = declaration.child_by_field_name("name")
        return [name.text.decode() if name is not None else None]
    if kind in ("lexical_declaration", "variable_declaration"):
        names: list[str | None] = []
        for declarator in declaration.named_children:
            if declarator.type == "variable_declarator":
                name = declarator.child_by_field_name("name")
                if name is not None and name.type == "identifier":
                    names.append(name.text.decode())
        return names
    return []


def _arithmetic(operator: str, left: object, right: object) -> object:
    if left is _NOPE or right is _NOPE:
        return _NOPE
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (left, right))
    if operator == "+":
        if isinstance(left, str) and isinstance(right, str):
            return left + right
        if isinstance(left, str) and numbers is False and isinstance(right, (int, float)) and not isinstance(right, bool):
            return _NOPE
        if not numbers:
            return _NOPE
        result = left + right  # type: ignore[operator]
    elif not numbers:
        return _NOPE
    elif operator == "-":
        result = left - right  # type: ignore[operator]
    elif operator == "*":
        result = left * right  # type: ignore[operator]
    elif operator == "/":
        if right == 0:
            return _NOPE
        result = left / right  # type: ignore[operator]
    elif operator == "%":
        if right == 0:
            return _NOPE
        result = abs(left) % abs(right) * (1 if left >= 0 else -1)  # type: ignore[operator]
    elif operator == "**":
        result = left**right  # type: ignore[operator]
    else:
        return _NOPE
    if isinstance(result, float) and result.is_integer() and abs(result) < 2**53:
        return int(result)
    return result


def _type_json(node: Node | None) -> str:
    """The JSON type a TypeScript type annotation stands for (`unknown` when it is not one JSON type)."""
    if node is None:
        return "unknown"
    if node.type == "type_annotation":
        inner = _first_expression(node)
        return _type_json(inner)
    kind = node.type
    if kind == "parenthesized_type":
        return _type_json(_first_expression(node))
    if kind == "predefined_type":
        text = node.text.decode()
        return {"string": "string", "number": "number", "boolean": "boolean", "null": "null",
                "object": "object"}.get(text, "unknown")  # fmt: skip
    if kind == "literal_type":
        inner = _first_expression(node)
        if inner is None:
            return "unknown"
        if inner.type in ("string", "template_string"):
            return "string"
        if inner.type in ("number", "unary_expression"):
            return "number"
        if inner.type in ("true", "false"):
            return "boolean"
        if inner.type == "null":
            return "null"
        return "unknown"
    if kind == "template_literal_type":
        return "string"
    if kind in ("array_type", "tuple_type", "readonly_type"):
        if kind == "readonly_type":
            return _type_json(_first_expression(node))
        return "array"
    if kind == "object_type":
        return "object"
    if kind == "generic_type":
        name = node.child_by_field_name("name")
        text = name.text.decode() if name is not None else ""
        if text in ("Array", "ReadonlyArray"):
            return "array"
        if text in ("Record", "Partial", "Readonly", "Required", "Pick", "Omit"):
            return "object" if text == "Record" else "unknown"
        return "unknown"
    if kind == "union_type":
        kinds = {_type_json(child) for child in node.named_children}
        return kinds.pop() if len(kinds) == 1 else "unknown"
    return "unknown"


# --- the project-wide phase ----------------------------------------------------------------------------------------
class _Analysis:
    """Helpers to a fixed point over every file read, then each file's complete facts."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self.modules = [m for m in resolver.modules.values() if m is not None]
        self.fns = [fn for module in self.modules for fn in module.fns]
        self.globals: dict[int, dict[str, _Fn]] = {}
        for module in self.modules:
            if module.kind == "script":
                table = self.globals.setdefault(resolver.group(module.path), {})
                for name, fn in module.named.items():
                    if "." not in name:
                        table.setdefault(name, fn)
        self.senders = self._senders()
        self.listeners = self._listeners()
        self._facts: dict[Path, FileFacts] = {}

    def resolve(self, ref: Any, module: _Module | None = None) -> _Fn | None:
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

    def _senders(self) -> dict[_Fn, dict[int, tuple[str, str]]]:
        senders: dict[_Fn, dict[int, tuple[str, str]]] = {
            fn: dict(fn.sends_param) for fn in self.fns if fn.sends_param
        }
        while self._pass_parameters_on(senders):
            pass
        return senders

    def _pass_parameters_on(self, table: dict[_Fn, dict[int, _T]]) -> bool:
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

    def _listeners(self) -> dict[_Fn, dict[int, tuple[str, tuple[_Fn, ...]]]]:
        listeners: dict[_Fn, dict[int, tuple[str, tuple[_Fn, ...]]]] = {
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
    def types(self, fn: _Fn, index: int = 0, validators: bool = False) -> frozenset[str]:
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
                    judge = target.predicate or bool(target.name and _JUDGE.match(target.name.rsplit(".", 1)[-1]))
                    stack.append((target, argument, inside or judge))
        return frozenset(found)

    def validates(self, fn: _Fn, index: int = 0, seen: set[tuple[int, int]] | None = None) -> str | None:
        seen = seen if seen is not None else set()
        if (id(fn), index) in seen:
            return None
        seen.add((id(fn), index))
        for ref, name, position in fn.param_uses.get(index, ()):
            target = self.resolve(ref, fn.module)
            last = name.rsplit(".", 1)[-1]
            if (target is not None and target.predicate) or (
                _VALIDATOR.match(last) and not name.startswith(("JSON.", "Number.", "Date."))
            ):
                return target.name if target is not None and target.name else name
            if target is not None:
                found = self.validates(target, position, seen)
                if found is not None:
                    return found
        return None

    def returns_promise(self, fn: _Fn, depth: int = 0) -> bool:
        return fn.is_async or fn.promise_annotation or (depth < 8 and self.answer(fn, depth + 1) == "promise")

    def answer(self, fn: _Fn, depth: int = 0) -> str:
        if fn.is_async:
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
                kinds.add("promise" if target is not None and depth < 8 and self.returns_promise(target, depth) else "unknown")
        if "true" in kinds:
            return "return-true"
        if not kinds:
            return "sync-send-response" if 2 in fn.sync_param_calls else "none"
        if kinds == {"promise"}:
            return "promise"
        if kinds == {"passthrough"}:
            return "passthrough"
        return "unknown"

    def handler(self, site: _Site, callback: _Arg, wrappers: tuple[_Fn, ...], module: _Module) -> MessageHandler:
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
            answer=answer,  # type: ignore[arg-type]
            location=site.location,
            validates=self.validates(target) if target is not None else None,
            guard=G.as_guard(site.guard),
            scope=site.scope,
        )

    # -- a file's facts --------------------------------------------------------------------------------------------
    def facts(self, module: _Module) -> FileFacts:
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
            suppressions=dict(base.suppressions),
        )
        facts.module_kind = module.kind  # type: ignore[assignment]
        for site, message, channel in module.send_sites:
            forwarded = message is not None and (message.param is not None or message.type_param is not None)
            shape = message.shape if message is not None and not forwarded else None
            facts.sends.append(
                MessageSend(
                    channel=channel,  # type: ignore[arg-type]
                    message_type=shape[0] if shape else None,
                    payload=shape[1] if shape else None,
                    handles_error=site.handles_error,
                    location=site.location,
                    via="api",
                    guard=G.as_guard(site.guard),
                    scope=site.scope,
                    forwarded=forwarded,
                )
            )
        for site, callback in module.handler_sites:
            if callback.param is not None:
                continue
            facts.handlers.append(self.handler(site, callback, (), module))
        seen: set[tuple[int, str, str]] = set()  # one work item per statement, kind and description

        def load_work(kind: str, site: _Site) -> None:
            key = (id(site.load_key), kind, site.name)
            if key not in seen:
                seen.add(key)
                facts.load_time_work.append(LoadTimeWork(kind, f"{site.name}()", site.location, G.as_guard(site.guard)))  # type: ignore[arg-type]

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
                facts.sends.append(
                    MessageSend(
                        channel=channel,  # type: ignore[arg-type]
                        message_type=shape[0] if shape else None,
                        payload=shape[1] if shape else None,
                        handles_error=site.handles_error,
                        location=site.location,
                        via=helper_name,
                        guard=G.as_guard(site.guard),
                        scope=site.scope,
                        forwarded=forwarded,
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
