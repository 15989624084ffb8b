"""Spot checks of the lint knowledge base (specs/knowledge/apis.json via toolchain/lint/knowledge.py) against facts
from Chromium's feature files, Firefox's schemas and MDN's compat data, plus its integrity and its regeneration."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from toolchain.lint import knowledge as k

REPO = Path(__file__).resolve().parents[3]
KNOWLEDGE = REPO / "specs" / "knowledge"
CHROMIUM = ("chrome", "edge")
FIREFOX = ("firefox", "firefox_android")


def apis_json() -> dict:
    return json.loads((KNOWLEDGE / "apis.json").read_text(encoding="utf-8"))


# -- permissions -----------------------------------------------------------------------------------------------------


def test_tabs_send_message_and_query_need_no_permission() -> None:
    for name in ("tabs.sendMessage", "tabs.query", "tabs.create", "tabs.update", "tabs.get", "tabs.onUpdated"):
        for browser in k.BROWSERS:
            assert k.permissions_for(name, browser) == set(), (name, browser)
            assert k.missing_permissions(name, browser, []) == []


def test_runtime_messaging_and_i18n_need_no_permission() -> None:
    for name in (
        "runtime.sendMessage",
        "runtime.onMessage",
        "runtime.onInstalled",
        "runtime.getURL",
        "runtime.id",
        "runtime.lastError",
        "runtime.openOptionsPage",
        "i18n.getMessage",
        "windows.create",
        "permissions.request",
    ):
        info = k.api(name)
        assert info is not None and info.exact, name
        assert info.kind in {"function", "event", "property"}
        assert k.permissions_for(name, "chrome") == set() == k.permissions_for(name, "firefox"), name
    assert k.api("runtime.id").kind == "property"
    assert k.api("runtime.onMessage").kind == "event"


def test_native_messaging_needs_its_permission() -> None:
    for browser in ("chrome", "firefox"):
        assert k.permissions_for("runtime.sendNativeMessage", browser) == {"nativeMessaging"}
        assert k.permissions_for("runtime.connectNative", browser) == {"nativeMessaging"}


def test_context_menus_need_context_menus_and_firefox_menus_needs_menus() -> None:
    for browser in ("chrome", "edge", "firefox"):
        assert k.permissions_for("contextMenus.create", browser) == {"contextMenus"}
    # Firefox: the same API is also browser.menus, exposed by the 'menus' permission only (browser_ext_menus.js).
    assert k.permissions_for("menus.create", "firefox") == {"menus"}
    assert k.permission_aliases("menus", "firefox") == {"contextMenus"}
    assert k.permission_aliases("contextMenus", "firefox") == {"menus"}
    assert k.permission_aliases("contextMenus", "chrome") == set()
    assert k.available("menus.create", "chrome")[0] is False  # Chrome has only chrome.contextMenus
    assert k.available("contextMenus.create", "chrome", "88", 3) == (True, None)
    assert k.api("contextMenus.create").bcd == "menus.create"


def test_storage_needs_storage_with_longest_prefix_fallback() -> None:
    for name in ("storage.local.get", "storage.sync.set", "storage.session.get", "storage.onChanged"):
        assert k.permissions_for(name, "chrome") == {"storage"} == k.permissions_for(name, "firefox")
    assert k.api("storage.local").kind == "namespace"
    fallback = k.api("chrome.storage.local.notAMethod")
    assert fallback is not None and fallback.name == "storage.local" and not fallback.exact
    assert k.api("runtime.onMessage.addListener").name == "runtime.onMessage"
    assert k.api("notANamespace.foo") is None


def test_scripting_needs_scripting_and_host_access() -> None:
    for browser in k.BROWSERS:
        assert k.permissions_for("scripting.executeScript", browser) == {"scripting"}
    assert k.needs_host_access("scripting.executeScript")
    assert k.needs_host_access("tabs.executeScript")
    assert not k.needs_host_access("tabs.sendMessage")
    assert k.missing_permissions("scripting.executeScript", "chrome", ["activeTab"]) == [frozenset({"scripting"})]
    assert "scripting.executeScript" in k.apis_enabled_by("activeTab", "chrome")
    assert "scripting.executeScript" in k.apis_enabled_by("https://example.com/*", "firefox")


def test_tab_url_needs_tabs_or_host_access() -> None:
    assert k.host_access("tabs.Tab.url") == "alternative"
    assert k.missing_permissions("tabs.Tab.url", "chrome", []) == [frozenset({"tabs"})]
    assert k.missing_permissions("tabs.Tab.url", "chrome", ["tabs"]) == []
    assert k.missing_permissions("tabs.Tab.url", "chrome", ["https://example.com/*"]) == []
    assert k.missing_permissions("tabs.Tab.title", "firefox", [], has_host_access=True) == []


def test_capture_visible_tab_needs_all_urls_or_active_tab() -> None:
    for browser in ("chrome", "firefox"):
        assert k.requirements_for("tabs.captureVisibleTab", browser) == (frozenset({"<all_urls>", "activeTab"}),)
        assert k.missing_permissions("tabs.captureVisibleTab", browser, ["activeTab"]) == []
        assert k.missing_permissions("tabs.captureVisibleTab", browser, ["*://*/*"]) == []
        assert k.missing_permissions("tabs.captureVisibleTab", browser, ["storage"]) != []


def test_chrome_only_namespaces_need_their_permission() -> None:
    assert k.permissions_for("sidePanel.open", "chrome") == {"sidePanel"}
    assert k.permissions_for("sidePanel.setPanelBehavior", "edge") == {"sidePanel"}
    assert k.permissions_for("offscreen.createDocument", "chrome") == {"offscreen"}
    assert k.permissions_for("offscreen.closeDocument", "chrome") == {"offscreen"}
    assert k.api("offscreen.Reason").kind == "type"


def test_other_seed_namespaces() -> None:
    expected = {
        "alarms.create": {"alarms"},
        "idle.queryState": {"idle"},
        "notifications.create": {"notifications"},
        "history.search": {"history"},
        "bookmarks.getTree": {"bookmarks"},
        "downloads.download": {"downloads"},
        "cookies.get": {"cookies"},
        "webNavigation.onCompleted": {"webNavigation"},
        "webRequest.onBeforeRequest": {"webRequest"},
        "commands.getAll": set(),
        "i18n.getUILanguage": set(),
        "action.setBadgeText": set(),
        "browserAction.setBadgeText": set(),
    }
    for name, permissions in expected.items():
        assert k.permissions_for(name, "chrome") == permissions, name
    assert k.permissions_for("downloads.open", "chrome") == {"downloads", "downloads.open"}
    assert k.requirements_for("declarativeNetRequest.updateDynamicRules", "chrome") == (
        frozenset({"declarativeNetRequest", "declarativeNetRequestWithHostAccess"}),
    )
    assert k.needs_host_access("cookies.get") and k.needs_host_access("webRequest.onBeforeRequest")
    assert k.api("commands").manifest_keys["chrome"] == ("commands",)
    assert k.permissions_for("sidebarAction.open", "firefox") == set()


def test_apis_enabled_by_permission() -> None:
    storage = k.apis_enabled_by("storage", "chrome")
    assert {"storage", "storage.local.get", "storage.session.set"} <= storage
    assert "tabs.query" not in storage
    assert "tabs.Tab.url" in k.apis_enabled_by("tabs", "firefox")
    assert k.apis_enabled_by("sidePanel", "firefox") == set()
    assert "menus.create" in k.apis_enabled_by("menus", "firefox")
    assert "contextMenus.create" not in k.apis_enabled_by("menus", "firefox")


# -- availability and manifest versions ------------------------------------------------------------------------------


def test_action_is_mv3_and_browser_action_mv2() -> None:
    for browser in k.BROWSERS:
        assert k.api("action").manifest_versions[browser] == (3,)
        assert k.api("browserAction").manifest_versions[browser] == (2,)
    ok, why = k.available("action.setBadgeText", "chrome", "120", 2)
    assert not ok and "Manifest V2" in why
    ok, why = k.available("browserAction.setBadgeText", "chrome", "120", 3)
    assert not ok and "Manifest V3" in why
    assert k.available("browserAction.setBadgeText", "firefox", "115.0", 2) == (True, None)
    assert k.available("action.setBadgeText", "firefox", "115.0", 3) == (True, None)
    ok, why = k.available("action.setBadgeText", "firefox", "102.0", 3)
    assert not ok and "109" in why


def test_scripting_mv3_in_chrome_both_in_firefox_from_102() -> None:
    assert k.api("scripting").manifest_versions["chrome"] == (3,)
    assert k.api("scripting").manifest_versions["firefox"] == (2, 3)
    assert k.available("scripting.executeScript", "firefox", "102.0", 2) == (True, None)
    ok, why = k.available("scripting.executeScript", "firefox", "101.0", 3)
    assert not ok and "102" in why
    assert not k.available("scripting.executeScript", "chrome", "100", 2)[0]


def test_tabs_execute_script_is_mv2_only() -> None:
    for browser in k.BROWSERS:
        assert k.api("tabs.executeScript").manifest_versions[browser] == (2,)
    ok, why = k.available("tabs.executeScript", "firefox", "128.0", 3)
    assert not ok and "only MV2" in why
    assert k.available("tabs.executeScript", "firefox", "128.0", 2) == (True, None)


def test_side_panel_not_in_firefox() -> None:
    ok, why = k.available("sidePanel.open", "firefox", "128.0", 3)
    assert not ok and "Firefox" in why
    assert k.available("sidePanel.setPanelBehavior", "chrome", "116", 3) == (True, None)
    ok, why = k.available("sidePanel.open", "chrome", "114", 3)
    assert not ok and "116" in why  # the namespace is 114, sidePanel.open came in 116


def test_offscreen_is_chrome_109_and_mv3() -> None:
    assert k.api("offscreen").availability["chrome"] == "109"
    assert k.available("offscreen.createDocument", "chrome", "109", 3) == (True, None)
    ok, why = k.available("offscreen.createDocument", "chrome", "108", 3)
    assert not ok and "109" in why and "108" in why
    assert not k.available("offscreen.createDocument", "chrome", "120", 2)[0]
    assert not k.available("offscreen.createDocument", "firefox", None, 3)[0]


def test_storage_session_availability() -> None:
    session = k.api("storage.session")
    assert session.availability["chrome"] == "102"
    assert session.availability["firefox"] == "115"
    assert session.manifest_versions["chrome"] == (3,)  # extensions/common/api/_api_features.json
    ok, why = k.available("storage.session.get", "chrome", "110", 2)
    assert not ok and "Manifest V2" in why
    ok, why = k.available("storage.session.get", "firefox", "109.0", 3)
    assert not ok and "115" in why
    assert k.available("storage.session.get", "firefox", "128.0", 3) == (True, None)


def test_action_open_popup_minimum_version_is_reported() -> None:
    ok, why = k.available("action.openPopup", "chrome", "120", 3)
    assert not ok and "127" in why and "120" in why
    assert k.available("action.openPopup", "chrome", "127", 3) == (True, None)
    assert k.available("action.openPopup", "chrome", None, 3) == (True, None)  # no declared minimum


def test_unavailable_reasons() -> None:
    ok, why = k.available("downloads.download", "firefox_android", None, 2)
    assert not ok and "removed" in why and "79" in why
    ok, why = k.available("browserAction.openPopup", "chrome", None, 2)
    assert not ok and "flag" in why
    ok, why = k.available("nope.nothing", "chrome")
    assert not ok and "not a known" in why


def test_overrides_and_additions_to_bcd() -> None:
    # BCD marks the Firefox-style proxy API unsupported in Chrome; Chrome has its own chrome.proxy (settings-based).
    assert k.available("proxy.settings", "chrome", "120", 3) == (True, None)
    assert not k.available("proxy.onRequest", "chrome", "120", 3)[0]
    # Chrome-only members BCD does not list.
    assert k.api("identity.getAuthToken").exact and k.permissions_for("identity.getAuthToken", "chrome") == {"identity"}
    assert k.api("runtime.Port.postMessage").exact


def test_extension_get_url_mv2_only() -> None:
    for browser in ("chrome", "firefox"):
        assert k.api("extension.getURL").manifest_versions[browser] == (2,)
        assert k.api("runtime.getURL").manifest_versions[browser] == (2, 3)


def test_firefox_mv2_user_scripts_is_the_legacy_api() -> None:
    assert k.available("userScripts.register", "firefox", "120.0", 2) == (True, None)
    ok, why = k.available("userScripts.register", "firefox", "120.0", 3)
    assert not ok and "136" in why


# -- permission relations --------------------------------------------------------------------------------------------


def test_broad_and_redundant_permissions() -> None:
    assert k.is_broad_host_pattern("<all_urls>")
    assert k.is_broad_host_pattern("*://*/*") and k.is_broad_host_pattern("https://*/*")
    assert not k.is_broad_host_pattern("https://*.example.com/*")
    assert k.is_host_pattern("https://example.com/*") and not k.is_host_pattern("tabs")
    broad = k.broad_permissions(["<all_urls>", "webRequest", "debugger", "storage"])
    assert set(broad) == {"<all_urls>", "webRequest", "debugger"}
    assert "webRequest" not in k.broad_permissions(["webRequest", "https://example.com/*"])
    redundant = {(r.permission, r.because_of) for r in k.redundant_permissions(["activeTab", "<all_urls>"])}
    assert redundant == {("activeTab", "<all_urls>")}
    assert {r.permission for r in k.redundant_permissions(["activeTab", "*://*/*"])} == {"activeTab"}
    assert k.redundant_permissions(["activeTab", "https://example.com/*"]) == []
    dnr = k.redundant_permissions(["declarativeNetRequest", "declarativeNetRequestWithHostAccess"])
    assert [(r.permission, r.because_of) for r in dnr] == [
        ("declarativeNetRequestWithHostAccess", "declarativeNetRequest")
    ]
    assert k.missing_companions(["webRequestBlocking"]) == {"webRequestBlocking": (frozenset({"webRequest"}),)}
    assert k.grants_host_access(["activeTab"]) and not k.grants_host_access(["storage"])


def test_permission_info() -> None:
    scripting = k.permission_info("scripting")
    assert scripting is not None and scripting.supported("chrome") and scripting.manifest_versions["chrome"] == (3,)
    offscreen = k.permission_info("offscreen")
    assert offscreen is not None and offscreen.supported("chrome") and not offscreen.supported("firefox")
    assert not k.permission_info("dns").supported("chrome")  # preview only
    assert k.permission_info("declarativeNetRequestFeedback").requires
    assert k.permission_info("notAPermission") is None


# -- integrity -------------------------------------------------------------------------------------------------------


def test_permissions_json_keeps_the_shape_the_build_reads() -> None:
    rows = json.loads((KNOWLEDGE / "permissions.json").read_text(encoding="utf-8"))["permissions"]
    for name, row in rows.items():
        assert set(row) >= {"chrome", "edge", "firefox", "firefox_android", "source"}, name


def test_every_available_member_has_permission_facts_and_cited_sources() -> None:
    data = apis_json()
    sources = set(data["sources"])
    counted = {"namespace": 0, "member": 0}
    for name, entry in data["apis"].items():
        assert set(entry["availability"]) == set(k.BROWSERS), name
        if entry["kind"] not in k.MEMBER_KINDS:
            assert "permissions" not in entry, name
            continue
        counted["namespace" if entry["kind"] == "namespace" else "member"] += 1
        for browser in k.BROWSERS:
            if entry["availability"][browser] is not False:
                assert entry["permissions"][browser] is not None, (name, browser)
                assert entry["manifest_versions"][browser], (name, browser)
        cited = set()
        for value in entry["source"].values():
            cited.update([value] if isinstance(value, str) else value)
        assert cited <= sources, (name, cited - sources)
    assert counted["namespace"] == data["counts"]["namespaces"] and counted["member"] == data["counts"]["members"]
    assert data["counts"]["namespaces"] >= 53  # every namespace BCD lists, and the Chrome-only ones it does not


def test_every_bcd_namespace_is_present() -> None:
    data = apis_json()
    bcd_names = {e.get("bcd", n).split(".")[0] for n, e in data["apis"].items() if e.get("bcd", n) is not None}
    for namespace in bcd_names:
        assert namespace in data["apis"], namespace


def test_seed_apis_are_known_exactly() -> None:
    for name in (
        "scripting.executeScript",
        "runtime.sendMessage",
        "runtime.onMessage",
        "tabs.query",
        "tabs.captureVisibleTab",
        "runtime.onInstalled",
        "tabs.sendMessage",
        "tabs.create",
        "sidePanel.setPanelBehavior",
        "runtime.onStartup",
        "runtime.getURL",
        "runtime.getPlatformInfo",
        "offscreen.createDocument",
        "offscreen.closeDocument",
        "offscreen.Reason",
        "contextMenus.onClicked",
        "contextMenus.create",
        "action.openPopup",
        "browserAction.openPopup",
    ):
        info = k.api(f"chrome.{name}")
        assert info is not None and info.exact, name


# -- regeneration ----------------------------------------------------------------------------------------------------


def _bcd_scratch() -> Path | None:
    """A scratch folder with @mdn/browser-compat-data installed (XTK_BCD_DIR, else /tmp/bcd); the test installs
    nothing itself."""
    for candidate in (os.environ.get("XTK_BCD_DIR"), "/tmp/bcd"):
        if candidate and (Path(candidate) / "node_modules" / "@mdn" / "browser-compat-data" / "package.json").is_file():
            return Path(candidate)
    return None


def test_update_apis_reproduces_the_committed_file() -> None:
    node = shutil.which("node")
    scratch = _bcd_scratch()
    if node is None or scratch is None:
        pytest.skip("needs node and a scratch install of @mdn/browser-compat-data (set XTK_BCD_DIR)")
    package = json.loads((scratch / "node_modules" / "@mdn" / "browser-compat-data" / "package.json").read_text())
    committed = (KNOWLEDGE / "apis.json").read_text(encoding="utf-8")
    made_from = json.loads(committed)["bcd_version"]
    if package["version"] != made_from:
        pytest.skip(f"the scratch BCD is {package['version']}, apis.json was made from {made_from}")
    result = subprocess.run(
        [node, str(KNOWLEDGE / "update-apis.mjs")], cwd=scratch, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == committed


def test_asynchronous_functions_come_from_firefoxs_schemas_typed_properties_included() -> None:
    assert k.returns_promise("tabs.query") and k.returns_promise("chrome.tabs.query")
    assert k.returns_promise("storage.local.get")  # through the StorageArea type of `storage.local`
    assert k.returns_promise("runtime.sendMessage")
    assert not k.returns_promise("runtime.getURL") and not k.returns_promise("i18n.getMessage")
