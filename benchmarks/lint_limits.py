"""`xtk lint`'s bounds, measured: the per-file size limit, and time and memory against input size.

1. 10 MB of minified JavaScript, with the per-file size limit (the default, 2 MiB) and without it. The issue
   ("Nothing lost, nothing leaked", item 9) measured 20 s and 1.26 GB of memory for such a file. With the limit the
   file is not parsed (XL004); without it (`--max-file-size 64M`, the baseline) it is.
2. Growth (issue 17, "Hostile input can neither hijack nor stall xtk"): one content script of 64 KiB, 256 KiB,
   1 MiB and 2 MiB of random printable text, minified code (with one non-ASCII character, so columns are counted
   in UTF-16) and deep nesting; for each kind, the ratio of time and of memory (above an empty extension's) per
   doubling of the size: 2.0 is linear. Each file ends analysed, or stopped by its parse budget (XL004): which,
   is printed beside it. `--sizes` and `--kinds` choose; `--skip-limit` skips part 1.

Every lint runs as a subprocess (the whole command: Python start-up included); each one's peak resident memory
comes from the kernel (`wait4`'s ru_maxrss), its time from a wall clock around it.

    .venv/bin/python benchmarks/lint_limits.py [--runs N] [--megabytes 10] [--skip-limit] [--sizes 64k,256k,1M,2M]
                                               [--kinds text,minified,nesting] [--json PATH]

Exits 1 only when a run fails (an exit code other than 0 or 1) or the limited run does not report XL004 — never
because of a figure.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import platform
import random
import statistics
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WORK = REPO / "benchmarks" / ".work" / "lint_limits"
XTK = REPO / ".venv" / "bin" / "xtk"
MANIFEST = {
    "manifest_version": 3,
    "name": "lint limits benchmark",
    "version": "1",
    "permissions": ["storage", "tabs"],
    "background": {"service_worker": "background.js"},
    "content_scripts": [{"matches": ["https://example.com/*"], "js": ["bundle.min.js"]}],
}


def minified_bundle(size: int) -> bytes:
    """Minified-looking JavaScript on one line: functions, closures, API calls, string and number literals."""
    parts: list[bytes] = []
    total = 0
    index = 0
    while total < size:
        chunk = (
            f"function f{index}(a,b){{var c=a.map(function(d){{return d*b+{index}}});"
            f"if(c.length>{index % 7}){{chrome.storage.local.set({{k{index}:c}})}}return c}}"
            f'var v{index}=f{index}([1,2,3],{index % 13}),s{index}="item-{index}";'
        ).encode()
        parts.append(chunk)
        total += len(chunk)
        index += 1
    return b"".join(parts)[:size].rsplit(b";", 1)[0] + b";"


def random_text(size: int) -> bytes:
    """Seeded printable noise: what stalled tree-sitter's error recovery (issue 17)."""
    chooser = random.Random(17)
    return "".join(chooser.choice(string.printable) for _ in range(size)).encode()


def minified_non_ascii(size: int) -> bytes:
    return 'var label="café";'.encode() + minified_bundle(size - 20)


def deep_nesting(size: int) -> bytes:
    """Arrow functions nested as deep as the size allows, closed: `(x)=>{x((x)=>{x(…)})}`."""
    depth = (size - 30) // 10
    return b"(x)=>{x(" * depth + b"chrome.tabs.query({})" + b")}" * depth


KINDS = {"text": random_text, "minified": minified_non_ascii, "nesting": deep_nesting}


def growth_extension(kind: str, size: int) -> Path:
    folder = WORK / f"growth-{kind}-{size}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(MANIFEST, indent=2), encoding="utf-8")
    (folder / "background.js").write_text("chrome.tabs.query({}, () => {});\n", encoding="utf-8")
    bundle = folder / "bundle.min.js"
    if not bundle.is_file() or bundle.stat().st_size != size:
        data = KINDS[kind](size)
        bundle.write_bytes(data[:size] if kind != "nesting" else data)
    return folder


