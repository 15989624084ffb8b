"""`xtk lint` runs no full garbage collection while it builds the trees and facts it keeps to the end of the run
(toolchain/lint/heap.py): each full collection rescanned everything built so far, a fifth of the CPU time on a
bundle of a few MB and more per MB the larger it was. Counted, not timed: the collector's own callbacks say which
generation each collection was; the findings are the same either way."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

from toolchain.lint.heap import long_lived_heap

#: `xtk lint DIR --no-cache --format json` in a fresh interpreter (a real run's heap), counting collections by
#: generation; argv[2] == "default" lints under CPython's default thresholds instead (the heap setting made a no-op)
PROBE = """
import contextlib, gc, sys
counts = [0, 0, 0]
gc.callbacks.append(lambda phase, info: phase == "start" and counts.__setitem__(info["generation"],
                                                                                   counts[info["generation"]] + 1))
if sys.argv[2] == "default":
    import toolchain.lint.heap
    toolchain.lint.heap.long_lived_heap = contextlib.nullcontext
from toolchain.cli import main
folder = sys.argv[1]
sys.argv = ["xtk", "lint", folder, "--no-cache", "--format", "json"]
try:
    main(standalone_mode=False)
except SystemExit:
    pass
finally:
    sys.stdout.flush()
    sys.stderr.write("COLLECTIONS " + " ".join(map(str, counts)) + "\\n")
"""


def _extension(folder: Path, size: int) -> Path:
    """A plain extension whose background is one minified-style line of `size` bytes with an `é` in it."""
    folder.mkdir()
    manifest = {"manifest_version": 3, "name": "heap", "version": "1", "permissions": ["storage"]}
    manifest["background"] = {"service_worker": "background.js"}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    parts, total, index = ['var label="é";'], 0, 0
    while total < size:
        part = (
            f"function f{index}(a,b){{var c=a.map(function(d){{return d*b+{index}}});"
            f"if(c.length>{index % 7}){{chrome.storage.local.set({{k{index}:c}})}}return c}}"
            f"var v{index}=f{index}([1,2,3],{index % 13});"
        )
        parts.append(part)
        total += len(part)
        index += 1
    (folder / "background.js").write_text("".join(parts), encoding="utf-8")
    return folder


def _lint(folder: Path, thresholds: str) -> tuple[list[object], list[int]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(folder), thresholds], capture_output=True, text=True, timeout=300
    )
    line = next(line for line in done.stderr.splitlines() if line.startswith("COLLECTIONS "))
    return json.loads(done.stdout), [int(n) for n in line.split()[1:]]


def test_a_lint_of_a_large_bundle_runs_no_full_collection_and_finds_the_same(tmp_path: Path) -> None:
    folder = _extension(tmp_path / "extension", 400_000)
    findings, (young, _, full) = _lint(folder, "xtk")
    default_findings, (_, _, default_full) = _lint(folder, "default")
    assert default_full >= 1  # CPython's own thresholds rescan the whole heap while the bundle is analysed
    assert full == 0
    assert young > 0  # the young generations are still collected: short-lived cycles are freed
    assert findings == default_findings


def test_the_thresholds_come_back_after_the_block_even_on_an_error() -> None:
    before = gc.get_threshold()
    try:
        with long_lived_heap():
            assert gc.get_threshold()[2] > 1000 and gc.isenabled()
            raise KeyError("stop")
    except KeyError:
        pass
    assert gc.get_threshold() == before
