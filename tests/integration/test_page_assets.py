"""Files a page's CSS names ship with it, and root-relative paths resolve against public/ as in Vite (issue 18,
item 2). Before: a font named only in a page's inline `<style>` was not copied (the page came up without it, no
word said); `<img src="/logo.png">` was "file not found" and `url(/font.woff2)` in CSS failed in esbuild."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_xtk
from tests.integration.support import build, copy_fixture
from toolchain.css_urls import css_references, names_a_file

POPUP = """<!doctype html>
<html><head><meta charset="utf-8"><title>popup</title>
<style>
  /* url(./commented-out.png) names nothing */
  @import "./theme.css";
  @font-face { font-family: Brand; src: url("../fonts/brand.woff2") format("woff2"); }
  body { background: url(/logo.png); content: "url(not-a-file.png)"; }
</style>
<link rel="stylesheet" href="./popup.css">
<script type="module" src="./popup.ts"></script></head>
<body style="background-image: url('./dots.png')"><img src="/logo.png" alt=""></body></html>
"""


def _project(tmp_path: Path) -> Path:
    project = copy_fixture(tmp_path / "project")
    (project / "src/fonts").mkdir()
    (project / "src/fonts/brand.woff2").write_bytes(b"wOF2-brand")
    (project / "src/popup/dots.png").write_bytes(b"dots")
    (project / "src/popup/theme.css").write_text(":root { --accent: teal; }\n", encoding="utf-8")
    (project / "src/popup/popup.css").write_text(
        "@font-face { font-family: Icons; src: url(/fonts/icons.woff2); }\n", encoding="utf-8"
    )
    (project / "public/fonts").mkdir()
    (project / "public/fonts/icons.woff2").write_bytes(b"wOF2-icons")
    (project / "public/logo.png").write_bytes(b"logo")
    (project / "public/extra.css").write_text("p { margin: 0; }\n", encoding="utf-8")
    (project / "public/vendor.js").write_text("window.vendor = 1;\n", encoding="utf-8")
    (project / "src/popup/index.html").write_text(POPUP, encoding="utf-8")
    return project


def test_files_named_by_a_pages_css_ship_and_root_relative_paths_name_public(tmp_path: Path) -> None:
    project = _project(tmp_path)
    page = project / "src/options/index.html"
    page.write_text(
        page.read_text(encoding="utf-8").replace(
            "</head>", '<link rel="stylesheet" href="/extra.css"><script src="/vendor.js"></script></head>'
        ),
        encoding="utf-8",
    )
    result = build(project)
    assert result.code == 0, result.output
    for browser in ("chrome", "edge", "firefox"):
        out = project / "build" / browser
        assert (out / "fonts/brand.woff2").read_bytes() == b"wOF2-brand"  # named only by the inline <style>
        assert (out / "popup/dots.png").read_bytes() == b"dots"  # named only by a style="" attribute
        assert (out / "popup/theme.css").is_file()  # @import in the inline <style>: bundled like a linked sheet
        assert (out / "logo.png").read_bytes() == b"logo"  # public/ at the build's root, where /logo.png points
        built = (out / "popup/index.html").read_text(encoding="utf-8")
        assert 'url("../fonts/brand.woff2")' in built and "url('./dots.png')" in built
        assert '@import "./theme.css"' in built
        assert "url(/logo.png)" in built and '<img src="/logo.png"' in built  # root-relative: as written
        assert "url(./commented-out.png)" in built  # a comment is left alone
        assert "url(/fonts/icons.woff2)" in (out / "popup/popup.css").read_text(encoding="utf-8")
        assert (out / "fonts/icons.woff2").is_file()
        options = (out / "options/index.html").read_text(encoding="utf-8")
        assert 'href="/extra.css"' in options and 'src="/vendor.js"' in options
        assert (out / "vendor.js").read_text(encoding="utf-8") == "window.vendor = 1;\n"  # copied, not bundled
    for name in ("brand.woff2", "dots.png", "theme.css", "logo.png", "icons.woff2", "extra.css", "vendor.js"):
        assert f"{name} is in the build but nothing references it" not in result.output  # each one is reached


def test_a_name_that_resolves_nowhere_is_a_located_error(tmp_path: Path) -> None:
    project = _project(tmp_path)
    popup = project / "src/popup/index.html"
    popup.write_text(
        POPUP.replace("../fonts/brand.woff2", "../fonts/gone.woff2").replace(
            '<img src="/logo.png"', '<img src="/x.png"'
        ),
        encoding="utf-8",
    )
    result = build(project)
    assert result.code != 0
    assert "src/popup/index.html:6:46: error: ../fonts/gone.woff2: file not found" in result.stderr, result.stderr
    assert "src/popup/index.html:11:61: error: /x.png: file not found in public/ nor under the project root" in (
        result.stderr
    )
    assert "Traceback" not in result.output
    assert not (project / "build/chrome").exists()


def test_a_root_relative_url_in_css_that_is_not_in_public_is_esbuilds_located_error(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "src/popup/popup.css").write_text("a { background: url(/nowhere.png); }\n", encoding="utf-8")
    result = build(project)
    assert result.code != 0
    assert (
        'src/popup/popup.css:1:17: error: [chrome] Could not resolve "/nowhere.png": a root-relative URL names a '
        "file of the project's public folder (copied to the build's root), and it has no nowhere.png"
    ) in result.stderr, result.stderr


def test_a_script_in_public_must_be_javascript(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "public/tool.ts").write_text("export {};\n", encoding="utf-8")
    popup = project / "src/popup/index.html"
    popup.write_text(POPUP.replace("</head>", '<script src="/tool.ts"></script></head>'), encoding="utf-8")
    result = build(project)
    assert result.code != 0
    assert "/tool.ts: public/ is copied as it is, never compiled" in result.stderr, result.stderr


def test_a_root_relative_path_to_a_source_file_is_shipped_from_there(tmp_path: Path) -> None:
    """Vite's fallback: `/src/popup/dots.png` is the file under the project root when public/ has none."""
    project = _project(tmp_path)
    popup = project / "src/popup/index.html"
    popup.write_text(POPUP.replace('<img src="/logo.png"', '<img src="/src/popup/dots.png"'), encoding="utf-8")
    result = build(project, "--browser", "chrome")
    assert result.code == 0, result.output
    built = (project / "build/chrome/popup/index.html").read_text(encoding="utf-8")
    assert '<img src="./dots.png"' in built


