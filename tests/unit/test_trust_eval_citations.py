"""The trust evaluation's citation generator and mark checks (benchmarks/trust_eval.py), without a browser.

Light perturbations must normalize (§6.5) to exactly the page's text while differing from it; heavy ones and typos
must not be in the page; cross-segment quotes must span two blocks; absent ones must be absent; the generator must
be deterministic; and the checks must call a mark wrong exactly when it is not at the quote's true location.
"""

from __future__ import annotations

import itertools
import random

import pytest
from docmind_reference.normalize import normalize_for_matching

from benchmarks import trust_eval as te

PROSE = te.RENDERED | te.IN_ROOT
HEADING = te.RENDERED | te.IN_ROOT | te.IN_HEADING
CODE = te.RENDERED | te.IN_ROOT | te.IN_PRE
ASIDE = te.RENDERED  # rendered, outside <main>

BLOCKS = [
    ("The history of the café “Le Procope” in Paris", HEADING),
    (
        "Le Procope opened in 1686 and is often called the oldest café in Paris — a claim that historians still "
        "debate today. Its founder, Francesco Procopio dei Coltelli, served coffee, sorbet and ice cream… to "
        "actors of the Comédie-Française across the street.",
        PROSE,
    ),
    (
        "Voltaire and Rousseau were regulars, and Benjamin Franklin is said to have worked on the alliance "
        "between France and the United States at one of its tables. The café's walls still display letters "
        "written by famous customers over three centuries.",
        PROSE,
    ),
    (
        "In 1988 the restaurant was restored to its eighteenth-century appearance, with red walls and "
        "crystal chandeliers. Visitors can still order the house specialty of coq au vin in the old dining room.",
        PROSE,
    ),
    (
        "The menu changed many times over the centuries, but the ice cream remained popular with students from "
        "the nearby university. Prices rose sharply after the Second World War.",
        PROSE,
    ),
    (
        "Napoleon Bonaparte, then a young officer, is said to have left his hat as a pledge for an unpaid bill. "
        "The hat is now displayed near the entrance.",
        PROSE,
    ),
    (
        "Critics praise the decor more than the food, which they describe as competent but unremarkable. "
        "Reservations are recommended on weekends and holidays.",
        PROSE,
    ),
    (
        "Tourists often combine a visit with a walk through the Latin Quarter and the Luxembourg Gardens. "
        "The nearest metro station is Odéon, on lines four and ten.",
        PROSE,
    ),
    (
        "During the Revolution the café became a meeting place for the Cordeliers club. Danton and Marat argued "
        "politics at its tables late into the night.",
        PROSE,
    ),
    (
        "In the nineteenth century the poets Verlaine and Musset were frequent guests. Balzac and Hugo also "
        "dined there, according to the menu's back page.",
        PROSE,
    ),
    (
        "Today the building belongs to a restaurant group that operates several historic brasseries. The kitchen "
        "serves around four hundred meals a day.",
        PROSE,
    ),
    ("SELECT name, opened FROM cafes WHERE city = 'Paris' ORDER BY opened;", CODE),
    ("UPDATE cafes SET famous_customers = famous_customers + 1 WHERE name = 'Procope';", CODE),
    ("Subscribe to our newsletter to receive the latest articles about Parisian history every week.", ASIDE),
]
POOL = [
    ("elsewhere", "The migration of arctic terns covers more distance than that of any other bird on Earth."),
    ("elsewhere", "Rainfall in the Atacama desert is measured in fractions of a millimetre per year."),
    ("elsewhere", "Compilers translate source code into machine code through a sequence of passes."),
    ("this-page", "Le Procope opened in 1686 and is often called the oldest café in Paris"),  # in the page: not absent
]


def make_page(name: str = "procope") -> te.Page:
    inner = "\n\n".join(text for text, _ in BLOCKS)
    pres = ["\n".join(text for text, flags in BLOCKS if flags & te.IN_PRE)]
    return te.Page(name, inner, pres, list(BLOCKS))


def normalized(text: str) -> str:
    return normalize_for_matching(text, "prose")


SENTENCES = [
    'It\'s the "best" café in town — or so the locals say... every single day.',
    "Don’t confuse the “old” building with the new one–they differ… a lot.",
    "Naïve visitors often order crème brûlée at the façade's little counter.",
    "A plain sentence with no punctuation to speak of except this final stop.",
    "Well-known author-reviewers rated the co-op highly in the 2019 survey.",
]


