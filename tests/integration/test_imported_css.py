"""CSS imported from code is loaded where the code runs (issue 18, item 2: never a silent wrong build). Before,
esbuild wrote it beside the bundle and nothing loaded it: the content script's CSS was not in the manifest, the
popup's was never linked, a CSS module's renamed classes had no style."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from tests.browser.dev_session import XtkProcess, copy_dev_mini
from tests.conftest import run_xtk
from tests.integration.support import build, copy_fixture, edit
from toolchain.builder.imported_css import css_bundles, with_content_script_css, with_linked_css


def _project(tmp_path: Path) -> Path:
    project = copy_fixture(tmp_path / "project")
    (project / "src/content/imported.css").write_text(".from-import { color: teal; }\n", encoding="utf-8")
    edit(project / "src/content/index.ts", "", 'import "./imported.css";\n')
    (project / "src/popup/panel.module.css").write_text(".panel { margin: 3px; }\n", encoding="utf-8")
    (project / "src/popup/popup.css").write_text("body { width: 300px; }\n", encoding="utf-8")
    edit(
        project / "src/popup/popup.ts",
        "",
        'import "./popup.css";\nimport styles from "./panel.module.css";\ndocument.body.className = styles.panel;\n',
    )
    return project


def test_a_content_script_and_a_page_get_the_css_their_code_imports(tmp_path: Path) -> None:
    project = _project(tmp_path)
    built = build(project)
    assert built.code == 0, built.output
    for browser in ("chrome", "edge", "firefox"):
        out = project / "build" / browser
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        first = manifest["content_scripts"][0]
        assert first["css"] == ["content/content.css", "content/index.css"], (browser, first)  # declared, imported
        assert "from-import" in (out / "content/index.css").read_text(encoding="utf-8")
        assert "css" not in manifest["content_scripts"][1]  # main-world.ts imports none
        page = (out / "popup/index.html").read_text(encoding="utf-8")
        assert '<link rel="stylesheet" href="./popup.css"></head>' in page, page
        css = (out / "popup/popup.css").read_text(encoding="utf-8")
        assert "width:300px" in css and "margin:3px" in css  # minified; the CSS module's rules come with it
    # a replay of the cached recipe does the same
    assert build(project).code == 0
    replayed = json.loads((project / "build/chrome/manifest.json").read_text(encoding="utf-8"))
    assert replayed["content_scripts"][0]["css"] == ["content/content.css", "content/index.css"]


def test_css_modules_and_assets_type_check_with_the_types_xtk_writes(tmp_path: Path) -> None:
    """tsc passes on `import "./x.css"`, a CSS module's classes and an image's URL: .xtk/env.d.ts declares them
    (before: TS2882 on the CSS import even in a fresh `xtk init` project, TS2307 on the image)."""
    project = _project(tmp_path)
    edit(
        project / "src/popup/popup.ts",
        "",
        'import icon from "../../public/icons/icon-16.png";\nconst url: string = icon;\ndocument.title += url;\n',
    )
    result = run_xtk("build", "--browser", "chrome", cwd=project)
    assert result.code == 0, result.output
    assert "type-checked" in result.stdout
    types = (project / ".xtk/env.d.ts").read_text(encoding="utf-8")
    assert 'declare module "*.module.css"' in types and 'declare module "*.woff2"' in types
    assert list((project / "build/chrome/assets").glob("icon-16-*.png"))  # the image bundled, its URL imported


def test_xtk_dev_says_it_does_not_load_imported_css_yet(tmp_path: Path) -> None:
    """Not silently unstyled: until the dev build loads it, `xtk dev` names each bundle whose CSS it leaves out."""
    project = copy_dev_mini(tmp_path / "mini")
    (project / "src/content.css").write_text(".mark { color: red; }\n", encoding="utf-8")
    edit(project / "src/content.ts", "", 'import "./content.css";\n')
    dev = XtkProcess("dev", "--browser", "chrome", "--no-launch", project=project)
    try:
        dev.wait_for("ready")
        assert dev.stop(signal.SIGINT) == 0
    finally:
        dev.kill()
    said = "".join(dev.stderr)
    assert "build/dev/chrome/content.js: its sources import CSS, bundled as build/dev/chrome/content.css" in said
    assert said.count("import CSS") == 1


def test_what_is_linked_and_listed() -> None:
    metafile = {"outputs": {"a/x.js": {"cssBundle": "a/x.css"}, "a/x.css": {}, "b/y.js": {}}}
    css_of = css_bundles(metafile)
    assert css_of == {"a/x.js": "a/x.css"}
    manifest = {"content_scripts": [{"js": ["a/x.js"], "css": ["a/x.css"]}, {"js": ["b/y.js"]}]}
    assert with_content_script_css(manifest, css_of) == manifest  # already listed: nothing twice
    assert with_content_script_css({"content_scripts": [{"js": ["a/x.js"]}]}, css_of) == {
        "content_scripts": [{"js": ["a/x.js"], "css": ["a/x.css"]}]
    }
    page = '<html><head><script src="../a/x.js"></script></HEAD><body></body></html>'
    assert with_linked_css("p/index.html", page, css_of) == (
        '<html><head><script src="../a/x.js"></script><link rel="stylesheet" href="./../a/x.css"></HEAD>'
        "<body></body></html>"
    )
    linked = '<head><link href="../a/x.css"><script src="../a/x.js"></script></head>'
    assert with_linked_css("p/index.html", linked, css_of) == linked
    assert with_linked_css("p/index.html", "<script src='other.js'></script>", css_of).startswith("<script")
