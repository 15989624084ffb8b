"""`xtk lint` on 10 MB of minified JavaScript, with the per-file size limit (the default, 2 MiB) and without it.

The issue ("Nothing lost, nothing leaked", item 9) measured 20 s and 1.26 GB of memory for such a file. With the
limit the file is not parsed (XL004); without it (`--max-file-size 64M`, the baseline) it is. Both run in the same
invocation of this script, as subprocesses (the whole command: Python start-up included); each one's peak resident
memory comes from the kernel (`wait4`'s ru_maxrss), its time from a wall clock around it.

    .venv/bin/python benchmarks/lint_limits.py [--runs N] [--megabytes 10] [--json PATH]

Exits 1 only when a run fails or the limited run does not report XL004 — never because of a figure.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WORK = REPO / "benchmarks" / ".work" / "lint_limits"
XTK = REPO / ".venv" / "bin" / "xtk"
MANIFEST = {
    "manifest_version": 3, "name": "lint limits benchmark", "version": "1", "permissions": ["storage", "tabs"],
    "background": {"service_worker": "background.js"},
    "content_scripts": [{"matches": ["https://example.com/*"], "js": ["bundle.min.js"]}],
}


def minified_bundle(size: int) -> bytes:
    """Minified-looking JavaScript on one line: functions, closures, API calls, string and number literals."""
    parts: list[bytes] = []
    total = 0
    index = 0
    while total < size:
        chunk = (f"function f{index}(a,b){{var c=a.map(function(d){{return d*b+{index}}});"
                 f"if(c.length>{index % 7}){{chrome.storage.local.set({{k{index}:c}})}}return c}}"
                 f"var v{index}=f{index}([1,2,3],{index % 13}),s{index}=\"item-{index}\";").encode()
        parts.append(chunk)
        total += len(chunk)
        index += 1
    return b"".join(parts)[:size].rsplit(b";", 1)[0] + b";"


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
    """One `xtk lint` subprocess: wall seconds, peak RSS in MiB (that child's own, from wait4), exit code, output."""
    with tempfile.TemporaryFile() as output:
        started = time.perf_counter()
        process = subprocess.Popen([str(XTK), "lint", *arguments], stdout=output, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - started
        output.seek(0)
        text = output.read().decode(errors="replace")
    return {"seconds": elapsed, "peak_rss_mib": usage.ru_maxrss / 1024, "exit": os.waitstatus_to_exitcode(status),
            "output": text}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each variant (the unlimited one takes ~20 s)")
    parser.add_argument("--megabytes", type=float, default=10.0, help="size of the minified bundle (default 10)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    options = parser.parse_args()
    folder = make_extension(options.megabytes)
    size = (folder / "bundle.min.js").stat().st_size
    variants = {"with the limit (default 2 MiB)": [str(folder)],
                "without it (--max-file-size 64M)": [str(folder), "--max-file-size", "64M"]}
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
    print(f"xtk lint on {size / 1e6:.1f} MB of minified JavaScript ({platform.machine()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}), {options.runs} run(s) each, medians:")
    summary: dict[str, dict[str, float]] = {}
    for name, runs in results.items():
        seconds = statistics.median(float(r["seconds"]) for r in runs)
        peak = statistics.median(float(r["peak_rss_mib"]) for r in runs)
        summary[name] = {"seconds": seconds, "peak_rss_mib": peak}
        print(f"  {name:<36} {seconds:7.2f} s   peak RSS {peak:7.0f} MiB")
    (lim, unl) = summary.values()
    print(f"  ratio (with / without): time {lim['seconds'] / unl['seconds']:.3f}, "
          f"memory {lim['peak_rss_mib'] / unl['peak_rss_mib']:.3f}")
    if options.json:
        options.json.write_text(json.dumps({"date": time.strftime("%Y-%m-%d"), "machine": platform.machine(),
                                            "cores": os.cpu_count(), "load_1min": os.getloadavg()[0],
                                            "bundle_bytes": size, "runs": options.runs, "medians": summary},
                                           indent=2) + "\n")
    if failed:
        print("a run failed, or XL004 was not reported as expected:", file=sys.stderr)
        for name, runs in results.items():
            print(f"--- {name}\n{runs[-1]['output']}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
