"""toolchain/tools/components.py: which projects take the Node path (package.json), the request its runner gets
(the native command's settings, translated), and the hint when a component's framework is missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.tools.components import missing_framework_hint, node_command, node_features
from toolchain.tools.esbuild import EsbuildCommand, define_arguments


def test_the_runner_gets_the_native_commands_options_and_what_it_needs_itself(tmp_path: Path) -> None:
    """The options are xtk dev's translation of the very same argv, plus the metafile and esbuild's own log
    (which the dev service drops and the runner needs: xtk reads the messages from stderr)."""
    defines, _ = define_arguments({"import.meta.env.X": json.dumps("a=b:c"), "LONG": json.dumps("x" * 5000)}, tmp_path)
    argv = (
        "/bin/esbuild",
        "src/a.ts",
        "--bundle",
        "--format=esm",
        "--target=chrome116",
        "--metafile=/m.json",
        "--log-level=warning",
        "--log-limit=0",
        "--color=false",
        "--loader:.png=file",
        *defines,
        "--sourcemap=linked",
        "--sources-content=true",
    )
    command = node_command(EsbuildCommand("chrome", "esm", argv, "/m.json"), tmp_path, ["svelte"])
    options = json.loads(command.generated[-1][1])["options"]
    assert options == {
        "absWorkingDir": str(tmp_path),
        "entryPoints": ["src/a.ts"],
        "bundle": True,
        "format": "esm",
        "target": ["chrome116"],
        "metafile": True,
        "logLevel": "warning",
        "logLimit": 0,
        "color": False,
        "loader": {".png": "file"},
        "define": {"import.meta.env.X": json.dumps("a=b:c"), "LONG": "__xtk_LONG"},
        "inject": [str(tmp_path / ".xtk/constants.js")],
        "sourcemap": "linked",
        "sourcesContent": True,
    }


def test_the_node_command_carries_the_request_and_vue_flags(tmp_path: Path) -> None:
    native = EsbuildCommand("chrome", "esm", ("/bin/esbuild", "src/a.ts", "--bundle", "--metafile=/m.json"), "/m.json")
    command = node_command(native, tmp_path, ["vue"])
    assert Path(command.argv[1]).name == "components.mjs"
    ((path, text),) = command.generated
    assert path == str(tmp_path / ".xtk/components/chrome.esm.json")
    request = json.loads(text)
    assert request["frameworks"] == ["vue"] and request["metafile"] == "/m.json"
    assert request["options"]["define"]["__VUE_OPTIONS_API__"] == "true"
    assert request["options"]["entryPoints"] == ["src/a.ts"]


@pytest.mark.parametrize(
    ("package", "expected"),
    [
        ({"dependencies": {"svelte": "5"}}, ["svelte"]),
        ({"devDependencies": {"vue": "3"}, "dependencies": {"svelte": "5"}}, ["svelte", "vue"]),
        ({"dependencies": {"react": "19"}}, []),
        ({}, []),
    ],
)
def test_frameworks_come_from_package_json(tmp_path: Path, package: dict, expected: list[str]) -> None:
    (tmp_path / "package.json").write_text(json.dumps(package), encoding="utf-8")
    assert node_features(tmp_path, tmp_path / "src") == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1]", "must hold a JSON object"),
        ('{"dependencies": ["svelte"]}', "dependencies must be an object"),
        ('{"dependencies": {', "not valid JSON"),
    ],
)
def test_a_bad_package_json_is_input_error(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "package.json").write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message) as raised:
        node_features(tmp_path, tmp_path / "src")
    assert raised.value.diagnostics[0].path == str(tmp_path / "package.json")


def test_the_missing_loader_message_names_the_package() -> None:
    found = Diagnostic("error", 'No loader is configured for ".vue" files: src/A.vue', path="src/main.ts", line=1)
    assert "add vue to package.json's dependencies" in missing_framework_hint(found).message
    other = Diagnostic("error", 'No loader is configured for ".md" files: a.md')
    assert missing_framework_hint(other) == other
