"""API uses: the chrome/browser globals, aliases, shadowing, the polyfill import and the project's abstraction."""

from __future__ import annotations

from .support import apis, extract


def test_globals_and_aliases() -> None:
    facts = extract("aliases/globals.ts")["aliases/globals.ts"]
    found = apis(facts)
    assert {
        ("tabs.create", "call", "browser"),  # const b = browser; b.tabs.create()
        ("runtime.getManifest", "call", "chrome"),  # const rt = chrome.runtime; rt.getManifest()
        ("tabs.query", "call", "browser"),  # const { tabs } = browser
        ("runtime.sendMessage", "call", "chrome"),  # const { sendMessage } = chrome.runtime
        ("storage.local.get", "call", "chrome"),  # const { storage: { local } } = chrome
        ("runtime.id", "property", "chrome"),
        ("runtime.lastError", "property", "chrome"),  # rt.lastError?.message: the member, not .message
        ("storage.sync.get", "call", "chrome"),
        ("alarms.create", "call", "chrome"),  # globalThis.chrome
        ("runtime.onStartup", "event", "browser"),
        ("permissions.request", "call", "chrome"),  # a call whose promise is chained
        ("history.search", "call", "browser"),  # typeof browser !== 'undefined' ? browser : chrome
    } <= found
    # an alias of a member reads it where it is declared; an alias of a namespace touches nothing
    assert ("runtime.sendMessage", "property", "chrome") in found
    assert not any(api in ("runtime", "tabs", "storage.local") for api, _, _ in found)
    # every use carries the function it sits in
    assert {use.scope for use in facts.api_uses if use.api == "tabs.create"} == {"useAliases"}
    assert {use.scope for use in facts.api_uses if use.api == "runtime.sendMessage"} == {"", "useAliases"}
    assert facts.listener_scopes == {"onStartup"}


def test_shadowing_hides_the_globals() -> None:
    found = {api for api, _, _ in apis(extract("aliases/globals.ts")["aliases/globals.ts"])}
    assert "tabs.remove" not in found  # a parameter named chrome
    assert "bookmarks.create" not in found  # a block-scoped const named browser


def test_polyfill_import_default_and_namespace() -> None:
    facts = extract("aliases/polyfill.ts")["aliases/polyfill.ts"]
    assert apis(facts) == {("downloads.download", "call", "polyfill"), ("runtime.onMessage", "event", "polyfill")}
    # `import { chrome } from './not-the-api'` shadows the global
    assert "./not-the-api" in facts.imports and "webextension-polyfill" in facts.imports
    assert [p.name for p in facts.resolved_imports] == ["not-the-api.ts"]


def test_abstraction_reexports_the_polyfill() -> None:
    found = extract("abstraction/feature.ts", abstraction="abstraction/shared/browser.ts")
    feature = found["abstraction/feature.ts"]
    assert apis(feature) == {
        ("topSites.get", "call", "abstraction"),  # import { browser }
        ("sessions.getRecentlyClosed", "call", "abstraction"),  # export { default as ext } from the polyfill
        ("idle.queryState", "call", "abstraction"),  # through shared/index.ts re-exports, renamed
        ("windows.getAll", "call", "abstraction"),  # const { windows } = browser
        ("tabs.reload", "call", "abstraction"),  # import * as shared; shared.browser.tabs
        ("tabs.reload", "call", "chrome"),  # the global, outside the abstraction
    }
    # inside the abstraction, the uses are through the polyfill import
    assert apis(found["abstraction/shared/browser.ts"]) == {("notifications.create", "call", "polyfill")}
    # a call through a re-exporting index lands on the defining file
    (call,) = [c for c in feature.calls if c.callee == "notifyAll"]
    assert call.module is not None and call.module.name == "browser.ts" and call.scope == "feature"


def test_without_an_abstraction_the_origin_is_kept() -> None:
    feature = extract("abstraction/feature.ts")["abstraction/feature.ts"]
    assert ("topSites.get", "call", "polyfill") in apis(feature)
