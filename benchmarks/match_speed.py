#!/usr/bin/env python3
"""Match speed, in one run: DocMind's matchCitations against a literal port of the seed's algorithm.

    runtime   extension_src/src/shared/matching.ts — the module the extension ships (bit-parallel edit distance
              with a cut-off, a token index per page)
    literal   benchmarks/literal/matcher.ts — seed 000 §6.5/§6.8/Appendix B as written (kept only here)

on the worst case the seed's budget allows: 10,000 prose segments (MAX_DOM_NODES) of up to 2,000 characters
(MAX_HAYSTACK), and 5 citations of about 200 characters — exact, lightly, moderately and heavily perturbed, and
absent — each with the full 5 candidates of about 2,000 characters. Generated, seeded, English-like prose on
a few dozen topics (function words are English, content words pseudo-words), so that long segments on a quote's
topic pass the token-overlap filter and every citation reaches the precise phase with 5 long candidates.

Both matchers run in Node and in a headless Chromium page (the same bundle, benchmarks/match_speed.ts), runs
interleaved; both get a clock that never expires (the seed's 500 ms budget would stop the literal port early), so
both do all the work. The runtime's token index is built before the timed runs, as the extension builds it once
per page index; its cost is timed and reported separately, as is a first call that builds it.

Prints medians, p95 and the ratio, checks that both matchers (and the Python reference) return the same results
(status, segment index, confidence, skip reason), and writes benchmarks/results/match_speed.json. Goals (issue):
runtime ≥ 50× faster than the literal port; runtime p95 ≤ 16 ms in Chromium. A benchmark, not a test: it exits 1
only when something fails to run or the two matchers disagree, never because of a figure.

    .venv/bin/python benchmarks/match_speed.py [--runs 40] [--literal-runs 5] [--no-chromium]
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import math
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
WORK = BENCH / ".work" / "match_speed"
RESULTS = BENCH / "results" / "match_speed.json"
ESBUILD = REPO / "extension_src" / "node_modules" / "@esbuild" / "linux-x64" / "bin" / "esbuild"
HARNESS = BENCH / "match_speed.ts"

sys.path.insert(0, str(REPO))

GOAL_RATIO = 50.0
GOAL_P95_MS = 16.0

SEGMENTS = 10_000  # HIGHLIGHT_CONFIG.MAX_DOM_NODES
MAX_SEGMENT = 2_000  # MATCHING_CONFIG.MAX_HAYSTACK: longer segments cost nothing more
MIN_SEGMENT = 1_800
TOPICS = 40
TOPIC_WORDS = 40
QUOTE_LENGTH = 200

# English function words (the glue of the prose); content words are pseudo-words, topic by topic.
FUNCTION_WORDS = (
    "the of and to a in that is was for it with as his on be at by this had not are but from or have an they which"
).split()

# The citations: (kind, how it departs from the page). "absent" is a fresh passage on a page topic.
CITATIONS = (
    ("exact", None),
    ("lightly perturbed", ("characters", 0.02)),  # typos: ~2 % of characters edited
    ("perturbed", ("words", 0.1)),  # quote drift: ~10 % of words replaced, dropped or added
    ("heavily perturbed", ("words", 0.3)),
    ("absent", None),
)


# -- the page -----------------------------------------------------------------------------------------------


class Prose:
    """English-like text: English function words, pseudo-words for content, Zipf-distributed, topic by topic.

    Each topic has a small vocabulary (40 content words), so that a 2,000-unit segment holds about 60 distinct
    tokens and passes the seed's token-overlap filter (Dice > 0.3) for a 200-unit quote on its topic: with
    ordinary English (150+ distinct tokens in 2,000 characters) long segments never pass it, and the precise
    phase — the expensive one — would only ever see short candidates. This is the budget's worst case, not a
    typical page."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        onsets = [
            "",
            "b",
            "c",
            "d",
            "f",
            "g",
            "h",
            "l",
            "m",
            "n",
            "p",
            "r",
            "s",
            "t",
            "v",
            "w",
            "br",
            "ch",
            "cl",
            "cr",
            "dr",
            "fl",
            "gr",
            "pl",
            "pr",
            "sh",
            "sl",
            "sp",
            "st",
            "str",
            "th",
            "tr",
        ]
        vowels = ["a", "e", "i", "o", "u", "ai", "ea", "ee", "ie", "oo", "ou"]
        codas = ["", "", "n", "r", "s", "t", "l", "m", "nd", "nt", "st", "ck", "ng", "rd", "ss"]
        lexicon: set[str] = set()
        while len(lexicon) < TOPICS * TOPIC_WORDS:
            syllables = rng.choice((1, 2, 2, 3, 3, 4))
            word = "".join(rng.choice(onsets) + rng.choice(vowels) + rng.choice(codas) for _ in range(syllables))
            if len(word) > 2 and word not in FUNCTION_WORDS:
                lexicon.add(word)
        words = sorted(lexicon)
        rng.shuffle(words)
        self.topics = [words[i * TOPIC_WORDS : (i + 1) * TOPIC_WORDS] for i in range(TOPICS)]
        self.topic_weights = list(itertools.accumulate(1 / (rank + 1) ** 1.1 for rank in range(TOPIC_WORDS)))
        self.function_weights = list(itertools.accumulate(1 / (rank + 1) for rank in range(len(FUNCTION_WORDS))))

    def words(self, topic: int, count: int) -> list[str]:
        rng = self.rng
        content = rng.choices(self.topics[topic], cum_weights=self.topic_weights, k=count)
        glue = rng.choices(FUNCTION_WORDS, cum_weights=self.function_weights, k=count)
        return [g if rng.random() < 0.45 else c for c, g in zip(content, glue)]

    def text(self, topic: int, length: int) -> str:
        """Sentences (capitalized, commas, full stops) up to `length` characters, cut at a word boundary."""
        rng = self.rng
        sentences = []
        total = 0
        while total < length:
            sentence = self.words(topic, rng.randrange(8, 24))
            for i in range(2, len(sentence) - 2):
                if rng.random() < 0.07:
                    sentence[i] += ","
            sentences.append(" ".join(sentence).capitalize() + ".")
            total += len(sentences[-1]) + 1
        out = " ".join(sentences)
        cut = out.rfind(" ", 0, length + 1)
        return out[:cut]


