"""A fourth browser is one registry entry: registered before xtk runs (nothing else edited), Opera — a Chromium
browser xtk does not know — gets its `[targets.opera]` section, its build folder, its manifest checked against its
schema, its `import.meta.env.OPERA` flag (folded by esbuild, typed in .xtk/env.d.ts, so tsc passes), its knowledge
base column (Chrome's, by its `knowledge` key), its lint target and its driver."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import EXTENSION, REPO

#: Runs xtk's command line in a fresh interpreter after one call to the registry.
WITH_OPERA = """
import sys
from toolchain import browser_targets
browser_targets.register(browser_targets.BrowserTarget(
    name="opera", label="Opera", engine="chromium", manifest_versions=(3,), default_manifest_version=3,
    schema="chrome-mv3", esbuild="opera", env_flag="OPERA", minimum_version_key="/minimum_chrome_version",
    knowledge="chrome", store="Opera add-ons",
))
if sys.argv[1] == "driver":
    from toolchain.browsers.launcher import driver_for
    print(driver_for("opera"))
    raise SystemExit(0)
from toolchain.cli import run
sys.argv = ["xtk", *sys.argv[1:]]
run()
"""


def _xtk_with_opera(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITH_OPERA, *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=180,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "HOME": str(project)},
    )


def _opera_project(tmp_path: Path) -> Path:
    project = tmp_path / "mini"
    shutil.copytree(REPO / "tests/fixtures/projects/dev-mini", project)
    (project / "node_modules").symlink_to(EXTENSION / "node_modules", target_is_directory=True)
    config = project / "xtk.toml"
    config.write_text(config.read_text(encoding="utf-8") + '\n[targets.opera]\nmin_version = "110"\n', "utf-8")
    background = project / "src/background.ts"
    background.write_text(
        background.read_text(encoding="utf-8")
        + '\nif (import.meta.env.OPERA) console.log("built for Opera");\n'
        # runtime.getContexts is in Chromium from 116: the lint reads Opera's support from Chrome's column
        + "declare const chrome: { runtime: { getContexts(filter: object): Promise<unknown[]> } };\n"
        + "void chrome.runtime.getContexts({});\n",
        "utf-8",
    )
    return project


def test_a_registered_fourth_browser_builds_lints_and_has_a_driver(tmp_path: Path) -> None:
    project = _opera_project(tmp_path)

    built = _xtk_with_opera(project, "build", "--browser", "all", "--format", "json")
    assert built.returncode == 0, built.stderr + built.stdout
    assert sorted(p.name for p in (project / "build").iterdir() if p.is_dir()) == ["chrome", "firefox", "opera"]
    manifest = json.loads((project / "build/opera/manifest.json").read_text(encoding="utf-8"))
    assert manifest["manifest_version"] == 3 and manifest["minimum_chrome_version"] == "110"
    assert "service_worker" in manifest["background"]
    assert "built for Opera" in (project / "build/opera/background.js").read_text(encoding="utf-8")
    assert "built for Opera" not in (project / "build/chrome/background.js").read_text(encoding="utf-8")
    assert "readonly OPERA: boolean;" in (project / ".xtk/env.d.ts").read_text(encoding="utf-8")  # tsc passed with it

    linted = _xtk_with_opera(project, "lint", "--format", "json", "--no-cache")
    assert linted.returncode == 1, linted.stderr
    unavailable = [(f["browser"], f["message"]) for f in json.loads(linted.stdout) if f["code"] == "XP007"]
    assert unavailable == [  # chrome's minimum is 121: only Opera 110 lacks it
        ("opera", "`runtime.getContexts` needs Opera 116 or later (the declared minimum is 110)")
    ]

    assert _xtk_with_opera(project, "driver").stdout.strip() == "chromium"


def test_without_the_entry_opera_is_an_unknown_key(tmp_path: Path) -> None:
    project = _opera_project(tmp_path)
    completed = subprocess.run(
        [sys.executable, "-m", "toolchain", "build", "--browser", "all"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "HOME": str(project)},
    )
    assert completed.returncode == 2
    assert "targets.opera" in completed.stderr + completed.stdout
