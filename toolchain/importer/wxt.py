"""A WXT project: wxt.config.* (its `manifest` and folder options), entrypoints/ by WXT's file conventions with
each entry's `define*` options, public/, and the names WXT imports for the code (docs/import.md, "WXT")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from toolchain.importer import wxt_eval
from toolchain.importer.common import (
    first_file,
    meta_options,
    meta_value,
    package_json,
    source_files,
    typecheck_setting,
)
from toolchain.importer.literals import (
    Unread,
    call_parts,
    default_export,
    free_uses,
    function_result,
    imports_of,
    read_source,
    read_vue_script,
    value_of,
)
from toolchain.importer.manifest_map import add_devtools_page, apply_manifest, justification
from toolchain.importer.model import Imported
from toolchain.importer.vite_plugins import esbuild_counterparts, react_jsx
from toolchain.project.models import ProjectConfig

CONFIG_NAMES = ["wxt.config.ts", "wxt.config.mts", "wxt.config.js", "wxt.config.mjs"]
#: What xtk's runtime supplies (templates/runtime/wxt.js).
SUPPLIED = frozenset(
    {"browser", "defineBackground", "defineContentScript", "defineUnlistedScript", "ContentScriptContext"}
)
#: What WXT auto-imports that xtk does not supply: each use is named with the change to make.
NOT_SUPPLIED = {
    "storage": "`import { storage } from '#imports'` (xtk answers it from @wxt-dev/storage, installed)",
    "createShadowRootUi": "mount the UI yourself (attachShadow on a host element) or declare it as an [[injected]] "
    "bundle",
    "createIntegratedUi": "append the UI's element to the page yourself",
    "createIframeUi": "create the iframe yourself, its page as a [[pages]] entry",
    "useAppConfig": "import the object app.config.ts exports instead",
    "defineAppConfig": "export the object itself",
    "injectScript": "inject with a <script src=browser.runtime.getURL(...)> element and list the script in "
    "web_accessible_resources",
    "MatchPattern": "install @webext-core/match-patterns and import MatchPattern from it",
    "defineWxtPlugin": "call the plugin's code from the entries that need it",
}
#: Vue's APIs @wxt-dev/module-vue (unimport's `vue` preset) lets code use without importing them.
VUE_NAMES = (
    "ref",
    "computed",
    "reactive",
    "readonly",
    "watch",
    "watchEffect",
    "toRef",
    "toRefs",
    "toRaw",
    "unref",
    "isRef",
    "shallowRef",
    "triggerRef",
    "customRef",
    "nextTick",
    "defineComponent",
    "defineAsyncComponent",
    "onMounted",
    "onUnmounted",
    "onBeforeMount",
    "onBeforeUnmount",
    "onUpdated",
    "onBeforeUpdate",
    "provide",
    "inject",
    "h",
    "createApp",
    "useSlots",
    "useAttrs",
    "effectScope",
    "markRaw",
    "shallowReactive",
)
#: unimport presets xtk maps: preset → the names it auto-imports from the package of the same name.
PRESETS = {
    "vue": VUE_NAMES,
    "vue-router": (
        "useRouter",
        "useRoute",
        "useLink",
        "createRouter",
        "createWebHashHistory",
        "createWebHistory",
        "createMemoryHistory",
        "onBeforeRouteLeave",
        "onBeforeRouteUpdate",
    ),
}
#: What to do instead of the WXT modules projects use most.
KNOWN_MODULES = {
    "@wxt-dev/module-vue": "xtk compiles .vue files with the project's vue; import Vue's APIs (ref, computed...) "
    "from 'vue' where the code uses them without importing",
    "@wxt-dev/module-react": 'xtk compiles TSX itself, with jsx = "automatic" as its React plugin does',
    "@wxt-dev/module-svelte": "xtk compiles .svelte files with the project's svelte",
    "@wxt-dev/module-solid": "Solid's JSX needs its Babel transform, which xtk does not run",
    "@wxt-dev/auto-icons": "list the icon sizes under [icons] (or use xtk's one-image icon key where your xtk has it)",
    "@wxt-dev/i18n/module": "it generates _locales from locales/*.yml: write _locales/<lang>/messages.json (under "
    "public/) and use browser.i18n.getMessage instead of `i18n.t` from '#i18n'",
    "@wxt-dev/unocss": "run UnoCSS through PostCSS (its PostCSS plugin and a postcss.config)",
}
#: Modules whose work xtk does itself, given what they read (read_wxt → _modules).
_MODULES_READ = ("@wxt-dev/auto-icons", "@wxt-dev/i18n/module")
_RUNTIME_MODULES = ("#imports", "wxt/browser", "wxt/sandbox", "wxt/client", "wxt/utils/")
#: WXT's folders whose exports WXT auto-imports everywhere (relative to srcDir).
_AUTO_IMPORT_FOLDERS = ("utils", "components", "composables", "hooks")
#: entry name → (table, context) for the pages WXT puts in the manifest
_PAGES = {
    "popup": "action",
    "options": "options",
    "sidepanel": "side_panel",
    "newtab": "newtab",
    "bookmarks": "bookmarks",
    "history": "history",
    "devtools": "devtools",
    "sandbox": "sandbox",
}


def find_config(directory: Path) -> Path | None:
    return first_file(directory, CONFIG_NAMES)


def read_wxt(imported: Imported) -> None:
    directory = imported.directory
    config_file = find_config(directory)
    options: dict[str, Any] = {}
    manifest: dict[str, Any] = {}
    config_where = ""
    evaluated: wxt_eval.Evaluated | None = None
    if config_file is not None:
        config_where = imported.relative(config_file)
        outcome = wxt_eval.evaluate(directory, config_file)
        if isinstance(outcome, wxt_eval.Failure):
            imported.note(config_where, f"not evaluated in Node ({outcome.reason}): read as written", "info")
        else:
            evaluated = outcome
        options, manifest = _read_config(imported, config_file, evaluated)
        esbuild_counterparts(imported, config_file)
    src_dir = directory / _folder(options.get("srcDir"), ".")
    entrypoints = src_dir / _folder(options.get("entrypointsDir"), "entrypoints")
    public = _public_dir(directory, src_dir, options.get("publicDir"))
    if not entrypoints.is_dir():
        imported.note(imported.where(entrypoints), "no entrypoints folder: WXT's entries live there")
    config = imported.config
    config["framework"] = "wxt"
    config["src"] = imported.relative(entrypoints) if entrypoints.is_dir() else "entrypoints"
    config["public"] = imported.relative(public) if public.is_dir() else "public"
    if (public / "_locales").is_dir():
        imported.comment("", "_locales/ in public/ is copied as it is")
    wxt_src = imported.relative(src_dir) if src_dir != directory else "."
    config["aliases"] = {"@": wxt_src, "~": wxt_src, "@@": ".", "~~": "."}
    imported.comment("aliases", "WXT's path aliases: @ and ~ are its srcDir, @@ and ~~ the project's root")
    package = package_json(directory)
    split = wxt_eval.split(evaluated.manifests) if evaluated is not None else None
    manifest = dict(split.common if split is not None else manifest)
    apply_manifest(imported, manifest, config_where or "package.json", resolve=None)
    if split is not None:
        _per_browser(imported, split, config_where)
    extension = config.setdefault("extension", {})  # WXT's manifest first, then package.json (as WXT does)
    extension.setdefault("name", str(package.get("displayName") or package.get("name") or directory.name))
    extension.setdefault("version", str(package.get("version") or "0.1.0"))
    if isinstance(package.get("description"), str):
        extension.setdefault("description", package["description"])
    if "icons" not in manifest:
        _discover_icons(imported, public)
    elif isinstance(manifest.get("icons"), dict):
        imported.config["icons"] = {
            str(size): imported.relative(public / path)
            for size, path in manifest["icons"].items()
            if isinstance(path, str) and (public / path).is_file()
        }
    if manifest.get("action") and isinstance(manifest["action"], dict):
        title = manifest["action"].get("default_title")
        if isinstance(title, str):
            config.setdefault("action", {})["title"] = title
    _modules(imported, options, src_dir)
    typecheck_setting(imported)
    if entrypoints.is_dir():
        _entrypoints(imported, entrypoints)
    _auto_imports(imported, src_dir, directory)


def _modules(imported: Imported, options: dict[str, Any], src_dir: Path) -> None:
    """@wxt-dev/auto-icons → xtk's one-image `icon` key; @wxt-dev/i18n's module → `locales` in its own format."""
    modules = options.get("modules")
    modules = [str(module) for module in modules] if isinstance(modules, list) else []
    where = imported.config.pop("_modules_where", "")
    if "@wxt-dev/module-react" in modules:  # @vitejs/plugin-react, given the module's `react.vite` options
        react = options.get("react")
        react_jsx(imported, react.get("vite") if isinstance(react, dict) else {}, where)
    if "@wxt-dev/auto-icons" in modules:
        settings = options.get("autoIcons")
        base = settings.get("baseIconPath") if isinstance(settings, dict) else None
        image = src_dir / (base if isinstance(base, str) else "assets/icon.png")
        if "icon" in ProjectConfig.model_fields and image.is_file():
            imported.config["icon"] = imported.relative(image)
            imported.config.pop("icons", None)
            imported.note(
                where, f"@wxt-dev/auto-icons: icon = {imported.relative(image)!r} (xtk makes the sizes)", "info"
            )
        else:
            imported.note(
                where,
                "WXT module @wxt-dev/auto-icons: xtk does not run WXT modules; "
                + KNOWN_MODULES["@wxt-dev/auto-icons"]
                + ("" if image.is_file() else f" ({imported.where(image)} is not there)"),
            )
    if "@wxt-dev/i18n/module" in modules:
        _wxt_locales(imported, src_dir, where)


def _wxt_locales(imported: Imported, src_dir: Path, where: str) -> None:
    """@wxt-dev/i18n's module: <srcDir>/locales/<lang>.yml|json|toml, compiled by xtk into _locales/ (locales_format =
    "wxt"); its `i18n` (from '#i18n') is answered by xtk's WXT runtime when @wxt-dev/i18n is installed."""
    folder = src_dir / "locales"
    if not folder.is_dir() or "locales_format" not in ProjectConfig.model_fields:
        imported.note(where, "WXT module @wxt-dev/i18n/module: " + KNOWN_MODULES["@wxt-dev/i18n/module"])
        return
    imported.config["locales"] = imported.relative(folder)
    imported.config["locales_format"] = "wxt"
    imported.comment(
        "", 'locales_format = "wxt": @wxt-dev/i18n\'s message files, compiled into _locales/ by each build'
    )
    if not (imported.directory / "node_modules" / "@wxt-dev" / "i18n" / "package.json").is_file():
        imported.note(where, "@wxt-dev/i18n is not installed: `i18n` (from '#i18n') needs it; run npm install")
    imported.config.setdefault("_package_imports", {})["i18n"] = "#i18n"  # WXT auto-imports it


