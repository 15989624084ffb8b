#!/usr/bin/env python3
"""Build speed, in one run: `xtk build --browser all` against bare esbuild and against WXT.

Three ways to build DocMind for Chrome, Edge and Firefox (production, minified), measured in the same run:

  xtk          `.venv/bin/xtk build --browser all --no-typecheck --project <scratch copy>`, the whole command
               as a subprocess (Python start-up, imports, config, plan, manifests, esbuild, pages, icons);
               `xtk build --no-cache` (the full path, without the cached build recipe) is timed beside it.
  bare esbuild exactly the esbuild commands xtk runs, taken from xtk's own code (plan_build → esbuild_commands)
               and checked against the recipe xtk stores; 2 processes per browser, 6 in all; run concurrently
               (as xtk runs them: the fair baseline for "the same work") and, for reference, one after another.
  WXT          `wxt build -b chrome`, `-b edge`, `-b firefox --mv2` over benchmarks/wxt/, a WXT project whose
               entrypoints are DocMind's own sources; the sum of the three builds.

Goals (issue): xtk ≤ 0.1 × WXT for the three builds; xtk's overhead over the bare esbuild runs ≤ 150 ms.
Prints a table and writes the figures to benchmarks/results/build_speed.json. A benchmark, not a test:
it never fails on a figure, only when a build fails or produces the wrong output (exit 1).

    .venv/bin/python benchmarks/build_speed.py [--runs 7] [--cold-runs 5]      (make bench)
"""

from __future__ import annotations

import argparse
import datetime
import functools
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))

from benchmarks.scratch import copy_docmind  # noqa: E402  (the repository on sys.path first)

REPO = BENCH.parent
WORK = BENCH / ".work"
VENV = REPO / ".venv"
PYTHON = VENV / "bin" / "python"
XTK = VENV / "bin" / "xtk"
WXT_SOURCE = BENCH / "wxt"
RESULTS = BENCH / "results" / "build_speed.json"
BROWSERS = ("chrome", "edge", "firefox")
WXT_BUILDS = {"chrome": ["-b", "chrome"], "edge": ["-b", "edge"], "firefox": ["-b", "firefox", "--mv2"]}
WXT_OUT = {"chrome": "chrome-mv3", "edge": "edge-mv3", "firefox": "firefox-mv2"}
GOAL_RATIO = 0.1
GOAL_OVERHEAD_MS = 150.0

# DocMind strings that survive minification, one per context: proof that a bundle holds DocMind's code.
MARKERS = {
    "background": "Ask DocMind about this",
    "content": "TEXT_EXTRACTED",
    "popup": "This page uses virtual scrolling.",
}

DEFINITIONS = {
    "cold": (
        "the first build after deleting every output and every cache the tool keeps between runs; "
        "xtk: the build folder, .xtk/ (its build-recipe cache) and extension_src/.xtk/ (generated types) — its "
        "bytecode stays compiled, as `make setup` leaves it; "
        "bare esbuild: its output folders (esbuild keeps no cache); "
        "WXT: .output/, .wxt/, node_modules/.cache/ (jiti's compiled wxt.config) and node_modules/.vite/. "
        "Node keeps no bytecode cache between runs (Node 20). The OS page cache is warm for all three "
        "(nothing is dropped from memory)."
    ),
    "warm": (
        "the same command again with the previous run's outputs and caches in place "
        "(xtk's build-recipe cache present, WXT's .wxt/ and jiti cache present, every output folder present). "
        "xtk's bytecode lives under benchmarks/.work/pycache/ (PYTHONPYCACHEPREFIX) and is written even where "
        "PYTHONDONTWRITEBYTECODE is set."
    ),
}


# -- set-up -------------------------------------------------------------------------------------------------


def ensure_venv() -> None:
    """The harness reads xtk's own plan, so it runs in xtk's virtualenv; re-run itself there if needed."""
    if Path(sys.prefix).resolve() != VENV.resolve():
        if not PYTHON.exists():
            sys.exit(f"{PYTHON} is missing: run `make setup` first")
        os.execv(PYTHON, [str(PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]])


def say(message: str) -> None:
    print(message, flush=True)


def prepare_xtk_project() -> Path:
    """A scratch copy of DocMind's project, so build/ stays untouched."""
    return copy_docmind(WORK / "xtk-project")


