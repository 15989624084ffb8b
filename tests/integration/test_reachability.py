"""After each build: every file in it is reached by the manifest, a page, a stylesheet or a script, else a warning
naming it; everything the manifest, a page or a stylesheet names is in it, else a located error (issue 18, item 2:
never a silent wrong build). Before, a build shipped files nothing loaded and pages that loaded missing files."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.support import build, copy_fixture, edit
from toolchain.builder.reachability import check_reachability, unreached_warnings


def _project(tmp_path: Path) -> Path:
    project = copy_fixture(tmp_path / "project")
    (project / "public/stray.png").write_bytes(b"nobody loads me")
    (project / "public/by-code.png").write_bytes(b"getURL")
    edit(
        project / "src/popup/popup.ts", "", 'const badge = chrome.runtime.getURL("by-code.png");\nconsole.log(badge);\n'
    )
    return project


def test_a_file_nothing_references_is_a_warning_naming_it_once(tmp_path: Path) -> None:
    project = _project(tmp_path)
    result = build(project)
    assert result.code == 0, result.output
    said = result.stderr
    assert (
        "warning: build/chrome/stray.png is in the build but nothing references it (and in build/edge/, "
        "build/firefox/)" in said
    ), said
    assert said.count("stray.png") == 1
    assert "by-code.png" not in said  # a script names it
    for reached in ("icons/icon-16.png", "popup/popup.js", "content/content.css", "_locales", "manifest.json"):
        assert f"{reached} is in the build" not in said
    assert (project / "build/chrome/stray.png").is_file()  # a warning: the build is written
    # the cached replay checks its build too
    again = build(project)
    assert again.code == 0 and "stray.png is in the build but nothing references it" in again.stderr, again.output


def test_a_reference_to_a_file_not_in_the_build_is_a_located_error(tmp_path: Path) -> None:
    """A page and a stylesheet of public/ are copied as they are: what they name must be in the build too."""
    project = _project(tmp_path)
    assert build(project, "--browser", "chrome").code == 0
    good = (project / "build/chrome/manifest.json").read_text(encoding="utf-8")
    (project / "public/help.html").write_text(
        '<!doctype html>\n<link rel="stylesheet" href="help.css">\n<img src="icons/gone.png">\n', encoding="utf-8"
    )
    (project / "public/help.css").write_text("body {\n  background: url(./paper.png);\n}\n", encoding="utf-8")
    edit(project / "src/popup/popup.ts", "", 'const help = chrome.runtime.getURL("help.html");\nconsole.log(help);\n')
    result = build(project, "--browser", "chrome")
    assert result.code == 1, result.output
    said = result.stderr
    assert "build/chrome/help.html:3:1: error: [chrome] icons/gone.png: no such file in the build" in said, said
    assert "build/chrome/help.css:2:19: error: [chrome] ./paper.png: no such file in the build" in said, said
    assert "Traceback" not in result.output
    # the failed build left the last good one in place, and no staging folder
    assert (project / "build/chrome/manifest.json").read_text(encoding="utf-8") == good
    assert not (project / "build/.staging-chrome").exists()


def test_the_manifest_references(tmp_path: Path) -> None:
    folder = tmp_path / "built"
    for name in ("bg.js", "popup.html", "icons/16.png", "img/a.png", "img/b.png", "rules.json", "x.js.map"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("", encoding="utf-8")
    manifest = {
        "manifest_version": 3,
        "background": {"service_worker": "bg.js"},
        "action": {"default_popup": "popup.html#/start", "default_icon": {"16": "/icons/16.png"}},
        "web_accessible_resources": [{"resources": ["img/*.png"], "matches": ["<all_urls>"]}],
        "options_page": "options.html",
        "declarative_net_request": {"rule_resources": [{"id": "r", "enabled": True, "path": "rules.json"}]},
    }
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    errors, unreached = check_reachability(folder, manifest, "build/chrome")
    assert unreached == []
    assert [(e.message, e.path, e.key) for e in errors] == [
        ("options.html: no such file in the build", "build/chrome/manifest.json", "/options_page")
    ]
    (folder / "left.png").write_bytes(b"")
    assert check_reachability(folder, manifest, "build/chrome")[1] == ["left.png"]
    (warning,) = unreached_warnings("build", {"chrome": ["left.png"], "firefox": []})
    assert warning.severity == "warning"
    assert warning.message.startswith("build/chrome/left.png is in the build but nothing references it:")
