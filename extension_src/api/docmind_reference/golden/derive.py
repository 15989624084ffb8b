"""Corpus-derived cases (`source: "corpus"`): quotes cut from the real pages in ../shared/corpus/pages.

For every page (sorted by name) and every kind of quote, a generator seeded with `crc32("<function>/<page>/<kind>")`
(and only its `random()`, see `properties.Rng`) picks segments and word ranges and writes the case as corpus
references (`docmind_reference/golden/corpus.py`): the committed vectors hold references and `expected`, never page
text, so only functions whose results carry no page text get corpus cases.

Per page, when the page has the material for it:

- `matchCitations` — quotes that are *exact* (a run of words of a prose segment), *light* (1–3 code-unit edits),
  *heavy* (about a quarter of the units edited), *short* (1–4 words), *cross* (the end of one segment and the start
  of the next), *code* (from a `pre` block), *absent* (cut from another page), and one *mixed* case with five
  citations and a scripted clock; each over a window of at most 60 of the page's segments (`segmentIndex` counts
  from the window's first segment);
- `validateCitation` — exact, light, too long (> 300 units), too short (< 20) and exactly 20/300-unit quotes
  against the page's normalized full text;
- `preciseMatch` — normalized needles (exact, light, heavy, from another segment, beyond the 2,000-unit cut) over
  normalized segments;
- `tokenOverlap`, `couldSpanSegments`, `levenshteinDistance` — pairs of segments, slices and edits of them.

A derived case whose resolved arguments fall outside the agreed character domain is dropped (deterministically:
the same pages always give the same drops); `CorpusCases.skipped` counts them.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docmind_reference.golden.corpus import page_names, page_segments, resolve_reference
from docmind_reference.golden.domain import case_problems
from docmind_reference.golden.properties import ASTRAL, COMPAT, LOWER, Rng
from docmind_reference.normalize import normalize_for_matching
from docmind_reference.text import WHITESPACE, units
from toolchain.golden.format import CORPUS_KEY, GoldenCase, resolve

WINDOW = 60  # most segments in one matchCitations case
MAX_QUOTE = 300  # units: citations longer than this are invalid anyway


def ref(**spec: Any) -> dict[str, Any]:
    return {CORPUS_KEY: spec}


def word_spans(value: str) -> list[tuple[int, int]]:
    """(start, end) in code units of every run of non-whitespace in a unit string."""
    spans = []
    start = None
    for index, unit in enumerate(value):
        if unit in WHITESPACE:
            if start is not None:
                spans.append((start, index))
                start = None
        elif start is None:
            start = index
    if start is not None:
        spans.append((start, len(value)))
    return spans


@dataclass
class Page:
    name: str
    raw: list[str]  # unit strings of the raw segment texts
    types: list[str]
    normalized: list[str]  # unit strings of normalizeForMatching(text, type)

    @property
    def stem(self) -> str:
        return self.name.removesuffix(".html")

    def indices(self, kind: str | None = None, min_words: int = 1, normalized: bool = False) -> list[int]:
        texts = self.normalized if normalized else self.raw
        return [
            i
            for i, t in enumerate(texts)
            if (kind is None or self.types[i] == kind) and len(word_spans(t)) >= min_words
        ]


def load_page(root: Path, name: str) -> Page:
    segments = page_segments(root, name)
    return Page(
        name,
        [units(s.text) for s in segments],
        [s.type for s in segments],
        [units(normalize_for_matching(s.text, s.type)) for s in segments],
    )


def pick_words(rng: Rng, value: str, low: int, high: int, max_units: int = MAX_QUOTE) -> tuple[int, int] | None:
    """A [start, end) range of `low`–`high` whole words of a unit string, at most `max_units` long."""
    spans = word_spans(value)
    if len(spans) < low:
        return None
    count = rng.between(low, min(high, len(spans)))
    first = rng.below(len(spans) - count + 1)
    start, end = spans[first][0], spans[first + count - 1][1]
    while end - start > max_units and count > low:
        count -= 1
        end = spans[first + count - 1][1]
    if end - start > max_units:
        end = start + max_units
    return start, end


def edits(rng: Rng, length: int, count: int) -> list[list[Any]]:
    """`count` random single-unit edits of a text of `length` units, as `[offset, delete, insert]` in turn."""
    result: list[list[Any]] = []
    for _ in range(count):
        insert = rng.weighted([(20, rng.choice(LOWER)), (1, rng.choice(COMPAT)), (1, rng.choice(ASTRAL)), (1, " ")])
        op = rng.below(3) if length else 0
        if op == 0:
            result.append([rng.between(0, length), 0, insert])
            length += len(units(insert))
        elif op == 1:
            result.append([rng.below(length), 1, ""])
            length -= 1
        else:
            result.append([rng.below(length), 1, insert])
            length += len(units(insert)) - 1
    return result


def window_around(rng: Rng, page: Page, targets: Iterable[int]) -> tuple[int, int]:
    """At most WINDOW consecutive segments including every target."""
    targets = list(targets)
    count = len(page.raw)
    if count <= WINDOW:
        return 0, count
    low, high = min(targets), max(targets)
    earliest = max(0, high - WINDOW + 1)
    latest = min(low, count - WINDOW)
    start = rng.between(earliest, max(earliest, latest))
    return start, start + WINDOW


@dataclass
class CorpusCases:
    cases: dict[str, list[GoldenCase]] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)  # derived cases dropped for the domain, per function
    pages: int = 0


class _Deriver:
    def __init__(self, root: Path, page: Page, other: Page, functions: set[str], out: CorpusCases) -> None:
        self.root, self.page, self.other, self.functions, self.out = root, page, other, functions, out

    def rng(self, function: str, kind: str) -> Rng:
        return Rng(zlib.crc32(f"{function}/{self.page.name}/{kind}".encode()))

    def emit(self, function: str, kind: str, description: str, arguments: dict[str, Any]) -> None:
        resolved = resolve(arguments, lambda spec: resolve_reference(spec, self.root))
        if case_problems(function, resolved):
            self.out.skipped[function] = self.out.skipped.get(function, 0) + 1
            return
        case = GoldenCase(
            f"{function}/corpus/{self.page.stem}/{kind}", f"{self.page.name}: {description}", arguments, source="corpus"
        )
        self.out.cases.setdefault(function, []).append(case)

    def run(self, function: str, kinds: dict[str, Callable[[Rng], tuple[str, dict[str, Any]] | None]]) -> None:
        if function not in self.functions:
            return
        for kind, make in kinds.items():
            made = make(self.rng(function, kind))
            if made is not None:
                self.emit(function, kind, *made)

    # -- quotes --------------------------------------------------------------------------------------------------

    def raw_quote(
        self, rng: Rng, index: int, low: int, high: int, page: Page | None = None
    ) -> tuple[dict[str, Any], str] | None:
        page = page or self.page
        picked = pick_words(rng, page.raw[index], low, high)
        if picked is None:
            return None
        start, end = picked
        return {"page": page.name, "segment": index, "slice": [start, end]}, f"segment {index} units {start}–{end}"

    def quote(
        self, rng: Rng, shape: str, window: tuple[int, int] | None = None
    ) -> tuple[dict[str, Any], str, list[int]] | None:
        """A citation text reference of the given shape, what it is, and the segments it comes from."""
        page = self.page
        lo, hi = window or (0, len(page.raw))
        if shape == "cross":
            starts = [i for i in page.indices("prose", 1) if lo <= i < hi - 1 and word_spans(page.raw[i + 1])]
            if not starts:
                return None
            index = rng.choice(starts)
            first, second = word_spans(page.raw[index]), word_spans(page.raw[index + 1])
            head = rng.between(1, min(8, len(first)))
            tail = rng.between(1, min(8, len(second)))
            start = first[len(first) - head][0]
            end = len(page.raw[index]) + 1 + second[tail - 1][1]
            return (
                ref(page=page.name, joined=[index, index + 2], slice=[start, end]),
                f"the last {head} word(s) of segment {index} and the first {tail} of segment {index + 1}",
                [index, index + 1],
            )
        if shape == "absent":
            candidates = self.other.indices("prose", 6) or self.other.indices(None, 1)
            if not candidates:
                return None
            index = rng.choice(candidates)
            made = self.raw_quote(rng, index, 6, 30, self.other)
            if made is None:
                return None
            spec, what = made
            return ref(**spec), f"a quote from {self.other.name} ({what})", []
        if shape == "code":
            pool = [i for i in page.indices("code", 2) if lo <= i < hi]
            if not pool:
                return None
            index = rng.choice(pool)
            made = self.raw_quote(rng, index, 2, 20)
        else:
            low, high = {"short": (1, 4), "exact": (6, 40), "light": (6, 40), "heavy": (6, 40)}[shape]
            pool = [i for i in page.indices("prose", low) if lo <= i < hi]
            if not pool:
                return None
            index = rng.choice(pool)
            made = self.raw_quote(rng, index, low, high)
        if made is None:
            return None
        spec, what = made
        start, end = spec["slice"]
        if shape == "light":
            count = rng.between(1, 3)
            spec["edits"] = edits(rng, end - start, count)
            what += f", {count} edit(s)"
        elif shape == "heavy":
            count = max(4, (end - start) // 4)
            spec["edits"] = edits(rng, end - start, count)
            what += f", {count} edits"
        return ref(**spec), what, [index]

    # -- functions -----------------------------------------------------------------------------------------------

    def match_citations(self) -> None:
        page = self.page

        def single(shape: str) -> Callable[[Rng], tuple[str, dict[str, Any]] | None]:
            def make(rng: Rng) -> tuple[str, dict[str, Any]] | None:
                made = self.quote(rng, shape)
                if made is None:
                    return None
                text_ref, what, sources = made
                lo, hi = window_around(rng, page, sources or [rng.below(len(page.raw))])
                return (
                    f"{shape} quote ({what}) over segments {lo}–{hi - 1}",
                    {
                        "citations": [{"id": "cite-1", "text": text_ref}],
                        "segments": ref(page=page.name, segments=[lo, hi]),
                        "clock": [],
                    },
                )

            return make

        def mixed(rng: Rng) -> tuple[str, dict[str, Any]] | None:
            if not page.raw:
                return None
            lo, hi = window_around(rng, page, [rng.below(len(page.raw))])
            citations: list[dict[str, Any]] = []
            shapes: list[str] = []
            for shape in ("exact", "light", "short", "cross", "absent"):
                made = self.quote(rng, shape, (lo, hi))
                if made is not None:
                    citations.append({"id": f"cite-{len(citations) + 1}", "text": made[0]})
                    shapes.append(shape)
            if len(citations) < 2:
                return None
            clock = rng.choice([[], [0, 100, 200, 300, 400, 501], [0, 0, 501], [0, 250, 500], [10, 20.5, 510.5, 511]])
            return (
                f"{len(citations)} citations ({', '.join(shapes)}) over segments {lo}–{hi - 1}, clock {clock}",
                {"citations": citations, "segments": ref(page=page.name, segments=[lo, hi]), "clock": clock},
            )

        kinds = {
            f"{shape}-{n}": single(shape)
            for shape, copies in (
                ("exact", 2),
                ("light", 2),
                ("heavy", 1),
                ("short", 1),
                ("cross", 1),
                ("code", 1),
                ("absent", 1),
            )
            for n in range(copies)
        }
        kinds["mixed-0"] = mixed
        self.run("matchCitations", kinds)

    def validate_citation(self) -> None:
        page = self.page
        full = ref(page=page.name, fullText="prose")

        def shaped(shape: str) -> Callable[[Rng], tuple[str, dict[str, Any]] | None]:
            def make(rng: Rng) -> tuple[str, dict[str, Any]] | None:
                if shape in ("exact", "light"):
                    made = self.quote(rng, shape)
                    if made is None:
                        return None
                    text_ref, what = made[0], made[1]
                else:
                    want = {"long": (301, 420), "short": (1, 19), "exact-20": (20, 20), "exact-300": (300, 300)}[shape]
                    pool = [i for i, t in enumerate(page.raw) if len(t) >= want[0]]
                    if not pool:
                        return None
                    index = rng.choice(pool)
                    size = rng.between(want[0], min(want[1], len(page.raw[index])))
                    start = rng.between(0, len(page.raw[index]) - size)
                    text_ref = ref(page=page.name, segment=index, slice=[start, start + size])
                    what = f"segment {index} units {start}–{start + size}"
                return (
                    f"{shape} quote ({what}) against the page's normalized text",
                    {"citation": {"id": "cite-1", "text": text_ref}, "normalizedFullText": full},
                )

            return make

        self.run(
            "validateCitation",
            {f"{s}-0": shaped(s) for s in ("exact", "light", "long", "short", "exact-20", "exact-300")},
        )

    def precise_match(self) -> None:
        page = self.page

        def normalized_ref(index: int, **extra: Any) -> dict[str, Any]:
            return ref(page=page.name, segment=index, normalize=page.types[index], **extra)

        def shaped(shape: str) -> Callable[[Rng], tuple[str, dict[str, Any]] | None]:
            def make(rng: Rng) -> tuple[str, dict[str, Any]] | None:
                if shape == "beyond-cut":
                    pool = [i for i, t in enumerate(page.normalized) if len(t) > 2100]
                else:
                    pool = page.indices(None, 3, normalized=True)
                if not pool:
                    return None
                index = rng.choice(pool)
                hay = page.normalized[index]
                if shape == "beyond-cut":
                    start = rng.between(1990, min(len(hay) - 20, 2400))
                    end = start + rng.between(10, 80)
                    picked: tuple[int, int] | None = (start, min(end, len(hay)))
                else:
                    picked = pick_words(rng, hay, 2, 30, 200)
                if picked is None:
                    return None
                start, end = picked
                source = index
                if shape == "other":
                    others = [i for i in page.indices(None, 3, normalized=True) if i != index]
                    if not others:
                        return None
                    source = rng.choice(others)
                    picked = pick_words(rng, page.normalized[source], 2, 30, 200)
                    if picked is None:
                        return None
                    start, end = picked
                extra: dict[str, Any] = {"slice": [start, end]}
                count = {
                    "exact": 0,
                    "light": rng.between(1, 3),
                    "heavy": max(3, (end - start) // 4),
                    "other": 0,
                    "beyond-cut": rng.between(0, 2),
                }[shape]
                if count:
                    extra["edits"] = edits(rng, end - start, count)
                return (
                    f"{shape} needle (normalized segment {source} units {start}–{end}, {count} edit(s)) "
                    f"over normalized segment {index} ({page.types[index]}, {len(hay)} units)",
                    {"needle": normalized_ref(source, **extra), "haystack": normalized_ref(index)},
                )

            return make

        self.run("preciseMatch", {f"{s}-0": shaped(s) for s in ("exact", "light", "heavy", "other", "beyond-cut")})

    def token_overlap(self) -> None:
        page = self.page
        pool = page.indices(None, 2, normalized=True)

        def seg(index: int, **extra: Any) -> dict[str, Any]:
            return ref(page=page.name, segment=index, normalize=page.types[index], **extra)

        def pair(rng: Rng) -> tuple[str, dict[str, Any]] | None:
            if len(pool) < 2:
                return None
            i = rng.choice(pool)
            j = min(len(page.raw) - 1, i + rng.between(1, 3))
            return f"normalized segments {i} and {j}", {"a": seg(i), "b": seg(j)}

        def quote(rng: Rng) -> tuple[str, dict[str, Any]] | None:
            if not pool:
                return None
            i = rng.choice(pool)
            picked = pick_words(rng, page.normalized[i], 3, 20)
            if picked is None:
                return None
            return f"words {picked[0]}–{picked[1]} of normalized segment {i} and the segment", {
                "a": seg(i, slice=list(picked)),
                "b": seg(i),
            }

        def edited(rng: Rng) -> tuple[str, dict[str, Any]] | None:
            if not pool:
                return None
            i = rng.choice(pool)
            count = rng.between(1, 8)
            return (
                f"normalized segment {i} and {count} edit(s) of it",
                {"a": seg(i), "b": seg(i, edits=edits(rng, len(page.normalized[i]), count))},
            )

        self.run("tokenOverlap", {"pair-0": pair, "quote-0": quote, "edited-0": edited})

    def could_span(self) -> None:
        page = self.page

        def shaped(shape: str) -> Callable[[Rng], tuple[str, dict[str, Any]] | None]:
            def make(rng: Rng) -> tuple[str, dict[str, Any]] | None:
                pairs = [i for i in range(len(page.normalized) - 1) if page.normalized[i] and page.normalized[i + 1]]
                if not pairs:
                    return None
                i = rng.choice(pairs)
                lo, hi = window_around(rng, page, [i, i + 1])
                first, second = page.normalized[i], page.normalized[i + 1]
                if shape == "cross":
                    # offsets into the resolved join: normalizeForMatching(raw i + "\n" + raw i+1, "prose")
                    joined = units(
                        resolve_reference({"page": page.name, "joined": [i, i + 2], "normalize": "prose"}, self.root)
                    )
                    boundary = len(units(normalize_for_matching(page_segments(self.root, page.name)[i].text, "prose")))
                    if not 0 < boundary < len(joined) - 1 or joined[boundary] != " ":
                        return None
                    start = rng.between(max(0, boundary - 60), boundary - 1)
                    end = boundary + 1 + rng.between(1, min(60, len(joined) - boundary - 1))
                    quote = ref(page=page.name, joined=[i, i + 2], normalize="prose", slice=[start, end])
                    what = f"normalized segments {i}–{i + 1} joined, units {start}–{end}"
                elif shape == "within":
                    picked = pick_words(rng, first, 1, 6)
                    if picked is None:
                        return None
                    quote = ref(page=page.name, segment=i, normalize=page.types[i], slice=list(picked))
                    what = f"normalized segment {i} units {picked[0]}–{picked[1]}"
                else:  # "next": wholly inside the following segment
                    picked = pick_words(rng, second, 1, 6)
                    if picked is None:
                        return None
                    quote = ref(page=page.name, segment=i + 1, normalize=page.types[i + 1], slice=list(picked))
                    what = f"normalized segment {i + 1} units {picked[0]}–{picked[1]}"
                index = i - lo
                if shape == "edge":
                    index = rng.choice([-1, hi - lo - 1, hi - lo])
                return (
                    f"{shape} quote ({what}), index {index} of segments {lo}–{hi - 1}",
                    {"quote": quote, "segmentIndex": index, "segments": ref(page=page.name, segmentTexts=[lo, hi])},
                )

            return make

        self.run("couldSpanSegments", {f"{s}-0": shaped(s) for s in ("cross", "within", "next", "edge")})

    def levenshtein(self) -> None:
        page = self.page
        pool = page.indices(None, 1)

        def short(rng: Rng, index: int) -> dict[str, Any] | None:
            picked = pick_words(rng, page.raw[index], 1, 6, 40)
            return None if picked is None else {"page": page.name, "segment": index, "slice": list(picked)}

        def edited(rng: Rng) -> tuple[str, dict[str, Any]] | None:
            if not pool:
                return None
            spec = short(rng, rng.choice(pool))
            if spec is None:
                return None
            count = rng.between(1, 6)
            length = spec["slice"][1] - spec["slice"][0]
            return (
                f"a raw slice (segment {spec['segment']} units {spec['slice'][0]}–{spec['slice'][1]}) "
                f"and {count} edit(s) of it",
                {"a": ref(**spec), "b": ref(**spec, edits=edits(rng, length, count))},
            )

        def two(rng: Rng) -> tuple[str, dict[str, Any]] | None:
            if len(pool) < 2:
                return None
            a, b = short(rng, rng.choice(pool)), short(rng, rng.choice(pool))
            if a is None or b is None:
                return None
            return (f"raw slices of segments {a['segment']} and {b['segment']}", {"a": ref(**a), "b": ref(**b)})

        self.run("levenshteinDistance", {"edited-0": edited, "two-0": two})

    def page_level(self) -> None:
        """cutPage (and the long-page selection) over whole pages: derive_long.py."""
        from docmind_reference.golden.derive_long import cut_page_cases, select_sections_cases

        if "cutPage" in self.functions:
            for kind, description, arguments in cut_page_cases(self.page.name, len(self.page.raw)):
                self.emit("cutPage", kind, description, arguments)
        if "selectSections" in self.functions:
            rng_for = lambda kind: self.rng("selectSections", kind)  # noqa: E731
            for kind, description, arguments in select_sections_cases(rng_for, self.page.name, self.page.raw):
                self.emit("selectSections", kind, description, arguments)


def corpus_cases(root: Path, functions: Iterable[str], pages: Iterable[str] | None = None) -> CorpusCases:
    """Every corpus-derived case (without `expected`) for the given functions, page by page in name order."""
    wanted = set(functions)
    names = sorted(pages) if pages is not None else page_names(root)
    every = page_names(root)
    out = CorpusCases()
    for name in names:
        page = load_page(root, name)
        other = load_page(root, every[(every.index(name) + 1) % len(every)])  # the next page: quotes absent here
        deriver = _Deriver(root, page, other, wanted, out)
        deriver.match_citations()
        deriver.validate_citation()
        deriver.precise_match()
        deriver.token_overlap()
        deriver.could_span()
        deriver.levenshtein()
        deriver.page_level()
        out.pages += 1
    return out