def _folder(value: Any, default: str) -> str:
    return value.strip("/") or "." if isinstance(value, str) else default


def _public_dir(directory: Path, src_dir: Path, option: Any) -> Path:
    if isinstance(option, str):
        return directory / option
    # WXT 0.20 resolves it against the project's root, earlier versions against srcDir: the one that exists
    return directory / "public" if (directory / "public").is_dir() else src_dir / "public"


def _per_browser(imported: Imported, split: wxt_eval.Split, where: str) -> None:
    """What the config's manifest gives one browser and not another: a permission only some list becomes a grant
    limited to them; any other differing key goes in that browser's raw `manifest` (merged last)."""
    for table in wxt_eval.GRANT_KEYS:
        grants = imported.config.get(table) or {}
        for name, browsers in split.grant_browsers.items():
            if name in grants:
                grants[name] = {"justification": justification(where), "browsers": browsers}
    targets = imported.config.get("targets") or {}
    for browser, keys in split.per_browser.items():
        if keys and browser in targets:
            targets[browser].setdefault("manifest", {}).update(keys)
            imported.note(
                where,
                f"the manifest gives {browser} its own {', '.join(sorted(keys))}: in [targets.{browser}] manifest",
                "info",
            )


def _read_config(
    imported: Imported, path: Path, evaluated: wxt_eval.Evaluated | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The config's options and manifest as written; `evaluated` (Node's values) given, its folders, modules and
    imports win and the manifest is taken from it instead (per browser, by the caller)."""
    parsed = read_source(path)
    where = imported.relative(path)
    options: dict[str, Any] = {}
    argument = None
    if parsed is None or parsed.errors:
        if evaluated is None:
            imported.note(where, "cannot read the WXT config (a syntax error, or not UTF-8): nothing taken from it")
            return {}, {}
    else:
        call = call_parts(parsed, default_export(parsed))
        argument = call[1] if call else default_export(parsed)
        read = value_of(parsed, argument) if argument is not None else None
        if isinstance(read, dict):
            options = read
        elif evaluated is None and argument is None:
            imported.note(where, "no `export default defineConfig({...})`: nothing taken from it")
            return {}, {}
        elif evaluated is None and argument is not None:
            imported.note(
                f"{where}:{argument.start_point[0] + 1}", "the config is not an object literal: nothing taken"
            )
            return {}, {}
    if evaluated is not None:
        options = {k: v for k, v in options.items() if k not in ("srcDir", "entrypointsDir", "publicDir", "manifest")}
        options.update(evaluated.fields, modules=evaluated.modules, imports=evaluated.imports)
    manifest = options.get("manifest") or {}
    if isinstance(manifest, Unread) and parsed is not None and argument is not None:
        node = _pair_value(parsed, argument, "manifest")
        result = function_result(parsed, node) if node is not None else None
        if result is not None and result.type == "object":
            manifest = value_of(parsed, result)
            imported.note(
                f"{where}:{node.start_point[0] + 1}" if node is not None else where,
                "`manifest` is a function (of the browser or mode): its object is taken as written; per-browser "
                "branches in it are not brought over (use [targets.<browser>] manifest)",
            )
        else:
            imported.note(
                f"{where}:{manifest.line}",
                "`manifest` is not an object literal: not brought over; write its keys in xtk.toml",
            )
            manifest = {}
    for name, item in options.items():
        if name in (
            "manifest",
            "srcDir",
            "entrypointsDir",
            "publicDir",
            "outDir",
            "extensionApi",
            "manifestVersion",
            "targetBrowsers",
            "browser",
            "imports",
        ):
            continue
        node = _pair_value(parsed, argument, name) if parsed is not None and argument is not None else None
        line = node.start_point[0] + 1 if node is not None else None
        if name == "modules":
            imported.config["_modules_where"] = f"{where}:{line}" if line else where
            for module in item if isinstance(item, list) else [item]:
                if module in _MODULES_READ:
                    continue  # read_wxt brings these over
                imported.note(
                    f"{where}:{line}" if line else where,
                    f"WXT module {module!s}: xtk does not run WXT modules; "
                    + KNOWN_MODULES.get(str(module), "do by hand what it does (its docs say what it adds)"),
                )
        elif name == "vite":
            imported.note(
                f"{where}:{line}" if line else where,
                "`vite` options (aliases, defines, most plugins) are not "
                "brought over: xtk bundles with esbuild; Svelte and Vue components and Tailwind build through the "
                "project's own compilers, plugins with an esbuild build become [[esbuild_plugins]] (each named "
                "below), path aliases go in [aliases]",
            )
        elif name == "alias" and isinstance(item, dict):
            imported.config.setdefault("aliases", {}).update({k: v for k, v in item.items() if isinstance(v, str)})
        elif name == "hooks":
            imported.note(f"{where}:{line}" if line else where, "`hooks`: xtk does not run WXT's build hooks")
        else:
            imported.note(f"{where}:{line}" if line else where, f"WXT option `{name}` is not brought over", "info")
    imports = options.get("imports")
    packages = imported.config.setdefault("_package_imports", {})
    modules = options.get("modules")
    modules = modules if isinstance(modules, list) else []
    if "@wxt-dev/module-vue" in modules:
        packages.update(dict.fromkeys(VUE_NAMES, "vue"))
    if isinstance(imports, dict):
        for preset in imports.get("presets") or []:
            if preset in PRESETS:
                packages.update(dict.fromkeys(PRESETS[preset], preset))
            else:
                imported.note(where, f"auto-import preset {preset!s}: not supplied by xtk; import its names where used")
        for entry in imports.get("imports") or []:
            named = isinstance(entry, dict) and isinstance(entry.get("name"), str) and entry.get("as") is None
            if named and isinstance(entry.get("from"), str):
                packages[entry["name"]] = entry["from"]
                continue
            imported.note(where, f"auto-import {entry!s}: not supplied by xtk; import it where used")
    if options.get("imports") is False:
        imported.note(where, "auto-imports are off (`imports: false`): the code imports what it uses", "info")
    return options, manifest if isinstance(manifest, dict) else {}


def _pair_value(parsed: Any, node: Any, name: str) -> Any:
    for child in node.named_children:
        if child.type == "pair":
            key = child.child_by_field_name("key")
            if key is not None and parsed.text(key).strip("'\"") == name:
                return child.child_by_field_name("value")
    return None


def _discover_icons(imported: Imported, public: Path) -> None:
    """WXT's icon discovery in public/: icon-16.png, icon/16.png, icons/16.png, icon@16w.png, icon-16x16.png."""
    found: dict[int, str] = {}
    if not public.is_dir():
        return
    pattern = re.compile(r"^(?:icons?[/@-]?)?(\d+)(?:x\d+|w)?\.png$")
    for path in sorted(public.rglob("*.png")):
        relative = path.relative_to(public).as_posix()
        match = pattern.match(relative) if relative.startswith("icon") else None
        if match:
            found.setdefault(int(match.group(1)), imported.relative(path))
    if found:
        imported.config["icons"] = {str(size): file for size, file in sorted(found.items())}


