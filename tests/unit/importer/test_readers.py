"""The importer's readers on small projects written in tmp_path: what they take, and what they name with file:line."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from toolchain.diagnostics import InputError
from toolchain.importer.manifest_map import stable_gecko_id
from toolchain.importer.run import import_project

REPO = Path(__file__).resolve().parents[3]


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def imported(folder: Path, kind: str | None = None) -> tuple[dict, list[str]]:
    report = import_project(folder, kind, force=False, dry_run=True)  # type: ignore[arg-type]
    return tomllib.loads(report.text), [note.text() for note in report.notes]


def test_wxt_fixture_reads_its_config_entries_and_meta_options() -> None:
    config, notes = imported(REPO / "tests/fixtures/import/wxt")
    assert config["framework"] == "wxt" and config["src"] == "entrypoints" and config["public"] == "public"
    assert config["extension"]["name"] == "Word Counter"  # the manifest's, over package.json's name
    assert config["action"] == {"popup": "entrypoints/popup/index.html", "title": "Count words"}
    assert config["content_scripts"][0] == {
        "matches": ["https://*.example.com/*"],
        "run_at": "document_end",
        "js": ["entrypoints/content.ts"],
    }
    assert config["targets"]["firefox"]["gecko_id"] == "word-counter@example.com"
    assert config["aliases"]["@"] == "." and config["typecheck"] is False
    assert any(n.startswith("wxt.config.ts") and "@wxt-dev/auto-icons" in n for n in notes)


def test_wxt_names_what_it_cannot_supply_with_file_and_line(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "wxt.config.ts": "import { defineConfig } from 'wxt';\nexport default defineConfig({\n"
            "  manifest: { permissions: PERMS },\n  imports: { presets: ['vue-router', 'pinia'] },\n});\n",
            "entrypoints/options.html": '<link rel="stylesheet" href="~/assets/x.css">\n'
            '<link rel="stylesheet" href="../assets/y.css">\n',
            "assets/y.css": "p {}\n",
            "entrypoints/background.ts": "import { storage } from '#imports';\n"
            "export default defineBackground({ type: 'module', main() { storage; } });\n",
            "entrypoints/ui.content.ts": "const hosts = ['https://a.example/*'];\n"
            "export default defineContentScript({\n  matches: hosts,\n  async main(ctx) {\n"
            "    await createShadowRootUi(ctx, {});\n    shout();\n  },\n});\n",
            "utils/shout.ts": "export function shout() { return useRouter() }\n",
        },
    )
    config, notes = imported(tmp_path)
    assert config["background"] == {"entry": "entrypoints/background.ts", "type": "module"}
    assert config["content_scripts"][0]["matches"] == ["<all_urls>"]
    joined = "\n".join(notes)
    assert "wxt.config.ts:3: warning: manifest key 'permissions' is not a literal (PERMS)" in joined
    assert "entrypoints/background.ts:1: warning: `storage` from '#imports'" in joined
    assert "entrypoints/ui.content.ts:3: warning: `matches` is not a literal" in joined
    assert "entrypoints/ui.content.ts:5: warning: `createShadowRootUi` (WXT auto-import) is not supplied" in joined
    assert "wxt.config.ts: warning: auto-import preset pinia: not supplied by xtk" in joined
    assert config["auto_import_names"] == {"useRouter": "vue-router"}  # the preset's names the code uses
    # [aliases] resolve a page's paths now: only one that names no file is a warning; a file of the project outside
    # entrypoints/ is bundled from the page
    assert (
        "entrypoints/options.html:1: warning: ~/assets/x.css: a page path through an alias that names no file" in joined
    )
    assert "../assets/y.css" not in joined
    assert config["auto_imports"] == ["utils"]  # `shout` comes from there: injected, not named
    assert "shout" not in joined


def test_plasmo_reads_package_manifest_component_pages_and_names_csui(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "package.json": json.dumps(
                {
                    "name": "x",
                    "displayName": "Plasmo X",
                    "version": "1.0.0",
                    "dependencies": {"plasmo": "0.90.5"},
                    "manifest": {"permissions": ["tabs"], "host_permissions": ["https://*/*"]},
                }
            ),
            "popup.tsx": "export default function Popup() { return null }\n",
            "contents/ui.tsx": 'import { sendToBackground } from "@plasmohq/messaging"\n'
            "export const config = { matches: ['https://example.com/*'], world: 'MAIN' }\n"
            "export const getRootContainer = () => document.body\nexport const getInlineAnchor = () => null\n"
            "export default function Ui() { return null }\n",
        },
    )
    config, notes = imported(tmp_path)
    assert config["extension"]["name"] == "Plasmo X" and config["src"] == "."
    assert config["action"]["popup"] == "popup.tsx"
    assert config["content_scripts"] == [
        {"matches": ["https://example.com/*"], "world": "MAIN", "component": True, "js": ["contents/ui.tsx"]}
    ]
    assert (
        config["permissions"] == {"tabs": config["permissions"]["tabs"]} and "https://*/*" in config["host_permissions"]
    )
    joined = "\n".join(notes)
    assert "contents/ui.tsx:1: warning: @plasmohq/messaging" in joined
    assert "contents/ui.tsx: info: content-script UI: CSS it imports is injected into the page" in joined
    assert "contents/ui.tsx: warning: content-script UI exports getInlineAnchor: xtk mounts the component" in joined


def test_plain_mv2_manifest_maps_to_mv3_keys_and_keeps_unknown_ones(tmp_path: Path) -> None:
    manifest = {
        "manifest_version": 2,
        "name": "Old",
        "version": "1.0",
        "background": {"scripts": ["src/bg.js"]},
        "browser_action": {"default_popup": "src/popup.html"},
        "permissions": ["tabs", "https://example.com/*"],
        "web_accessible_resources": ["img/*.png"],
        "omnibox": {"keyword": "old"},
    }
    write(tmp_path, {"manifest.json": json.dumps(manifest), "src/bg.ts": "", "src/popup.html": "<p></p>"})
    config, notes = imported(tmp_path)
    assert config["src"] == "src"
    assert config["background"] == {"entry": "src/bg.ts"}  # bg.js named, its TypeScript source found
    assert config["action"] == {"popup": "src/popup.html"}
    assert list(config["permissions"]) == ["tabs"] and list(config["host_permissions"]) == ["https://example.com/*"]
    assert config["web_accessible_resources"] == [{"resources": ["img/*.png"], "matches": ["<all_urls>"]}]
    assert all(t["manifest"] == {"omnibox": {"keyword": "old"}} for t in config["targets"].values())
    assert config["targets"]["firefox"]["gecko_id"] == stable_gecko_id("Old")
    assert any("names no add-on id" in n for n in notes)


def test_gecko_id_made_from_the_name_is_stable_and_accepted() -> None:
    assert stable_gecko_id("Tab Notes") == stable_gecko_id("Tab Notes") != stable_gecko_id("Other")
    assert stable_gecko_id("Tab Notes").startswith("{") and len(stable_gecko_id("Tab Notes")) == 38


def test_existing_config_refused_and_unknown_folder_named(tmp_path: Path) -> None:
    write(tmp_path, {"manifest.json": '{"name": "A", "version": "1"}', "xtk.toml": "# mine\n"})
    with pytest.raises(InputError, match="already exists"):
        import_project(tmp_path, None, force=False, dry_run=False)
    assert (tmp_path / "xtk.toml").read_text() == "# mine\n"
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError, match="not a project xtk import reads"):
        import_project(empty, None, force=False, dry_run=True)


def test_a_value_xtk_refuses_is_named_and_nothing_written(tmp_path: Path) -> None:
    manifest = {"name": "A", "version": "1", "content_scripts": [{"matches": ["not a pattern"], "js": ["c.js"]}]}
    write(tmp_path, {"manifest.json": json.dumps(manifest), "c.js": ""})
    with pytest.raises(InputError, match=r"content_scripts\.0\.matches"):
        import_project(tmp_path, None, force=False, dry_run=False)
    assert not (tmp_path / "xtk.toml").exists()


def test_crxjs_manifest_names_sources_in_web_accessible_resources_and_they_become_build_paths(tmp_path: Path) -> None:
    manifest = {
        "manifest_version": 3,
        "name": "V",
        "version": "1.0.0",
        "background": {"service_worker": "src/bg.ts"},
        "permissions": ["sidePanel"],
        "side_panel": {"default_path": "src/panel.html"},
        "web_accessible_resources": [
            {"matches": ["<all_urls>"], "resources": ["src/inject/hook.ts", "public/logo.png", "assets/*.svg"]}
        ],
    }
    write(
        tmp_path,
        {
            "vite.config.ts": "import { crx } from '@crxjs/vite-plugin'\nimport manifest from './manifest.json'\n"
            "export default { plugins: [crx({ manifest })] }\n",
            "manifest.json": json.dumps(manifest),
            "src/bg.ts": "",
            "src/panel.html": "<p></p>",
            "src/inject/hook.ts": "",
            "public/logo.png": "",
        },
    )
    config, _ = imported(tmp_path)
    assert config["web_accessible_resources"][0]["resources"] == ["inject/hook.js", "logo.png", "assets/*.svg"]
    assert config["scripts"] == [{"entry": "src/inject/hook.ts"}]  # built, since no other key builds it
    assert config["permissions"]["sidePanel"] == {
        "justification": "the side panel ([side_panel])",
        "browsers": ["chrome", "edge"],
    }  # Firefox has no sidePanel permission: scoped, not dropped with a warning


def test_wxt_manifest_function_gives_its_returned_object_and_names_what_it_computes(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "wxt.config.ts": "export default defineConfig({\n  manifest: ({ browser }) => {\n"
            "    const permissions = ['storage'];\n    if (browser === 'firefox') permissions.push('tabs');\n"
            "    return { name: 'Fn', description: 'Made by a function', permissions };\n  },\n});\n",
            "entrypoints/background.ts": "export default defineBackground(() => {});\n",
        },
    )
    config, notes = imported(tmp_path)
    assert config["extension"]["name"] == "Fn" and config["extension"]["description"] == "Made by a function"
    assert "permissions" not in config
    joined = "\n".join(notes)
    assert "wxt.config.ts:2: warning: `manifest` is a function" in joined
    assert "wxt.config.ts:5: warning: manifest key 'permissions' is not a literal (permissions)" in joined


def test_wxt_vue_module_supplies_the_vue_names_components_use_without_importing(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "wxt.config.ts": "export default defineConfig({ modules: ['@wxt-dev/module-vue'] });\n",
            "entrypoints/popup/index.html": '<script type="module" src="./main.ts"></script>\n',
            "entrypoints/popup/main.ts": "import App from './App.vue';\ncreateApp(App).mount('body');\n",
            "entrypoints/popup/App.vue": '<template><p>{{ n }}</p></template>\n<script setup lang="ts">\n'
            "const n = ref(0);\nconst double = computed(() => n.value * 2);\n</script>\n",
        },
    )
    config, _ = imported(tmp_path)
    assert config["auto_import_names"] == {"computed": "vue", "createApp": "vue", "ref": "vue"}


def _plasmo(folder: Path, manifest: dict, files: dict[str, str]) -> Path:
    package = {"name": "p", "version": "1.0.0", "dependencies": {"plasmo": "0.90.5"}, "manifest": manifest}
    return write(folder, {"package.json": json.dumps(package), "assets/icon.png": "", **files})


def test_plasmo_always_has_the_toolbar_button_with_its_icons_as_plasmo_writes_it(tmp_path: Path) -> None:
    # Plasmo's manifest has `action: { default_icon }` (+ default_popup) in every build; an empty manifest.action
    # in package.json is dropped, so the background's chrome.action exists with or without a popup.
    for name, manifest, files, action in (
        ("none", {}, {"background.ts": ""}, {}),
        ("empty", {"action": {}}, {"background.ts": ""}, {}),
        ("popup", {}, {"popup.tsx": "export default () => null\n"}, {"popup": "popup.tsx"}),
        ("declared", {"action": {"default_title": "Save"}}, {"background.ts": ""}, {"title": "Save"}),
    ):
        config, _ = imported(_plasmo(tmp_path / name, manifest, files))
        assert config["action"] == action, name
        # the sizes Plasmo makes from assets/icon.png come from xtk's one-image key (manifest and button)
        assert config["icon"] == "assets/icon.png" and "icons" not in config, name
        assert config["jsx"] == "automatic", name
    bare = write(
        tmp_path / "bare", {"package.json": '{"name": "b", "dependencies": {"plasmo": "1"}}', "background.ts": ""}
    )
    config, _ = imported(bare)
    assert config["action"] == {}  # no icon.png: the button still exists, as an empty [action]


def test_vite_and_wxt_react_plugins_compile_jsx_with_the_automatic_runtime(tmp_path: Path) -> None:
    manifest = {"manifest_version": 3, "name": "V", "version": "1.0.0", "action": {"default_popup": "src/p.html"}}
    files = {"manifest.json": json.dumps(manifest), "src/p.html": "<p></p>"}
    plugin = "import { crx } from '@crxjs/vite-plugin'\nimport react from '@vitejs/plugin-react'\n"
    plugin += "import manifest from './manifest.json'\n"
    for name, call, jsx in (
        ("default", "react()", {"jsx": "automatic"}),
        ("preact", "react({ jsxImportSource: 'preact' })", {"jsx": "automatic", "jsx_import_source": "preact"}),
        ("classic", "react({ jsxRuntime: 'classic' })", {"jsx": "classic"}),
    ):
        config_text = plugin + f"export default {{ plugins: [{call}, crx({{ manifest }})] }}\n"
        config, _ = imported(write(tmp_path / name, {**files, "vite.config.ts": config_text}))
        assert {k: config[k] for k in ("jsx", "jsx_import_source") if k in config} == jsx, name
    config, _ = imported(
        write(
            tmp_path / "plain",
            {
                **files,
                "vite.config.ts": plugin.replace("import react from '@vitejs/plugin-react'\n", "")
                + "export default { plugins: [crx({ manifest })] }\n",
            },
        )
    )
    assert "jsx" not in config  # no React plugin: tsconfig's jsx, as Vite's esbuild reads it
    wxt = "import { defineConfig } from 'wxt'\nexport default defineConfig({ modules: ['@wxt-dev/module-react'] })\n"
    config, _ = imported(
        write(
            tmp_path / "wxt",
            {
                "wxt.config.ts": wxt,
                "package.json": '{"name": "w", "devDependencies": {"wxt": "0.20.0"}}',
                "entrypoints/popup.html": "<p></p>",
            },
        )
    )
    assert config["jsx"] == "automatic"


def test_a_malformed_package_json_is_located_not_taken_as_empty(tmp_path: Path) -> None:
    """Before: read as {}, so a Plasmo project with a broken package.json was 'not a project xtk import reads'."""
    folder = write(tmp_path / "p", {"package.json": '{"name": "x", "dependencies": {"plasmo": \n'})
    result = run_xtk("import", str(folder), cwd=tmp_path)
    assert result.code == 2, result.output
    assert "package.json:2:1: error: package.json is not valid JSON" in result.stderr, result.stderr
    assert "Traceback" not in result.output and not (folder / "xtk.toml").exists()
