"""Recall's Python reference (examples/recall, seed 001): the seed's tokenizer and stemmer, TF-IDF keyword search,
Reciprocal Rank Fusion and regex intent classification — the authority the golden vectors come from. `xtk golden`
and `xtk conform` load it through `[golden]` in examples/recall/xtk.toml; the runtime is src/shared/.

- `tokenize(text)`, `stem(word)`: text.tokenize, text.stem;
- `keywordSearch(query, pages, topK)`: search.keyword_search;
- `reciprocalRankFusion(rankings, k, topK)`: search.reciprocal_rank_fusion;
- `semanticSearch(query, pages, topK, minSimilarity)`: search.semantic_search (cosine similarity, best passage);
- `classifyIntent(query)`: intent.classify_intent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from recall_reference import intent, search, text


@dataclass(frozen=True)
class Function:
    parameters: tuple[str, ...]
    summary: str
    implementation: Callable[..., Any]

    def __call__(self, arguments: Mapping[str, Any]) -> Any:
        return self.implementation(*(arguments[name] for name in self.parameters))


FUNCTIONS = {
    "tokenize": Function(("text",), "lower-cased [a-z0-9] runs without stop words", text.tokenize),
    "stem": Function(("word",), "Porter's stem of a token (two letters or fewer unchanged)", text.stem),
    "keywordSearch": Function(
        ("query", "pages", "topK"), "TF-IDF with field weights, phrase and domain bonuses", search.keyword_search
    ),
    "reciprocalRankFusion": Function(
        ("rankings", "k", "topK"), "sum of 1/(k+rank) over rankings, ties by first seen", search.reciprocal_rank_fusion
    ),
    "semanticSearch": Function(
        ("query", "pages", "topK", "minSimilarity"),
        "pages by their best passage's cosine similarity, at least minSimilarity, ties by first met",
        search.semantic_search,
    ),
    "classifyIntent": Function(
        ("query",), "the seed's weighted regex patterns and confidence formula", intent.classify_intent
    ),
}


def golden_sources() -> ModuleType:
    from recall_reference import golden

    return golden