def perturb_characters(rng: random.Random, text: str, share: float) -> str:
    """Edit about `share` of the characters: substitutions, insertions, deletions."""
    out = []
    for ch in text:
        r = rng.random()
        if r < share / 3:
            continue
        if r < 2 * share / 3:
            out.append(rng.choice("abcdefghijklmnopqrstuvwxyz"))
        elif r < share:
            out.append(ch + rng.choice("abcdefghijklmnopqrstuvwxyz"))
        else:
            out.append(ch)
    return "".join(out)


def perturb_words(rng: random.Random, prose: Prose, topic: int, text: str, share: float) -> str:
    """Replace, drop or add about `share` of the words (other words of the same topic)."""
    out = []
    for word in text.split(" "):
        r = rng.random()
        if r < share / 2:
            out.append(prose.words(topic, 1)[0])
        elif r < 3 * share / 4:
            continue
        elif r < share:
            out += [word, prose.words(topic, 1)[0]]
        else:
            out.append(word)
    return " ".join(out)


def passage(text: str, rng: random.Random, length: int) -> str:
    """About `length` characters of `text`, from a word start to a word end."""
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == " " and i + 1 < len(text) - length]
    start = rng.choice(starts)
    end = text.rfind(" ", start, start + length + 1)
    return text[start : end if end > start else start + length]


class Candidates:
    """The seed's phase 1 for long quotes (Dice over token sets > 0.3, best 5, ties in page order), through an
    inverted index: used to pick citations that reach the precise phase with 5 long candidates."""

    def __init__(self, segments: list[str]) -> None:
        self.sizes = []
        self.postings: dict[str, list[int]] = {}
        for i, text in enumerate(segments):
            tokens = {t for t in text.split(" ") if len(t) > 2}  # normalized ASCII prose: single spaces
            self.sizes.append(len(tokens))
            for token in tokens:
                self.postings.setdefault(token, []).append(i)

    def __call__(self, quote: str) -> list[int]:
        tokens = {t for t in quote.split(" ") if len(t) > 2}
        shared: dict[int, int] = {}
        for token in tokens:
            for i in self.postings.get(token, ()):
                shared[i] = shared.get(i, 0) + 1
        scored = [(-(2 * c) / (len(tokens) + self.sizes[i]), i) for i, c in shared.items()]
        return [i for score, i in sorted(scored) if -score > 0.3][:5]


