"""The corpus pages as segments, and the `{"$corpus": {...}}` references golden vectors use instead of page text.

The corpus (80 real web pages, `../shared/corpus/pages/*.html`) is never copied into the repository. Corpus-derived
golden cases therefore hold *references*: any argument value, at any depth, may be `{"$corpus": SPEC}`, which
`resolve_reference(SPEC, corpus_root)` turns into a plain value before the function is called. The golden tooling
and the conformance harness resolve references with this module, so both see the same values.

Segments of a page
------------------
`extract_segments(html)` is deterministic and uses only the standard library (`html.parser`, with character
references decoded as `html.unescape` does):

- The file is read as UTF-8 (a leading byte-order mark is dropped).
- Nothing inside `head`, `script`, `style`, `noscript`, `template` or `svg` is text. `head` ends at `</head>`, at
  `<body>`, or at the first start tag that cannot be in a head (as a browser's parser implies it).
- A segment ends (and the next begins) at every start or end tag of a block element: `address article aside
  blockquote body br caption center dd details dialog dir div dl dt fieldset figcaption figure footer form frameset
  h1–h6 header hgroup hr html legend li main menu nav ol p pre section summary table tbody td tfoot th thead tr ul`.
  Inline tags (`a`, `span`, `code`, `em`, …) do not split text.
- A segment's `type` is `code` inside `pre` (and all its descendants), `heading` inside `h1`–`h6`, `prose`
  otherwise.
- A segment's text is the raw text as it is in the file after character references are decoded: whitespace,
  CR/LF and all are kept exactly (no collapsing, no newline normalization). Segments whose text is empty or only
  whitespace (the ECMAScript set, `text.WHITESPACE`) are dropped; the rest are numbered from 0 in document order.
- Hidden content (`hidden`, `display: none`) is kept: extraction knows no CSS.

The extraction follows `html.parser` of the CPython the reference is pinned to (3.11); a different parser release
could split a few pages differently, which `xtk golden check` would then report as differing corpus cases.

Reference forms
---------------
Every form names a page (`"page": "wikipedia-3.html"`, a file name in the corpus folder). Positions and lengths
are UTF-16 code units, as everywhere in specs/semantics.md; ranges `[from, to]` are half-open (`from` included,
`to` not) and must lie inside what they index.

String forms (each may also carry the modifiers below):

- `{"page": P, "segment": I}` — the raw text of segment `I`.
- `{"page": P, "joined": [FROM, TO]}` — the raw texts of segments `FROM … TO−1` joined with `"separator"`
  (optional, default `"\\n"`): text across segment boundaries (cross-segment quotes).
- `{"page": P, "fullText": KIND}` — `normalizeForMatching` (with `KIND`: `prose`, `code` or `heading`) of the raw
  texts of all the page's segments joined with `"\\n"`: the page text `validateCitation` checks quotes against.

Modifiers of a string form, applied in this order:

1. `"normalize": KIND` — `normalizeForMatching(text, KIND)` (not allowed with `fullText`, which is normalized);
2. `"slice": [START, END]` — code units `START … END−1` (may split a surrogate pair);
3. `"edits": [[OFFSET, DELETE, INSERT], …]` — applied one after another, each on the result of the previous
   one: remove `DELETE` code units at `OFFSET` and insert the string `INSERT` there.

List forms:

- `{"page": P, "segments": [FROM, TO]}` — `[{"normalizedText": normalizeForMatching(text, type), "type": type}, …]`
  for segments `FROM … TO−1` (the page index `matchCitations` takes; `segmentIndex` in results counts from FROM).
- `{"page": P, "segmentTexts": [FROM, TO]}` — the same segments' `normalizedText` strings only (the `segments`
  argument of `couldSpanSegments`).

A reference that names a missing page, an index or range outside the page, an unknown key, or a value of the wrong
type is an error (`CorpusReferenceError`); a missing corpus folder is `CorpusUnavailable`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from docmind_reference.normalize import SegmentType, normalize_for_matching
from docmind_reference.text import js_trim, text, units

KINDS = ("prose", "code", "heading")

SKIPPED = frozenset({"head", "script", "style", "noscript", "template", "svg"})
HEAD_CONTENT = frozenset(
    {"title", "meta", "link", "style", "script", "noscript", "base", "template", "basefont", "bgsound", "head"}
)
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
BLOCKS = frozenset(
    """address article aside blockquote body br caption center dd details dialog dir div dl dt fieldset figcaption
    figure footer form frameset h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main menu nav ol p pre section
    summary table tbody td tfoot th thead tr ul""".split()
)


class CorpusReferenceError(ValueError):
    """A `$corpus` reference that does not denote anything: bad form, missing page, index out of range."""


class CorpusUnavailable(CorpusReferenceError):
    """The corpus folder itself is not there."""


@dataclass(frozen=True)
class Segment:
    text: str  # raw text, as in the file after character references are decoded
    type: SegmentType


class _Extractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skip = dict.fromkeys(sorted(SKIPPED), 0)
        self.heading = False
        self.pre = 0
        self.buffer: list[str] = []
        self.buffer_kind: SegmentType = "prose"
        self.segments: list[Segment] = []

    @property
    def skipping(self) -> bool:
        return any(self.skip.values())

    def _kind(self) -> SegmentType:
        return "code" if self.pre else "heading" if self.heading else "prose"

    def flush(self) -> None:
        content = "".join(self.buffer)
        self.buffer = []
        if js_trim(content):
            self.segments.append(Segment(content, self.buffer_kind))

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if self.skip["head"] and tag not in HEAD_CONTENT and sum(self.skip.values()) == self.skip["head"]:
            self.skip["head"] = 0  # flow content (or <body>) implies </head>
        if tag in SKIPPED:
            self.skip[tag] += 1
            return
        if self.skipping:
            return
        if tag in BLOCKS:
            self.flush()
        if tag in HEADINGS:
            self.heading = True
        elif tag == "pre":
            self.pre += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED:
            if self.skip[tag]:
                self.skip[tag] -= 1
            return
        if self.skipping:
            return
        if tag in BLOCKS:
            self.flush()
        if tag in HEADINGS:
            self.heading = False
        elif tag == "pre" and self.pre:
            self.pre -= 1

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        kind = self._kind()
        if self.buffer and kind != self.buffer_kind:
            self.flush()
        self.buffer_kind = kind
        self.buffer.append(data)

    def close(self) -> None:
        super().close()
        self.flush()


def extract_segments(html: str) -> list[Segment]:
    """The page's segments, in document order (see the module docstring for the rules)."""
    parser = _Extractor()
    parser.feed(html)
    parser.close()
    return parser.segments


