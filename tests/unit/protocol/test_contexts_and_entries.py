"""A channel's `from` and `to` name known extension contexts (a typo gets a "did you mean"), and `xtk protocol
codegen` runs before the project's entry files exist: it needs only the config, the schemas and the output path."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import copy_flagship, run_xtk
from tests.unit.protocol.support import load
from toolchain.diagnostics import InputError
from toolchain.protocol.model import extension_contexts

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "ping.schema.json",
    "oneOf": [{"type": "object", "properties": {"type": {"const": "PING"}}, "required": ["type"]}],
}


def write(folder: Path, sender: object, receiver: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ping.schema.json").write_text(json.dumps(SCHEMA), encoding="utf-8")
    channel = {
        "name": "ping",
        "schema": "ping.schema.json",
        "api": "runtime",
        "from": sender,
        "to": receiver,
        "kind": "request",
    }
    (folder / "protocol.json").write_text(json.dumps({"channels": [channel]}, indent=2), encoding="utf-8")
    return folder


def problems(folder: Path) -> list[str]:
    with pytest.raises(InputError) as raised:
        load(folder)
    return [f"{d.key}: {d.message}" for d in raised.value.diagnostics]


def test_the_contexts_are_those_the_build_tags_scripts_with() -> None:
    contexts = extension_contexts()
    assert {"background", "content", "popup", "options", "side_panel", "offscreen", "worker"} <= set(contexts)
    assert len(set(contexts)) == len(contexts)


def test_every_known_context_is_accepted(tmp_path: Path) -> None:
    protocol = load(write(tmp_path / "p", list(extension_contexts()), ["background"]))
    assert protocol.channels[0].senders == frozenset(extension_contexts())


@pytest.mark.parametrize(
    ("typo", "suggestion"),
    [("contnet", "content"), ("backgorund", "background"), ("popups", "popup"), ("sidepanel", "side_panel")],
)
def test_a_misspelt_context_is_an_error_with_a_suggestion(tmp_path: Path, typo: str, suggestion: str) -> None:
    found = problems(write(tmp_path / "p", ["popup"], [typo]))
    assert len(found) == 1
    assert found[0].startswith(
        f"/channels/0/to/0: unknown context \"{typo}\"; did you mean '{suggestion}'? (contexts: "
    )


def test_an_unknown_context_lists_them_all(tmp_path: Path) -> None:
    (found,) = problems(write(tmp_path / "p", ["devtools-panel-of-doom"], ["background"]))
    assert "did you mean" not in found
    assert found.startswith(
        '/channels/0/from/0: unknown context "devtools-panel-of-doom" (contexts: background, content'
    )


@pytest.mark.parametrize("value", ["popup", [], None, 3, [["popup"]], [7]])
def test_from_and_to_are_non_empty_lists_of_names(tmp_path: Path, value: object) -> None:
    found = problems(write(tmp_path / "p", value, ["background"]))
    assert len(found) == 1, found
    assert found[0].startswith("/channels/0/from")
    assert "expected a non-empty list of context names" in found[0] or "unknown context" in found[0]


def test_the_cli_locates_a_typo_in_protocol_json(tmp_path: Path) -> None:
    project = copy_flagship(tmp_path / "docmind")
    index = project / "extension_src" / "specs" / "protocol" / "protocol.json"
    text = index.read_text(encoding="utf-8")
    index.write_text(text.replace('"content"\n', '"contnet"\n', 1), encoding="utf-8")
    line = next(i + 1 for i, row in enumerate(index.read_text().splitlines()) if '"contnet"' in row)
    result = run_xtk("protocol", "codegen", cwd=project)
    assert result.code == 2, result.output
    assert result.stderr.startswith(f"extension_src/specs/protocol/protocol.json:{line}:")
    assert "unknown context \"contnet\"; did you mean 'content'?" in result.stderr
    assert "responds_to" not in result.stderr  # one mistake, one message


def test_codegen_runs_before_the_entries_exist(tmp_path: Path) -> None:
    project = copy_flagship(tmp_path / "docmind")
    src = project / "extension_src" / "src"
    shutil.rmtree(src)  # no background, popup, content script, abstraction or conformance module yet
    build = run_xtk("build", cwd=project)
    assert build.code == 2 and "folder not found: extension_src/src" in build.stderr  # the build still needs them
    result = run_xtk("protocol", "codegen", cwd=project)
    assert result.code == 0, result.output
    assert (src / "shared" / "protocol.ts").is_file()
    assert run_xtk("protocol", "codegen", "--check", cwd=project).code == 0


def test_codegen_without_entries_still_keeps_paths_inside_the_project(tmp_path: Path) -> None:
    project = copy_flagship(tmp_path / "docmind")
    shutil.rmtree(project / "extension_src" / "src")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (project / "extension_src" / "src").symlink_to(outside, target_is_directory=True)
    result = run_xtk("protocol", "codegen", cwd=project)
    assert result.code == 2, result.output
    assert list(outside.iterdir()) == []