def make_page(seed: int) -> dict[str, Any]:
    """10,000 segments, and 5 citations drawn (retrying) so that each has 5 candidates in the precise phase and,
    unless absent, its own source segment among them."""
    from docmind_reference import FUNCTIONS

    normalize = FUNCTIONS["normalizeForMatching"].implementation
    rng = random.Random(seed)
    prose = Prose(rng)
    topics = [i % TOPICS for i in range(SEGMENTS)]
    rng.shuffle(topics)
    raw = [prose.text(topic, rng.randrange(MIN_SEGMENT, MAX_SEGMENT + 1)) for topic in topics]
    segments = [normalize(text, "prose") for text in raw]
    candidates = Candidates(segments)
    citations = []
    used: set[int] = set()
    for number, (kind, change) in enumerate(CITATIONS, start=1):
        for attempt in range(1, 1001):  # noqa: B007  (read after the loop: the tries it took)
            source = rng.randrange(SEGMENTS)
            if source in used:
                continue
            text = passage(raw[source], rng, QUOTE_LENGTH)
            if kind == "absent":
                text = prose.text(topics[source], QUOTE_LENGTH)
            elif change and change[0] == "characters":
                text = perturb_characters(rng, text, change[1])
            elif change:
                text = perturb_words(rng, prose, topics[source], text, change[1])
            quote = normalize(text, "prose")
            found = candidates(quote)
            verbatim = quote in segments[source]
            if len(found) == 5 and (kind == "absent" or source in found) and verbatim == (kind == "exact"):
                break
        else:
            raise RuntimeError(f"no {kind} citation with 5 candidates found")
        used.add(source)
        citations.append(
            {
                "id": f"cite-{number}",
                "text": text,
                "kind": kind,
                "source": None if kind == "absent" else source,
                "candidates": found,
                "attempts": attempt,
            }
        )
    return {"segments": segments, "citations": citations}


# -- running ------------------------------------------------------------------------------------------------


def bundle() -> Path:
    WORK.mkdir(parents=True, exist_ok=True)
    out = WORK / "bench.js"
    subprocess.run(
        [
            str(ESBUILD),
            str(HARNESS),
            "--bundle",
            "--format=iife",
            "--global-name=MatchBench",
            "--target=es2022",
            "--minify",
            f"--outfile={out}",
            "--log-level=warning",
        ],
        check=True,
    )
    return out


NODE_RUNNER = """
const fs = require('fs');
const [bundle, data, options] = process.argv.slice(1);
const MatchBench = new Function(fs.readFileSync(bundle, 'utf8') + '; return MatchBench;')();
const result = MatchBench.run(fs.readFileSync(data, 'utf8'), JSON.parse(options));
process.stdout.write(JSON.stringify(result));
"""


def run_node(bundle_path: Path, data_path: Path, options: dict[str, int]) -> dict[str, Any]:
    done = subprocess.run(
        ["node", "-e", NODE_RUNNER, str(bundle_path), str(data_path), json.dumps(options)],
        check=True,
        capture_output=True,
        text=True,
    )
    result = json.loads(done.stdout)
    result["engine"] = f"Node {subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}"
    return result


PAGE = """<!doctype html><meta charset="utf-8"><title>match speed</title><script src="/bench.js"></script>"""


