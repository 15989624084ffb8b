"""toolchain/analysis/background.py: work left to a forked copy of the process (the lint server's walk-cache
writes) sees memory as it was when it was handed over, and runs inline wherever forking is not safe."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO
from toolchain.analysis import background


@pytest.fixture
def enabled() -> Iterator[None]:
    background.enable(True)
    yield None
    background.wait()
    background.enable(False)


def _writer(target: Path, values: list[int]) -> Callable[[], None]:
    def write() -> None:
        target.write_text(json.dumps({"pid": os.getpid(), "values": values}))

    return write


#: run in a fresh interpreter: the test process may run other threads (browser sessions, fixture servers), and then
#: `run` rightly does not fork
FORKED = """
import json, os, sys
from pathlib import Path
from toolchain.analysis import background
target, values = Path(sys.argv[1]), [1]
background.enable(True)
background.run(lambda: target.write_text(json.dumps({"pid": os.getpid(), "values": values})))
values.append(2)  # what the parent does afterwards (the rules) is not in the child's copy
background.wait()
print(os.getpid())
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")
def test_a_forked_child_writes_from_memory_as_it_was_handed_over(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    done = subprocess.run(
        [sys.executable, "-c", FORKED, str(target)], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    written = json.loads(target.read_text())
    assert written["values"] == [1] and written["pid"] != int(done.stdout)


def test_without_the_server_the_work_runs_now_in_this_process(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    background.run(_writer(target, [1]))
    assert json.loads(target.read_text())["pid"] == os.getpid()


def test_with_another_thread_running_it_does_not_fork(tmp_path: Path, enabled: None) -> None:
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        target = tmp_path / "out.json"
        background.run(_writer(target, [1]))
        assert json.loads(target.read_text())["pid"] == os.getpid()
    finally:
        stop.set()
        other.join()
