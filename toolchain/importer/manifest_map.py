"""A manifest (as written in manifest.json, WXT's `manifest` option, Plasmo's package.json or CRXJS's
`defineManifest`) → xtk.toml's tables. Shared by every reader.

Keys xtk.toml has a place for go there; the others are kept for every browser in `[targets.*] manifest` and named
in the output. Entry keys (background, popup, content scripts...) are mapped only when the reader asks
(`entries=True`: Vite and plain folders, whose manifest names the source files); WXT and Plasmo find their entries
by file conventions instead.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any

from toolchain.importer.literals import Unread
from toolchain.importer.model import Imported

#: What the imported config gives where the project says nothing (the same as `xtk init`).
CHROMIUM_MIN_VERSION = "116"
FIREFOX_MIN_VERSION = "142.0"  # data_collection_permissions is read from Firefox 140 (142 on Android)

#: sidePanel is Chrome's and Edge's (Firefox has sidebar_action, from the same [side_panel]): scoped to them.
CHROMIUM_ONLY_GRANT = {"justification": "the side panel ([side_panel])", "browsers": ["chrome", "edge"]}

#: Manifest keys this mapping reads (the rest are kept raw).
_MAPPED = {
    "manifest_version",
    "name",
    "short_name",
    "version",
    "version_name",
    "description",
    "author",
    "homepage_url",
    "default_locale",
    "icons",
    "permissions",
    "optional_permissions",
    "host_permissions",
    "optional_host_permissions",
    "content_security_policy",
    "commands",
    "browser_specific_settings",
    "applications",
    "minimum_chrome_version",
    "web_accessible_resources",
}
_ENTRY_KEYS = {
    "background",
    "action",
    "browser_action",
    "page_action",
    "options_ui",
    "options_page",
    "side_panel",
    "sidebar_action",
    "chrome_url_overrides",
    "content_scripts",
    "sandbox",
    "devtools_page",
}
#: Keys a build writes itself from other keys, or that only one browser reads and xtk renders per browser.
_DROPPED = {"$schema"}

#: A resolver maps a path the manifest names to the project file (relative to the project), None if not found.
Resolver = Callable[[str], str | None]


def justification(source: str) -> str:
    return f"imported from {source}: say why the extension needs it (store reviewers read this)"


def is_host_pattern(value: str) -> bool:
    return "://" in value or value == "<all_urls>"


def stable_gecko_id(name: str) -> str:
    """A gecko id made from the extension's name: the same on every import, a {UUID} as AMO accepts."""
    return "{" + str(uuid.uuid5(uuid.NAMESPACE_URL, f"xtk-import:{name}")) + "}"


