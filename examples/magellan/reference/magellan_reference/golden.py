"""Magellan's golden case sources (docs/golden.md, "The reference module"): the corpus pages as trees, seeded
property trees, and the argument domain.

A corpus case's tree is `{"$corpus": {"page": "wikipedia-3.html"}}`: the page's body as snapshot.py builds it from
the saved page in the corpus folder, which is read, never copied. Only `extractionDigest` gets corpus cases (its
result holds no page text).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from magellan_reference import rules
from magellan_reference.snapshot import snapshot_file


@dataclass(frozen=True)
class Case:
    id: str
    description: str
    arguments: dict[str, Any]
    source: str


@dataclass
class CorpusCases:
    cases: dict[str, list[Case]] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    pages: int = 0


def _pages(root: Path) -> list[Path]:
    return sorted(root.glob("*.html"))


def corpus_available(root: Path) -> bool:
    return root.is_dir() and bool(_pages(root))


def resolve_corpus(spec: Any, root: Path) -> Any:
    if not isinstance(spec, dict) or set(spec) != {"page"} or not isinstance(spec["page"], str):
        raise ValueError('a corpus reference is {"page": "<file>.html"}')
    page = root / spec["page"]
    if "/" in spec["page"] or not page.is_file():
        raise ValueError(f"no page {spec['page']!r} in the corpus")
    return _tree(page)


@lru_cache(maxsize=4)
def _tree(page: Path) -> dict[str, Any]:
    return snapshot_file(page)


def corpus_cases(root: Path, functions: Iterable[str], pages: Iterable[str] | None = None) -> CorpusCases:
    wanted = set(pages) if pages is not None else None
    found = CorpusCases()
    selected = [p for p in _pages(root) if wanted is None or p.name in wanted]
    found.pages = len(selected)
    if "extractionDigest" in functions:
        found.cases["extractionDigest"] = [
            Case(
                f"extractionDigest/corpus/{page.stem}",
                f"{page.name}: its body as snapshot.py reads the saved page",
                {"tree": {"$corpus": {"page": page.name}}},
                "corpus",
            )
            for page in selected
        ]
    return found


def case_problems(function: str, arguments: Mapping[str, Any]) -> list[tuple[str, str]]:
    if function == "citedIds":
        return _cited_ids_problems(arguments)
    return rules.tree_problems(arguments["tree"], "/tree")


def _cited_ids_problems(arguments: Mapping[str, Any]) -> list[tuple[str, str]]:
    problems = []
    if not isinstance(arguments["answer"], str):
        problems.append(("/answer", "must be a string"))
    known = arguments["knownIds"]
    if not isinstance(known, list) or not all(isinstance(item, str) for item in known):
        problems.append(("/knownIds", "must be a list of strings"))
    limit = arguments["limit"]
    if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 100:
        problems.append(("/limit", "must be a whole number from 0 to 100"))
    return problems


def describe(function: str) -> str:
    return {
        "extractElements": "Golden vectors of extractElements(tree): Magellan's extraction rules (seed 004) over a "
        "simplified DOM tree; examples/magellan/specs/extraction.md.",
        "extractionDigest": "Golden vectors of extractionDigest(tree): the extraction's nodes, lengths and FNV-1a "
        "fingerprint of its full text; corpus cases read the saved pages, never copied.",
        "citedIds": "Golden vectors of citedIds(answer, knownIds, limit): the mgl-node-N ids a model's answer "
        "cites (seed 004, Citation Extraction); examples/magellan/reference/magellan_reference/citations.py.",
    }[function]


# --- property trees ---------------------------------------------------------------------------------------------

PROPERTY_COUNTS = {"extractElements": 150, "extractionDigest": 50, "citedIds": 150}
TAGS = [
    "p",
    "div",
    "span",
    "li",
    "ul",
    "h2",
    "section",
    "article",
    "main",
    "aside",
    "nav",
    "td",
    "pre",
    "b",
    "a",
    "blockquote",
    "form",
    "x-card",
]
WORDS = [
    "magellan",
    "strait",
    "pacific",
    "voyage",
    "ship",
    "crew",
    "a",
    "map",
    "\u00e9t\u00e9",
    "\U0001f9ed",
    "\U00020000",
    "na\u0308ve",
    "\u00a0",
    "\u200b",
    "\t",
    "\n",
    "\f",
    "  ",
    "\ud800",
    "\udc00",
]


def _below(rng: random.Random, n: int) -> int:
    return int(rng.random() * n)


def _text(rng: random.Random, repeat: list[str]) -> str:
    if repeat and rng.random() < 0.2:
        return repeat[_below(rng, len(repeat))]
    words = [WORDS[_below(rng, len(WORDS))] for _ in range(1 + _below(rng, 12))]
    text = " ".join(words)
    if rng.random() < 0.05:
        text = text * (1 + _below(rng, 300))  # long: around and past 2,500 units
    repeat.append(text)
    return text


def _element(rng: random.Random, depth: int, repeat: list[str]) -> dict[str, Any]:
    tag = TAGS[_below(rng, len(TAGS))]
    element: dict[str, Any] = {
        "tag": tag,
        "block": tag not in ("span", "b", "a", "x-card") or rng.random() < 0.1,
        "children": [],
    }
    if rng.random() < 0.15:
        element["hidden"] = rules.HIDDEN_REASONS[_below(rng, len(rules.HIDDEN_REASONS))]
    for _ in range(_below(rng, 5 if depth < 4 else 1) + (1 if depth == 0 else 0)):
        if rng.random() < 0.5:
            element["children"].append(_text(rng, repeat))
        else:
            element["children"].append(_element(rng, depth + 1, repeat))
    return element


ANSWER_PIECES = [
    "mgl-node-",
    "[",
    "]",
    ", ",
    " ",
    "-",
    "_",
    "x",
    "0",
    "1",
    "7",
    "12",
    "\u0661",
    "\U0001f9ed",
    "\ud800",
    "\n",
    "node",
    "mgl",
]


def _cited_ids_case(rng: random.Random) -> dict[str, Any]:
    pieces = []
    for _ in range(1 + _below(rng, 30)):
        if rng.random() < 0.3:
            pieces.append(f"[mgl-node-{_below(rng, 12)}]")
        else:
            pieces.append(ANSWER_PIECES[_below(rng, len(ANSWER_PIECES))])
    known = [f"mgl-node-{n}" for n in range(_below(rng, 10))]
    return {"answer": "".join(pieces), "knownIds": known, "limit": _below(rng, 6)}


def property_cases(function: str, count: int | None) -> list[Case]:
    total = PROPERTY_COUNTS.get(function, 0) if count is None else count
    cases = []
    for n in range(total):
        rng = random.Random(zlib.crc32(f"{function}/{n}".encode()))
        if function == "citedIds":
            cases.append(
                Case(
                    f"{function}/property/{n}",
                    f"seeded answer crc32('{function}/{n}')",
                    _cited_ids_case(rng),
                    "property",
                )
            )
            continue
        tree = _element(rng, 0, [])
        tree["tag"], tree["block"] = "body", True
        cases.append(
            Case(f"{function}/property/{n}", f"seeded tree crc32('{function}/{n}')", {"tree": tree}, "property")
        )
    return cases
