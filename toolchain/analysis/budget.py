"""How much work the analysis may spend: on one file (its parse budget) and on one lint run (its deadline).

Tree-sitter is fast on code but not on everything. Its error recovery on some garbage never finishes: 5 KB of
printable noise kept the TSX grammar at one byte offset for minutes while memory grew (issue 17), and on dense
noise each step costs more the longer the error runs (1 MB of random printable text: ~15,000 steps, 10–50 s). So a
parse is given a budget in proportion to its file, on two counts, and is cancelled when it spends either:

- **steps** — tree-sitter calls the progress callback once per 100 parse operations (`OP_COUNT_PER_PARSER_TIMEOUT_
  CHECK` in its parser.c). Real code takes at most 0.024 steps a byte (542 files of npm packages, DocMind and the
  examples; minified bundles are the densest), so a file gets `STEPS_PER_BYTE` (0.1, four times that) plus a floor.
  The count depends on the bytes and the grammar only: the same file is cut, or not, on every machine. It stops
  the parses that stall.
- **CPU time** — `CPU_SECONDS_FLOOR` plus `CPU_SECONDS_PER_MIB` of this thread's CPU time (not the wall clock: a
  loaded machine does not make a file fail). Real code parses at 1 MiB a second or faster; this stops noise whose
  every step is slow.

The JavaScript grammar and the TSX grammar it falls back to share the one budget. The walk that follows visits
each node of the tree once, so its work is bounded by the tree the budget allowed.

A run's deadline (`xtk lint --timeout`) is wall-clock time: checked between files and during every parse, so a
file being parsed when it passes is cancelled too. A file the budget or the deadline stopped is recorded in
`stopped` (path → why) and reported as not analysed (XL004), as a file over the size limit is.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: steps (of 100 parse operations) a file may take per byte, and at least (a small file)
STEPS_PER_BYTE = 0.1
STEPS_FLOOR = 1_000
#: CPU seconds a file's parse may take: a floor, plus per MiB of the file
CPU_SECONDS_FLOOR = 2.0
CPU_SECONDS_PER_MIB = 10.0

#: the wall-clock time (time.monotonic) at which the current run stops analysing files, None without a deadline
deadline: float | None = None
#: how the deadline was set, for messages ("--timeout 300")
deadline_label = ""
#: files whose analysis was stopped in this run → why ("its parse took more than its budget…")
stopped: dict[Path, str] = {}


class AnalysisStopped(OSError):
    """A file's parse ran out of its budget, or the run's deadline passed: the file is not analysed. An OSError, as
    FileTooLarge is, so the callers that skip a file they cannot read skip this one too."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: not analysed: {reason}")
        self.path, self.reason = path, reason


def steps_for(size: int) -> int:
    """The steps a file of `size` bytes may take to parse (both grammars together)."""
    return max(STEPS_FLOOR, math.ceil(size * STEPS_PER_BYTE))


def cpu_seconds_for(size: int) -> float:
    return CPU_SECONDS_FLOOR + CPU_SECONDS_PER_MIB * size / (1024 * 1024)


def past_deadline() -> bool:
    return deadline is not None and time.monotonic() > deadline


def deadline_reason() -> str:
    return f"the run's deadline ({deadline_label}) passed before it was analysed"


class ParseBudget:
    """One file's parse budget: `progress` is tree-sitter's progress callback (True cancels the parse)."""

    def __init__(self, size: int) -> None:
        self.steps_left = steps_for(size)
        self.cpu_limit = time.thread_time() + cpu_seconds_for(size)
        self.size = size
        self.reason = ""

    def progress(self, _offset: int, _has_error: bool) -> bool:
        self.steps_left -= 1
        if self.steps_left < 0:
            self.reason = (
                f"its parse went past its budget ({steps_for(self.size):,} steps of the parser for {self.size:,} bytes)"
            )
            return True
        if self.steps_left % 16 == 0:  # the clocks cost more than the count: read them every 16 steps
            if time.thread_time() > self.cpu_limit:
                self.reason = (
                    f"its parse went past its budget ({cpu_seconds_for(self.size):.1f} s of CPU time "
                    f"for {self.size:,} bytes)"
                )
                return True
            if past_deadline():
                self.reason = deadline_reason()
                return True
        return False


@contextmanager
def run_deadline(seconds: float | None, label: str = "") -> Iterator[None]:
    """Inside the block, analysis stops `seconds` from now (None: no deadline), and `stopped` starts empty; both
    are restored after it."""
    global deadline, deadline_label, stopped
    saved = deadline, deadline_label, stopped
    deadline = time.monotonic() + seconds if seconds is not None else None
    deadline_label, stopped = label or f"{seconds:g} s", {}
    try:
        yield
    finally:
        deadline, deadline_label, stopped = saved
