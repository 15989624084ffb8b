"""Watch a project's inputs with watchfiles (Rust `notify`: inotify on Linux), in bursts.

An editor's save is often several events (write a temporary file, rename it over the old one): watchfiles groups
events that follow each other within STEP_MS into one batch, and a batch never waits longer than DEBOUNCE_MS.

Batches that arrive while a rebuild runs wait in a `BatchQueue`, and the next one taken is all of them merged: under
a save storm there is one rebuild in flight and at most one pending, and the pending one reads the files as they
are when it starts, so it builds the latest state.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from watchfiles import Change, DefaultFilter, watch

STEP_MS = 5
DEBOUNCE_MS = 400


@dataclass(frozen=True)
class ChangeBatch:
    paths: frozenset[Path]
    #: When the change happened (wall clock, seconds): the newest modification time among the changed files,
    #: or the moment the watcher reported the batch when none of them still exists (deleted).
    changed_at: float


def merge(batches: Sequence[ChangeBatch]) -> ChangeBatch:
    """One batch for several: every changed path, and the newest change's time (what `reloaded.ms` counts from)."""
    paths = frozenset().union(*(batch.paths for batch in batches))
    return ChangeBatch(paths, max(batch.changed_at for batch in batches))


class BatchQueue:
    """Batches waiting for the session; `next` takes all of them at once, merged."""

    def __init__(self) -> None:
        self._batches: queue.Queue[ChangeBatch] = queue.Queue()

    def put(self, batch: ChangeBatch) -> None:
        self._batches.put(batch)

    def next(self, timeout: float) -> ChangeBatch | None:
        """Every batch queued, merged into one; None after `timeout` seconds without one (short waits keep
        Ctrl-C prompt)."""
        try:
            taken = [self._batches.get(timeout=timeout)]
        except queue.Empty:
            return None
        while True:
            try:
                taken.append(self._batches.get_nowait())
            except queue.Empty:
                return merge(taken)


class ProjectFilter(DefaultFilter):
    """watchfiles' default filter (.git, node_modules, __pycache__, editor swap files) plus the build's outputs."""

    def __init__(self, ignored: Sequence[Path]) -> None:
        super().__init__(ignore_paths=[str(p) for p in ignored])


class Watcher:
    """Watches `folders` from a thread of its own, started before the first build so no edit is missed, not even
    one made while the build or the browser start; batches that queue up while a rebuild runs are taken as one."""

    def __init__(self, folders: Sequence[Path], ignored: Sequence[Path]) -> None:
        self._folders, self._filter = list(folders), ProjectFilter(ignored)
        self._batches = BatchQueue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="xtk-dev-watcher", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        for changes in watch(
            *self._folders,
            watch_filter=self._filter,
            step=STEP_MS,
            debounce=DEBOUNCE_MS,
            stop_event=self._stop,
            raise_interrupt=False,
        ):
            self._batches.put(_batch(changes))

    def next(self, timeout: float) -> ChangeBatch | None:
        """Every batch since the last call, merged; None after `timeout` seconds without one."""
        return self._batches.next(timeout)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)


def _batch(changes: set[tuple[Change, str]]) -> ChangeBatch:
    reported = time.time()
    paths = frozenset(Path(path).resolve() for _, path in changes)
    mtimes = []
    for path in paths:
        try:
            mtimes.append(os.stat(path).st_mtime)
        except OSError:
            pass
    return ChangeBatch(paths, min(max(mtimes), reported) if mtimes else reported)
