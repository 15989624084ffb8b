"""Icons from one image (issue 18, item 7): `icon = "assets/icon.svg"` in xtk.toml gives every size each browser
takes (icons/icon-16.png … icon-128.png) in each build, the manifest's `icons` and the toolbar button's
`default_icon` (`action` in MV3, `browser_action` in MV2), unless the project sets them itself. The same image gives
the same bytes; an edited image is drawn again through the build cache; an image that cannot give icons fails the
build naming it. Before, xtk took only one file per size, each drawn by hand."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from PIL import Image

from tests.conftest import run_xtk
from tests.integration.support import build, copy_fixture, edit, tree

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
    '<rect width="64" height="64" rx="12" fill="#2266aa"/><circle cx="32" cy="32" r="16" fill="#ffffff"/></svg>\n'
)
SIZES = ["16", "32", "48", "96", "128"]
DRAWN = {size: f"icons/icon-{size}.png" for size in SIZES}
EXPLICIT_ICONS = (
    '[icons]\n16 = "public/icons/icon-16.png"\n48 = "public/icons/icon-48.png"\n128 = "public/icons/icon-128.png"\n'
)


def _project(tmp_path: Path, icon: str = "assets/icon.svg") -> Path:
    """The all-entries project with `icon` instead of [icons]; its hand-drawn icons moved out of the way of the
    drawn ones (public/icons/ → public/logo/, which its pages show)."""
    project = copy_fixture(tmp_path / "project")
    (project / "public/icons").rename(project / "public/logo")
    for page in ("popup", "options", "sidepanel", "newtab"):
        edit(project / f"src/{page}/index.html", "public/icons/", "public/logo/")
    config = project / "xtk.toml"
    edit(config, EXPLICIT_ICONS, "")
    edit(config, 'locales = "_locales"\n', f'locales = "_locales"\nicon = "{icon}"\n')
    (project / "assets").mkdir()
    (project / "assets/icon.svg").write_text(SVG, encoding="utf-8")
    return project


def _manifest(project: Path, browser: str) -> dict:
    return json.loads((project / "build" / browser / "manifest.json").read_text(encoding="utf-8"))


def _json_build(project: Path, *extra: str) -> dict:
    result = run_xtk("build", "--no-typecheck", "--format", "json", *extra, cwd=project)
    assert result.code == 0, result.output
    return json.loads(result.stdout)


def test_an_svg_gives_every_size_in_each_build_and_the_manifest_keys_of_each_browser(tmp_path: Path) -> None:
    project = _project(tmp_path)
    result = build(project, "--browser", "all")
    assert result.code == 0, result.output
    for browser in ("chrome", "edge", "firefox"):
        for size, out in DRAWN.items():
            image = Image.open(project / "build" / browser / out).convert("RGBA")
            assert image.size == (int(size), int(size))
            assert image.getpixel((int(size) // 2, int(size) // 2)) == (255, 255, 255, 255)  # the white circle
            corner = image.getpixel((0, 0))
            assert isinstance(corner, tuple) and corner[3] < 255  # the rounded corner
        manifest = _manifest(project, browser)
        assert manifest["icons"] == DRAWN
        button = "browser_action" if browser == "firefox" else "action"  # the fixture's Firefox build is MV2
        assert manifest[button]["default_icon"] == {"16": DRAWN["16"], "32": DRAWN["32"]}
        assert manifest[button]["default_popup"] == "popup/index.html"
    assert "action" not in _manifest(project, "firefox")

    edit(project / "xtk.toml", "manifest_version = 2", "manifest_version = 3")
    assert build(project, "--browser", "firefox").code == 0
    firefox = _manifest(project, "firefox")
    assert firefox["action"]["default_icon"] == {"16": DRAWN["16"], "32": DRAWN["32"]}
    assert "browser_action" not in firefox and firefox["icons"] == DRAWN


def test_icons_the_project_sets_win_over_the_drawn_ones(tmp_path: Path) -> None:
    project = _project(tmp_path)
    config = project / "xtk.toml"
    edit(config, "[background]", EXPLICIT_ICONS.replace("public/icons/", "public/logo/") + "\n[background]")
    edit(config, 'resources = ["icons/icon-48.png"]', 'resources = ["logo/icon-48.png"]')  # no drawn 48 now
    assert build(project).code == 0
    chrome = _manifest(project, "chrome")
    assert chrome["icons"] == {"16": "logo/icon-16.png", "48": "logo/icon-48.png", "128": "logo/icon-128.png"}
    assert chrome["action"]["default_icon"] == {"16": DRAWN["16"], "32": DRAWN["32"]}  # [action] sets none
    assert sorted(p.name for p in (project / "build/chrome/icons").iterdir()) == ["icon-16.png", "icon-32.png"]

    edit(config, 'title = "All entries"', 'title = "All entries"\nicons = { 16 = "public/logo/icon-16.png" }')
    result = build(project)
    assert result.code == 0, result.output
    assert "assets/icon.svg: warning: icon: nothing is drawn from this image" in result.output
    assert _manifest(project, "chrome")["action"]["default_icon"] == {"16": "logo/icon-16.png"}
    assert not (project / "build/chrome/icons").exists()


def test_a_drawn_icon_and_a_public_file_at_the_same_place_fail_the_build(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "public/icons").mkdir()
    (project / "public/icons/icon-32.png").write_bytes((project / "public/logo/icon-16.png").read_bytes())
    result = build(project)
    assert result.code == 1, result.output
    assert "assets/icon.svg: error: icon: icons/icon-32.png is the icon xtk draws from `icon`" in result.output
    assert "public/icons/icon-32.png is copied to the same place" in result.output


def test_an_image_that_cannot_give_icons_fails_naming_it_and_a_small_png_warns(tmp_path: Path) -> None:
    project = _project(tmp_path, icon="assets/icon.png")
    Image.new("RGBA", (256, 200), (0, 0, 0, 255)).save(project / "assets/icon.png")
    result = build(project)
    assert result.code == 1, result.output
    assert "assets/icon.png: error: icon: the image is 256×200 pixels: an icon must be square" in result.output
    assert "Traceback" not in result.output and not (project / "build/chrome").exists()

    (project / "assets/icon.png").write_bytes(b"\x89PNG\r\n\x1a\nnot the rest of a PNG")
    result = build(project)
    assert result.code == 1 and "assets/icon.png: error: icon: cannot read the image" in result.output

    Image.new("RGBA", (64, 64), (0, 128, 0, 255)).save(project / "assets/icon.png")
    result = build(project)
    assert result.code == 0, result.output
    assert "assets/icon.png: warning: icon: the image is 64×64 pixels, smaller than the 128×128 icon" in result.output
    assert Image.open(project / "build/chrome/icons/icon-128.png").size == (128, 128)

    edit(project / "xtk.toml", 'icon = "assets/icon.png"', 'icon = "assets/icon.gif"')
    (project / "assets/icon.gif").write_bytes(b"GIF89a")
    result = build(project)
    assert result.code == 2, result.output  # a config error, as any path key with the wrong kind of file
    assert "icon: assets/icon.gif: expected a image" in result.output
    edit(project / "xtk.toml", 'icon = "assets/icon.gif"', 'icon = "assets/gone.svg"')
    result = build(project)
    assert result.code == 2 and "icon: file not found: assets/gone.svg" in result.output


def test_builds_are_byte_identical_and_an_edited_icon_is_drawn_again_through_the_cache(tmp_path: Path) -> None:
    project = _project(tmp_path)
    assert _json_build(project)["cached_recipe"] is False
    first = tree(project / "build")
    shutil.rmtree(project / ".xtk/icons")  # drawn again from nothing, not copied from the last drawing
    assert _json_build(project, "--no-cache")["cached_recipe"] is False
    assert tree(project / "build") == first
    assert _json_build(project)["cached_recipe"] is True
    assert tree(project / "build") == first

    (project / "assets/icon.svg").write_text(SVG.replace("#ffffff", "#ff0000"), encoding="utf-8")
    assert _json_build(project)["cached_recipe"] is False  # the image's content is an input of the cache
    edited = Image.open(project / "build/chrome/icons/icon-128.png").convert("RGBA")
    assert edited.getpixel((64, 64)) == (255, 0, 0, 255)
    changed = {path for path, data in tree(project / "build").items() if first.get(path) != data}
    assert {f"{browser}/{out}" for browser in ("chrome", "edge", "firefox") for out in DRAWN.values()} <= changed


def test_the_dev_build_copies_the_drawn_icons_its_manifest_names(tmp_path: Path) -> None:
    from toolchain.dev.dev_build import plan_dev, reporter_path, write_static
    from toolchain.project import load_project

    project = load_project(_project(tmp_path) / "xtk.toml")
    dev = plan_dev(project, "chrome", reporter_path(project))
    assert dev.manifest["icons"] == DRAWN
    assert dev.manifest["action"]["default_icon"] == {"16": DRAWN["16"], "32": DRAWN["32"]}
    write_static(dev)
    for size, out in DRAWN.items():
        assert Image.open(dev.out / out).size == (int(size), int(size))
