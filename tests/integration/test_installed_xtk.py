"""xtk as a user installs it: the wheel into a fresh virtualenv (its dependencies from the package index, nothing
from this checkout or this environment), then init → build → lint → package → dev (headless, one reload) in Chromium
and Firefox. Before, the installed `xtk dev` failed with "No module named 'playwright'" (Chromium) and
"'websockets'" (Firefox): only the test extra had them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.dev_session import XtkProcess
from tests.conftest import REPO

pytestmark = [pytest.mark.browser, pytest.mark.node]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The `xtk` command of a fresh virtualenv holding the wheel and what its metadata asks for."""
    root = tmp_path_factory.mktemp("installed")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps"]
        + ["--no-build-isolation", "--wheel-dir", str(root / "wheel"), str(REPO)],
        check=True,
        timeout=300,
    )
    (wheel,) = (root / "wheel").glob("xtk_toolchain-*.whl")
    subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True, timeout=120)
    pip = root / "venv/bin/pip"
    done = subprocess.run(
        [str(pip), "install", "--quiet", "--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    yield root / "venv/bin/xtk"


def _clean_env() -> dict[str, str]:
    """No PYTHONPATH (this checkout must not be importable) and no virtualenv of ours on PATH."""
    return {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}


def _xtk(xtk: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(xtk), *args], cwd=cwd, capture_output=True, text=True, timeout=300, env=_clean_env())


def test_the_installed_wheel_runs_the_whole_workflow(installed: Path, tmp_path: Path) -> None:
    located = subprocess.run(
        [str(installed.with_name("python")), "-c", "import toolchain; print(toolchain.__file__)"],
        capture_output=True,
        text=True,
        env=_clean_env(),
        cwd=tmp_path,
    )
    assert "site-packages" in located.stdout and str(REPO) not in located.stdout, located.stdout

    init = _xtk(installed, "init", "demo", cwd=tmp_path)
    assert init.returncode == 0, init.stdout + init.stderr
    project = tmp_path / "demo"
    for args in (("build",), ("lint",), ("package",)):
        done = _xtk(installed, *args, cwd=project)
        assert done.returncode == 0, (args, done.stdout, done.stderr)
    assert sorted(p.name for p in (project / "build").iterdir() if p.is_dir()) == ["chrome", "edge", "firefox"]
    assert len(list((project / "dist").glob("*.zip"))) == 4  # three stores' zips and the sources zip

    background = project / "src/background/index.ts"
    for browser in ("chrome", "firefox"):  # playwright drives Chromium, websockets Firefox
        dev = XtkProcess(
            "dev", "--browser", browser, "--headless", project=project, executable=installed, env=_clean_env()
        )
        try:
            ready = dev.wait_for("ready", timeout=120)
            assert ready["browser"] == browser
            background.write_text(
                background.read_text(encoding="utf-8") + f"\n// edited for {browser}\n", encoding="utf-8"
            )
            reloaded = dev.wait_for("reloaded", timeout=120)
            assert reloaded["scope"] == "extension", json.dumps(reloaded)
            assert dev.stop(signal.SIGINT) == 0, "".join(dev.stderr)
        finally:
            dev.kill()