# -- the corpus on disk -------------------------------------------------------------------------------------


def corpus_available(root: Path) -> bool:
    return root.is_dir() and any(root.glob("*.html"))


def page_names(root: Path) -> list[str]:
    """The corpus pages, sorted by name."""
    if not corpus_available(root):
        raise CorpusUnavailable(f"corpus not found at {root}")
    return sorted(p.name for p in root.glob("*.html"))


@cache
def _page(root: str, page: str) -> tuple[Segment, ...]:
    folder = Path(root)
    if not corpus_available(folder):
        raise CorpusUnavailable(f"corpus not found at {folder}")
    if not isinstance(page, str) or not page.endswith(".html") or "/" in page or "\\" in page or page.startswith("."):
        raise CorpusReferenceError(f"page {page!r}: expected the file name of a page (name.html)")
    path = folder / page
    if not path.is_file():
        raise CorpusReferenceError(f"page {page!r} is not in the corpus ({folder})")
    return tuple(extract_segments(path.read_text(encoding="utf-8-sig")))


def page_segments(root: Path, page: str) -> tuple[Segment, ...]:
    """A page's segments (parsed once per process)."""
    return _page(str(root), page)


@cache
def _normalized(root: str, page: str) -> tuple[str, ...]:
    return tuple(normalize_for_matching(s.text, s.type) for s in _page(root, page))


def normalized_texts(root: Path, page: str) -> tuple[str, ...]:
    """`normalizeForMatching(text, type)` of every segment of a page."""
    return _normalized(str(root), page)


@cache
def _full_text(root: str, page: str, kind: SegmentType) -> str:
    return normalize_for_matching("\n".join(s.text for s in _page(root, page)), kind)


# -- resolving references -----------------------------------------------------------------------------------

