"""What the two ways into a `LintContext` share: an xtk project (project_targets.py: built into `.xtk/lint-build/`)
and a plain extension (extension_targets.py: a folder or a .zip/.xpi). Either way a source file over the size limit
(`analysis.parse.size_limit`, which `xtk lint` sets for its whole run from --max-file-size) is not parsed: it is
listed in `LintContext.unanalysed` (XL004).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from toolchain.analysis.parse import too_large

SOURCE_SUFFIXES = {".ts", ".tsx", ".mts", ".js", ".mjs", ".jsx", ".cjs"}


def over_limit(paths: Iterable[Path]) -> dict[Path, int]:
    """The source files among `paths` that are over the size limit, with their sizes: they are not parsed."""
    found = {path.resolve(): too_large(path) for path in paths if path.suffix in SOURCE_SUFFIXES}
    return {path: size for path, size in found.items() if size is not None}
