"""Candidate citations: the page's sentences, as exact substrings that never cross a block.

The extension sends `document.body.innerText`: block elements are separated by `\\n`, table cells by `\\t`, and it
matches a citation within one block. So the text is cut into lines first and sentences are found inside a line;
a sentence longer than the §6.3a limit (300 code units) is cut into pieces at clause or word boundaries. Every
candidate is `page_text[start:end]` exactly: same case, punctuation and spacing, so it highlights verbatim.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from docmind_reference.config import CITATION_LIMITS
from docmind_reference.text import length

from docmind_api.terms import words

MIN_CITATION = CITATION_LIMITS["MIN_TEXT_LENGTH"]
MAX_CITATION = CITATION_LIMITS["MAX_TEXT_LENGTH"]
#: Pieces of an over-long sentence aim at the seed's "50–200 characters ideal" (§6.2).
PIECE_TARGET = 200

#: Anything that ends a block in innerText (and the other line terminators, to be safe).
_LINE = re.compile(r"[^\n\r\t\v\f\u0085\u2028\u2029]+")
#: Sentence-ending punctuation and the closing quotes/brackets after it: Latin-style marks end a sentence only
#: before whitespace ("3.5", "example.com" do not), CJK full stops (。！？) end one whether or not a space follows.
_END = re.compile(
    r"(?P<latin>[.!?\u2026]+[\"'\u201d\u2019)\]]*)\s+"
    r"|(?P<cjk>[\u3002\uff01\uff1f]+[\u300d\u300f\u201d\u2019)\uff09]*)\s*"
)
#: The (Latin, Greek or Cyrillic) word and inner dots before a dot: "Dr", "e.g", "J".
_WORD_BEFORE = re.compile(r"([A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff.]+)$")
_LETTERS = re.compile(r"[^\W\d_]")
_SPACE = re.compile(r"\s")
#: Where a long sentence may be cut: after a clause mark and its space.
_CLAUSE = re.compile(r"[;:,]\s|\s[\u2013\u2014-]\s")

#: Words whose final dot is not a sentence end ("Dr. Smith", "e.g. this", "Fig. 3").
ABBREVIATIONS = frozenset(
    """mr mrs ms dr prof sr jr st mt ft vs etc al fig figs eq eqs vol vols pp approx ca cf gen gov rep sen rev lt
    col capt sgt dept univ est inc ltd co corp jan feb aug sept sep oct nov dec""".split()
)


@dataclass(frozen=True)
class Span:
    start: int  # index into the page text (Python code points)
    end: int
    line: int  # which block of the page it belongs to

    def text(self, page: str) -> str:
        return page[self.start : self.end]


def _is_sentence_end(line: str, match: re.Match[str]) -> bool:
    """Is the punctuation at `match` the end of a sentence, not an abbreviation, an initial or a number?"""
    if match.group("cjk"):
        return True
    after = match.end()
    if after < len(line) and line[after].islower():
        return False  # "approx. three", "e.g. this": a sentence does not start lowercase
    if match.group("latin") != ".":
        return True
    word = _WORD_BEFORE.search(line, 0, match.start())
    if word is None:
        return True
    token = word.group(1).lstrip(".").lower()
    if len(token) == 1 and token.isalpha():
        return False  # an initial: "J. Smith"
    if "." in token and len(token) <= 6:
        return False  # "e.g", "i.e", "u.s", "a.m"
    if token in ABBREVIATIONS:
        return False
    # "No. 5"
    return not (token == "no" and after < len(line) and line[after].isdigit())


def _sentences_in_line(line: str) -> Iterator[tuple[int, int]]:
    start = 0
    for match in _END.finditer(line):
        if _is_sentence_end(line, match):
            # The punctuation stays with the sentence, the whitespace after it does not.
            yield start, match.end("latin") if match.group("latin") else match.end("cjk")
            start = match.end()
    yield start, len(line)


def _cut_point(piece: str) -> int:
    """Where to cut a piece longer than PIECE_TARGET code units: after a clause mark, else at a space, else hard."""
    limit = 0
    units = 0
    for index, char in enumerate(piece):
        units += 2 if ord(char) > 0xFFFF else 1
        if units > PIECE_TARGET:
            break
        limit = index + 1
    window = piece[:limit]
    # m.end() - 1 is the space after the mark: the mark (comma, dash) stays with the first piece.
    clauses = [m.end() - 1 for m in _CLAUSE.finditer(window) if m.end() - 1 >= 60]
    if clauses:
        return clauses[-1]
    spaces = [m.start() for m in _SPACE.finditer(window) if m.start() >= 40]
    if spaces:
        return spaces[-1]
    return max(limit, 1)


def _pieces(page: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """(start, end) of `page[start:end]` cut into pieces of at most MAX_CITATION code units, trimmed."""
    while start < end and page[start].isspace():
        start += 1
    while end > start and page[end - 1].isspace():
        end -= 1
    while start < end and length(page[start:end]) > MAX_CITATION:
        cut = start + _cut_point(page[start:end])
        yield from _pieces(page, start, cut)
        start = cut
        while start < end and page[start].isspace():
            start += 1
    if start < end:
        yield start, end


def split_candidates(page: str) -> list[Span]:
    """Every sentence (or piece of a long one) of `page` that can be cited: 20–300 code units, within one block,
    with at least three words and a letter. In page order."""
    spans: list[Span] = []
    for line_index, line_match in enumerate(_LINE.finditer(page)):
        line = line_match.group()
        offset = line_match.start()
        for sentence_start, sentence_end in _sentences_in_line(line):
            for start, end in _pieces(page, offset + sentence_start, offset + sentence_end):
                piece = page[start:end]
                if not MIN_CITATION <= length(piece) <= MAX_CITATION:
                    continue
                if len(words(piece)) < 3 or not _LETTERS.search(piece):
                    continue
                spans.append(Span(start, end, line_index))
    return spans
