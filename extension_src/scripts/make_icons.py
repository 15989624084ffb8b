"""Draw DocMind's toolbar and store icons (16, 32, 48, 128 px) as PNG, with the standard library only.

The mark: a page with lines of text on a slate tile, one line highlighted in amber — DocMind answers from
the page and highlights its sources. Run from extension_src/: `python3 scripts/make_icons.py`; the PNGs
are committed under public/icons/.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

SIZES = (16, 32, 48, 128)
SUPERSAMPLE = 8
TILE = (30, 41, 59)  # slate
PAGE = (248, 250, 252)
INK = (100, 116, 139)
HIGHLIGHT = (245, 158, 11)  # amber


def _rounded_rect(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _color_at(u: float, v: float) -> tuple[int, int, int, int]:
    """The icon on the unit square: (u, v) in [0, 1)."""
    if not _rounded_rect(u, v, 0.0, 0.0, 1.0, 1.0, 0.2):
        return (0, 0, 0, 0)
    page = (0.2, 0.14, 0.8, 0.86)
    if _rounded_rect(u, v, *page, 0.06):
        lines = [(0.27, 0.62), (0.41, 0.72), (0.55, 0.66), (0.69, 0.56)]
        for i, (top, right) in enumerate(lines):
            if top <= v <= top + 0.075 and 0.3 <= u <= right:
                return (*HIGHLIGHT, 255) if i == 1 else (*INK, 255)
        if 0.385 <= v <= 0.525 and 0.26 <= u <= 0.76 and not (0.41 <= v <= 0.485):
            return (*HIGHLIGHT, 110) if 0.3 <= u <= 0.72 else (*PAGE, 255)
        return (*PAGE, 255)
    return (*TILE, 255)


def render(size: int) -> bytes:
    rows = []
    n = SUPERSAMPLE
    for y in range(size):
        row = bytearray([0])  # filter: none
        for x in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(n):
                for sx in range(n):
                    r, g, b, a = _color_at((x + (sx + 0.5) / n) / size, (y + (sy + 0.5) / n) / size)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            alpha = acc[3] / (n * n)
            rgb = [round(c / acc[3]) if acc[3] else 0 for c in acc[:3]]
            row += bytes([*rgb, round(alpha)])
        rows.append(bytes(row))
    return _png(size, size, b"".join(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "public" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        (out / f"icon-{size}.png").write_bytes(render(size))
        print(f"wrote {out / f'icon-{size}.png'}")


if __name__ == "__main__":
    main()
