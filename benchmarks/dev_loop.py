#!/usr/bin/env python3
"""Dev loop speed, in one run: edit → the extension running the new code, under `xtk dev` and under `wxt` (WXT's
dev command), in headless Chromium and Firefox ESR.

Both tools get the same two-file extension (a background and a content script on 127.0.0.1 pages), written by this
script into benchmarks/.work/dev_loop/{xtk,wxt}/ with the port of a local report server:

  background  on start: fetch(<server>/started?background=<VERSION>)  — the new background runs
  content     on run:   fetch(<page origin>/seen?content=<VERSION>)   — the new content script runs in the open tab

An edit rewrites VERSION in one file; the figure is the time from just before the write to the new VERSION's
request reaching the server: measured from outside, the same way for both tools (xtk's own `reloaded.ms`, which
starts at the file's modification time, is recorded beside it). EDITS edits of each file, one after another, each
once the previous one arrived and 1 s of quiet (2 s after start-up and between the two files). Each tool runs two
sessions of half the edits, in the order xtk, WXT, WXT, xtk, so drift in the machine's load falls on both. Median
and p95 (nearest rank) per tool, browser and file.

Goal (issue 11): xtk's median ≤ 300 ms in Chromium, and faster than WXT. Results: benchmarks/results/dev_loop.json.
A benchmark, not a test: it fails (exit 1) only when a tool does not start or an edit never arrives under xtk.

    .venv/bin/python benchmarks/dev_loop.py [--edits 20] [--browsers chrome,firefox] [--tools xtk,wxt]
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))

from tests.browser.dev_session import ReportServer, XtkProcess  # noqa: E402  (the repository on sys.path first)
from toolchain.browsers.environment import descendants, pid_alive, stop_processes  # noqa: E402

REPO = BENCH.parent
WORK = BENCH / ".work" / "dev_loop"
RESULTS = BENCH / "results" / "dev_loop.json"
WXT_INSTALL = BENCH / ".work" / "wxt"  # installed by benchmarks/build_speed.py from benchmarks/wxt's lock
GOAL_CHROMIUM_MEDIAN_MS = 300.0
ARRIVAL_TIMEOUT = 8.0
# Quiet time after start-up, between edits and between series, the same for both tools: with less, WXT's watcher
# drops edits (the first edit after start-up and edits made while it is still reloading never rebuild).
SETTLE_AFTER_START = 2.0
QUIET_BETWEEN_EDITS = 1.0

BACKGROUND = """const VERSION = "bg-0";
fetch("{origin}/started?background=" + VERSION, {{ mode: "no-cors" }}).catch(() => {{}});
"""
CONTENT = """const VERSION = "cs-0";
fetch(new URL("/seen?content=" + VERSION, location.href)).catch(() => {{}});
"""
XTK_CONFIG = """[extension]
name = "Dev loop"
version = "0.1.0"

[targets.chrome]
min_version = "121"

[targets.firefox]
min_version = "142.0"
gecko_id = "dev-loop@xtk.test"
data_collection = {{ required = ["none"] }}

[background]
entry = "src/background.ts"

[[content_scripts]]
matches = ["http://127.0.0.1/*"]
js = ["src/content.ts"]
"""
WXT_CONFIG = """import {{ defineConfig }} from 'wxt';
// The browsers Debian installs, headless (no display here); the report server's page opens at start.
export default defineConfig({{
  manifest: {{ name: 'Dev loop', browser_specific_settings: {{ gecko: {{ id: 'dev-loop@xtk.test' }} }} }},
  webExt: {{
    binaries: {{ chrome: '/usr/lib/chromium/chromium', firefox: '/usr/bin/firefox-esr' }},
    chromiumArgs: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    firefoxArgs: ['--headless'],
    startUrls: ['{page}'],
  }},
}});
"""


def say(message: str) -> None:
    print(message, flush=True)


def wrap_wxt(source: str, kind: str) -> str:
    """The same code in WXT's entrypoint form."""
    body = "\n".join("    " + line for line in source.strip().splitlines())
    if kind == "background":
        return f"export default defineBackground(() => {{\n{body}\n}});\n"
    return (
        f"export default defineContentScript({{\n  matches: ['http://127.0.0.1/*'],\n  main() {{\n{body}\n  }},\n}});\n"
    )


def prepare(tool: str, server: ReportServer) -> tuple[Path, dict[str, Path]]:
    root = WORK / tool
    shutil.rmtree(root, ignore_errors=True)
    background, content = BACKGROUND.format(origin=server.origin), CONTENT.format()
    if tool == "xtk":
        (root / "src").mkdir(parents=True)
        (root / "xtk.toml").write_text(XTK_CONFIG.format())
        (root / "node_modules").symlink_to(REPO / "extension_src/node_modules", target_is_directory=True)
        files = {"background": root / "src/background.ts", "content": root / "src/content.ts"}
        files["background"].write_text(background)
        files["content"].write_text(content)
        return root, files
    (root / "entrypoints").mkdir(parents=True)
    shutil.copy2(BENCH / "wxt" / "package.json", root / "package.json")
    (root / "node_modules").symlink_to(WXT_INSTALL / "node_modules", target_is_directory=True)
    (root / "wxt.config.ts").write_text(WXT_CONFIG.format(page=server.page_url))
    files = {"background": root / "entrypoints/background.ts", "content": root / "entrypoints/content.ts"}
    files["background"].write_text(wrap_wxt(background, "background"))
    files["content"].write_text(wrap_wxt(content, "content"))
    return root, files


