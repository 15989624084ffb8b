"""Every finding xtk lint emits has its code's severity from the catalog (toolchain/lint/catalog.py): linted over every
lint fixture (projects, plain extensions, the seed architectures), every rule selected. DocMind itself lints clean
(test_docmind.py); its mutation copies are checked in tests/mutation/test_mutations.py."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.unit.lint.rules.support import FIXTURES, lint_extension
from toolchain.lint import catalog
from toolchain.lint.engine import run_rules

PROJECTS = sorted(p.name for p in (FIXTURES / "projects").iterdir() if p.is_dir())
EXTENSIONS = sorted(p.name for p in (FIXTURES / "extensions").iterdir() if p.is_dir() and p.name != "odd-manifest")
SEEDS = sorted(p.name for p in (FIXTURES / "seeds").iterdir() if p.is_dir())


def mismatches(findings: list) -> list[str]:
    return [
        f"{f.code} {f.severity} (catalog: {catalog.severity(f.code)}) {f.path}:{f.line}"
        for f in findings
        if f.severity != catalog.severity(f.code)
    ]


@pytest.mark.parametrize("name", PROJECTS)
def test_project_fixtures(project, name: str) -> None:
    found = run_rules(project(name), [], [])
    assert found, f"{name}: the fixture should have findings"
    assert not mismatches(found)


@pytest.mark.parametrize("name", EXTENSIONS)
def test_extension_fixtures(extension, name: str) -> None:
    assert not mismatches(run_rules(extension(name), [], []))


@pytest.mark.parametrize("name", SEEDS)
def test_seed_fixtures(name: str) -> None:
    assert not mismatches(run_rules(lint_extension(FIXTURES / "seeds" / name), [], []))


def test_both_severities_and_the_split_codes_are_covered(project, extension) -> None:
    """The fixtures exercise errors and warnings, including both codes of each split (XS001/XS007, XP005/XP008)."""
    found = [f for name in PROJECTS for f in run_rules(project(name), [], [])]
    found += [f for name in EXTENSIONS for f in run_rules(extension(name), [], [])]
    found += [f for name in SEEDS for f in run_rules(lint_extension(FIXTURES / "seeds" / name), [], [])]
    codes = Counter(f.code for f in found)
    assert {"XS001", "XS007", "XP005", "XP008", "XL001", "XL002"} <= set(codes)
    assert {f.severity for f in found} == {"error", "warning"}
