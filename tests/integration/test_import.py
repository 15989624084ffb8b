"""`xtk import` then `xtk build --browser all` on small hand-written projects of each kind (tests/fixtures/import/):
the import writes only xtk.toml, and the builds hold the entries the original tool would make."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import EXTENSION, REPO, run_xtk

FIXTURES = REPO / "tests/fixtures/import"
REACT_MODULES = FIXTURES / "react-modules"
_STAMP = ".xtk-lock.sha256"
BROWSERS = ("chrome", "edge", "firefox")

pytestmark = pytest.mark.node


def react_node_modules() -> Path:
    """react, react-dom and esbuild for the Plasmo fixture: `npm ci` once per lockfile (from npm's cache)."""
    lock = hashlib.sha256((REACT_MODULES / "package-lock.json").read_bytes()).hexdigest()
    stamp = REACT_MODULES / "node_modules" / _STAMP
    if not (stamp.is_file() and stamp.read_text(encoding="utf-8") == lock):
        completed = subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"],
            cwd=REACT_MODULES,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert completed.returncode == 0, completed.stdout + completed.stderr
        stamp.write_text(lock, encoding="utf-8")
    return REACT_MODULES / "node_modules"


def project(kind: str, tmp_path: Path) -> Path:
    destination = tmp_path / kind
    shutil.copytree(FIXTURES / kind, destination)
    modules = react_node_modules() if kind == "plasmo" else EXTENSION / "node_modules"
    (destination / "node_modules").symlink_to(modules, target_is_directory=True)
    return destination


def files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and "node_modules" not in p.relative_to(folder).parts
    }


def import_and_build(folder: Path) -> dict[str, dict[str, Any]]:
    before = files(folder)
    imported = run_xtk("import", cwd=folder)
    assert imported.code == 0, imported.output
    after = files(folder)
    assert {k: v for k, v in after.items() if k != "xtk.toml"} == before  # not one existing file changed
    built = run_xtk("build", "--browser", "all", cwd=folder)
    assert built.code == 0, built.output
    return {b: json.loads((folder / "build" / b / "manifest.json").read_text(encoding="utf-8")) for b in BROWSERS}


def test_wxt_project_builds_with_its_define_helpers_and_auto_imported_browser(tmp_path: Path) -> None:
    folder = project("wxt", tmp_path)
    manifests = import_and_build(folder)
    for browser, manifest in manifests.items():
        assert manifest["name"] == "Word Counter" and manifest["version"] == "1.2.0"
        assert manifest["action"] == {"default_popup": "popup/index.html", "default_title": "Count words"}
        scripts = manifest["content_scripts"]
        assert scripts[0]["matches"] == ["https://*.example.com/*"] and scripts[0]["run_at"] == "document_end"
        assert scripts[0]["js"] == ["content.js"] and scripts[0]["css"] == ["content.css"]
        assert scripts[1]["js"] == ["overlay.content/index.js"] and scripts[1]["all_frames"] is True
        assert manifest["icons"] == {"16": "icon/16.png", "48": "icon/48.png", "128": "icon/128.png"}
        assert manifest["host_permissions"] == ["https://*.example.com/*"]
        background = (folder / "build" / browser / "background.js").read_text(encoding="utf-8")
        assert "globalThis.chrome" in background and "main() failed" in background  # xtk's runtime, injected
    assert manifests["firefox"]["browser_specific_settings"]["gecko"]["id"] == "word-counter@example.com"
    assert manifests["firefox"]["manifest_version"] == 3
    assert all(m["devtools_page"] == "devtools/index.html" for m in manifests.values())
    script = (folder / "build" / "chrome" / "get-selection.js").read_text(encoding="utf-8")
    assert "getSelection" in script and script.rstrip().endswith(".default;")  # main's result is the script's value
    popup = (folder / "build" / "chrome" / "popup" / "main.js").read_text(encoding="utf-8")
    assert "word" in popup  # `~/utils/count` resolved through the WXT alias
    assert "defineContentScript" not in popup  # the runtime's unused exports are left out


def test_wxt_auto_imported_names_are_imported_by_the_files_that_use_them(tmp_path: Path) -> None:
    """utils/ is an auto-import folder: background.ts calls formatCount without importing it and gets it; the
    content script, which imports only countWords, does not carry formatCount (nothing is injected)."""
    folder = project("wxt", tmp_path)
    background = folder / "entrypoints/background.ts"
    background.write_text(background.read_text(encoding="utf-8") + "console.log(formatCount(7));\n", "utf-8")
    import_and_build(folder)
    assert 'auto_imports = ["utils"]' in (folder / "xtk.toml").read_text(encoding="utf-8")
    assert not (folder / ".xtk/runtime/auto-imports.js").exists()  # the table instead: .xtk/runtime/auto-imports.json
    for browser in BROWSERS:
        assert "word${" in (folder / "build" / browser / "background.js").read_text(encoding="utf-8")
        assert "word${" not in (folder / "build" / browser / "content.js").read_text(encoding="utf-8")