def _entry_name(path: Path, entrypoints: Path) -> tuple[str, Path] | None:
    """`popup.html` / `popup/index.html` → ("popup", file). Files deeper than one folder are not entries."""
    relative = path.relative_to(entrypoints)
    if len(relative.parts) == 1:
        name = path.name.split(".")[0] if not path.name.count(".") > 1 else path.name.rsplit(".", 1)[0]
        return name, path
    if len(relative.parts) == 2 and path.stem == "index":
        return relative.parts[0], path
    return None


def _entrypoints(imported: Imported, entrypoints: Path) -> None:
    entries: list[tuple[str, Path]] = []
    for path in sorted(entrypoints.rglob("*")):
        if not path.is_file() or path.name.endswith(".d.ts"):
            continue
        found = _entry_name(path, entrypoints)
        if found is not None and path.suffix in (".html", ".ts", ".tsx", ".js", ".jsx", ".css", ".scss", ".mts"):
            entries.append(found)
    for name, path in entries:
        kind = name.split(".")[-1] if "." in name else name
        relative = imported.relative(path)
        if path.suffix == ".html":
            _page(imported, kind, name, path, relative)
        elif kind == "background":
            _background(imported, path, relative)
        elif kind == "content":
            if path.suffix in (".css", ".scss"):
                imported.note(relative, "a CSS-only content script: xtk.toml gets it with <all_urls>; set its matches")
                imported.config.setdefault("content_scripts", []).append({"matches": ["<all_urls>"], "css": [relative]})
            else:
                _content_script(imported, path, relative)
        elif path.suffix in (".css", ".scss"):
            imported.note(
                relative,
                "an unlisted stylesheet entry: xtk builds stylesheets pages link or scripts "
                "import; link it from a page or import it from a script",
            )
        else:
            _unlisted_script(imported, path, relative)


