"""One test (or a few) per per-browser conversion rule in toolchain/manifest/conversions.py."""

from __future__ import annotations

from toolchain.manifest import conversions as cv
from toolchain.project.models import (
    Action,
    Background,
    ContentScript,
    ContentSecurityPolicy,
    DataCollection,
    FirefoxTarget,
    PermissionGrant,
    SidePanel,
    UrlOverrides,
    WebAccessibleResources,
)


def grant(browsers: list[str] | None = None) -> PermissionGrant:
    return PermissionGrant(justification="why", browsers=browsers)  # type: ignore[arg-type]


def firefox(min_version: str = "142.0", android: str | None = None) -> FirefoxTarget:
    return FirefoxTarget(
        min_version=min_version,
        android_min_version=android,
        gecko_id="docmind@example.com",
        data_collection=DataCollection(required=["websiteContent"]),
    )


# -- version ----------------------------------------------------------------------------------------------


def test_normalize_version_strips_prerelease_and_build() -> None:
    assert cv.normalize_version("2.2.0-beta.1") == "2.2.0"
    assert cv.normalize_version("1.0+build.7") == "1.0"
    assert cv.normalize_version("3.1.4.1") == "3.1.4.1"


def test_version_name_kept_for_chromium_and_off_firefox() -> None:
    assert cv.version_name_for("chrome", "2.2.0-beta.1", None) == "2.2.0-beta.1"
    assert cv.version_name_for("edge", "2.2.0", "2.2 Beta") == "2.2 Beta"
    assert cv.version_name_for("chrome", "2.2.0", None) is None
    assert cv.version_name_for("firefox", "2.2.0-beta.1", "2.2 Beta") is None


def test_minimum_versions() -> None:
    assert cv.minimum_chrome_version("chrome", "116") == "116"
    assert cv.minimum_chrome_version("edge", "120") == "120"
    assert cv.minimum_chrome_version("firefox", "142.0") is None
    assert cv.strict_min_version("142") == "142.0"
    assert cv.strict_min_version("115.3") == "115.3"


# -- background and action --------------------------------------------------------------------------------


def test_background_service_worker_for_chromium_mv3() -> None:
    assert cv.background_for("chrome", 3, Background(entry="x"), "background/index.js") == {
        "service_worker": "background/index.js"
    }
    module = cv.background_for("edge", 3, Background(entry="x", type="module"), "bg.js")
    assert module == {"service_worker": "bg.js", "type": "module"}


def test_background_scripts_for_mv2() -> None:
    value = cv.background_for("firefox", 2, Background(entry="x", persistent=True), "background/index.js")
    assert value == {"scripts": ["background/index.js"], "persistent": True}


def test_background_for_firefox_mv3_has_scripts_and_from_121_also_service_worker() -> None:
    base = cv.background_for("firefox", 3, Background(entry="x"), "bg.js")
    assert base == {"scripts": ["bg.js"]}
    assert cv.firefox_mv3_background(base, "128.0", "bg.js") == {"service_worker": "bg.js", "scripts": ["bg.js"]}
    assert cv.firefox_mv3_background(base, "115.0", "bg.js") == {"scripts": ["bg.js"]}


def test_action_key_and_value() -> None:
    assert cv.action_key(3) == "action"
    assert cv.action_key(2) == "browser_action"
    value = cv.action_for(Action(title="Ask"), "popup/index.html", {"16": "icons/16.png"})
    assert value == {
        "default_popup": "popup/index.html",
        "default_title": "Ask",
        "default_icon": {"16": "icons/16.png"},
    }


def test_side_panel_becomes_sidebar_action_in_firefox() -> None:
    panel = SidePanel(page="src/panel.html", title="Panel")
    assert cv.side_panel_for("chrome", panel, "panel.html", {}) == ("side_panel", {"default_path": "panel.html"})
    key, value = cv.side_panel_for("firefox", panel, "panel.html", {"32": "i.png"})
    assert key == "sidebar_action"
    assert value == {"default_panel": "panel.html", "default_title": "Panel", "default_icon": {"32": "i.png"}}


def test_options_ui() -> None:
    assert cv.options_for("options/index.html", True) == {"page": "options/index.html", "open_in_tab": True}


def test_url_overrides_firefox_keeps_only_newtab() -> None:
    overrides = UrlOverrides(newtab="src/new.html", history="src/history.html")
    pages = {"newtab": "new.html", "history": "history.html"}
    assert cv.url_overrides_for("chrome", overrides, pages) == (pages, [])
    value, warnings = cv.url_overrides_for("firefox", overrides, {"newtab": "new.html"})
    assert value == {"newtab": "new.html"}
    assert [w.code for w in warnings] == ["XB102"] and "history" in warnings[0].message


def test_sandbox_dropped_for_firefox_with_warning() -> None:
    assert cv.sandbox_for("chrome", ["sandbox.html"]) == ({"pages": ["sandbox.html"]}, [])
    value, warnings = cv.sandbox_for("firefox", ["sandbox.html"])
    assert value is None and warnings[0].severity == "warning" and warnings[0].browser == "firefox"
    assert cv.sandbox_for("firefox", []) == (None, [])


# -- content scripts and resources ------------------------------------------------------------------------


def test_content_script_shape_and_main_world() -> None:
    script = ContentScript(matches=["<all_urls>"], js=["src/c.ts"], world="MAIN", all_frames=True)
    value, warnings = cv.content_script_for("chrome", 3, script, ["c.js"], [], 0)
    assert value == {
        "matches": ["<all_urls>"],
        "js": ["c.js"],
        "run_at": "document_idle",
        "all_frames": True,
        "world": "MAIN",
    }
    assert warnings == []
    value, warnings = cv.content_script_for("firefox", 2, script, ["c.js"], [], 0)
    assert "world" not in value and warnings[0].key == "content_scripts[0].world"


