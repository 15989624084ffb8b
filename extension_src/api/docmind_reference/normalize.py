"""`normalizeForMatching` (seed 000 §6.5), as specs/semantics.md defines it across languages."""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

from docmind_reference.text import WHITESPACE_RUN, js_trim, well_formed

SegmentType = Literal["prose", "code", "heading"]

#: Combining diacritical marks removed after NFKD. The seed removes U+0300–036F; we also remove the other
#: "Combining Diacritical Marks" blocks (Extended, Supplement, for Symbols, Half Marks), so accents written with
#: them (U+1AB0…) do not survive either. Fixed ranges, not a general category: the same in every Unicode version.
COMBINING_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_SPACES = re.compile("[\u00a0\u2000-\u200b\u202f\u205f\u3000]")
_DASHES = re.compile("[\u2010-\u2015\u2212]")
_SPACE_RUN = re.compile(" +")


def normalize_for_matching(value: str, kind: SegmentType) -> str:
    """Text as the matcher compares it: compatibility-decomposed, unaccented, one kind of quote, dash and space,
    whitespace collapsed (prose, headings) or only runs of spaces collapsed (code), trimmed, lowercased."""
    normalized = unicodedata.normalize("NFKD", well_formed(value))
    normalized = COMBINING_MARKS.sub("", normalized)
    normalized = _SPACES.sub(" ", normalized)
    normalized = normalized.replace("\u2018", "'").replace("\u2019", "'")
    normalized = normalized.replace("\u201c", '"').replace("\u201d", '"')
    normalized = _DASHES.sub("-", normalized)
    normalized = normalized.replace("\u2026", "...")
    if kind == "code":
        normalized = _SPACE_RUN.sub(" ", normalized)
    else:
        normalized = WHITESPACE_RUN.sub(" ", normalized)
    return js_trim(normalized).lower()
