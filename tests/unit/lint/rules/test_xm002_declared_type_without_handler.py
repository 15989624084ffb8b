"""XM002 declared-type-without-handler. Where it fires, line by line: tests/fixtures/lint/rules/XM002/XM002.snap."""

from __future__ import annotations

import pytest

from tests.unit.lint.rules.support import findings, places


def test_fires_at_the_schema_const_of_a_request_type_nobody_handles(project) -> None:
    ctx = project("protocol")
    # RESET: declared on popup-to-background, no background handler tests for it. Not: GET_STATUS, SAVE_NOTE
    # (background), EXTRACT, HIGHLIGHT (content), response channels (STATUS, ERROR, EXTRACTED)
    (finding,) = findings(ctx, "XM002")
    assert finding.path == "protocol/popup-to-background.schema.json"
    assert (
        finding.message
        == "`RESET` is declared on popup-to-background, but no onMessage handler in background handles it"
    )


def test_near_misses(extension) -> None:
    assert places(extension("mv3-clean"), "XM002") == set()
    assert places(extension("mv2-firefox"), "XM002") == set()


@pytest.mark.node  # builds a project with esbuild
def test_a_channel_whose_receivers_a_target_does_not_build_is_not_checked_there(tmp_path) -> None:
    """An offscreen document is built for Chrome and Edge only: its channel's types are judged in those builds, and
    not in Firefox's, where no offscreen handler can exist (examples/recall does that work in Firefox's background)."""
    import json

    from tests.unit.lint.rules.support import copy_project, lint_project

    project = copy_project("protocol", tmp_path)
    with (project / "xtk.toml").open("a", encoding="utf-8") as config:
        config.write(
            '\n[[offscreen]]\npage = "src/offscreen/index.html"\n\n[permissions]\n'
            'offscreen = { justification = "summaries", browsers = ["chrome", "edge"] }\n'
        )
    (project / "src" / "offscreen").mkdir()
    (project / "src" / "offscreen" / "index.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>offscreen</title>'
        '<script type="module" src="./index.ts"></script></head><body></body></html>\n',
        encoding="utf-8",
    )
    (project / "src" / "offscreen" / "index.ts").write_text(
        "chrome.runtime.onMessage.addListener((message: { type: string }, _sender, sendResponse) => {\n"
        "  if (message.type === 'SUMMARIZE') sendResponse({ type: 'SUMMARY' });\n"
        "});\n",
        encoding="utf-8",
    )
    (project / "protocol" / "background-to-offscreen.schema.json").write_text(
        json.dumps(
            {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "oneOf": [{"$ref": "#/$defs/Summarize"}, {"$ref": "#/$defs/Status"}],
                "$defs": {
                    "Summarize": {
                        "type": "object",
                        "properties": {"type": {"const": "SUMMARIZE"}},
                        "required": ["type"],
                    },
                    "Status": {"type": "object", "properties": {"type": {"const": "STATUS"}}, "required": ["type"]},
                },
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    protocol = json.loads((project / "protocol" / "protocol.json").read_text(encoding="utf-8"))
    protocol["channels"].append(
        {
            "name": "background-to-offscreen",
            "schema": "background-to-offscreen.schema.json",
            "api": "runtime",
            "from": ["background"],
            "to": ["offscreen"],
            "kind": "request",
        }
    )
    (project / "protocol" / "protocol.json").write_text(json.dumps(protocol, indent=1) + "\n", encoding="utf-8")

    found = {(f.path, f.browser, f.message.split("`")[1]) for f in findings(lint_project(project), "XM002")}
    offscreen = {place for place in found if place[0] == "protocol/background-to-offscreen.schema.json"}
    # STATUS has no handler: a finding for the browsers that build the offscreen document, none for Firefox.
    assert offscreen == {("protocol/background-to-offscreen.schema.json", "chrome,edge", "STATUS")}