def apply_manifest(
    imported: Imported,
    manifest: dict[str, Any],
    source: str,
    resolve: Resolver | None = None,
    line_of: Callable[[str], int | None] | None = None,
) -> None:
    """Fill `imported.config` from `manifest` (read from `source`); `resolve` given: map the entry keys too."""
    config = imported.config

    def where(key: str) -> str:
        value = manifest.get(key)
        if isinstance(value, Unread):
            return f"{source.split(':')[0]}:{value.line}"
        line = line_of(key) if line_of else None
        return f"{source}:{line}" if line else source

    for key, value in list(manifest.items()):
        if isinstance(value, Unread):
            imported.note(
                where(key),
                f"manifest key {key!r} is not a literal ({_short(value.text)}): not brought over; write its value "
                f"in xtk.toml",
            )
            del manifest[key]

    extension = config.setdefault("extension", {})
    for key in ("name", "short_name", "version", "version_name", "description", "homepage_url", "default_locale"):
        if isinstance(manifest.get(key), str) and key not in extension:
            extension[key] = manifest[key]
    author = manifest.get("author")
    if isinstance(author, dict) and isinstance(author.get("email"), str):
        author = author["email"]
    if isinstance(author, str) and "author" not in extension:
        extension["author"] = author

    _targets(imported, manifest, source)
    if isinstance(manifest.get("icons"), dict) and resolve is not None:
        _icons(imported, "icons", manifest["icons"], resolve, where("icons"))
    _permissions(imported, manifest, source)
    _csp(imported, manifest.get("content_security_policy"))
    if isinstance(manifest.get("commands"), dict):
        config["commands"] = {
            name: {k: v for k, v in command.items() if k in ("description", "suggested_key")}
            for name, command in manifest["commands"].items()
            if isinstance(command, dict)
        }
    if resolve is not None:
        _entries(imported, manifest, resolve, where)
    _web_accessible(imported, manifest.get("web_accessible_resources"), where("web_accessible_resources"))
    raw = {
        k: v
        for k, v in manifest.items()
        if k not in _MAPPED
        and k not in _DROPPED
        and (resolve is not None or k not in _ENTRY_KEYS)
        and not (resolve is not None and k in _ENTRY_KEYS)
    }
    if raw:
        for target in config["targets"].values():
            target.setdefault("manifest", {}).update(raw)
        imported.note(
            source,
            f"manifest keys xtk.toml has no key for, kept as written in every target's `manifest`: {', '.join(raw)}; "
            "check each browser accepts them",
            "info",
        )


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def _targets(imported: Imported, manifest: dict[str, Any], source: str) -> None:
    targets = imported.config.setdefault("targets", {})
    chrome_min = str(manifest.get("minimum_chrome_version") or CHROMIUM_MIN_VERSION)
    chrome_min = chrome_min if re.fullmatch(r"\d+(\.\d+){0,2}", chrome_min) else CHROMIUM_MIN_VERSION
    chrome_min = str(max(int(chrome_min.split(".")[0]), int(CHROMIUM_MIN_VERSION)))
    targets.setdefault("chrome", {"min_version": chrome_min})
    targets.setdefault("edge", {"min_version": chrome_min})
    settings = manifest.get("browser_specific_settings") or manifest.get("applications") or {}
    gecko = settings.get("gecko", {}) if isinstance(settings, dict) else {}
    firefox: dict[str, Any] = targets.setdefault("firefox", {})
    firefox.setdefault("min_version", FIREFOX_MIN_VERSION)
    minimum = gecko.get("strict_min_version") if isinstance(gecko, dict) else None
    known = isinstance(minimum, str) and re.fullmatch(r"\d+(\.\d+){0,2}", minimum)
    if known and float(str(minimum).split(".")[0]) > float(FIREFOX_MIN_VERSION):
        firefox["min_version"] = minimum
    firefox.setdefault("manifest_version", 3)
    gecko_id = gecko.get("id") if isinstance(gecko, dict) else None
    if isinstance(gecko_id, str) and gecko_id:
        firefox["gecko_id"] = gecko_id
    elif "gecko_id" not in firefox:
        name = str(imported.config.get("extension", {}).get("name") or imported.directory.name)
        firefox["gecko_id"] = stable_gecko_id(name)
        imported.note(
            "",
            f"Firefox: the project names no add-on id (browser_specific_settings.gecko.id); xtk.toml gets "
            f"{firefox['gecko_id']}, made from the name. addons.mozilla.org ties the add-on to its id for good: "
            "replace it with your own before the first upload",
        )
    collection = gecko.get("data_collection_permissions") if isinstance(gecko, dict) else None
    if isinstance(collection, dict) and collection.get("required"):
        firefox["data_collection"] = {
            "required": list(collection["required"]),
            **({"optional": list(collection["optional"])} if collection.get("optional") else {}),
        }
    elif "data_collection" not in firefox:
        firefox["data_collection"] = {"required": ["none"]}
        imported.note(
            "",
            "Firefox: the project declares no data collection (gecko.data_collection_permissions), which "
            'addons.mozilla.org requires; xtk.toml says required = ["none"]: correct it if the extension sends '
            "data anywhere (`xtk help config` lists the categories)",
        )


def _icons(imported: Imported, table: str, icons: dict[str, Any], resolve: Resolver, where: str) -> None:
    found: dict[str, str] = {}
    for size, path in icons.items():
        if not isinstance(path, str):
            continue
        file = resolve(path)
        if file is None:
            imported.note(where, f"icon {path!r} ({size} px): file not found in the project; not brought over")
            continue
        found[str(size)] = file
    if found:
        if table == "icons":
            imported.config["icons"] = dict(sorted(found.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0))
        else:
            imported.config.setdefault(table, {})["icons"] = found


def _permissions(imported: Imported, manifest: dict[str, Any], source: str) -> None:
    config = imported.config
    reason = justification(source)
    for key, host_key in (("permissions", "host_permissions"), ("optional_permissions", "optional_host_permissions")):
        for name in manifest.get(key) or []:
            if not isinstance(name, str):
                continue
            table = host_key if is_host_pattern(name) else key  # MV2 lists host patterns with the permissions
            config.setdefault(table, {})[name] = dict(CHROMIUM_ONLY_GRANT) if name == "sidePanel" else reason
    for key in ("host_permissions", "optional_host_permissions"):
        for pattern in manifest.get(key) or []:
            if isinstance(pattern, str):
                config.setdefault(key, {})[pattern] = reason


def _csp(imported: Imported, csp: Any) -> None:
    if isinstance(csp, str):
        imported.config["csp"] = {"extension_pages": csp}
    elif isinstance(csp, dict):
        kept = {k: v for k, v in csp.items() if k in ("extension_pages", "sandbox") and isinstance(v, str)}
        if kept:
            imported.config["csp"] = kept


