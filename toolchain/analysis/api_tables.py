"""What the extractor knows about the extension APIs and the web platform: API roots, message APIs, and which
globals are DOM reads, storage, network, timers or pure built-ins (for load-time work and dynamic code).

`classify_api` names an API use the way the lint rules and the knowledge base do (`storage.local.get`,
`runtime.onMessage`, `runtime.id`).
"""

from __future__ import annotations

import re

from toolchain.analysis.facts import Channel

POLYFILL_MODULES = frozenset({"webextension-polyfill"})
#: webextension-polyfill inlined by a bundler (esbuild's `__commonJS` wrapper, webpack's module function): its UMD
#: head names the module and its body throws outside an extension; both survive minification (strings)
INLINED_POLYFILL = (
    re.compile(rb"""define\(\s*["']webextension-polyfill["']"""),
    re.compile(rb"This script should only be loaded in a browser extension"),
)
API_GLOBALS = frozenset({"chrome", "browser"})
GLOBAL_OBJECTS = frozenset({"window", "self", "globalThis"})
SEND_APIS: dict[str, Channel] = {"runtime.sendMessage": "runtime", "tabs.sendMessage": "tabs"}
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

EVENT_SEGMENT = re.compile(r"^on[A-Z]")
FUNCTION_METHODS = frozenset({"call", "apply", "bind"})
VALIDATOR_NAME = re.compile(r"^(?:is|validate|assert|check|verify|ensure|guard)(?:[A-Z_]\w*)?$|^(?:safeParse|parse)$")
#: Functions that only judge a message (they test every type a protocol declares): predicates, and the generated
#: protocol module's `describeInvalid<Channel>` explanations.
JUDGE_NAME = re.compile(r"^(?:is|validate|assert|describeInvalid)[A-Z_]\w*$")

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
    DOM_READ_GLOBALS
    | STORAGE_GLOBALS
    | NETWORK_CALLS
    | NETWORK_CONSTRUCTORS
    | TIMERS
    | {"document", "eval", "Function"}
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
GLOBAL_CALLS = (
    KNOWN_WINDOW_MEMBERS
    | PURE_FUNCTIONS
    | {"addEventListener", "removeEventListener", "importScripts", "postMessage", "alert", "confirm", "prompt",
       "require"}
)  # fmt: skip


def namespace_depth(path: tuple[str, ...]) -> int:
    return 2 if len(path) > 1 and path[1] in TWO_LEVEL_NAMESPACES.get(path[0], ()) else 1


def is_namespace(path: tuple[str, ...]) -> bool:
    return len(path) <= namespace_depth(path)


def classify_api(path: tuple[str, ...], called: bool) -> tuple[str, str]:
    """(api, kind): events end at their `onX` segment, calls keep their whole path, property reads the member."""
    for index, segment in enumerate(path):
        if EVENT_SEGMENT.match(segment):
            return ".".join(path[: index + 1]), "event"
    if called:
        if len(path) > 1 and path[-1] in FUNCTION_METHODS:
            path = path[:-1]
        return ".".join(path), "call"
    return ".".join(path[: namespace_depth(path) + 1]), "property"
