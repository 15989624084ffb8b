#!/usr/bin/env python3
"""Lint speed, in one run: `xtk lint` on DocMind against `web-ext lint` (npm web-ext) on DocMind's Firefox build.

Measured in the same run, interleaved (every repetition runs every command, in a rotating order):

  xtk lint, project          `.venv/bin/xtk lint` in a scratch copy of the project (xtk.toml, extension_src/ with
                             node_modules linked, the posture and the protocol schemas): the whole command as a
                             subprocess. Warm: .xtk/ from the previous run in place and nothing changed, so the
                             lint result cache (.xtk/lint-cache/) replays the last findings after checking every
                             input (toolchain/lint/result_cache.py).
  xtk lint, project, edited  the same with one source file changed before each run (a comment line added or
                             removed in src/popup/view.ts): a full lint — start-up, imports, the lint build of every
                             target into .xtk/lint-build/, fact extraction, every rule — with .xtk/ in place.
  xtk lint, project, cold    the same after deleting .xtk/ (the lint build, the lint and build-recipe caches).
  xtk lint, Firefox build    `xtk lint build/firefox`: xtk on the very folder web-ext lints, as a plain extension.
  xtk lint --server, …       the edited and cold runs again through `xtk lint --server`: the resident process the
                             priming run started runs the lint (toolchain/cli/lint_server.py); the command is a small
                             client that sends it the command line and prints its answer.
  web-ext lint               `web-ext lint --source-dir build/firefox --no-config-discovery` (tests/oracle's
                             web-ext, NO_UPDATE_NOTIFIER=1 so that no registry check is spawned).

The Firefox build is made once, before timing, with `xtk build --browser firefox --no-typecheck`.

Goals (issue): xtk lint on the flagship ≤ 0.5 s wall, and ≤ 0.15 × web-ext lint. Printed as met / NOT met, for warm
and cold. DocMind may have findings (exit 1) while its protocol is being wired: exit codes are recorded, and only
a crash (xtk exit 2 or more, web-ext beyond 1) fails the benchmark. A benchmark, not a test: it never fails on a
figure.

Where xtk's time goes is measured from outside (interpreter start-up, `xtk --version`, -X importtime) and by a small
in-process probe that times each phase of the real code path (imports, config, lint build, extraction, posture and
protocol, each rule).

    .venv/bin/python benchmarks/lint_speed.py [--runs 7] [--json PATH]
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
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
WEB_EXT = REPO / "tests" / "oracle" / "node_modules" / ".bin" / "web-ext"
RESULTS = BENCH / "results" / "lint_speed.json"
GOAL_WALL_MS = 500.0
GOAL_RATIO = 0.15


# -- set-up -------------------------------------------------------------------------------------------------------


def ensure_venv() -> None:
    """The probes import xtk, so the harness runs in xtk's virtualenv; re-run itself there if needed."""
    if Path(sys.prefix).resolve() != VENV.resolve():
        if not PYTHON.exists():
            sys.exit(f"{PYTHON} is missing: run `make setup` first")
        os.execv(PYTHON, [str(PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]])


def say(message: str = "") -> None:
    print(message, flush=True)


def prepare_project() -> Path:
    """A scratch copy of DocMind's project, so that neither build/ nor .xtk/ of the repository is touched."""
    return copy_docmind(WORK / "lint-project")