def prepare_wxt_project() -> Path:
    """benchmarks/wxt/ copied to .work/wxt/; WXT installed from the lock when node_modules is missing or the lock
    changed."""
    root = WORK / "wxt"
    root.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json", "wxt.config.ts"):
        shutil.copy2(WXT_SOURCE / name, root / name)
    shutil.rmtree(root / "entrypoints", ignore_errors=True)
    shutil.copytree(WXT_SOURCE / "entrypoints", root / "entrypoints")
    link = root / "docmind"
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(REPO / "extension_src", target_is_directory=True)

    lock_hash = hashlib.sha256((root / "package-lock.json").read_bytes()).hexdigest()
    stamp = root / "node_modules" / ".build-speed-lock"
    if not (root / "node_modules" / ".bin" / "wxt").exists() or not stamp.exists() or stamp.read_text() != lock_hash:
        # `npm ci` refuses this lock: the registry reachable here serves only some of rollup's per-platform
        # optional packages (@rollup/rollup-darwin-x64 & co. are 404), so the lock npm writes lacks their entries
        # and `npm ci` reports them "Missing from lock file". `npm install --no-save` installs the same locked
        # tree, as npm ci would (clean node_modules first; the lock is never rewritten) and we check it below.
        say("installing WXT in benchmarks/.work/wxt from the committed lock (once; needs the npm registry) ...")
        started = time.perf_counter()
        shutil.rmtree(root / "node_modules", ignore_errors=True)
        env = {**os.environ, "npm_config_update_notifier": "false"}
        command = ["npm", "install", "--no-save", "--no-audit", "--no-fund"]
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed in {root}:\n{done.stdout}\n{done.stderr}")
        if hashlib.sha256((root / "package-lock.json").read_bytes()).hexdigest() != lock_hash:
            sys.exit(f"npm rewrote {root / 'package-lock.json'}: the committed lock is out of date")
        check_installed_as_locked(root)
        stamp.write_text(lock_hash)
        say(f"  installed in {time.perf_counter() - started:.1f} s")
    return root


def check_installed_as_locked(root: Path) -> None:
    """Every package of the lock is installed at its locked version (optional ones of other platforms aside)."""
    locked = json.loads((root / "package-lock.json").read_text())["packages"]
    installed = json.loads((root / "node_modules" / ".package-lock.json").read_text())["packages"]
    wrong = [
        f"{name}: locked {entry.get('version')}, installed {installed.get(name, {}).get('version')}"
        for name, entry in locked.items()
        if name
        and installed.get(name, {}).get("version") != entry.get("version")
        and not (entry.get("optional") and name not in installed)
    ]
    if wrong:
        sys.exit("WXT's install differs from benchmarks/wxt/package-lock.json:\n  " + "\n  ".join(wrong))


@dataclass
class BareJob:
    browser: str
    fmt: str
    command: list[str]
    cwd: Path


def bare_esbuild_jobs(project_dir: Path, out: Path) -> tuple[list[BareJob], Path]:
    """The esbuild processes `xtk build` starts, built by xtk's own code, writing under `out` instead of build/.

    xtk's plan (`plan_build`) and its grouping by output format (`esbuild_commands`) give the commands.
    """
    from toolchain.plan import plan_build
    from toolchain.project import load_project
    from toolchain.tools import esbuild

    project = load_project(project_dir)
    binary = esbuild.find_esbuild(project.root)
    scratch = out / ".meta"
    jobs: list[BareJob] = []
    for browser in BROWSERS:
        plan = plan_build(project, browser, "production")  # type: ignore[arg-type]
        commands = esbuild.esbuild_commands(plan, binary, out / browser, scratch)
        jobs += [BareJob(browser, c.fmt, list(c.argv), project.root) for c in commands]
    return jobs, binary


# -- measuring ------------------------------------------------------------------------------------------------


class Failure(Exception):
    pass


def run_checked(
    command: Sequence[str | os.PathLike[str]], cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True)
    if done.returncode != 0:
        raise Failure(
            f"`{' '.join(map(str, command))}` exited {done.returncode}:\n"
            f"{done.stdout.decode(errors='replace')}\n{done.stderr.decode(errors='replace')}"
        )
    return done


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


@dataclass
class Tool:
    name: str
    reset_cold: Callable[[], None]
    run: Callable[[], dict[str, float]]  # → {"total": ms, and optional parts}
    samples: dict[str, list[dict[str, float]]] = field(default_factory=lambda: {"cold": [], "warm": []})


