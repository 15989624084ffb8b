"""Load-time work, dynamic code, constants, suppressions, parse errors, and plain JavaScript."""

from __future__ import annotations

from pathlib import Path

from toolchain.analysis.extract import Resolver, extract_file

from .support import FIXTURES, apis, extract


def test_load_time_work_versus_declarations_and_registrations() -> None:
    facts = extract("loadtime/content.ts")["loadtime/content.ts"]
    work = {(w.location.line, w.kind, w.description) for w in facts.load_time_work}
    assert work == {
        (13, "dom-read", "document.querySelector()"),  # a static field initialiser runs at load
        (27, "dom-read", "document.querySelector()"),
        (28, "dom-write", "document.body.style.color"),
        (29, "dom-read", "innerHeight"),  # window.innerHeight
        (30, "network", "fetch()"),
        (31, "timer", "setTimeout()"),
        (32, "storage", "localStorage.getItem()"),
        (33, "storage", "storage.local.get()"),
        (34, "message", "runtime.sendMessage()"),
        (35, "message", "helperThatSends()"),  # a send helper of another module
        (36, "other", "declared()"),
        (37, "other", "compute()"),
        (39, "dom-read", "location.href"),  # inside an immediately invoked function
        (42, "network", "new XMLHttpRequest()"),
    }
    # not work: imports, declarations (functions, classes, types, enums, literal/arrow/new Map()/Object.freeze
    # consts), console logging, listener registrations (addListener, addEventListener on document and window)
    assert {line for line, _, _ in work if line < 27} == {13}
    (guarded,) = [w for w in facts.load_time_work if w.kind == "network" and w.description.startswith("new")]
    assert guarded.guard is not None and guarded.guard.expression == "FIREFOX"
    # the module's functions are not load-time code; a listener named function is a listener scope
    assert facts.listener_scopes == {"handler"}


def test_dynamic_code() -> None:
    facts = extract("dynamic/dynamic.ts")["dynamic/dynamic.ts"]
    found = [(d.location.line, d.kind) for d in facts.dynamic_code]
    assert found == [
        (2, "eval"),
        (3, "new-function"),
        (4, "new-function"),
        (5, "string-timer"),
        (7, "string-timer"),  # a string built at run time
        (8, "remote-import"),  # import(url)
        (9, "remote-import"),  # import('https://…')
        (11, "inner-html"),  # document.write
        (12, "inner-html"),  # innerHTML = computed
        (14, "inner-html"),  # outerHTML += computed
        (15, "inner-html"),  # insertAdjacentHTML with a computed value
        (18, "remote-script"),  # <script>.src = computed
        (19, "eval"),  # window.eval
        (20, "eval"),  # tabs.executeScript({ code })
    ]
    assert all(d.scope == "dynamic" for d in facts.dynamic_code)
    # a literal import() is an import, not dynamic code
    assert "./dynamic-target" in facts.imports
    assert [p.name for p in facts.resolved_imports] == ["dynamic-target.ts"]


def test_constants() -> None:
    facts = extract("constants/constants.ts")["constants/constants.ts"]
    values = {c.name: c.value for c in facts.constants}
    assert values == {
        "CHAT_CONFIG": {
            "MAX_PAGE_CHARS": 30000,
            "RATIO": 0.5,
            "NEGATIVE": -1,
            "HEX": 16,
            "NAME": "docmind",
            "TEMPLATE": "plain",
            "ENABLED": True,
            "NOTHING": None,
            "LIST": [1, "two", False],
            "NESTED": {"DEEP": {"DEEPER": 1000}},
            "quoted-key": 1,
        },
        "FROZEN": {"A": 1, "B": [2, 3]},
        "LIMIT": 10000,
        "PRODUCT": 60000,
        "DERIVED": {"A": 1, "B": [2, 3], "C": 10000},
        "SATISFIED": {"x": 1},
    }
    assert isinstance(values["LIMIT"], int) and isinstance(values["CHAT_CONFIG"]["RATIO"], float)  # type: ignore[index]
    (chat,) = [c for c in facts.constants if c.name == "CHAT_CONFIG"]
    assert (chat.location.line, chat.location.column) == (1, 14)


def test_suppressions() -> None:
    facts = extract("suppressions/suppressed.ts")["suppressions/suppressed.ts"]
    found = {line: (set(codes), reason, where.line) for line, (codes, reason, where) in facts.suppressions.items()}
    assert found == {
        # line 1 (alone, followed by a blank line) and line 3's own comment both target line 3: merged
        3: (
            {"XTK101", "XTK201", "XTK202"},
            "the header comment applies to the next line with code; legacy, removed in v2",
            1,
        ),
        5: ({"XTK301"}, "", 4),  # a block comment alone on its line, without a reason
        6: ({"XTK302"}, "block comment reason", 6),
        11: ({"XTK401"}, "skips comment lines", 8),
    }


def test_parse_errors_do_not_stop_extraction() -> None:
    facts = extract("broken/broken.ts")["broken/broken.ts"]
    assert [(e.line, e.column) for e in facts.parse_errors] == [(5, 8)]
    found = {api for api, _, _ in apis(facts)}
    assert {"tabs.query", "runtime.id"} <= found
    assert facts.load_time_work == []  # nothing is guessed from what the parser could not read