def run_chromium(bundle_path: Path, data_path: Path, options: dict[str, int]) -> dict[str, Any]:
    from toolchain.browsers import launch
    from toolchain.browsers.server import FixtureServer

    extension = WORK / "extension"  # any extension will do: the driver needs one; the page is a plain web page
    extension.mkdir(parents=True, exist_ok=True)
    (extension / "manifest.json").write_text(
        json.dumps({"manifest_version": 3, "name": "match speed", "version": "1.0"})
    )
    pages = {"/": PAGE, "/bench.js": bundle_path.read_bytes(), "/data.json": data_path.read_bytes()}
    runs_dir = WORK / "browser-runs"
    shutil.rmtree(runs_dir, ignore_errors=True)
    runs_dir.mkdir(parents=True)
    with FixtureServer(pages=pages) as server, launch("chromium", extension, workdir=runs_dir) as browser:
        tab = browser.open_tab(server.url("/"))
        script = "async (options) => MatchBench.run(await (await fetch('/data.json')).text(), options)"
        result = browser.evaluate(tab, script, arg=options, timeout=1800)
        result["engine"] = browser.evaluate(tab, "navigator.userAgent.match(/(HeadlessChrome|Chrome)\\/[\\d.]+/)[0]")
    shutil.rmtree(runs_dir, ignore_errors=True)
    return result


# -- figures ------------------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (p95 of 40 runs is the 38th smallest)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "runs": len(values),
        "median_ms": round(statistics.median(values), 3),
        "p95_ms": round(percentile(values, 0.95), 3),
        "min_ms": round(min(values), 3),
        "max_ms": round(max(values), 3),
    }