def python_env(prefix: Path) -> dict[str, str]:
    """The environment xtk runs in, its bytecode kept under `prefix` (PYTHONPYCACHEPREFIX) instead of __pycache__/."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    env["PYTHONPYCACHEPREFIX"] = str(prefix)
    return env


def make_tools(xtk_project: Path, wxt_root: Path, jobs: list[BareJob], bare_out: Path, pycache: Path) -> list[Tool]:
    # Bytecode of every module xtk imports (stdlib, dependencies, xtk), compiled by the priming run — as
    # `make setup` leaves it (it byte-compiles xtk) — and kept apart from the repository's __pycache__/.
    template = pycache / "template"
    state = {"prefix": template}
    xtk_command = [XTK, "build", "--browser", "all", "--no-typecheck", "--project", xtk_project]

    def xtk_reset() -> None:
        shutil.rmtree(xtk_project / "build", ignore_errors=True)
        for cache in (xtk_project / ".xtk", xtk_project / "extension_src" / ".xtk"):  # recipe cache, env.d.ts
            shutil.rmtree(cache, ignore_errors=True)

    def xtk_runner(*extra: str) -> Callable[[], dict[str, float]]:
        def run() -> dict[str, float]:
            try:
                done: list[subprocess.CompletedProcess[bytes]] = []
                total = timed(
                    lambda: done.append(run_checked([*xtk_command, *extra], REPO, python_env(state["prefix"])))
                )
                return {"total": total, "recipe_from_cache": float(b"from cache" in done[0].stdout)}
            finally:
                state["prefix"] = template

        return run

    (bare_out / ".meta").mkdir(parents=True, exist_ok=True)

    def bare_reset() -> None:
        for browser in BROWSERS:
            shutil.rmtree(bare_out / browser, ignore_errors=True)

    def bare_concurrent() -> dict[str, float]:
        def go() -> None:
            processes = [
                subprocess.Popen(j.command, cwd=j.cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for j in jobs
            ]
            for job, process in zip(jobs, processes):
                _, err = process.communicate()
                if process.returncode != 0:
                    raise Failure(
                        f"esbuild ({job.browser}, {job.fmt}) exited {process.returncode}: "
                        f"{err.decode(errors='replace')}"
                    )

        return {"total": timed(go)}

    def bare_sequential() -> dict[str, float]:
        parts = dict.fromkeys(BROWSERS, 0.0)
        for job in jobs:
            parts[job.browser] += timed(functools.partial(run_checked, job.command, job.cwd))
        return {"total": sum(parts.values()), **parts}

    wxt_bin = wxt_root / "node_modules" / ".bin" / "wxt"

    def wxt_reset() -> None:
        for name in (".output", ".wxt", "node_modules/.cache", "node_modules/.vite"):
            shutil.rmtree(wxt_root / name, ignore_errors=True)

    def wxt_run() -> dict[str, float]:
        parts = {b: timed(lambda b=b: run_checked([wxt_bin, "build", *WXT_BUILDS[b]], wxt_root)) for b in BROWSERS}
        return {"total": sum(parts.values()), **parts}

    # xtk replays a cached build recipe when warm; the full path (config, plan, manifests) is shown beside it.
    return [
        Tool("xtk", xtk_reset, xtk_runner()),
        Tool("xtk --no-cache", xtk_reset, xtk_runner("--no-cache")),
        Tool("esbuild (concurrent)", bare_reset, bare_concurrent),
        Tool("esbuild (sequential)", bare_reset, bare_sequential),
        Tool("WXT", wxt_reset, wxt_run),
    ]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(values), 1),
        "min_ms": round(min(values), 1),
        "max_ms": round(max(values), 1),
        "runs": len(values),
    }


# -- correctness ----------------------------------------------------------------------------------------------


def looks_minified(text: str) -> bool:
    return len(text) / (text.count("\n") + 1) > 500


def check_bundles(tool: str, browser: str, manifest: Path, bundles: dict[str, Path], mv: int) -> list[str]:
    problems = []
    if not manifest.is_file():
        return [f"{tool} {browser}: no {manifest}"]
    found = json.loads(manifest.read_text(encoding="utf-8")).get("manifest_version")
    if found != mv:
        problems.append(f"{tool} {browser}: manifest_version {found}, expected {mv}")
    for context, path in bundles.items():
        if not path.is_file():
            problems.append(f"{tool} {browser}: no {context} bundle {path}")
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if MARKERS[context] not in text:
            problems.append(f"{tool} {browser}: {path.name} lacks DocMind's {context} code ({MARKERS[context]!r})")
        if not looks_minified(text):
            problems.append(f"{tool} {browser}: {path.name} is not minified")
    return problems


def check_outputs(xtk_project: Path, bare_out: Path, wxt_root: Path) -> tuple[list[str], dict[str, dict[str, int]]]:
    problems: list[str] = []
    sizes: dict[str, dict[str, int]] = {"xtk": {}, "esbuild": {}, "WXT": {}}
    for browser in BROWSERS:
        mv = 2 if browser == "firefox" else 3
        xtk_dir = xtk_project / "build" / browser
        ours = {c: xtk_dir / c / "index.js" for c in ("background", "content", "popup")}
        problems += check_bundles("xtk", browser, xtk_dir / "manifest.json", ours, mv)
        bare = {c: bare_out / browser / c / "index.js" for c in ("background", "content", "popup")}
        for context, path in bare.items():
            if not path.is_file() or MARKERS[context] not in path.read_text(encoding="utf-8", errors="replace"):
                problems.append(f"esbuild {browser}: {path} missing or without DocMind's {context} code")
        wxt_dir = wxt_root / ".output" / WXT_OUT[browser]
        popup_chunks = sorted((wxt_dir / "chunks").glob("popup-*.js"))
        theirs = {
            "background": wxt_dir / "background.js",
            "content": wxt_dir / "content-scripts" / "content.js",
            "popup": popup_chunks[0] if popup_chunks else wxt_dir / "chunks" / "popup-*.js",
        }
        problems += check_bundles("WXT", browser, wxt_dir / "manifest.json", theirs, mv)
        for name, files in (("xtk", ours), ("esbuild", bare), ("WXT", theirs)):
            sizes[name][browser] = sum(p.stat().st_size for p in files.values() if p.is_file())
    return problems, sizes


def check_same_commands(xtk_project: Path, jobs: list[BareJob]) -> tuple[list[str], str]:
    """The bare commands against the ones xtk itself stored in its build-recipe cache (outdir/metafile aside)."""
    caches = sorted((xtk_project / ".xtk" / "build-cache").glob("all-production.json"))
    if not caches:
        return [], "not compared (this xtk keeps no build-recipe cache to compare with)"

    def normal(argv: Sequence[str]) -> list[str]:
        return [a.split("=", 1)[0] + "=…" if a.startswith(("--outdir=", "--metafile=")) else a for a in argv]

    recipe = json.loads(caches[0].read_text(encoding="utf-8"))["recipe"]
    theirs = {(c["browser"], c["fmt"]): normal(c["argv"]) for b in recipe["browsers"] for c in b["esbuild"]}
    ours = {(j.browser, j.fmt): normal(j.command) for j in jobs}
    if theirs == ours:
        return (
            [],
            f"identical to the {len(theirs)} commands in xtk's own recipe cache (but for --outdir and --metafile)",
        )
    return [
        f"bare esbuild commands differ from xtk's recipe: {sorted(set(theirs) ^ set(ours)) or 'arguments differ'}"
    ], "differ"


# -- where xtk's time goes (from outside) -----------------------------------------------------------------------


FULL_PATH_IMPORTS = """
import toolchain.cli, toolchain.project, toolchain.plan, toolchain.manifest.render, toolchain.tools.esbuild
try:
    import toolchain.builder.pipeline
