"""`xtk build` on the flagship (in a temporary copy): outputs, per-browser code, and bad input answered right."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import run_xtk

pytestmark = pytest.mark.node


def manifest(project: Path, browser: str) -> dict:
    return json.loads((project / "build" / browser / "manifest.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.conftest import copy_flagship

    project = copy_flagship(tmp_path_factory.mktemp("built") / "docmind")
    result = run_xtk("build", "--browser", "all", cwd=project)
    assert result.code == 0, result.output
    return project


def test_three_builds_with_their_files(built: Path) -> None:
    for browser in ("chrome", "edge", "firefox"):
        out = built / "build" / browser
        for name in (
            "manifest.json",
            "background/index.js",
            "content/index.js",
            "popup/index.html",
            "popup/index.js",
            "popup/popup.css",
            "icons/icon-16.png",
            "icons/icon-128.png",
        ):
            assert (out / name).is_file(), f"{browser}: {name} missing"
        assert not list(out.rglob("*.map")), "production builds carry no source maps"
        assert (built / "build" / f"{browser}.metafile.json").is_file()
        assert (built / "build" / f"{browser}.contexts.json").is_file()


def test_chrome_manifest_is_mv3_with_a_service_worker_and_action(built: Path) -> None:
    m = manifest(built, "chrome")
    assert m["manifest_version"] == 3
    assert m["background"] == {"service_worker": "background/index.js"}
    assert m["action"]["default_popup"] == "popup/index.html"
    assert m["permissions"] == ["activeTab", "contextMenus"]
    assert "host_permissions" not in m and "browser_specific_settings" not in m
    assert m["content_scripts"] == [{"matches": ["<all_urls>"], "js": ["content/index.js"], "run_at": "document_idle"}]
    assert manifest(built, "edge") == m


def test_firefox_manifest_is_mv2_with_scripts_browser_action_gecko_id_and_data_collection(built: Path) -> None:
    m = manifest(built, "firefox")
    assert m["manifest_version"] == 2
    assert m["background"] == {"scripts": ["background/index.js"], "persistent": True}
    assert m["browser_action"]["default_popup"] == "popup/index.html"
    gecko = m["browser_specific_settings"]["gecko"]
    assert gecko["id"] == "docmind@example.com"
    assert gecko["strict_min_version"] == "142.0"
    assert gecko["data_collection_permissions"]["required"] == ["websiteContent", "browsingActivity"]
    assert m["permissions"] == ["activeTab", "contextMenus"]  # nothing beyond the two, not even host patterns
    assert "optional_permissions" not in m and "action" not in m


def test_each_build_keeps_only_its_browsers_code(built: Path) -> None:
    chrome = (built / "build/chrome/background/index.js").read_text()
    firefox = (built / "build/firefox/background/index.js").read_text()
    assert "action.openPopup" in chrome and "browserAction.openPopup" not in chrome
    assert "browserAction.openPopup" in firefox and "action.openPopup" not in firefox.replace(
        "browserAction.openPopup", ""
    )


def test_production_is_minified(built: Path) -> None:
    content = (built / "build/chrome/content/index.js").read_text()
    assert content.count("\n") <= 2
    assert "//# sourceMappingURL" not in content


def test_page_references_point_at_the_bundles(built: Path) -> None:
    html = (built / "build/chrome/popup/index.html").read_text()
    assert 'src="./index.js"' in html and 'href="./popup.css"' in html and 'src="../icons/icon-32.png"' in html
    assert ".ts" not in re.sub(r"<title>.*?</title>", "", html)


def test_contexts_map_sources_to_where_they_run(built: Path) -> None:
    contexts = json.loads((built / "build/chrome.contexts.json").read_text())
    by_output = {s["output"]: s for s in contexts["scripts"]}
    assert by_output["background/index.js"]["contexts"] == ["background"]
    assert by_output["content/index.js"] == {
        "source": "src/content/index.ts",
        "output": "content/index.js",
        "format": "iife",
        "contexts": ["content"],
    }
    assert by_output["popup/index.js"]["format"] == "esm"
    metafile = json.loads((built / "build/chrome.metafile.json").read_text())
    assert "content/index.js" in metafile["outputs"]
    inputs = metafile["outputs"]["content/index.js"]["inputs"]
    assert "src/shared/browser/messaging.ts" in inputs  # the polyfill-free listener, not the polyfill
    assert not any("webextension-polyfill" in name for name in inputs)


def test_development_mode_writes_source_maps_and_keeps_names(flagship: Path) -> None:
    result = run_xtk("build", "--browser", "chrome", "--mode", "development", "--no-typecheck", cwd=flagship)
    assert result.code == 0, result.output
    content = (flagship / "build/chrome/content/index.js").read_text()
    assert "//# sourceMappingURL=index.js.map" in content
    assert "function extractText" in content
    sourcemap = json.loads((flagship / "build/chrome/content/index.js.map").read_text())
    assert any(s.endswith("src/content/index.ts") for s in sourcemap["sources"])
    # Other browsers' branches are gone in development too.
    assert (
        "browserAction"
        not in (flagship / "build/chrome/background/index.js")
        .read_text()
        .split("openPopup: {")[-1]
        .split("tryOpenPopup")[-1]
    )


def test_json_output(flagship: Path) -> None:
    result = run_xtk("build", "--browser", "firefox", "--format", "json", cwd=flagship)
    assert result.code == 0, result.output
    report = json.loads(result.stdout)
    assert report["ok"] is True
    assert report["builds"] == [{"browser": "firefox", "path": "build/firefox", "files": 10, "manifest_version": 2}]


# -- bad input and project errors -------------------------------------------------------------------------


def assert_no_traceback(output: str) -> None:
    assert "Traceback" not in output and 'File "/' not in output


def test_malformed_config_exits_2_with_file_and_line(flagship: Path) -> None:
    config = flagship / "xtk.toml"
    config.write_text(config.read_text().replace('min_version = "116"', "min_version = 116.5.3", 1))
    result = run_xtk("build", cwd=flagship)
    assert result.code == 2
    assert re.search(r"^xtk\.toml:\d+:\d+: error: targets\.chrome\.min_version: invalid TOML", result.stderr, re.M), (
        result.stderr
    )
    assert_no_traceback(result.output)


def test_missing_entry_file_exits_2_naming_the_key(flagship: Path) -> None:
    (flagship / "extension_src/src/content/index.ts").unlink()
    result = run_xtk("build", cwd=flagship)
    assert result.code == 2
    assert re.search(
        r"^xtk\.toml:\d+:\d+: error: "
        r"content_scripts\[0\]\.js\[0\]: file not found: extension_src/src/content/index.ts$",
        result.stderr,
        re.M,
    ), result.stderr
    assert_no_traceback(result.output)


def test_type_error_exits_1_with_file_line_column(flagship: Path) -> None:
    source = flagship / "extension_src/src/content/index.ts"
    source.write_text(source.read_text() + "\nconst count: number = 'three';\nvoid count;\n")
    result = run_xtk("build", cwd=flagship)
    assert result.code == 1, result.output
    line = len(source.read_text().splitlines()) - 1
    assert re.search(
        rf"^extension_src/src/content/index\.ts:{line}:7: error TS2322: "
        r"Type 'string' is not assignable to type 'number'\.",
        result.stderr,
        re.M,
    ), result.stderr
    assert not (flagship / "build").joinpath("chrome").exists(), "a failed build writes nothing"
    assert_no_traceback(result.output)


def test_esbuild_error_exits_1_with_file_line_column(flagship: Path) -> None:
    source = flagship / "extension_src/src/popup/index.ts"
    source.write_text("import { nothing } from './does-not-exist';\nconsole.log(nothing);\n" + source.read_text())
    result = run_xtk("build", "--no-typecheck", cwd=flagship)
    assert result.code == 1, result.output
    assert re.search(
        r"^extension_src/src/popup/index\.ts:1:25: error: \[chrome\] Could not resolve \"\./does-not-exist\"",
        result.stderr,
        re.M,
    ), result.stderr
    assert_no_traceback(result.output)


def test_failed_build_keeps_the_previous_one(flagship: Path) -> None:
    assert run_xtk("build", "--browser", "chrome", "--no-typecheck", cwd=flagship).code == 0
    before = (flagship / "build/chrome/manifest.json").read_text()
    (flagship / "extension_src/src/background/index.ts").write_text("const = ;\n")
    assert run_xtk("build", "--browser", "chrome", "--no-typecheck", cwd=flagship).code == 1
    assert (flagship / "build/chrome/manifest.json").read_text() == before
    assert not list((flagship / "build").glob(".staging-*"))


def test_inline_script_in_a_page_exits_1(flagship: Path) -> None:
    page = flagship / "extension_src/src/popup/index.html"
    page.write_text(page.read_text().replace("</body>", "<script>console.log(1)</script></body>"))
    result = run_xtk("build", cwd=flagship)
    assert result.code == 1
    assert re.search(r"^extension_src/src/popup/index\.html:\d+:\d+: error: inline <script>", result.stderr, re.M), (
        result.stderr
    )


def test_unknown_browser_is_a_usage_error(flagship: Path) -> None:
    result = run_xtk("build", "--browser", "safari", cwd=flagship)
    assert result.code == 2 and "Invalid value for '--browser'" in result.stderr


def test_browser_not_targeted_is_bad_input(flagship: Path) -> None:
    config = flagship / "xtk.toml"
    config.write_text(config.read_text().replace('[targets.edge]\nmin_version = "116"\n', ""))
    result = run_xtk("build", "--browser", "edge", cwd=flagship)
    assert result.code == 2 and "has no [targets.edge]" in result.stderr


def test_missing_node_modules_is_explained(flagship: Path) -> None:
    (flagship / "extension_src/node_modules").unlink()
    result = run_xtk("build", cwd=flagship)
    assert result.code == 2
    assert "esbuild is not installed" in result.stderr and "npm ci" in result.stderr


def test_help_on_every_command_and_version(flagship: Path) -> None:
    for command in ([], ["build"], ["package"], ["prepare"], ["inspect"]):
        result = run_xtk(*command, "--help", cwd=flagship)
        assert result.code == 0 and "Usage: xtk" in result.stdout, command
    version = run_xtk("--version", cwd=flagship)
    assert version.code == 0 and re.fullmatch(r"xtk \d+\.\d+\.\d+\n", version.stdout)


def test_a_project_without_scripts_builds_a_manifest_only_extension(tmp_path: Path) -> None:
    """A theme-like project (no background, no content script, no page): nothing for esbuild, still three builds —
    this crashed with an internal FileNotFoundError on the staging folder, in build and in lint."""
    from tests.conftest import EXTENSION

    project = tmp_path / "plain"
    (project / "src").mkdir(parents=True)
    (project / "node_modules").symlink_to(EXTENSION / "node_modules", target_is_directory=True)
    (project / "xtk.toml").write_text(
        '[extension]\nname = "Plain"\nversion = "1.0.0"\n\n'
        '[targets.chrome]\nmin_version = "116"\n\n'
        '[targets.edge]\nmin_version = "116"\n\n'
        '[targets.firefox]\ngecko_id = "plain@example.com"\nmin_version = "142.0"\n'
        'data_collection = { required = ["none"] }\n',
        encoding="utf-8",
    )
    result = run_xtk("build", "--no-typecheck", "--browser", "all", cwd=project)
    assert result.code == 0, result.output
    for browser in ("chrome", "edge", "firefox"):
        assert manifest(project, browser)["name"] == "Plain"
        assert not (project / "build" / f".staging-{browser}").exists()
    linted = run_xtk("lint", "--no-cache", cwd=project)
    assert linted.code in (0, 1) and "internal error" not in linted.output, linted.output