def _page(imported: Imported, kind: str, name: str, path: Path, relative: str) -> None:
    config = imported.config
    meta = meta_options(path)
    if kind == "popup":
        action = config.setdefault("action", {})
        action["popup"] = relative
        if "default_title" in meta:
            action["title"] = meta["default_title"][0]
        if "default_icon" in meta:
            icon = meta_value(meta["default_icon"][0])
            if isinstance(icon, dict):
                public = imported.directory / config["public"]
                action["icons"] = {
                    str(k): imported.relative(public / v)
                    for k, v in icon.items()
                    if isinstance(v, str) and (public / v.lstrip("/")).is_file()
                }
        if "type" in meta and meta["type"][0] == "page_action":
            imported.note(imported.where(path, meta["type"][1]), "page_action: built as the toolbar action")
    elif kind == "options":
        options: dict[str, Any] = {"page": relative}
        if meta.get("open_in_tab", ("false", 0))[0] == "true":
            options["open_in_tab"] = True
        config["options"] = options
    elif kind == "sidepanel":
        config["side_panel"] = {"page": relative}
        if "default_title" in meta:
            config["side_panel"]["title"] = meta["default_title"][0]
        config.setdefault("permissions", {}).setdefault(
            "sidePanel", {"justification": "WXT adds it for the side panel", "browsers": ["chrome", "edge"]}
        )
    elif kind in ("newtab", "bookmarks", "history"):
        config.setdefault("overrides", {})[kind] = relative
    elif kind == "devtools":
        add_devtools_page(imported, relative, relative)
    elif kind == "sandbox":
        config.setdefault("sandbox", []).append({"page": relative})
    else:
        config.setdefault("pages", []).append({"page": relative})
    _alias_references(imported, path)
    for option, (_, line) in meta.items():
        if option not in ("default_title", "default_icon", "open_in_tab", "type"):
            imported.note(imported.where(path, line), f"page option manifest.{option} is not brought over", "info")


