"""A Plasmo project: package.json (`displayName`, `version`, its `manifest` field), pages as React components
(popup.tsx, options.tsx, newtab.tsx, sidepanel.tsx, devtools.tsx, tabs/*.tsx, or a folder's index.tsx),
content.ts / contents/*.ts with `export const config: PlasmoCSConfig`, background.ts, assets/icon.png
(docs/import.md, "Plasmo")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolchain.importer.common import package_json, source_files, typecheck_setting
from toolchain.importer.literals import Unread, exported_const, exported_names, imports_of, read_source, value_of
from toolchain.importer.manifest_map import add_devtools_page, apply_manifest
from toolchain.importer.model import Imported

_COMPONENT = (".tsx", ".jsx")
_SCRIPT = (".ts", ".tsx", ".js", ".jsx")
_CS_KEYS = {
    "matches": "matches",
    "exclude_matches": "exclude_matches",
    "run_at": "run_at",
    "all_frames": "all_frames",
    "match_about_blank": "match_about_blank",
    "world": "world",
}
#: CSUI exports: Plasmo mounts the default-exported component into the page with them.
#: the CSUI exports xtk's content-script component mount honours
_CSUI_SUPPORTED = ("getRootContainer", "getStyle")
_CSUI = (
    "getRootContainer",
    "getInlineAnchor",
    "getInlineAnchorList",
    "getOverlayAnchor",
    "getOverlayAnchorList",
    "getStyle",
    "getShadowHostId",
    "mountShadowHost",
    "render",
)


def is_plasmo(directory: Path) -> bool:
    package = package_json(directory)
    dependencies = {**(package.get("dependencies") or {}), **(package.get("devDependencies") or {})}
    return "plasmo" in dependencies


def _source_dir(directory: Path) -> Path:
    src = directory / "src"
    if src.is_dir() and any(
        _find(src, name) for name in ("popup", "options", "background", "content", "newtab", "sidepanel", "contents")
    ):
        return src
    return directory


def _find(folder: Path, name: str, suffixes: tuple[str, ...] = _SCRIPT) -> Path | None:
    for suffix in suffixes:
        for candidate in (folder / f"{name}{suffix}", folder / name / f"index{suffix}"):
            if candidate.is_file():
                return candidate
    return folder / name if (folder / name).is_dir() and name == "contents" else None


def read_plasmo(imported: Imported) -> None:
    directory = imported.directory
    package = package_json(directory)
    src = _source_dir(directory)
    config = imported.config
    config["src"] = imported.relative(src) if src != directory else "."
    assets = directory / "assets"
    config["public"] = "assets" if assets.is_dir() else "public"
    config["aliases"] = {"~": config["src"]}
    imported.comment("aliases", "Plasmo's ~ alias: the source folder")
    extension = config.setdefault("extension", {})
    extension["name"] = str(package.get("displayName") or package.get("name") or directory.name)
    extension["version"] = str(package.get("version") or "0.1.0")
    for key in ("description", "homepage"):
        if isinstance(package.get(key), str):
            extension["description" if key == "description" else "homepage_url"] = package[key]
    author = package.get("author")
    if isinstance(author, str):
        extension["author"] = author
    manifest = package.get("manifest")
    apply_manifest(imported, dict(manifest) if isinstance(manifest, dict) else {}, "package.json", resolve=None)
    if assets.is_dir():
        imported.comment("", "public = assets: Plasmo's assets/ is copied into each build as it is")
    icon = assets / "icon.png"
    if icon.is_file():  # Plasmo makes 16-128 px icons from it; so does xtk's one-image key, for manifest and button
        config["icon"] = "assets/icon.png"
    typecheck_setting(imported)
    config["jsx"] = "automatic"
    imported.comment(
        "", 'jsx = "automatic": Plasmo compiles JSX with React\'s automatic runtime, whatever tsconfig says'
    )
    _pages(imported, src)
    _action(imported, manifest.get("action") if isinstance(manifest, dict) else None)
    background = _find(src, "background")
    if background is not None:
        config["background"] = {"entry": imported.relative(background)}
        messages = src / "background" / "messages"
        if messages.is_dir():
            imported.note(
                imported.relative(messages),
                "Plasmo messaging handlers (background/messages/): Plasmo "
                "generates the code that routes messages to them; register a runtime.onMessage listener "
                "in the background that calls them",
            )
    _content_scripts(imported, src)
    _framework_uses(imported, src)


def _action(imported: Imported, declared: Any) -> None:
    """Plasmo's manifest always has the toolbar button: `action` (MV2: `browser_action`) with the generated icons as
    `default_icon` and popup.html when there is a popup. package.json's `manifest.action`, once Plasmo has dropped
    its empty values, replaces that object whole (the popup xtk keeps)."""
    config = imported.config
    action = config.setdefault("action", {})
    if not _has_value(declared):
        if config.get("icons"):
            action["icons"] = dict(config["icons"])
        return
    if isinstance(declared.get("default_title"), str):
        action["title"] = declared["default_title"]
    others = sorted(key for key, value in declared.items() if key != "default_title" and _has_value(value))
    if others:
        imported.note(
            "package.json",
            f"manifest.action {', '.join(others)}: not brought over; set them under [action] in xtk.toml",
        )


def _has_value(value: Any) -> bool:
    """Whether Plasmo keeps `value` in the manifest: it drops empty objects (and null), recursively."""
    if isinstance(value, dict):
        return any(_has_value(item) for item in value.values())
    return value is not None


def _pages(imported: Imported, src: Path) -> None:
    config = imported.config
    for name in ("popup", "options", "newtab", "sidepanel", "devtools"):
        page = _find(src, name, _COMPONENT + (".html",))
        if page is None:
            continue
        relative = imported.relative(page)
        if name == "popup":
            config.setdefault("action", {})["popup"] = relative
        elif name == "options":
            config["options"] = {"page": relative}
        elif name == "newtab":
            config.setdefault("overrides", {})["newtab"] = relative
        elif name == "sidepanel":
            config["side_panel"] = {"page": relative}
            config.setdefault("permissions", {}).setdefault(
                "sidePanel", {"justification": "Plasmo adds it for the side panel", "browsers": ["chrome", "edge"]}
            )
        else:
            add_devtools_page(imported, relative, relative)
        if page.suffix in _COMPONENT:
            _check_component(imported, page)
    tabs = src / "tabs"
    for page in sorted(tabs.glob("*")) if tabs.is_dir() else []:
        if page.suffix in _COMPONENT:
            config.setdefault("pages", []).append({"page": imported.relative(page)})
            _check_component(imported, page)


def _check_component(imported: Imported, page: Path) -> None:
    parsed = read_source(page)
    if parsed is None or "default" not in exported_names(parsed):
        imported.note(imported.relative(page), "a page component must export default the component xtk mounts")


def _content_scripts(imported: Imported, src: Path) -> None:
    files: list[Path] = []
    single = _find(src, "content")
    if single is not None and single.is_file():
        files.append(single)
    contents = src / "contents"
    if contents.is_dir():
        for path in sorted(contents.iterdir()):
            if path.is_file() and path.suffix in _SCRIPT:
                files.append(path)
            elif path.is_dir():
                index = next((path / f"index{s}" for s in _SCRIPT if (path / f"index{s}").is_file()), None)
                if index is not None:
                    files.append(index)
    for path in files:
        _content_script(imported, path)


def _content_script(imported: Imported, path: Path) -> None:
    relative = imported.relative(path)
    script: dict[str, Any] = {"matches": ["<all_urls>"]}
    parsed = read_source(path)
    if parsed is None or parsed.errors:
        imported.note(relative, "cannot parse this content script: its config is not brought over")
    else:
        node = exported_const(parsed, "config")
        options = value_of(parsed, node) if node is not None else {}
        if isinstance(options, Unread):
            imported.note(
                imported.where(path, options.line), "`config` is not an object literal: write its matches in xtk.toml"
            )
            options = {}
        for key, toml_key in _CS_KEYS.items():
            item = options.get(key)
            if isinstance(item, Unread):
                imported.note(imported.where(path, item.line), f"config.{key} is not a literal: write it in xtk.toml")
            elif item is not None:
                script[toml_key] = item
        if options.get("css"):
            imported.note(relative, "config.css: add the files to this script's css in xtk.toml (paths under src)")
        if node is None:
            imported.note(
                relative,
                "no `export const config`: Plasmo runs it on every page; so does xtk.toml (<all_urls>)",
                "info",
            )
        exported = exported_names(parsed)
        unsupported = sorted(name for name in exported if name in _CSUI and name not in _CSUI_SUPPORTED)
        if "default" in exported and path.suffix in (".tsx", ".jsx"):
            script["component"] = True  # xtk mounts it in a shadow root, as Plasmo does
            if unsupported:
                imported.note(
                    relative,
                    f"content-script UI exports {', '.join(unsupported)}: xtk mounts the component in a shadow root "
                    "appended to the page (or in getRootContainer()'s element, with getStyle()'s style); anchors "
                    "and a custom render are not honoured: place the UI from getRootContainer instead",
                )
            imported.note(
                relative,
                "content-script UI: CSS it imports is injected into the page, not its shadow root; give it through "
                "getStyle() to style the shadow root",
                "info",
            )
        elif unsupported:
            imported.note(relative, f"{', '.join(unsupported)} without a default-exported component: ignored")
    script["js"] = [relative]
    imported.config.setdefault("content_scripts", []).append(script)


def _framework_uses(imported: Imported, src: Path) -> None:
    for path in source_files(src):
        parsed = read_source(path)
        if parsed is None:
            continue
        for module, _names, line in imports_of(parsed):
            where = imported.where(path, line)
            if module.startswith("@plasmohq/messaging"):
                imported.note(
                    where,
                    "@plasmohq/messaging relies on code Plasmo generates (its message handlers' "
                    "routing): use runtime.sendMessage / onMessage instead",
                )
            elif module.split(":", 1)[0] in ("data-text", "data-base64", "url", "raw", "raw-env"):
                imported.note(
                    where,
                    f"{module!r}: Plasmo's import scheme is not supported; import the file with "
                    "`?raw` / `?url` or as an asset",
                )
        text = parsed.source.decode("utf-8", "replace")
        if "process.env.PLASMO_" in text:
            line = text[: text.index("process.env.PLASMO_")].count("\n") + 1
            imported.note(
                imported.where(path, line),
                "process.env.PLASMO_*: Plasmo's environment variables; use "
                "[constants] in xtk.toml (import.meta.env.NAME)",
            )
