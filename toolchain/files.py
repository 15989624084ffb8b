"""Small file helpers shared by the build steps (esbuild's generated inputs, the env types tsc reads)."""

from __future__ import annotations

from pathlib import Path


def write_if_changed(path: Path, text: str) -> Path:
    """Rewrite only on change, so editors and tsc do not see a new file on every build."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path
