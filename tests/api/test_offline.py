"""The offline answerer: verbatim citations within one block, the right sentence, honest non-answers, modes,
follow-ups, determinism."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
from docmind_api.contract import MODES, Mode, QueryRequest, QueryResponse, prepare
from docmind_api.offline import NO_ANSWER, answer_offline
from docmind_api.sentences import split_candidates
from docmind_reference.text import length

from tests.api.conftest import Api

# An encyclopedia-style page as innerText gives it: headings, a table (cells separated by tabs), abbreviations.
ARTICLE = """Honey bee
From Wikipedia, the free encyclopedia
Overview
The western honey bee (Apis mellifera) is the most common of the 7–12 species of honey bees worldwide. Dr. Karl von Frisch, an Austrian ethologist, described the waggle dance in 1927.
Honey bees are known for their construction of perennial colonial nests from wax, the large size of their colonies, and their surplus production and storage of honey.
Colony
A colony typically consists of a single queen, several hundred drones and 20,000 to 80,000 worker bees. Workers live for about 5–6 weeks in summer, e.g. during the main nectar flow, but up to 4.5 months over winter.
The queen is the only sexually mature female in the hive and lays up to 2,000 eggs per day during spring build-up.
Caste\tLifespan\tRole
Queen\tUp to 5 years\tLays all the eggs of the colony.
Worker\tAbout 6 weeks\tForages for nectar and pollen, and builds comb.
Pollination
Honey bees pollinate about one third of the crops humans eat, including almonds, apples and blueberries. Without them, yields of these crops would fall sharply.
Threats
Colony collapse disorder is a phenomenon in which the majority of worker bees in a colony disappear and leave behind the queen. Pesticides, the Varroa mite and habitat loss are considered its main causes.
"""  # noqa: E501  (a page's text: its lines are its paragraphs)

# A shop's product page: navigation, two products with their own prices (for follow-ups), a footer.
SHOP = """Home\tBikes\tAccessories\tContact
Falcon 3 road bike
The Falcon 3 is a lightweight road bike with a carbon frame and a 22-speed drivetrain.
The Falcon 3 costs 1,899 euros and ships with pedals and a bottle cage included.
Heron city bike
The Heron is a comfortable city bike with an upright position, fenders and a rear rack.
The Heron costs 649 euros, and a child seat can be added for 89 euros more.
Shipping
Orders placed before 2 p.m. ship the same day. Delivery takes 2 to 4 working days within the EU.
© 2026 Velo Shop. All rights reserved.
"""

# An opinion piece: claims, evidence, counterpoints.
OPINION = """Why cities should build more bike lanes
Cities should build protected bike lanes because they make streets safer for everyone.
A study of 12 American cities shows that protected lanes reduced traffic deaths by 44 percent.
Some shop owners worry that removing parking will hurt their business.
However, evidence from Toronto and New York suggests that sales rose on streets that gained bike lanes.
Building lanes is also cheap: a kilometre costs less than a hundredth of a kilometre of urban motorway.
Therefore, the author argues, every city council must treat cycling infrastructure as a priority.
"""

PAGES = {"article": ARTICLE, "shop": SHOP, "opinion": OPINION}
QUESTIONS = [
    "What is this about?",
    "How long do workers live?",
    "What does it cost?",
    "Who argues what?",
    "Why?",
    "Explain the threats",
    "x",
]


def ask(page: str, question: str, mode: Mode = "qa", history: list[dict[str, str]] | None = None) -> QueryResponse:
    payload: dict[str, Any] = {"pageText": page, "question": question, "mode": mode}
    if history is not None:
        payload["conversation"] = {"threadId": "t", "messages": history, "pageUrlIdentity": "u", "mode": mode}
    return answer_offline(prepare(QueryRequest.model_validate(payload)))


def assert_verbatim(page: str, response: QueryResponse) -> None:
    assert response.answer
    assert len(response.citations) <= 5
    for number, citation in enumerate(response.citations, 1):
        assert citation.id == f"cite-{number}"
        assert citation.text in page, citation.text  # exact: same case, punctuation, spacing
        assert 20 <= length(citation.text) <= 300
        assert "\n" not in citation.text and "\t" not in citation.text  # within one block
        assert citation.text == citation.text.strip()
        assert citation.relevance


# -- invariants ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("mode", MODES)
def test_every_citation_is_verbatim_within_one_block(name: str, mode: Mode) -> None:
    for question in QUESTIONS:
        assert_verbatim(PAGES[name], ask(PAGES[name], question, mode))


def test_sentences_respect_abbreviations_decimals_and_blocks() -> None:
    texts = [span.text(ARTICLE) for span in split_candidates(ARTICLE)]
    assert "Dr. Karl von Frisch, an Austrian ethologist, described the waggle dance in 1927." in texts
    assert (
        "Workers live for about 5–6 weeks in summer, e.g. during the main nectar flow, but up to 4.5 months "
        "over winter."
    ) in texts
    assert "Lays all the eggs of the colony." in texts  # a table cell alone, never joined with its row
    assert "Honey bee" not in texts and "Overview" not in texts  # under 20 code units: never a citation
    assert "Orders placed before 2 p.m. ship the same day." in [s.text(SHOP) for s in split_candidates(SHOP)]


def test_a_sentence_over_300_code_units_is_cut_at_word_boundaries() -> None:
    clause = "the committee reviewed the budget of the regional transport authority in detail"
    page = "Intro line here.\n" + ", and ".join([clause] * 8).capitalize() + ".\nEnd line of the page."
    pieces = [span.text(page) for span in split_candidates(page) if "committee" in span.text(page)]
    assert len(pieces) >= 3
    assert " ".join(pieces) == page.splitlines()[1]  # consecutive, nothing lost but the spaces between
    for piece in pieces:
        assert 20 <= length(piece) <= 300
        start = page.index(piece)
        assert page[start - 1] in " \n" and page[start + len(piece)] in " \n"  # whole words only


# -- answering ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("page", "question", "expected"),
    [
        (
            ARTICLE,
            "How many eggs does the queen lay per day?",
            "The queen is the only sexually mature female in the hive and lays up to 2,000 eggs per day during spring "
            "build-up.",
        ),
        (
            ARTICLE,
            "What causes colony collapse disorder?",
            "Colony collapse disorder is a phenomenon in which the majority of worker bees in a colony disappear and "
            "leave behind the queen.",
        ),
        (
            ARTICLE,
            "Who described the waggle dance?",
            "Dr. Karl von Frisch, an Austrian ethologist, described the waggle dance in 1927.",
        ),
        (
            ARTICLE,
            "Which crops do honey bees pollinate?",
            "Honey bees pollinate about one third of the crops humans eat, including almonds, apples and blueberries.",
        ),
        (SHOP, "How long does delivery take?", "Delivery takes 2 to 4 working days within the EU."),
        (
            OPINION,
            "By how much did protected lanes reduce traffic deaths?",
            "A study of 12 American cities shows that protected lanes reduced traffic deaths by 44 percent.",
        ),
    ],
)
def test_an_answerable_question_cites_its_sentence(page: str, question: str, expected: str) -> None:
    response = ask(page, question)
    assert response.citations[0].text == expected
    assert response.citations[0].relevance == "Best match"
    assert response.answer.startswith(expected)


# A page whose short sentences repeat the subject's words, and whose definition of it is long: BM25 alone prefers
# the short sentences.
DEFINITIONS = """Heron (bike)
Every Heron bike is a city bike.
Heron bike colours are grey and green.
In cycling, a Heron bike (or Heron city bike) is a comfortable city bike made by Velo Shop with an upright position, fenders, a rear rack and a frame sized for riders from 150 to 195 centimetres.
The Heron bike is sold in shops.
"""  # noqa: E501  (a page's text: its lines are its paragraphs)
HERON_DEFINITION = DEFINITIONS.splitlines()[3]


@pytest.mark.parametrize(
    "question",
    [
        "What is a Heron bike?",
        "what's the heron bike",
        "Define Heron bike",
        "What does Heron bike mean?",
        "What are Heron bikes?",
    ],
)
def test_a_what_is_question_cites_the_pages_definition(question: str) -> None:
    response = ask(DEFINITIONS, question)
    assert response.citations[0].text == HERON_DEFINITION


def test_a_question_that_asks_for_a_detail_is_not_sent_to_the_definition() -> None:
    assert (
        ask(DEFINITIONS, "Which colours does the Heron bike come in?").citations[0].text
        == "Heron bike colours are grey and green."
    )


@pytest.mark.parametrize(
    "question",
    ["What is the capital of France?", "Who won the 1998 football world cup?", "How do I reset my password?"],
)
def test_an_unanswerable_question_gets_no_citations(question: str) -> None:
    for page in PAGES.values():
        response = ask(page, question)
        assert response.answer == NO_ANSWER
        assert response.citations == []


def test_an_empty_page_answers_nothing() -> None:
    for mode in MODES:
        response = ask("   ", "What is this?", mode)
        assert response.citations == [] and response.answer


def test_supporting_sentences_follow_in_page_order_without_duplicates() -> None:
    page = (
        "Tomatoes need six hours of sun a day to ripen well.\n"
        "Tomatoes need six hours of sun a day to ripen well!\n"
        "Water tomatoes deeply twice a week rather than a little every day.\n"
        "Mulch keeps the soil around tomatoes moist in hot weather."
    )
    response = ask(page, "How should I water tomatoes and how much sun do tomatoes need?")
    texts = [c.text for c in response.citations]
    assert len(texts) == len({t.rstrip(".!") for t in texts})  # never both copies of the near-duplicate
    assert [c.relevance for c in response.citations][1:] == ["Supporting detail"] * (len(texts) - 1)
    assert "The page also says: " in response.answer or len(texts) == 1


def test_the_answer_is_deterministic() -> None:
    for page in PAGES.values():
        for mode in MODES:
            assert ask(page, "What does it say about costs?", mode) == ask(page, "What does it say about costs?", mode)


def test_the_answer_is_the_same_in_every_process() -> None:
    """String hashing is randomized per process: the ranking must not depend on it."""
    script = (
        "import json, sys\n"
        "from docmind_api.contract import QueryRequest, prepare\n"
        "from docmind_api.offline import answer_offline\n"
        "payloads = json.load(sys.stdin)\n"
        "print(json.dumps([answer_offline(prepare(QueryRequest.model_validate(p))).model_dump() for p in payloads]))\n"
    )
    payloads = [
        {"pageText": page, "question": question, "mode": mode}
        for page in PAGES.values()
        for mode in MODES
        for question in ("What does it cost?", "Summarize")
    ]
    outputs = set()
    for seed in ("1", "2", "3"):
        completed = subprocess.run(
            [sys.executable, "-c", script],
            input=json.dumps(payloads),
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        outputs.add(completed.stdout)
    assert len(outputs) == 1


# -- follow-ups --------------------------------------------------------------------------------------------------------


def test_a_follow_up_uses_the_earlier_questions() -> None:
    about_falcon = [
        {"role": "user", "content": "Tell me about the Falcon 3 road bike."},
        {"role": "assistant", "content": "The Falcon 3 is a lightweight road bike."},
    ]
    about_heron = [
        {"role": "user", "content": "What is the Heron city bike like?"},
        {"role": "assistant", "content": "The Heron is a comfortable city bike."},
    ]
    falcon = ask(SHOP, "What about its price, what does it cost?", history=about_falcon)
    heron = ask(SHOP, "What about its price, what does it cost?", history=about_heron)
    assert (
        falcon.citations[0].text == "The Falcon 3 costs 1,899 euros and ships with pedals and a bottle cage included."
    )
    assert heron.citations[0].text == "The Heron costs 649 euros, and a child seat can be added for 89 euros more."


def test_a_follow_up_without_words_of_its_own_is_about_the_thread() -> None:
    history = [{"role": "user", "content": "What causes colony collapse disorder?"}]
    response = ask(ARTICLE, "Why is that?", history=history)
    assert "Colony collapse disorder" in response.citations[0].text or "Varroa" in response.citations[0].text


def test_history_alone_does_not_answer_a_new_question() -> None:
    history = [{"role": "user", "content": "How many eggs does the queen lay?"}]
    response = ask(ARTICLE, "And what is the capital of France?", history=history)
    assert response.citations == [] and response.answer == NO_ANSWER


# -- modes ----------------------------------------------------------------------------------------------------------


def test_summary_quotes_central_sentences_in_page_order() -> None:
    response = ask(ARTICLE, "Summarize this page", "summary")
    assert 1 <= len(response.citations) <= 3
    positions = [ARTICLE.index(c.text) for c in response.citations]
    assert positions == sorted(positions)
    assert {c.relevance for c in response.citations} == {"Main point"}
    assert response.answer.startswith("In the page's own words: ")
    assert any("honey bee" in c.text.lower() for c in response.citations)


def test_summary_with_a_topic_stays_on_it() -> None:
    response = ask(SHOP, "Summarize what the page says about shipping and delivery", "summary")
    assert any("Delivery takes" in c.text for c in response.citations)


def test_key_takeaways_are_a_bulleted_list_of_the_citations() -> None:
    response = ask(ARTICLE, "Key takeaways?", "key-takeaways")
    lines = response.answer.splitlines()
    assert lines[0] == "Key takeaways:"
    assert len(lines) - 1 == len(response.citations) >= 3
    assert [line.removeprefix("- ") for line in lines[1:]] == [c.text for c in response.citations]


def test_main_arguments_prefer_sentences_that_argue() -> None:
    response = ask(OPINION, "What are the main arguments?", "main-arguments")
    texts = [c.text for c in response.citations]
    assert "Cities should build protected bike lanes because they make streets safer for everyone." in texts
    assert any(t.startswith(("However, evidence from Toronto", "Therefore,")) for t in texts)
    assert response.answer.startswith("The page's main arguments:\n- ")
    assert "Argument" in {c.relevance for c in response.citations}


def test_eli5_frames_the_best_match_plainly() -> None:
    response = ask(ARTICLE, "Explain like I'm five: what do honey bees pollinate?", "eli5")
    assert response.answer.startswith("Put simply, the page says: Honey bees pollinate")
    assert response.citations[0].text.startswith("Honey bees pollinate")
    general = ask(ARTICLE, "Explain this like I'm five", "eli5")
    assert general.citations and general.answer.startswith("Put simply, the page says: ")


# -- through HTTP ------------------------------------------------------------------------------------------------------


def test_offline_answers_over_http(api: Api) -> None:
    reply = api.query({"pageText": ARTICLE, "question": "How many eggs does the queen lay per day?"})
    body = reply.json
    assert reply.status == 200
    assert body["citations"][0]["text"].startswith("The queen is the only sexually mature female")
    assert (body["truncated"], body["charactersAnalyzed"]) == (False, length(ARTICLE))


def test_formulas_and_code_weigh_less_than_prose() -> None:
    page = (
        "A matrix is Hermitian when it equals its own conjugate transpose.\n"
        "A {\\displaystyle A} Hermitian \\iff A = {\\overline {A^{\\mathsf {T}}}} matrix transpose.\n"
        "Every Hermitian matrix has real eigenvalues, and its eigenvectors can be chosen orthonormal.\n"
        "The matrix transpose swaps rows and columns of a matrix."
    )
    cited = [c.text for c in ask(page, "Summarize", "summary").citations]
    assert len(cited) == 3 and not any("displaystyle" in text for text in cited)  # three of four: not the formula
    assert ask(page, "What is a Hermitian matrix transpose?").citations[0].text.startswith("A matrix is Hermitian")