_STRING_FORMS = ("segment", "joined", "fullText")
_LIST_FORMS = ("segments", "segmentTexts")
_MODIFIERS = ("normalize", "slice", "edits")
_ALLOWED = {
    "segment": {"page", "segment", *_MODIFIERS},
    "joined": {"page", "joined", "separator", *_MODIFIERS},
    "fullText": {"page", "fullText", "slice", "edits"},
    "segments": {"page", "segments"},
    "segmentTexts": {"page", "segmentTexts"},
}


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _range(value: Any, limit: int, what: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(_int(v) for v in value)):
        raise CorpusReferenceError(f"{what}: expected [from, to] (two integers), got {value!r}")
    start, end = value
    if not 0 <= start <= end <= limit:
        raise CorpusReferenceError(f"{what}: [{start}, {end}] is outside [0, {limit}]")
    return start, end


def _kind(value: Any, what: str) -> SegmentType:
    if value not in KINDS:
        raise CorpusReferenceError(f"{what}: expected one of {', '.join(KINDS)}, got {value!r}")
    return value


def apply_edits(value: str, edits: Iterable[Any]) -> str:
    """`value` (an ordinary string) with `[offset, delete, insert]` edits applied in turn, in UTF-16 code units."""
    current = units(value)
    for number, edit in enumerate(edits):
        if not (
            isinstance(edit, list) and len(edit) == 3 and _int(edit[0]) and _int(edit[1]) and isinstance(edit[2], str)
        ):
            raise CorpusReferenceError(f"edits[{number}]: expected [offset, deleteCount, insertText], got {edit!r}")
        offset, delete, insert = edit
        if offset < 0 or delete < 0 or offset + delete > len(current):
            raise CorpusReferenceError(
                f"edits[{number}]: [{offset}, {delete}, …] is outside the text ({len(current)} code units)"
            )
        current = current[:offset] + units(insert) + current[offset + delete :]
    return text(current)


def resolve_reference(spec: Any, corpus_root: Path) -> Any:
    """The plain value a `$corpus` reference denotes (see the module docstring for the forms)."""
    if not isinstance(spec, dict):
        raise CorpusReferenceError(f"a corpus reference is an object, got {spec!r}")
    forms = [key for key in (*_STRING_FORMS, *_LIST_FORMS) if key in spec]
    if len(forms) != 1:
        raise CorpusReferenceError(
            f"a corpus reference needs exactly one of {', '.join(_STRING_FORMS + _LIST_FORMS)}; got keys {sorted(spec)}"
        )
    form = forms[0]
    unknown = sorted(set(spec) - _ALLOWED[form])
    if unknown:
        raise CorpusReferenceError(
            f"unknown key(s) {unknown} in a {form!r} reference; allowed: {sorted(_ALLOWED[form])}"
        )
    if "page" not in spec:
        raise CorpusReferenceError('a corpus reference needs "page"')
    segments = page_segments(corpus_root, spec["page"])
    root, page = str(corpus_root), spec["page"]

    if form in _LIST_FORMS:
        start, end = _range(spec[form], len(segments), form)
        texts = _normalized(root, page)[start:end]
        if form == "segmentTexts":
            return list(texts)
        return [{"normalizedText": t, "type": s.type} for t, s in zip(texts, segments[start:end])]

    if form == "segment":
        index = spec["segment"]
        if not _int(index) or not 0 <= index < len(segments):
            raise CorpusReferenceError(f"segment: {index!r} is not a segment index of {page} (0–{len(segments) - 1})")
        value = segments[index].text
    elif form == "joined":
        start, end = _range(spec["joined"], len(segments), "joined")
        separator = spec.get("separator", "\n")
        if not isinstance(separator, str):
            raise CorpusReferenceError(f"separator: expected a string, got {separator!r}")
        value = separator.join(s.text for s in segments[start:end])
    else:
        value = _full_text(root, page, _kind(spec["fullText"], "fullText"))

    if "normalize" in spec:
        value = normalize_for_matching(value, _kind(spec["normalize"], "normalize"))
    if "slice" in spec:
        unit_value = units(value)
        start, end = _range(spec["slice"], len(unit_value), "slice")
        value = text(unit_value[start:end])
    if "edits" in spec:
        if not isinstance(spec["edits"], list):
            raise CorpusReferenceError(
                f"edits: expected a list of [offset, deleteCount, insertText], got {spec['edits']!r}"
            )
        value = apply_edits(value, spec["edits"])
    return value


def resolver(corpus_root: Path) -> Any:
    """A resolver for `format.resolve`."""
    return lambda spec: resolve_reference(spec, corpus_root)
