"""`xtk golden check` of DocMind against its committed vectors, with the real corpus (../shared/corpus/pages).

Regenerates all ~6,300 cases in memory (about 10 s) and requires byte-identical files: no case skipped.
"""

from __future__ import annotations

import pytest

from tests.unit.golden.conftest import docmind
from toolchain.golden.commands import check

pytestmark = pytest.mark.corpus


def test_committed_golden_files_match_regeneration() -> None:
    corpus = docmind().corpus  # [golden] corpus in xtk.toml: ../shared/corpus/pages
    if corpus is None or not corpus.is_dir():
        pytest.skip(f"corpus pages not found at {corpus}")
    report = check(docmind())
    assert report.corpus_available
    assert report.ok, "\n".join(d.format() for d in report.differences[:30])
    assert not any(report.summary.corpus_skipped.values())
    assert report.summary.by_source()["corpus"] > 2000
    assert not any(report.summary.corpus_dropped.values()), report.summary.corpus_dropped