def test_plasmo_project_builds_its_component_pages_and_content_script_config(tmp_path: Path) -> None:
    folder = project("plasmo", tmp_path)
    manifests = import_and_build(folder)
    for browser, manifest in manifests.items():
        assert manifest["name"] == "Tab Notes"
        assert manifest["action"]["default_popup"] == "popup.html"
        assert manifest["options_ui"]["page"] == "options/index.html"
        assert manifest["content_scripts"] == [
            {"matches": ["https://*.example.com/*"], "js": ["contents/badge.js"], "run_at": "document_idle"},
            {"matches": ["https://*/*"], "js": ["contents/banner.js"], "run_at": "document_start", "all_frames": True},
        ]
        badge = (folder / "build" / browser / "contents" / "badge.js").read_text(encoding="utf-8")
        assert "attachShadow" in badge and "Tab Notes" in badge  # the CSUI component, mounted in a shadow root
        assert manifest["icons"] == {size: f"icons/icon-{size}.png" for size in ("16", "32", "48", "96", "128")}
        page = (folder / "build" / browser / "popup.html").read_text(encoding="utf-8")
        assert '<div id="root"></div>' in page and 'src="./popup.js"' in page
        mount = (folder / "build" / browser / "popup.js").read_text(encoding="utf-8")
        assert 'getElementById("root")' in mount  # the mount module xtk generated is the page's script
        assert "note:" in mount  # the component (and the `~` alias it imports through) bundled into the page
    assert manifests["firefox"]["browser_specific_settings"]["gecko"]["id"].startswith("{")


def test_plasmo_project_without_src_folder_builds_from_its_top_folder(tmp_path: Path) -> None:
    """Plasmo's default layout: popup.tsx, background.ts and contents/ at the top (src = ".")."""
    folder = project("plasmo", tmp_path)
    for entry in sorted((folder / "src").iterdir()):
        entry.rename(folder / entry.name)
    (folder / "src").rmdir()
    manifests = import_and_build(folder)
    assert 'src = "."' in (folder / "xtk.toml").read_text(encoding="utf-8")
    for browser, manifest in manifests.items():
        assert manifest["action"]["default_popup"] == "popup.html"
        assert [s["js"] for s in manifest["content_scripts"]] == [["contents/badge.js"], ["contents/banner.js"]]
        assert "note:" in (folder / "build" / browser / "popup.js").read_text(encoding="utf-8")


def test_vite_crxjs_project_builds_from_its_manifest_config(tmp_path: Path) -> None:
    folder = project("vite", tmp_path)
    manifests = import_and_build(folder)
    for manifest in manifests.values():
        assert manifest["name"] == "Focus Timer" and manifest["version"] == "2.0.1"  # pkg.version
        assert manifest["action"]["default_popup"] == "popup/index.html"
        assert manifest["content_scripts"][0]["js"] == ["content/main.js"]
        assert set(manifest["permissions"]) >= {"alarms", "storage"}
    assert manifests["chrome"]["background"] == {"service_worker": "background.js", "type": "module"}


def test_plain_manifest_folder_builds(tmp_path: Path) -> None:
    folder = project("manifest", tmp_path)
    manifests = import_and_build(folder)
    assert manifests["firefox"]["browser_specific_settings"]["gecko"]["id"] == "link-highlighter@example.org"
    assert manifests["chrome"]["content_scripts"][0]["css"] == ["content.css"]
    assert manifests["chrome"]["action"] == {"default_popup": "popup.html", "default_title": "Link Highlighter"}
    assert manifests["chrome"]["background"] == {"service_worker": "background.js"}
    assert manifests["firefox"]["background"]["scripts"] == ["background.js"]
    assert manifests["chrome"]["icons"] == {"128": "icons/icon128.png"}


def test_import_never_overwrites_and_dry_run_writes_nothing(tmp_path: Path) -> None:
    folder = project("vite", tmp_path)
    dry = run_xtk("import", "--dry-run", cwd=folder)
    assert dry.code == 0, dry.output
    assert 'name = "Focus Timer"' in dry.stdout and not (folder / "xtk.toml").exists()
    (folder / "xtk.toml").write_text("# mine\n", encoding="utf-8")
    refused = run_xtk("import", cwd=folder)
    assert refused.code == 2 and "already exists" in refused.stderr
    assert (folder / "xtk.toml").read_text(encoding="utf-8") == "# mine\n"
    forced = run_xtk("import", "--force", "--from", "vite", cwd=folder)
    assert forced.code == 0 and 'name = "Focus Timer"' in (folder / "xtk.toml").read_text(encoding="utf-8")


