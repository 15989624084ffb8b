"""Per-browser manifest conversions: one small named function per rule.

The project config says what the extension is once; these functions say how each browser wants it written.
They are pure: values in, values (and warnings) out. `render.py` calls them and hands the results to the
Jinja2 template of the manifest version.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from toolchain import browser_targets, codes
from toolchain.diagnostics import Diagnostic
from toolchain.project.models import (
    Action,
    Background,
    Browser,
    ContentSecurityPolicy,
    DataCollection,
    FirefoxTarget,
    PermissionGrant,
    SidePanel,
    UrlOverrides,
    WebAccessibleResources,
)
from toolchain.resources import knowledge_file

#: The first Firefox versions that read `data_collection_permissions` (desktop, Android).
DATA_COLLECTION_MIN_FIREFOX = 140
DATA_COLLECTION_MIN_FIREFOX_ANDROID = 142
#: Firefox reads `background.service_worker` beside `scripts` (and ignores it) from this version on.
BOTH_BACKGROUND_KEYS_MIN_FIREFOX = 121


def _gecko(browser: Browser) -> bool:
    """Firefox's engine: its conversions differ from Chromium's (the registry says which engine a target runs)."""
    return browser_targets.get(browser).is_gecko


def _warning(message: str, browser: Browser, key: str, code: str) -> Diagnostic:
    """A conversion's diagnostic (all warnings today), with the severity toolchain/codes.py gives `code`."""
    return Diagnostic(codes.severity(code), message, key=key, browser=browser, code=code)


# -- identity ---------------------------------------------------------------------------------------------


def normalize_version(version: str) -> str:
    """Browsers accept only 1–4 dot-separated integers: `2.2.0-beta.1` → `2.2.0`."""
    return re.split(r"[-+]", version, maxsplit=1)[0]


def version_name_for(browser: Browser, version: str, version_name: str | None) -> str | None:
    """Chrome and Edge show `version_name` (the full version with its pre-release tag); Firefox rejects the key."""
    if _gecko(browser):
        return None
    if version_name:
        return version_name
    return version if normalize_version(version) != version else None


def minimum_chrome_version(browser: Browser, min_version: str) -> str | None:
    """Chrome and Edge (Chromium-based, same version numbers) read `minimum_chrome_version`."""
    return min_version if browser_targets.get(browser).is_chromium else None


def strict_min_version(min_version: str) -> str:
    """Firefox compares full versions: write `142` as `142.0`."""
    return min_version if "." in min_version else f"{min_version}.0"


def _major(version: str) -> int:
    return int(version.split(".")[0])


# -- background, action, pages ----------------------------------------------------------------------------


def background_for(browser: Browser, manifest_version: int, background: Background, script: str) -> dict[str, Any]:
    """MV3 Chrome/Edge run a service worker; MV2 and Firefox run background scripts.

    Firefox MV3 gets `scripts` and, from Firefox 121 (which ignores it there), `service_worker` too, so the one
    manifest also loads in Chrome (web-ext #2532, #3101).
    """
    module = {"type": "module"} if background.type == "module" else {}
    if manifest_version == 2:
        return {"scripts": [script], "persistent": background.persistent, **module}
    if _gecko(browser):
        return {"scripts": [script], **module}
    return {"service_worker": script, **module}


def firefox_mv3_background(background: dict[str, Any], min_version: str, script: str) -> dict[str, Any]:
    """Add `service_worker` beside `scripts` in a Firefox MV3 manifest when every supported Firefox tolerates it."""
    if _major(min_version) >= BOTH_BACKGROUND_KEYS_MIN_FIREFOX:
        return {"service_worker": script, **background}
    return background


def action_key(manifest_version: int) -> str:
    """MV3 `action`; MV2 `browser_action`."""
    return "action" if manifest_version == 3 else "browser_action"


def action_for(action: Action, popup: str | None, icons: Mapping[str, str]) -> dict[str, Any]:
    value: dict[str, Any] = {}
    if popup:
        value["default_popup"] = popup
    if action.title:
        value["default_title"] = action.title
    if icons:
        value["default_icon"] = dict(icons)
    return value


def side_panel_for(
    browser: Browser, side_panel: SidePanel, page: str, icons: Mapping[str, str]
) -> tuple[str, dict[str, Any]]:
    """Chrome/Edge `side_panel`; Firefox `sidebar_action` (its own API, no permission)."""
    if _gecko(browser):
        value: dict[str, Any] = {"default_panel": page}
        if side_panel.title:
            value["default_title"] = side_panel.title
        if icons:
            value["default_icon"] = dict(icons)
        return "sidebar_action", value
    return "side_panel", {"default_path": page}


def options_for(page: str, open_in_tab: bool) -> dict[str, Any]:
    return {"page": page, "open_in_tab": open_in_tab}


