"""Long pages (D16): the API receives the sections the extension chose, with their offsets, and answers from them
only; bad sections are refused naming the field; the model sees where each section starts and a quote must lie
inside one section."""

from __future__ import annotations

import json
from typing import Any

import pytest
from docmind_api.contract import PreparedQuery, parse_body, prepare
from docmind_api.openai_compat import build_payload, interpret

from tests.api.conftest import Api
from tests.api.test_contract import Spy, error_of, spy  # noqa: F401  (spy is a fixture)

LEAD = "Tomatoes need full sun and regular watering through the summer months."
FAR = "The lighthouse keeper logged every passing ship in a leather-bound journal."
OTHER = "Nothing in this part mentions the journal or the keeper at all, only weather."


def sections_request(**extra: Any) -> dict[str, Any]:
    return {
        "sections": [{"offset": 0, "text": LEAD}, {"offset": 90_000, "text": FAR}],
        "pageLength": 131_000,
        "question": "Who logged the passing ships?",
        **extra,
    }


def test_sections_are_answered_from_and_cited_with_the_figures_of_what_was_read(api: Api, spy: Spy) -> None:
    body = api.query(sections_request()).json
    assert [c["text"] for c in body["citations"]] == [FAR]
    assert (body["charactersAnalyzed"], body["truncated"]) == (len(LEAD) + len(FAR), True)
    seen = spy.seen[0]
    assert seen.sections == ((0, LEAD), (90_000, FAR)) and seen.page_length == 131_000
    assert seen.page_text == LEAD + "\n" + FAR  # a candidate sentence never crosses the line between two sections


def test_text_outside_the_sections_is_never_read(api: Api, spy: Spy) -> None:
    body = api.query(
        {
            **sections_request(),
            "sections": [{"offset": 0, "text": OTHER}],
            "question": "What did the lighthouse keeper log?",
        }
    ).json
    assert all(FAR not in c["text"] for c in body["citations"])
    assert spy.seen[0].page_text == OTHER


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"pageText": "x"}, "pageText: not with sections"),
        ({"pageLength": None}, "pageLength: is required with sections"),
        ({"sections": [{"offset": -1, "text": "a"}]}, "sections[0].offset: Input should be greater than or equal to 0"),
        (
            {"sections": [{"offset": 0, "text": "abc"}, {"offset": 2, "text": "d"}]},
            "sections[1].offset: must be at least 3",
        ),
        ({"sections": [{"offset": 130_999, "text": "ab"}]}, "sections: end at 131001, past pageLength 131000"),
        (
            {"sections": [{"offset": 0, "text": "a" * 20_000}, {"offset": 20_000, "text": "b" * 10_001}]},
            "sections: 30001 code units in all, more than 30000",
        ),
        ({"sections": [{"offset": i, "text": "a"} for i in range(201)]}, "sections: at most 200 (got 201)"),
        ({"sections": [{"offset": 0, "text": "a", "heading": "x"}]}, "sections[0].heading: unknown field"),
        ({"sections": [{"offset": "0", "text": "a"}]}, "sections[0].offset: Input should be a valid integer"),
    ],
)
def test_bad_sections_are_refused_naming_the_field(api: Api, change: dict[str, Any], message: str) -> None:
    payload = {k: v for k, v in {**sections_request(), **change}.items() if v is not None}
    status, code, text = error_of(api.query(payload))
    assert (status, code) == (400, "INVALID_REQUEST")
    assert text.startswith(message), text


def test_page_length_without_sections_is_refused(api: Api) -> None:
    status, _, text = error_of(api.query({"pageText": "a page", "pageLength": 6, "question": "what?"}))
    assert (status, text) == (400, "pageLength: only with sections")


def prepared(**extra: Any) -> PreparedQuery:
    return prepare(parse_body(json.dumps(sections_request(**extra)).encode()))


def test_the_model_sees_each_section_with_its_offset() -> None:
    document = build_payload(prepared(), "m")["messages"][-1]["content"]
    assert "[Parts of a 131,000-character page" in document
    assert f"[Section at character 0]\n{LEAD}" in document and f"[Section at character 90,000]\n{FAR}" in document


def test_a_page_read_whole_is_sent_as_it_is() -> None:
    whole = prepare(parse_body(json.dumps({"pageText": LEAD, "question": "sun?"}).encode()))
    document = build_payload(whole, "m")["messages"][-1]["content"]
    assert f'Document:\n"""\n{LEAD}\n"""' in document and "[Section" not in document


def test_a_model_quote_must_lie_inside_one_section() -> None:
    across = LEAD[-30:] + " " + FAR[:30]  # what a model might make of the two sections side by side
    content = json.dumps(
        {"answer": "a", "citations": [{"id": "cite-1", "text": across}, {"id": "cite-2", "text": FAR}]}
    )
    response = interpret(content, prepared())
    assert [c.text for c in response.citations] == [FAR]
    assert (response.charactersAnalyzed, response.truncated) == (len(LEAD) + len(FAR), True)