def test_code_that_imports_a_public_file_by_its_root_relative_url_is_an_error(tmp_path: Path) -> None:
    """esbuild keeps `/fonts/icons.woff2` as written (for CSS); imported from code it would stay an import no
    bundle can load, so the build names the importing file."""
    project = _project(tmp_path)
    popup = project / "src/popup/popup.ts"
    popup.write_text('import logo from "/logo.png";\nconsole.log(logo);\n', encoding="utf-8")
    result = run_xtk("build", "--no-typecheck", "--browser", "chrome", cwd=project)
    assert result.code != 0
    assert "src/popup/popup.ts: error: [chrome] imports '/logo.png', a file of public/" in result.stderr, result.stderr


def test_css_references() -> None:
    css = (
        '/* url(a.png) */ @import "b.css"; @import url(c.css); .x { background: URL( "d.png" ) }'
        " .y { content: 'url(e.png)'; mask: url(#m); src: url(data:font/woff2;base64,AA) } .z{background:url(f.png)}"
    )
    found = [(r.kind, r.value, css[r.start : r.end]) for r in css_references(css)]
    assert [(kind, value) for kind, value, _ in found] == [
        ("import", "b.css"),
        ("import", "c.css"),
        ("url", "d.png"),
        ("url", "#m"),
        ("url", "data:font/woff2;base64,AA"),
        ("url", "f.png"),
    ]
    assert all(value == text for _, value, text in found)  # the offsets are the value's
    assert [v for _, v, _ in found if names_a_file(v)] == ["b.css", "c.css", "d.png", "f.png"]
    assert json.dumps([r.value for r in css_references("a{b:url(")]) == '[""]'  # cut off: no crash