@pytest.mark.parametrize("sentence", SENTENCES)
def test_light_perturbations_normalize_to_the_source_and_differ_from_it(sentence: str) -> None:
    for seed in range(50):
        text, applied = te.light(sentence, random.Random(seed))
        assert text != sentence
        assert normalized(text) == normalized(sentence)
        assert applied and set(applied) <= {
            "quotes-straightened",
            "quotes-curled",
            "dashes-to-hyphen",
            "hyphen-to-en-dash",
            "ellipsis-to-dots",
            "dots-to-ellipsis",
            "accents-stripped",
            "case-changed",
            "space-doubled",
            "space-to-nbsp",
        }


def test_each_light_perturbation_changes_what_it_says() -> None:
    rng = random.Random(1)
    assert te.perturb_quotes('it\'s "so"', rng) == ("it\u2019s \u201cso\u201d", "quotes-curled")
    assert te.perturb_quotes("it\u2019s \u201cso\u201d", rng) == ('it\'s "so"', "quotes-straightened")
    assert te.perturb_dashes("a \u2014 b \u2013 c", rng) == ("a - b - c", "dashes-to-hyphen")
    assert te.perturb_dashes("well-known", rng) == ("well\u2013known", "hyphen-to-en-dash")
    assert te.perturb_ellipsis("wait\u2026", rng) == ("wait...", "ellipsis-to-dots")
    assert te.perturb_ellipsis("wait...", rng) == ("wait\u2026", "dots-to-ellipsis")
    assert te.perturb_accents("the café", rng) == ("the cafe", "accents-stripped")
    assert te.perturb_quotes("no quotes", rng) is None
    assert te.perturb_dashes("no dashes", rng) is None
    assert te.perturb_accents("no accents", rng) is None
    spaced, label = te.perturb_spaces("one two", rng)
    assert spaced in ("one  two", "one\u00a0two") and label in ("space-doubled", "space-to-nbsp")
    cased, label = te.perturb_case("one two", rng)
    assert cased.lower() == "one two" and cased != "one two" and label == "case-changed"


def test_a_one_letter_typo_is_not_light() -> None:
    """§7 rejects a quote whose normalized text is not in the page: a typo changes the normalized text."""
    sentence = SENTENCES[3]
    text, applied = te.typo(sentence, random.Random(3))
    assert applied == ["one-letter-replaced"]
    assert len(text) == len(sentence) and sum(a != b for a, b in zip(text, sentence)) == 1
    assert normalized(text) != normalized(sentence)


def test_heavy_perturbations_replace_a_third_of_the_words_and_leave_the_page() -> None:
    vocabulary = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
    for sentence in SENTENCES:
        for seed in range(20):
            text, applied = te.heavy(sentence, vocabulary, random.Random(seed))
            words, original = text.split(" "), sentence.split()
            assert len(words) == len(original)
            changed = sum(a.lower() != b.lower() for a, b in zip(words, original))
            assert changed >= len(original) / 3
            assert normalized(text) not in normalized(sentence)
            assert applied[0].endswith(f"-of-{len(original)}-words-replaced")
    assert te.heavy("Too short to perturb here.", vocabulary, random.Random(0)) is None


def test_sentences_stay_within_a_block() -> None:
    assert te.sentences_in("First one here. Second one, e.g. this! lowercase goes on. Fourth?") == [
        "First one here.",
        "Second one, e.g. this! lowercase goes on.",
        "Fourth?",
    ]
    assert te.sentences_in("One. Two.") == ["One.", "Two."]
    assert te.sentences_in("Version 3.5 is out. It works.") == ["Version 3.5 is out.", "It works."]
    assert te.sentences_in("He said “stop.” Then left.") == ["He said “stop.”", "Then left."]
    assert te.lines_of("a\n\nb\tc\n") == ["a", "", "b\tc", ""]


def test_candidates_are_unique_in_the_page() -> None:
    duplicated = "This sentence appears twice on the page, word for word, in two paragraphs."
    blocks = [
        (duplicated, PROSE),
        ("Something else entirely that is long enough to be quoted here.", PROSE),
        (duplicated, PROSE),
    ]
    page = te.Page("dup", "\n\n".join(t for t, _ in blocks), [], blocks)
    texts = [c.text for c in te.candidates(page)]
    assert duplicated not in texts
    assert "Something else entirely that is long enough to be quoted here." in texts


def test_the_generator_is_deterministic_and_covers_every_category() -> None:
    first = te.make_citations(make_page(), POOL)
    second = te.make_citations(make_page(), POOL)
    assert first == second
    assert te.make_citations(make_page("another-name"), POOL) != first  # the seed includes the page name
    categories = {c.category for c in first}
    assert {"exact", "light", "heavy", "code", "absent", "typo", "outside"} <= categories  # cross: below