_ALIASED_REFERENCE = re.compile(r"""\b(?:src|href)\s*=\s*["']((?:~~|@@|~|@)/[^"']*)["']""")


_RELATIVE_REFERENCE = re.compile(r"""<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["'](\.\.?/[^"']*)["']""")


def _alias_references(imported: Imported, page: Path) -> None:
    """A page's script or stylesheet through an alias (`href="~/assets/x.css"`) or outside the entrypoints folder:
    xtk resolves the alias from [aliases] and bundles any file of the project; one it will not find is named."""
    text = page.read_text(encoding="utf-8", errors="replace")
    aliases: dict[str, str] = imported.config.get("aliases") or {}
    for match in _ALIASED_REFERENCE.finditer(text):
        reference = match.group(1)
        alias = next((name for name in aliases if reference.startswith(f"{name}/")), None)
        path_part = reference.split("?")[0].split("#")[0]
        target = imported.directory / aliases[alias] / path_part[len(alias) + 1 :] if alias is not None else None
        if target is None or not target.is_file():
            imported.note(
                imported.where(page, text.count("\n", 0, match.start()) + 1),
                f"{reference}: a page path through an alias that names no file of the project; write it relative "
                "to the page",
            )
    project = imported.directory.resolve()
    for match in _RELATIVE_REFERENCE.finditer(text):
        target = (page.parent / match.group(1).split("?")[0]).resolve()
        if not target.is_relative_to(project):
            imported.note(
                imported.where(page, text.count("\n", 0, match.start()) + 1),
                f"{match.group(1)}: outside the project, where xtk bundles a page's files from; import "
                "it from the page's script instead (its CSS is then linked in the page)",
            )


