"""The lint graph cache (toolchain/lint/graph_cache.py): after an edit that changes no import, a project lint reuses
its last lint build's targets and reads the sources again; an import changed, any other file changed, a source
esbuild refuses or --no-cache builds anew, with the verdicts a full lint gives.

Reuse is told apart from a build by a permission planted in the stored manifests: a reused target shows it (XP002
or XP003 on `alarms`), a build cannot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import copy_flagship, run_xtk
from toolchain.lint.graph_cache import import_signature

pytestmark = pytest.mark.node  # every test lints a copy of DocMind, which builds it with esbuild

POPUP = Path("extension_src") / "src" / "popup" / "index.ts"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = copy_flagship(tmp_path / "docmind")
    first = run_xtk("lint", cwd=folder)
    assert first.code == 0, first.output
    graph = folder / ".xtk" / "lint-graph.json"
    data = json.loads(graph.read_text())
    for target in data["targets"]:
        target["manifest"].setdefault("permissions", []).append("alarms")
    graph.write_text(json.dumps(data))
    return folder


def edit(project: Path, text: str) -> None:
    source = project / POPUP
    source.write_text(source.read_text() + text)


def test_an_edit_that_changes_no_import_reuses_the_targets_and_reads_the_source_again(project: Path) -> None:
    edit(project, "// xtk-ignore[XS001]\nexport const edited = 1;\n")
    result = run_xtk("lint", cwd=project)
    assert "alarms" in result.output  # the stored targets: no build ran
    assert "XL001" in result.stdout and "popup/index.ts" in result.stdout  # the edited source, read again


@pytest.mark.parametrize(
    "change",
    [
        "import '../shared/matching';\n",  # a new import: the graph may differ
        "export { normalizeForMatching } from '../shared/normalize';\n",
    ],
)
def test_an_import_changed_builds_again(project: Path, change: str) -> None:
    edit(project, change)
    result = run_xtk("lint", cwd=project)
    assert "alarms" not in result.output, result.output


@pytest.mark.parametrize("name", ["xtk.toml", "extension_src/src/popup/index.html", "extension_src/package.json"])
def test_any_other_file_changed_builds_again(project: Path, name: str) -> None:
    changed = project / name
    changed.write_text(changed.read_text() + ("\n# a comment\n" if name.endswith(".toml") else "\n"))
    assert "alarms" not in run_xtk("lint", cwd=project).output


def test_a_source_esbuild_refuses_gets_the_full_build_and_its_verdict(project: Path) -> None:
    edit(project, "let twice = 1;\nlet twice = 2;\nexport { twice };\n")  # tree-sitter reads it; esbuild does not
    source = (project / "extension_src" / "src" / "popup" / "index.ts").read_text().splitlines()
    line = source.index("let twice = 2;") + 1
    result = run_xtk("lint", cwd=project)
    assert result.code == 1 and "alarms" not in result.output
    assert f'popup/index.ts:{line}:5: error: [chrome] The symbol "twice" has already been declared' in result.output
    fresh = run_xtk("lint", "--no-cache", cwd=project)
    assert (fresh.code, fresh.output) == (result.code, result.output)  # the verdict a full lint gives


def test_no_cache_builds_anew(project: Path) -> None:
    edit(project, "export const edited = 2;\n")
    assert "alarms" not in run_xtk("lint", "--no-cache", cwd=project).output


def test_the_import_signature_sees_every_way_of_naming_a_module() -> None:
    base = import_signature(b"const a = 1;\n")
    assert import_signature(b"const a = 2; // a comment\n") == base
    for line in (
        b"import x from './x';",
        b"import './side-effect';",
        b"export * from './all';",
        b"const m = await import(`./locales/${lang}.js`);",
        b"const c = require('./c');",
        b"const w = new URL('./worker.js', import.meta.url);",
        b"/// <reference path='./types.d.ts' />",
    ):
        assert import_signature(b"const a = 1;\n" + line) != base, line