def private_env(tool: str) -> dict[str, str]:
    """HOME and TMPDIR inside the work folder: neither tool nor browser writes into the real home."""
    home = WORK / f"home-{tool}"
    (home / "tmp").mkdir(parents=True, exist_ok=True)
    return {"HOME": str(home), "TMPDIR": str(home / "tmp"), "npm_config_update_notifier": "false"}


class WxtProcess:
    """`wxt -b <browser>` (WXT's dev command) in its own session; stopped with every process it started."""

    def __init__(self, root: Path, browser: str) -> None:
        self.log = (WORK / f"wxt-{browser}.log").open("w")
        self.process = subprocess.Popen(
            [str(root / "node_modules/.bin/wxt"), "-b", browser],
            cwd=root,
            stdin=subprocess.PIPE,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env={**os.environ, **private_env("wxt")},
            start_new_session=True,
        )

    def stop(self) -> None:
        family = [self.process.pid, *descendants(self.process.pid)]  # the browser too: known before it detaches
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        stop_processes(None, [p for p in family if pid_alive(p)], grace=10.0)
        self.process.wait(timeout=10)
        self.log.close()


def nearest_rank(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def summary(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "median_ms": round(statistics.median(values), 1),
        "p95_ms": round(nearest_rank(values, 0.95), 1),
        "min_ms": round(min(values), 1),
        "max_ms": round(max(values), 1),
    }


def save(path: Path, text: str) -> None:
    """Save as editors that write safely do: a temporary file renamed over the old one. (Written in place, the file
    is empty for a moment, and WXT's dev server has been seen to load it then and exit: "Default export not found".)"""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text)
    os.replace(temporary, path)


class Session:
    """One tool's dev command running on its own copy of the project, with its own report server."""

    def __init__(self, tool: str, browser: str) -> None:
        self.tool, self.browser = tool, browser
        self.server = ReportServer()
        self.root, self.files = prepare(tool, self.server)
        self.started = time.time()
        self.result: dict[str, Any] = {"tool": tool, "browser": browser}
        self.latencies: dict[str, list[float]] = {"background": [], "content": []}
        if tool == "xtk":
            self.runner: Any = XtkProcess(
                "dev",
                "--browser",
                browser,
                "--headless",
                "--start-url",
                self.server.page_url,
                project=self.root,
                env=private_env("xtk"),
            )
        else:
            self.runner = WxtProcess(self.root, browser)

    def wait_ready(self) -> bool:
        try:
            self.server.wait_for(timeout=90, since=self.started, content="cs-0")
        except AssertionError as error:
            self.result["error"] = f"did not start: {error}"
            return False
        self.result["startup_ms"] = round((time.time() - self.started) * 1000, 1)
        return True

    @property
    def alive(self) -> bool:
        return "error" not in self.result and self.runner.process.poll() is None

    def edit(self, kind: str, number: int) -> None:
        """One edit of one file, timed until its new VERSION's request arrives (missed after ARRIVAL_TIMEOUT)."""
        key, prefix = ("background", "bg") if kind == "background" else ("content", "cs")
        version = f"{prefix}-{kind[:1]}{number}"
        path = self.files[kind]
        text = path.read_text()
        old = text[text.index(f'"{prefix}-') :].split('"')[1]
        started = time.time()
        save(path, text.replace(f'"{old}"', f'"{version}"'))
        try:
            arrived, _ = self.server.wait_for(timeout=ARRIVAL_TIMEOUT, since=started, **{key: version})
            self.latencies[kind].append((arrived - started) * 1000)
        except AssertionError:
            if self.runner.process.poll() is not None:
                self.result["error"] = f"{self.tool} exited during the {kind} edits (see benchmarks/.work/dev_loop/)"

    def finish(self, edits: int) -> None:
        """Stop the tool and its browser; for xtk, keep its own `reloaded.ms` figures."""
        self.reported: list[float] = []
        if self.tool == "xtk":
            self.runner.process.send_signal(signal.SIGINT)
            self.runner.process.wait(timeout=60)
            while not self.runner.events.empty():
                event = self.runner.events.get()
                if event and event.get("event") == "reloaded":
                    self.reported.append(float(event["ms"]))
        else:
            self.runner.stop()
        self.server.close()


def run_session(tool: str, browser: str, edits: int) -> Session:
    """One dev session of one tool: `edits` background edits, then `edits` content-script edits."""
    session = Session(tool, browser)
    try:
        if session.wait_ready():
            for kind in ("background", "content"):
                time.sleep(SETTLE_AFTER_START)
                for number in range(1, edits + 1):
                    if not session.alive:
                        break
                    session.edit(kind, number)
                    time.sleep(QUIET_BETWEEN_EDITS)
    finally:
        session.finish(edits)
    return session


