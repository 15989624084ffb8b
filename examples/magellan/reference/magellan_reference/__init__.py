"""Magellan's Python reference (examples/magellan): the seed's extraction rules, the authority the golden vectors
come from. `xtk golden` and `xtk conform` load it through `[golden]` in examples/magellan/xtk.toml.

- `extractElements(tree)`: the identified elements, `[{"id", "node", "text"}]` (rules.extract_elements);
- `extractionDigest(tree)`: the same extraction without page text — nodes, lengths and the full text's
  fingerprint (rules.extraction_digest); the corpus cases use it, so no page text enters the repository;
- `citedIds(answer, knownIds, limit)`: the element ids a model's answer cites (citations.cited_ids).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from magellan_reference import citations, rules


@dataclass(frozen=True)
class Function:
    parameters: tuple[str, ...]
    summary: str
    implementation: Callable[..., Any]

    def __call__(self, arguments: Mapping[str, Any]) -> Any:
        return self.implementation(*(arguments[name] for name in self.parameters))


FUNCTIONS = {
    "extractElements": Function(
        ("tree",), "the seed's selectors, visibility, 15-2500 units, duplicates, mgl-node-N ids", rules.extract_elements
    ),
    "extractionDigest": Function(
        ("tree",), "the extraction's nodes, lengths and full-text fingerprint (no page text)", rules.extraction_digest
    ),
    "citedIds": Function(
        ("answer", "knownIds", "limit"),
        "the mgl-node-N ids an answer cites: known, once, at most limit",
        citations.cited_ids,
    ),
}


def golden_sources() -> ModuleType:
    from magellan_reference import golden

    return golden