#: A WXT project whose config only Node can read (a manifest function of the browser, a computed srcDir), with
#: @wxt-dev/i18n's YAML messages, a page stylesheet through the `~` alias outside entrypoints/, and a Vite plugin
#: whose package has an esbuild build (unplugin's layout): its virtual module imports a package.
COMPUTED_WXT = {
    "package.json": '{ "name": "computed", "version": "2.0.0", "type": "module" }\n',
    "wxt.config.ts": """import { defineConfig } from "wxt";
import Hello from "virtual-hello/vite";
const SRC = ["s", "r", "c"].join("");
export default defineConfig({
  srcDir: SRC,
  modules: ["@wxt-dev/i18n/module"],
  vite: () => ({ plugins: [Hello({ greeting: "hi" })] }),
  manifest: ({ browser }) => {
    const permissions = ["storage"];
    if (browser === "firefox") permissions.push("https://api.example.com/*");
    return { default_locale: "en", name: "__MSG_name__", permissions, short_name: browser === "edge" ? "Ed" : "Ext" };
  },
});
""",
    "src/locales/en.yml": "name: Computed\noptions:\n  title: Options page\nanswer: no\n"
    "items:\n  1: one item\n  n: $1 items\n",
    "src/assets/style.css": "body { color: rgb(1, 2, 3); }\n",
    "src/entrypoints/options/index.html": '<link rel="stylesheet" href="~/assets/style.css">\n'
    '<script type="module" src="./main.ts"></script>\n',
    "src/entrypoints/options/main.ts": 'import greet from "~hello/world";\n'
    'document.title = i18n.t("options.title") + greet;\n',
    "src/entrypoints/background.ts": "export default defineBackground(() => {});\n",
}
#: node_modules beside xtk's own (esbuild): the Vite/esbuild plugin pair, the package its module imports, and a
#: stand-in @wxt-dev/i18n whose createI18n asks the browser for the message (as the real one does).
COMPUTED_PACKAGES = {
    "virtual-hello/package.json": '{ "name": "virtual-hello", "type": "module", '
    '"exports": { "./vite": "./vite.js", "./esbuild": "./esbuild.js" } }\n',
    "virtual-hello/vite.js": 'export default () => ({ name: "hello-vite" });\n',
    "virtual-hello/esbuild.js": """export default (options = {}) => ({
  name: "hello",
  setup(build) {
    build.onResolve({ filter: /^~hello\\// }, (args) => ({ path: args.path, namespace: "hello" }));
    build.onLoad({ filter: /.*/, namespace: "hello" }, (args) => ({
      contents: `import dep from "hello-dep"; export default dep + ${JSON.stringify(options.greeting)};`,
      loader: "js",
      resolveDir: "~hello",
    }));
  },
});
""",
    "hello-dep/package.json": '{ "name": "hello-dep", "main": "index.js" }\n',
    "hello-dep/index.js": 'module.exports = "DEP-TEXT:";\n',
    "@wxt-dev/i18n/package.json": '{ "name": "@wxt-dev/i18n", "type": "module", "exports": { ".": "./index.js" } }\n',
    "@wxt-dev/i18n/index.js": "export function createI18n() {\n"
    '  return { t: (key) => chrome.i18n.getMessage(key.replaceAll(".", "_")) };\n}\n',
}


def test_wxt_project_node_reads_manifest_per_browser_locales_alias_links_and_esbuild_plugins(tmp_path: Path) -> None:
    folder = tmp_path / "computed"
    for name, text in COMPUTED_WXT.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    modules = folder / "node_modules"
    modules.mkdir()
    for installed in (EXTENSION / "node_modules").iterdir():
        (modules / installed.name).symlink_to(installed, target_is_directory=installed.is_dir())
    for name, text in COMPUTED_PACKAGES.items():
        (modules / name).parent.mkdir(parents=True, exist_ok=True)
        (modules / name).write_text(text, encoding="utf-8")
    manifests = import_and_build(folder)
    assert not (folder / ".xtk" / "wxt-config.mjs").exists()  # the evaluated bundle is removed

    config = (folder / "xtk.toml").read_text(encoding="utf-8")
    assert 'locales_format = "wxt"' in config and 'package = "virtual-hello/esbuild"' in config
    # the manifest function, called per browser: the shared keys, a grant for Firefox only, Edge's own short_name
    assert all(m["name"] == "__MSG_name__" and m["permissions"] == ["storage"] for m in manifests.values())
    assert manifests["firefox"]["host_permissions"] == ["https://api.example.com/*"]
    assert "host_permissions" not in manifests["chrome"] and "host_permissions" not in manifests["edge"]
    assert [manifests[b]["short_name"] for b in BROWSERS] == ["Ext", "Ed", "Ext"]
    messages = json.loads((folder / "build/chrome/_locales/en/messages.json").read_text(encoding="utf-8"))
    assert messages == {
        "name": {"message": "Computed"},
        "options_title": {"message": "Options page"},
        "answer": {"message": "no"},  # YAML 1.2 text, not YAML 1.1's false
        "items": {"message": "one item | $1 items"},
    }
    page = (folder / "build/chrome/options/index.html").read_text(encoding="utf-8")
    assert 'href="../src/assets/style.css"' in page  # `~/assets/style.css` through [aliases], bundled
    assert "#010203" in (folder / "build/chrome/src/assets/style.css").read_text(encoding="utf-8")
    script = (folder / "build/chrome/options/main.js").read_text(encoding="utf-8")
    assert "DEP-TEXT:" in script and '"hi"' in script  # the plugin's module, its import resolved from the project
    assert "chrome.i18n.getMessage" in script  # `i18n` from #i18n: @wxt-dev/i18n's createI18n