def python_env(prefix: Path) -> dict[str, str]:
    """xtk's environment, its bytecode kept under `prefix` (PYTHONPYCACHEPREFIX) and written even where
    PYTHONDONTWRITEBYTECODE is set — as `make setup` leaves xtk compiled — never in the repository's __pycache__/."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    env["PYTHONPYCACHEPREFIX"] = str(prefix)
    return env


def node_env() -> dict[str, str]:
    return {**os.environ, "NO_UPDATE_NOTIFIER": "1", "npm_config_update_notifier": "false"}


# -- measuring ----------------------------------------------------------------------------------------------------


class Failure(Exception):
    pass


@dataclass
class Command:
    name: str
    argv: list[str]
    env: dict[str, str]
    ok_codes: tuple[int, ...]  # exit codes that are results, not crashes
    reset: Callable[[], None] = lambda: None
    times: list[float] = field(default_factory=list)
    codes: list[int] = field(default_factory=list)

    def run(self, cwd: Path) -> tuple[float, subprocess.CompletedProcess[bytes]]:
        self.reset()
        started = time.perf_counter()
        done = subprocess.run(self.argv, cwd=cwd, env=self.env, capture_output=True)
        elapsed = (time.perf_counter() - started) * 1000
        if done.returncode not in self.ok_codes:
            raise Failure(
                f"`{' '.join(self.argv)}` exited {done.returncode}:\n{done.stdout.decode(errors='replace')}\n"
                f"{done.stderr.decode(errors='replace')}"
            )
        return elapsed, done


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]  # nearest rank


def summary(values: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(values), 1),
        "p95_ms": round(p95(values), 1),
        "min_ms": round(min(values), 1),
        "max_ms": round(max(values), 1),
        "runs": len(values),
    }


def load_average() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


# -- where xtk lint's time goes -------------------------------------------------------------------------------------

#: Nothing to analyse: what each linter costs before it has anything to do (a valid Firefox MV2 manifest, no code).
TINY_MANIFEST = {
    "manifest_version": 2,
    "name": "Manifest only",
    "version": "1.0",
    "browser_specific_settings": {
        "gecko": {
            "id": "tiny@example.com",
            "strict_min_version": "142.0",
            "data_collection_permissions": {"required": ["none"]},
        }
    },
}

#: Run in a fresh interpreter: times each phase of `xtk lint` on a project along its real code path (the functions
#: `project_context` calls are wrapped where it calls them, not re-implemented), then each rule, then the engine.
PROBE = r"""
import json, sys, time
marks = {}
t = time.perf_counter()
import toolchain.cli.commands
marks["import toolchain.cli (click)"] = time.perf_counter() - t
t = time.perf_counter()
from pathlib import Path
from toolchain.lint import engine, project_targets
from toolchain.lint.registry import all_rules
import toolchain.analysis.extract
import toolchain.project
marks["import the lint path (project, pydantic, build pipeline, extractor, tree-sitter)"] = time.perf_counter() - t
t = time.perf_counter()
rules = all_rules()
marks["import the rules (registry)"] = time.perf_counter() - t
state = {"in_build": False}
def timed(module, name, label, flag=None):
    original = getattr(module, name)
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        if flag:
            state[flag] = True
        try:
            return original(*args, **kwargs)
        finally:
            if flag:
                state[flag] = False
            chosen = label() if callable(label) else label
            marks[chosen] = marks.get(chosen, 0.0) + time.perf_counter() - started
    setattr(module, name, wrapper)
timed(project_targets, "build", "lint build: every target into .xtk/lint-build (esbuild, no type-check)", "in_build")
# the entries are parsed and walked while esbuild bundles (inside the lint build's time); the facts come once, after
timed(project_targets, "walk", lambda: "  of which parse and walk the entries (tree-sitter), beside esbuild"
      if state["in_build"] else "parse and walk what the metafile adds (tree-sitter)")
timed(toolchain.analysis.extract.Resolver, "project_facts", "project-wide facts (once)")
timed(project_targets, "load_posture", "posture")
timed(project_targets, "load_protocol", "protocol schemas")
try:  # as `xtk lint` runs: no full garbage collection over what the analysis keeps (toolchain/lint/heap.py)
    from toolchain.lint.heap import long_lived_heap
    heap = long_lived_heap()  # kept: a context manager collected as garbage would restore the thresholds at once
    heap.__enter__()
except ImportError:
    pass
t = time.perf_counter()
project = toolchain.project.load_project(Path(sys.argv[1]))
marks["load xtk.toml"] = time.perf_counter() - t
t = time.perf_counter()
ctx = project_targets.project_context(project)
inside = sum(v for k, v in marks.items()
             if k.startswith(("lint build", "parse and walk", "project-wide facts", "posture", "protocol")))
marks["project context, the rest (contexts, metafiles)"] = time.perf_counter() - t - inside
per_rule = {}
for rule in rules:
    if rule.applies_to == "project" and ctx.kind != "project":
        continue
    started = time.perf_counter()
    list(rule().check(ctx))
    per_rule[rule.code] = time.perf_counter() - started
