#!/usr/bin/env python3
"""Trust evaluation: DocMind's highlighting on every corpus page, in headless Chromium, end to end.

For each page of ../shared/corpus/pages, citations are generated from the page's rendered text (deterministic: a
fixed seed, the same citations every run) in these categories:

    exact     a sentence of the page, verbatim                                   → marked, whole, at its place
    light     the same, with the typographic drift an LLM makes and §6.5's
              normalization absorbs (quotes, dashes, ellipsis, spaces, case,
              accents)                                                           → marked, whole, at its place
    heavy     a third or more of the words replaced, two words swapped           → no mark (but at its place)
    cross     the end of one block + the start of the next                       → no mark
    code      a line of a <pre> block                                            → marked inside the <pre> (or not)
    absent    a sentence of another corpus page, not in this one                 → no mark
    typo      a sentence with one letter changed (informational: §7 rejects it)  → no mark (but at its place)
    outside   a sentence in a heading or outside <main>/<article> (§6.1b, §7:
              not indexed; informational)                                        → no mark (but at its place)
    far       on pages past 30,000 characters: the offline answer to a question
              about a sentence past them, over the sections selectSections
              chose (D16; benchmarks/trust_far.py)                               → marked, whole, at its place

and sent to DocMind's content script as the background sends them (`INJECT_HIGHLIGHTS`, ≤ 5 at a time, from an
extension page through `tabs.sendMessage`), then `CLEAR_HIGHLIGHTS` after each batch. After each injection the
page's rendered text nodes are read back and every <mark> is checked against its citation's true location.

Reports: precision of marks (a mark anywhere but the quote's true location is an error; goal 100 %), recall of
exact and light quotes (marks covering the whole quote; goal ≥ 98 %), pages whose DOM was not restored exactly
(goal 0), indexing time (stats.indexMs) p50/p95/max and the largest page's, the longest main-thread slice, and
the content script's size (goal ≤ 25 KB minified). Writes benchmarks/results/trust_eval.json (a partial run, with
--pages or --page, writes benchmarks/.work/trust_eval/partial.json unless --json is given).

A benchmark, not a test: it exits 0 whatever the figures; 1 when the build fails, Chromium cannot start or a page
could not be driven (an exception, an ERROR answer: it stops at the first unless --keep-going); 2 when the corpus
is missing or an argument is wrong.

    .venv/bin/python benchmarks/trust_eval.py [--pages N | --page NAME ...] [--keep-going] [--json PATH]
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import hashlib
import html.parser
import json
import math
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
CORPUS_PAGES = REPO.parent / "shared" / "corpus" / "pages"
WORK = BENCH / ".work" / "trust_eval"
RESULTS = BENCH / "results" / "trust_eval.json"
PARTIAL_RESULTS = WORK / "partial.json"

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from docmind_reference.normalize import normalize_for_matching  # noqa: E402
from docmind_reference.text import WHITESPACE_CHAR, length  # noqa: E402

from benchmarks.scratch import copy_docmind  # noqa: E402
from benchmarks.trust_far import far_citations, print_far, summarize_far  # noqa: E402

SEED = 2026

GOAL_PRECISION = 1.0
GOAL_RECALL = 0.98
GOAL_RESTORE_FAILURES = 0
GOAL_SIZE_BYTES = 25 * 1024
GOAL_SLICE_MS = 50.0
SLICE_RETRIES = 2  # a batch whose longest slice reaches the goal is injected again this many times

MIN_QUOTE, MAX_QUOTE = 40, 200  # code units: the seed's "50–200 characters ideal", a little wider
MIN_CODE, MAX_CODE = 20, 200
BATCH = 5  # common.schema.json Citations: maxItems 5

#: How many citations of each category a page gets (when the page allows), in the order they are drawn.
PER_PAGE = {
    "exact": 2,
    "light": 2,
    "heavy": 2,
    "cross": 2,
    "code": 2,
    "absent": 2,
    "typo": 1,
    "outside": 1,
    "far": 5,
}  # far: asked about on pages past 30,000 characters, the answer's citation (trust_far.py)
CATEGORIES = tuple(PER_PAGE)
#: Categories that must be marked, whole, at their place: recall is measured on these (goal ≥ 98 %).
RECALL_CATEGORIES = ("exact", "light")
#: Categories expected to stay unmarked (a mark at the true location is not a precision error, but is listed).
NO_MARK_CATEGORIES = ("heavy", "cross", "absent", "typo", "outside")


# -- text as the matcher sees it --------------------------------------------------------------------------------


def normalize(text: str) -> str:
    """§6.5's normalizeForMatching(text, 'prose'), the Python reference (identical to the runtime's)."""
    return normalize_for_matching(text, "prose")


def squash(text: str) -> str:
    """Normalized, then without any whitespace: comparable across text nodes and blocks, whatever the spacing
    between them (textContent has none between two paragraphs, innerText a line break)."""
    return WHITESPACE_CHAR.sub("", normalize(text))


def count_occurrences(haystack: str, needle: str) -> int:
    """Occurrences of `needle` in `haystack`, overlapping ones included."""
    if not needle:
        return 0
    count, start = 0, haystack.find(needle)
    while start != -1:
        count += 1
        start = haystack.find(needle, start + 1)
    return count


#: Where a text node is (flags the page serializer sets).
RENDERED, IN_PRE, IN_HEADING, IN_ROOT, IN_TABLE = 1, 2, 4, 8, 16


class Stream:
    """The page's rendered text nodes, in document order, squashed and concatenated: the coordinate system in
    which a quote's true location and every mark are compared. Wrapping text in marks splits text nodes but never
    changes this text, so positions before and after an injection are comparable."""

    def __init__(self, nodes: Sequence[tuple[str, int]]) -> None:
        self.flags: list[int] = []
        self.starts: list[int] = []
        parts: list[str] = []
        position = 0
        for text, flags in nodes:
            if not flags & RENDERED:
                continue
            squashed = squash(text)
            self.starts.append(position)
            self.flags.append(flags)
            parts.append(squashed)
            position += len(squashed)
        self.text = "".join(parts)

    def find(self, quote: str) -> list[int]:
        """Start positions of the squashed quote (overlapping occurrences included)."""
        needle = squash(quote)
        found, start = [], self.text.find(needle) if needle else -1
        while start != -1:
            found.append(start)
            start = self.text.find(needle, start + 1)
        return found

    def node_flags(self, start: int, end: int) -> list[int]:
        """The flags of the nodes that hold some of [start, end)."""
        from bisect import bisect_right

        first = max(0, bisect_right(self.starts, start) - 1)
        out = []
        for i in range(first, len(self.starts)):
            node_end = self.starts[i + 1] if i + 1 < len(self.starts) else len(self.text)
            if self.starts[i] >= end:
                break
            if node_end > start:
                out.append(self.flags[i])
        return out


def where(stream: Stream, start: int, end: int) -> str:
    """What kind of text a located quote is: 'code' (all in <pre>), 'heading' (some in h1–h6), 'outside' (some
    outside the index root: <main> or <article> when present, §6.1b), else 'prose'."""
    flags = stream.node_flags(start, end)
    if flags and all(f & IN_PRE for f in flags):
        return "code"
    if any(f & IN_PRE for f in flags):
        return "mixed-code"
    if any(f & IN_HEADING for f in flags):
        return "heading"
    if any(not f & IN_ROOT for f in flags):
        return "outside"
    if any(f & IN_TABLE for f in flags):
        return "table"
    return "prose"


# -- the page's sentences ---------------------------------------------------------------------------------------

#: Block boundaries in innerText: line breaks, and tabs (between table cells).
_LINE_SPLIT = re.compile("[\n\r\v\f\u2028\u2029\u0085]")
_CELL_SPLIT = re.compile("\t")
#: A sentence ends at . ! ? … (and closing quotes or brackets) followed by space and a character that is not a
#: lowercase ASCII letter (scripts without case end sentences too), or at a CJK full stop.
_SENTENCE_END = re.compile(
    "(?:[.!?\u2026]+[\"'\u201d\u2019)\\]]*(\\s+)(?=[^\\sa-z])|[\u3002\uff01\uff1f]+[\u300d\u300f\u201d\u2019)\uff09]*(\\s*))"
)
_LETTER = re.compile(r"[^\W\d_]")
_WORD = re.compile(r"\S+")


def lines_of(inner_text: str) -> list[str]:
    """innerText's lines (blocks), trimmed; empty lines kept so that indices are stable."""
    return [line.strip() for line in _LINE_SPLIT.split(inner_text)]


