#!/usr/bin/env python3
"""Import + build against the original tool, in one run, for each project of the real-project corpus (issue 18).

For each project under tests/real_projects/ (projects.py: a WXT, a Plasmo and a Vite + CRXJS extension, vendored
unchanged), two ways to a production build, measured in the same run:

  original     the project's own tool, as reference.py runs it: `wxt build -b chrome` and `-b firefox`,
               `plasmo build --target=chrome-mv3` and `--target=firefox-mv3`, `vite build` (CRXJS 1.x: Chrome only);
               the sum of its builds.
  xtk          `xtk import <copy>` (writes xtk.toml into a fresh copy of the vendored tree, its node_modules linked
               to the installed one) + `xtk build --browser all --no-typecheck --no-cache --project <copy>`
               (Chrome, Edge and Firefox). No type-check: none of the original builds type-checks either.

Every run is cold: the original's output folder and the caches its tool keeps (WXT: .wxt/, node_modules/.cache/,
node_modules/.vite/; Vite: node_modules/.vite/; Plasmo: .plasmo/, node_modules/.cache/) are deleted first; xtk
starts from a fresh copy without xtk.toml, build/ or .xtk/. The OS page cache is warm for both.

The two do not build the same number of browsers (the original: what its tool builds, listed per project; xtk: all
three), so the table shows both the totals and the time per browser build. When `xtk import` is missing or fails
on a project, or its build fails, the table says so for that project, with the tool's message, and gives no ratio:
no figure is made up. Prints a table and writes the figures to benchmarks/results/import_build.json. A benchmark,
not a test: it exits 1 only when an original build fails (the corpus itself is broken).

    .venv/bin/python benchmarks/import_build.py [--runs 3] [NAME ...]      (needs make real-projects-deps)
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(REPO))

from tests.real_projects.prepare import PrepareError, prepare  # noqa: E402  (the repository on sys.path first)
from tests.real_projects.projects import PROJECTS, RealProject, project_named  # noqa: E402

WORK = BENCH / ".work" / "import"
VENV = REPO / ".venv"
PYTHON = VENV / "bin" / "python"
XTK = VENV / "bin" / "xtk"
RESULTS = BENCH / "results" / "import_build.json"
XTK_BROWSERS = ("chrome", "edge", "firefox")
TOOL_CACHES = {
    "wxt": (".wxt", "node_modules/.cache", "node_modules/.vite"),
    "vite+crxjs": ("node_modules/.vite",),
    "plasmo": (".plasmo", "node_modules/.cache"),
}


def ensure_venv() -> None:
    """xtk and the corpus helpers live in xtk's virtualenv; re-run there if needed."""
    if Path(sys.prefix).resolve() != VENV.resolve():
        if not PYTHON.exists():
            sys.exit(f"{PYTHON} is missing: run `make setup` first")
        os.execv(PYTHON, [str(PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]])


def say(message: str) -> None:
    print(message, flush=True)


class OriginalFailed(Exception):
    pass


@dataclass
class XtkOutcome:
    """One project's xtk side: per-run timings, or why there are none."""

    import_ms: list[float] = field(default_factory=list)
    build_ms: list[float] = field(default_factory=list)
    unavailable: str | None = None  # why no figure: import missing or failed, build failed


def run(argv: list[str], cwd: Path) -> tuple[float, subprocess.CompletedProcess[str]]:
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    return (time.perf_counter() - started) * 1000, done


def tail(done: subprocess.CompletedProcess[str], lines: int = 12) -> str:
    text = (done.stdout + "\n" + done.stderr).strip().splitlines()
    return "\n".join(text[-lines:])


# -- the original tool --------------------------------------------------------------------------------------------


def original_once(project: RealProject) -> dict[str, float]:
    """One cold production build per browser the tool builds; ms per browser."""
    work = project.work
    for cache in TOOL_CACHES.get(project.tool, ()):
        shutil.rmtree(work / cache, ignore_errors=True)
    timings: dict[str, float] = {}
    for build in project.builds:
        shutil.rmtree(work / build.output, ignore_errors=True)
        ms, done = run(list(build.argv), work)
        if done.returncode != 0 or not (work / build.output / "manifest.json").is_file():
            raise OriginalFailed(f"{project.name}: `{' '.join(build.argv)}` exited {done.returncode}:\n{tail(done)}")
        timings[build.browser] = ms
    return timings