def _web_accessible(imported: Imported, resources: Any, where: str) -> None:
    if not isinstance(resources, list) or not resources:
        return
    tables: list[dict[str, Any]] = []
    flat = [r for r in resources if isinstance(r, str)]
    if flat:  # MV2: loadable by every page
        tables.append({"resources": flat, "matches": ["<all_urls>"]})
    for entry in resources:
        if isinstance(entry, dict) and entry.get("resources"):
            table = {
                k: v for k, v in entry.items() if k in ("resources", "matches", "extension_ids", "use_dynamic_url")
            }
            tables.append(table)
    if tables:
        imported.config["web_accessible_resources"] = tables
        imported.note(
            where,
            "web_accessible_resources name build paths: check each resource is a file of the build "
            "(bundled scripts become .js, public/ files keep their path)",
            "info",
        )


def _entries(imported: Imported, manifest: dict[str, Any], resolve: Resolver, where: Callable[[str], str]) -> None:
    config = imported.config

    def source_of(key: str, path: Any) -> str | None:
        if not isinstance(path, str):
            return None
        file = resolve(path)
        if file is None:
            imported.note(where(key), f"{key}: {path!r} is not a file of the project; not brought over")
        return file

    background = manifest.get("background")
    if isinstance(background, dict):
        scripts = background.get("scripts") or []
        entry = background.get("service_worker") or (scripts[0] if scripts else None)
        if background.get("page"):
            imported.note(
                where("background"),
                "background.page: xtk builds a background script, not a page; "
                "load the page's script as [background] entry instead",
            )
        if len(scripts) > 1:
            imported.note(
                where("background"),
                f"background.scripts lists {len(scripts)} files; xtk bundles one entry: import the others from it",
            )
        file = source_of("background", entry)
        if file:
            config["background"] = {"entry": file, **({"type": "module"} if background.get("type") == "module" else {})}
            if background.get("persistent") is True:
                config["background"]["persistent"] = True
    action = manifest.get("action") or manifest.get("browser_action") or manifest.get("page_action")
    if isinstance(action, dict):
        table: dict[str, Any] = {}
        popup = source_of("action", action.get("default_popup"))
        if popup:
            table["popup"] = popup
        if isinstance(action.get("default_title"), str):
            table["title"] = action["default_title"]
        config["action"] = table
        icon = action.get("default_icon")
        if isinstance(icon, str):
            icon = {"128": icon}
        if isinstance(icon, dict):
            _icons(imported, "action", icon, resolve, where("action"))
    options = manifest.get("options_ui") or (
        {"page": manifest["options_page"]} if manifest.get("options_page") else None
    )
    if isinstance(options, dict):
        page = source_of("options_ui", options.get("page"))
        if page:
            config["options"] = {"page": page, **({"open_in_tab": True} if options.get("open_in_tab") else {})}
    panel = manifest.get("side_panel") or {}
    sidebar = manifest.get("sidebar_action") or {}
    panel_path = panel.get("default_path") if isinstance(panel, dict) else None
    panel_path = panel_path or (sidebar.get("default_panel") if isinstance(sidebar, dict) else None)
    page = source_of("side_panel", panel_path)
    if page:
        config["side_panel"] = {"page": page}
        permissions = config.setdefault("permissions", {})
        permissions.setdefault("sidePanel", dict(CHROMIUM_ONLY_GRANT))
    overrides = manifest.get("chrome_url_overrides")
    if isinstance(overrides, dict):
        mapped = {name: source_of("chrome_url_overrides", path) for name, path in overrides.items()}
        config["overrides"] = {k: v for k, v in mapped.items() if v and k in ("newtab", "bookmarks", "history")}
    sandbox = manifest.get("sandbox")
    if isinstance(sandbox, dict):
        pages = [source_of("sandbox", p) for p in sandbox.get("pages") or []]
        config["sandbox"] = [{"page": p} for p in pages if p]
    devtools = source_of("devtools_page", manifest.get("devtools_page"))
    if devtools:
        add_devtools_page(imported, devtools, where("devtools_page"))
    scripts_out: list[dict[str, Any]] = []
    for index, script in enumerate(manifest.get("content_scripts") or []):
        if not isinstance(script, dict):
            continue
        js = [f for f in (source_of(f"content_scripts[{index}].js", p) for p in script.get("js") or []) if f]
        css = [f for f in (source_of(f"content_scripts[{index}].css", p) for p in script.get("css") or []) if f]
        if not js and not css:
            continue
        content: dict[str, Any] = {"matches": script.get("matches") or ["<all_urls>"]}
        for key in ("exclude_matches", "run_at", "all_frames", "match_about_blank", "world"):
            if key in script:
                content[key] = script[key]
        if js:
            content["js"] = js
        if css:
            content["css"] = css
        scripts_out.append(content)
    if scripts_out:
        config["content_scripts"] = scripts_out


def add_devtools_page(imported: Imported, page: str, where: str) -> None:
    """The DevTools page: `[devtools] page`."""
    if "devtools" in imported.config:
        imported.note(where, f"a second DevTools page ({page}): a manifest has one; not brought over")
        return
    imported.config["devtools"] = {"page": page}
