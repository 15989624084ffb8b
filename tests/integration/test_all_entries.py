"""A project with every entry kind the seeds use builds for Chrome, Edge, Firefox MV2 and Firefox MV3, and each
manifest follows its browser's rules (tests/fixtures/projects/all-entries/xtk.toml)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import EXTENSION, REPO, run_xtk

pytestmark = pytest.mark.node
FIXTURE = REPO / "tests/fixtures/projects/all-entries"


def copy_fixture(destination: Path, firefox_mv3: bool = False) -> Path:
    shutil.copytree(FIXTURE, destination)
    (destination / "node_modules").symlink_to(EXTENSION / "node_modules", target_is_directory=True)
    if firefox_mv3:  # the fixture says `manifest_version = 2`; without the key Firefox is MV3 (the default)
        config = destination / "xtk.toml"
        text = config.read_text()
        assert "\nmanifest_version = 2 " in text
        config.write_text(re.sub(r"\nmanifest_version = 2 [^\n]*", "", text))
    return destination


def build(project: Path) -> tuple[dict[str, dict], str]:
    result = run_xtk("build", "--format", "json", cwd=project)
    assert result.code == 0, result.output
    report = json.loads(result.stdout)
    manifests = {
        b: json.loads((project / "build" / b / "manifest.json").read_text()) for b in ("chrome", "edge", "firefox")
    }
    return manifests, json.dumps(report["warnings"])


@pytest.fixture(scope="module")
def mv2(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict], str]:
    project = copy_fixture(tmp_path_factory.mktemp("mv2") / "p")
    manifests, warnings = build(project)
    return project, manifests, warnings


@pytest.fixture(scope="module")
def mv3(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict], str]:
    project = copy_fixture(tmp_path_factory.mktemp("mv3") / "p", firefox_mv3=True)
    manifests, warnings = build(project)
    return project, manifests, warnings


def test_chrome_gets_every_entry(mv2: tuple[Path, dict[str, dict], str]) -> None:
    project, manifests, _ = mv2
    m = manifests["chrome"]
    assert m["version"] == "0.3.1" and m["version_name"] == "0.3.1-beta.2"
    assert m["default_locale"] == "en" and m["name"] == "__MSG_extName__"
    assert m["background"] == {"service_worker": "background/index.js", "type": "module"}
    assert m["options_ui"] == {"page": "options/index.html", "open_in_tab": True}
    assert m["side_panel"] == {"default_path": "sidepanel/index.html"}
    assert m["sandbox"] == {"pages": ["sandbox/index.html"]}
    assert m["chrome_url_overrides"] == {"newtab": "newtab/index.html"}
    assert m["permissions"] == ["storage", "tabs", "scripting", "offscreen", "sidePanel"]
    assert m["host_permissions"] == ["https://api.example.com/*"]
    assert m["optional_host_permissions"] == ["https://*.example.org/*"]
    assert m["content_security_policy"]["extension_pages"].startswith("script-src 'self' 'wasm-unsafe-eval'")
    assert m["content_scripts"][0]["css"] == ["content/content.css"]
    assert m["content_scripts"][1]["world"] == "MAIN"
    assert m["web_accessible_resources"] == [
        {"resources": ["icons/icon-48.png"], "matches": ["https://*.example.com/*"], "use_dynamic_url": True},
        {"resources": ["chatwidget/index.js", "chatwidget/chatwidget.css"], "matches": ["<all_urls>"]},
    ]
    assert m["commands"]["_execute_action"]["suggested_key"] == {"default": "Ctrl+Shift+Y"}
    out = project / "build/chrome"
    for name in (
        "offscreen/summarizer.html",
        "offscreen/summarizer.js",
        "worker/embeddings.js",
        "chatwidget/index.js",
        "chatwidget/chatwidget.css",
        "sandbox/sandbox.js",
        "_locales/en/messages.json",
        "content/content.css",
    ):
        assert (out / name).is_file(), name
    assert "CHROMIUM_ONLY_BRANCH" in (out / "background/index.js").read_text()
    assert "FIREFOX_ONLY_BRANCH" not in (out / "background/index.js").read_text()
    assert '"https://api.example.com"' in (out / "background/index.js").read_text()


def test_firefox_mv2_converts_every_entry(mv2: tuple[Path, dict[str, dict], str]) -> None:
    project, manifests, warnings = mv2
    m = manifests["firefox"]
    assert m["manifest_version"] == 2 and "version_name" not in m
    assert m["background"] == {"scripts": ["background/index.js"], "persistent": False, "type": "module"}
    assert m["browser_action"] == {"default_popup": "popup/index.html", "default_title": "All entries"}
    assert m["sidebar_action"] == {"default_panel": "sidepanel/index.html", "default_title": "Side panel"}
    # host permissions merged; optional host permissions moved, not dropped; Chrome-only permissions scoped away
    assert m["permissions"] == ["storage", "tabs", "scripting", "https://api.example.com/*"]
    assert m["optional_permissions"] == ["bookmarks", "https://*.example.org/*"]
    assert m["content_security_policy"] == "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'"
    assert m["web_accessible_resources"] == ["icons/icon-48.png", "chatwidget/index.js", "chatwidget/chatwidget.css"]
    assert "sandbox" not in m and "side_panel" not in m and "host_permissions" not in m
    assert m["browser_specific_settings"]["gecko"]["data_collection_permissions"] == {
        "required": ["websiteContent"],
        "optional": ["technicalAndInteraction"],
    }
    assert "world" not in m["content_scripts"][1]
    out = project / "build/firefox"
    assert not (out / "offscreen").exists() and not (out / "sandbox").exists()
    assert "FIREFOX_ONLY_BRANCH" in (out / "background/index.js").read_text()
    for code in ("XB101", "XB103"):
        assert code in warnings, warnings


def test_firefox_mv3_declares_scripts_and_service_worker(mv3: tuple[Path, dict[str, dict], str]) -> None:
    _, manifests, _ = mv3
    m = manifests["firefox"]
    assert m["manifest_version"] == 3
    assert m["background"] == {
        "service_worker": "background/index.js",
        "scripts": ["background/index.js"],
        "type": "module",
    }
    assert m["action"]["default_popup"] == "popup/index.html" and "browser_action" not in m
    assert m["host_permissions"] == ["https://api.example.com/*"]
    assert m["optional_host_permissions"] == ["https://*.example.org/*"]
    assert m["content_security_policy"] == {
        "extension_pages": "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'"
    }
    assert m["web_accessible_resources"][0] == {
        "resources": ["icons/icon-48.png"],
        "matches": ["https://*.example.com/*"],
    }
    assert m["content_scripts"][1]["world"] == "MAIN"


def test_edge_matches_chrome(mv2: tuple[Path, dict[str, dict], str]) -> None:
    _, manifests, _ = mv2
    assert manifests["edge"] == manifests["chrome"]
