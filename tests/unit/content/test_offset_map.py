"""The content script's normalized→raw offset map (extension_src/src/content/locate.ts), in Node.

A match is found in a segment's normalized text and marked in the page's raw text; the map between them must be
exact or absent. Over seeded random strings of the characters normalization treats specially (ligatures, İ, ß,
ǅ, combining marks, no-break and zero-width spaces, U+00A8 which decomposes to a space, curly quotes, dashes,
the ellipsis, circled and mathematical letters, emoji, U+FEFF): the map is never refused, its normalized text is
normalizeForMatching's, and every normalized range maps to raw text that normalizes to exactly that range (or,
for a range ending inside one character's expansion — "…" is three dots — to text containing it). A Greek
word-final Σ, which normalizes differently alone than in its word, makes the map refuse, so the highlighter
falls back to an exact raw search instead of trusting shifted offsets.
"""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.conftest import EXTENSION
from tests.unit.protocol.support import ESBUILD, needs_tools

pytestmark = pytest.mark.node

ENTRY = f"""
import {{ offsetMap }} from {json.dumps(str(EXTENSION / "src/content/locate.ts"))};
import {{ normalizeForMatching }} from {json.dumps(str(EXTENSION / "src/shared/normalize.ts"))};
Object.assign(globalThis as object, {{ offsetMap, normalizeForMatching }});
"""

CHECK = r"""
require(process.argv[2]);
const { offsetMap, normalizeForMatching: norm } = globalThis;
const alphabet = ['a', 'B', 'z', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2003', '\u200b', '\u00e9',
  'e\u0301', '\ufb01', '\u0130', '\u03c2', '\ud83d\ude00', '\ud835\udc00', '\u201c', '\u201d', '\u2014',
  '\u2026', '\u2460', '\u00df', '\u01c5', '\ufeff', 'x\u0308', '\u304b\u3099', '\u00a8', '.', '-', "'",
  '\u2126', '\u212a', '\u1e9e', '\u00bd', 'A\u030a\u0323'];
let seed = 20261122;
const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const report = { strings: 0, refused: [], ranges: 0, wrong: [] };
for (let trial = 0; trial < 4000; trial++) {
  let text = '';
  for (let i = random(14); i > 0; i--) text += alphabet[random(alphabet.length)];
  for (const mode of ['prose', 'code']) {
    report.strings++;
    const map = offsetMap(text, mode);
    const normalized = norm(text, mode);
    if (!map || map.from.length !== normalized.length) { report.refused.push([mode, text]); continue; }
    for (let a = 0; a < normalized.length; a++) {
      for (let b = a + 1; b <= normalized.length; b++) {
        const want = normalized.slice(a, b);
        if (want !== want.trim()) continue;
        const got = norm(text.slice(map.from[a], map.to[b - 1]), mode);
        const aligned = (a === 0 || map.from[a] !== map.from[a - 1])
          && (b === normalized.length || map.to[b - 1] !== map.to[b]);
        report.ranges++;
        if (aligned ? got !== want : !got.includes(want)) report.wrong.push([mode, text, a, b, got, want]);
      }
    }
  }
}
const sigma = offsetMap('\u039f\u0394\u039f\u03a3 \u03a0\u03a1\u039f\u03a3', 'prose');
const mark = offsetMap('Caf\u00e9 cafe\u0301!', 'prose');
const spaces = offsetMap(' a \u00a0\u2003 b ', 'prose');
const code = offsetMap('if x:\n    return  1', 'code');
console.log(JSON.stringify({ report, sigma, mark, spaces, code }));
"""


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> dict:
    needs_tools()
    work = tmp_path_factory.mktemp("offset-map")
    (work / "entry.ts").write_text(ENTRY, encoding="utf-8")
    bundled = work / "bundle.js"
    subprocess.run(
        [
            str(ESBUILD),
            str(work / "entry.ts"),
            "--bundle",
            "--format=iife",
            "--charset=ascii",
            "--target=es2022",
            f"--outfile={bundled}",
            "--log-level=warning",
        ],
        check=True,
        capture_output=True,
    )
    (work / "check.js").write_text(CHECK, encoding="utf-8")
    completed = subprocess.run(["node", str(work / "check.js"), str(bundled)], capture_output=True, timeout=120)
    assert completed.returncode == 0, completed.stderr.decode(errors="replace")
    return json.loads(completed.stdout)


def test_every_range_maps_to_raw_text_that_normalizes_to_it(result: dict) -> None:
    report = result["report"]
    assert report["strings"] == 8000 and report["ranges"] > 100_000
    assert report["refused"] == []
    assert report["wrong"] == []


def test_a_word_final_sigma_makes_the_map_refuse(result: dict) -> None:
    assert result["sigma"] is None


def test_removed_marks_stay_with_their_letter_and_whitespace_runs_collapse(result: dict) -> None:
    # "Café café!" → "cafe cafe!": the decomposed é's combining acute belongs to the e's raw range
    assert result["mark"] == {"from": [0, 1, 2, 3, 4, 5, 6, 7, 8, 10], "to": [1, 2, 3, 4, 5, 6, 7, 8, 10, 11]}
    # " a \u00a0\u2003 b " → "a b": the one space stands for the whole run
    assert result["spaces"] == {"from": [1, 2, 6], "to": [2, 6, 7]}
    # code keeps newlines and indentation runs collapse to one space
    code = result["code"]
    assert len(code["from"]) == len("if x:\n return 1")
    assert code["from"][6:8] == [6, 10] and code["to"][6] == 10