def url_overrides_for(
    browser: Browser, overrides: UrlOverrides, pages: Mapping[str, str]
) -> tuple[dict[str, str], list[Diagnostic]]:
    """Firefox replaces only the new-tab page; bookmarks and history overrides are Chrome's alone."""
    result: dict[str, str] = {}
    warnings: list[Diagnostic] = []
    for name in ("newtab", "bookmarks", "history"):
        if getattr(overrides, name) is None:
            continue
        if _gecko(browser) and name != "newtab":
            warnings.append(
                _warning(
                    f"Firefox cannot override the {name} page: dropped from its manifest",
                    browser,
                    f"overrides.{name}",
                    "XB102",
                )
            )
            continue
        result[name] = pages[name]
    return result, warnings


def sandbox_for(browser: Browser, pages: list[str]) -> tuple[dict[str, Any] | None, list[Diagnostic]]:
    """Sandboxed pages are Chrome's alone; Firefox gets none (and a warning)."""
    if not pages:
        return None, []
    if _gecko(browser):
        return None, [
            _warning("Firefox has no sandboxed pages: 'sandbox' dropped from its manifest", browser, "sandbox", "XB101")
        ]
    return {"pages": pages}, []


# -- content scripts and resources ------------------------------------------------------------------------


def content_script_for(
    browser: Browser, manifest_version: int, script: Any, js: list[str], css: list[str], index: int
) -> tuple[dict[str, Any], list[Diagnostic]]:
    value: dict[str, Any] = {"matches": list(script.matches)}
    if script.exclude_matches:
        value["exclude_matches"] = list(script.exclude_matches)
    if js:
        value["js"] = js
    if css:
        value["css"] = css
    value["run_at"] = script.run_at
    if script.all_frames:
        value["all_frames"] = True
    if script.match_about_blank:
        value["match_about_blank"] = True
    warnings: list[Diagnostic] = []
    if script.world == "MAIN":
        if manifest_version == 2:
            warnings.append(
                _warning(
                    "'world: MAIN' needs Manifest V3: this content script runs in the isolated world",
                    browser,
                    f"content_scripts[{index}].world",
                    "XB103",
                )
            )
        else:
            value["world"] = "MAIN"
    return value, warnings


def web_accessible_resources_for(
    browser: Browser, manifest_version: int, groups: Iterable[WebAccessibleResources]
) -> list[Any]:
    """MV3: objects `{resources, matches}`; MV2: one flat list of paths. Firefox ignores `use_dynamic_url`."""
    groups = list(groups)
    if manifest_version == 2:
        flat: list[str] = []
        for group in groups:
            flat += [r for r in group.resources if r not in flat]
        return flat
    result: list[dict[str, Any]] = []
    for group in groups:
        value: dict[str, Any] = {"resources": list(group.resources)}
        if group.matches:
            value["matches"] = list(group.matches)
        if group.extension_ids:
            value["extension_ids"] = list(group.extension_ids)
        if group.use_dynamic_url and not _gecko(browser):
            value["use_dynamic_url"] = True
        result.append(value)
    return result


def content_security_policy_for(
    browser: Browser, manifest_version: int, csp: ContentSecurityPolicy
) -> tuple[Any, list[Diagnostic]]:
    """MV3: an object `{extension_pages, sandbox}`; MV2: the extension pages' policy as a string."""
    warnings: list[Diagnostic] = []
    sandbox = csp.sandbox
    if sandbox and _gecko(browser):
        warnings.append(
            _warning("Firefox has no sandboxed pages: csp.sandbox dropped", browser, "csp.sandbox", "XB101")
        )
        sandbox = None
    if manifest_version == 2:
        return csp.extension_pages, warnings
    value = {k: v for k, v in (("extension_pages", csp.extension_pages), ("sandbox", sandbox)) if v}
    return value or None, warnings


# -- permissions ------------------------------------------------------------------------------------------


@cache
def permission_support() -> dict[str, dict[str, Any]]:
    """Which browsers accept each permission (specs/knowledge/permissions.json, from MDN's compat data)."""
    permissions: dict[str, dict[str, Any]] = knowledge_file("permissions.json")["permissions"]
    return permissions


def supports_permission(browser: Browser, name: str) -> bool:
    """Unknown permissions are passed through: the lint stage, not the build, judges them."""
    entry = permission_support().get(name)
    return entry is None or entry.get(browser) not in (False, None)


