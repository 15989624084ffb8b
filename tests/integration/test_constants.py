"""Constants of any size build (issue "Nothing lost, nothing leaked", item 6): a long value does not travel on
esbuild's command line (Linux caps one argument at 128 KiB); short ones stay inlined, so branches still fold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.integration.support import build, copy_fixture, edit
from toolchain.tools.esbuild import LONG_DEFINE, define_arguments

pytestmark = pytest.mark.node
BIG = "0123456789abcdef" * (140 * 1024 // 16)  # 140 KiB


def test_a_140_kib_constant_builds_replays_and_keeps_branches_folding(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    edit(project / "xtk.toml", "MAX_RESULTS = 20", f'MAX_RESULTS = 20\nBIG_TABLE = "{BIG}"')
    edit(
        project / "src/background/index.ts",
        "console.log('background',",
        "console.log(import.meta.env.BIG_TABLE.length);\nconsole.log('background',",
    )

    for cached in (False, True):
        result = build(project, "--format", "json")
        assert result.code == 0, result.output[-2000:]
        assert json.loads(result.stdout)["cached_recipe"] is cached
        chrome = (project / "build/chrome/background/index.js").read_text()
        firefox = (project / "build/firefox/background/index.js").read_text()
        assert chrome.count(BIG) == 1 and firefox.count(BIG) == 1
        assert "CHROMIUM_ONLY_BRANCH" in chrome and "FIREFOX_ONLY_BRANCH" not in chrome  # short defines fold
        assert "FIREFOX_ONLY_BRANCH" in firefox and "CHROMIUM_ONLY_BRANCH" not in firefox
        assert BIG not in (project / "build/chrome/content/index.js").read_text()  # only where it is used
    assert "BIG_TABLE: string" in (project / ".xtk/env.d.ts").read_text()


def test_short_values_are_inlined_and_long_ones_injected(tmp_path: Path) -> None:
    long_value = json.dumps("x" * (LONG_DEFINE + 1))
    arguments, generated = define_arguments(
        {"import.meta.env.SHORT": '"s"', "import.meta.env.LONG": long_value}, tmp_path
    )
    assert '--define:import.meta.env.SHORT="s"' in arguments
    assert "--define:import.meta.env.LONG=__xtk_import_meta_env_LONG" in arguments
    assert f"--inject:{tmp_path / '.xtk/constants.js'}" in arguments
    assert all(len(argument) < 1024 for argument in arguments)
    [(path, text)] = generated
    assert path == str(tmp_path / ".xtk/constants.js")
    assert f"export const __xtk_import_meta_env_LONG = {long_value};" in text
    assert define_arguments({"import.meta.env.SHORT": '"s"'}, tmp_path) == (['--define:import.meta.env.SHORT="s"'], ())