def measure(tools: list[str], browser: str, edits: int) -> list[dict[str, Any]]:
    """Each tool runs two sessions of half the edits, in the order A B B A, so that drift in the load of the shared
    machine falls on both alike. (Running both tools at once with alternating edits was tried: WXT's reloads then
    stopped reaching its Chromium after the first two edits, while alone it missed none.)"""
    first, second = edits // 2, edits - edits // 2
    order = [(tool, first) for tool in tools] + [(tool, second) for tool in reversed(tools)]
    sessions: dict[str, list[Session]] = {tool: [] for tool in tools}
    for tool, count in order:
        sessions[tool].append(run_session(tool, browser, count))
    results = []
    for tool in tools:
        runs = sessions[tool]
        result: dict[str, Any] = {
            "tool": tool,
            "browser": browser,
            "startup_ms": [r.result.get("startup_ms") for r in runs],
        }
        errors = [r.result["error"] for r in runs if "error" in r.result]
        if errors:
            result["error"] = "; ".join(errors)
        for kind in ("background", "content"):
            latencies = [value for r in runs for value in r.latencies[kind]]
            result[kind] = {**summary(latencies), "missed": edits - len(latencies)}
        if tool == "xtk":
            result["xtk_reported_reloaded"] = summary([v for r in runs for v in r.reported])
        results.append(result)
        for kind in ("background", "content"):
            figures = result[kind]
            say(
                f"  {tool:<4} {browser:<8} {kind:<10} median {figures.get('median_ms')} ms, "
                f"p95 {figures.get('p95_ms')} ms, missed {figures.get('missed')}"
                + (f"  ({result['error']})" if errors else "")
            )
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--browsers", default="chrome,firefox")
    parser.add_argument("--tools", default="xtk,wxt")
    args = parser.parse_args()
    tools, browsers = args.tools.split(","), args.browsers.split(",")
    WORK.mkdir(parents=True, exist_ok=True)
    wxt_missing = "wxt" in tools and not (WXT_INSTALL / "node_modules/.bin/wxt").exists()
    if wxt_missing:
        say(
            f"WXT is not installed in {WXT_INSTALL}: "
            "run benchmarks/build_speed.py once (it installs benchmarks/wxt's lock)"
        )
        tools = [t for t in tools if t != "wxt"]
    runs = []
    load_before = os.getloadavg()
    for browser in browsers:
        say(
            f"{' and '.join(tools)} in {browser}: {args.edits} background and {args.edits} content-script edits each, "
            "in two sessions per tool (A B B A) ..."
        )
        runs.extend(measure(tools, browser, args.edits))
    ratios = {}
    for browser in browsers:
        by_tool = {r["tool"]: r for r in runs if r["browser"] == browser}
        for kind in ("background", "content"):
            ours = by_tool.get("xtk", {}).get(kind, {}).get("median_ms")
            theirs = by_tool.get("wxt", {}).get(kind, {}).get("median_ms")
            if ours and theirs:
                ratios[f"{browser}.{kind}"] = round(ours / theirs, 3)
    chromium = [
        r[k]["median_ms"]
        for r in runs
        if r["tool"] == "xtk" and r["browser"] == "chrome"
        for k in ("background", "content")
        if r.get(k, {}).get("median_ms") is not None
    ]
    report = {
        "when": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "system": platform.platform(),
            # The machine is shared: its 1-minute load average when the run began and ended.
            "load_average": [round(load_before[0], 1), round(os.getloadavg()[0], 1)],
        },
        "edits_per_series": args.edits,
        "runs": runs,
        "xtk_over_wxt_median": ratios,
        "goal": {
            "chromium_median_ms": GOAL_CHROMIUM_MEDIAN_MS,
            "met_chromium": bool(chromium) and max(chromium) <= GOAL_CHROMIUM_MEDIAN_MS,
            "faster_than_wxt": bool(ratios) and all(r < 1 for r in ratios.values()),
        },
        "wxt_not_run": "not installed (run benchmarks/build_speed.py once)" if wxt_missing else None,
    }
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")
    say(
        "\nmedian ms (p95)         "
        + "".join(f"{b + ' ' + k:>28}" for b in browsers for k in ("background", "content"))
    )
    for tool in tools:
        cells = []
        for browser in browsers:
            run = next((r for r in runs if r["tool"] == tool and r["browser"] == browser), {})
            for kind in ("background", "content"):
                figures = run.get(kind, {})
                cells.append(
                    f"{figures.get('median_ms', '-')} ({figures.get('p95_ms', '-')})"
                    + (f" {figures['missed']} missed" if figures.get("missed") else "")
                )
        say(f"{tool:<24}" + "".join(f"{c:>28}" for c in cells))
    say(f"xtk / WXT (median): {ratios}")
    say(f"wrote {RESULTS.relative_to(REPO)}")
    failed = [
        r
        for r in runs
        if r["tool"] == "xtk" and ("error" in r or any(r.get(k, {}).get("missed") for k in ("background", "content")))
    ]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
