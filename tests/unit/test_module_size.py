"""No hand-written toolchain module is over ~800 lines: a newcomer reads any one of them in a sitting."""

from __future__ import annotations

from tests.conftest import REPO

MAX_LINES = 800
SUFFIXES = {".py", ".mjs", ".ts"}


def test_no_toolchain_module_is_over_800_lines() -> None:
    sizes = {
        path.relative_to(REPO).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in (REPO / "toolchain").rglob("*")
        if path.suffix in SUFFIXES and "node_modules" not in path.parts and "__pycache__" not in path.parts
    }
    assert "toolchain/cli/__init__.py" in sizes and "toolchain/analysis/walker.py" in sizes  # the walk found them
    assert {name: lines for name, lines in sizes.items() if lines > MAX_LINES} == {}
