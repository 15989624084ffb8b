"""The records the walk keeps per file: API references, bindings and lexical scopes, the project's functions and
what their parameters flow into, call arguments and call sites, and the walked module itself."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from toolchain.analysis.facts import Channel, FileFacts, JsonType, Location, ModuleKind
from toolchain.analysis.guard_language import Node_
from toolchain.analysis.nodes import node_text

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.parse import ParsedFile


class ApiRef(NamedTuple):
    via: str  # "chrome" | "browser" | "polyfill" | "abstraction"
    path: tuple[str, ...]
    #: chosen among alternatives (`chrome.browserAction ?? chrome.action`): uses through it cope with absence
    fallback: bool = False


class FrozenDict(dict[str, JsonType]):
    """A payload mapping that can sit in a frozen (hashable) dataclass."""

    def __hash__(self) -> int:  # type: ignore[override]  # dict declares itself unhashable (__hash__ = None)
        return hash(frozenset(self.items()))


class Binding:
    __slots__ = ("api", "const", "fn", "init", "kind", "module", "name", "origin", "param", "type")

    def __init__(self, kind: str, **values: Any) -> None:
        self.kind = kind  # api | fn | import | namespace | param | param-type | value | class | opaque
        self.api: ApiRef | None = values.get("api")
        self.fn: ProjectFunction | None = values.get("fn")
        self.module: Path | None = values.get("module")
        self.name: str | None = values.get("name")
        self.param: tuple[ProjectFunction, int] | None = values.get("param")
        self.init: Node | None = values.get("init")
        #: a constant read from a parameter (`const id = tab.id`), resolved where it is declared (tab_origins.py)
        self.origin: ParamPath | None = values.get("origin")
        self.type: Node | None = values.get("type")
        self.const: bool = values.get("const", False)


class LexicalScope:
    __slots__ = ("bindings", "function", "parent")

    def __init__(self, parent: LexicalScope | None, function: bool) -> None:
        self.parent = parent
        self.bindings: dict[str, Binding] = {}
        self.function = function

    def lookup(self, name: str) -> Binding | None:
        scope: LexicalScope | None = self
        while scope is not None:
            found = scope.bindings.get(name)
            if found is not None:
                return found
            scope = scope.parent
        return None


class ProjectFunction:
    """A function of the project (named or inline) and what its parameters flow into."""

    def __init__(self, module: WalkedModule, node: Node, name: str | None, scope: str) -> None:
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
        #: parameters called anywhere in the function, nested callbacks included (`.then(r => sendResponse(r))`)
        self.param_calls: set[int] = set()
        self.outer_param_calls: list[tuple[ProjectFunction, int]] = []
        #: parameter → (channel, "message" | "type"): the parameter is the message sent, or the `type` of the
        #: message literal sent (`send(type, data)` building `{ type, ...data }`)
        self.sends_param: dict[int, tuple[Channel, str]] = {}
        self.listens_param: dict[int, tuple[str, tuple[ProjectFunction, ...]]] = {}
        self.type_literals: dict[int, set[str]] = {}
        #: per parameter, in source order: calls that take it as an argument (callee ref, callee text, position)
        self.param_uses: dict[int, list[tuple[Any, str, int]]] = {}
        returns = node.child_by_field_name("return_type")
        if returns is not None:
            kind = returns.type
            if kind in ("type_predicate_annotation", "asserts_annotation"):
                self.predicate = True
            else:
                text = node_text(returns, "replace").lstrip(":").strip()
                self.promise_annotation = text.startswith(("Promise<", "PromiseLike<", "Promise "))
                self.predicate = text == "boolean"

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<fn {self.name or '(inline)'} in {self.module.path.name}:{self.node.start_point[0] + 1}>"


#: a value read from a parameter: ((the function, the parameter's index), the properties read from it)
ParamPath = tuple[tuple["ProjectFunction", int], tuple[str, ...]]


class ArgumentInfo:
    __slots__ = ("inline", "node", "origin", "param", "ref", "shape", "string", "type_param")

    def __init__(self, node: Node) -> None:
        self.node = node
        self.string: str | None = None  # the string the argument certainly is
        self.type_param: tuple[ProjectFunction, int] | None = None  # an object literal whose `type` is a parameter
        self.param: tuple[ProjectFunction, int] | None = None  # the argument is a parameter of an enclosing function
        self.shape: tuple[str | None, dict[str, JsonType] | None] | None = None  # (message type, payload), literal
        self.ref: Any = (
            None  # a function reference: ("fn", ProjectFunction) | ("import", path, name) | ("global", name)
        )
        self.inline = False  # an inline arrow/function
        #: the argument is read from an enclosing function's parameter: ((function, index), properties) —
        #: `tab.id` → ((f, 0), ("id",)); a constant's initialiser is followed (tab_origins.py)
        self.origin: ParamPath | None = None


class CallSite:
    """A call of a project function (a candidate send or listener helper call), or an API send/registration."""

    __slots__ = (
        "args",
        "callback_style",
        "fn",
        "guard",
        "handles_error",
        "load_key",
        "location",
        "name",
        "receiver",
        "ref",
        "rejects_to",
        "result_use",
        "scope",
        "sender_of",
        "tab_origin",
    )

    def __init__(self, **values: Any) -> None:
        self.ref = values.get("ref")
        self.name: str = values.get("name", "")
        self.args: list[ArgumentInfo] = values.get("args", [])
        self.handles_error: bool = values.get("handles_error", False)
        self.location: Location = values["location"]
        self.guard: Node_ = values["guard"]
        self.scope: str = values.get("scope", "")
        self.fn: ProjectFunction | None = values.get("fn")
        self.load_key: object = values.get("load_key")  # the top-level statement, when run at load time
        #: unhandled here, the call's rejection is awaited or returned by this function: its callers may handle it
        self.rejects_to: ProjectFunction | None = values.get("rejects_to")
        #: what is done with the call's value (syntax.result_use): "read", "returned" or "ignored"
        self.result_use: str = values.get("result_use", "read")
        #: tabs.sendMessage: why its receiving end is known to exist (receivers.py), "" when it is not
        self.receiver: str = ""
        #: tabs.sendMessage to `sender.tab.id`: the id of the function whose second parameter `sender` is
        self.sender_of: int | None = None
        #: a `chrome.*` API call given no callback: in MV2 it returns no promise (Chrome, and Firefox's chrome
        #: namespace alike), so an error goes to `runtime.lastError`, never to an unhandled rejection
        self.callback_style: bool = False
        #: tabs.sendMessage whose tab id is read from an enclosing function's parameter (judged by its callers)
        self.tab_origin: ParamPath | None = None


class WalkedModule:
    def __init__(self, path: Path, parsed: ParsedFile) -> None:
        self.path = path
        self.parsed = parsed
        self.kind: ModuleKind = "module"  # "script": classic JavaScript without import/export (shares globals)
        self.base = FileFacts(path=path, language=parsed.language)
        self.fns: list[ProjectFunction] = []
        #: function node id → the key it is the value of in an object literal (`name: function (…) {}`, `name: (…) =>
        #: …`): recorded at the pair, where it is known, since a tree-sitter node's parent costs a walk from the root
        self.pair_keys: dict[int, str] = {}
        self.named: dict[str, ProjectFunction] = {}
        self.api_exports: dict[str, ApiRef] = {}
        self.reexports: dict[str, tuple[Path, str]] = {}
        self.star_exports: list[Path] = []
        self.send_sites: list[tuple[CallSite, ArgumentInfo | None, Channel]] = []  # (site, message argument, channel)
        self.handler_sites: list[tuple[CallSite, ArgumentInfo]] = []  # direct runtime.onMessage.addListener(cb)
        self.call_sites: list[CallSite] = []  # calls of project functions
        #: ids of the function nodes that run once a content script was injected (`executeScript(…).then(f)`)
        self.after_injection: set[int] = set()
        #: function node id → the end of the first awaited executeScript in it: later sends reach the tab
        self.injected_before: dict[int, int] = {}
        #: ids of the function nodes registered as runtime.onMessage listeners (their 2nd parameter is the sender)
        self.message_listeners: set[int] = set()
        #: ids of the function nodes registered with `addListener` → the event (their parameters are the event's)
        self.listener_events: dict[int, str] = {}
        #: ids of the function nodes handed to code outside the project (`.then(f)`, `setTimeout(f)`, callbacks)
        self.external_callbacks: set[int] = set()
        #: `x.name(…)` calls of methods the walk cannot resolve: (name, the arguments' parameter paths)
        self.method_calls: list[tuple[str, list[ArgumentInfo]]] = []
        #: immediately invoked functions and the arguments they are called with
        self.iife_calls: list[tuple[ProjectFunction, list[ArgumentInfo]]] = []
        #: `executeScript({ code: param })`: (function, parameter index, the finding if a caller passes computed code)
        self.code_params: list[tuple[ProjectFunction, int, Any]] = []
        self.reassigned: set[str] | None = None  # names assigned after their declaration (computed when first asked)
        self.global_refs: list[tuple[str, str, Location]] = []  # (scope, name, location) in classic scripts
        #: imported names → (the file, the name it exports; "*" for a namespace import): constants call_strings reads
        self.imported_names: dict[str, tuple[Path, str]] = {}
