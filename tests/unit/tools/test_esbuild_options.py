"""The dev loop bundles with esbuild's JS API from the build's own command line: the conversion, flag by flag, and
proof that both give byte-identical bundles."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browser.dev_session import copy_dev_mini
from toolchain.dev.bundler import Bundler
from toolchain.plan import plan_build
from toolchain.project import load_project
from toolchain.tools.esbuild import esbuild_commands, find_esbuild
from toolchain.tools.esbuild_options import UnsupportedFlag, esbuild_options


def test_each_kind_of_flag() -> None:
    options = esbuild_options(
        [
            "esbuild",
            "src/a.ts",
            "src/b.ts",
            "--bundle",
            "--format=esm",
            "--target=chrome121,firefox142",
            "--log-limit=0",
            "--sources-content=true",
            "--loader:.png=file",
            '--define:import.meta.env.X="a=b"',
            "--inject:/tmp/odd=name:1.js",
            "--metafile=/tmp/meta.json",
            "--log-level=warning",
            "--color=false",
        ],
        Path("/project"),
    )
    assert options == {
        "absWorkingDir": "/project",
        "entryPoints": ["src/a.ts", "src/b.ts"],
        "bundle": True,
        "format": "esm",
        "target": ["chrome121", "firefox142"],
        "logLimit": 0,
        "sourcesContent": True,
        "loader": {".png": "file"},
        "define": {"import.meta.env.X": '"a=b"'},  # split at the first "=" only
        "inject": ["/tmp/odd=name:1.js"],  # a path is kept whole
    }  # metafile, log level and colour are the service's business


@pytest.mark.parametrize("argument", ["--mystery:x=y", "-x"])
def test_a_flag_it_cannot_express_is_an_error(argument: str) -> None:
    with pytest.raises(UnsupportedFlag, match="xtk dev"):
        esbuild_options(["esbuild", argument], Path("/project"))


@pytest.mark.node
def test_js_api_bundles_are_the_cli_bundles(tmp_path: Path) -> None:
    """Every esbuild command `xtk build --mode development` runs, through the JS API: the same bytes."""
    project = load_project(copy_dev_mini(tmp_path / "project"))
    binary = find_esbuild(project.root)
    for browser in ("chrome", "firefox"):
        plan = plan_build(project, browser, "development")
        cli_out, api_out = tmp_path / f"cli-{browser}", tmp_path / f"api-{browser}"
        contexts = []
        for command in esbuild_commands(plan, binary, cli_out, tmp_path / "scratch"):
            subprocess.run(command.argv, cwd=project.root, check=True, capture_output=True)
            argv = [a.replace(str(cli_out), str(api_out)) for a in command.argv]
            contexts.append((command.fmt, esbuild_options(argv, project.root)))
        bundler = Bundler(project.root, project.base_dir, binary, browser)
        try:
            bundler.start(contexts)
            result = bundler.rebuild()
        finally:
            bundler.close()
        assert result.errors == []
        assert project.root / "src/background.ts" in result.inputs
        built = sorted(p.relative_to(cli_out).as_posix() for p in cli_out.rglob("*") if p.is_file())
        assert built == sorted(p.relative_to(api_out).as_posix() for p in api_out.rglob("*") if p.is_file())
        for name in built:
            cli_text = (cli_out / name).read_text().replace(str(cli_out), "OUT")
            assert cli_text == (api_out / name).read_text().replace(str(api_out), "OUT"), name
    shutil.rmtree(tmp_path / "scratch", ignore_errors=True)