def outcome(output: str) -> str:
    """How the content script ended: analysed, or why not (the XL004 message's reason)."""
    for line in output.splitlines():
        if line.startswith("bundle.min.js:1:1: XL004 file not analysed: "):
            return "stopped: " + line.split("not analysed: ", 1)[1].split(";")[0]
    return "analysed"


def measure_growth(sizes: list[int], kinds: list[str], runs: int) -> dict[str, object]:
    baseline_folder = WORK / "empty"
    baseline_folder.mkdir(parents=True, exist_ok=True)
    (baseline_folder / "manifest.json").write_text(json.dumps({**MANIFEST, "content_scripts": []}), encoding="utf-8")
    (baseline_folder / "background.js").write_text("chrome.tabs.query({}, () => {});\n", encoding="utf-8")
    base = [measure([str(baseline_folder), "--no-cache"]) for _ in range(runs)]
    base_rss = statistics.median(float(r["peak_rss_mib"]) for r in base)
    base_seconds = statistics.median(float(r["seconds"]) for r in base)
    base_cpu = statistics.median(float(r["cpu_seconds"]) for r in base)
    print(
        f"\ngrowth with input size ({runs} run(s) each, medians; an empty extension: {base_seconds:.2f} s, "
        f"{base_cpu:.2f} s CPU, {base_rss:.0f} MiB; 'per doubling': the ratio of CPU time and of memory above the "
        "empty extension's for each doubling of the size, 2.0 = linear; CPU time, not the wall clock, so that other "
        "load on the machine counts less):"
    )
    table: dict[str, list[dict[str, object]]] = {}
    failed = False
    for kind in kinds:
        rows: list[dict[str, object]] = []
        for size in sizes:
            folder = growth_extension(kind, size)
            done = [measure([str(folder), "--no-cache", "--max-file-size", "4M"]) for _ in range(runs)]
            failed |= any(r["exit"] not in (0, 1) for r in done)
            rows.append(
                {
                    "bytes": size,
                    "seconds": statistics.median(float(r["seconds"]) for r in done),
                    "cpu_seconds": statistics.median(float(r["cpu_seconds"]) for r in done),
                    "peak_rss_mib": statistics.median(float(r["peak_rss_mib"]) for r in done),
                    "outcome": outcome(str(done[-1]["output"])),
                }
            )
        for before, after in itertools.pairwise(rows):
            doublings = math.log2(int(after["bytes"]) / int(before["bytes"]))
            work = [max(float(r["cpu_seconds"]) - base_cpu, 0.01) for r in (before, after)]
            grown = [max(float(r["peak_rss_mib"]) - base_rss, 1.0) for r in (before, after)]
            after["time_per_doubling"] = (work[1] / work[0]) ** (1 / doublings)
            after["memory_per_doubling"] = (grown[1] / grown[0]) ** (1 / doublings)
        for row in rows:
            ratios = (
                f"per doubling: time {row['time_per_doubling']:.2f}, memory {row['memory_per_doubling']:.2f}"
                if "time_per_doubling" in row
                else ""
            )
            print(
                f"  {kind:<9} {int(row['bytes']) / 1024:5.0f} KiB {float(row['seconds']):6.2f} s "
                f"{float(row['cpu_seconds']):6.2f} s CPU {float(row['peak_rss_mib']):5.0f} MiB  {ratios:<44} "
                f"{row['outcome'][:60]}"
            )
        table[kind] = rows
    return {
        "empty_extension": {"seconds": base_seconds, "cpu_seconds": base_cpu, "peak_rss_mib": base_rss},
        "kinds": table,
        "failed": failed,
    }


def parse_sizes(text: str) -> list[int]:
    units = {"k": 1024, "m": 1024 * 1024}
    return [
        int(float(part[:-1]) * units[part[-1].lower()]) if part[-1].lower() in units else int(part)
        for part in text.split(",")
    ]