def test_web_accessible_resources_objects_in_mv3_and_flat_in_mv2() -> None:
    groups = [
        WebAccessibleResources(resources=["a.js", "a.css"], matches=["https://*/*"], use_dynamic_url=True),
        WebAccessibleResources(resources=["a.css", "b.png"], extension_ids=["abc"]),
    ]
    assert cv.web_accessible_resources_for("chrome", 3, groups) == [
        {"resources": ["a.js", "a.css"], "matches": ["https://*/*"], "use_dynamic_url": True},
        {"resources": ["a.css", "b.png"], "extension_ids": ["abc"]},
    ]
    firefox_mv3 = cv.web_accessible_resources_for("firefox", 3, groups)
    assert "use_dynamic_url" not in firefox_mv3[0]  # Firefox ignores it
    assert cv.web_accessible_resources_for("firefox", 2, groups) == ["a.js", "a.css", "b.png"]


def test_csp_object_in_mv3_string_in_mv2() -> None:
    csp = ContentSecurityPolicy(extension_pages="script-src 'self' 'wasm-unsafe-eval'", sandbox="sandbox allow-scripts")
    value, warnings = cv.content_security_policy_for("chrome", 3, csp)
    assert value == {"extension_pages": "script-src 'self' 'wasm-unsafe-eval'", "sandbox": "sandbox allow-scripts"}
    assert warnings == []
    value, warnings = cv.content_security_policy_for("firefox", 2, csp)
    assert value == "script-src 'self' 'wasm-unsafe-eval'"
    assert [w.code for w in warnings] == ["XB101"]
    value, _ = cv.content_security_policy_for("firefox", 3, csp)
    assert value == {"extension_pages": "script-src 'self' 'wasm-unsafe-eval'"}


# -- permissions ------------------------------------------------------------------------------------------


def test_permissions_scoped_by_browsers() -> None:
    grants = {"activeTab": grant(), "sidePanel": grant(["chrome", "edge"]), "menus": grant(["firefox"])}
    assert cv.permissions_for("chrome", grants) == (["activeTab", "sidePanel"], [])
    assert cv.permissions_for("firefox", grants) == (["activeTab", "menus"], [])


def test_permission_unsupported_by_the_browser_is_dropped_with_a_warning() -> None:
    names, warnings = cv.permissions_for("firefox", {"offscreen": grant(), "storage": grant()})
    assert names == ["storage"]
    (warning,) = warnings
    assert warning.code == "XB104" and warning.key == "permissions.offscreen"
    assert 'browsers = ["chrome", "edge"]' in warning.message
    names, warnings = cv.permissions_for("chrome", {"theme": grant()})
    assert names == [] and warnings[0].browser == "chrome"


def test_unknown_permission_passes_through_for_lint_to_judge() -> None:
    assert cv.permissions_for("chrome", {"brandNewApi": grant()}) == (["brandNewApi"], [])


def test_host_permissions_merged_into_permissions_in_mv2() -> None:
    assert cv.merge_host_permissions_mv2(["storage"], ["https://api.example.com/*"]) == [
        "storage",
        "https://api.example.com/*",
    ]


def test_optional_host_permissions_moved_not_dropped_in_mv2() -> None:
    moved = cv.move_optional_host_permissions_mv2(["bookmarks"], ["https://*.example.com/*"])
    assert moved == ["bookmarks", "https://*.example.com/*"]


def test_host_patterns_scoped() -> None:
    grants = {"https://a/*": grant(), "http://localhost/*": grant(["chrome"])}
    assert cv.host_patterns_for("firefox", grants) == ["https://a/*"]


# -- Firefox ----------------------------------------------------------------------------------------------


def test_gecko_settings() -> None:
    settings = cv.gecko_settings(firefox("142", android="142"))
    assert settings == {
        "gecko": {
            "id": "docmind@example.com",
            "strict_min_version": "142.0",
            "data_collection_permissions": {"required": ["websiteContent"]},
        },
        "gecko_android": {"strict_min_version": "142.0"},
    }


def test_data_collection_version_conflict_warns_below_140_and_android_below_142() -> None:
    (low,) = cv.data_collection_version_conflict("firefox", firefox("109.0"))
    assert low.code == "XB110" and low.key == "targets.firefox.min_version" and "140" in low.message
    (android,) = cv.data_collection_version_conflict("firefox", firefox("140.0"))
    assert android.key == "targets.firefox.android_min_version"
    assert cv.data_collection_version_conflict("firefox", firefox("140.0", android="142.0")) == []
    assert cv.data_collection_version_conflict("firefox", firefox("142.0")) == []


# -- commands ---------------------------------------------------------------------------------------------


def test_commands_execute_action_renamed_per_manifest_version() -> None:
    commands = {"_execute_action": {"suggested_key": {"default": "Ctrl+Shift+Y"}}, "toggle": {"description": "t"}}
    assert list(cv.commands_for(2, commands)) == ["_execute_browser_action", "toggle"]
    assert list(cv.commands_for(3, commands)) == ["_execute_action", "toggle"]
    assert list(cv.commands_for(3, {"_execute_browser_action": {}})) == ["_execute_action"]


# -- overrides --------------------------------------------------------------------------------------------


def test_deep_merge_overrides_and_deletes() -> None:
    base = {"a": 1, "b": {"c": 2, "d": 3}, "e": [1]}
    assert cv.deep_merge(base, {"b": {"c": 9, "d": None}, "e": [2], "f": "x"}) == {
        "a": 1,
        "b": {"c": 9},
        "e": [2],
        "f": "x",
    }
    assert base["b"] == {"c": 2, "d": 3}  # not mutated
