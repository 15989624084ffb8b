"""Icons from one image: the SVG or square PNG `icon` names in xtk.toml, drawn at every size a manifest key takes.

An SVG is rasterized at each size by resvg (resvg-py: a self-contained Rust wheel); a PNG is resized by Pillow
with LANCZOS. Every PNG is written the same way (RGBA, zlib level 9, no text, time or colour-profile chunks), so
the same image gives the same bytes and a build's zip stays reproducible.

The PNGs are kept in `.xtk/icons/` with a stamp of what they were drawn from (the image's sha256, the sizes and the
two libraries' versions): a build with the same image copies them without drawing again. The build cache takes the
image's content as an input (builder/cache.py), so an edited icon is a full build, and a new drawing.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import resvg_py
from PIL import Image, UnidentifiedImageError
from PIL import __version__ as pillow_version

from toolchain.diagnostics import Diagnostic, ProjectError
from toolchain.files import confine, make_folder
from toolchain.fingerprint import file_sha256

STAMP_FORMAT = 1
_SVG_SUFFIXES = (".svg", ".svgz")


@dataclass(frozen=True)
class DrawnIcons:
    #: size in pixels → its PNG in `.xtk/icons/`
    files: dict[int, Path]
    warnings: list[Diagnostic] = field(default_factory=list)


def icons_folder(project_dir: Path) -> Path:
    return project_dir / ".xtk" / "icons"


def png_bytes(image: Image.Image) -> bytes:
    """`image` as PNG bytes that depend on its pixels alone: a fresh RGBA image (no info, ICC profile or EXIF
    carried over) at a fixed compression level, with no chunk that holds a time."""
    rgba = image.convert("RGBA")
    bare = Image.frombytes("RGBA", rgba.size, rgba.tobytes())
    buffer = io.BytesIO()
    bare.save(buffer, format="PNG", compress_level=9, optimize=False)
    return buffer.getvalue()


def draw_png(source: Image.Image, sizes: Iterable[int]) -> dict[int, bytes]:
    """A square image resized to each size (LANCZOS, alpha premultiplied by Pillow so edges keep their colour)."""
    rgba = source.convert("RGBA")
    return {
        size: png_bytes(rgba if rgba.size == (size, size) else rgba.resize((size, size), Image.Resampling.LANCZOS))
        for size in sizes
    }


def draw_svg(source: Path, sizes: Iterable[int]) -> dict[int, bytes]:
    """An SVG rasterized at each size: drawn at that size, sharper than a large drawing scaled down."""
    return {size: png_bytes(_svg_image(source, width=size, height=size)) for size in sizes}


def _svg_image(source: Path, width: int | None = None, height: int | None = None) -> Image.Image:
    rendered = resvg_py.svg_to_bytes(svg_path=str(source), width=width, height=height, resources_dir=str(source.parent))
    image = Image.open(io.BytesIO(bytes(rendered)))
    image.load()
    return image


class _Unusable(Exception):
    """The image cannot give icons; the message says why."""


def _check_svg(source: Path) -> None:
    """An SVG must parse and be square (its own size or viewBox): a wide logo would be squashed."""
    try:
        width, height = _svg_image(source).size
    except (ValueError, OSError) as error:
        raise _Unusable(f"cannot read the SVG: {error}") from None
    if width != height:
        raise _Unusable(f"the SVG is {width}×{height}: an icon must be square (set a square viewBox)")


def _open_png(source: Path) -> Image.Image:
    try:
        image = Image.open(source)
        image.load()  # a truncated or corrupt file fails here, not at the first resize
    except UnidentifiedImageError:  # its message is the absolute path alone
        raise _Unusable("cannot read the image: it is no image format Pillow knows, or a corrupt one") from None
    except (OSError, ValueError, Image.DecompressionBombError) as error:
        raise _Unusable(f"cannot read the image: {error}") from None
    if image.format != "PNG":
        raise _Unusable(f"the file is {image.format or 'not an image'}, not PNG: give a PNG or an SVG")
    width, height = image.size
    if width != height:
        raise _Unusable(f"the image is {width}×{height} pixels: an icon must be square")
    return image


def draw_icons(source: Path, sizes: list[int], project_dir: Path, shown: str, key: str = "icon") -> DrawnIcons:
    """The PNG of each size drawn from `source` into `.xtk/icons/`, or taken from there when the same image drew
    them before. `shown` is the image's path as the user reads it, `key` the config key naming it: a corrupt,
    unreadable or non-square image is a ProjectError (exit 1) naming both; a PNG smaller than the largest size is
    a warning (it is scaled up, blurred)."""
    folder = icons_folder(project_dir)
    files = {size: folder / f"icon-{size}.png" for size in sizes}
    stamp = {
        "format": STAMP_FORMAT,
        "source": file_sha256(source),
        "sizes": sizes,
        "pillow": pillow_version,
        "resvg": resvg_py.__version__,
    }
    stamp_path = folder / "stamp.json"
    previous = _read_stamp(stamp_path)
    if previous.get("stamp") == stamp and all(path.is_file() for path in files.values()):
        return DrawnIcons(files, [_warning(message, shown, key) for message in previous.get("warnings", [])])

    messages: list[str] = []
    try:
        if source.suffix.lower() in _SVG_SUFFIXES:
            _check_svg(source)
            drawn = draw_svg(source, sizes)
        else:
            image = _open_png(source)
            largest = max(sizes)
            if image.width < largest:
                messages.append(
                    f"the image is {image.width}×{image.height} pixels, smaller than the {largest}×{largest} icon "
                    f"drawn from it: it is scaled up and looks blurred (use an SVG, or a PNG of {largest} px or more)"
                )
            drawn = draw_png(image, sizes)
    except _Unusable as problem:
        raise ProjectError([Diagnostic("error", str(problem), path=shown, key=key)]) from None

    make_folder(folder, project_dir)
    confine(stamp_path, project_dir).unlink(missing_ok=True)  # a build stopped half-way draws again
    for size, data in drawn.items():
        _write_bytes(files[size], data, project_dir)
    _write_bytes(stamp_path, json.dumps({"stamp": stamp, "warnings": messages}).encode("utf-8"), project_dir)
    return DrawnIcons(files, [_warning(message, shown, key) for message in messages])


def _warning(message: str, shown: str, key: str) -> Diagnostic:
    return Diagnostic("warning", message, path=shown, key=key)


def _read_stamp(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_bytes(path: Path, data: bytes, project_dir: Path) -> None:
    """Written whole or not at all (a temporary file renamed over the old one)."""
    confine(path, project_dir)
    temporary = confine(path.with_name(f".{path.name}.part"), project_dir)
    temporary.write_bytes(data)
    temporary.replace(path)
