"""The lint path imports only what a lint of its project needs: the build pipeline it runs does not import Pillow
and resvg (≈ 15 ms) unless the project draws its icons from one image (`icon` in xtk.toml)."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
import toolchain.builder.pipeline
import toolchain.lint.project_targets
print(",".join(sorted(name for name in ("PIL", "resvg_py", "toolchain.tools.icons") if name in sys.modules)))
"""


def test_the_lint_and_build_path_does_not_import_the_icon_drawing() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == ""
