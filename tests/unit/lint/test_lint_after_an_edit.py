"""A whole lint of DocMind after a source edit (the result cache misses) neither imports Jinja2 nor jsonschema:
the manifests, env.d.ts and the protocol module's template text come from `.xtk/rendered/`, and manifests that
passed their schema from `.xtk/manifest-verdicts/` — with the findings of a lint that rendered and validated all."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import copy_flagship

pytestmark = pytest.mark.node  # lints a copy of DocMind, which builds it with esbuild

#: `xtk lint --no-cache --format json` in-process, then the heavy modules it imported, on stderr
PROBE = """
import sys
from toolchain.cli import main
sys.argv = ["xtk", "lint", "--no-cache", "--format", "json"]
try:
    main(standalone_mode=False)
finally:
    sys.stdout.flush()
    heavy = sorted(name for name in ("jinja2", "jsonschema") if name in sys.modules)
    sys.stderr.write("IMPORTED " + ",".join(heavy) + "\\n")
"""


def _lint(project: Path) -> tuple[list[dict[str, object]], list[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=project, capture_output=True, text=True, timeout=120)
    imported = next(line for line in done.stderr.splitlines() if line.startswith("IMPORTED "))
    return json.loads(done.stdout), [name for name in imported.removeprefix("IMPORTED ").split(",") if name]


def test_a_lint_after_an_edit_renders_and_validates_nothing_again(tmp_path: Path) -> None:
    project = copy_flagship(tmp_path / "docmind")
    first, imported_first = _lint(project)
    assert imported_first == ["jinja2", "jsonschema"]  # from scratch: everything rendered and validated
    source = project / "extension_src" / "src" / "popup" / "view.ts"
    source.write_text(source.read_text(encoding="utf-8") + "// edited\n", encoding="utf-8")
    second, imported_second = _lint(project)
    assert imported_second == []
    assert second == first


def test_a_manifest_change_is_validated_again(tmp_path: Path) -> None:
    project = copy_flagship(tmp_path / "docmind")
    _lint(project)
    config = project / "xtk.toml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace('version = "', 'version = "9', 1), encoding="utf-8")
    _, imported = _lint(project)
    assert imported == ["jinja2", "jsonschema"]
    built = json.loads((project / ".xtk" / "lint-build" / "chrome" / "manifest.json").read_text(encoding="utf-8"))
    assert built["version"] == "92.2.0"
