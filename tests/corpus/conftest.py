"""The shared corpus sits beside the checkout (`../shared/corpus`); tests that read it skip when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

# tests/corpus/conftest.py → parents[2] is the checkout; the corpus lives next to it, never inside it.
MANIFEST_CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "manifests"


@pytest.fixture(scope="session")
def manifest_corpus() -> Path:
    """`../shared/corpus/manifests`, or a skip naming where it was looked for."""
    if not MANIFEST_CORPUS.is_dir():
        pytest.skip(f"manifest corpus not found at {MANIFEST_CORPUS}")
    return MANIFEST_CORPUS
