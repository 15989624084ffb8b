"""`xtk lint` time against line length and character set: linear on every input shape, or not.

A plain extension (manifest.json + a background script) is linted whose background is generated code of 100 KB,
400 KB, 800 KB and 1.6 MB in these shapes, the same statements in each (functions, closures, `chrome.*` calls,
string and number literals):

  ascii, one line          one minified-style line, pure ASCII
  one é, one line          the same line with one `é` at its start: every column after it is counted in UTF-16
  many é, one line         an `é` in every statement's string literal
  one emoji, one line      one 😀 (4 UTF-8 bytes, 2 UTF-16 code units) at the start of the line
  many emoji, one line     a 😀 in every statement's string literal
  ascii, short lines       the same statements, one per line
  many é, short lines      the many-é statements, one per line

Issue 19 measured a quadratic location() on such a line: 800 KB with a single non-ASCII character took 22 s against
3 s in ASCII. Each measurement is a fresh Python process that runs `xtk lint` in-process (`toolchain.cli.main`,
the command's own code path, `--no-cache --format json`) three times: on a one-statement extension (a warm-up: the
imports, grammars and knowledge base are loaded), on it again (the fixed cost of one lint once warm), then on the
bundle. The bundle's CPU time (`time.process_time`: every thread of the process, user + system) minus that fixed
cost, divided by its size in MB, is the figure: **seconds per MB**. In-process and on CPU time so that neither
Python's start-up nor other load on the 2 shared cores blurs the small sizes; the whole subprocess's CPU time (from
wait4) is recorded beside it. Printed, medians over `--runs` interleaved repetitions (3 by default):

  - seconds per MB for every shape and size;
  - per shape, largest/smallest: seconds per MB at 1.6 MB over that at 100 KB (≈ 1 is linear; a quadratic cost
    grows ×16 over this range);
  - per size, non-ASCII/ASCII: seconds per MB of each non-ASCII shape over the ASCII shape of the same line layout
    (≈ 1 means the character set costs nothing extra).

Every lint must end with the bundle analysed (JSON findings, none of them XL004, exit 0 or 1): a bundle whose
parse was stopped, or a crash, would look fast. The benchmark exits 1 only then, never because of a figure.

    .venv/bin/python benchmarks/lint_scaling.py [--runs N] [--sizes 100k,400k,800k,1600k] [--shapes 'a;b'] [--json PATH]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
WORK = REPO / "benchmarks" / ".work" / "lint_scaling"
PYTHON = REPO / ".venv" / "bin" / "python"
RESULTS = REPO / "benchmarks" / "results" / "lint_scaling.json"
MANIFEST = {
    "manifest_version": 3,
    "name": "lint scaling benchmark",
    "version": "1",
    "permissions": ["storage"],
    "background": {"service_worker": "background.js"},
}
EMOJI = "\U0001f600"


def statement(index: int, mark: str) -> str:
    """One minified-style statement group; `mark` goes into its string literal (`""` for ASCII)."""
    return (
        f"function f{index}(a,b){{var c=a.map(function(d){{return d*b+{index}}});"
        f"if(c.length>{index % 7}){{chrome.storage.local.set({{k{index}:c}})}}return c}}"
        f'var v{index}=f{index}([1,2,3],{index % 13}),s{index}="item{mark}-{index}";'
    )


def generated(size: int, mark: str, separator: str, prefix: str = "") -> bytes:
    """Whole statements (never one cut in two) until the UTF-8 text reaches `size` bytes."""
    parts = [prefix]
    total = len(prefix.encode())
    index = 0
    while total < size:
        part = statement(index, mark) + separator
        parts.append(part)
        total += len(part.encode())
        index += 1
    return "".join(parts).encode()


#: shape → (layout it is compared with for the non-ASCII ratio, generator of `size` bytes)
SHAPES: dict[str, tuple[str, Callable[[int], bytes]]] = {
    "ascii, one line": ("ascii, one line", lambda size: generated(size, "", "")),
    "one é, one line": ("ascii, one line", lambda size: generated(size, "", "", prefix='var label="é";')),
    "many é, one line": ("ascii, one line", lambda size: generated(size, "é", "")),
    "one emoji, one line": ("ascii, one line", lambda size: generated(size, "", "", prefix=f'var label="{EMOJI}";')),
    "many emoji, one line": ("ascii, one line", lambda size: generated(size, EMOJI, "")),
    "ascii, short lines": ("ascii, short lines", lambda size: generated(size, "", "\n")),
    "many é, short lines": ("ascii, short lines", lambda size: generated(size, "é", "\n")),
}


def extension(name: str, background: bytes) -> Path:
    folder = WORK / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(MANIFEST, indent=2), encoding="utf-8")
    script = folder / "background.js"
    if not script.is_file() or script.read_bytes() != background:
        script.write_bytes(background)
    return folder


#: run in a fresh interpreter: `xtk lint` in-process on the warm-up extension twice, then on the bundle
PROBE = r"""
import contextlib, io, json, sys, time
from toolchain.cli import main

