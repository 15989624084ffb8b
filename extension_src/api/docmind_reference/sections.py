"""Long pages (decision D16 in specs/semantics.md): which sections of a page DocMind reads for one question.

A page longer than MAX_PAGE_CHARS is split into heading-aware sections; the sections are ranked for the question
by BM25 over its terms, fused with their position by weighted Reciprocal Rank Fusion, and taken in that order
while they fit in the MAX_PAGE_CHARS budget. The result is offsets and counts only (UTF-16 code units), in page
order, so the extension sends the sections' text with their offsets and the popup says what was read.

Every number is computed with `+ − × ÷` in a fixed order (the logarithm too: `ln` below), so CPython and every
JavaScript engine agree bit for bit and rank alike — `Math.log` and C's `log` may differ in the last bit.
"""

from __future__ import annotations

from typing import Any

from docmind_reference.config import CHAT_CONFIG
from docmind_reference.normalize import normalize_for_matching
from docmind_reference.page import cut_end, cut_page
from docmind_reference.text import WHITESPACE, text, units

BUDGET: int = CHAT_CONFIG["MAX_PAGE_CHARS"]
#: A section is cut before the line that would take it past this many units (and a longer line is cut itself).
MAX_SECTION = 4_000
#: A heading starts a new section only when the current one holds at least this many units.
MIN_SECTION = 2_000
#: A heading is a non-empty line of at most this many units that does not end like a sentence.
MAX_HEADING = 80
_SENTENCE_END = ".!?,;:"
MIN_TERM = 3  # terms are runs of at least 3 units (as the matcher's tokens)
K1 = 1.2  # BM25
B = 0.75
RRF_K = 60  # Reciprocal Rank Fusion's usual constant
POSITION_WEIGHT = 0.2  # the position ranking's weight against BM25's 1: a prior toward the lead, no more
LN2 = 0.6931471805599453
#: Words of questions that say nothing about the page's content.
STOP_WORDS = frozenset(
    "about also and are but can could did does for from had has have how into its not page said say says should "
    "than that the their them then there these they this those was were what when where which who whom whose why "
    "will with would explain mean means tell article text".split()
)
_SEPARATORS = frozenset(WHITESPACE + "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def ln(x: float) -> float:
    """The natural logarithm of x ≥ 1 with IEEE basic operations only: x = m·2^k (m in [1, 2), exact halvings),
    ln m = 2·atanh((m − 1)/(m + 1)) by its series (s < 1/3: 24 terms are past double precision)."""
    k = 0
    while x >= 2:
        x = x / 2
        k += 1
    s = (x - 1) / (x + 1)
    s2 = s * s
    total = 0.0
    power = s
    for i in range(24):
        total = total + power / (2 * i + 1)
        power = power * s2
    return 2 * total + k * LN2


def _is_heading(line: str) -> bool:
    stripped = line.strip(WHITESPACE)
    return 0 < len(stripped) <= MAX_HEADING and stripped[-1] not in _SENTENCE_END


def _long_cut(unit_text: str, start: int) -> int:
    """Where a section starting at `start` that must end within MAX_SECTION units ends: after the last whitespace
    in its second half, else at MAX_SECTION (one unit less rather than split a surrogate pair)."""
    limit = start + MAX_SECTION
    for position in range(limit - 1, start + MAX_SECTION // 2 - 1, -1):
        if unit_text[position] in WHITESPACE:
            return position + 1
    return start + cut_end(unit_text[start:], MAX_SECTION)


def split_sections(unit_text: str) -> list[tuple[int, int]]:
    """[start, end) of every section: consecutive, covering the whole text. A section ends before a heading line
    once it holds MIN_SECTION units, and before any line that would take it past MAX_SECTION."""
    sections: list[tuple[int, int]] = []
    current = 0
    line_start = 0
    size = len(unit_text)
    while line_start < size:
        newline = unit_text.find("\n", line_start)
        line_end = size if newline < 0 else newline
        after = size if newline < 0 else newline + 1
        if line_start > current and (
            (_is_heading(unit_text[line_start:line_end]) and line_start - current >= MIN_SECTION)
            or after - current > MAX_SECTION
        ):
            sections.append((current, line_start))
            current = line_start
        while after - current > MAX_SECTION:
            cut = _long_cut(unit_text, current)
            sections.append((current, cut))
            current = cut
        line_start = after
    if current < size:
        sections.append((current, size))
    return sections


def terms(value: str) -> list[str]:
    """The terms of a text: normalizeForMatching (prose), then runs of units that are neither whitespace nor ASCII
    punctuation, at least MIN_TERM long."""
    normalized = units(normalize_for_matching(value, "prose"))
    found: list[str] = []
    start = -1
    for index, unit in enumerate(normalized + " "):
        if unit in _SEPARATORS:
            if start >= 0 and index - start >= MIN_TERM:
                found.append(normalized[start:index])
            start = -1
        elif start < 0:
            start = index
    return found


def question_terms(question: str) -> list[str]:
    """The question's distinct terms, in order of first appearance, without the stop words."""
    return list(dict.fromkeys(t for t in terms(question) if t not in STOP_WORDS))


def bm25_scores(section_terms: list[list[str]], query: list[str]) -> list[float]:
    count = len(section_terms)
    lengths = [len(t) for t in section_terms]
    average = sum(lengths) / count if count else 0.0
    frequencies = [dict.fromkeys(query, 0) for _ in section_terms]
    for index, found in enumerate(section_terms):
        for term in found:
            if term in frequencies[index]:
                frequencies[index][term] += 1
    scores = [0.0] * count
    for term in query:
        df = sum(1 for f in frequencies if f[term] > 0)
        if df == 0:
            continue
        idf = ln(1 + (count - df + 0.5) / (df + 0.5))
        for index, f in enumerate(frequencies):
            tf = f[term]
            if tf > 0:
                norm = 1 - B + B * lengths[index] / average
                scores[index] = scores[index] + idf * (tf * (K1 + 1)) / (tf + K1 * norm)
    return scores


def select_sections(page_text: str, question: str) -> dict[str, Any]:
    """`{sections: [{start, end}], sectionCount, pageLength, charactersAnalyzed, truncated}`: the sections read for
    `question`, in page order. A page within the budget is one section, read whole."""
    unit_text = units(page_text)
    size = len(unit_text)
    if not cut_page(page_text)["truncated"]:  # D14's cut: a page it reads whole is one section
        whole = [{"start": 0, "end": size}] if size else []
        return {
            "sections": whole,
            "sectionCount": len(whole),
            "pageLength": size,
            "charactersAnalyzed": size,
            "truncated": False,
        }
    spans = split_sections(unit_text)
    scores = bm25_scores([terms(text(unit_text[s:e])) for s, e in spans], question_terms(question))
    by_score = sorted(range(len(spans)), key=lambda i: (-scores[i], i))
    fused = [0.0] * len(spans)
    for rank, index in enumerate(by_score):
        fused[index] = 1 / (RRF_K + rank + 1) + POSITION_WEIGHT / (RRF_K + index + 1)
    chosen: list[int] = []
    used = 0
    for index in sorted(range(len(spans)), key=lambda i: (-fused[i], i)):
        start, end = spans[index]
        if used + end - start <= BUDGET:
            chosen.append(index)
            used += end - start
    sections = [{"start": spans[i][0], "end": spans[i][1]} for i in sorted(chosen)]
    return {
        "sections": sections,
        "sectionCount": len(spans),
        "pageLength": size,
        "charactersAnalyzed": used,
        "truncated": used < size,
    }
