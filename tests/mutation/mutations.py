"""Seeded defects: each one a realistic mistake applied to a copy of DocMind, and the one rule code that must catch it.

A mutation is a list of edits (files under the copy; `xtk.toml`, the posture and the protocol schemas are files
like any other) and, where the protocol changed, a regeneration of the generated module (so the defect is the
schema's, not a stale file's). tests/mutation/test_mutations.py applies each to a fresh copy and requires exactly
its code — at least one finding, and no finding of any other code.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

BROWSER_TS = "extension_src/src/shared/browser/index.ts"
BACKGROUND = "extension_src/src/background/index.ts"
CONTENT = "extension_src/src/content/index.ts"
POPUP = "extension_src/src/popup/index.ts"
CONFIG_TS = "extension_src/src/shared/config.ts"
CONFIG = "xtk.toml"
POSTURE = "extension_src/specs/posture/docmind.json"
POPUP_SCHEMA = "extension_src/specs/protocol/popup-to-background.schema.json"
CONTENT_SCHEMA = "extension_src/specs/protocol/background-to-content.schema.json"

Edit = Callable[[Path], None]


def replace(path: str, old: str, new: str, count: int = 1) -> Edit:
    def apply(root: Path) -> None:
        file = root / path
        text = file.read_text(encoding="utf-8")
        assert text.count(old) >= count, f"{path}: {old!r} not found"
        file.write_text(text.replace(old, new, count), encoding="utf-8")

    return apply


def append(path: str, text: str) -> Edit:
    def apply(root: Path) -> None:
        file = root / path
        file.write_text(file.read_text(encoding="utf-8") + text, encoding="utf-8")

    return apply


def json_edit(path: str, change: Callable[[dict], None]) -> Edit:
    def apply(root: Path) -> None:
        file = root / path
        data = json.loads(file.read_text(encoding="utf-8"))
        change(data)
        file.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

    return apply


def allow_in_posture(*permissions: str) -> Edit:
    def change(posture: dict) -> None:
        for name in permissions:
            posture["permissions"]["allowed"][name] = f"{name}: reviewed (mutation suite)"
            posture["permissions"]["forbidden"].pop(name, None)

    return json_edit(POSTURE, change)


def declare(permission: str, table: str = "permissions") -> Edit:
    line = f'"{permission}"' if "://" in permission or permission.startswith("<") else permission
    return (
        replace(CONFIG, f"[{table}]\n", f'[{table}]\n{line} = "Needed for {permission} (mutation suite)."\n')
        if table == "permissions"
        else append(CONFIG, f'\n[{table}]\n{line} = "Needed for {permission} (mutation suite)."\n')
    )


def helper(body: str) -> Edit:
    """A new wrapper in the browser abstraction (the right place for API calls) …"""
    return append(BROWSER_TS, f"\n{body}\n")


def call_at_load(path: str, code: str) -> Edit:
    return append(path, f"\n{code}\n")


def create(path: str, text: str) -> Edit:
    def apply(root: Path) -> None:
        file = root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8")

    return apply


def add_message(schema: str, name: str, type_value: str) -> Edit:
    def change(data: dict) -> None:
        data["oneOf"].append({"$ref": f"#/$defs/{name}"})
        data["$defs"][name] = {
            "type": "object",
            "properties": {"type": {"const": type_value}},
            "required": ["type"],
            "additionalProperties": False,
        }

    return json_edit(schema, change)


@dataclass
class Mutation:
    id: str
    code: str
    description: str
    edits: list[Edit] = field(default_factory=list)
    regenerate_protocol: bool = False


#: a folder beside xtk.toml holding the previous release's manifest.json: the mutation suite lints `--against` it
PREVIOUS_RELEASE = "previous-release"


def previous_release(manifest: dict[str, object]) -> Edit:
    """The previous release, as `xtk lint --against` reads it: a folder with its manifest.json."""

    def apply(project: Path) -> None:
        folder = project / PREVIOUS_RELEASE
        folder.mkdir()
        (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")

    return apply


MUTATIONS: list[Mutation] = [
    # -- XP001: an API used without the permission it needs ------------------------------------------------------
    Mutation(
        "storage-without-permission",
        "XP001",
        "the background saves a setting with storage.local",
        [
            helper(
                "export async function saveSetting(value: string): Promise<void> {\n"
                "  await browser.storage.local.set({ setting: value });\n}"
            ),
            call_at_load(BACKGROUND, "import { saveSetting } from '../shared/browser';\nvoid saveSetting('x');"),
        ],
    ),
    Mutation(
        "bookmarks-without-permission",
        "XP001",
        "the background searches bookmarks",
        [
            helper("export function searchBookmarks(text: string) {\n  return browser.bookmarks.search(text);\n}"),
            call_at_load(
                BACKGROUND, "import { searchBookmarks } from '../shared/browser';\nvoid searchBookmarks('docs');"
            ),
        ],
    ),
    Mutation(
        "history-without-permission",
        "XP001",
        "the popup reads the history",
        [
            helper("export function recentHistory() {\n  return browser.history.search({ text: '' });\n}"),
            call_at_load(POPUP, "import { recentHistory } from '../shared/browser';\nvoid recentHistory();"),
        ],
    ),
    Mutation(
        "downloads-without-permission",
        "XP001",
        "the background downloads the answer",
        [
            helper("export function download(url: string) {\n  return browser.downloads.download({ url });\n}"),
            call_at_load(
                BACKGROUND, "import { download } from '../shared/browser';\nvoid download('https://example.com/a.txt');"
            ),
        ],
    ),
    Mutation(
        "notifications-without-permission",
        "XP001",
        "the background shows a notification",
        [
            helper(
                "export function notify(message: string) {\n"
                "  return browser.notifications.create({ type: 'basic', title: 'DocMind', "
                "message, iconUrl: 'icons/icon-48.png' });\n}"
            ),
            call_at_load(BACKGROUND, "import { notify } from '../shared/browser';\nvoid notify('ready');"),
        ],
    ),
    Mutation(
        "cookies-without-permission",
        "XP001",
        "the background reads a cookie of the API's site",
        [
            helper(
                "export function apiCookie() {\n"
                "  return browser.cookies.get({ url: 'https://api.example.com/', name: 'sid' });\n}"
            ),
            call_at_load(BACKGROUND, "import { apiCookie } from '../shared/browser';\nvoid apiCookie();"),
        ],
    ),
    # -- XP002: a permission declared (and allowed) that no code uses -------------------------------------------
    Mutation(
        "unused-alarms",
        "XP002",
        "alarms declared and allowed, never used",
        [declare("alarms"), allow_in_posture("alarms")],
    ),
    Mutation(
        "unused-idle", "XP002", "idle declared and allowed, never used", [declare("idle"), allow_in_posture("idle")]
    ),
    Mutation(
        "unused-notifications",
        "XP002",
        "notifications declared and allowed, never used",
        [declare("notifications"), allow_in_posture("notifications")],
    ),
    Mutation(
        "unused-downloads",
        "XP002",
        "downloads declared and allowed, never used",
        [declare("downloads"), allow_in_posture("downloads")],
    ),
    # -- XP003: a permission the posture forbids ------------------------------------------------------------------
    Mutation("tabs-forbidden", "XP003", "tabs declared (the seed forbids it: activeTab suffices)", [declare("tabs")]),
    Mutation(
        "storage-forbidden",
        "XP003",
        "storage declared and used (no persistence in Beta)",
        [
            declare("storage"),
            helper(
                "export async function remember(value: string): Promise<void> {\n"
                "  await browser.storage.local.set({ value });\n}"
            ),
            call_at_load(BACKGROUND, "import { remember } from '../shared/browser';\nvoid remember('x');"),
        ],
    ),
    Mutation(
        "host-permission-forbidden",
        "XP003",
        "a host permission for a docs site (the posture allows none)",
        [declare("https://docs.example.com/*", "host_permissions")],
    ),
    Mutation(
        "scripting-forbidden",
        "XP003",
        "scripting declared and used (pre-declared content scripts suffice)",
        [
            declare("scripting"),
            helper(
                "export function injectStyles(tabId: number) {\n"
                "  return browser.scripting.insertCSS({ target: { tabId }, css: 'mark { color: inherit }' });\n}"
            ),
            call_at_load(BACKGROUND, "import { injectStyles } from '../shared/browser';\nvoid injectStyles(1);"),
        ],
    ),
    # -- XP004: a permission without a justification -----------------------------------------------------------------
    Mutation(
        "override-adds-permission",
        "XP004",
        "raw manifest overrides add alarms (used) without a justification",
        [
            replace(
                CONFIG,
                'min_version = "116"\n',
                'min_version = "116"\nmanifest = { permissions = ["activeTab", "contextMenus", "alarms"] }\n',
                2,
            ),
            replace(
                CONFIG,
                'gecko_id = "docmind@example.com"\n',
                'gecko_id = "docmind@example.com"\n'
                'manifest = { permissions = ["activeTab", "contextMenus", "alarms"] }\n',
            ),
            helper(
                "export function every(minutes: number) {\n"
                "  return browser.alarms.create('tick', { periodInMinutes: minutes });\n}"
            ),
            call_at_load(BACKGROUND, "import { every } from '../shared/browser';\nvoid every(5);"),
        ],
    ),
    Mutation(
        "not-in-posture",
        "XP004",
        "alarms declared and used, but outside the posture's reviewed list",
        [
            declare("alarms"),
            helper(
                "export function every(minutes: number) {\n"
                "  return browser.alarms.create('tick', { periodInMinutes: minutes });\n}"
            ),
            call_at_load(BACKGROUND, "import { every } from '../shared/browser';\nvoid every(5);"),
        ],
    ),
    # -- XP012: chrome.* used as a Promise where it returns undefined (DocMind's Firefox build is MV2) ---------------
    Mutation(
        "chrome-promise-in-firefox-mv2",
        "XP012",
        "the browser module awaits chrome.tabs.query (a Promise in Chrome MV3, undefined in Firefox MV2)",
        [
            helper(
                "export async function countTabs(): Promise<number> {\n"
                "  const tabs = await chrome.tabs.query({ currentWindow: true });\n  return tabs.length;\n}"
            ),
            call_at_load(
                BACKGROUND, "import { countTabs } from '../shared/browser';\nvoid countTabs().catch(() => 0);"
            ),
        ],
    ),
    # -- XP008: broad host access the posture does not allow (XP005 is the warning without a posture) ----------------
    Mutation(
        "content-script-on-every-scheme",
        "XP008",
        "the content script's matches widened to *://*/*",
        [replace(CONFIG, 'matches = ["<all_urls>"]', 'matches = ["*://*/*"]')],
    ),
    Mutation(
        "second-content-script-http",
        "XP008",
        "a second content script on every http page",
        [append(CONFIG, '\n[[content_scripts]]\nmatches = ["http://*/*"]\njs = ["src/content/index.ts"]\n')],
    ),
    # -- XP005: broad host access in a project with no posture (a warning, in the stores' words) ----------------------
    Mutation(
        "no-posture-beside-all-urls",
        "XP005",
        "the posture is dropped from xtk.toml: the content script's <all_urls> is no longer reviewed",
        [replace(CONFIG, 'posture = "extension_src/specs/posture/docmind.json"\n', "")],
    ),
    # -- XP006: a redundant permission --------------------------------------------------------------------------------
    Mutation(
        "activeTab-beside-all-urls",
        "XP006",
        "<all_urls> host access (allowed) makes activeTab redundant",
        [
            declare("<all_urls>", "host_permissions"),
            json_edit(POSTURE, lambda p: p["host_permissions"].update(allowed=["<all_urls>"])),
        ],
    ),
    # -- XP007: an API a target lacks ---------------------------------------------------------------------------------
    Mutation(
        "action-in-firefox-mv2",
        "XP007",
        "an unguarded action.setBadgeText (Firefox MV2 has browserAction)",
        [
            helper("export function badge(text: string) {\n  return browser.action.setBadgeText({ text });\n}"),
            call_at_load(BACKGROUND, "import { badge } from '../shared/browser';\nvoid badge('1');"),
        ],
    ),
    Mutation(
        "executeScript-in-mv3",
        "XP007",
        "tabs.executeScript in Chrome/Edge MV3 (MV2 only there)",
        [
            helper(
                "export function runIn(tabId: number) {\n"
                "  return browser.tabs.executeScript(tabId, { file: 'content/index.js' });\n}"
            ),
            call_at_load(BACKGROUND, "import { runIn } from '../shared/browser';\nvoid runIn(1);"),
        ],
    ),
    Mutation(
        "typo-api",
        "XP007",
        "chrome.tab.query (a typo: no `tab` namespace)",
        [
            helper("export function activeTabs() {\n  return browser.tab.query({});\n}"),
            call_at_load(POPUP, "import { activeTabs } from '../shared/browser';\nvoid activeTabs();"),
        ],
    ),
    # (extension.isAllowedFileSchemeAccess was the example: BCD has it in Firefox from 48, partially, so it is not one)
    Mutation(
        "document-id-below-firefox-153",
        "XP007",
        "runtime.getDocumentId (Firefox 153+; min is 142)",
        [
            helper("export function documentId() {\n  return browser.runtime.getDocumentId(window);\n}"),
            call_at_load(BACKGROUND, "import { documentId } from '../shared/browser';\nvoid documentId();"),
        ],
    ),
    # -- XP011: an API a target lacks, under a run-time guard xtk cannot evaluate --------------------------------------
    Mutation(
        "executeScript-behind-a-manifest-version-flag",
        "XP011",
        "tabs.executeScript (MV2 only) run when a flag derived from getManifest() is false",
        [
            helper(
                "const isMV3 = browser.runtime.getManifest().manifest_version === 3;\n"
                "export function runIn(tabId: number) {\n"
                "  if (!isMV3) return browser.tabs.executeScript(tabId, { file: 'content/index.js' });\n"
                "  return undefined;\n}"
            ),
            call_at_load(BACKGROUND, "import { runIn } from '../shared/browser';\nvoid runIn(1);"),
        ],
    ),
    # -- XS001: remote or dynamic code --------------------------------------------------------------------------------
    Mutation(
        "eval-in-popup",
        "XS001",
        "the popup evaluates a string",
        [call_at_load(POPUP, "export const two = eval('1 + 1');")],
    ),
    Mutation(
        "new-function",
        "XS001",
        "the background builds a function from a string it computes (one of constants only is not reported)",
        [call_at_load(BACKGROUND, "export const compute = new Function('a', `return a * ${self.name.length}`);")],
    ),
    Mutation(
        "string-timer",
        "XS001",
        "setTimeout with a string in the popup",
        [
            call_at_load(
                POPUP, "export function later(): void {\n  setTimeout('document.title = \"x\"', 10);\n}\nlater();"
            )
        ],
    ),
    Mutation(
        "remote-import",
        "XS001",
        "the popup imports a module from a CDN",
        [call_at_load(POPUP, "const cdn = 'https://cdn.example.com/widget.js';\nexport const widget = import(cdn);")],
    ),
    # -- XS008: a script of the package whose path is not settled ----------------------------------------------------
    Mutation(
        "unsettled-script-path",
        "XS008",
        "the popup loads a script beside itself, named by the page's hash",
        [
            call_at_load(
                POPUP,
                "export function loadCodec(name: string): void {\n"
                "  const script = document.createElement('script');\n"
                "  script.src = new URL('.', import.meta.url).href + name + '.js';\n"
                "  document.head.append(script);\n}\n"
                "loadCodec(location.hash.slice(1));",
            )
        ],
    ),
    # -- XS010: code injected from a variable the analysis does not follow ------------------------------------------
    Mutation(
        "unsettled-injected-code",
        "XS010",
        "the background injects a script kept in a variable another function fills",
        [
            declare("scripting"),
            allow_in_posture("scripting"),
            helper(
                "let injected = '';\n"
                "export function prepare(code: string): void {\n  injected = code;\n}\n"
                "export async function inject(tabId: number): Promise<void> {\n"
                "  await browser.scripting.executeScript({ target: { tabId }, code: injected } as never);\n}"
            ),
            call_at_load(
                BACKGROUND,
                "import { inject, prepare } from '../shared/browser';\nprepare('1');\nvoid inject(1).catch(() => 0);",
            ),
        ],
    ),
    # -- XS007: computed HTML sinks (XS001's warnings before the split) ---------------------------------------------
    Mutation(
        "inner-html",
        "XS007",
        "the popup writes model output into innerHTML",
        [
            call_at_load(
                POPUP,
                "export function render(html: string): void {\n"
                "  document.body.innerHTML = html;\n}\n"
                "render(location.hash);",
            )
        ],
    ),
    # -- XS002: unsafe CSP --------------------------------------------------------------------------------------------
    # (MV3's own rules — no 'unsafe-eval', no remote hosts — already fail the build at the manifest schema; these pass
    # it and break the posture)
    Mutation(
        "csp-wasm-eval",
        "XS002",
        "the extension pages' CSP allows 'wasm-unsafe-eval' (DocMind runs no wasm)",
        [append(CONFIG, "\n[csp]\nextension_pages = \"script-src 'self' 'wasm-unsafe-eval'; object-src 'self'\"\n")],
    ),
    Mutation(
        "csp-localhost-source",
        "XS002",
        "the CSP allows scripts from a local dev server",
        [append(CONFIG, "\n[csp]\nextension_pages = \"script-src 'self' http://localhost:8787; object-src 'self'\"\n")],
    ),
    # -- XP013: an update that adds an install warning ----------------------------------------------------------
    Mutation(
        "update-adds-all-sites-warning",
        "XP013",
        "the previous release ran its content script on one site: reading every site is a new install warning",
        [
            previous_release(
                {
                    "manifest_version": 2,
                    "name": "DocMind",
                    "version": "0.9.0",
                    "permissions": ["activeTab", "contextMenus"],
                    "content_scripts": [{"matches": ["https://example.com/*"], "js": ["content.js"]}],
                }
            )
        ],
    ),
    # -- XS012: a policy addons.mozilla.org flags for review ------------------------------------------------------
    Mutation(
        "csp-without-a-script-directive",
        "XS012",
        "the CSP sets no default-src and no script-src: AMO flags it, Firefox's validator drops it",
        [append(CONFIG, "\n[csp]\nextension_pages = \"object-src 'self'\"\n")],
    ),
    # -- XS013: WebAssembly the extension pages' policy forbids ------------------------------------------------------
    Mutation(
        "popup-compiles-packaged-wasm",
        "XS013",
        "a .wasm in the package that the popup compiles, under the default policy (no 'wasm-unsafe-eval')",
        [
            create("extension_src/public/codec.wasm", "\x00asm\x01\x00\x00\x00"),
            call_at_load(
                POPUP,
                "void fetch('/codec.wasm')"
                ".then((r) => r.arrayBuffer()).then((bytes) => WebAssembly.instantiate(bytes));",
            ),
        ],
    ),
    # -- XS003: over-exposed web-accessible resources ----------------------------------------------------------------
    Mutation(
        "war-icon-beyond-the-posture",
        "XS003",
        "an icon exposed to every page, which the posture (allowed: none) does not allow",
        [
            append(
                CONFIG, '\n[[web_accessible_resources]]\nresources = ["icons/icon-16.png"]\nmatches = ["<all_urls>"]\n'
            )
        ],
    ),
    Mutation(
        "war-popup-page-to-https",
        "XS003",
        "the popup page exposed to every https page, beyond the posture",
        [
            append(
                CONFIG, '\n[[web_accessible_resources]]\nresources = ["popup/index.html"]\nmatches = ["https://*/*"]\n'
            )
        ],
    ),
    # -- XS009: a web-accessible wildcard to every site (the posture allows it: only the glob is reported) ----------
    Mutation(
        "war-icons-glob-everywhere",
        "XS009",
        "icons/* exposed to every page, allowed by the posture",
        [
            append(CONFIG, '\n[[web_accessible_resources]]\nresources = ["icons/*"]\nmatches = ["<all_urls>"]\n'),
            json_edit(POSTURE, lambda p: p["web_accessible_resources"].update(allowed=["icons/*"])),
        ],
    ),
    # -- XS004: a content script working at load ---------------------------------------------------------------------
    Mutation(
        "content-reads-title-at-load",
        "XS004",
        "the content script reads the page's title when it loads",
        [call_at_load(CONTENT, "export const titleAtLoad = document.title;")],
    ),
    Mutation(
        "content-timer-at-load",
        "XS004",
        "the content script starts a timer when it loads",
        [call_at_load(CONTENT, "setTimeout(() => undefined, 1000);")],
    ),
    Mutation(
        "content-location-at-load",
        "XS004",
        "the content script reads location when it loads",
        [call_at_load(CONTENT, "export const hostAtLoad = location.hostname;")],
    ),
    # -- XS005: frozen constant drift ---------------------------------------------------------------------------------
    Mutation(
        "threshold-lowered",
        "XS005",
        "MIN_CONFIDENCE_THRESHOLD lowered to 0.8 in the TypeScript only",
        [replace(CONFIG_TS, "MIN_CONFIDENCE_THRESHOLD: 0.85", "MIN_CONFIDENCE_THRESHOLD: 0.8")],
    ),
    Mutation(
        "page-chars-raised",
        "XS005",
        "MAX_PAGE_CHARS raised to 40,000",
        [replace(CONFIG_TS, "MAX_PAGE_CHARS: 30_000", "MAX_PAGE_CHARS: 40_000")],
    ),
    Mutation(
        "budget-key-removed",
        "XS005",
        "MAX_FALLBACK_CHECKS removed from HIGHLIGHT_CONFIG",
        [replace(CONFIG_TS, "  MAX_FALLBACK_CHECKS: 500,\n", "")],
    ),
    # -- XS006: extension APIs outside the abstraction ----------------------------------------------------------------
    Mutation(
        "popup-calls-chrome",
        "XS006",
        "the popup queries tabs with chrome.* directly",
        [call_at_load(POPUP, "export const tabsNow = chrome.tabs.query({ active: true });")],
    ),
    Mutation(
        "content-imports-polyfill",
        "XS006",
        "the content script imports webextension-polyfill itself",
        [
            replace(
                CONTENT,
                "import { onMessage } from '../shared/browser/messaging';",
                "import { onMessage } from '../shared/browser/messaging';\n"
                "import polyfill from 'webextension-polyfill';\n"
                "export const extensionId = polyfill.runtime.id;",
            )
        ],
    ),
    Mutation(
        "background-global-chrome",
        "XS006",
        "the background reads chrome.runtime.id from the global",
        [call_at_load(BACKGROUND, "export const ownId = chrome.runtime.id;")],
    ),
    # -- XM001: a message type its channel does not declare ----------------------------------------------------------
    Mutation(
        "popup-sends-summarize",
        "XM001",
        "the popup sends SUMMARIZE_PAGE, which popup-to-background does not declare",
        [
            replace(
                POPUP,
                "    await ask({ type: 'CLEAR_PENDING_CONTEXT', tabId: this.tabId });",
                "    await ask({ type: 'CLEAR_PENDING_CONTEXT', tabId: this.tabId });\n"
                "    await ask({ type: 'SUMMARIZE_PAGE', tabId: this.tabId } as unknown as PopupToBackground);",
            )
        ],
    ),
    Mutation(
        "background-sends-build-index",
        "XM001",
        "the background asks the content script for BUILD_INDEX",
        [
            replace(
                BACKGROUND,
                "    answer = await sendMessageToTab(tabId, request);",
                "    answer = await sendMessageToTab(tabId, request);\n"
                "    await sendMessageToTab(tabId, { type: 'BUILD_INDEX' });",
            )
        ],
    ),
    # -- XM002: a declared type nobody handles -------------------------------------------------------------------------
    Mutation(
        "export-thread-declared-unhandled",
        "XM002",
        "EXPORT_THREAD added to popup-to-background, no handler",
        [add_message(POPUP_SCHEMA, "ExportThread", "EXPORT_THREAD")],
        regenerate_protocol=True,
    ),
    Mutation(
        "print-page-declared-unhandled",
        "XM002",
        "PRINT_PAGE added to background-to-content, no handler",
        [add_message(CONTENT_SCHEMA, "PrintPage", "PRINT_PAGE")],
        regenerate_protocol=True,
    ),
    # -- XM003: a literal payload that does not match its schema ---------------------------------------------------
    Mutation(
        "payload-wrong-type",
        "XM003",
        "the popup sends tabId as a string",
        [
            replace(
                POPUP,
                "    await ask({ type: 'CLEAR_PENDING_CONTEXT', tabId: this.tabId });",
                "    await ask({ type: 'CLEAR_PENDING_CONTEXT', tabId: String(this.tabId) } "
                "as unknown as PopupToBackground);",
            )
        ],
    ),
    Mutation(
        "payload-extra-key",
        "XM003",
        "the background adds a key EXTRACT_TEXT does not allow",
        [
            replace(
                BACKGROUND,
                "  const answer = await askContent(tabId, { type: 'EXTRACT_TEXT' });",
                "  const answer = await askContent(tabId, { type: 'EXTRACT_TEXT', maxChars: 100 } "
                "as unknown as BackgroundToContent);",
            )
        ],
    ),
    # -- XM004: a handler in the wrong context -------------------------------------------------------------------------
    Mutation(
        "content-handles-analyze-page",
        "XM004",
        "the content script also tests for ANALYZE_PAGE (a popup→background type)",
        [
            replace(
                CONTENT,
                "  return Promise.resolve(extractText());",
                "  switch ((message as { type: string }).type) {\n"
                "    case 'ANALYZE_PAGE':\n      return Promise.resolve({ type: 'ERROR', error: 'wrong place' });\n"
                "    case 'EXTRACT_TEXT':\n      return Promise.resolve(extractText());\n"
                "    default:\n      return Promise.resolve({ type: 'ERROR', error: 'unknown' });\n  }",
            )
        ],
    ),
    # -- XM005: tabs.sendMessage without handling "Receiving end does not exist" ------------------------------------
    Mutation(
        "unhandled-receiving-end",
        "XM005",
        "the background pings the tab outside the try",
        [
            replace(
                BACKGROUND,
                "  let answer: unknown;\n  try {",
                "  void sendMessageToTab(tabId, request);\n  let answer: unknown;\n  try {",
            )
        ],
    ),
    # -- XM006: an answer style that breaks in a target browser --------------------------------------------------------
    Mutation(
        "promise-through-chrome-onMessage",
        "XM006",
        "the background answers a Promise through raw chrome.runtime.onMessage",
        [
            replace(
                BROWSER_TS,
                "  browser.runtime.onMessage.addListener((message: unknown, sender: MessageSender) => "
                "handler(message, sender));",
                "  chrome.runtime.onMessage.addListener((message: unknown, sender: chrome.runtime.MessageSender) "
                "=> handler(message, sender as MessageSender));",
            )
        ],
    ),
    # -- XM007: the generated protocol module out of date -----------------------------------------------------------
    Mutation(
        "stale-generated-protocol",
        "XM007",
        "the schema allows a new optional key; protocol.ts not regenerated",
        [json_edit(POPUP_SCHEMA, lambda s: s["$defs"]["AnalyzePage"]["properties"].update(force={"type": "boolean"}))],
    ),
    # -- XP009: a Tab's url/title read with neither tabs nor host access -----------------------------------------------
    Mutation(
        "tab-title-without-access",
        "XP009",
        "activeTab dropped; the popup shows the active tab's title (undefined)",
        [
            replace(CONFIG, 'activeTab = "Read the current page', '# activeTab = "Read the current page'),
            helper(
                "export async function activeTabTitle(): Promise<string | undefined> {\n"
                "  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });\n"
                "  return tab?.title;\n}"
            ),
            call_at_load(POPUP, "import { activeTabTitle } from '../shared/browser';\nvoid activeTabTitle();"),
        ],
    ),
    # -- XP010: an API the context does not have ---------------------------------------------------------------------
    Mutation(
        "content-queries-tabs",
        "XP010",
        "the content script asks for the active tab itself (tabs is undefined there)",
        [
            call_at_load(
                CONTENT,
                "import { activeTabId } from '../shared/browser';\n"
                "document.addEventListener('keydown', () => { void activeTabId(); });",
            )
        ],
    ),
    # -- XL007: a file asked for by name that the build does not hold -------------------------------------------------
    Mutation(
        "welcome-page-not-built",
        "XL007",
        "the background opens pages/welcome.html, a page the build never writes",
        [
            helper(
                "export function welcomePageUrl(): string {\n  return browser.runtime.getURL('pages/welcome.html');\n}"
            ),
            call_at_load(BACKGROUND, "import { welcomePageUrl } from '../shared/browser';\nvoid welcomePageUrl();"),
        ],
    ),
    # -- XL011: a key written twice in a JSON file the browser reads ------------------------------------------------
    Mutation(
        "locale-key-twice",
        "XL011",
        "a new English locale defines the message appName twice",
        [
            replace(CONFIG, 'version = "2.2.0"\n', 'version = "2.2.0"\ndefault_locale = "en"\n'),
            create(
                "extension_src/public/_locales/en/messages.json",
                '{\n  "appName": {"message": "DocMind"},\n  "appName": {"message": "DocMind (beta)"}\n}\n',
            ),
        ],
    ),
]