def lint(folder):
    output = io.StringIO()
    started = time.process_time()
    with contextlib.redirect_stdout(output):
        try:
            code = main(["lint", folder, "--no-cache", "--format", "json"], standalone_mode=False)
        except SystemExit as stop:
            code = stop.code
    return time.process_time() - started, output.getvalue(), code if isinstance(code, int) else 0

lint(sys.argv[1])
fixed, _, _ = lint(sys.argv[1])
cpu, text, code = lint(sys.argv[2])
print(json.dumps({"fixed": fixed, "cpu": cpu, "output": text, "exit": code}))
"""


def lint(folder: Path, warm_up: Path) -> dict[str, Any]:
    """One measurement (see PROBE): the bundle's CPU seconds, the warm fixed cost, the whole subprocess's CPU and wall
    seconds, and whether it is a complete lint (JSON findings, none of them XL004: a crash, or a bundle left
    unanalysed, would look fast)."""
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        process = subprocess.Popen(
            [str(PYTHON), "-c", PROBE, str(warm_up), str(folder)], stdout=output, stderr=errors, cwd=folder
        )
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - started
        output.seek(0)
        errors.seek(0)
        text = output.read().decode(errors="replace")
        stderr = errors.read().decode(errors="replace")
    try:
        result = json.loads(text.strip().splitlines()[-1])
        found = json.loads(result["output"])
        complete = (
            os.waitstatus_to_exitcode(status) == 0
            and result["exit"] in (0, 1)
            and isinstance(found, list)
            and not any(f.get("code") == "XL004" for f in found)
        )
    except (ValueError, AttributeError, IndexError, KeyError, TypeError):
        result, complete = {"cpu": 0.0, "fixed": 0.0, "exit": None}, False
    return {
        "cpu_seconds": float(result["cpu"]),
        "fixed_cpu_seconds": float(result["fixed"]),
        "command_cpu_seconds": usage.ru_utime + usage.ru_stime,
        "seconds": elapsed,
        "exit": result.get("exit"),
        "output": text + stderr,
        "complete": complete,
    }


def parse_sizes(text: str) -> list[int]:
    """`100k,1.6m` → bytes (decimal: k = 1,000, m = 1,000,000, as "800 KB" in the issue)."""
    units = {"k": 1000, "m": 1000 * 1000}
    sizes = []
    for part in text.lower().split(","):
        part = part.strip()
        sizes.append(int(float(part[:-1]) * units[part[-1]]) if part[-1] in units else int(part))
    return sizes


def label(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 1_000_000 else f"{size / 1000:.0f} KB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="lints of each shape and size; medians (default 3)")
    parser.add_argument("--sizes", default="100k,400k,800k,1600k", help="bundle sizes (default 100k,400k,800k,1600k)")
    parser.add_argument("--shapes", default=";".join(SHAPES), help="which shapes, separated by ';' (default all)")
    parser.add_argument("--json", type=Path, default=RESULTS, help=f"where the figures go (default {RESULTS})")
    options = parser.parse_args()
    if not PYTHON.exists():
        sys.exit(f"{PYTHON} is missing: run `make setup` first")
    sizes = sorted(parse_sizes(options.sizes))
    shapes = [shape.strip() for shape in options.shapes.split(";")]
    unknown = [shape for shape in shapes if shape not in SHAPES]
    if unknown:
        sys.exit(f"unknown shape(s): {', '.join(unknown)}; the shapes are: {'; '.join(SHAPES)}")
    load_start = os.getloadavg()
    print(
        f"xtk lint of a plain extension's background, {', '.join(label(s) for s in sizes)}; {options.runs} run(s) "
        f"each ({platform.machine()}, {os.cpu_count()} cores, load {load_start[0]:.2f})",
        flush=True,
    )

    folders: dict[tuple[str, int], Path] = {}
    for shape in shapes:
        for size in sizes:
            folders[shape, size] = extension(
                f"{shape.replace(', ', '-').replace(' ', '_')}-{size}", SHAPES[shape][1](size)
            )
    baseline = extension("fixed-cost", b"chrome.storage.local.set({k:1});\n")

    # Interleaved: every run lints every shape and size once, in a rotating order.
    runs: dict[tuple[str, int], list[dict[str, Any]]] = {key: [] for key in folders}
    failures: list[str] = []
    order = list(folders)
    for repetition in range(options.runs):
        shift = repetition % len(order)
        for key in order[shift:] + order[:shift]:
            measured = lint(folders[key], baseline)
            runs[key].append(measured)
            if not measured["complete"]:
                failures.append(f"{key[0]} at {label(key[1])}: exit {measured['exit']}\n{measured['output']}")
            print(
                f"  {key[0]:<22} {label(key[1]):>8}  {float(measured['cpu_seconds']):6.2f} s CPU "
                f"(fixed {float(measured['fixed_cpu_seconds']):.3f} s; "
                f"the whole process {float(measured['command_cpu_seconds']):.2f} s)",
                flush=True,
            )
    fixed_cpu = statistics.median(float(r["fixed_cpu_seconds"]) for done in runs.values() for r in done)

    table: dict[str, dict[str, dict[str, float]]] = {}
    for (shape, size), done in runs.items():
        cpu = statistics.median(float(r["cpu_seconds"]) - float(r["fixed_cpu_seconds"]) for r in done)
        megabytes = len((folders[shape, size] / "background.js").read_bytes()) / 1e6
        table.setdefault(shape, {})[label(size)] = {
            "bytes": int(megabytes * 1e6),
            "cpu_seconds": round(statistics.median(float(r["cpu_seconds"]) for r in done), 3),
            "command_cpu_seconds": round(statistics.median(float(r["command_cpu_seconds"]) for r in done), 3),
            "wall_seconds": round(statistics.median(float(r["seconds"]) for r in done), 3),
            "cpu_seconds_per_mb": round(max(cpu, 0.001) / megabytes, 3),
        }

    smallest, largest = label(sizes[0]), label(sizes[-1])
    growth = {
        shape: round(rows[largest]["cpu_seconds_per_mb"] / rows[smallest]["cpu_seconds_per_mb"], 2)
        for shape, rows in table.items()
    }
    non_ascii = {
        shape: {
            size: round(rows[size]["cpu_seconds_per_mb"] / table[SHAPES[shape][0]][size]["cpu_seconds_per_mb"], 2)
            for size in rows
        }
        for shape, rows in table.items()
        if SHAPES[shape][0] != shape and SHAPES[shape][0] in table
    }

    print(f"\nCPU seconds per MB of bundle (above a warm lint's fixed cost, {fixed_cpu:.3f} s CPU), medians:")
    print(f"  {'shape':<22}" + "".join(f"{label(s):>10}" for s in sizes) + f"   {largest}/{smallest}")
    for shape, rows in table.items():
        cells = "".join(f"{rows[label(s)]['cpu_seconds_per_mb']:>10.2f}" for s in sizes)
        print(f"  {shape:<22}{cells}   {growth[shape]:>6.2f}")
    if non_ascii:
        print("\nnon-ASCII / ASCII (seconds per MB over those of the ASCII shape of the same line layout):")
        for shape, ratios in non_ascii.items():
            print(f"  {shape:<22}" + "".join(f"{ratios[label(s)]:>10.2f}" for s in sizes))
    worst_growth = max(growth.values())
    worst_character_set = max((r for ratios in non_ascii.values() for r in ratios.values()), default=1.0)
    print(
        f"\nworst largest/smallest per MB: {worst_growth:.2f}; worst non-ASCII/ASCII: {worst_character_set:.2f} "
        "(≈ 1 is linear and free of the character set; a quadratic cost would give ~16 over 100 KB → 1.6 MB)"
    )

    figures = {
        "benchmark": "lint_scaling",
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "git_commit": subprocess.run(
                ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
            ).stdout.strip(),
        },
        "load_average": {"start": [round(x, 2) for x in load_start], "end": [round(x, 2) for x in os.getloadavg()]},
        "runs": options.runs,
        "definitions": {
            "cpu_seconds_per_mb": "median of (CPU seconds of `xtk lint DIR --no-cache`, in-process after a warm-up, "
            "- the fixed cost) / MB of bundle",
            "fixed_cost": "a warm in-process lint of the same extension with a one-statement background",
            "command_cpu_seconds": "the whole subprocess (start-up, the warm-up lints, the bundle's lint), from wait4",
            "largest_over_smallest": f"seconds per MB at {largest} over those at {smallest}: ≈ 1 is linear",
            "non_ascii_over_ascii": "seconds per MB over those of the ASCII shape of the same line layout",
        },
        "fixed_cost_cpu_seconds": round(fixed_cpu, 3),
        "shapes": table,
        "largest_over_smallest": growth,
        "non_ascii_over_ascii": non_ascii,
        "worst_largest_over_smallest": worst_growth,
        "worst_non_ascii_over_ascii": worst_character_set,
        "failures": len(failures),
    }
    options.json.parent.mkdir(parents=True, exist_ok=True)
    options.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"figures written to {options.json.relative_to(REPO) if options.json.is_relative_to(REPO) else options.json}")
    if failures:
        print("a lint crashed or left the bundle unanalysed (XL004):", file=sys.stderr)
        for failure in failures:
            print(failure, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
