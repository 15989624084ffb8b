"""The offline answerer: no key, no model, deterministic. It answers with the page's own sentences.

Why extractive: DocMind's promise is that every answer is grounded in the visible page and its citations highlight.
Without a model, the honest way to keep that promise is to quote: the answer is built from the sentences that best
match the question and each one is cited verbatim (an exact substring of the page, within one block, 20–300 code
units), so highlighting works out of the box and nothing is invented. When no sentence shares a term with the
question, it says so and cites nothing (§6.3 rule 8).

Scoring is BM25 over the page's sentences (each sentence a document), with a bonus for covering more of the
question's distinct terms. A question asking what something is ("What is a Hermitian matrix?", "Define X") prefers
the page's definition of it ("..., a Hermitian matrix (or ...) is ..."), which BM25 alone ranks below short
sentences that merely repeat the words ("Every Hermitian matrix is a normal matrix."). Earlier user questions of
the conversation join the query at a lower weight, so a follow-up ("what about its cost?") still finds the subject of
the thread. Summary-like modes rank sentences by centrality (how much of their vocabulary the rest of the page
shares) with a small bonus for coming early.
Every ordering breaks ties by page order, and nothing iterates a set, so the same input gives the same output in
every process (string hashing is randomized per process).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from docmind_reference.text import WHITESPACE_RUN, length

from docmind_api.contract import Citation, Mode, PreparedQuery, QueryResponse
from docmind_api.sentences import split_candidates
from docmind_api.terms import TASK_WORDS, terms

NO_ANSWER = "The page doesn't seem to answer this question."

# BM25's usual constants.
K1 = 1.2
B = 0.75
#: Weight of the terms of earlier user questions, against 1.0 for the current question's.
HISTORY_WEIGHT = 0.35
#: The best sentence must cover at least this share of the question's term weight (idf), or the page does not
#: answer the question: one common word among several rare ones is not an answer.
MIN_COVERAGE = 0.3
#: A supporting sentence must score at least this fraction of the best one.
SUPPORT_RATIO = 0.45
#: Two sentences this similar (Sørensen–Dice over their terms) are near-duplicates; only the first is kept.
DUPLICATE_DICE = 0.6
#: Lines that do not read as prose (no final punctuation, few words: headings, menus) weigh less; code and
#: formulas much less (the extension highlights prose, and a formula is no answer to read).
NON_PROSE_FACTOR = 0.6
MARKUP_FACTOR = 0.25

_ARGUMENT_MARKERS = re.compile(
    r"\b(because|therefore|thus|hence|however|although|consequently|should|must|argues?|argued|evidence|"
    r"shows?|showed|shown|demonstrates?|suggests?|concludes?|concluded|conclusion|claims?|proves?|reason)\b",
    re.IGNORECASE,
)
#: How much a sentence that defines the subject of a "what is X?" question outweighs one that only mentions it.
DEFINITION_FACTOR = 2.5
_DEFINITION_QUESTION = re.compile(
    r"^\s*(?:(?:what|who)(?:\s+(?:is|are|was|were)|'s|’s)\s+(?P<what>.+?)|define\s+(?P<define>.+?)|"
    r"what\s+(?:does|do)\s+(?P<mean>.+?)\s+mean)\s*[?.!]*\s*$",
    re.IGNORECASE,
)
_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)
_PROSE_END = re.compile(r"[.!?\u2026:;][\"'\u201d\u2019)\]]*$")
#: Characters of code and markup (LaTeX, templates, paths) rather than prose.
_MARKUP = re.compile(r"[{}\\^_=|<>~\[\]]")


def _weight(text: str, term_count: int) -> float:
    """1 for prose; less for what is not: code or a formula, or a line that neither ends like a sentence nor is
    long enough to be one (a heading, a menu)."""
    if len(_MARKUP.findall(text)) >= max(3, len(text) // 20):
        return MARKUP_FACTOR
    return 1.0 if _PROSE_END.search(text) or term_count >= 8 else NON_PROSE_FACTOR


@dataclass(frozen=True)
class Candidate:
    index: int  # page order
    text: str
    tf: Counter[str]
    distinct: tuple[str, ...]  # in order of first appearance, never a set (see the module's docstring)
    weight: float  # 1 for prose, less for headings, menus, code (see _weight)


class PageIndex:
    """The page's candidate sentences with their terms, and BM25's statistics over them."""

    def __init__(self, page_text: str) -> None:
        self.candidates: list[Candidate] = []
        for index, span in enumerate(split_candidates(page_text)):
            text = span.text(page_text)
            sentence_terms = terms(text)
            self.candidates.append(
                Candidate(
                    index=index,
                    text=text,
                    tf=Counter(sentence_terms),
                    distinct=tuple(dict.fromkeys(sentence_terms)),
                    weight=_weight(text, len(sentence_terms)),
                )
            )
        self.df: Counter[str] = Counter(t for c in self.candidates for t in c.distinct)
        total = sum(sum(c.tf.values()) for c in self.candidates)
        self.average_length = total / len(self.candidates) if self.candidates else 0.0

    def idf(self, term: str) -> float:
        n = len(self.candidates)
        df = self.df.get(term, 0)
        return math.log(1 + (n - df + 0.5) / (df + 0.5))

    def bm25(self, candidate: Candidate, query: dict[str, float]) -> float:
        length_norm = 1 - B + B * sum(candidate.tf.values()) / (self.average_length or 1)
        score = 0.0
        for term, weight in query.items():
            tf = candidate.tf.get(term, 0)
            if tf:
                score += weight * self.idf(term) * tf * (K1 + 1) / (tf + K1 * length_norm)
        return score

    def centrality(self, candidate: Candidate) -> float:
        """How much of the sentence's vocabulary the rest of the page shares (weighted by idf), per sqrt of its
        size so long sentences do not win by length alone, with a bonus for coming early."""
        n = len(self.candidates)
        shared = sum(self.idf(t) * (self.df[t] - 1) for t in candidate.distinct)
        score = (shared + 0.01) / math.sqrt(max(len(candidate.distinct), 4))
        score *= 1 + 0.3 * (1 - candidate.index / n)
        score *= candidate.weight
        if length(candidate.text) < 40:
            score *= 0.8
        return score


# -- choosing sentences ---------------------------------------------------------------------------------------------


def _dice(a: Candidate, b: Candidate) -> float:
    if not a.distinct or not b.distinct:
        return 0.0
    common = sum(1 for t in a.distinct if t in b.tf)
    return 2 * common / (len(a.distinct) + len(b.distinct))


def _top(ranked: Sequence[tuple[float, Candidate]], count: int) -> list[Candidate]:
    """The best `count` candidates by score (ties: page order), skipping near-duplicates of one already taken."""
    chosen: list[Candidate] = []
    for _, candidate in sorted(ranked, key=lambda pair: (-pair[0], pair[1].index)):
        if len(chosen) == count:
            break
        if any(_dice(candidate, other) >= DUPLICATE_DICE for other in chosen):
            continue
        chosen.append(candidate)
    return chosen


@dataclass(frozen=True)
class Definition:
    """A "what is X?" question: X, and a pattern for a sentence of the page that defines X."""

    subject: str
    pattern: re.Pattern[str]


def definition_question(question: str) -> Definition | None:
    """For "What is X?", "Who was X?", "Define X", "What does X mean?": X, and a pattern for a sentence that
    defines it — X at the start of the sentence or of a clause (after a comma), maybe with an article, then maybe
    a parenthesis or an aside between commas, then "is a/an/the ..." or "refers to", "means", "denotes" (so
    "X is sold in shops" does not count). None for other questions."""
    match = _DEFINITION_QUESTION.match(question)
    if not match:
        return None
    subject = _ARTICLE.sub("", next(g for g in match.groups() if g).strip(" \"'“”‘’"))
    words = subject.split()
    if not words or len(words) > 8:
        return None
    # Singular or plural in either place: "What are Heron bikes?" finds "a Heron bike is".
    *head, last = words
    stems = [last] + [last[:-cut] for cut in (1, 2) if last.lower().endswith("es"[2 - cut :]) and len(last) > cut + 1]
    last_pattern = "(?:" + "|".join(re.escape(stem) for stem in stems) + ")(?:s|es)?"
    phrase = r"\s+".join([*(re.escape(word) for word in head), last_pattern]) + r"\b"
    return Definition(
        subject,
        re.compile(
            rf"(?:^|,\s+)(?:(?:a|an|the)\s+)?{phrase}(?:\s*\([^)]{{0,120}}\))?(?:\s*,[^,]{{0,120}},)?\s+"
            r"(?:(?:is|are|was|were)\s+(?:a|an|the|one|any)\b|refers?\s+to\b|means\b|denotes\b)",
            re.IGNORECASE,
        ),
    )


@dataclass(frozen=True)
class Query:
    current: dict[str, float]  # term → weight; these decide whether the page answers at all
    history: dict[str, float]
    definition: Definition | None = None


def build_query(prepared: PreparedQuery) -> Query:
    """The question's terms at weight 1, earlier user questions' at HISTORY_WEIGHT. A question with no content
    word of its own ("why?", "tell me more") is about the thread: the history then counts as the question."""
    ignore = frozenset() if prepared.mode == "qa" else TASK_WORDS
    definition = definition_question(prepared.question)
    # "Define X", "what does X mean": the question's own verb is not what the page should be searched for.
    asked = definition.subject if definition else prepared.question
    current = dict.fromkeys(terms(asked, ignore), 1.0)
    history: dict[str, float] = {}
    for message in prepared.history:
        if message.role == "user":
            for term in terms(message.content, ignore):
                if term not in current:
                    history[term] = HISTORY_WEIGHT
    if not current:
        return Query(current=dict.fromkeys(history, 1.0), history={})
    return Query(current=current, history=history, definition=definition)


def relevant(index: PageIndex, query: Query, count: int) -> list[Candidate]:
    """Up to `count` sentences that answer the query, best first; [] when the page does not answer it."""
    if not query.current or not index.candidates:
        return []
    weights = {**query.history, **query.current}
    # A question term absent from the page counts at half its (highest) idf: questions often use a word the page
    # does not ("price" for "costs"), which should lower the coverage, not veto the answer.
    total = sum(index.idf(t) * (1.0 if t in index.df else 0.5) for t in query.current)
    ranked: list[tuple[float, Candidate]] = []
    coverages: dict[int, float] = {}
    for candidate in index.candidates:
        matched = [t for t in query.current if t in candidate.tf]
        if not matched:
            continue  # history alone does not answer a question that has words of its own
        coverage = sum(index.idf(t) for t in matched) / total
        score = index.bm25(candidate, weights) * (1 + coverage) * candidate.weight
        if query.definition is not None and query.definition.pattern.search(candidate.text):
            score *= DEFINITION_FACTOR
        ranked.append((score, candidate))
        coverages[candidate.index] = coverage
    if not ranked:
        return []
    best_score, best = min(ranked, key=lambda pair: (-pair[0], pair[1].index))
    if coverages[best.index] < MIN_COVERAGE:
        return []
    return _top([(s, c) for s, c in ranked if s >= SUPPORT_RATIO * best_score], count)


def central(index: PageIndex, prepared: PreparedQuery, count: int, arguments: bool = False) -> list[Candidate]:
    """Up to `count` sentences that carry the page (or, when the request names a topic, the page on that topic)."""
    if not index.candidates:
        return []
    scores = [index.centrality(c) for c in index.candidates]
    top = max(scores) or 1.0
    scores = [s / top for s in scores]  # 0..1
    if arguments:
        # Sentences that argue (because, therefore, should, evidence, ...) first, then centrality: a marker is
        # worth more than centrality can add, so an argument on a side topic still beats a central plain fact.
        scores = [s + 0.6 * min(len(_ARGUMENT_MARKERS.findall(c.text)), 2) for s, c in zip(scores, index.candidates)]
    query = build_query(prepared)
    topical = {t: w for t, w in query.current.items() if t in index.df}
    if topical:
        # "Summarize the pricing section": the topic leads (up to 3), the page-level ranking orders within it.
        matches = [index.bm25(c, topical) for c in index.candidates]
        best = max(matches) or 1.0
        scores = [s + 3 * m / best for s, m in zip(scores, matches)]
    return _top(list(zip(scores, index.candidates)), count)


# -- answers ----------------------------------------------------------------------------------------------------


def _plain(text: str) -> str:
    """A sentence as the answer shows it: whitespace runs (tabs, newlines inside) as one space."""
    return WHITESPACE_RUN.sub(" ", text).strip()


def _in_page_order(chosen: list[Candidate]) -> list[Candidate]:
    return sorted(chosen, key=lambda c: c.index)


def _response(prepared: PreparedQuery, answer: str, cited: list[tuple[Candidate, str]]) -> QueryResponse:
    return QueryResponse(
        answer=answer,
        citations=[Citation(id=f"cite-{n}", text=c.text, relevance=label) for n, (c, label) in enumerate(cited, 1)],
        truncated=prepared.truncated,
        charactersAnalyzed=prepared.characters_analyzed,
        answeredBy="extractive",
    )


def _answer_question(prepared: PreparedQuery, index: PageIndex, eli5: bool) -> QueryResponse:
    chosen = relevant(index, build_query(prepared), 2 if eli5 else 3)
    if not chosen:
        return _response(prepared, NO_ANSWER, [])
    best, rest = chosen[0], _in_page_order(chosen[1:])
    if eli5:
        answer = f"Put simply, the page says: {_plain(best.text)}"
        if rest:
            answer += " It also says: " + " ".join(_plain(c.text) for c in rest)
    else:
        answer = _plain(best.text)
        if rest:
            answer += "\n\nThe page also says: " + " ".join(_plain(c.text) for c in rest)
    return _response(prepared, answer, [(best, "Best match"), *((c, "Supporting detail") for c in rest)])


_TOO_LITTLE = "The page doesn't have enough readable text to {task}."


def _answer_overview(prepared: PreparedQuery, index: PageIndex) -> QueryResponse:
    mode = prepared.mode
    if mode == "summary":
        chosen = _in_page_order(central(index, prepared, 3))
        if not chosen:
            return _response(prepared, _TOO_LITTLE.format(task="summarize"), [])
        answer = "In the page's own words: " + " ".join(_plain(c.text) for c in chosen)
        return _response(prepared, answer, [(c, "Main point") for c in chosen])
    if mode == "key-takeaways":
        chosen = _in_page_order(central(index, prepared, 5))
        if not chosen:
            return _response(prepared, _TOO_LITTLE.format(task="list its key takeaways"), [])
        answer = "Key takeaways:\n" + "\n".join(f"- {_plain(c.text)}" for c in chosen)
        return _response(prepared, answer, [(c, "Key takeaway") for c in chosen])
    chosen = _in_page_order(central(index, prepared, 3, arguments=True))
    if not chosen:
        return _response(prepared, _TOO_LITTLE.format(task="find its arguments"), [])
    answer = "The page's main arguments:\n" + "\n".join(f"- {_plain(c.text)}" for c in chosen)
    labels = ["Argument" if _ARGUMENT_MARKERS.search(c.text) else "Main point" for c in chosen]
    return _response(prepared, answer, list(zip(chosen, labels)))


def answer_offline(prepared: PreparedQuery) -> QueryResponse:
    """The offline answer to `prepared` (whose page text is already cut to MAX_PAGE_CHARS)."""
    index = PageIndex(prepared.page_text)
    mode: Mode = prepared.mode
    if mode == "qa":
        return _answer_question(prepared, index, eli5=False)
    if mode == "eli5":
        if build_query(prepared).current:
            return _answer_question(prepared, index, eli5=True)
        # "Explain this page like I'm five": no topic, so the page's central sentences, plainly framed.
        chosen = _in_page_order(central(index, prepared, 2))
        if not chosen:
            return _response(prepared, _TOO_LITTLE.format(task="explain"), [])
        answer = "Put simply, the page says: " + " ".join(_plain(c.text) for c in chosen)
        return _response(prepared, answer, [(c, "Main point") for c in chosen])
    return _answer_overview(prepared, index)
