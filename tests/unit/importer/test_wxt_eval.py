"""wxt.config.* evaluated in Node: the three manifests split into shared keys, browser-limited grants and each
browser's own keys; a config Node cannot run falls back to the static reader, whose warnings stay located."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from toolchain.importer.run import import_project
from toolchain.importer.wxt_eval import split

REPO = Path(__file__).resolve().parents[3]


def test_split_keeps_shared_keys_merges_grants_and_gives_each_browser_its_own() -> None:
    chrome = {"name": "X", "permissions": ["storage", "sidePanel"], "minimum_chrome_version": "120"}
    edge = {"name": "X", "permissions": ["storage", "sidePanel"], "minimum_chrome_version": "121"}
    firefox = {"name": "X", "permissions": ["storage", "https://a.example/*"], "sidebar_action": {"default_panel": "p"}}
    firefox["browser_specific_settings"] = {"gecko": {"id": "x@example.com"}}  # given for Firefox only, as usual
    result = split({"chrome": chrome, "edge": edge, "firefox": firefox})
    assert result.common == {
        "name": "X",
        "permissions": ["storage", "sidePanel", "https://a.example/*"],
        "browser_specific_settings": {"gecko": {"id": "x@example.com"}},  # mapped to [targets.firefox] gecko_id
    }
    assert result.grant_browsers == {"sidePanel": ["chrome", "edge"], "https://a.example/*": ["firefox"]}
    assert result.per_browser == {
        "chrome": {"minimum_chrome_version": "120"},
        "edge": {"minimum_chrome_version": "121"},
        "firefox": {"sidebar_action": {"default_panel": "p"}},
    }


def _project(folder: Path, config: str) -> Path:
    (folder / "entrypoints").mkdir(parents=True)
    (folder / "entrypoints/background.ts").write_text("export default defineBackground(() => {});\n")
    (folder / "package.json").write_text('{ "name": "x", "version": "1.0.0", "type": "module" }\n')
    (folder / "wxt.config.ts").write_text(config)
    (folder / "node_modules").symlink_to(REPO / "extension_src/node_modules", target_is_directory=True)
    return folder


@pytest.mark.node
def test_manifest_function_is_called_per_browser(tmp_path: Path) -> None:
    folder = _project(
        tmp_path,
        'import { defineConfig } from "wxt";\nconst base = { name: "Per Browser" };\n'
        "export default defineConfig({\n  manifest: ({ browser, manifestVersion }) => ({\n    ...base,\n"
        '    permissions: browser === "firefox" ? ["tabs", "storage"] : ["storage"],\n'
        '    ...(browser === "edge" ? { version_name: `edge ${manifestVersion}` } : {}),\n'
        '    ...(browser === "firefox" ? { browser_specific_settings: { gecko: { id: "pb@example.com" } } } : {}),\n'
        "  }),\n});\n",
    )
    report = import_project(folder, None, force=False, dry_run=True)
    config = tomllib.loads(report.text)
    assert config["extension"]["name"] == "Per Browser"
    assert config["permissions"]["storage"].startswith("imported from wxt.config.ts")
    assert config["permissions"]["tabs"]["browsers"] == ["firefox"]
    assert config["targets"]["edge"]["manifest"] == {"version_name": "edge 3"}
    assert "manifest" not in config["targets"]["chrome"] and "manifest" not in config["targets"]["firefox"]
    assert config["targets"]["firefox"]["gecko_id"] == "pb@example.com"  # Firefox's own key, mapped
    assert not any("not a literal" in note.text() for note in report.notes)
    assert not (folder / ".xtk").exists()  # the bundle Node ran is gone, and the folder made for it


@pytest.mark.node
def test_a_config_node_cannot_run_is_read_as_written_with_located_warnings(tmp_path: Path) -> None:
    folder = _project(
        tmp_path,
        'import { defineConfig } from "wxt";\nimport missing from "not-installed-anywhere";\n'
        "export default defineConfig({\n  manifest: { name: NAME, permissions: missing },\n});\n",
    )
    report = import_project(folder, None, force=False, dry_run=True)
    notes = "\n".join(note.text() for note in report.notes)
    assert "wxt.config.ts: info: not evaluated in Node (" in notes and "not-installed-anywhere" in notes
    assert "wxt.config.ts:4: warning: manifest key 'name' is not a literal (NAME)" in notes
    assert "wxt.config.ts:4: warning: manifest key 'permissions' is not a literal (missing)" in notes


def test_auto_icons_and_i18n_modules_become_the_icon_and_locales_keys(tmp_path: Path) -> None:
    (tmp_path / "src/entrypoints").mkdir(parents=True)
    (tmp_path / "src/entrypoints/background.ts").write_text("export default defineBackground(() => i18n.t('a'));\n")
    (tmp_path / "src/assets").mkdir()
    (tmp_path / "src/assets/logo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "src/locales").mkdir()
    (tmp_path / "src/locales/en.yml").write_text("a: A\n")
    (tmp_path / "package.json").write_text('{ "name": "x", "version": "1.0.0" }\n')
    (tmp_path / "wxt.config.ts").write_text(
        'import { defineConfig } from "wxt";\nexport default defineConfig({\n  srcDir: "src",\n'
        '  modules: ["@wxt-dev/auto-icons", "@wxt-dev/i18n/module"],\n'
        '  autoIcons: { baseIconPath: "assets/logo.png" },\n  manifest: { default_locale: "en" },\n});\n'
    )
    report = import_project(tmp_path, None, force=False, dry_run=True)
    config = tomllib.loads(report.text)
    assert config["icon"] == "src/assets/logo.png"
    assert config["locales"] == "src/locales" and config["locales_format"] == "wxt"
    assert config["auto_import_names"]["i18n"] == "#i18n"
    notes = "\n".join(note.text() for note in report.notes)
    assert "wxt.config.ts:4: info: @wxt-dev/auto-icons: icon = 'src/assets/logo.png'" in notes
    assert "@wxt-dev/i18n is not installed" in notes  # `i18n` needs the package: named


def test_vite_plugins_with_an_esbuild_build_are_brought_over_and_others_named(tmp_path: Path) -> None:
    files = {
        "entrypoints/background.ts": "export default defineBackground(() => {});\n",
        "package.json": '{ "name": "x", "version": "1.0.0" }\n',
        "node_modules/unplugin-thing/package.json": '{ "exports": { "./vite": "./v.js", "./esbuild": "./e.js" } }\n',
        "node_modules/only-vite/package.json": '{ "exports": { "./vite": "./v.js" } }\n',
        "wxt.config.ts": 'import { defineConfig } from "wxt";\nimport Thing from "unplugin-thing/vite";\n'
        'import Other from "only-vite/vite";\nimport tailwind from "@tailwindcss/vite";\n'
        "export default defineConfig({\n  vite: () => ({\n"
        "    plugins: [Thing({ a: 1, b: ['x'] }), Other(), tailwind()],\n  }),\n});\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    report = import_project(tmp_path, None, force=False, dry_run=True)
    assert tomllib.loads(report.text)["esbuild_plugins"] == [
        {"package": "unplugin-thing/esbuild", "options": {"a": 1, "b": ["x"]}}
    ]
    notes = "\n".join(note.text() for note in report.notes)
    assert "wxt.config.ts:7: info: unplugin-thing/vite: its esbuild build runs instead" in notes
    assert "wxt.config.ts:3: warning: only-vite/vite: a Vite plugin without an esbuild build" in notes
    assert "@tailwindcss/vite:" not in notes  # xtk compiles Tailwind itself
