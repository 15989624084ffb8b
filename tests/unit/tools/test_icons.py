"""toolchain/tools/icons.py: every size drawn from one SVG or PNG, byte for byte the same each time, kept in
.xtk/icons/ and drawn again only when the image changes; an image that cannot give icons is named."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, PngImagePlugin

from toolchain.diagnostics import ProjectError
from toolchain.plan.generated_icons import action_icons, manifest_icons, needed_sizes
from toolchain.project.models import ProjectConfig
from toolchain.tools.icons import draw_icons, draw_png, png_bytes

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
    '<rect x="8" y="8" width="48" height="48" fill="#ff0000"/></svg>'
)
SIZES = [16, 32, 48, 96, 128]


def _png(size: tuple[int, int], colour: tuple[int, int, int, int] = (0, 0, 255, 255), kind: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGBA" if kind == "PNG" else "RGB", size, colour[:3] if kind != "PNG" else colour).save(buffer, kind)
    return buffer.getvalue()


def _opened(path: Path) -> Image.Image:
    image = Image.open(path)
    image.load()
    return image


def test_an_svg_is_drawn_at_every_size_with_its_shape_and_transparent_edges(tmp_path: Path) -> None:
    source = tmp_path / "icon.svg"
    source.write_text(SVG, encoding="utf-8")
    drawn = draw_icons(source, SIZES, tmp_path, "icon.svg")
    assert sorted(drawn.files) == SIZES and drawn.warnings == []
    for size, path in drawn.files.items():
        assert path.parent == tmp_path / ".xtk" / "icons"
        image = _opened(path).convert("RGBA")
        assert image.size == (size, size)
        assert image.getpixel((size // 2, size // 2)) == (255, 0, 0, 255)  # the red square
        assert image.getpixel((0, 0)) == (0, 0, 0, 0)  # outside it: transparent


def test_a_png_is_resized_with_lanczos_and_its_metadata_dropped(tmp_path: Path) -> None:
    info = PngImagePlugin.PngInfo()
    info.add_text("Creation Time", "Sat, 28 Nov 2026 12:00:00 GMT")
    buffer = io.BytesIO()
    Image.new("RGBA", (256, 256), (10, 200, 30, 255)).save(buffer, format="PNG", pnginfo=info)
    source = tmp_path / "icon.png"
    source.write_bytes(buffer.getvalue())
    assert b"Creation Time" in source.read_bytes()
    drawn = draw_icons(source, [16, 128], tmp_path, "icon.png")
    for size in (16, 128):
        data = drawn.files[size].read_bytes()
        assert b"Creation Time" not in data and b"tIME" not in data and b"tEXt" not in data
        image = _opened(drawn.files[size])
        assert image.size == (size, size) and image.convert("RGBA").getpixel((3, 3)) == (10, 200, 30, 255)


def test_the_same_pixels_give_the_same_bytes_whatever_the_source_file_carried() -> None:
    plain = Image.new("RGBA", (64, 64), (1, 2, 3, 255))
    with_profile = plain.copy()
    with_profile.info["icc_profile"] = b"not really a profile"
    with_profile.info["dpi"] = (300, 300)
    assert png_bytes(plain) == png_bytes(with_profile)
    assert draw_png(plain, [16, 32]) == draw_png(plain.copy(), [16, 32])


def test_drawing_is_kept_and_done_again_only_when_the_image_changes(tmp_path: Path) -> None:
    source = tmp_path / "icon.svg"
    source.write_text(SVG, encoding="utf-8")
    first = draw_icons(source, [16, 32], tmp_path, "icon.svg")
    before = first.files[32].read_bytes()
    first.files[32].write_bytes(b"left as it was: the stamp says the image is unchanged")
    draw_icons(source, [16, 32], tmp_path, "icon.svg")
    assert first.files[32].read_bytes() == b"left as it was: the stamp says the image is unchanged"

    source.write_text(SVG.replace("#ff0000", "#00ff00"), encoding="utf-8")
    again = draw_icons(source, [16, 32], tmp_path, "icon.svg")
    after = again.files[32].read_bytes()
    assert after != before and _opened(again.files[32]).convert("RGBA").getpixel((16, 16)) == (0, 255, 0, 255)

    again.files[16].unlink()  # a drawn file gone: drawn again even with the same image
    assert draw_icons(source, [16, 32], tmp_path, "icon.svg").files[16].is_file()


def test_a_png_smaller_than_the_largest_size_is_a_warning_kept_with_the_drawing(tmp_path: Path) -> None:
    source = tmp_path / "small.png"
    source.write_bytes(_png((64, 64)))
    for _ in range(2):  # drawn, then taken from .xtk/icons: the warning is said both times
        drawn = draw_icons(source, SIZES, tmp_path, "assets/small.png")
        assert [(w.severity, w.path, w.key) for w in drawn.warnings] == [("warning", "assets/small.png", "icon")]
        assert "64×64" in drawn.warnings[0].message and "128×128" in drawn.warnings[0].message
        assert _opened(drawn.files[128]).size == (128, 128)


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("wide.png", _png((256, 128)), "256×128 pixels: an icon must be square"),
        ("broken.png", b"\x89PNG\r\n\x1a\n this is not the rest of a PNG", "cannot read the image"),
        ("truncated.png", _png((256, 256))[:60], "cannot read the image"),
        ("photo.png", _png((256, 256), kind="JPEG"), "the file is JPEG, not PNG"),
        ("wide.svg", SVG.replace('viewBox="0 0 64 64"', 'viewBox="0 0 64 32"').encode(), "must be square"),
        ("broken.svg", b"<svg xmlns='http://www.w3.org/2000/svg'", "cannot read the SVG"),
    ],
)
def test_an_image_that_cannot_give_icons_is_a_project_error_naming_it(
    tmp_path: Path, name: str, content: bytes, said: str
) -> None:
    source = tmp_path / name
    source.write_bytes(content)
    with pytest.raises(ProjectError) as raised:
        draw_icons(source, SIZES, tmp_path, f"assets/{name}")
    [problem] = raised.value.diagnostics
    assert (problem.severity, problem.path, problem.key) == ("error", f"assets/{name}", "icon")
    assert said in problem.message, problem.message
    assert not (tmp_path / ".xtk" / "icons" / "icon-16.png").exists()


def _config(**extra: object) -> ProjectConfig:
    return ProjectConfig.model_validate(
        {"extension": {"name": "x", "version": "1.0"}, "targets": {"chrome": {"min_version": "121"}}, **extra}
    )


def test_the_sizes_drawn_are_those_no_explicit_key_sets() -> None:
    assert needed_sizes(_config()) == [] and manifest_icons(_config()) == {}
    drawn = _config(icon="icon.svg", action={"title": "t"})
    assert needed_sizes(drawn) == SIZES
    assert manifest_icons(drawn) == {str(s): f"icons/icon-{s}.png" for s in SIZES}
    assert action_icons(drawn) == {"16": "icons/icon-16.png", "32": "icons/icon-32.png"}
    explicit = _config(icon="icon.svg", icons={"48": "public/a.png"}, action={"title": "t"})
    assert manifest_icons(explicit) == {} and needed_sizes(explicit) == [16, 32]
    assert action_icons(_config(icon="icon.svg")) == {}  # no [action]: no toolbar button is added
    both = _config(icon="icon.svg", icons={"48": "a.png"}, action={"icons": {"16": "b.png"}})
    assert needed_sizes(both) == []
