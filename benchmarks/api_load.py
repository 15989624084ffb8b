"""Load on the DocMind API: bursts of 200 and then 1,000 concurrent POST /query, on our server and on the old one.

Each server runs as its own process on 127.0.0.1 with the offline answerer; this process is the client (asyncio,
one connection per query, all opened at once). Each query carries a real page's text (the visible text of a page of
../shared/corpus/pages, cut to 30,000 characters as the extension cuts it; generated prose when the corpus is
absent). For each burst it counts the answers — 200, 503 with Retry-After, anything else — and the failures
(connection reset or refused, no answer within the deadline), and gives p50/p95/max latency from connecting to the
last byte of the answer.

The baseline is the API as it was on `http.server` (ThreadingHTTPServer, listen backlog 5), taken from git history
(BASELINE_COMMIT) into benchmarks/.work/ and run against the current answerer, so the two differ only in the
server. Traffic goes to 127.0.0.1 only. Exits 1 when our server lets a query fail (a reset or no answer), never
because of a figure.

    .venv/bin/python benchmarks/api_load.py [--bursts 200,1000] [--deadline 60] [--no-baseline] [--json PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import html.parser
import json
import os
import platform
import re
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import ClassVar

REPO = Path(__file__).resolve().parents[1]
CORPUS_PAGES = REPO.parent / "shared" / "corpus" / "pages"
WORK = REPO / "benchmarks" / ".work" / "api_load"
RESULTS = REPO / "benchmarks" / "results" / "api_load.json"
#: The last commit whose DocMind API ran on http.server.
BASELINE_COMMIT = "58026592dc019684ee8951cd7803b402f8a3e23c"
STARTED = re.compile(r"DocMind API on http://127\.0\.0\.1:(\d+)")
MAX_PAGE_CHARS = 30_000


class _VisibleText(html.parser.HTMLParser):
    """The text a reader sees, roughly as innerText gives it: no script, style or template; blocks on new lines."""

    HIDDEN: ClassVar[set[str]] = {"script", "style", "template", "noscript", "head"}
    BLOCKS: ClassVar[set[str]] = {
        "p",
        "div",
        "li",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "tr",
        "br",
        "section",
        "article",
        "pre",
    }

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden_depth += 1
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN and self.hidden_depth:
            self.hidden_depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden_depth:
            self.parts.append(data)


def page_texts() -> tuple[list[str], str]:
    """Page texts of at least 2,000 characters, and where they came from."""
    texts: list[str] = []
    if CORPUS_PAGES.is_dir():
        for path in sorted(CORPUS_PAGES.glob("*.html")):
            parser = _VisibleText()
            parser.feed(path.read_text(encoding="utf-8", errors="replace"))
            text = re.sub(r"[ \t]+", " ", "".join(parser.parts))
            text = re.sub(r"\n\s*\n+", "\n", text).strip()[:MAX_PAGE_CHARS]
            if len(text) >= 2_000:
                texts.append(text)
    if texts:
        return texts, f"{len(texts)} pages of {os.path.relpath(CORPUS_PAGES, REPO)}"
    sentence = "Honey bees pollinate about one third of the crops humans eat, and they live in colonies. "
    return [sentence * 120], "generated text (the corpus is absent)"


QUESTIONS = [
    "What is this page about?",
    "Who wrote this and when?",
    "What are the main points?",
    "What does the page say about prices?",
    "How does it work?",
]


def request_bytes(index: int, texts: list[str]) -> bytes:
    body = json.dumps({"pageText": texts[index % len(texts)], "question": QUESTIONS[index % len(QUESTIONS)]})
    data = body.encode("utf-8")
    head = (
        f"POST /query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode("ascii") + data


@dataclass
class Outcome:
    status: int | None  # None: no HTTP answer
    retry_after: bool
    seconds: float
    failure: str = ""


async def one_query(port: int, payload: bytes, deadline: float) -> Outcome:
    started = time.monotonic()
    try:
        async with asyncio.timeout(deadline):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            try:
                writer.write(payload)
                await writer.drain()
                answer = await reader.read()  # Connection: close — the server ends the answer by closing
            finally:
                writer.close()
    except TimeoutError:
        return Outcome(None, False, time.monotonic() - started, "no answer within the deadline")
    except OSError as error:
        return Outcome(None, False, time.monotonic() - started, type(error).__name__)
    seconds = time.monotonic() - started
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    match = re.match(r"HTTP/1\.[01] (\d{3})", head)
    if not match:
        return Outcome(None, False, seconds, "not an HTTP answer" if answer else "closed without an answer")
    return Outcome(int(match.group(1)), "\r\nretry-after:" in head.lower(), seconds)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


@dataclass
class Burst:
    server: str
    concurrency: int
    answered_200: int = 0
    answered_503_retry_after: int = 0
    other_statuses: dict[str, int] = field(default_factory=dict)
    failures: dict[str, int] = field(default_factory=dict)
    latency_ms: dict[str, float] = field(default_factory=dict)
    wall_seconds: float = 0.0

    @property
    def failed(self) -> int:
        return sum(self.failures.values())


async def burst(server: str, port: int, concurrency: int, texts: list[str], deadline: float) -> Burst:
    payloads = [request_bytes(i, texts) for i in range(concurrency)]
    started = time.monotonic()
    outcomes = await asyncio.gather(*(one_query(port, payload, deadline) for payload in payloads))
    result = Burst(server, concurrency, wall_seconds=round(time.monotonic() - started, 2))
    for outcome in outcomes:
        if outcome.status == 200:
            result.answered_200 += 1
        elif outcome.status == 503 and outcome.retry_after:
            result.answered_503_retry_after += 1
        elif outcome.status is not None:
            result.other_statuses[str(outcome.status)] = result.other_statuses.get(str(outcome.status), 0) + 1
        else:
            result.failures[outcome.failure] = result.failures.get(outcome.failure, 0) + 1
    answered = [o.seconds * 1000 for o in outcomes if o.status is not None]
    if answered:
        result.latency_ms = {
            "p50": round(percentile(answered, 0.5), 1),
            "p95": round(percentile(answered, 0.95), 1),
            "max": round(max(answered), 1),
        }
    return result


def baseline_module() -> Path | None:
    """The http.server version of server.py, from git, beside a launcher; None without git or the commit."""
    try:
        source = subprocess.run(
            ["git", "show", f"{BASELINE_COMMIT}:extension_src/api/docmind_api/server.py"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    WORK.mkdir(parents=True, exist_ok=True)
    (WORK / "stdlib_server.py").write_text(source, encoding="utf-8")
    launcher = WORK / "run_stdlib_server.py"
    launcher.write_text(
        "import sys\nsys.path[:0] = sys.argv[1:3]\n"
        "from docmind_api.settings import Settings\nfrom stdlib_server import DocMindServer\n"
        "server = DocMindServer(('127.0.0.1', 0), Settings(), log=lambda line: None)\n"
        "print(f'DocMind API on http://127.0.0.1:{server.server_address[1]} (answerer: offline)', flush=True)\n"
        "server.serve_forever()\n",
        encoding="utf-8",
    )
    return launcher


def start_server(command: list[str]) -> tuple[subprocess.Popen[str], int]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCMIND_")}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=REPO)
    assert process.stdout is not None
    match = STARTED.match(process.stdout.readline())
    if not match:
        process.kill()
        raise SystemExit(f"api_load: {' '.join(command)} did not start")
    return process, int(match.group(1))


def run_bursts(server: str, command: list[str], levels: list[int], texts: list[str], deadline: float) -> list[Burst]:
    process, port = start_server(command)
    try:
        results = []
        for concurrency in levels:
            results.append(asyncio.run(burst(server, port, concurrency, texts, deadline)))
            print_burst(results[-1])
            time.sleep(1)  # let the server finish what the burst left behind
        return results
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def print_burst(result: Burst) -> None:
    latency = result.latency_ms
    others = ", ".join(f"{k}: {v}" for k, v in sorted(result.other_statuses.items())) or "0"
    failures = ", ".join(f"{k}: {v}" for k, v in sorted(result.failures.items())) or "0"
    print(
        f"{result.server:<12} {result.concurrency:>5} concurrent: 200 {result.answered_200:>4}, "
        f"503+Retry-After {result.answered_503_retry_after:>4}, other statuses {others}, "
        f"resets/errors {failures}; latency p50 {latency.get('p50', '-')} ms, p95 {latency.get('p95', '-')} ms, "
        f"max {latency.get('max', '-')} ms; {result.wall_seconds} s",
        flush=True,
    )


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--bursts", default="200,1000", help="concurrency of each burst, in order")
    options.add_argument(
        "--deadline", type=float, default=60.0, help="seconds a query may take before it counts as failed"
    )
    options.add_argument("--no-baseline", action="store_true", help="only our server")
    options.add_argument("--json", type=Path, default=RESULTS)
    args = options.parse_args()
    try:
        levels = [int(level) for level in args.bursts.split(",")]
        if any(not 1 <= level <= 5_000 for level in levels):
            raise ValueError
    except ValueError:
        print(
            f"api_load: error: --bursts: comma-separated counts from 1 to 5000 (got {args.bursts!r})", file=sys.stderr
        )
        return 2
    texts, source = page_texts()
    print(f"bodies: {source}; {len(levels)} bursts: {', '.join(map(str, levels))}", flush=True)
    ours = run_bursts("hypercorn", [sys.executable, "-m", "docmind_api", "--port", "0"], levels, texts, args.deadline)
    baseline: list[Burst] = []
    launcher = None if args.no_baseline else baseline_module()
    if launcher is not None:
        api_path = str(REPO / "extension_src" / "api")
        baseline = run_bursts(
            "http.server", [sys.executable, str(launcher), api_path, str(REPO)], levels, texts, args.deadline
        )
    for mine, theirs in zip(ours, baseline):
        share = lambda b: (b.answered_200 + b.answered_503_retry_after) / b.concurrency  # noqa: E731
        print(
            f"{mine.concurrency:>5} concurrent: answered (200 or 503) {share(mine):.0%} on hypercorn vs "
            f"{share(theirs):.0%} on http.server"
        )
    record = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "bodies": source,
        "deadline_seconds": args.deadline,
        "bursts": [asdict(b) for b in ours + baseline],
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    print(f"written: {args.json}")
    return 1 if any(b.failed for b in ours) else 0


if __name__ == "__main__":
    sys.exit(main())
