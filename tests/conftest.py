"""Shared test helpers: where the repository and ../shared are, a disposable copy of the flagship project, and
running the real `xtk` command."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"
EXTENSION = REPO / "extension_src"

# Every browser the tests start (directly, or through `xtk dev`/`xtk run` in a subprocess) reaches this machine only:
# the saved pages' remote images fail at once instead of holding each page's load event (~10 s without a network).
os.environ.setdefault("XTK_BROWSER_NETWORK", "local")


@dataclass
class XtkResult:
    code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


def interruptible() -> None:
    """`preexec_fn` for an xtk the test will stop with SIGINT: Ctrl-C reaches it as from a terminal. A test run started
    in the background (`make test` from a script's `&`, nohup) has SIGINT ignored, which children inherit — and a
    Python started with SIGINT ignored never raises KeyboardInterrupt: the signal the test sends was lost, and
    `xtk dev` ran on until the test's timeout (the dev-loop tests failed so under a backgrounded `.ci/run`)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_xtk(*args: str, cwd: Path, env: dict[str, str] | None = None, timeout: float = 120) -> XtkResult:
    """Run the installed `xtk` command as a user would, in `cwd`."""
    xtk = Path(sys.executable).with_name("xtk")
    command = [str(xtk)] if xtk.exists() else [sys.executable, "-m", "toolchain"]
    completed = subprocess.run(
        [*command, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )
    return XtkResult(completed.returncode, completed.stdout, completed.stderr)


def copy_flagship(destination: Path) -> Path:
    """A copy of the DocMind project (config + extension sources) whose builds land in `destination`.

    node_modules is linked, not copied; build outputs never touch the repository.
    """
    destination.mkdir(parents=True, exist_ok=True)
    shutil.copy2(REPO / "xtk.toml", destination / "xtk.toml")
    target = destination / "extension_src"
    target.mkdir()
    for name in ("src", "public"):
        shutil.copytree(EXTENSION / name, target / name)
    for name in ("package.json", "package-lock.json", "tsconfig.json"):
        shutil.copy2(EXTENSION / name, target / name)
    (target / "node_modules").symlink_to(EXTENSION / "node_modules", target_is_directory=True)
    for name in ("posture", "protocol"):  # DocMind's own specs the config names ([lint] posture, [protocol])
        if (EXTENSION / "specs" / name).is_dir():
            shutil.copytree(EXTENSION / "specs" / name, target / "specs" / name)
    return destination


@pytest.fixture
def flagship(tmp_path: Path) -> Path:
    return copy_flagship(tmp_path / "docmind")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Corpus tests run whenever ../shared/corpus exists (CI has it) and are skipped, saying why, otherwise."""
    if CORPUS.is_dir():
        return
    skip = pytest.mark.skip(reason=f"{CORPUS} not found: the corpus tests read the shared corpus beside the repo")
    for item in items:
        if "corpus" in item.keywords:
            item.add_marker(skip)