def _definition(imported: Imported, path: Path, expected: str) -> tuple[Any, str] | None:
    """The options object of `export default <expected>(...)`, or None (named) when the entry has none."""
    parsed = read_source(path)
    relative = imported.relative(path)
    if parsed is None or parsed.errors:
        imported.note(relative, "cannot parse this entry: its options are not brought over")
        return None
    exported = default_export(parsed)
    call = call_parts(parsed, exported)
    if call is None or call[0] != expected:
        line = exported.start_point[0] + 1 if exported is not None else None
        imported.note(imported.where(path, line), f"no `export default {expected}(...)`: bundled as a plain script")
        return None
    argument = call[1]
    if argument is None:
        return {}, relative
    value = value_of(parsed, argument)
    if isinstance(value, Unread):
        return {}, relative  # a function: `defineBackground(() => {...})`
    return value, relative


def _background(imported: Imported, path: Path, relative: str) -> None:
    background: dict[str, Any] = {"entry": relative}
    found = _definition(imported, path, "defineBackground")
    if found is not None:
        options = found[0]
        if options.get("type") == "module":
            background["type"] = "module"
        if options.get("persistent") is True:
            background["persistent"] = True
        _browser_filters(imported, path, options)
    imported.config["background"] = background


def _browser_filters(imported: Imported, path: Path, options: dict[str, Any]) -> None:
    for key in ("include", "exclude"):
        if options.get(key):
            imported.note(
                imported.relative(path),
                f"`{key}: {options[key]}` (browsers) is not brought over: the entry "
                "is built for every browser; branch on import.meta.env.BROWSER in code instead",
            )


_CONTENT_KEYS = {
    "matches": "matches",
    "excludeMatches": "exclude_matches",
    "runAt": "run_at",
    "allFrames": "all_frames",
    "matchAboutBlank": "match_about_blank",
    "world": "world",
}