def permissions_for(
    browser: Browser, grants: Mapping[str, PermissionGrant], key: str = "permissions"
) -> tuple[list[str], list[Diagnostic]]:
    """The permissions one browser gets: those scoped to it, minus those it does not know (with a warning)."""
    names: list[str] = []
    warnings: list[Diagnostic] = []
    for name, grant in grants.items():
        if grant.browsers is not None and browser not in grant.browsers:
            continue
        if not supports_permission(browser, name):
            scope = ", ".join(
                f'"{b}"' for b in browser_targets.names() if b != browser and supports_permission(b, name)
            )
            warnings.append(
                _warning(
                    f"{browser} does not support the '{name}' permission: dropped from its manifest "
                    f"(scope it with browsers = [{scope}] to silence this)",
                    browser,
                    f"{key}.{name}",
                    "XB104",
                )
            )
            continue
        names.append(name)
    return names, warnings


def host_patterns_for(browser: Browser, grants: Mapping[str, PermissionGrant]) -> list[str]:
    return [p for p, g in grants.items() if g.browsers is None or browser in g.browsers]


def merge_host_permissions_mv2(permissions: list[str], hosts: list[str]) -> list[str]:
    """MV2 has no `host_permissions`: host patterns go into `permissions` (WXT #602: never lose them)."""
    return permissions + [h for h in hosts if h not in permissions]


def move_optional_host_permissions_mv2(optional_permissions: list[str], optional_hosts: list[str]) -> list[str]:
    """MV2 has no `optional_host_permissions`: move them into `optional_permissions` — WXT drops them instead."""
    return optional_permissions + [h for h in optional_hosts if h not in optional_permissions]


# -- Firefox settings -------------------------------------------------------------------------------------


def data_collection_permissions(data_collection: DataCollection) -> dict[str, list[str]]:
    value: dict[str, list[str]] = {"required": list(data_collection.required)}
    if data_collection.optional:
        value["optional"] = list(data_collection.optional)
    return value


def gecko_settings(target: FirefoxTarget) -> dict[str, Any]:
    """`browser_specific_settings` for Firefox: id, strict minimum version(s), data-collection permissions."""
    gecko: dict[str, Any] = {
        "id": target.gecko_id,
        "strict_min_version": strict_min_version(target.min_version),
        "data_collection_permissions": data_collection_permissions(target.data_collection),
    }
    settings: dict[str, Any] = {"gecko": gecko}
    if target.android_min_version:
        settings["gecko_android"] = {"strict_min_version": strict_min_version(target.android_min_version)}
    return settings


def data_collection_version_conflict(browser: Browser, target: FirefoxTarget) -> list[Diagnostic]:
    """Firefox needs `data_collection_permissions` for new add-ons, but reads it only from 140 (142 on Android).

    With a lower `strict_min_version`, older Firefoxes ignore the declaration and addons-linter warns
    (KEY_FIREFOX_UNSUPPORTED_BY_MIN_VERSION): raise min_version, or accept the gap knowingly.
    """
    warnings: list[Diagnostic] = []
    if _major(target.min_version) < DATA_COLLECTION_MIN_FIREFOX:
        warnings.append(
            _warning(
                f"data_collection_permissions is read from Firefox {DATA_COLLECTION_MIN_FIREFOX} on, "
                "but min_version is "
                f'{target.min_version}: set min_version to "{DATA_COLLECTION_MIN_FIREFOX_ANDROID}.0" '
                f"({DATA_COLLECTION_MIN_FIREFOX} on desktop, {DATA_COLLECTION_MIN_FIREFOX_ANDROID} on Android)",
                browser,
                f"targets.{browser}.min_version",
                "XB110",
            )
        )
    android = target.android_min_version or target.min_version
    if (
        _major(android) < DATA_COLLECTION_MIN_FIREFOX_ANDROID
        and _major(target.min_version) >= DATA_COLLECTION_MIN_FIREFOX
    ):
        warnings.append(
            _warning(
                "data_collection_permissions is read from Firefox for Android "
                f"{DATA_COLLECTION_MIN_FIREFOX_ANDROID} on, "
                f"but the Android minimum is {android}: "
                f'set android_min_version to "{DATA_COLLECTION_MIN_FIREFOX_ANDROID}.0"',
                browser,
                f"targets.{browser}.android_min_version",
                "XB110",
            )
        )
    return warnings


# -- commands ---------------------------------------------------------------------------------------------


def commands_for(manifest_version: int, commands: Mapping[str, Any]) -> dict[str, Any]:
    """The command that opens the popup is `_execute_action` in MV3 and `_execute_browser_action` in MV2."""
    renames = (
        {"_execute_action": "_execute_browser_action"}
        if manifest_version == 2
        else {"_execute_browser_action": "_execute_action", "_execute_page_action": "_execute_action"}
    )
    return {renames.get(name, name): value for name, value in commands.items()}


# -- overrides --------------------------------------------------------------------------------------------


def deep_merge(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Raw per-target manifest keys win; objects merge key by key, a `null` deletes the key."""
    result = dict(base)
    for key, value in override.items():
        if value is None:
            result.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(result.get(key), dict):
            result[key] = deep_merge(result[key], value)
        else:
            result[key] = value
    return result