def make_extension(megabytes: float) -> Path:
    folder = WORK / "extension"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(MANIFEST, indent=2), encoding="utf-8")
    (folder / "background.js").write_text("chrome.tabs.query({}, () => {});\n", encoding="utf-8")
    bundle = folder / "bundle.min.js"
    wanted = int(megabytes * 1000 * 1000)
    if not bundle.is_file() or bundle.stat().st_size > wanted or bundle.stat().st_size < wanted - 200:
        bundle.write_bytes(minified_bundle(wanted))
    return folder


def measure(arguments: list[str]) -> dict[str, object]:
    """One `xtk lint` subprocess: wall seconds, CPU seconds and peak RSS in MiB (that child's own, from wait4), exit
    code, output."""
    with tempfile.TemporaryFile() as output:
        started = time.perf_counter()
        process = subprocess.Popen([str(XTK), "lint", *arguments], stdout=output, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - started
        output.seek(0)
        text = output.read().decode(errors="replace")
    return {
        "seconds": elapsed,
        "cpu_seconds": usage.ru_utime + usage.ru_stime,
        "peak_rss_mib": usage.ru_maxrss / 1024,
        "exit": os.waitstatus_to_exitcode(status),
        "output": text,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each variant (the unlimited one takes ~20 s)")
    parser.add_argument("--megabytes", type=float, default=10.0, help="size of the minified bundle (default 10)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument("--skip-limit", action="store_true", help="only the growth part (2)")
    parser.add_argument("--sizes", default="64k,256k,1M,2M", help="content script sizes for the growth part")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"which of {', '.join(KINDS)}")
    options = parser.parse_args()
    figures: dict[str, object] = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": platform.machine(),
        "cores": os.cpu_count(),
        "load_1min": os.getloadavg()[0],
        "runs": options.runs,
    }
    failed = False if options.skip_limit else size_limit_part(options, figures)
    growth = measure_growth(parse_sizes(options.sizes), options.kinds.split(","), options.runs)
    figures["growth"] = growth
    failed |= bool(growth["failed"])
    if options.json:
        options.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 1 if failed else 0


def size_limit_part(options: argparse.Namespace, figures: dict[str, object]) -> bool:
    """Part 1: the 10 MB bundle with and without the size limit. True when a run failed."""
    folder = make_extension(options.megabytes)
    size = (folder / "bundle.min.js").stat().st_size
    variants = {
        "with the limit (default 2 MiB)": [str(folder)],
        "without it (--max-file-size 64M)": [str(folder), "--max-file-size", "64M"],
    }
    results: dict[str, list[dict[str, object]]] = {name: [] for name in variants}
    for _ in range(options.runs):
        for name, arguments in variants.items():
            results[name].append(measure(arguments))
    failed = False
    limited, unlimited = results.values()
    if not all(r["exit"] in (0, 1) for runs in results.values() for r in runs):
        failed = True
    if not all("XL004" in str(r["output"]) for r in limited) or any("XL004" in str(r["output"]) for r in unlimited):
        failed = True
    print(
        f"xtk lint on {size / 1e6:.1f} MB of minified JavaScript ({platform.machine()}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}), {options.runs} run(s) each, medians:"
    )
    summary: dict[str, dict[str, float]] = {}
    for name, runs in results.items():
        seconds = statistics.median(float(r["seconds"]) for r in runs)
        peak = statistics.median(float(r["peak_rss_mib"]) for r in runs)
        summary[name] = {"seconds": seconds, "peak_rss_mib": peak}
        print(f"  {name:<36} {seconds:7.2f} s   peak RSS {peak:7.0f} MiB")
    (lim, unl) = summary.values()
    print(
        f"  ratio (with / without): time {lim['seconds'] / unl['seconds']:.3f}, "
        f"memory {lim['peak_rss_mib'] / unl['peak_rss_mib']:.3f}"
    )
    figures.update({"bundle_bytes": size, "medians": summary})
    if failed:
        print("a run failed, or XL004 was not reported as expected:", file=sys.stderr)
        for name, runs in results.items():
            print(f"--- {name}\n{runs[-1]['output']}", file=sys.stderr)
    return failed


if __name__ == "__main__":
    sys.exit(main())