def sentences_in(block: str) -> list[str]:
    """The sentences of one block (a line or a table cell), trimmed, in order."""
    out, start = [], 0
    for match in _SENTENCE_END.finditer(block):
        gap = match.group(1) if match.group(1) is not None else match.group(2)
        cut = match.end() - len(gap or "")
        out.append(block[start:cut].strip())
        start = match.end()
    out.append(block[start:].strip())
    return [s for s in out if s]


def quotable(text: str, low: int = MIN_QUOTE, high: int = MAX_QUOTE, letters: int = 20) -> bool:
    return low <= length(text) <= high and len(_LETTER.findall(text)) >= letters


@dataclass
class Page:
    """What the generator reads of a page: its innerText, its visible <pre> blocks' innerText, and its rendered
    text nodes (text, flags) in document order."""

    name: str
    inner_text: str
    pre_texts: list[str]
    nodes: list[tuple[str, int]]

    def __post_init__(self) -> None:
        self.stream = Stream(self.nodes)
        self.normalized = normalize(self.inner_text)
        self.lines = lines_of(self.inner_text)

    def unique(self, quote: str) -> int | None:
        """Where the quote's one occurrence starts in the stream, or None unless it occurs exactly once in the page
        both ways: normalized in innerText, and squashed in the rendered text nodes."""
        if count_occurrences(self.normalized, normalize(quote)) != 1:
            return None
        found = self.stream.find(quote)
        return found[0] if len(found) == 1 else None

    def absent(self, quote: str) -> bool:
        return normalize(quote) not in self.normalized and not self.stream.find(quote)


@dataclass
class Candidate:
    text: str
    line: int  # index into Page.lines
    start: int  # squashed stream position
    end: int
    where: str


def candidates(page: Page) -> list[Candidate]:
    """Every sentence of the page that can serve as a quote: within one block, 40–200 code units, 20 letters or
    more, occurring exactly once in the page (so that its true location is unambiguous). In page order."""
    out = []
    seen: set[str] = set()
    for index, line in enumerate(page.lines):
        for cell in _CELL_SPLIT.split(line):
            for sentence in sentences_in(cell):
                if not quotable(sentence) or sentence in seen:
                    continue
                seen.add(sentence)
                start = page.unique(sentence)
                if start is None:
                    continue
                end = start + len(squash(sentence))
                out.append(Candidate(sentence, index, start, end, where(page.stream, start, end)))
    return out


# -- perturbations ----------------------------------------------------------------------------------------------

_ACCENTED = re.compile(r"\w*[\u00c0-\u00ff\u0100-\u017f]\w*")
_ASCII_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
_BETWEEN_WORDS = re.compile(r"(?<=\S) (?=\S)")


def _nth(matches: list[re.Match[str]], rng: random.Random) -> re.Match[str] | None:
    return rng.choice(matches) if matches else None


