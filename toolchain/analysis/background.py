"""Work a lint can leave to a copy of its process, when the process lives on after answering.

The lint server (`xtk lint --server`) writes the walk cache for the next lint this way: `run` forks, the child
pickles and writes from a snapshot of memory as it is at that moment (copy-on-write: what the rules compute
afterwards is not in it) on the other core, and the parent goes on to the rules and its answer; the server waits for
the child before its next lint reads the cache. Everywhere else — a one-shot `xtk lint`, a system without fork, a
process that runs other threads (a fork copies only the calling one) — the work runs at once, in the caller.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

_enabled = False
_children: list[int] = []


def enable(on: bool) -> None:
    """Let `run` fork (the lint server turns it on for its lifetime)."""
    global _enabled
    _enabled = on


def run(work: Callable[[], None]) -> None:
    """`work`, in a forked child when enabled and safe, else now. It must not fail the lint: the child's errors
    end the child."""
    if not _enabled or not hasattr(os, "fork") or threading.active_count() > 1:
        work()
        return
    pid = os.fork()
    if pid == 0:  # the child: do the work, then leave without running the parent's exit handlers or flushing
        code = 0
        try:
            work()
        except BaseException:
            code = 1
        os._exit(code)
    _children.append(pid)


def wait() -> None:
    """Until every child `run` started has ended (before the next lint reads what they write)."""
    while _children:
        pid = _children.pop()
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