# -- xtk ------------------------------------------------------------------------------------------------------------


def xtk_has_import() -> str | None:
    """None when `xtk import` exists, else why not."""
    _, done = run([str(XTK), "import", "--help"], REPO)
    if done.returncode != 0:
        return "xtk import not available (`xtk import --help` exited " + f"{done.returncode}: {tail(done, 3)})"
    return None


def fresh_copy(project: RealProject) -> Path:
    """The vendored tree, unchanged, in a scratch folder; node_modules linked to the prepared install."""
    copy = WORK / project.name
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(project.source, copy, symlinks=True)
    (copy / "node_modules").symlink_to(project.work / "node_modules", target_is_directory=True)
    # a git checkout of its own, as a clone is and as the original builds in (prepare.py): outside a repository,
    # Tailwind's scanner ignores .gitignore and reads all of node_modules (56 s and 2,952 rules instead of 5 s, 323)
    subprocess.run(["git", "init", "-q", str(copy)], check=True, capture_output=True)
    return copy


def xtk_once(project: RealProject, outcome: XtkOutcome) -> None:
    copy = fresh_copy(project)
    import_ms, done = run([str(XTK), "import", str(copy)], REPO)
    if done.returncode != 0 or not (copy / "xtk.toml").is_file():
        outcome.unavailable = f"xtk import failed (exit {done.returncode}):\n{tail(done)}"
        return
    argv = [str(XTK), "build", "--browser", "all", "--no-typecheck", "--no-cache", "--project", str(copy)]
    build_ms, done = run(argv, REPO)
    missing = [b for b in XTK_BROWSERS if not (copy / "build" / b / "manifest.json").is_file()]
    if done.returncode != 0 or missing:
        outcome.unavailable = (
            f"xtk build failed (exit {done.returncode}"
            + (f"; no manifest for {', '.join(missing)}" if missing else "")
            + f"):\n{tail(done)}"
        )
        return
    outcome.import_ms.append(import_ms)
    outcome.build_ms.append(build_ms)


# -- report ---------------------------------------------------------------------------------------------------------


def median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


def versions(project: RealProject) -> dict[str, str]:
    lock = json.loads(project.lock.read_text())["packages"]
    names = ("wxt", "plasmo", "vite", "@crxjs/vite-plugin")
    return {name: lock[f"node_modules/{name}"]["version"] for name in names if f"node_modules/{name}" in lock}