def _replace(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def perturb_quotes(text: str, rng: random.Random) -> tuple[str, str] | None:
    """Straight quotes and apostrophes curled, or curly ones straightened (§6.5 maps ‘’ to ' and “” to ")."""
    if re.search("[\u2018\u2019\u201c\u201d]", text):
        return text.translate({0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"'}), "quotes-straightened"
    if "'" in text or '"' in text:
        out, opened = [], False
        for i, ch in enumerate(text):
            if ch == "'":
                out.append("\u2019" if i > 0 and text[i - 1].isalnum() else "\u2018")
            elif ch == '"':
                out.append("\u201d" if opened else "\u201c")
                opened = not opened
            else:
                out.append(ch)
        return "".join(out), "quotes-curled"
    return None


def perturb_dashes(text: str, rng: random.Random) -> tuple[str, str] | None:
    """En and em dashes (and U+2010–2015, U+2212) written as hyphens, or a hyphen as an en dash (§6.5 maps them to
    -)."""
    if re.search("[\u2010-\u2015\u2212]", text):
        return re.sub("[\u2010-\u2015\u2212]", "-", text), "dashes-to-hyphen"
    hyphens = list(re.finditer("-", text))
    match = _nth(hyphens, rng)
    if match:
        return _replace(text, match.start(), match.end(), "\u2013"), "hyphen-to-en-dash"
    return None


def perturb_ellipsis(text: str, rng: random.Random) -> tuple[str, str] | None:
    """'…' written as '...' or the reverse (NFKD decomposes … to ...)."""
    if "\u2026" in text:
        return text.replace("\u2026", "..."), "ellipsis-to-dots"
    if "..." in text:
        return text.replace("...", "\u2026", 1), "dots-to-ellipsis"
    return None


def perturb_accents(text: str, rng: random.Random) -> tuple[str, str] | None:
    """Accents dropped from one word: 'café' → 'cafe' (§6.5 removes combining marks after NFKD)."""
    import unicodedata

    match = _nth(list(_ACCENTED.finditer(text)), rng)
    if not match:
        return None
    word = match.group()
    plain = "".join(ch for ch in unicodedata.normalize("NFD", word) if not unicodedata.combining(ch))
    plain = unicodedata.normalize("NFC", plain)
    if plain == word or normalize(plain) != normalize(word):
        return None
    return _replace(text, match.start(), match.end(), plain), "accents-stripped"


def perturb_case(text: str, rng: random.Random) -> tuple[str, str] | None:
    """One ASCII word's case changed: capitalized, lowercased or upper-cased (§6.5 lowercases)."""
    match = _nth(list(_ASCII_WORD.finditer(text)), rng)
    if not match:
        return None
    word = match.group()
    options = [w for w in (word.capitalize(), word.lower(), word.upper()) if w != word]
    return _replace(text, match.start(), match.end(), rng.choice(options)), "case-changed"


def perturb_spaces(text: str, rng: random.Random) -> tuple[str, str] | None:
    """One space between words doubled, or made a no-break space (§6.5 collapses whitespace, maps U+00A0)."""
    match = _nth(list(_BETWEEN_WORDS.finditer(text)), rng)
    if not match:
        return None
    if rng.random() < 0.5:
        return _replace(text, match.start(), match.end(), "  "), "space-doubled"
    return _replace(text, match.start(), match.end(), "\u00a0"), "space-to-nbsp"


#: Typographic drift first (applied when the sentence has what they change), then one of the always-applicable.
TYPOGRAPHIC = (perturb_quotes, perturb_dashes, perturb_ellipsis, perturb_accents)
ALWAYS = (perturb_spaces, perturb_case)


def light(text: str, rng: random.Random) -> tuple[str, list[str]]:
    """A lightly perturbed copy: up to two typographic changes the sentence allows, and a change of spacing or of
    a word's case. Always differs from `text`, always normalizes to the same text."""
    out, applied = text, []
    typographic = [f for f in TYPOGRAPHIC if f(text, random.Random(0)) is not None]
    for perturb in rng.sample(typographic, min(2, len(typographic))):
        done = perturb(out, rng)
        if done is not None and normalize(done[0]) == normalize(text):
            out = done[0]
            applied.append(done[1])
    for perturb in rng.sample(ALWAYS, len(ALWAYS)):
        done = perturb(out, rng)
        if done is not None and done[0] != out and normalize(done[0]) == normalize(text):
            out = done[0]
            applied.append(done[1])
            break
    return out, applied


def heavy(text: str, vocabulary: Sequence[str], rng: random.Random) -> tuple[str, list[str]] | None:
    """A heavily perturbed copy: at least a third of the words replaced by other words of the page, and two
    other words swapped. None when the sentence has fewer than 6 words."""
    words = _WORD.findall(text)
    if len(words) < 6:
        return None
    replaced = math.ceil(len(words) / 3)
    positions = rng.sample(range(len(words)), replaced)
    for position in positions:
        for _ in range(20):
            word = rng.choice(vocabulary)
            if word.lower() != words[position].lower():
                words[position] = word
                break
    rest = [i for i in range(len(words)) if i not in positions]
    swapped = 0
    if len(rest) >= 2:
        a, b = rng.sample(rest, 2)
        if words[a].lower() != words[b].lower():
            words[a], words[b] = words[b], words[a]
            swapped = 2
    return " ".join(words), [f"{replaced}-of-{len(words)}-words-replaced", f"{swapped}-words-swapped"]


def typo(text: str, rng: random.Random) -> tuple[str, list[str]] | None:
    """One letter of a word of 5+ ASCII letters replaced by another letter (not a 'light' drift: §7 rejects it)."""
    matches = list(re.finditer(r"\b[A-Za-z]{5,}\b", text))
    match = _nth(matches, rng)
    if not match:
        return None
    position = match.start() + rng.randrange(1, len(match.group()) - 1)
    old = text[position]
    new = rng.choice([c for c in "abcdefghijklmnopqrstuvwxyz" if c != old.lower()])
    return _replace(text, position, position + 1, new.upper() if old.isupper() else new), ["one-letter-replaced"]


# -- citations --------------------------------------------------------------------------------------------------


@dataclass
class Citation:
    category: str
    text: str  # what is sent
    source: str | None  # the page's own text at the true location (None: absent)
    start: int | None  # the true location in the page's squashed stream
    end: int | None
    where: str | None  # 'prose', 'table', 'heading', 'outside', 'code' (see where())
    perturbations: list[str] = field(default_factory=list)
    origin: str | None = None  # absent: the page it comes from


def cross_segment(page: Page, used: set[int]) -> list[tuple[Citation, set[int]]]:
    """The end of one block and the start of the next (innerText lines, not table cells), joined by a space."""
    out = []
    for i, line in enumerate(page.lines):
        if not line or "\t" in line or i in used:
            continue
        j = next((k for k in range(i + 1, len(page.lines)) if page.lines[k]), None)
        if j is None or "\t" in page.lines[j] or j in used:
            continue
        tail_words, head_words = _WORD.findall(line), _WORD.findall(page.lines[j])
        tail: list[str] = []
        while tail_words and length(" ".join(tail)) < 30:
            tail.insert(0, tail_words.pop())
        head: list[str] = []
        while head_words and length(" ".join(head)) < 30:
            head.append(head_words.pop(0))
        if not tail or not head:
            continue
        quote = " ".join(tail) + " " + " ".join(head)
        if not quotable(quote) or normalize(quote) in normalize(line) or normalize(quote) in normalize(page.lines[j]):
            continue
        start = page.unique(quote)
        if start is None:
            continue
        end = start + len(squash(quote))
        kind = where(page.stream, start, end)
        if kind in ("code", "mixed-code"):
            continue
        out.append((Citation("cross", quote, quote, start, end, kind, ["two-blocks"]), {i, j}))
    return out


def code_lines(page: Page) -> list[Citation]:
    out = []
    seen = set()
    for block in page.pre_texts:
        for raw in block.split("\n"):
            line = raw.strip()
            if line in seen or not quotable(line, MIN_CODE, MAX_CODE, letters=8):
                continue
            seen.add(line)
            start = page.unique(line)
            if start is None:
                continue
            end = start + len(squash(line))
            if where(page.stream, start, end) == "code":
                out.append(Citation("code", line, line, start, end, "code"))
    return out


def make_citations(page: Page, absent_pool: Sequence[tuple[str, str]], seed: int = SEED) -> list[Citation]:
    """The page's citations, deterministic for (seed, page name, page text, pool). Every citation comes from a
    different block, so that no two citations' true locations overlap."""
    rng = random.Random(f"trust-eval:{seed}:{page.name}")
    pool = candidates(page)
    used_lines: set[int] = set()
    out: list[Citation] = []

    def pick(category: str, kinds: Iterable[str], make: Any) -> None:
        """Up to PER_PAGE[category] citations from unused candidates of these kinds, in random order; `make`
        turns a candidate into a citation or None (it cannot be perturbed that way)."""
        eligible = [c for c in pool if c.where in kinds]
        chosen = []
        for candidate in rng.sample(eligible, len(eligible)):
            if len(chosen) == PER_PAGE[category]:
                break
            if candidate.line in used_lines:
                continue
            citation = make(candidate)
            if citation is not None:
                chosen.append(citation)
                used_lines.add(candidate.line)
        out.extend(sorted(chosen, key=lambda c: c.start))

    def perturbed(category: str, perturb: Any) -> Any:
        def make(c: Candidate) -> Citation | None:
            done = perturb(c.text)
            if done is None or normalize(done[0]) in page.normalized:
                return None
            return Citation(category, done[0], c.text, c.start, c.end, c.where, done[1])

        return make

    indexed = ("prose", "table")
    pick("exact", indexed, lambda c: Citation("exact", c.text, c.text, c.start, c.end, c.where))

    def make_light(c: Candidate) -> Citation:
        text, applied = light(c.text, rng)
        return Citation("light", text, c.text, c.start, c.end, c.where, applied)

    pick("light", indexed, make_light)
    vocabulary = sorted({w for c in pool for w in _WORD.findall(c.text) if len(_LETTER.findall(w)) >= 3}) or ["various"]
    pick("heavy", indexed, perturbed("heavy", lambda text: heavy(text, vocabulary, rng)))
    crosses = cross_segment(page, used_lines)
    taken = 0
    for citation, lines in rng.sample(crosses, len(crosses)):
        if taken == PER_PAGE["cross"]:
            break
        if lines & used_lines:
            continue
        used_lines |= lines
        out.append(citation)
        taken += 1
    codes = code_lines(page)
    out.extend(sorted(rng.sample(codes, min(PER_PAGE["code"], len(codes))), key=lambda c: c.start or 0))
    absents = 0
    for origin, sentence in rng.sample(list(absent_pool), min(len(absent_pool), 200)):
        if absents == PER_PAGE["absent"]:
            break
        if origin != page.name and page.absent(sentence):
            out.append(Citation("absent", sentence, None, None, None, None, origin=origin))
            absents += 1
    pick("typo", indexed, perturbed("typo", lambda text: typo(text, rng)))
    pick(
        "outside",
        ("heading", "outside"),
        lambda c: Citation("outside", c.text, c.text, c.start, c.end, c.where, [c.where]),
    )
    return out


def batches(citations: Sequence[Citation], size: int = BATCH) -> list[list[Citation]]:
    """Round-robin over the categories (so that a batch mixes them), cut into batches of `size`."""
    by_category: dict[str, list[Citation]] = {}
    for citation in citations:
        by_category.setdefault(citation.category, []).append(citation)
    ordered: list[Citation] = []
    while any(by_category.values()):
        for category in CATEGORIES:
            if by_category.get(category):
                ordered.append(by_category[category].pop(0))
    return [ordered[i : i + size] for i in range(0, len(ordered), size)]


# -- the absent sentences: other pages' paragraphs, read from their HTML --------------------------------------


class _Paragraphs(html.parser.HTMLParser):
    """Text inside <p> elements, outside script/style."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.skip = 0
        self.current: list[str] = []
        self.paragraphs: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("script", "style", "noscript", "template"):
            self.skip += 1
        elif tag == "p":
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "noscript", "template"):
            self.skip = max(0, self.skip - 1)
        elif tag == "p" and self.depth:
            self.depth -= 1
            if not self.depth:
                self.paragraphs.append(" ".join("".join(self.current).split()))
                self.current = []

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skip:
            self.current.append(data)


def paragraph_sentences(html_text: str) -> list[str]:
    parser = _Paragraphs()
    parser.feed(html_text)
    parser.close()
    return [s for p in parser.paragraphs for s in sentences_in(p) if quotable(s)]


def absent_pool(pages_dir: Path) -> list[tuple[str, str]]:
    """(page, sentence) for every corpus page's paragraph sentences, in page order."""
    pool = []
    for path in sorted(pages_dir.glob("*.html")):
        for sentence in paragraph_sentences(path.read_bytes().decode("utf-8", "replace")):
            pool.append((path.stem, sentence))
    return pool


# -- checking what the content script did ----------------------------------------------------------------------


@dataclass
class Verdict:
    marks: int  # marks found in the page for this citation
    correct: int  # marks at the true location
    full: bool  # the marks cover the whole quote
    problems: list[str]
    marked_text: str  # the marks' text, joined in document order


def judge(citation: Citation, marks: Sequence[dict[str, Any]]) -> Verdict:
    """Check one citation's marks (each: {start, end, text, rendered, pre}) in stream coordinates.

    A mark is at the true location when it is rendered, non-empty, lies within [citation.start, citation.end) and,
    for code, inside a <pre>. The citation's marks cover the whole quote when they are all correct and their
    joined text (squashed) is the source's."""
    problems = []
    correct = 0
    for mark in marks:
        issue = None
        if not mark["rendered"]:
            issue = "a mark on text that is not rendered"
        elif mark["end"] <= mark["start"]:
            issue = "an empty mark"
        elif citation.start is None or citation.end is None:
            issue = "a mark for a quote that is not in the page"
        elif not (citation.start <= mark["start"] and mark["end"] <= citation.end):
            issue = "a mark outside the quote's true location"
        elif citation.category == "code" and not mark["pre"]:
            issue = "a code mark outside the <pre>"
        if issue:
            problems.append(f"{issue}: {mark['text'][:80]!r}")
        else:
            correct += 1
    joined = "".join(mark["text"] for mark in marks)
    full = (
        bool(marks)
        and correct == len(marks)
        and citation.source is not None
        and squash(joined) == squash(citation.source)
    )
    return Verdict(len(marks), correct, full, problems, joined)


def mark_spans(nodes: Sequence[tuple[str, int, int]], mark_count: int) -> list[dict[str, Any]]:
    """For each <mark> (by its index), its extent in stream coordinates and text, from the serialized nodes
    (text, flags, mark index or -1). Stream coordinates count rendered nodes only, as Stream does."""
    spans: list[dict[str, Any]] = [
        {"start": None, "end": None, "text": "", "rendered": True, "pre": True} for _ in range(mark_count)
    ]
    position = 0
    for text, flags, mark in nodes:
        squashed = squash(text) if flags & RENDERED else ""
        if mark >= 0:
            span = spans[mark]
            if span["start"] is None:
                span["start"] = position
            span["end"] = position + len(squashed)
            span["text"] += text
            span["rendered"] = span["rendered"] and bool(flags & RENDERED)
            span["pre"] = span["pre"] and bool(flags & IN_PRE)
        position += len(squashed)
    for span in spans:
        if span["start"] is None:  # a mark with no text node at all
            span.update(start=0, end=0, rendered=False, pre=False)
    return spans


# -- the browser side ------------------------------------------------------------------------------------------

#: Serializes the page: innerText, visible <pre> blocks, every text node under body (but script/style/noscript/
#: template, and whitespace-only or unrendered nodes outside marks) as [text, flags, mark index], and the marks.
SNAPSHOT_JS = r"""
(options) => {
  const MARK = 'mark.docmind-highlight';
  const root = document.querySelector('main') || document.querySelector('article') || document.body;
  const marks = Array.from(document.querySelectorAll(MARK));
  const markIndex = new Map(marks.map((m, i) => [m, i]));
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
  const rendered = new Map();
  const nodes = [];
  let textNodes = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    textNodes++;
    const parent = node.parentElement;
    if (!parent || skip.has(parent.tagName) || parent.closest('svg style, svg script')) continue;
    const mark = parent.closest(MARK);
    let visible = rendered.get(parent);
    if (visible === undefined) {
      visible = parent.checkVisibility({ visibilityProperty: true });
      rendered.set(parent, visible);
    }
    if (!mark && (!visible || !/\S/.test(node.data))) continue;
    const flags = (visible ? 1 : 0) | (parent.closest('pre') ? 2 : 0) | (parent.closest('h1,h2,h3,h4,h5,h6') ? 4 : 0)
      | (root.contains(node) ? 8 : 0) | (parent.closest('table') ? 16 : 0);
    nodes.push([node.data, flags, mark ? markIndex.get(mark) : -1]);
  }
  const out = {
    nodes,
    marks: marks.map((m) => m.dataset.citationId ?? null),
    nestedMarks: marks.filter((m) => m.parentElement && m.parentElement.closest(MARK)).length,
    textNodes,
    styles: document.querySelectorAll('style').length,
    visibility: document.visibilityState,
  };
  if (options.text) {
    out.innerText = document.body.innerText;
    out.pres = Array.from(document.querySelectorAll('pre'))
      .filter((pre) => pre.checkVisibility({ visibilityProperty: true }))
      .map((pre) => pre.innerText);
  }
  return out;
}
"""

#: Keeps the page's HTML and text-node count (in the page's own world, not the content script's) to compare later.
BASELINE_JS = r"""
() => {
  let textNodes = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) textNodes++;
  globalThis.__trustEvalBaseline = { html: document.documentElement.outerHTML, textNodes };
  return { length: globalThis.__trustEvalBaseline.html.length, textNodes };
}
"""

RESTORED_JS = r"""
() => {
  const before = globalThis.__trustEvalBaseline;
  const html = document.documentElement.outerHTML;
  let textNodes = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) textNodes++;
  const out = { same: html === before.html && textNodes === before.textNodes, textNodesBefore: before.textNodes,
    textNodesAfter: textNodes, lengthBefore: before.html.length, lengthAfter: html.length,
    marksLeft: document.querySelectorAll('mark.docmind-highlight').length };
  if (html !== before.html) {
    let i = 0;
    while (i < html.length && html[i] === before.html[i]) i++;
    out.firstDifference = i;
    out.before = before.html.slice(Math.max(0, i - 60), i + 100);
    out.after = html.slice(Math.max(0, i - 60), i + 100);
  }
  return out;
}
"""

#: Waits until the page's HTML stops changing (its own scripts), at most `timeout` ms.
QUIET_JS = r"""
async (timeout) => {
  const started = performance.now();
  let last = document.documentElement.outerHTML;
  let stable = 0;
  while (performance.now() - started < timeout) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = document.documentElement.outerHTML;
    stable = now === last ? stable + 1 : 0;
    last = now;
    if (stable >= 2) return Math.round(performance.now() - started);
  }
  return -1;
}
"""

SEND_JS = r"""
async ({ tabId, message }) => {
  const api = globalThis.browser ?? globalThis.chrome;
  return await api.tabs.sendMessage(tabId, message);
}
"""

TAB_IDS_JS = r"""
(async () => {
  const api = globalThis.browser ?? globalThis.chrome;
  const own = await api.tabs.getCurrent();
  const all = await api.tabs.query({});
  return [own.id, all.map((tab) => tab.id)];
})()
"""

#: Blocks every request that is not to the fixture server, so that pages load the same everywhere (no network,
#: no DNS waits): inline scripts and styles still run. Put first in <head>, before anything it governs.
CSP = (
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self' 'unsafe-inline' 'unsafe-eval' data: "
    'blob:">'
)


def with_csp(document: bytes) -> bytes:
    """The page with CSP added at the start of its <head> (or after <html>, or at the very start)."""
    for pattern in (rb"<head(?:\s[^>]*)?>", rb"<html(?:\s[^>]*)?>", rb"<!doctype[^>]*>"):
        match = re.search(pattern, document[:200_000], re.IGNORECASE)
        if match:
            return document[: match.end()] + CSP.encode() + document[match.end() :]
    return CSP.encode() + document


def is_utf8(document: bytes) -> bool:
    try:
        document.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


# -- the build ---------------------------------------------------------------------------------------------------


class Fatal(Exception):
    """Stop with this message and exit code."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def build() -> Path:
    """Build DocMind (Chrome, Edge, Firefox; production) from a scratch copy of the working tree; the build dir."""
    xtk = REPO / ".venv" / "bin" / "xtk"
    modules = REPO / "extension_src" / "node_modules"
    if not xtk.exists() or not modules.is_dir():
        raise Fatal("xtk or extension_src/node_modules is missing: run `make setup` first")
    project = copy_docmind(WORK / "project")
    done = subprocess.run(
        [str(xtk), "build", "--browser", "all", "--no-typecheck", "--project", str(project)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise Fatal(f"the build failed (xtk build exited {done.returncode}):\n{done.stdout}{done.stderr}", code=1)
    return project / "build"


def sizes(build_dir: Path) -> dict[str, dict[str, int]]:
    out = {}
    for browser in ("chrome", "firefox"):
        path = build_dir / browser / "content" / "index.js"
        data = path.read_bytes()
        out[browser] = {
            "bytes": len(data),
            "gzip_bytes": len(gzip.compress(data, 9, mtime=0)),
            "sha256": hashlib.sha256(data).hexdigest()[:16],
        }
    return out


# -- driving one page --------------------------------------------------------------------------------------------


class Driver:
    """Chromium with DocMind's Chrome build, the corpus served from 127.0.0.1, and one extension page kept open
    (the popup, bound to its own tab: closing it would clear that tab's highlights, never the pages')."""

    def __init__(self, build_dir: Path, pages_dir: Path) -> None:
        from toolchain.browsers import FixtureServer, launch

        pages = {}
        for path in sorted(pages_dir.glob("*.html")):
            data = path.read_bytes()
            if not is_utf8(data):  # served as UTF-8 (12 corpus pages declare no charset)
                raise Fatal(f"{path}: not UTF-8; the server serves every page as UTF-8")
            pages[f"/{path.name}"] = with_csp(data)
        self.server = FixtureServer(root=pages_dir, pages=pages).start()
        runs = WORK / "browser-runs"
        shutil.rmtree(runs, ignore_errors=True)
        runs.mkdir(parents=True)
        try:
            self.browser = launch("chromium", build_dir / "chrome", workdir=runs)
        except BaseException:
            self.server.stop()
            raise
        try:
            self.probe = self.browser.open_extension_page("popup/index.html")
            self.engine = self.browser.evaluate(
                self.probe, "navigator.userAgent.match(/(HeadlessChrome|Chrome)\\/[\\d.]+/)[0]"
            )
            self.own_tab = self.browser.evaluate(self.probe, TAB_IDS_JS)[0]
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        try:
            self.browser.close()
        finally:
            self.server.stop()

    def tab_ids(self) -> set[int]:
        return set(self.browser.evaluate(self.probe, TAB_IDS_JS)[1])

    def send(self, tab_id: int, message: dict[str, Any], timeout: float = 120) -> Any:
        return self.browser.evaluate(self.probe, SEND_JS, arg={"tabId": tab_id, "message": message}, timeout=timeout)


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def run_page(driver: Driver, name: str, pool: Sequence[tuple[str, str]], seed: int) -> dict[str, Any]:
    """Open the page, generate its citations, inject them batch by batch, check, clear; the page's record."""
    browser = driver.browser
    before = driver.tab_ids()
    tab = browser.open_tab(driver.server.url(f"/{name}.html"))
    record: dict[str, Any] = {"page": name, "citations": [], "injections": [], "problems": []}
    try:
        new = driver.tab_ids() - before - {driver.own_tab}
        if len(new) != 1:
            raise RuntimeError(f"cannot tell the page's tab id: new tabs {sorted(new)}")
        tab_id = new.pop()
        record["quiet_ms"] = browser.evaluate(tab, QUIET_JS, arg=5000, timeout=15)
        snapshot = browser.evaluate(tab, SNAPSHOT_JS, arg={"text": True}, timeout=60)
        if snapshot["marks"]:
            record["problems"].append(f"{len(snapshot['marks'])} DocMind marks before any injection")
        page = Page(name, snapshot["innerText"], snapshot["pres"], [(t, f) for t, f, _ in snapshot["nodes"]])
        record["text_chars"] = len(page.inner_text)
        citations = make_citations(page, pool, seed)
        far, record["far_questions"] = far_citations(page, citations, seed, candidates, Citation, squash)
        citations += far
        browser.evaluate(tab, BASELINE_JS, arg=None, timeout=30)
        unsupported = None
        for number, batch in enumerate(batches(citations), start=1):
            if unsupported:
                for citation in batch:
                    record["citations"].append(
                        {
                            **citation_record(citation, page),
                            "status": "not-run",
                            "reason": f"page unsupported: {unsupported}",
                        }
                    )
                continue
            visibility = browser.evaluate(tab, "document.visibilityState")
            if visibility != "visible":
                record["problems"].append(f"batch {number}: the page's visibilityState is {visibility!r}")
            message = {
                "type": "INJECT_HIGHLIGHTS",
                "citations": [
                    {"id": f"cite-{i}", "text": c.text, "relevance": ""} for i, c in enumerate(batch, start=1)
                ],
            }
            started = time.perf_counter()
            answer = driver.send(tab_id, message)
            wall_ms = (time.perf_counter() - started) * 1000
            if not isinstance(answer, dict) or answer.get("type") != "HIGHLIGHTS_INJECTED":
                raise RuntimeError(f"INJECT_HIGHLIGHTS answered {json.dumps(answer)[:300]}")
            after = browser.evaluate(tab, SNAPSHOT_JS, arg={"text": False}, timeout=60)
            lifecycle = answer.get("lifecycle", {})
            if lifecycle.get("state") == "unsupported":
                unsupported = lifecycle.get("reason")
                record["unsupported"] = unsupported
            record["injections"].append(
                {
                    "batch": number,
                    "wall_ms": round(wall_ms, 1),
                    "stats": answer.get("stats"),
                    "lifecycle": lifecycle,
                    "styles_during": after["styles"],
                }
            )
            record["injections"][-1].update(check_batch(record, page, batch, answer, after))
            cleared = driver.send(tab_id, {"type": "CLEAR_HIGHLIGHTS"})
            if not isinstance(cleared, dict) or cleared.get("type") != "CLEARED":
                raise RuntimeError(f"CLEAR_HIGHLIGHTS answered {json.dumps(cleared)[:300]}")
            restored = browser.evaluate(tab, RESTORED_JS, arg=None, timeout=30)
            record["injections"][-1]["restored"] = restored["same"]
            if not restored["same"]:
                record.setdefault("restore_first_failed_after_batch", number)
            slice_ms = (answer.get("stats") or {}).get("longestSliceMs", 0)
            if slice_ms >= GOAL_SLICE_MS:
                # On a shared machine one slice can be stretched by preemption: inject the same batch again to see
                # whether it reproduces (the results above stay those of the first injection).
                retries = []
                for _ in range(SLICE_RETRIES):
                    again = driver.send(tab_id, message)
                    retries.append(
                        (again.get("stats") or {}).get("longestSliceMs") if isinstance(again, dict) else None
                    )
                    driver.send(tab_id, {"type": "CLEAR_HIGHLIGHTS"})
                record["injections"][-1]["slice_retries_ms"] = retries
        restored = browser.evaluate(tab, RESTORED_JS, arg=None, timeout=30)
        record["restore"] = restored
        if not restored["same"]:
            restored["page_drifts_by_itself"] = page_drifts(driver, name)
    finally:
        browser.close_tab(tab)
    return record


def page_drifts(driver: Driver, name: str) -> bool:
    """Does the page change its own HTML over 3 s without DocMind (a control for a restore failure)?"""
    tab = driver.browser.open_tab(driver.server.url(f"/{name}.html"))
    try:
        driver.browser.evaluate(tab, QUIET_JS, arg=5000, timeout=15)
        driver.browser.evaluate(tab, BASELINE_JS, arg=None, timeout=30)
        time.sleep(3)
        return not driver.browser.evaluate(tab, RESTORED_JS, arg=None, timeout=30)["same"]
    finally:
        driver.browser.close_tab(tab)


def citation_record(citation: Citation, page: Page) -> dict[str, Any]:
    out: dict[str, Any] = {"category": citation.category, "quote": citation.text}
    if citation.source is not None and citation.source != citation.text:
        out["source"] = citation.source
    if citation.where:
        out["where"] = citation.where
    if citation.perturbations:
        out["perturbations"] = citation.perturbations
    if citation.origin:
        out["from_page"] = citation.origin
    if citation.start is not None and citation.end is not None:
        out["text_nodes"] = len(
            page.stream.node_flags(citation.start, citation.end)
        )  # the page's, at the true location
    return out


def check_batch(
    record: dict[str, Any], page: Page, batch: Sequence[Citation], answer: dict[str, Any], after: dict[str, Any]
) -> dict[str, Any]:
    """Judge every citation of the batch against the marks in the page; append to record['citations']."""
    results = {r.get("citationId"): r for r in answer.get("results", [])}
    spans = mark_spans(after["nodes"], len(after["marks"]))
    by_id: dict[str | None, list[dict[str, Any]]] = {}
    for span, citation_id in zip(spans, after["marks"]):
        by_id.setdefault(citation_id, []).append(span)
    stream_after = Stream([(t, f) for t, f, _ in after["nodes"]])
    out: dict[str, Any] = {}
    if stream_after.text != page.stream.text:
        out["text_changed"] = True
        record["problems"].append("the page's rendered text changed while highlights were on")
    if after["nestedMarks"]:
        record["problems"].append(f"{after['nestedMarks']} marks nested in other marks")
    ids = {f"cite-{i}" for i in range(1, len(batch) + 1)}
    stray = [cid for cid in by_id if cid not in ids]
    for cid in stray:
        record["problems"].append(f"{len(by_id[cid])} marks with an unknown citation id {cid!r}")
        record.setdefault("stray_marks", 0)
        record["stray_marks"] += len(by_id[cid])
    for i, citation in enumerate(batch, start=1):
        cid = f"cite-{i}"
        result = results.get(cid, {})
        verdict = judge(citation, by_id.get(cid, []))
        entry = citation_record(citation, page)
        entry.update(
            {
                "status": result.get("status", "missing"),
                "confidence": result.get("confidence"),
                "skipReason": result.get("skipReason"),
                "segmentType": result.get("segmentType"),
                "reported_marks": result.get("marks"),
                "marks": verdict.marks,
                "correct_marks": verdict.correct,
                "full": verdict.full,
            }
        )
        if verdict.problems:
            entry["problems"] = verdict.problems
        if verdict.marks and not verdict.full:
            entry["marked_text"] = verdict.marked_text[:300]
        if result.get("marks") is not None and result.get("marks") != verdict.marks:
            entry.setdefault("problems", []).append(
                f"reported {result.get('marks')} marks, {verdict.marks} in the page"
            )
        record["citations"].append(entry)
    return out


# -- the report -------------------------------------------------------------------------------------------------


def ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def expands(text: str) -> bool:
    """Does the page's own text change length under NFKD (…, ligatures, decomposed accents)? Then the content
    script must map offsets in normalized text back to the page's text, not assume one unit per unit."""
    import unicodedata

    return len(unicodedata.normalize("NFKD", text)) != len(text)


def summarize(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    citations = [dict(c, page=r["page"]) for r in records for c in r["citations"]]
    ran = [c for c in citations if c["status"] != "not-run"]
    unsupported_pages = {r["page"]: r["unsupported"] for r in records if r.get("unsupported")}
    categories: dict[str, Any] = {}
    for category in CATEGORIES:
        group = [c for c in ran if c["category"] == category]
        supported = [c for c in group if c["page"] not in unsupported_pages]
        statuses = Counter(
            c["status"] + (f" ({c['skipReason']})" if c.get("skipReason") and c["status"] != "low-confidence" else "")
            for c in group
        )
        categories[category] = {
            "n": len(group),
            "on_unsupported_pages": len(group) - len(supported),
            "statuses": dict(sorted(statuses.items())),
            "matched": sum(c["status"] == "matched" for c in group),
            "marked": sum(c["marks"] > 0 for c in group),
            "marked_correctly": sum(c["marks"] > 0 and c["correct_marks"] == c["marks"] for c in group),
            "full": sum(c["full"] for c in group),
            "full_on_supported_pages": sum(c["full"] for c in supported),
            "supported": len(supported),
            "marks": sum(c["marks"] for c in group),
            "wrong_marks": sum(c["marks"] - c["correct_marks"] for c in group),
            "not_run": sum(c["status"] == "not-run" for c in citations if c["category"] == category),
        }
    marks = sum(c["marks"] for c in ran) + sum(r.get("stray_marks", 0) for r in records)
    correct = sum(c["correct_marks"] for c in ran)
    marked = [c for c in ran if c["marks"]]
    precision = {
        "marks": marks,
        "correct_marks": correct,
        "per_mark": ratio(correct, marks),
        "citations_marked": len(marked),
        "citations_marked_correctly": sum(c["correct_marks"] == c["marks"] for c in marked),
        "per_citation": ratio(sum(c["correct_marks"] == c["marks"] for c in marked), len(marked)),
    }
    precision["met"] = precision["per_mark"] is None or (
        precision["per_mark"] >= GOAL_PRECISION and precision["per_citation"] >= GOAL_PRECISION
    )
    recall: dict[str, Any] = {}
    for key, cats in (("exact", ("exact",)), ("light", ("light",)), ("exact+light", RECALL_CATEGORIES)):
        group = [c for c in ran if c["category"] in cats and c["page"] not in unsupported_pages]
        everywhere = [c for c in ran if c["category"] in cats]
        recall[key] = {
            "n": len(group),
            "full": sum(c["full"] for c in group),
            "recall": ratio(sum(c["full"] for c in group), len(group)),
            "n_including_unsupported_pages": len(everywhere),
            "recall_including_unsupported_pages": ratio(sum(c["full"] for c in everywhere), len(everywhere)),
        }
    recall["met"] = all(
        recall[k]["recall"] is not None and recall[k]["recall"] >= GOAL_RECALL for k in ("exact", "light")
    )
    restore_failures = [
        {
            "page": r["page"],
            "after_batch": r.get("restore_first_failed_after_batch"),
            **{k: v for k, v in r["restore"].items() if k != "same"},
        }
        for r in records
        if "restore" in r and not r["restore"]["same"]
    ]
    injections = [i for r in records for i in r["injections"] if i.get("stats")]
    index_ms = [i["stats"]["indexMs"] for i in injections]
    slices = [(i["stats"]["longestSliceMs"], r["page"]) for r in records for i in r["injections"] if i.get("stats")]
    # An injection over the goal reproduces when its retries are over it too.
    reproduced = [
        (i["stats"]["longestSliceMs"], r["page"], i["batch"], i.get("slice_retries_ms", []))
        for r in records
        for i in r["injections"]
        if i.get("stats") and i["stats"]["longestSliceMs"] >= GOAL_SLICE_MS
    ]
    timing: dict[str, Any] = {"injections": len(injections)}
    if index_ms:
        largest = max(
            (r for r in records if any(i.get("stats") for i in r["injections"])),
            key=lambda r: max(i["stats"]["textNodes"] for i in r["injections"] if i.get("stats")),
        )
        largest_stats = [i["stats"] for i in largest["injections"] if i.get("stats")]
        timing.update(
            {
                "index_ms": {
                    "p50": round(statistics.median(index_ms), 1),
                    "p95": round(percentile(index_ms, 0.95), 1),
                    "max": round(max(index_ms), 1),
                },
                "match_ms": {
                    "p50": round(statistics.median([i["stats"]["matchMs"] for i in injections]), 1),
                    "p95": round(percentile([i["stats"]["matchMs"] for i in injections], 0.95), 1),
                    "max": round(max(i["stats"]["matchMs"] for i in injections), 1),
                },
                "highlight_ms": {
                    "p95": round(percentile([i["stats"]["highlightMs"] for i in injections], 0.95), 1),
                    "max": round(max(i["stats"]["highlightMs"] for i in injections), 1),
                },
                "wall_ms": {
                    "p50": round(statistics.median([i["wall_ms"] for i in injections]), 1),
                    "p95": round(percentile([i["wall_ms"] for i in injections], 0.95), 1),
                },
                "largest_page": {
                    "page": largest["page"],
                    "textNodes": largest_stats[0]["textNodes"],
                    "segments": largest_stats[0]["segments"],
                    "index_ms": [round(s["indexMs"], 1) for s in largest_stats],
                    "unsupported": largest.get("unsupported"),
                },
                "longest_slice_ms": {
                    "p95": round(percentile([s for s, _ in slices], 0.95), 1),
                    "max": round(max(s for s, _ in slices), 1),
                    "max_page": max(slices)[1],
                    "over_goal": sorted({p for s, p in slices if s >= GOAL_SLICE_MS}),
                    "injections_over_goal": [
                        {
                            "page": p,
                            "batch": b,
                            "ms": ms,
                            "retries_ms": retries,
                            "reproduced": bool(retries) and all(x is not None and x >= GOAL_SLICE_MS for x in retries),
                        }
                        for ms, p, b, retries in reproduced
                    ],
                    "goal": (
                        f"< {GOAL_SLICE_MS:g} ms "
                        f"(an injection over it counts when its {SLICE_RETRIES} retries are over it too)"
                    ),
                    "met": not any(
                        retries and all(x is not None and x >= GOAL_SLICE_MS for x in retries)
                        for _, _, _, retries in reproduced
                    ),
                },
            }
        )
    failures, unexpected = [], []
    for c in ran:
        what = []
        if c["marks"] != c["correct_marks"]:
            what.append(
                f"{c['marks'] - c['correct_marks']} wrong mark(s) of {c['marks']}: " + "; ".join(c.get("problems", []))
            )
        if c["category"] in RECALL_CATEGORIES and not c["full"] and c["page"] not in unsupported_pages:
            what.append(
                f"not fully marked: status {c['status']}"
                + (f" ({c['skipReason']})" if c.get("skipReason") else "")
                + f", confidence {c['confidence']}, {c['marks']} mark(s)"
                + (f" covering {c.get('marked_text', '')[:120]!r}" if c["marks"] else "")
            )
        if c["category"] in NO_MARK_CATEGORIES and c["marks"] and c["marks"] == c["correct_marks"]:
            # Not a precision error (the marks are on the quote's own text), but not what the category expects.
            unexpected.append(
                {
                    "page": c["page"],
                    "category": c["category"],
                    "quote": c["quote"],
                    "where": c.get("where"),
                    "status": c["status"],
                    "confidence": c["confidence"],
                    "marks": c["marks"],
                    "marked_text": c.get("marked_text", c.get("source", c["quote"]))[:200],
                }
            )
        if c.get("problems") and not what:
            what.append("; ".join(c["problems"]))
        if what:
            failures.append(
                {
                    "page": c["page"],
                    "category": c["category"],
                    "quote": c["quote"],
                    **({"source": c["source"]} if "source" in c else {}),
                    "where": c.get("where"),
                    "status": c["status"],
                    "confidence": c["confidence"],
                    "what": " | ".join(what),
                }
            )
    sources: dict[str, Any] = {}
    for category in RECALL_CATEGORIES:
        group = [c for c in ran if c["category"] == category and c["page"] not in unsupported_pages]
        wide = [c for c in group if expands(c.get("source", c["quote"]))]
        other = [c for c in group if not c.get("source", c["quote"]).isascii()]
        several = [c for c in group if c.get("text_nodes", 1) > 1]
        sources[category] = {
            "several_text_nodes": len(several),
            "several_text_nodes_full": sum(c["full"] for c in several),
            "non_ascii": len(other),
            "non_ascii_full": sum(c["full"] for c in other),
            "nfkd_changes_length": len(wide),
            "nfkd_changes_length_full": sum(c["full"] for c in wide),
        }
    sources["light_perturbations"] = dict(
        Counter(p for c in ran if c["category"] == "light" for p in c.get("perturbations", [])).most_common()
    )
    return {
        "categories": categories,
        "far": summarize_far(records),
        "sources": sources,
        "precision": precision,
        "recall": recall,
        "restore_failures": restore_failures,
        "timing": timing,
        "unsupported_pages": [{"page": p, "reason": reason} for p, reason in sorted(unsupported_pages.items())],
        "unsupported_by_reason": dict(Counter(unsupported_pages.values())),
        "failures": failures,
        "marked_though_not_expected": unexpected,
    }


def pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f} %"


def met(flag: bool) -> str:
    return "met" if flag else "NOT met"


def print_report(
    summary: dict[str, Any], size: dict[str, dict[str, int]], pages_run: int, errors: Sequence[dict[str, str]]
) -> None:
    print()
    header = (
        f"{'category':10s}{'n':>5s}{'matched':>9s}{'marked':>8s}{'correct':>9s}{'whole':>7s}{'wrong':>7s}  statuses"
    )
    print(header)
    print("-" * len(header))
    for category, c in summary["categories"].items():
        statuses = ", ".join(f"{k} {v}" for k, v in c["statuses"].items())
        print(
            f"{category:10s}{c['n']:>5d}{c['matched']:>9d}{c['marked']:>8d}"
            f"{c['marked_correctly']:>9d}{c['full']:>7d}{c['wrong_marks']:>7d}  {statuses}"
        )
    print(
        "  (marked: citations with a mark; correct: all their marks at the quote's true location; whole: the marks\n"
        "   cover the whole quote; wrong: marks anywhere else)"
    )
    p, r = summary["precision"], summary["recall"]
    print()
    print(
        f"precision of marks (goal 100 %): {pct(p['per_mark'])} of {p['marks']} marks, "
        f"{pct(p['per_citation'])} of {p['citations_marked']} marked citations — {met(p['met'])}"
    )
    for key in ("exact", "light", "exact+light"):
        x = r[key]
        print(
            f"recall, {key:12s}(goal ≥ {100 * GOAL_RECALL:.0f} %): {pct(x['recall'])} "
            f"({x['full']}/{x['n']} on supported pages; "
            f"{pct(x['recall_including_unsupported_pages'])} counting unsupported pages)"
        )
    print(f"recall goal: {met(r['met'])}")
    src = summary["sources"]
    print(
        "  quotes whose page text spans several text nodes (links, emphasis…): "
        + "; ".join(
            f"{k} {src[k]['several_text_nodes_full']}/{src[k]['several_text_nodes']} whole" for k in RECALL_CATEGORIES
        )
    )
    print(
        "  page text that is not plain ASCII: "
        + "; ".join(
            f"{k} {src[k]['non_ascii_full']}/{src[k]['non_ascii']} whole ({src[k]['nfkd_changes_length_full']}/"
            f"{src[k]['nfkd_changes_length']} where NFKD changes the length)"
            for k in RECALL_CATEGORIES
        )
    )
    print("  light perturbations applied: " + ", ".join(f"{k} {v}" for k, v in src["light_perturbations"].items()))
    print_far(summary["far"])
    restore = summary["restore_failures"]
    print(
        f"DOM not restored exactly (goal 0): {len(restore)} of {pages_run} pages — "
        f"{met(len(restore) <= GOAL_RESTORE_FAILURES)}"
        + (
            "".join(
                f"\n  {f['page']}: text nodes {f.get('textNodesBefore')}→{f.get('textNodesAfter')}, "
                "first difference at "
                f"{f.get('firstDifference')}: {f.get('after', '')[:100]!r}"
                for f in restore
            )
        )
    )
    unsupported = summary["unsupported_pages"]
    print(
        f"pages DocMind cannot highlight (lifecycle unsupported): {len(unsupported)} of {pages_run}"
        + (": " + ", ".join(f"{u['page']} ({u['reason']})" for u in unsupported) if unsupported else "")
    )
    t = summary["timing"]
    if "index_ms" in t:
        print(
            f"indexing (stats.indexMs, {t['injections']} injections): "
            f"p50 {t['index_ms']['p50']} ms, p95 {t['index_ms']['p95']} ms, "
            f"max {t['index_ms']['max']} ms; largest page {t['largest_page']['page']} "
            f"({t['largest_page']['textNodes']} text nodes, "
            f"{t['largest_page']['segments']} segments): {t['largest_page']['index_ms']} ms"
        )
        print(
            f"matching p50 {t['match_ms']['p50']} ms, p95 {t['match_ms']['p95']} ms, max {t['match_ms']['max']} ms; "
            f"highlighting p95 {t['highlight_ms']['p95']} ms; "
            f"whole round trip p50 {t['wall_ms']['p50']} ms, p95 {t['wall_ms']['p95']} ms"
        )
        s = t["longest_slice_ms"]
        over = s["injections_over_goal"]
        print(
            f"longest main-thread slice (goal < {GOAL_SLICE_MS:g} ms): "
            f"p95 {s['p95']} ms, max {s['max']} ms ({s['max_page']}); "
            f"{len(over)} of {t['injections']} injections at or over it"
            + "".join(
                f"\n  {o['page']} batch {o['batch']}: {o['ms']} ms, again {o['retries_ms']} ms — "
                f"{'reproduced' if o['reproduced'] else 'not reproduced'}"
                for o in over
            )
            + f"\n  goal (reproduced over-goal slices: 0) — {met(s['met'])}"
        )
    for browser, figures in size.items():
        print(
            f"content script, {browser}: {figures['bytes']:,} bytes minified, {figures['gzip_bytes']:,} gzipped "
            f"(goal ≤ {GOAL_SIZE_BYTES:,}) — {met(figures['bytes'] <= GOAL_SIZE_BYTES)}"
        )
    unexpected = summary["marked_though_not_expected"]
    print(
        f"marked at their true location though their category expects no mark (not precision errors): {len(unexpected)}"
        + "".join(f"\n  {u['page']} [{u['category']}] {u['quote'][:70]!r}" for u in unexpected[:10])
    )
    failures = summary["failures"]
    print(f"\nfailures listed in the JSON (wrong marks, exact/light quotes not fully marked): {len(failures)}")
    for f in failures[:40]:
        print(f"  {f['page']} [{f['category']}] {f['quote'][:70]!r}: {f['what'][:200]}")
    if len(failures) > 40:
        print(f"  … {len(failures) - 40} more in the JSON")
    for error in errors:
        print(f"ERROR {error['page']}: {error['error']}")


def dump(report: dict[str, Any]) -> str:
    """JSON, indented, but one line per citation and per page record (readable diffs between runs)."""
    parts = []
    for key, value in report.items():
        if key in ("citations", "page_records") and value:
            items = ",\n  ".join(
                json.dumps({k: v for k, v in item.items() if v is not None}, ensure_ascii=False) for item in value
            )
            parts.append(f" {json.dumps(key)}: [\n  {items}\n ]")
        else:
            text = json.dumps(value, indent=1, ensure_ascii=False).replace("\n", "\n ")
            parts.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def select_pages(pages_dir: Path, names: Sequence[str] | None, count: int | None) -> list[str]:
    every = sorted(path.stem for path in pages_dir.glob("*.html"))
    if names:
        missing = [n for n in names if n.removesuffix(".html") not in every]
        if missing:
            raise Fatal(f"no such corpus page: {', '.join(missing)} (in {pages_dir})")
        return [n.removesuffix(".html") for n in names]
    return every[:count] if count else every


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, metavar="N", help="only the first N corpus pages (by name)")
    parser.add_argument("--page", action="append", metavar="NAME", help="only this page (repeatable), e.g. wikipedia-3")
    parser.add_argument("--keep-going", action="store_true", help="record a page that cannot be driven and go on")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--corpus", type=Path, default=CORPUS_PAGES, help="the pages (default ../shared/corpus/pages)")
    parser.add_argument(
        "--json",
        type=Path,
        help=f"where to write the figures (default {RESULTS.relative_to(REPO)}, "
        f"or {PARTIAL_RESULTS.relative_to(REPO)} for a partial run)",
    )
    args = parser.parse_args()
    try:
        return run(args)
    except Fatal as fatal:
        print(f"trust_eval: {fatal}", file=sys.stderr)
        return fatal.code


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    corpus = args.corpus.resolve()
    if not corpus.is_dir() or not any(corpus.glob("*.html")):
        raise Fatal(
            f"the corpus is missing: {corpus} holds no *.html (the shared corpus lives beside the repository, "
            "in ../shared/corpus/pages)"
        )
    names = select_pages(corpus, args.page, args.pages)
    partial = bool(args.page or args.pages)
    out_path = args.json or (PARTIAL_RESULTS if partial else RESULTS)
    load_at_start = os.getloadavg()[0]
    print("building DocMind (xtk build --browser all, production) from the working tree…", flush=True)
    build_dir = build()
    size = sizes(build_dir)
    pool = absent_pool(corpus)
    print(
        f"{len(names)} pages; absent-sentence pool {len(pool)} sentences from {len({p for p, _ in pool})} pages",
        flush=True,
    )
    records: list[dict[str, Any]] = []
    errors: list[dict[str, str]] = []
    from toolchain.browsers import BrowserError

    try:
        driver = Driver(build_dir, corpus)
    except BrowserError as error:
        raise Fatal(
            f"cannot start headless Chromium with DocMind's Chrome build: {error} (`make browsers` installs it)", code=1
        ) from error
    try:
        for number, name in enumerate(names, start=1):
            page_started = time.perf_counter()
            try:
                record = run_page(driver, name, pool, args.seed)
            except Exception as error:
                message = f"{type(error).__name__}: {error}"
                errors.append({"page": name, "error": message, "traceback": traceback.format_exc()[-2000:]})
                print(f"[{number}/{len(names)}] {name}: ERROR {message}", flush=True)
                if not args.keep_going:
                    break
                continue
            records.append(record)
            counts = Counter(c["status"] for c in record["citations"])
            wrong = sum(c["marks"] - c["correct_marks"] for c in record["citations"] if c["status"] != "not-run")
            print(
                f"[{number}/{len(names)}] {name}: {len(record['citations'])} citations "
                f"({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))})"
                + (f", UNSUPPORTED {record['unsupported']}" if record.get("unsupported") else "")
                + (f", {wrong} WRONG MARKS" if wrong else "")
                + ("" if record.get("restore", {}).get("same", True) else ", DOM NOT RESTORED")
                + f" — {time.perf_counter() - page_started:.1f} s",
                flush=True,
            )
        extension_errors = driver.browser.extension_errors()
        engine = driver.engine
    finally:
        driver.close()

    summary = summarize(records)
    print_report(summary, size, len(records), errors)
    if extension_errors:
        print(f"extension errors: {len(extension_errors)}")
        for line in extension_errors[:10]:
            print(f"  {line}")
    load = os.getloadavg()[0]
    busy = max(load, load_at_start) > (os.cpu_count() or 1)
    print(
        f"load average (1 min): {load_at_start:.2f} at the start, {load:.2f} at the end, on {os.cpu_count()} CPUs"
        + (" — the machine was busy: the timings are noisy" if busy else "")
    )
    report = {
        "date": datetime.date.today().isoformat(),
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "load_average_1min": {"start": round(load_at_start, 2), "end": round(load, 2)},
        },
        "git": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
        ).stdout.strip(),
        "working_tree_content_script_changed": bool(
            subprocess.run(
                ["git", "status", "--porcelain", "--", "extension_src/src"], cwd=REPO, capture_output=True, text=True
            ).stdout.strip()
        ),
        "engine": engine,
        "seed": args.seed,
        "pages": {"selected": len(names), "run": len(records), "errors": errors},
        "per_page": PER_PAGE,
        "goals": {
            "precision": {
                "goal": "100 % of marks at the quote's true location",
                "value": summary["precision"]["per_mark"],
                "met": summary["precision"]["met"],
            },
            "recall": {
                "goal": f"≥ {100 * GOAL_RECALL:.0f} % of exact and of light quotes fully marked (supported pages)",
                "exact": summary["recall"]["exact"]["recall"],
                "light": summary["recall"]["light"]["recall"],
                "met": summary["recall"]["met"],
            },
            "far_recall": {
                "goal": "reported: questions about quotes past 30,000 characters, cited and fully marked",
                "value": summary["far"]["recall"],
            },
            "dom_restore": {
                "goal": "0 pages",
                "value": len(summary["restore_failures"]),
                "met": len(summary["restore_failures"]) <= GOAL_RESTORE_FAILURES,
            },
            "content_script_size": {
                "goal": f"≤ {GOAL_SIZE_BYTES} bytes minified",
                "value": size,
                "met": all(s["bytes"] <= GOAL_SIZE_BYTES for s in size.values()),
            },
            "longest_slice": {
                "goal": f"< {GOAL_SLICE_MS:g} ms",
                "value": summary["timing"].get("longest_slice_ms", {}).get("max"),
                "met": summary["timing"].get("longest_slice_ms", {}).get("met"),
            },
        },
        **summary,
        "extension_errors": extension_errors,
        "page_records": [
            {
                "page": r["page"],
                "text_chars": r.get("text_chars"),
                "quiet_ms": r.get("quiet_ms"),
                "citations": len(r["citations"]),
                "unsupported": r.get("unsupported"),
                "problems": r["problems"],
                "restored": r.get("restore", {}).get("same"),
                "injections": [dict(i.items()) for i in r["injections"]],
            }
            for r in records
        ],
        "citations": [dict(c, page=r["page"]) for r in records for c in r["citations"]],
        "seconds": round(time.perf_counter() - started, 1),
    }
    out_path.parent.mkdir(parents=True, exist_ok=True)
    out_path.write_text(dump(report))
    shown = out_path.relative_to(REPO) if out_path.is_relative_to(REPO) else out_path
    print(f"\nwrote {shown} ({report['seconds']} s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
