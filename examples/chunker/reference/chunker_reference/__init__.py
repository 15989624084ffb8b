"""The chunker example's Python reference (seed 002 §3, §6): the authority its TypeScript runtime is checked against.

`FUNCTIONS` is what `xtk golden` and `xtk conform` read (xtk's docs/golden.md): `chunkTree(tree)`, the chunks of a
page's simplified DOM tree, `chunkTreeDigest(tree)`, the same with page text replaced by digests (the corpus
vectors may not hold the pages' text), and `persistenceRecord(chunks, model)`, what the key of a page's saved
vector database digests. `golden_sources()` gives the corpus cases and the argument domain.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from chunker_reference.chunker import chunk_tree, chunk_tree_digest
from chunker_reference.persistence import persistence_record


@dataclass(frozen=True)
class Function:
    parameters: tuple[str, ...]
    summary: str
    implementation: Callable[..., Any]

    def __call__(self, arguments: Mapping[str, Any]) -> Any:
        return self.implementation(*(arguments[name] for name in self.parameters))


FUNCTIONS = {
    "chunkTree": Function(
        ("tree",), "the heading-hierarchy chunks of a simplified DOM tree (seed 002 §3.1)", chunk_tree
    ),
    "chunkTreeDigest": Function(("tree",), "chunkTree with page text as <length>:<FNV-1a> digests", chunk_tree_digest),
    "persistenceRecord": Function(
        ("chunks", "model"),
        "the JSON the key of a page's saved vector database is the SHA-256 of (model and chunks)",
        persistence_record,
    ),
}


def golden_sources() -> ModuleType:
    """The corpus cases, corpus references and argument domain, for xtk."""
    from chunker_reference import golden

    return golden


__all__ = ["FUNCTIONS", "golden_sources"]
