"""What the icons a manifest names really are: readable images, of which size (for XL020 and XL021).

Raster icons are opened with Pillow (already xtk's icon library, toolchain/tools/icons.py), which reads the header
for the size and then verifies the data; an SVG must be XML whose root is `<svg>`. Nothing is decoded beyond that:
a file over MAX_ICON_BYTES or an image over Pillow's pixel limit is reported, not opened.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from toolchain.lint.extension_paths import leaves_extension, manifest_paths

#: the image formats addons.mozilla.org takes for icons (addons-linter's IMAGE_FILE_EXTENSIONS)
ICON_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg"})
#: an icon is a few kilobytes; a larger file is not read
MAX_ICON_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class DeclaredIcon:
    pointer: str
    key_path: str
    name: str  # as the manifest writes it
    size: int | None  # the size its key declares (`"48": "icon.png"`), None for a single path


@dataclass(frozen=True)
class IconFile:
    """What is known of an icon file: its pixel size, or why it is not a usable image."""

    width: int | None = None
    height: int | None = None
    vector: bool = False
    problem: str | None = None


def declared_icons(manifest: dict[str, Any]) -> list[DeclaredIcon]:
    found = []
    for named in manifest_paths(manifest):
        if named.kind != "icon":
            continue
        last = named.pointer.rsplit("/", 1)[-1]
        found.append(DeclaredIcon(named.pointer, named.key_path, named.value, int(last) if last.isdigit() else None))
    return found


def icon_path(folder: Path, name: str) -> Path | None:
    """The file an icon name means inside `folder`, or None (outside, a URL, absent: XL007 and XL010 say so)."""
    if "://" in name or name.startswith("data:") or leaves_extension(folder, name) is not None:
        return None
    path = folder / name.split("?", 1)[0].split("#", 1)[0].lstrip("/")
    return path if path.is_file() else None


@lru_cache(maxsize=256)
def read_icon(path: Path) -> IconFile:
    suffix = path.suffix.lower()
    try:
        size = path.stat().st_size
    except OSError as error:
        return IconFile(problem=f"cannot be read ({error.strerror})")
    if size > MAX_ICON_BYTES:
        return IconFile(problem=f"is {size:,} bytes: too large to be an icon (not read)")
    if suffix == ".svg":
        return _read_svg(path)
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                width, height = image.size
                image.verify()
    except (UnidentifiedImageError, Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        return IconFile(problem=f"is not an image Firefox or Chrome can decode ({type(error).__name__})")
    except Exception as error:  # a crafted file can fail any decoder (struct.error, EOFError, IndexError...)
        return IconFile(problem=f"is a damaged image ({str(error) or type(error).__name__})")
    return IconFile(width, height)


def _read_svg(path: Path) -> IconFile:
    import xml.etree.ElementTree as ElementTree

    try:
        root = ElementTree.parse(path).getroot()
    except (ElementTree.ParseError, OSError, ValueError) as error:
        return IconFile(problem=f"is not a readable SVG ({error})")
    if root.tag.rsplit("}", 1)[-1] != "svg":
        return IconFile(problem="is not an SVG: its root element is not <svg>")
    return IconFile(vector=True)
