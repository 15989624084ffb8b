"""The seed's keyword search (lib/search/KeywordSearch.ts) and Reciprocal Rank Fusion (lib/search/HybridSearch.ts).

keywordSearch(query, pages, topK): TF-IDF over each page's fields with the seed's FIELD_WEIGHTS,

    score = sum over query terms t, fields f of  tf(t, f) * idf(t) * FIELD_WEIGHTS[f]
    tf(t, f) = count of t in f's terms / number of f's terms          (0 for a field without terms)
    idf(t)   = ln(1 + N / (1 + df(t)))                                 (N pages, df: pages with t in any field)

then the seed's bonuses: x2.0 when the query's words (two or more, stop words included) appear as a phrase in the
title, summary, passages or content; x1.5 when a query token is a label of the URL's host. Pages scoring 0 are left
out; the rest sorted by score (ties: input order), the first topK returned with the score rounded to 6 decimals
(JavaScript's Math.round: half up) and the matched terms in query order. The seed gives the formula's shape, not
tf's and idf's exact forms: these are ours (specs/recall.md).

reciprocalRankFusion(rankings, k, topK): each ranking is a list of ids, best first; an id's score is the sum over
the rankings holding it of 1 / (k + rank), rank counted from 1 at its first place in that ranking. Sorted by score,
ties by the order ids were first met (ranking by ranking); each result keeps its rank in every ranking (null where
absent).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any

from recall_reference.text import terms, tokenize, words

FIELD_WEIGHTS = {"title": 3.0, "url": 2.0, "summary": 1.5, "passages": 1.5, "content": 1.0}
PHRASE_BONUS = 2.0
DOMAIN_BONUS = 1.5
RRF_CONSTANT = 60

_HOST = re.compile(r"^[a-z][a-z0-9+.\-]*://([^/?#]*)")


def host_labels(url: str) -> list[str]:
    """The labels of a URL's host, read without a URL parser (userinfo and port dropped): the same in every engine."""
    found = _HOST.match(url.lower())
    if found is None:
        return []
    host = found.group(1).rsplit("@", 1)[-1]
    host = re.sub(r":[0-9]*$", "", host)
    return [label for label in host.split(".") if label]


def _fields(page: dict[str, Any]) -> dict[str, list[str]]:
    return {
        "title": terms(page["title"]),
        "url": terms(page["url"]),
        "summary": terms(page["summary"]),
        "passages": terms(" ".join(page["passages"])),
        "content": terms(page["content"]),
    }


def round6(value: float) -> float:
    """JavaScript's Math.round(value * 1e6) / 1e6 (half up, as Python's round() is not)."""
    return math.floor(value * 1e6 + 0.5) / 1e6


def keyword_search(query: str, pages: list[dict[str, Any]], top_k: int) -> list[dict[str, Any]]:
    query_terms = list(dict.fromkeys(terms(query)))
    if not query_terms or not pages:
        return []
    fields = [_fields(page) for page in pages]
    counts = [{name: Counter(field) for name, field in page_fields.items()} for page_fields in fields]
    document_frequency = {
        term: sum(1 for page in counts if any(term in c for c in page.values())) for term in query_terms
    }
    total = len(pages)
    phrase_words = words(query)
    query_tokens = set(tokenize(query))
    scored = []
    for index, page in enumerate(pages):
        score = 0.0
        matched = []
        for term in query_terms:
            idf = math.log(1 + total / (1 + document_frequency[term]))
            found = False
            for name in FIELD_WEIGHTS:
                size = len(fields[index][name])
                count = counts[index][name][term]
                if count:
                    found = True
                    score += (count / size) * idf * FIELD_WEIGHTS[name]
            if found:
                matched.append(term)
        if score <= 0:
            continue
        if len(phrase_words) >= 2:
            text = " ".join([page["title"], page["summary"], *page["passages"], page["content"]])
            if f" {' '.join(phrase_words)} " in f" {' '.join(words(text))} ":
                score *= PHRASE_BONUS
        if query_tokens.intersection(host_labels(page["url"])):
            score *= DOMAIN_BONUS
        scored.append((score, index, {"id": page["id"], "score": round6(score), "matchedTerms": matched}))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [result for _, _, result in scored[:top_k]]


def reciprocal_rank_fusion(rankings: list[list[str]], k: int, top_k: int) -> list[dict[str, Any]]:
    order: list[str] = []
    scores: dict[str, float] = {}
    ranks: dict[str, list[int | None]] = {}
    for which, ranking in enumerate(rankings):
        seen: set[str] = set()
        for position, item in enumerate(ranking):
            if item in seen:
                continue
            seen.add(item)
            if item not in scores:
                order.append(item)
                scores[item] = 0.0
                ranks[item] = [None] * len(rankings)
            scores[item] += 1 / (k + position + 1)
            ranks[item][which] = position + 1
    fused = sorted(range(len(order)), key=lambda n: (-scores[order[n]], n))
    return [{"id": order[n], "score": scores[order[n]], "ranks": ranks[order[n]]} for n in fused[:top_k]]


def cosine_similarity(a: list[float], b: list[float]) -> float:
    """The seed's cosineSimilarity, summed in index order; 0 when a vector is all zeros or the lengths differ."""
    if len(a) != len(b):
        return 0.0
    dot = norm_a = norm_b = 0.0
    for x, y in zip(a, b, strict=True):
        dot += x * y
        norm_a += x * x
        norm_b += y * y
    if norm_a == 0 or norm_b == 0:
        return 0.0
    return dot / (math.sqrt(norm_a) * math.sqrt(norm_b))


def semantic_search(
    query: list[float], pages: list[dict[str, Any]], top_k: int, min_similarity: float
) -> list[dict[str, Any]]:
    """Each page by its best passage's cosine similarity (first of equals), at `min_similarity` or above, best first
    (ties: the page met first), cut to `top_k`."""
    hits: list[tuple[float, int, dict[str, Any]]] = []
    for index, page in enumerate(pages):
        best: dict[str, Any] | None = None
        for passage, vector in enumerate(page["vectors"]):
            similarity = cosine_similarity(query, vector)
            if best is None or similarity > best["similarity"]:
                best = {"id": page["id"], "similarity": similarity, "passage": passage}
        if best is not None and best["similarity"] >= min_similarity:
            hits.append((-best["similarity"], index, best))
    hits.sort(key=lambda hit: (hit[0], hit[1]))
    return [hit for _, _, hit in hits[:top_k]]
