"""Recall's golden case sources (xtk docs/golden.md, "The reference module"): seeded property cases, corpus cases
and the argument domain.

Corpus cases are `keywordSearch` over saved pages of ../shared/corpus/pages: a page is `{"$corpus": {"page":
NAME}}`, which `resolve_corpus` reads into `{id, url, title, summary, passages, content}` (title and visible text
with the standard library's HTML parser). Queries come from a fixed vocabulary, so the vectors hold page names,
ids, scores and query stems — never the pages' text.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any


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


# --- corpus -------------------------------------------------------------------------------------------------------

_SKIPPED = {"script", "style", "noscript", "template", "svg", "head"}


class _PageText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title: list[str] = []
        self.text: list[str] = []
        self._skipping: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        elif tag in _SKIPPED:
            self._skipping.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title.append(data)
        elif not self._skipping:
            self.text.append(data)


def _pages(root: Path) -> list[Path]:
    return sorted(root.glob("*.html"))


def corpus_available(root: Path) -> bool:
    return root.is_dir() and bool(_pages(root))


@lru_cache(maxsize=16)
def _page_record(page: Path) -> dict[str, Any]:
    parser = _PageText()
    parser.feed(page.read_text(encoding="utf-8", errors="replace").lstrip("\ufeff"))
    parser.close()
    content = " ".join(" ".join(parser.text).split())
    return {
        "id": page.stem,
        "url": f"http://127.0.0.1/{page.name}",
        "title": " ".join("".join(parser.title).split()),
        "summary": content[:200],
        "passages": [],
        "content": content,
    }


def resolve_corpus(spec: Any, root: Path) -> Any:
    if not isinstance(spec, dict) or set(spec) != {"page"} or not isinstance(spec["page"], str):
        raise ValueError('a corpus reference is {"page": "<file>.html"}')
    page = root / spec["page"]
    if "/" in spec["page"] or not page.is_file():
        raise ValueError(f"no page {spec['page']!r} in the corpus")
    return _page_record(page)


QUERIES = [
    "history of the language",
    "network protocol security",
    "python programming tutorial",
    "music and film",
    "city population census",
    "science research data",
    "war and peace",
    "open source software",
    "health care insurance",
    "compare browser engines",
    "how to install",
    "climate energy policy",
]
PAGES_PER_CASE = 6


def corpus_cases(root: Path, functions: Iterable[str], pages: Iterable[str] | None = None) -> CorpusCases:
    wanted = set(pages) if pages is not None else None
    selected = [p.name for p in _pages(root) if wanted is None or p.name in wanted]
    found = CorpusCases(pages=len(selected))
    if "keywordSearch" not in functions or not selected:
        return found
    cases = []
    for n, query in enumerate(QUERIES):
        group = [selected[(n * PAGES_PER_CASE + i) % len(selected)] for i in range(PAGES_PER_CASE)]
        cases.append(
            Case(
                f"keywordSearch/corpus/{n}",
                f"{query!r} over {', '.join(dict.fromkeys(group))}",
                {"query": query, "pages": [{"$corpus": {"page": name}} for name in dict.fromkeys(group)], "topK": 10},
                "corpus",
            )
        )
    found.cases["keywordSearch"] = cases
    return found


# --- the argument domain ------------------------------------------------------------------------------------------

PAGE_KEYS = {"id", "url", "title", "summary", "passages", "content"}


def _whole(value: Any, low: int, high: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


def case_problems(function: str, arguments: Mapping[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    for name in ("text", "word", "query"):
        if function != "semanticSearch" and name in arguments and not isinstance(arguments[name], str):
            problems.append((f"/{name}", "must be a string"))
    if function == "stem" and isinstance(arguments["word"], str):
        word = arguments["word"]
        if not word or not all(c in "abcdefghijklmnopqrstuvwxyz0123456789" for c in word):
            problems.append(("/word", "must be a token: one or more of a-z and 0-9"))
    if "topK" in arguments and not _whole(arguments["topK"], 0, 1000):
        problems.append(("/topK", "must be a whole number from 0 to 1000"))
    if function == "keywordSearch":
        pages = arguments["pages"]
        if not isinstance(pages, list):
            problems.append(("/pages", "must be a list of pages"))
        else:
            for n, page in enumerate(pages):
                if not isinstance(page, dict) or set(page) != PAGE_KEYS:
                    problems.append((f"/pages/{n}", f"must be an object with exactly {sorted(PAGE_KEYS)}"))
                    continue
                for key in PAGE_KEYS - {"passages"}:
                    if not isinstance(page[key], str):
                        problems.append((f"/pages/{n}/{key}", "must be a string"))
                if not isinstance(page["passages"], list) or not all(isinstance(p, str) for p in page["passages"]):
                    problems.append((f"/pages/{n}/passages", "must be a list of strings"))
    if function == "reciprocalRankFusion":
        rankings = arguments["rankings"]
        if not isinstance(rankings, list) or not all(
            isinstance(r, list) and all(isinstance(i, str) for i in r) for r in rankings
        ):
            problems.append(("/rankings", "must be a list of lists of ids (strings)"))
        if not _whole(arguments["k"], 0, 1000):
            problems.append(("/k", "must be a whole number from 0 to 1000"))
    if function == "semanticSearch":
        problems += _semantic_problems(arguments)
    return problems


def _vector_ok(value: Any, length: int | None) -> bool:
    finite = isinstance(value, list) and all(
        not isinstance(x, bool) and isinstance(x, (int, float)) and abs(x) <= 1e6 for x in value
    )
    return finite and 1 <= len(value) <= 4096 and (length is None or len(value) == length)


def _semantic_problems(arguments: Mapping[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    query = arguments["query"]
    if not _vector_ok(query, None):
        return [("/query", "must be a list of 1 to 4096 numbers of magnitude at most 1e6")]
    pages = arguments["pages"]
    if not isinstance(pages, list):
        return [("/pages", "must be a list of pages")]
    for n, page in enumerate(pages):
        if not isinstance(page, dict) or set(page) != {"id", "vectors"} or not isinstance(page["id"], str):
            problems.append((f"/pages/{n}", 'must be an object with exactly "id" (a string) and "vectors"'))
        elif not isinstance(page["vectors"], list) or not all(_vector_ok(v, len(query)) for v in page["vectors"]):
            problems.append((f"/pages/{n}/vectors", "must be a list of vectors as long as the query"))
    minimum = arguments["minSimilarity"]
    if isinstance(minimum, bool) or not isinstance(minimum, (int, float)) or not -1 <= minimum <= 1:
        problems.append(("/minSimilarity", "must be a number from -1 to 1"))
    return problems


def describe(function: str) -> str:
    return {
        "tokenize": "Golden vectors of tokenize(text): the seed's tokenizer (lower case, [a-z0-9] runs, stop words "
        "out); examples/recall/specs/recall.md.",
        "stem": "Golden vectors of stem(word): Porter's original stemmer on one token (words of two letters or fewer "
        "unchanged).",
        "keywordSearch": "Golden vectors of keywordSearch(query, pages, topK): TF-IDF with the seed's field weights, "
        "phrase and domain bonuses; corpus cases read saved pages, never copied.",
        "reciprocalRankFusion": "Golden vectors of reciprocalRankFusion(rankings, k, topK): the seed's RRF, "
        "sum of 1/(k+rank).",
        "semanticSearch": "Golden vectors of semanticSearch(query, pages, topK, minSimilarity): the seed's cosine "
        "similarity over passage embeddings, each page by its best passage, ties by the page met first.",
        "classifyIntent": "Golden vectors of classifyIntent(query): the seed's regex intent patterns, weights and "
        "confidence formula.",
    }[function]


# --- property cases -----------------------------------------------------------------------------------------------

PROPERTY_COUNTS = {
    "tokenize": 100,
    "stem": 400,
    "keywordSearch": 80,
    "reciprocalRankFusion": 100,
    "semanticSearch": 100,
    "classifyIntent": 150,
}
WORD_POOL = [
    "search",
    "history",
    "Recall",
    "pages",
    "the",
    "and",
    "is",
    "browsing",
    "index",
    "Indexing",
    "a",
    "I",
    "r\u00e9sum\u00e9",
    "na\u0308ive",
    "\u0130stanbul",
    "\u212aelvin",
    "\U0001f50d",
    "\U00020000",
    "2024",
    "v8",
    "C++",
    "e-mail",
    "don't",
    "\u00a0",
    "\u200b",
    "\ud800",
    "\udc00",
    "\n",
    "\t",
    "vs.",
    "SEARCH",
]
STEMS = [
    "connect",
    "relat",
    "generaliz",
    "happi",
    "run",
    "hop",
    "file",
    "formal",
    "sensit",
    "adjust",
    "digit",
    "control",
    "roll",
    "agree",
    "sky",
    "fli",
    "cry",
    "oper",
    "condit",
    "electr",
    "hope",
    "motor",
    "sing",
    "y",
    "abc",
    "xyz9",
    "zz",
    "feed",
    "bled",
    "mess",
    "ca",
    "plaster",
    "size",
    "tanned",
    "fail",
]
SUFFIXES = [
    "",
    "s",
    "es",
    "ies",
    "ss",
    "ed",
    "ing",
    "eed",
    "ational",
    "tional",
    "enci",
    "anci",
    "izer",
    "abli",
    "alli",
    "entli",
    "eli",
    "ousli",
    "ization",
    "ation",
    "ator",
    "alism",
    "iveness",
    "fulness",
    "ousness",
    "aliti",
    "iviti",
    "biliti",
    "icate",
    "ative",
    "alize",
    "iciti",
    "ical",
    "ful",
    "ness",
    "al",
    "ance",
    "ence",
    "er",
    "ic",
    "able",
    "ible",
    "ant",
    "ement",
    "ment",
    "ent",
    "ion",
    "ou",
    "ism",
    "ate",
    "iti",
    "ous",
    "ive",
    "ize",
    "e",
    "ll",
    "y",
    "ly",
    "ingly",
    "ations",
]
INTENT_PIECES = [
    "what is",
    "What are",
    "who made",
    "when did",
    "define",
    "Explain",
    "describe",
    "compare",
    "versus",
    "vs.",
    "vs",
    "differences between",
    "difference between",
    "which is better",
    "pros and cons",
    "how to",
    "How do I",
    "how can i",
    "tutorial",
    "guide",
    "instructions",
    "setup",
    "install",
    "find the page",
    "show me that article",
    "where did i see",
    "yesterday I saw",
    "recently visited",
    "last week",
    "read",
    "python",
    "rust",
    "the",
    "\u00a0",
    "\n",
    "\u2028",
    "\ufeff",
    "\u212a",
    "\u017f",
    "\U0001f50d",
    "x",
    "  ",
]


def _below(rng: random.Random, n: int) -> int:
    return int(rng.random() * n)


def _pick(rng: random.Random, pool: list[str]) -> str:
    return pool[_below(rng, len(pool))]


def _text(rng: random.Random, pool: list[str], most: int) -> str:
    separators = [" ", " ", " ", ", ", ". ", "-", "/", ""]
    return "".join(_pick(rng, pool) + _pick(rng, separators) for _ in range(_below(rng, most + 1)))


def _page(rng: random.Random, n: int) -> dict[str, Any]:
    hosts = [
        "http://127.0.0.1:8000/a",
        "https://search.example.com/recall?q=1",
        "https://user@history.org:8080/",
        "https://www.python.org/doc",
        "ftp://files.example/x",
        "not a url",
        "HTTPS://Index.Example.ORG/Pages",
    ]
    return {
        "id": f"page-{n}",
        "url": _pick(rng, hosts),
        "title": _text(rng, WORD_POOL, 4),
        "summary": _text(rng, WORD_POOL, 6),
        "passages": [_text(rng, WORD_POOL, 10) for _ in range(_below(rng, 3))],
        "content": _text(rng, WORD_POOL, 30),
    }


def _arguments(function: str, rng: random.Random) -> dict[str, Any]:
    if function == "tokenize":
        return {"text": _text(rng, WORD_POOL, 20)}
    if function == "stem":
        if rng.random() < 0.3:  # any token: vowel-heavy runs of letters and digits
            alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
            return {
                "word": "".join(
                    _pick(rng, list("aeiouy" if rng.random() < 0.4 else alphabet)) for _ in range(1 + _below(rng, 12))
                )
            }
        return {"word": _pick(rng, STEMS) + _pick(rng, SUFFIXES)}
    if function == "keywordSearch":
        pages = [_page(rng, n) for n in range(_below(rng, 7))]
        return {"query": _text(rng, WORD_POOL, 4), "pages": pages, "topK": _below(rng, 8)}
    if function == "reciprocalRankFusion":
        ids = [f"p{n}" for n in range(12)] + ["\U0001f50d", "\ud800"]
        rankings = [[_pick(rng, ids) for _ in range(_below(rng, 10))] for _ in range(_below(rng, 4))]
        return {"rankings": rankings, "k": [60, 60, 0, 1, 10][_below(rng, 5)], "topK": _below(rng, 12)}
    if function == "semanticSearch":
        return _semantic_arguments(rng)
    return {"query": _text(rng, INTENT_PIECES, 5)}


#: vector components drawn from a small set, so that ties (equal similarities) and zero vectors are frequent
COMPONENTS = [0, 0, 1, -1, 0.5, 0.25, -0.125, 3, 0.1, 1e-3]


def _semantic_arguments(rng: random.Random) -> dict[str, Any]:
    dimensions = 1 + _below(rng, 4)

    def vector() -> list[float]:
        return [_pick(rng, COMPONENTS) for _ in range(dimensions)]  # type: ignore[arg-type]

    pages = [{"id": f"p{n}", "vectors": [vector() for _ in range(_below(rng, 4))]} for n in range(_below(rng, 7))]
    minimum = [0.3, 0.3, 0, -1, 0.5, 1][_below(rng, 6)]
    return {"query": vector(), "pages": pages, "topK": _below(rng, 8), "minSimilarity": minimum}


def property_cases(function: str, count: int | None) -> list[Case]:
    total = PROPERTY_COUNTS.get(function, 0) if count is None else count
    cases = []
    for n in range(total):
        rng = random.Random(zlib.crc32(f"{function}/{n}".encode()))
        cases.append(
            Case(f"{function}/property/{n}", f"seeded crc32('{function}/{n}')", _arguments(function, rng), "property")
        )
    return cases
