#!/usr/bin/env python3
"""Recall's embedding path in Chromium: passages embedded per second, against keyword indexing of the same passages
in the same page and run; and the package sizes the WebAssembly runtime costs.

A scratch copy of examples/recall gets the tests' tiny model (tests/examples/embedding_model.py, under
public/models/) and one extra page, `bench/embed.html`, whose script imports Recall's own modules — the embedder
(`src/shared/embedder.ts`: Transformers.js, onnxruntime-web's WebAssembly, mean pooling) and the keyword side
(`terms`: tokenize and stem, what keyword search computes per passage) — and times both on the same passages:

  embed, batch 1 / 16 / 64    `embed(model, passages)` in batches, the model loaded once before timing
  keyword terms               `terms(passage)` for every passage (the baseline: what indexing costs without a model)

The model is the tests' (16 dimensions, one Gather): the figures are Transformers.js's and the runtime's overhead
per passage — tokenizer, tensors, the WASM call, pooling — not all-MiniLM-L6-v2's compute, which a real install
adds (its six transformer layers). Sizes: each browser's zip, and the share of the runtime's `.wasm` in it.

    .venv/bin/python benchmarks/recall_embeddings.py [--passages 256] [--runs 5] [--json PATH]
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import shutil
import statistics
import subprocess
import sys
import zipfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(REPO))

from tests.examples.embedding_model import CONCEPTS, write_model  # noqa: E402
from toolchain.browsers import launch  # noqa: E402
from toolchain.tools.package import write_reproducible_zip  # noqa: E402

EXAMPLE = REPO / "examples" / "recall"
WORK = BENCH / ".work" / "recall-embeddings"
XTK = REPO / ".venv" / "bin" / "xtk"
RESULTS = BENCH / "results" / "recall_embeddings.json"
MODEL = {"id": "recall-test-model", "dtype": "fp32", "allowRemote": False}

BENCH_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>embedding benchmark</title>
<script type="module" src="./embed.ts"></script></head><body></body></html>
"""
BENCH_SCRIPT = """// benchmarks/recall_embeddings.py's page: Recall's own modules, timed in an extension page.
import { embed } from '../shared/embedder';
import type { EmbeddingModel } from '../shared/protocol';
import { terms } from '../shared/text';

async function run(model: EmbeddingModel, passages: string[], batch: number): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < passages.length; start += batch) await embed(model, passages.slice(start, start + batch));
  return performance.now() - started;
}

function keyword(passages: string[]): number {
  const started = performance.now();
  let count = 0;
  for (const passage of passages) count += terms(passage).length;
  if (count < 0) throw new Error('unreachable');
  return performance.now() - started;
}

(globalThis as { benchmark?: unknown }).benchmark = async (model: EmbeddingModel, passages: string[]) => {
  const first = await embed(model, passages.slice(0, 1)); // loads the model and the runtime
  const times: Record<string, number> = {};
  for (const batch of [1, 16, 64]) times[`embed, batch ${batch}`] = await run(model, passages, batch);
  times['keyword terms'] = keyword(passages);
  return { dimensions: first[0]?.length ?? 0, times };
};
document.body.dataset.ready = 'true';
"""


def passages(count: int) -> list[str]:
    """Passages of 60–120 words: the model's words mixed with words it does not know, as real text is."""
    vocabulary = [word for words in CONCEPTS.values() for word in words]
    filler = "the a of and to in is that for on with as was by at an be this from or which".split()
    made = []
    for n in range(count):
        length = 60 + (n * 37) % 61
        made.append(
            " ".join(
                vocabulary[(n * 7 + i * 3) % len(vocabulary)] if i % 3 == 0 else filler[(n + i) % len(filler)]
                for i in range(length)
            )
        )
    return made


def prepare() -> Path:
    project = WORK / "recall"
    shutil.rmtree(project, ignore_errors=True)
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns("node_modules", "build", "dist", ".xtk"))
    (project / "node_modules").symlink_to(EXAMPLE / "node_modules", target_is_directory=True)
    write_model(project / "public" / "models" / MODEL["id"])
    (project / "src" / "bench").mkdir()
    (project / "src" / "bench" / "embed.html").write_text(BENCH_PAGE, encoding="utf-8")
    (project / "src" / "bench" / "embed.ts").write_text(BENCH_SCRIPT, encoding="utf-8")
    config = project / "xtk.toml"
    config.write_text(config.read_text(encoding="utf-8") + '\n[[pages]]\npage = "src/bench/embed.html"\n', "utf-8")
    done = subprocess.run(
        [str(XTK), "build", "--browser", "all", "--no-typecheck"], cwd=project, capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.exit(f"xtk build failed:\n{done.stdout}\n{done.stderr}")
    # zipped as `xtk package` zips (the scratch copy is inside the repository's work tree, which `xtk package`
    # would read as an untracked project)
    for build in sorted(path for path in (project / "build").iterdir() if path.is_dir()):
        files = sorted((p.relative_to(build).as_posix(), p) for p in build.rglob("*") if p.is_file())
        write_reproducible_zip(project / "dist" / f"recall-{build.name}.zip", files, inside=project)
    return project


def sizes(project: Path) -> dict[str, dict[str, int]]:
    found = {}
    for archive in sorted((project / "dist").glob("*.zip")):
        with zipfile.ZipFile(archive) as opened:
            wasm = sum(i.compress_size for i in opened.infolist() if i.filename.endswith(".wasm"))
        found[archive.name] = {"bytes": archive.stat().st_size, "wasm_compressed_bytes": wasm}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--passages", type=int, default=256)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, default=RESULTS)
    options = parser.parse_args()
    project = prepare()
    texts = passages(options.passages)
    runs: dict[str, list[float]] = {}
    dimensions = 0
    with launch("chromium", project / "build" / "chrome", workdir=WORK) as browser:
        tab = browser.open_extension_page("bench/embed.html")
        browser.evaluate(
            tab, "new Promise((r) => { const t = () => document.body.dataset.ready ? r(0) : setTimeout(t, 50); t(); })"
        )
        for _ in range(options.runs):
            result = browser.evaluate(tab, "(([m, p]) => globalThis.benchmark(m, p))", arg=[MODEL, texts])
            dimensions = result["dimensions"]
            for label, ms in result["times"].items():
                runs.setdefault(label, []).append(ms)
    per_second = {label: len(texts) / (statistics.median(ms) / 1000) for label, ms in runs.items()}
    baseline = per_second["keyword terms"]
    print(f"{len(texts)} passages, {dimensions} dimensions, median of {options.runs} runs, Chromium")
    for label, rate in per_second.items():
        print(f"  {label:<18} {rate:12,.0f} passages/s   {rate / baseline:8.4f}× keyword terms")
    packaged = sizes(project)
    for name, size in packaged.items():
        share = size["wasm_compressed_bytes"] / size["bytes"] if size["bytes"] else 0
        print(f"  {name:<32} {size['bytes']:>12,} bytes   runtime .wasm {share:.0%} of it")
    options.json.parent.mkdir(parents=True, exist_ok=True)
    options.json.write_text(
        json.dumps(
            {
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "machine": {"platform": platform.platform(), "python": platform.python_version()},
                "passages": len(texts),
                "dimensions": dimensions,
                "runs_ms": runs,
                "passages_per_second": per_second,
                "ratio_to_keyword_terms": {label: rate / baseline for label, rate in per_second.items()},
                "zips": packaged,
            },
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