def test_classic_scripts_share_globals() -> None:
    found = extract("classic/background.js", "classic/helpers.js")
    background, helpers = found["classic/background.js"], found["classic/helpers.js"]
    assert background.language == helpers.language == "javascript"
    assert background.module_kind == helpers.module_kind == "script"
    assert background.exports == {"notify": "notify"} and helpers.exports == {"onClicked": "onClicked"}
    # a global function of another script: called, and a send helper there
    assert [(c.scope, c.callee, c.module and c.module.name) for c in helpers.calls] == [
        ("onClicked", "notify", "background.js")
    ]
    assert [(c.scope, c.callee, c.module and c.module.name) for c in background.calls] == [
        ("", "onClicked", "helpers.js")
    ]
    (clicked,) = helpers.sends
    assert (clicked.message_type, clicked.via, dict(clicked.payload or {})) == (
        "CLICKED",
        "notify",
        {"tabId": "unknown"},
    )
    (handler,) = background.handlers
    assert (handler.types, handler.answer) == (frozenset({"COUNT"}), "sync-send-response")


def test_script_groups_separate_globals() -> None:
    from toolchain.analysis.extract import extract_project

    files = [FIXTURES / "classic" / "background.js", FIXTURES / "classic" / "helpers.js"]
    found = extract_project(files, script_groups=[[files[0]], [files[1]]])
    helpers = found[files[1].resolve()]
    assert helpers.calls == [] and helpers.sends == []


def test_jsx_and_es_module_javascript() -> None:
    found = extract("classic/content.jsx", "jsmodule/worker.mjs")
    content = found["classic/content.jsx"]
    assert content.parse_errors == []
    assert [(s.message_type, s.via) for s in content.sends] == [("JSX", "api")]
    assert {w.kind for w in content.load_time_work} == {"dom-read", "message"}
    worker = found["jsmodule/worker.mjs"]
    assert worker.module_kind == "module"
    assert apis(worker) == {("alarms.onAlarm", "event", "polyfill"), ("alarms.create", "call", "polyfill")}
    assert [p.name for p in worker.resolved_imports] == ["util.js"]
    assert [(c.scope, c.callee) for c in worker.calls] == [("", "log")]


def test_extract_file_reuses_a_resolver(tmp_path: Path) -> None:
    resolver = Resolver(root=FIXTURES)
    first = extract_file(FIXTURES / "helpers" / "page.ts", resolver=resolver)
    modules = dict(resolver.modules)
    again = extract_file(FIXTURES / "helpers" / "lib" / "typed.ts", resolver=resolver)
    assert resolver.modules == modules  # nothing read twice
    assert {s.message_type for s in first.sends} >= {"GREET", "TO_TAB"}
    assert [s.via for s in again.sends] == ["sendRaw"]
    # a custom resolution function
    calls: list[str] = []

    def resolve(specifier: str, importer: Path) -> Path | None:
        calls.append(specifier)
        return None

    alone = extract_file(FIXTURES / "helpers" / "page.ts", resolver=resolve)
    assert calls == ["./page.css", "./lib/typed", "./lib/raw"]
    assert {s.via for s in alone.sends} == {"api"}  # the helpers are unknown without their files


def test_classic_script_idioms(tmp_path: Path) -> None:
    script = tmp_path / "content.js"
    script.write_text(
        "(function () {\n"
        "  document.body.appendChild(document.createElement('div'));\n"
        "}).call(this);\n"
        "window.onload = init;\n"
        "globalThis.state = {};\n"
        "var api = typeof browser !== 'undefined' ? browser : chrome;\n"
        "function init() { api.storage.local.set({ a: 1 }); }\n"
    )
    facts = extract_file(script)
    assert facts.module_kind == "script"
    assert [(w.location.line, w.kind) for w in facts.load_time_work] == [
        (2, "dom-write"),
        (2, "dom-read"),
        (5, "other"),
    ]
    assert facts.listener_scopes == {"init"}  # an on* property of window is a listener
    assert [(u.api, u.via, u.scope) for u in facts.api_uses] == [("storage.local.set", "browser", "init")]


def test_a_script_element_is_known_by_its_binding_not_by_an_id_another_binding_reuses(tmp_path: Path) -> None:
    """Script elements were remembered by id(binding): once a function's scope was gone, CPython gave its freed
    binding's id to the next one, and `new Image().src = url` in another function read as a script's src (a false
    XS001 on SingleFile, seen only when earlier lints had shaped the heap). The binding itself is kept now."""
    script = tmp_path / "content.js"
    script.write_text(
        'function a() { const s = document.createElement("script"); s.textContent = "1"; }\n'
        "function b(u) { const i = new Image(); i.src = u; }\n"
        "function c(u) { const j = new Image(); j.src = u; }\n"
        'function d(u) { const s2 = document.createElement("script"); s2.src = u; }\n'
        "function e(u) { const k = new Image(); k.src = u; }\n"
    )
    facts = extract_file(script)
    scripts = [(d.location.line, d.kind) for d in facts.dynamic_code if d.kind == "remote-script"]
    assert scripts == [(4, "remote-script")]  # d's script element, and none of the images