def compare(result: dict[str, Any]) -> list[str]:
    """Where the two matchers' results differ (status, segment index, confidence, skip reason). On this page —
    normalized ASCII prose, single spaces, no empty quote — decisions D3, D4 and D5 change nothing, so any
    difference is a bug."""
    ours, theirs = result["results"]["runtime"], result["results"]["literal"]
    if len(ours) != len(theirs):
        return [f"{len(ours)} results against {len(theirs)}"]
    return [f"{a['citationId']}: runtime {a} ≠ literal {b}" for a, b in zip(ours, theirs) if a != b]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40, help="timed runtime calls per engine")
    parser.add_argument("--literal-runs", type=int, default=5, help="timed literal-port calls per engine")
    parser.add_argument("--build-runs", type=int, default=5, help="timed token-index builds per engine")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-chromium", action="store_true", help="Node only")
    parser.add_argument("--json", type=Path, default=RESULTS)
    args = parser.parse_args()

    started = time.perf_counter()
    load_at_start = os.getloadavg()[0]
    page = make_page(args.seed)
    WORK.mkdir(parents=True, exist_ok=True)
    data_path = WORK / "data.json"
    data_path.write_text(
        json.dumps(
            {
                "segments": page["segments"],
                "citations": [{"id": c["id"], "text": c["text"]} for c in page["citations"]],
            },
            ensure_ascii=True,
        )
    )
    lengths = [len(s) for s in page["segments"]]
    print(
        f"page: {len(lengths)} prose segments, {min(lengths)}–{max(lengths)} units "
        f"(mean {statistics.mean(lengths):.0f}); "
        f"{len(page['citations'])} citations of {', '.join(str(len(c['text'])) for c in page['citations'])} characters "
        f"({time.perf_counter() - started:.1f} s to generate)"
    )
    from docmind_reference import FUNCTIONS

    reference = FUNCTIONS["matchCitations"](
        {
            "citations": [{"id": c["id"], "text": c["text"]} for c in page["citations"]],
            "segments": [{"normalizedText": s, "type": "prose"} for s in page["segments"]],
            "clock": [],
        }
    )
    reference = [{**r, "skipReason": r.get("skipReason")} for r in reference]
    bundle_path = bundle()
    options = {"runs": args.runs, "literalRuns": args.literal_runs, "buildRuns": args.build_runs, "warmup": 5}

    engines: dict[str, dict[str, Any]] = {}
    failures: list[str] = []
    for name, runner in (("node", run_node), ("chromium", run_chromium)):
        if name == "chromium" and args.no_chromium:
            continue
        print(f"running in {name}…", flush=True)
        result = runner(bundle_path, data_path, options)
        differences = compare(result)
        differences += [
            f"{a['citationId']}: runtime {a} ≠ Python reference {b}"
            for a, b in zip(result["results"]["runtime"], reference)
            if a != b
        ]
        failures += [f"{name}: {d}" for d in differences]
        runtime, literal = summary(result["runtime"]), summary(result["literal"])
        engines[name] = {
            "engine": result["engine"],
            "runtime": runtime,
            "literal": literal,
            "ratio_median": round(literal["median_ms"] / runtime["median_ms"], 1),
            "token_index_build": summary(result["build"]),
            "first_call_with_build_ms": round(result["cold"], 3),
            "same_results": not differences,  # runtime = literal port = Python reference
            "differences": differences,
            "results": result["results"]["runtime"],
        }

    print()
    print(f"{'':34s}{'median':>10s}{'p95':>10s}{'min':>10s}{'max':>10s}  runs")
    for e in engines.values():
        print(f"{e['engine']}")
        for label, key in (
            ("  runtime matchCitations", "runtime"),
            ("  literal port", "literal"),
            ("  runtime token index (per page)", "token_index_build"),
        ):
            s = e[key]
            print(
                f"{label:34s}{s['median_ms']:>8.2f}ms{s['p95_ms']:>8.2f}ms"
                f"{s['min_ms']:>8.2f}ms{s['max_ms']:>8.2f}ms  {s['runs']}"
            )
        print(f"{'  first call, index built inside':34s}{e['first_call_with_build_ms']:>8.2f}ms")
        print(
            f"  ratio (literal / runtime, medians): {e['ratio_median']:.0f}×"
            f"   results {'identical' if e['same_results'] else 'DIFFER'}"
        )
    print()
    goals = {}
    if engines:
        worst_ratio = min(e["ratio_median"] for e in engines.values())
        goals["ratio"] = {
            "goal": f"≥ {GOAL_RATIO:g}× (each engine)",
            "value": worst_ratio,
            "met": worst_ratio >= GOAL_RATIO,
        }
        print(
            f"goal runtime ≥ {GOAL_RATIO:g}× faster than the literal port: {worst_ratio:.0f}× (worst engine) — "
            f"{'met' if goals['ratio']['met'] else 'NOT met'}"
        )
    if "chromium" in engines:
        p95 = engines["chromium"]["runtime"]["p95_ms"]
        goals["chromium_p95"] = {"goal": f"≤ {GOAL_P95_MS:g} ms", "value": p95, "met": p95 <= GOAL_P95_MS}
        print(
            f"goal runtime p95 ≤ {GOAL_P95_MS:g} ms in Chromium: {p95:.2f} ms — "
            f"{'met' if goals['chromium_p95']['met'] else 'NOT met'}"
        )
    for citation, result in zip(page["citations"], next(iter(engines.values()))["results"] if engines else []):
        print(
            f"  {citation['id']} {citation['kind']:18s} {len(citation['text']):3d} units → {result['status']:15s}"
            f" {result['confidence']:.4f} segment {result['segmentIndex']} (source {citation['source']},"
            f" candidates {citation['candidates']})"
        )
    for failure in failures:
        print("DIFFERENCE:", failure)

    load = os.getloadavg()[0]
    print(
        f"load average (1 min) at the end: {load:.2f} on {os.cpu_count()} CPUs"
        + (" — the machine was busy: figures are noisy" if load > (os.cpu_count() or 1) else "")
    )
    report = {
        "date": datetime.date.today().isoformat(),
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "load_average_1min": {"start": round(load_at_start, 2), "end": round(load, 2)},
        },
        "git": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
        ).stdout.strip(),
        "seed": args.seed,
        "workload": {
            "segments": len(lengths),
            "segment_units": {"min": min(lengths), "max": max(lengths), "mean": round(statistics.mean(lengths))},
            "topics": TOPICS,
            "citations": [
                {
                    "id": c["id"],
                    "kind": c["kind"],
                    "units": len(c["text"]),
                    "source_segment": c["source"],
                    "candidates": c["candidates"],
                }
                for c in page["citations"]
            ],
            "clock": "never expires (returns 0) for both matchers, so both do all the work",
            "token_index": (
                "built before the timed runtime runs (prepareSegments), as once per page index; timed separately"
            ),
        },
        "goals": goals,
        "engines": engines,
        "seconds": round(time.perf_counter() - started, 1),
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(
        f"\nwrote {args.json.relative_to(REPO) if args.json.is_relative_to(REPO) else args.json} "
        f"({report['seconds']} s)"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
