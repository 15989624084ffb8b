"""Trust evaluation, long pages (issue 13, D16): questions about quotes past the first 30,000 characters.

On every page whose rendered text (trimmed innerText, what the content script sends) is longer than the 30,000-unit
budget, up to FAR_PER_PAGE sentences that start past it (of prose and tables; of preformatted text on a page that
has nothing else there) are asked about, as a reader would: "What does the page say
about <the sentence's rarest words>?". The question goes through what the extension and the API do with it — the
sections chosen by `selectSections` (the Python reference; the runtime agrees with it on every golden vector), the
API's contract and its offline answerer over those sections only — and the answer's citation of that sentence is
then injected into the page like every other citation and judged at its true location. Recall = asked questions
whose sentence was cited *and* fully marked at its place; precision is the evaluation's, over all marks.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from docmind_api.contract import QueryRequest, prepare
from docmind_api.offline import answer_offline
from docmind_reference.sections import select_sections
from docmind_reference.text import js_trim, length, text, units

BUDGET = 30_000
FAR_PER_PAGE = 5
_WORD = re.compile(r"[^\W\d_]{5,}")


def question_about(sentence: str, page_text: str) -> str:
    """The sentence's five rarest words (in the page), in the sentence's order, as a question."""
    words = list(dict.fromkeys(_WORD.findall(sentence)))
    rarest = set(sorted(words, key=lambda w: (page_text.count(w), w))[:5])
    return f"What does the page say about {' '.join(w for w in words if w in rarest)}?"


def ask(page_text: str, question: str) -> tuple[dict[str, Any], list[str]]:
    """The selection for the question and the offline answer's citation texts, as the extension and API make them."""
    selection = select_sections(page_text, question)
    unit_text = units(page_text)
    sections = [{"offset": s["start"], "text": text(unit_text[s["start"] : s["end"]])} for s in selection["sections"]]
    request = QueryRequest.model_validate(
        {"sections": sections, "pageLength": selection["pageLength"], "question": question}
    )
    answer = answer_offline(prepare(request))
    return selection, [c.text for c in answer.citations]


def far_citations(
    page: Any, taken: Sequence[Any], seed: int, candidates: Any, citation_type: Any, squash: Any
) -> tuple[list[Any], list[dict[str, Any]]]:
    """(citations to inject, one record per question). `candidates`, `citation_type` and `squash` are the
    evaluation's own (trust_eval.py), passed in to keep one definition of a quotable sentence and its location."""
    page_text = js_trim(page.inner_text)
    if length(page_text) <= BUDGET:
        return [], []
    busy = [(c.start, c.end) for c in taken if c.start is not None]
    pools: dict[str, list[tuple[Any, int]]] = {"prose": [], "table": [], "code": []}
    for candidate in candidates(page):
        at = page_text.find(candidate.text)
        if candidate.where not in pools or at < 0 or length(page_text[:at]) < BUDGET:
            continue
        if any(candidate.start < end and start < candidate.end for start, end in busy):
            continue
        pools[candidate.where].append((candidate, length(page_text[:at])))
    # Sentences of prose and tables, as a reader asks about; a page that is all preformatted text past the budget
    # (an RFC in <pre>) is asked about its lines instead, so that every page that long gets questions.
    pool = pools["prose"] + pools["table"] or pools["code"]
    rng = random.Random(f"trust-eval-far:{seed}:{page.name}")
    chosen = sorted(rng.sample(pool, min(FAR_PER_PAGE, len(pool))), key=lambda pair: pair[1])
    citations, questions = [], []
    for candidate, offset in chosen:
        question = question_about(candidate.text, page_text)
        selection, cited = ask(page_text, question)
        retrieved = any(s["start"] <= offset < s["end"] for s in selection["sections"])
        quote = next((q for q in cited if q in candidate.text or candidate.text in q), None)
        start = page.unique(quote) if quote else None
        questions.append(
            {
                "question": question,
                "sentence": candidate.text,
                "offset": offset,
                "retrieved": retrieved,
                "cited": quote,
                "sections": len(selection["sections"]),
                "sectionCount": selection["sectionCount"],
                "charactersAnalyzed": selection["charactersAnalyzed"],
                "pageLength": selection["pageLength"],
            }
        )
        if quote and start is not None:
            end = start + len(squash(quote))
            citations.append(citation_type("far", quote, quote, start, end, candidate.where, [f"offset {offset}"]))
    return citations, questions


def summarize_far(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Recall of the far questions: cited and fully marked at the true location, of all asked."""
    asked = [q for r in records for q in r.get("far_questions", [])]
    far = {c["quote"]: c for r in records for c in r["citations"] if c["category"] == "far"}
    full = sum(1 for q in asked if q["cited"] and far.get(q["cited"], {}).get("full"))
    wrong = sum(c["marks"] - c["correct_marks"] for c in far.values())
    return {
        "pages": sum(1 for r in records if r.get("far_questions")),
        "long_pages": sum(1 for r in records if (r.get("text_chars") or 0) > BUDGET),
        "asked": len(asked),
        "retrieved": sum(q["retrieved"] for q in asked),
        "cited": sum(bool(q["cited"]) for q in asked),
        "fully_marked": full,
        "wrong_marks": wrong,
        "recall": round(full / len(asked), 4) if asked else None,
        "questions": asked,
    }


def print_far(summary: dict[str, Any]) -> None:
    f = summary
    recall = "—" if f["recall"] is None else f"{100 * f['recall']:.1f} %"
    print(
        f"questions about quotes past 30,000 characters ({f['pages']} of {f['long_pages']} pages longer than that): "
        f"{f['asked']} asked, section retrieved {f['retrieved']}, quote cited {f['cited']}, fully marked at its "
        f"place {f['fully_marked']} — recall {recall}; wrong marks {f['wrong_marks']}"
    )
    for q in f["questions"]:
        if not (q["retrieved"] and q["cited"]):
            print(
                f"  missed at {q['offset']:,}: {q['question'][:90]!r} "
                f"(retrieved {q['retrieved']}, cited {bool(q['cited'])})"
            )