def test_every_citation_is_where_its_category_says() -> None:
    page = make_page()
    citations = te.make_citations(page, POOL)
    for citation in citations:
        assert te.MIN_CODE <= len(citation.text) <= te.MAX_QUOTE
        if citation.category == "absent":
            assert citation.source is None and citation.start is None
            assert normalized(citation.text) not in page.normalized
            assert citation.origin == "elsewhere"
            continue
        # the true location: the source occurs exactly once, and the span is its place in the stream
        assert page.stream.find(citation.source) == [citation.start]
        assert citation.end - citation.start == len(te.squash(citation.source))
        if citation.category == "exact":
            assert citation.text == citation.source and citation.where == "prose"
        if citation.category == "light":
            assert citation.text != citation.source
            assert normalized(citation.text) == normalized(citation.source)
        if citation.category in ("heavy", "typo"):
            assert normalized(citation.text) not in page.normalized
        if citation.category == "code":
            assert citation.where == "code" and any(citation.text in pre for pre in page.pre_texts)
        if citation.category == "outside":
            assert citation.where in ("heading", "outside")
    # no two citations share a block (their true locations never overlap)
    spans = sorted((c.start, c.end) for c in citations if c.start is not None and c.category != "code")
    assert all(a_end <= b_start for (_, a_end), (b_start, _) in itertools.pairwise(spans))


def test_cross_segment_quotes_span_two_consecutive_blocks() -> None:
    page = make_page()
    found = te.cross_segment(page, used=set())
    assert len(found) >= 8
    lines = [line for line in page.lines if line]
    for citation, blocks in found:
        first, second = sorted(blocks)
        assert page.lines[first] and page.lines[second] and not any(page.lines[first + 1 : second])
        quote = normalized(citation.text)
        assert quote not in normalized(page.lines[first]) and quote not in normalized(page.lines[second])
        assert quote in normalized(page.lines[first] + " " + page.lines[second])
        assert not any(quote in normalized(line) for line in lines)
        assert page.stream.find(citation.text) == [citation.start]
        assert te.MIN_QUOTE <= len(citation.text) <= te.MAX_QUOTE
    assert te.cross_segment(page, used=set(range(len(page.lines)))) == []


def test_batches_mix_categories_and_hold_at_most_five() -> None:
    citations = te.make_citations(make_page(), POOL)
    groups = te.batches(citations)
    assert [c for group in groups for c in group] != [] and all(len(g) <= 5 for g in groups)
    assert sorted(map(id, (c for g in groups for c in g))) == sorted(map(id, citations))
    assert len({c.category for c in groups[0]}) == len(groups[0])


def test_marks_are_judged_against_the_true_location() -> None:
    page = make_page()
    citation = next(c for c in te.make_citations(page, POOL) if c.category == "exact")
    source = citation.source
    # the page's nodes with the quote's first half and second half wrapped in marks 0 and 1, and a mark 2 elsewhere
    nodes: list[tuple[str, int, int]] = []
    for text, flags in BLOCKS:
        if source in text:
            before, after = text.split(source)
            half = len(source) // 2
            nodes += [(before, flags, -1), (source[:half], flags, 0), (source[half:], flags, 1), (after, flags, -1)]
        elif flags & te.IN_HEADING:
            nodes += [(text[:5], flags, 2), (text[5:], flags, -1)]
        else:
            nodes.append((text, flags, -1))
    spans = te.mark_spans(nodes, 3)
    whole = te.judge(citation, spans[:2])
    assert (whole.marks, whole.correct, whole.full, whole.problems) == (2, 2, True, [])
    part = te.judge(citation, spans[:1])
    assert (part.correct, part.full) == (1, False)  # at its place, but not the whole quote
    wrong = te.judge(citation, spans)
    assert (wrong.correct, wrong.full) == (2, False) and "outside the quote's true location" in wrong.problems[0]
    hidden = te.judge(citation, [{"start": 0, "end": 0, "text": "x", "rendered": False, "pre": False}])
    assert hidden.correct == 0 and "not rendered" in hidden.problems[0]
    absent = te.Citation("absent", "whatever", None, None, None, None)
    assert te.judge(absent, spans[:1]).correct == 0


def test_a_code_mark_must_be_inside_the_pre() -> None:
    citation = te.Citation("code", "x = 1", "x = 1", 0, 3, "code")
    inside = {"start": 0, "end": 3, "text": "x = 1", "rendered": True, "pre": True}
    assert te.judge(citation, [inside]).full
    assert te.judge(citation, [{**inside, "pre": False}]).correct == 0


def test_pages_are_served_with_a_csp_that_keeps_them_offline() -> None:
    assert te.with_csp(b"<!doctype html><html><head><title>x</title>").startswith(
        b"<!doctype html><html><head><meta http-equiv"
    )
    assert te.with_csp(b'<html lang="en"><body>x').startswith(b'<html lang="en"><meta http-equiv')
    assert te.with_csp(b"<p>bare</p>").startswith(b"<meta http-equiv")