def main() -> int:
    ensure_venv()
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="cold runs per tool and project (default 3)")
    parser.add_argument("--json", type=Path, default=RESULTS, help="where to write the figures")
    parser.add_argument("names", nargs="*", help="projects (default: all of tests/real_projects/projects.py)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    try:
        chosen = [project_named(name) for name in args.names] if args.names else list(PROJECTS)
    except KeyError as unknown:
        parser.error(str(unknown))

    WORK.mkdir(parents=True, exist_ok=True)
    try:
        for project in chosen:
            prepare(project, say)
    except PrepareError as problem:
        say(f"FAILED: {problem}")
        return 1
    no_import = xtk_has_import()
    load = round(os.getloadavg()[0], 2)
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    say(
        f"import_build: {len(chosen)} real projects, {args.runs} cold run(s) each; machine: {os.cpu_count()} cpus, "
        f"load {load} at start, node {node}"
    )

    originals: dict[str, list[dict[str, float]]] = {p.name: [] for p in chosen}
    xtk: dict[str, XtkOutcome] = {p.name: XtkOutcome(unavailable=no_import) for p in chosen}
    try:
        for i in range(args.runs):
            for project in chosen:
                originals[project.name].append(original_once(project))
                outcome = xtk[project.name]
                if outcome.unavailable is None:
                    xtk_once(project, outcome)
                cells = f"{project.tool} {sum(originals[project.name][-1].values()):.0f} ms"
                if outcome.unavailable is None:
                    cells += f", xtk import {outcome.import_ms[-1]:.0f} ms + build {outcome.build_ms[-1]:.0f} ms"
                else:
                    cells += f", xtk: {outcome.unavailable.splitlines()[0].rstrip(':')}"
                say(f"  run {i + 1}/{args.runs} {project.name}: {cells}")
    except OriginalFailed as failure:
        say(f"FAILED: {failure}")
        return 1

    figures: dict[str, dict[str, object]] = {}
    for project in chosen:
        runs = originals[project.name]
        browsers = list(runs[0])
        original_total = median([sum(r.values()) for r in runs])
        entry: dict[str, object] = {
            "tool": project.tool,
            "tool_versions": versions(project),
            "original": {
                "browsers": browsers,
                "median_total_ms": original_total,
                "per_browser_median_ms": {b: median([r[b] for r in runs]) for b in browsers},
                "per_browser_build_ms": round(original_total / len(browsers), 1),
            },
        }
        outcome = xtk[project.name]
        if outcome.unavailable is None:
            total = median([a + b for a, b in zip(outcome.import_ms, outcome.build_ms)])
            entry["xtk"] = {
                "browsers": list(XTK_BROWSERS),
                "median_import_ms": median(outcome.import_ms),
                "median_build_ms": median(outcome.build_ms),
                "median_total_ms": total,
                "per_browser_build_ms": round(total / len(XTK_BROWSERS), 1),
            }
            entry["xtk_over_original"] = round(total / original_total, 4)
            entry["xtk_over_original_per_browser"] = round(
                (total / len(XTK_BROWSERS)) / (original_total / len(browsers)), 4
            )
        else:
            entry["xtk"] = {"unavailable": outcome.unavailable}
        figures[project.name] = entry

    say("")
    say(
        f"{'project':<28}{'original tool':<28}{'original':>12}{'xtk import':>12}{'xtk build':>12}{'xtk total':>12}"
        f"{'xtk/orig':>10}{'per browser':>13}"
    )
    for name, entry in figures.items():
        original = entry["original"]
        tool = f"{entry['tool']} ({len(original['browsers'])} browser{'s' if len(original['browsers']) > 1 else ''})"  # type: ignore[index]
        row = f"{name:<28}{tool:<28}{original['median_total_ms']:>9.0f} ms"  # type: ignore[index]
        side = entry["xtk"]
        if "unavailable" in side:  # type: ignore[operator]
            say(row + "   xtk: " + side["unavailable"].splitlines()[0].rstrip(":"))  # type: ignore[index]
        else:
            say(
                row
                + f"{side['median_import_ms']:>9.0f} ms{side['median_build_ms']:>9.0f} ms"  # type: ignore[index]
                + f"{side['median_total_ms']:>9.0f} ms"  # type: ignore[index]
                + f"{entry['xtk_over_original']:>10.3f}{entry['xtk_over_original_per_browser']:>13.3f}"
            )
    unavailable = {n: e["xtk"]["unavailable"] for n, e in figures.items() if "unavailable" in e["xtk"]}  # type: ignore[index,operator]
    for name, why in unavailable.items():
        say(f"\n{name}: {why}")
    say("\nxtk/orig: xtk import + build (3 browsers) over the original's builds; per browser: the same, per browser")

    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps(
            {
                "benchmark": "import_build",
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "runs": args.runs,
                "machine": {
                    "cpus": os.cpu_count(),
                    "platform": platform.platform(),
                    "load_average_1min_at_start": load,
                },
                "definitions": {
                    "original": "the project's own tool, production, every build it makes (cold: output and caches "
                    "deleted)",
                    "xtk": "xtk import on a fresh copy + xtk build --browser all --no-typecheck --no-cache",
                },
                "projects": figures,
            },
            indent=2,
            ensure_ascii=False,
        )
        + "\n"
    )
    say(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
