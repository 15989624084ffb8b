"""What the lint rules know about source code: facts extracted from each TypeScript/JavaScript file.

The extractor (`toolchain/analysis/extract.py`, tree-sitter) fills these; rules only read them. Every fact has a
location (1-based line and column, like editors and tsc). A fact that runs only for some browsers carries the
build-time condition guarding it (`Guard`), so a rule can ask "is this code in the Firefox build?" the way
esbuild's constant folding of `import.meta.env.*` answers it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from toolchain.analysis.guard_language import evaluate

Via = Literal["chrome", "browser", "polyfill", "abstraction"]
JsonType = Literal["string", "number", "boolean", "null", "object", "array", "unknown"]
LoadWorkKind = Literal["dom-read", "dom-write", "network", "timer", "storage", "message", "other"]
DynamicKind = Literal["eval", "new-function", "string-timer", "remote-import", "remote-script", "inner-html"]
ModuleKind = Literal["module", "script"]
Channel = Literal["runtime", "tabs"]  # runtime.sendMessage, tabs.sendMessage


@dataclass(frozen=True)
class Location:
    path: Path  # absolute
    line: int  # 1-based
    column: int  # 1-based


@dataclass(frozen=True)
class Guard:
    """A build-time condition over `import.meta.env` that must hold for the code to be in a bundle.

    `expression` is a tiny language: `BROWSER == "firefox"`, `MANIFEST_VERSION == 3`, `MANIFEST_VERSION != 3`,
    `FIREFOX`, `!EDGE`, `(A && B)`, `(A || B)` — built from the source's own conditions (`if` consequent and
    alternate, `?:` branches, the right operand of `&&`/`||`; early `return`s are not followed). `==`/`!=` compare
    strictly (the source's `===`/`!==`). The grammar and the evaluator are in guard_language.py. `None` on a fact means
    unconditional.
    """

    expression: str

    def holds(self, env: Mapping[str, object]) -> bool:
        return evaluate(self.expression, env)


#: The function a fact sits in: the name of a top-level function (or `const f = () => …`), "Class.method", or
#: "" for the module's top level. Reachability (which code can run in a context) is computed over these.
Scope = str


@dataclass(frozen=True)
class Call:
    """A call from `scope` to a function of the project: in this file (`module` None) or imported from another.

    A function referenced as a value (passed as a callback, stored) counts as called from where it is referenced,
    so reachability over-approximates. In classic scripts, a call of a global function another script of the same
    group declares names that script (`module`).
    """

    scope: Scope
    #: the callee's scope name in its module; "*.name" for a method called on a receiver of unknown class
    #: (`monitor.start()`): any project method of that name ("Class.name") may be the one that runs
    callee: str
    module: Path | None  # the callee's file, when imported from the project
    location: Location


@dataclass(frozen=True)
class ApiUse:
    """An extension API touched: `tabs.sendMessage` (call), `runtime.onMessage` (event), `runtime.id` (property)."""

    api: str  # dotted, without the `chrome.`/`browser.` root: "tabs.sendMessage", "storage.local.get"
    kind: Literal["call", "event", "property"]
    via: Via  # chrome.* | browser.* global | the webextension-polyfill import | the project's abstraction module
    location: Location
    guard: Guard | None = None
    scope: Scope = ""
    #: The code copes with the API being absent: it sits in a `try` that has a `catch`, is reached through optional
    #: chaining (`browser.action?.openPopup?.()`), or is tested for first (`if (chrome.runtime.lastError) …`,
    #: `browser.menus && browser.menus.create(…)`: syntax.tested_first). Availability rules leave such uses alone.
    feature_checked: bool = False
    #: A run-time condition about availability decides whether the use runs (`if (isMV3)`, `if (isFirefox())`, an
    #: early `if (!chrome.storage.session) return`): the condition as written and its line, shown as the evidence of
    #: a warning when the API is missing somewhere (runtime_guards.py). "" when no such condition encloses it.
    guarded_by: str = ""
    #: In an anonymous function kept to be called later (a property's value, an object's method, a value assigned
    #: or returned), which the walk cannot tie to its callers: reachable only as its enclosing scope is, not
    #: proven to run (walk_api.in_deferred_function). Rules judging "it fails where it runs" leave it alone.
    deferred: bool = False
    #: A call through `chrome.*` given no callback whose value is used as a Promise (awaited, `.then`, `.catch`,
    #: `.finally`): in Manifest V2 `chrome.*` takes callbacks and returns `undefined` (XP012)
    promised: bool = False


@dataclass(frozen=True)
class MessageSend:
    """A message sent: `runtime.sendMessage` (to extension pages/background), `tabs.sendMessage` (to a tab's content
    scripts), or through one of the project's helpers that wrap them.

    `payload` is a hashable mapping (a dict subclass); `{}` for `{ type: 'X' }` alone.
    """

    channel: Channel
    message_type: str | None  # the literal `type` when the message is an object literal with a string `type`
    payload: Mapping[str, JsonType] | None  # literal keys (other than `type`) → their JSON type; None when not literal
    #: tabs.sendMessage inside try/catch, with .catch(), or a rejection handler; awaited or returned by a function whose
    #: every call handles it (rejections.py); or sent once a content script was injected (`executeScript(…).then(f)`)
    handles_error: bool
    location: Location
    via: str = "api"  # "api", or the helper's name ("sendMessageToTab")
    guard: Guard | None = None
    scope: Scope = ""
    #: True when this send only forwards its function's parameter (the function is a send helper): its callers'
    #: sends are the ones judged (type, payload, error handling).
    forwarded: bool = False
    #: the send's rejection reaches no caller: not handled here, nor awaited or returned (`void send(m)`), so a
    #: forwarding send is judged itself for error handling, whatever its callers do
    rejection_lost: bool = False
    #: the sender reads the reply (awaits it into a value, `.then(r => …)`, a callback with a parameter…); a send
    #: whose result is only returned is read when its function's callers read it (they are sends of their own)
    reply_read: bool = True
    #: why the receiving end is known to exist: "the sender's tab" (a reply to `sender.tab.id` from a message
    #: listener), "a content script was injected first", "the tab finished loading" (receivers.py); "" if unknown
    receiver: str = ""
    #: a `chrome.*` send given no callback: in MV2 it returns nothing (Chrome, and Firefox's chrome namespace), so
    #: "Receiving end does not exist" lands in `runtime.lastError`, not in an unhandled rejection
    chrome_without_callback: bool = False
    #: the tab id is a parameter whose callers the analysis cannot see, or see only in part (tab_origins.py):
    #: whether the tab has a receiver is not settled
    tab_origin_unknown: bool = False


@dataclass(frozen=True)
class MessageHandler:
    """An `onMessage` listener (directly, or through the project's helper)."""

    types: frozenset[str]  # message `type` values the listener (or the functions it calls) tests for
    answer: Literal["promise", "return-true", "sync-send-response", "none", "unknown"]
    location: Location
    validates: str | None = None  # the name of the validator/guard it checks messages with, if any
    #: types its validators accept (predicates such as `isPopupToBackground(m): m is …`); a handler that validates
    #: and then acts on every valid message alike (no dispatch of its own) handles exactly these
    validated_types: frozenset[str] = frozenset()
    guard: Guard | None = None
    scope: Scope = ""  # where the listener is registered

    @property
    def handled(self) -> frozenset[str]:
        """The types it acts on: those it dispatches on; with no dispatch of its own, those its validators accept."""
        return self.types or self.validated_types


@dataclass(frozen=True)
class LoadTimeWork:
    """Work a module does when it is first evaluated (top level, including immediately invoked functions), beyond
    declarations and listener registration."""

    kind: LoadWorkKind
    description: str
    location: Location
    guard: Guard | None = None


@dataclass(frozen=True)
class DynamicCode:
    """Code built or fetched at run time: `eval`, `new Function`, string timers, computed/remote `import()`,
    `importScripts`/`<script src>` of a computed or remote URL, HTML sinks given computed values (`innerHTML`,
    `outerHTML`, `insertAdjacentHTML`, `document.write` — kind "inner-html"), `tabs.executeScript({ code })`
    ("eval")."""

    kind: DynamicKind
    description: str
    location: Location
    guard: Guard | None = None
    scope: Scope = ""
    #: a script or module of the package named by a URL built at run time (analysis/package_urls.py): "root:<path>"
    #: (from the package root) or "beside:<path>" (from the folder of this file); "" when the URL is not built so
    package_path: str = ""
    #: what of such a URL could not be followed: the evidence of a warning (XS008), not an error
    unsettled: str = ""


@dataclass(frozen=True)
class CallStrings:
    """A call of an extension API (`permissions.request`, an event's `addListener`: named by the event) or of a
    web-platform function (`document.execCommand`, `importScripts`), with the strings its arguments hold (through
    arrays, objects and `?:`). Permissions needed by a value (`["blocking"]`) and files loaded by name are read here."""

    callee: str  # the API name as in ApiUse.api, or the web function as written ("document.execCommand")
    strings: frozenset[str]
    computed: bool  # some argument value is known only at run time (an identifier, a call…)
    location: Location
    scope: Scope = ""


@dataclass(frozen=True)
class TabRead:
    """A read of a Tab field that needs `tabs` or host access (`url`, `title`, `favIconUrl`, `pendingUrl`), on a Tab
    given by `source` (a listener's parameter or a call's result: "tabs.onUpdated", "tabs.query")."""

    field: str
    source: str
    location: Location
    scope: Scope = ""


@dataclass(frozen=True)
class ConstantValue:
    """A top-level `const NAME = { KEY: literal, ... }` (or a literal), as written: frozen-constant checks read it."""

    name: str
    value: object  # JSON-like: numbers, strings, booleans, nested objects/arrays of literals
    location: Location


@dataclass
class FileFacts:
    path: Path
    language: Literal["typescript", "tsx", "javascript"]
    #: "script": plain JavaScript without import/export (a classic script; its top-level functions are globals that
    #: other scripts of the same context see, listed in `exports`); "module" otherwise (TypeScript always)
    module_kind: ModuleKind = "module"
    imports: list[str] = field(default_factory=list)  # module specifiers as written
    resolved_imports: list[Path] = field(default_factory=list)  # the project's own files they resolve to
    api_uses: list[ApiUse] = field(default_factory=list)
    sends: list[MessageSend] = field(default_factory=list)
    handlers: list[MessageHandler] = field(default_factory=list)
    load_time_work: list[LoadTimeWork] = field(default_factory=list)
    dynamic_code: list[DynamicCode] = field(default_factory=list)
    constants: list[ConstantValue] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    call_strings: list[CallStrings] = field(default_factory=list)
    tab_reads: list[TabRead] = field(default_factory=list)
    #: exported name → the local scope it names (`export function f` → "f"; `export { g as h }` → h: "g";
    #: `export default function () {}` → default: "default"); for a classic script, its global functions
    exports: dict[str, Scope] = field(default_factory=dict)
    #: scopes that are callbacks registered as listeners (onMessage, onInstalled, addEventListener…): they run
    #: whenever the file's top level has run, so reachability starts from them too
    listener_scopes: set[Scope] = field(default_factory=set)
    parse_errors: list[Location] = field(default_factory=list)
    parse_error_reasons: list[str] = field(default_factory=list)  # what is wrong at each of parse_errors
    #: `// xtk-ignore[CODE] reason` comments: line → (codes, reason, location of the comment). A comment on a line
    #: with code applies to that line, alone on its line to the next line with code. The reason may be "" (the engine
    #: reports it); two comments for one line merge (codes united, reasons joined with "; ").
    suppressions: dict[int, tuple[frozenset[str], str, Location]] = field(default_factory=dict)