except ImportError:
    import toolchain.builder
"""
CACHED_PATH_IMPORTS = "import toolchain.cli, toolchain.project, toolchain.builder.cache, toolchain.builder.execute"


def breakdown(xtk_project: Path, prefix: Path, runs: int, has_cache: bool) -> dict[str, object]:
    """Where a warm `xtk build` spends its time, from outside: start-up, imports, and the build proper."""
    env = python_env(prefix)
    build_args = ["build", "--browser", "all", "--no-typecheck", "--project", str(xtk_project)]
    probes = {
        "python -c pass (interpreter start-up, site)": [PYTHON, "-c", "pass"],
        "xtk --version (start-up + CLI imports: click, toolchain.cli)": [XTK, "--version"],
        "python -c 'import what the full build imports' (+ pydantic, Jinja2, jsonschema ...)": [
            PYTHON,
            "-c",
            FULL_PATH_IMPORTS,
        ],
    }
    if has_cache:
        probes["python -c 'import what the cached path imports'"] = [PYTHON, "-c", CACHED_PATH_IMPORTS]
    result: dict[str, object] = {}
    for label, command in probes.items():
        result[label] = summary([timed(functools.partial(run_checked, command, REPO, env)) for _ in range(runs)])
    variants = [("", [])] + ([(" --no-cache", ["--no-cache"])] if has_cache else [])
    for suffix, extra in variants:
        inside = []
        for _ in range(runs):
            done = run_checked([XTK, *build_args, *extra, "--format", "json"], REPO, env)
            inside.append(json.loads(done.stdout)["seconds"] * 1000)
        result[f"'seconds' that `xtk build{suffix} --format json` reports (its esbuild runs and file writes)"] = (
            summary(inside)
        )

    # -X importtime over one real warm `xtk build` (per variant): import time (each module's own, so nothing is
    # counted twice) summed by distribution: xtk's toolchain, each dependency, and the standard library as one.
    code = "import sys; from toolchain.cli import main; sys.argv = ['xtk', *sys.argv[1:]]; main()"
    for suffix, extra in variants:
        done = subprocess.run(
            [str(PYTHON), "-X", "importtime", "-c", code, *build_args, *extra],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
        )
        totals: dict[str, int] = {}
        modules: dict[str, int] = {}
        for line in done.stderr.splitlines():
            match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \| +(\S+)", line)
            if match:
                top = match.group(3).split(".")[0]
                top = "stdlib" if top.lstrip("_") in sys.stdlib_module_names or top in sys.stdlib_module_names else top
                totals[top] = totals.get(top, 0) + int(match.group(1))
                modules[match.group(3)] = int(match.group(1))
        result[f"importtime{suffix}"] = {
            "total_ms": round(sum(totals.values()) / 1000, 1),
            "by_package_ms": {k: round(v / 1000, 1) for k, v in sorted(totals.items(), key=lambda kv: -kv[1])[:10]},
            "slowest_modules_ms": {
                k: round(v / 1000, 1) for k, v in sorted(modules.items(), key=lambda kv: -kv[1])[:8]
            },
        }
    return result


# -- machine -------------------------------------------------------------------------------------------------


def version(command: Sequence[str | os.PathLike[str]], cwd: Path = REPO) -> str:
    try:
        return subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


def machine(binary: Path, wxt_root: Path) -> dict[str, object]:
    import toolchain

    cpu = "unknown"
    try:
        cpu = next(
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        )
    except (OSError, StopIteration):
        pass
    package = lambda name: json.loads((wxt_root / "node_modules" / name / "package.json").read_text())["version"]  # noqa: E731
    return {
        "cpus": os.cpu_count(),
        "cpu_model": cpu,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "xtk": toolchain.__version__,
        "node": version(["node", "--version"]),
        "npm": version(["npm", "--version"]),
        "esbuild (xtk's, native binary)": version([binary, "--version"]),
        "wxt": package("wxt"),
        "vite (WXT's)": package("vite"),
        "git_commit": version(["git", "rev-parse", "--short", "HEAD"]),
        # xtk as measured: the working tree, which may hold uncommitted changes to toolchain/.
        "toolchain_uncommitted_changes": len(version(["git", "status", "--porcelain", "--", "toolchain"]).splitlines()),
    }


# -- main --------------------------------------------------------------------------------------------------------


def main() -> int:
    ensure_venv()
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="warm repetitions per tool (default 7)")
    parser.add_argument("--cold-runs", type=int, default=5, help="cold repetitions per tool (default 5)")
    parser.add_argument(
        "--json", type=Path, default=RESULTS, help=f"where to write the figures (default {RESULTS.relative_to(REPO)})"
    )
    args = parser.parse_args()
    if args.runs < 1 or args.cold_runs < 1:
        parser.error("--runs and --cold-runs must be at least 1")

    WORK.mkdir(exist_ok=True)
    xtk_project = prepare_xtk_project()
    wxt_root = prepare_wxt_project()
    bare_out = WORK / "bare-esbuild"
    jobs, binary = bare_esbuild_jobs(xtk_project, bare_out)
    pycache = WORK / "pycache"
    shutil.rmtree(pycache, ignore_errors=True)
    (pycache / "template").mkdir(parents=True)
    tools = make_tools(xtk_project, wxt_root, jobs, bare_out, pycache)
    has_cache = any(t.name == "xtk --no-cache" for t in tools)
    info = machine(binary, wxt_root)
    # A shared 2-core machine: the figures say little without how busy it was (other work's runnable processes).
    info["load_average_1min_at_start"] = round(os.getloadavg()[0], 2)

    say(
        f"build_speed: DocMind for {', '.join(BROWSERS)}, production; "
        f"{args.cold_runs} cold + {args.runs} warm runs per tool"
    )
    say("machine: " + ", ".join(f"{k} {v}" for k, v in info.items()))
    say(f"bare esbuild: the {len(jobs)} commands xtk runs, from xtk's own plan and grouping, e.g.")
    say("  " + " ".join(jobs[0].command[:3]) + f" … ({len(jobs[0].command)} arguments)")
    for kind, text in DEFINITIONS.items():
        say(f"{kind}: {text}")

    try:
        say("priming (untimed): one run of each, which also compiles xtk's bytecode for the cold runs to drop ...")
        for tool in tools:
            tool.run()
        for kind, count in (("cold", args.cold_runs), ("warm", args.runs)):
            for i in range(count):
                order = tools[i % len(tools) :] + tools[: i % len(tools)]  # rotate, so drift spreads over all
                for tool in order:
                    if kind == "cold":
                        tool.reset_cold()
                    tool.samples[kind].append(tool.run())
                say(
                    f"  {kind} {i + 1}/{count}: "
                    + "  ".join(f"{t.name} {t.samples[kind][-1]['total']:.0f} ms" for t in tools)
                )
        problems, sizes = check_outputs(xtk_project, bare_out, wxt_root)
        command_problems, same_commands = check_same_commands(xtk_project, jobs)
        problems += command_problems
        say("where xtk's time goes (warm, measured from outside) ...")
        where = breakdown(xtk_project, pycache / "template", args.runs, has_cache)
    except Failure as failure:
        say(f"FAILED: {failure}")
        return 1

    figures: dict[str, dict[str, dict[str, object]]] = {}
    for tool in tools:
        figures[tool.name] = {}
        for kind in ("cold", "warm"):
            samples = tool.samples[kind]
            entry: dict[str, object] = dict(summary([s["total"] for s in samples]))
            parts = [k for k in samples[0] if k in BROWSERS]
            if parts:
                entry["per_browser_median_ms"] = {p: round(statistics.median(s[p] for s in samples), 1) for p in parts}
            if "recipe_from_cache" in samples[0]:
                entry["runs_that_replayed_the_cached_recipe"] = int(sum(s["recipe_from_cache"] for s in samples))
            figures[tool.name][kind] = entry

    def med(name: str, kind: str) -> float:
        return float(figures[name][kind]["median_ms"])  # type: ignore[arg-type]

    verdicts: dict[str, dict[str, object]] = {}
    for kind in ("cold", "warm"):
        ratio = med("xtk", kind) / med("WXT", kind)
        overhead = med("xtk", kind) - med("esbuild (concurrent)", kind)
        verdicts[kind] = {
            "xtk_over_wxt": round(ratio, 4),
            "ratio_goal_met": ratio <= GOAL_RATIO,
            "wxt_over_xtk": round(1 / ratio, 1),
            "xtk_overhead_vs_concurrent_esbuild_ms": round(overhead, 1),
            "overhead_goal_met": overhead <= GOAL_OVERHEAD_MS,
            "xtk_overhead_vs_sequential_esbuild_ms": round(med("xtk", kind) - med("esbuild (sequential)", kind), 1),
        }
        if has_cache:
            verdicts[kind]["xtk_no_cache_overhead_vs_concurrent_esbuild_ms"] = round(
                med("xtk --no-cache", kind) - med("esbuild (concurrent)", kind), 1
            )
            verdicts[kind]["xtk_no_cache_over_wxt"] = round(med("xtk --no-cache", kind) / med("WXT", kind), 4)

    say("")
    say(f"{'':<22}{'cold':>26}{'warm':>26}")
    say(f"{'tool':<22}" + f"{'median':>12}{'min–max':>14}" * 2)
    for tool in tools:
        cells = ""
        for kind in ("cold", "warm"):
            f = figures[tool.name][kind]
            cells += f"{f['median_ms']:>9.0f} ms{f['min_ms']:>7.0f}–{f['max_ms']:<6.0f}"
        say(f"{tool.name:<22}{cells}")
    for name in ("esbuild (sequential)", "WXT"):
        parts = figures[name]["warm"].get("per_browser_median_ms", {})
        say(f"  {name}, per browser (warm medians): " + ", ".join(f"{b} {v:.0f} ms" for b, v in parts.items()))  # type: ignore[union-attr]
    if has_cache:
        replays = figures["xtk"]["warm"].get("runs_that_replayed_the_cached_recipe")
        say(
            f"  xtk warm runs that replayed its cached build recipe: {replays} of {args.runs} (cold runs: "
            f"{figures['xtk']['cold'].get('runs_that_replayed_the_cached_recipe')} of {args.cold_runs})"
        )
    say("")
    for kind in ("cold", "warm"):
        v = verdicts[kind]
        say(f"{kind}:")
        say(
            f"  xtk / WXT = {v['xtk_over_wxt']:.3f}  "
            f"(goal ≤ {GOAL_RATIO}: {'met' if v['ratio_goal_met'] else 'NOT met'}; "
            f"WXT takes {v['wxt_over_xtk']}× as long)"
        )
        say(
            f"  xtk − bare esbuild (concurrent) = {v['xtk_overhead_vs_concurrent_esbuild_ms']:.0f} ms  (goal ≤ "
            f"{GOAL_OVERHEAD_MS:.0f} ms: {'met' if v['overhead_goal_met'] else 'NOT met'});  "
            f"xtk − bare esbuild (sequential) = {v['xtk_overhead_vs_sequential_esbuild_ms']:.0f} ms"
        )
        if has_cache:
            say(
                f"  xtk --no-cache − bare esbuild (concurrent) = "
                f"{v['xtk_no_cache_overhead_vs_concurrent_esbuild_ms']:.0f} ms;"
                f"  xtk --no-cache / WXT = {v['xtk_no_cache_over_wxt']:.3f}"
            )
    say("")
    say("where xtk's time goes (warm medians; each line its own process, so they overlap, they do not add up):")
    for label, value in where.items():
        if isinstance(value, dict) and "median_ms" in value:
            say(f"  {value['median_ms']:>6.0f} ms  {label}")
    for label, value in where.items():
        if label.startswith("importtime"):
            variant = label.removeprefix("importtime") or ""
            say(
                f"  -X importtime of one `xtk build{variant}`: {value['total_ms']} ms of imports, by package: "  # type: ignore[index]
                + ", ".join(f"{k} {v}" for k, v in value["by_package_ms"].items())  # type: ignore[index]
                + "; slowest modules: "
                + ", ".join(f"{k} {v}" for k, v in value["slowest_modules_ms"].items())
            )  # type: ignore[index]
    say("")
    say(f"bare esbuild commands: {same_commands}")
    say(
        "output check, JS bytes (background + content + popup) for chrome/edge/firefox: "
        + "; ".join(f"{t} " + "/".join(str(sizes[t][b]) for b in BROWSERS) for t in sizes)
    )
    if problems:
        for problem in problems:
            say(f"  OUTPUT PROBLEM: {problem}")
    else:
        say(
            "  ok: all three tools built chrome, edge and firefox (MV3, MV3, MV2); xtk's and WXT's bundles are "
            f"minified and hold DocMind's code ({', '.join(repr(m) for m in MARKERS.values())}); bare esbuild's too"
        )

    info["load_average_1min_at_end"] = round(os.getloadavg()[0], 2)
    report = {
        "benchmark": "build_speed",
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": info,
        "runs": {"cold": args.cold_runs, "warm": args.runs},
        "commands": {
            "xtk": "xtk build --browser all --no-typecheck --project benchmarks/.work/xtk-project",
            "esbuild": [" ".join(j.command) for j in jobs],
            "WXT": [f"wxt build {' '.join(WXT_BUILDS[b])}" for b in BROWSERS],
        },
        "definitions": DEFINITIONS,
        "goals": {"xtk_over_wxt_max": GOAL_RATIO, "xtk_overhead_max_ms": GOAL_OVERHEAD_MS},
        "results": figures,
        "verdicts": verdicts,
        "xtk_breakdown_warm": where,
        "output_check": {"problems": problems, "js_bytes": sizes, "bare_esbuild_commands": same_commands},
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(report, indent=2, ensure_ascii=False) + "\n"
    args.json.write_text(text.replace(str(REPO) + "/", ""), encoding="utf-8")  # repository-relative paths
    say(f"figures written to {args.json.relative_to(REPO) if args.json.is_relative_to(REPO) else args.json}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