marks["rules, first pass (knowledge base loaded on first use)"] = sum(per_rule.values())
t = time.perf_counter()
found = engine.run_rules(ctx, [], [])
marks["engine: every rule again + suppressions (all warm)"] = time.perf_counter() - t
print(json.dumps({"phases": {k: v * 1000 for k, v in marks.items()},
                  "rules": {k: v * 1000 for k, v in per_rule.items()},
                  "findings": len(found)}))
"""


#: The real command in-process, reporting when `main` returns: the rest of the wall time is interpreter start-up and
#: shutdown (module teardown, garbage collection), which no phase above includes.
MAIN = r"""
import sys, time
started = time.perf_counter()
from toolchain.cli import main
sys.argv = ["xtk", "lint", "--no-cache"]
try:
    main(standalone_mode=False)
finally:
    sys.stdout.flush()
    sys.stderr.write(f"\nMAIN-RETURNED {(time.perf_counter() - started) * 1000:.3f}\n")
"""


def breakdown(project: Path, env: dict[str, str], runs: int) -> dict[str, object]:
    result: dict[str, object] = {}
    walls, inside = [], []
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run([str(PYTHON), "-c", MAIN], cwd=project, env=env, capture_output=True, text=True)
        walls.append((time.perf_counter() - started) * 1000)
        match = re.search(r"MAIN-RETURNED ([0-9.]+)", done.stderr)
        if not match:
            raise Failure(f"the main probe failed:\n{done.stderr}")
        inside.append(float(match.group(1)))
    result["xtk lint --no-cache in-process: from the first import to main() returning"] = summary(inside)
    result["xtk lint --no-cache wall, the same process"] = summary(walls)
    result["wall minus in-process (interpreter start-up + shutdown)"] = summary([w - i for w, i in zip(walls, inside)])
    probes = {
        "python -c pass (interpreter start-up, site)": ([str(PYTHON), "-c", "pass"], env),
        "xtk --version (start-up + click + toolchain.cli)": ([str(XTK), "--version"], env),
        "node -e 0 (Node start-up)": (["node", "-e", "0"], node_env()),
        "web-ext --version (web-ext start-up: its imports, no linting)": ([str(WEB_EXT), "--version"], node_env()),
    }
    # The fixed cost of each linter: a manifest-only extension (nothing to analyse).
    tiny = WORK / "lint-tiny-extension"
    shutil.rmtree(tiny, ignore_errors=True)
    tiny.mkdir(parents=True)
    (tiny / "manifest.json").write_text(json.dumps(TINY_MANIFEST, indent=2) + "\n", encoding="utf-8")
    probes["xtk lint on a manifest-only extension (fixed cost)"] = ([str(XTK), "lint", str(tiny)], env)
    probes["web-ext lint on a manifest-only extension (fixed cost)"] = (
        [str(WEB_EXT), "lint", "--source-dir", str(tiny), "--no-config-discovery"],
        node_env(),
    )
    for label, (argv, environment) in probes.items():
        values = []
        for _ in range(runs):
            started = time.perf_counter()
            done = subprocess.run(argv, cwd=project, env=environment, capture_output=True)
            values.append((time.perf_counter() - started) * 1000)
            if done.returncode not in (0, 1):
                raise Failure(f"`{' '.join(argv)}` exited {done.returncode}: {done.stderr.decode(errors='replace')}")
        result[label] = summary(values)

    phases: dict[str, list[float]] = {}
    rules: dict[str, list[float]] = {}
    for _ in range(runs):
        done = subprocess.run(
            [str(PYTHON), "-c", PROBE, str(project)], cwd=project, env=env, capture_output=True, text=True
        )
        if done.returncode != 0:
            raise Failure(f"the in-process probe failed:\n{done.stderr}")
        data = json.loads(done.stdout.strip().splitlines()[-1])
        for key, value in data["phases"].items():
            phases.setdefault(key, []).append(value)
        for key, value in data["rules"].items():
            rules.setdefault(key, []).append(value)
    result["in-process phases (medians, ms)"] = {k: round(statistics.median(v), 1) for k, v in phases.items()}
    result["in-process, slowest rules on the first pass (medians, ms)"] = {
        k: round(statistics.median(v), 1)
        for k, v in sorted(rules.items(), key=lambda kv: -statistics.median(kv[1]))[:6]
    }

    # -X importtime over one real `xtk lint`: each module's own import time, summed by distribution.
    code = "import sys; from toolchain.cli import main; sys.argv = ['xtk', 'lint', '--no-cache']; main()"
    done = subprocess.run(
        [str(PYTHON), "-X", "importtime", "-c", code], cwd=project, env=env, capture_output=True, text=True
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
    result["importtime"] = {
        "total_ms": round(sum(totals.values()) / 1000, 1),
        "by_package_ms": {k: round(v / 1000, 1) for k, v in sorted(totals.items(), key=lambda kv: -kv[1])[:10]},
        "slowest_modules_ms": {k: round(v / 1000, 1) for k, v in sorted(modules.items(), key=lambda kv: -kv[1])[:8]},
    }
    return result


# -- what each tool finds -------------------------------------------------------------------------------------------


def findings(project: Path, env: dict[str, str]) -> dict[str, object]:
    """One JSON run of each command: what it reports (the timed runs use the default text output)."""
    found: dict[str, object] = {}
    for label, argv in (
        ("xtk lint, project", [str(XTK), "lint", "--format", "json"]),
        ("xtk lint, Firefox build", [str(XTK), "lint", "build/firefox", "--format", "json"]),
    ):
        done = subprocess.run(argv, cwd=project, env=env, capture_output=True, text=True)
        data = json.loads(done.stdout or "[]")
        found[label] = {
            "exit_code": done.returncode,
            "findings": [f"{d['path']}:{d['line']}: {d['code']} {d['message']}" for d in data],
        }
    done = subprocess.run(
        [str(WEB_EXT), "lint", "--source-dir", "build/firefox", "--no-config-discovery", "--output", "json"],
        cwd=project,
        env=node_env(),
        capture_output=True,
        text=True,
    )
    report = json.loads(done.stdout)
    found["web-ext lint, Firefox build"] = {
        "exit_code": done.returncode,
        "summary": report.get("summary"),
        "messages": [
            f"{kind[:-1]} {m.get('code')}: {m.get('message')}"
            for kind in ("errors", "warnings", "notices")
            for m in report.get(kind, [])
        ],
    }
    return found


# -- machine --------------------------------------------------------------------------------------------------------


def version(command: Sequence[str | os.PathLike[str]], env: dict[str, str] | None = None) -> str:
    try:
        return subprocess.run(
            [str(c) for c in command], cwd=REPO, capture_output=True, text=True, env=env
        ).stdout.strip()
    except OSError:
        return "unknown"


def machine() -> dict[str, object]:
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
    return {
        "cpus": os.cpu_count(),
        "cpu_model": cpu,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "xtk": toolchain.__version__,
        "node": version(["node", "--version"]),
        "web-ext": version([WEB_EXT, "--version"], node_env()),
        "git_commit": version(["git", "rev-parse", "--short", "HEAD"]),
        # xtk as measured: the working tree, which may hold uncommitted changes to toolchain/.
        "toolchain_uncommitted_changes": len(version(["git", "status", "--porcelain", "--", "toolchain"]).splitlines()),
    }


# -- main -----------------------------------------------------------------------------------------------------------


def main() -> int:
    ensure_venv()
    sys.path.insert(0, str(REPO))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="repetitions per command (default 7)")
    parser.add_argument(
        "--json", type=Path, default=RESULTS, help=f"where to write the figures (default {RESULTS.relative_to(REPO)})"
    )
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not WEB_EXT.exists():
        sys.exit(f"{WEB_EXT} is missing: run `npm ci` in tests/oracle (make test does)")

    WORK.mkdir(exist_ok=True)
    project = prepare_project()
    pycache = WORK / "pycache-lint"
    shutil.rmtree(pycache, ignore_errors=True)
    env = python_env(pycache)
    info = machine()
    load_before = load_average()

    say(
        "lint_speed: xtk lint on DocMind vs web-ext lint on its Firefox build; "
        f"{args.runs} runs per command, interleaved"
    )
    say("machine: " + ", ".join(f"{k} {v}" for k, v in info.items()) + f"; load average {load_before}")
    say("building the Firefox target once (xtk build --browser firefox --no-typecheck) ...")
    built = subprocess.run(
        [str(XTK), "build", "--browser", "firefox", "--no-typecheck"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
    if built.returncode != 0 or not (project / "build" / "firefox" / "manifest.json").is_file():
        say(f"FAILED: xtk build --browser firefox exited {built.returncode}:\n{built.stdout}\n{built.stderr}")
        return 1
    firefox = project / "build" / "firefox"
    say(
        f"  {firefox.relative_to(REPO)}: {sum(1 for p in firefox.rglob('*') if p.is_file())} files, "
        f"{sum(p.stat().st_size for p in firefox.rglob('*') if p.is_file())} bytes"
    )

    edited = project / "extension_src" / "src" / "popup" / "view.ts"
    original = edited.read_text(encoding="utf-8")

    def edit() -> None:  # a real change of content each run: the cache cannot replay
        current = edited.read_text(encoding="utf-8")
        edited.write_text(original + "// edited\n" if current == original else original, encoding="utf-8")

    # `xtk lint --server`: a resident xtk process answers (toolchain/cli/lint_server.py), its socket under a
    # temporary folder of the benchmark's own; started by the priming run, stopped at the end
    server_env = {**env, "TMPDIR": str(WORK / "tmp")}
    (WORK / "tmp").mkdir(exist_ok=True)
    commands = [
        Command("xtk lint, project (warm)", [str(XTK), "lint"], env, (0, 1)),
        Command("xtk lint, project (a source edited)", [str(XTK), "lint"], env, (0, 1), reset=edit),
        Command(
            "xtk lint, project (cold)",
            [str(XTK), "lint"],
            env,
            (0, 1),
            reset=lambda: shutil.rmtree(project / ".xtk", ignore_errors=True),
        ),
        Command("xtk lint, Firefox build", [str(XTK), "lint", "build/firefox"], env, (0, 1)),
        Command(
            "xtk lint --server, project (a source edited)",
            [str(XTK), "lint", "--server"],
            server_env,
            (0, 1),
            reset=edit,
        ),
        Command(
            "xtk lint --server, project (cold)",
            [str(XTK), "lint", "--server"],
            server_env,
            (0, 1),
            reset=lambda: shutil.rmtree(project / ".xtk", ignore_errors=True),
        ),
        Command(
            "web-ext lint, Firefox build",
            [str(WEB_EXT), "lint", "--source-dir", "build/firefox", "--no-config-discovery"],
            node_env(),
            (0, 1),
        ),
    ]
    try:
        say("priming (untimed): one run of each, which also compiles xtk's bytecode ...")
        for command in commands:
            command.run(project)
        for i in range(args.runs):
            order = commands[i % len(commands) :] + commands[: i % len(commands)]  # rotate, so drift spreads over all
            for command in order:
                elapsed, done = command.run(project)
                command.times.append(elapsed)
                command.codes.append(done.returncode)
            say(f"  run {i + 1}/{args.runs}: " + "  ".join(f"{c.name} {c.times[-1]:.0f} ms" for c in commands))
        say("what each reports (one JSON run each) ...")
        found = findings(project, env)
        say("where xtk lint's time goes (measured from outside, and by an in-process probe) ...")
        where = breakdown(project, env, args.runs)
    except Failure as failure:
        say(f"FAILED: {failure}")
        return 1
    finally:
        edited.write_text(original, encoding="utf-8")
        subprocess.run([str(XTK), "lint", "--stop-server"], cwd=project, env=server_env, capture_output=True)
    load_after = load_average()

    figures = {c.name: {**summary(c.times), "exit_codes": sorted(set(c.codes))} for c in commands}
    web_ext = figures["web-ext lint, Firefox build"]["median_ms"]
    verdicts: dict[str, dict[str, object]] = {}
    for name in (
        "xtk lint, project (warm)",
        "xtk lint, project (a source edited)",
        "xtk lint, project (cold)",
        "xtk lint, Firefox build",
        "xtk lint --server, project (a source edited)",
        "xtk lint --server, project (cold)",
    ):
        median = float(figures[name]["median_ms"])  # type: ignore[arg-type]
        ratio = median / float(web_ext)  # type: ignore[arg-type]
        verdicts[name] = {
            "median_ms": median,
            "wall_goal_met": median <= GOAL_WALL_MS,
            "over_web_ext": round(ratio, 3),
            "ratio_goal_met": ratio <= GOAL_RATIO,
            "web_ext_over_xtk": round(1 / ratio, 1),
        }

    say("")
    say(f"{'command':<46}{'median':>10}{'p95':>10}{'min–max':>16}  exit")
    for c in commands:
        f = figures[c.name]
        say(
            f"{c.name:<46}{f['median_ms']:>7.0f} ms{f['p95_ms']:>7.0f} ms{f['min_ms']:>8.0f}–{f['max_ms']:<6.0f}  "
            f"{','.join(map(str, f['exit_codes']))}"
        )  # type: ignore[arg-type]
    say("")
    for name, v in verdicts.items():
        say(
            f"{name}: {v['median_ms']:.0f} ms "
            f"(goal ≤ {GOAL_WALL_MS:.0f} ms: {'met' if v['wall_goal_met'] else 'NOT met'}); "
            f"/ web-ext lint = {v['over_web_ext']:.3f} "
            f"(goal ≤ {GOAL_RATIO}: {'met' if v['ratio_goal_met'] else 'NOT met'}; "
            f"web-ext takes {v['web_ext_over_xtk']}× as long)"
        )
    say("")
    say("where xtk lint's time goes (medians; the outside probes are separate processes):")
    for label, value in where.items():
        if isinstance(value, dict) and "median_ms" in value:
            say(f"  {value['median_ms']:>6.0f} ms  {label}")
    for label in ("in-process phases (medians, ms)", "in-process, slowest rules on the first pass (medians, ms)"):
        say(f"  {label}:")
        for key, ms in where[label].items():  # type: ignore[union-attr]
            say(f"    {ms:>6.0f} ms  {key}")
    imports = where["importtime"]
    say(
        f"  -X importtime of one `xtk lint --no-cache`: {imports['total_ms']} ms of imports; by package: "  # type: ignore[index]
        + ", ".join(f"{k} {v}" for k, v in imports["by_package_ms"].items())
    )  # type: ignore[index]
    say("")
    say("what they report:")
    for label, value in found.items():
        lines = value.get("findings", value.get("messages", []))  # type: ignore[union-attr]
        say(f"  {label}: exit {value['exit_code']}, {len(lines)} finding(s)")  # type: ignore[index]
        for line in lines[:8]:
            say(f"    {line}")
    say(f"load average: {load_before} at the start, {load_after} at the end")

    report = {
        "benchmark": "lint_speed",
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": info,
        "load_average": {"start": load_before, "end": load_after},
        "runs": args.runs,
        "commands": {c.name: " ".join(c.argv) for c in commands},
        "definitions": {
            "warm": (
                "the same command again, nothing changed, .xtk/ from the previous run in place: "
                "the lint result cache replays"
            ),
            "a source edited": (
                "src/popup/view.ts changed (a comment line added or removed) before each run, .xtk/ in place: "
                "a full lint"
            ),
            "cold": "after deleting the project's .xtk/ (xtk's bytecode stays compiled, as `make setup` leaves it)",
            "--server": (
                "`xtk lint --server`: the lint run by the resident xtk process the priming run started "
                "(Python started and xtk imported once); the command itself is a small client"
            ),
            "bytecode": "xtk's bytecode is kept under benchmarks/.work/pycache-lint/ (PYTHONPYCACHEPREFIX)",
            "web-ext": "NO_UPDATE_NOTIFIER=1, --no-config-discovery; Node keeps no bytecode cache between runs",
            "input": "benchmarks/.work/lint-project: xtk.toml, extension_src/, the posture and protocol schemas; "
            "build/firefox made once by `xtk build --browser firefox --no-typecheck`",
        },
        "goals": {"xtk_lint_wall_max_ms": GOAL_WALL_MS, "xtk_over_web_ext_max": GOAL_RATIO},
        "results": figures,
        "verdicts": verdicts,
        "xtk_breakdown": where,
        "findings": found,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(report, indent=2, ensure_ascii=False) + "\n"
    args.json.write_text(text.replace(str(REPO) + "/", ""), encoding="utf-8")  # repository-relative paths
    say(f"figures written to {args.json.relative_to(REPO) if args.json.is_relative_to(REPO) else args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
