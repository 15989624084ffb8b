"""The offline answerer on the real pages of ../shared/corpus/pages (news, blogs, wikis, several languages).

The page text is what a browser's `innerText` roughly gives: visible text, blocks on their own lines, table cells
separated by tabs. For each page a question is built from one of its sentences; the answer must cite that
sentence, and every citation of every mode must be verbatim, within one block, 20–300 code units.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from docmind_api.contract import MODES, QueryRequest, QueryResponse, prepare
from docmind_api.offline import answer_offline
from docmind_reference.text import length

PAGES = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "pages"

pytestmark = pytest.mark.corpus

_HIDDEN = {"script", "style", "noscript", "template", "head", "svg", "iframe", "object", "select", "button"}
_BLOCKS = {
    "p",
    "div",
    "section",
    "article",
    "header",
    "footer",
    "nav",
    "aside",
    "main",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "table",
    "tr",
    "thead",
    "tbody",
    "tfoot",
    "caption",
    "blockquote",
    "pre",
    "figure",
    "figcaption",
    "form",
    "fieldset",
    "address",
    "hr",
    "br",
    "details",
    "summary",
}
_CELLS = {"td", "th"}
_VOID = {"br", "hr", "img", "input", "meta", "link", "area", "base", "col", "embed", "source", "track", "wbr"}


class _Text(HTMLParser):
    """A small innerText: visible text, `\\n` between blocks, `\\t` between cells, whitespace collapsed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN and tag not in _VOID:
            self.hidden += 1
        elif tag in _BLOCKS:
            self.parts.append("\n")
        elif tag in _CELLS:
            self.parts.append("\t")

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN and tag not in _VOID:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(re.sub(r"[ \n\r\f]+", " ", data))

    def text(self) -> str:
        lines = [re.sub(r" *\t *", "\t", line).strip(" \t") for line in "".join(self.parts).split("\n")]
        return "\n".join(line for line in lines if line)


def page_text(path: Path) -> str:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    parser.close()
    return parser.text()


_SENTENCE = re.compile(r"[A-Z][^.!?\n\t]{79,240}[.!?](?= |$)", re.MULTILINE)
_WORD = re.compile(r"[^\W_]{5,}")  # words of five letters or more, and long numbers


def target_sentence(text: str) -> str | None:
    """A plain prose sentence of the page that occurs once, from the middle of its text (deterministic)."""
    found = [
        m.group()
        for m in _SENTENCE.finditer(text)
        if text.count(m.group()) == 1 and len(set(_WORD.findall(m.group()))) >= 6
    ]
    return found[len(found) // 2] if found else None


def question_about(sentence: str) -> str:
    """A question made of the sentence's longer words, not the sentence itself."""
    words = list(dict.fromkeys(w.lower() for w in _WORD.findall(sentence)))
    return "What does the page say about " + " ".join(words[:7]) + "?"


def ask(text: str, question: str, mode: str = "qa") -> QueryResponse:
    return answer_offline(prepare(QueryRequest.model_validate({"pageText": text, "question": question, "mode": mode})))


def corpus_pages() -> list[Path]:
    return sorted(PAGES.glob("*.html")) if PAGES.is_dir() else []


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    if not PAGES.is_dir():
        pytest.skip(f"page corpus not found at {PAGES}")
    return {path.name: page_text(path) for path in corpus_pages()}


def test_the_corpus_is_there(texts: dict[str, str]) -> None:
    assert len(texts) >= 50


def test_citations_are_verbatim_in_every_mode(texts: dict[str, str]) -> None:
    for name, text in texts.items():
        analyzed = text[:30_000]  # the ASCII-safe bound; the server cuts in code units itself
        for mode in MODES:
            response = ask(text, "What is the most important point of this page?", mode)
            assert response.answer, name
            for citation in response.citations:
                assert citation.text in analyzed or citation.text in text[: 30_000 + 1], (name, citation.text)
                assert 20 <= length(citation.text) <= 300, (name, citation.text)
                assert "\n" not in citation.text and "\t" not in citation.text, (name, citation.text)


def test_a_question_built_from_a_sentence_cites_it(texts: dict[str, str]) -> None:
    asked, missed = 0, []
    for name, text in texts.items():
        sentence = target_sentence(text[:25_000])
        if sentence is None:
            continue
        asked += 1
        response = ask(text, question_about(sentence))
        start = text.index(sentence)
        cited = [(text.index(c.text), text.index(c.text) + len(c.text)) for c in response.citations]
        if not any(s < start + len(sentence) and start < e for s, e in cited):
            missed.append((name, sentence, [c.text for c in response.citations]))
    assert asked >= 40
    assert not missed, missed


def test_an_unrelated_question_gets_no_citations(texts: dict[str, str]) -> None:
    for name, text in texts.items():
        response = ask(text, "Qwxzt vlorpish grimbleflax?")
        assert response.citations == [], name


@pytest.mark.parametrize(
    ("page", "question", "definition_starts"),
    [
        (
            "wikipedia-3.html",
            "What is a Hermitian matrix?",
            "In mathematics, a Hermitian matrix (or self-adjoint matrix) is",
        ),
        (
            "wikipedia-3.html",
            "Define Hermitian matrix",
            "In mathematics, a Hermitian matrix (or self-adjoint matrix) is",
        ),
    ],
)
def test_a_what_is_question_is_answered_by_the_pages_definition(
    texts: dict[str, str], page: str, question: str, definition_starts: str
) -> None:
    # BM25 alone answered "Every Hermitian matrix is a normal matrix.": true, short, and no definition.
    assert ask(texts[page], question).citations[0].text.startswith(definition_starts)