def _content_script(imported: Imported, path: Path, relative: str) -> None:
    script: dict[str, Any] = {"matches": ["<all_urls>"]}
    found = _definition(imported, path, "defineContentScript")
    if found is not None:
        options = found[0]
        for key, toml_key in _CONTENT_KEYS.items():
            item = options.get(key)
            if isinstance(item, Unread):
                imported.note(
                    imported.where(path, item.line), f"`{key}` is not a literal: not brought over; write it in xtk.toml"
                )
            elif item is not None:
                script[toml_key] = item
        mode = options.get("cssInjectionMode")
        if mode in ("ui", "manual"):
            imported.note(
                relative,
                f"cssInjectionMode '{mode}': xtk lists the script's imported CSS in the manifest "
                "(WXT's 'manifest' mode); a shadow-root UI must load its CSS itself",
            )
        if options.get("registration") == "runtime":
            imported.note(
                relative,
                "registration 'runtime': xtk declares it in the manifest; remove it from "
                "xtk.toml and register it with scripting.registerContentScripts yourself",
            )
        if "matches" not in options:
            imported.note(relative, "no matches: WXT requires them; xtk.toml says <all_urls>, narrow it")
        _browser_filters(imported, path, options)
    script["js"] = [relative]
    imported.config.setdefault("content_scripts", []).append(script)


def _unlisted_script(imported: Imported, path: Path, relative: str) -> None:
    """WXT's unlisted script (`defineUnlistedScript`), run with `scripting.executeScript({ files })`: a [[scripts]]
    entry, whose result is what main returns."""
    imported.config.setdefault("scripts", []).append({"entry": relative})
    imported.note(
        relative,
        "an unlisted script: a [[scripts]] entry, built at its path under src (WXT drops a folder's index); check "
        "the executeScript call names that path",
        "info",
    )


def _auto_imports(imported: Imported, src_dir: Path, directory: Path) -> None:
    """WXT's own auto-import folders become `auto_imports` (imported where used); each use of what WXT imports
    for the code and xtk does not supply is named, with the change to make."""
    folders = [src_dir / name for name in _AUTO_IMPORT_FOLDERS if (src_dir / name).is_dir()]
    if folders:
        imported.config["auto_imports"] = [imported.relative(folder) for folder in folders]
        imported.comment(
            "",
            "auto_imports: WXT's auto-imported folders; a file that uses one of their exports without importing "
            "it gets an import of it, as WXT adds it",
        )
    storage_installed = (directory / "node_modules" / "@wxt-dev" / "storage" / "package.json").is_file()
    packages: dict[str, str] = imported.config.pop("_package_imports", {})
    if storage_installed:
        packages["storage"] = "@wxt-dev/storage"
    named: dict[str, str] = {}
    for path in source_files(src_dir if src_dir != directory else directory, (".vue",)):
        parsed = read_source(path) if path.suffix != ".vue" else read_vue_script(path)
        if parsed is None:
            continue
        for name in free_uses(parsed, frozenset(packages)):
            named[name] = packages[name]
        for module, names, line in imports_of(parsed):
            if module.startswith(_RUNTIME_MODULES):
                for name in sorted(names - SUPPLIED - ({"storage"} if storage_installed else set())):
                    imported.note(
                        imported.where(path, line),
                        f"`{name}` from {module!r}: xtk's WXT runtime does not supply it; "
                        f"{NOT_SUPPLIED.get(name, 'import it from the package that provides it')}",
                    )
            elif module in ("wxt/storage", "wxt/utils/storage") and not storage_installed:
                imported.note(imported.where(path, line), f"{module!r}: install @wxt-dev/storage (xtk answers it then)")
        missing = frozenset(NOT_SUPPLIED) - set(packages)
        for name, line in sorted(free_uses(parsed, missing).items(), key=lambda item: item[1]):
            imported.note(
                imported.where(path, line),
                f"`{name}` (WXT auto-import) is not supplied by xtk: {NOT_SUPPLIED[name]}",
            )
    if named:
        imported.config["auto_import_names"] = dict(sorted(named.items()))
        imported.comment(
            "auto_import_names",
            "names WXT imports for the code from packages (its presets, `imports`, @wxt-dev/storage); each "
            "file that uses one gets an import of it",
        )
    imported.comment(
        "",
        'framework = "wxt": xtk supplies browser, defineBackground, defineContentScript and '
        "defineUnlistedScript and answers wxt/browser and #imports (`xtk help import`)",
    )
