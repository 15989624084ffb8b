"""Loading a protocol: every problem is an InputError naming the file, and the line and JSON pointer when it can."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.unit.protocol.support import SPECS, load, message, write_protocol
from toolchain.diagnostics import InputError


def _problem(folder: Path) -> list:
    with pytest.raises(InputError) as caught:
        load(folder)
    assert caught.value.exit_code == 2
    return caught.value.diagnostics


def test_docmind_protocol_loads() -> None:
    protocol = load(SPECS)
    assert [c.name for c in protocol.channels] == [
        "popup-to-background",
        "background-to-popup",
        "background-to-content",
        "content-to-background",
    ]
    assert list(protocol.channel("background-to-popup").messages) == [
        "PAGE_ANALYZED",
        "PAGE_UNSUPPORTED",
        "ANSWER",
        "QUERY_FAILED",
        "HIGHLIGHT_RESULTS",
        "SCROLLED",
        "HIGHLIGHT_STATE",
        "CLEARED",
        "PENDING_CONTEXT",
        "ERROR",
    ]
    assert list(protocol.channel("background-to-content").messages) == [
        "EXTRACT_TEXT",
        "INJECT_HIGHLIGHTS",
        "SCROLL_TO",
        "CLEAR_HIGHLIGHTS",
        "GET_STATE",
    ]
    assert protocol.channel("content-to-background").messages["ERROR"].name == "ErrorAnswer"
    assert list(protocol.documents) == ["common.schema.json"]
    assert protocol.shown(protocol.folder / "common.schema.json") == "protocol/common.schema.json"


def test_missing_protocol_json(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    [d] = _problem(tmp_path / "p")
    assert d.path == "p/protocol.json" and "not found" in d.message


def test_missing_schema_file(tmp_path: Path) -> None:
    folder = write_protocol(tmp_path / "p", {"a.schema.json": {"oneOf": [message("A")]}})
    (folder / "a.schema.json").unlink()
    [d] = _problem(folder)
    assert (d.path, d.key, d.line) == ("p/protocol.json", "/channels/0/schema", 5)
    assert "schema file not found: a.schema.json" in d.message


def test_bad_json_has_line_and_column(tmp_path: Path) -> None:
    folder = write_protocol(tmp_path / "p", {"a.schema.json": '{\n  "oneOf": [\n    {"type": "object",}\n  ]\n}\n'})
    [d] = _problem(folder)
    assert (d.path, d.line, d.column) == ("p/a.schema.json", 3, 23)
    assert d.message.startswith("invalid JSON")


def test_nan_is_not_json(tmp_path: Path) -> None:
    folder = write_protocol(
        tmp_path / "p", {"a.schema.json": '{"oneOf": [{"properties": {"type": {"const": "A"}}, "maximum": NaN}]}'}
    )
    [d] = _problem(folder)
    assert d.path == "p/a.schema.json" and "NaN" in d.message


def test_unknown_keys(tmp_path: Path) -> None:
    folder = write_protocol(tmp_path / "p", {"a.schema.json": {"oneOf": [message("A")]}})
    index = json.loads((folder / "protocol.json").read_text())
    index["channels"][0]["form"] = ["popup"]
    index["chanels"] = []
    text = json.dumps(index, indent=2)
    (folder / "protocol.json").write_text(text)
    lines = text.splitlines()
    problems = _problem(folder)
    assert [(d.key, d.line) for d in problems] == [
        ("/chanels", next(i + 1 for i, line in enumerate(lines) if '"chanels"' in line)),
        ("/channels/0/form", next(i + 1 for i, line in enumerate(lines) if '"form"' in line)),
    ]
    assert "unknown key 'form'" in problems[1].message


def test_message_without_type_const(tmp_path: Path) -> None:
    folder = write_protocol(
        tmp_path / "p",
        {"a.schema.json": {"oneOf": [message("A"), {"type": "object", "properties": {"type": {"type": "string"}}}]}},
    )
    [d] = _problem(folder)
    assert (d.path, d.key) == ("p/a.schema.json", "/oneOf/1")
    assert d.line is not None and "string const" in d.message


def test_duplicate_message_types(tmp_path: Path) -> None:
    schema = {
        "oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}],
        "$defs": {"A": message("SAME"), "B": message("SAME")},
    }
    folder = write_protocol(tmp_path / "p", {"a.schema.json": schema})
    [d] = _problem(folder)
    assert (d.path, d.key) == ("p/a.schema.json", "/oneOf/1") and "'SAME' declared twice" in d.message


def test_unresolved_refs_are_located(tmp_path: Path) -> None:
    schema = {
        "oneOf": [{"$ref": "#/$defs/Missing"}, {"$ref": "#/$defs/A"}],
        "$defs": {
            "A": message("A", tab={"$ref": "common.schema.json#/$defs/Nope"}, list={"items": {"$ref": "other.json#/x"}})
        },
    }
    folder = write_protocol(tmp_path / "p", {"a.schema.json": schema, "common.schema.json": {"$defs": {}}})
    problems = _problem(folder)
    assert [(d.path, d.key) for d in problems] == [
        ("p/a.schema.json", "/oneOf/0/$ref"),
        ("p/a.schema.json", "/$defs/A/properties/tab/$ref"),
        ("p/a.schema.json", "/$defs/A/properties/list/items/$ref"),
    ]
    assert all(d.line is not None for d in problems)
    assert "unresolved $ref 'common.schema.json#/$defs/Nope'" in problems[1].message


def test_refs_inside_data_keywords_are_data(tmp_path: Path) -> None:
    schema = {"oneOf": [message("A", x={"const": {"$ref": "nowhere"}, "examples": [{"$ref": "nowhere"}]})]}
    protocol = load(write_protocol(tmp_path / "p", {"a.schema.json": schema}))
    [channel] = protocol.channels
    assert list(channel.messages) == ["A"]
    x = channel.messages["A"].schema["properties"]["x"]
    assert x == {"const": {"$ref": "nowhere"}, "examples": [{"$ref": "nowhere"}]}  # kept as the values they are
    # The same $ref where a schema stands is followed, and reported.
    schema = {"oneOf": [message("A", x={"$ref": "nowhere"})]}
    [d] = _problem(write_protocol(tmp_path / "q", {"a.schema.json": schema}))
    assert (d.path, d.key) == ("q/a.schema.json", "/oneOf/0/properties/x/$ref")


def test_channels_must_be_a_list(tmp_path: Path) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "protocol.json").write_text('{"channels": {}}')
    [d] = _problem(folder)
    assert (d.path, d.key) == ("p/protocol.json", "/channels")
