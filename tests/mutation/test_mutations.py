"""The mutation suite: every seeded defect (tests/mutation/mutations.py) applied to a copy of DocMind is reported
with its own rule code — and with nothing else — while the clean flagship lints with no finding at all."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import copy_flagship
from tests.mutation.mutations import MUTATIONS, PREVIOUS_RELEASE, Mutation
from toolchain.lint import catalog

pytestmark = pytest.mark.node


def lint(project_dir: Path) -> list:
    """The project's findings; with a `previous-release/` folder beside xtk.toml, as `--against` it (XP013)."""
    from toolchain.lint.engine import run_rules
    from toolchain.lint.previous_release import load_previous_release
    from toolchain.lint.project_targets import project_context
    from toolchain.project import load_project

    context = project_context(load_project(project_dir))
    if (project_dir / PREVIOUS_RELEASE).is_dir():
        context.previous_release = load_previous_release(project_dir / PREVIOUS_RELEASE)
    return run_rules(context, [], [])


def regenerate_protocol(project_dir: Path) -> None:
    from toolchain.files import write_if_changed
    from toolchain.project import load_project
    from toolchain.protocol.codegen import generate
    from toolchain.protocol.project import load_project_protocol

    loaded = load_project_protocol(load_project(project_dir))
    write_if_changed(loaded.generated, generate(loaded.protocol), inside=project_dir)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_flagship(tmp_path_factory.mktemp("pristine") / "docmind")


def test_the_clean_flagship_has_no_findings(pristine: Path) -> None:
    assert lint(pristine) == []


def test_there_are_at_least_40_mutations_covering_every_rule() -> None:
    from toolchain.lint.registry import all_rules

    assert len(MUTATIONS) >= 40
    assert len({m.id for m in MUTATIONS}) == len(MUTATIONS)
    # a rule for plain extensions only (XL010, XL012) cannot fire on a project
    assert {r.code for r in all_rules() if r.applies_to != "extension"} <= {m.code for m in MUTATIONS}


@pytest.mark.parametrize("mutation", MUTATIONS, ids=[f"{m.code}-{m.id}" for m in MUTATIONS])
def test_each_mutation_is_reported_with_its_code_and_nothing_else(
    mutation: Mutation, pristine: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "docmind"
    shutil.copytree(pristine, copy, symlinks=True, ignore=shutil.ignore_patterns(".xtk", "build"))
    for edit in mutation.edits:
        edit(copy)
    if mutation.regenerate_protocol:
        regenerate_protocol(copy)
    findings = lint(copy)
    codes = Counter(f.code for f in findings)
    shown = "\n".join(f"{f.code} {f.path}:{f.line} [{f.browser}] {f.message}" for f in findings)
    assert codes[mutation.code] >= 1, f"{mutation.description}: not caught\n{shown}"
    assert set(codes) == {mutation.code}, f"{mutation.description}: other codes too\n{shown}"
    wrong = [f for f in findings if f.severity != catalog.severity(f.code)]
    assert not wrong, f"severities that are not the catalog's: {wrong}"
