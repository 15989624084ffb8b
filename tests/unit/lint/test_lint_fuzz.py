"""A fuzz test of `xtk lint`'s bounds (issue 17): a few hundred seeded inputs — printable noise, random bytes, real
JavaScript and TypeScript of the repository mutated, deep nesting — each linted as a content script of a plain
extension (the JavaScript grammar and its TSX fallback) and parsed as TypeScript and TSX. Every file must end one
of two ways, with no internal error: analysed (its facts are there) or stopped by the budget mechanism (named in
`stopped` with a reason, and reported as XL004). Nothing here reads a clock: a generous run deadline guards the
whole test, and a file it stops passes too, since that is the mechanism working."""

from __future__ import annotations

import json
import random
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolchain.analysis import budget
from toolchain.analysis.budget import AnalysisStopped
from toolchain.analysis.parse import clear_cache, parse_source
from toolchain.lint.engine import lint_path, run_rules

REPO = Path(__file__).resolve().parents[3]
SEED = 17
#: why the budget mechanism stops a file: its parse budget, the run's deadline, nesting the walk does not follow
STOPPED = ("its parse went past its budget", "the run's deadline", "the statement at line")
#: files linted together, as the content scripts of one extension
GROUP = 25
ALPHABETS = {
    "printable": string.printable,
    "punctuation": string.punctuation + " \n",
    "brackets": "(){}[]<>/ \n`'\"",
    "jsx": "<>/{}()=\"' abc\n",
    "code-like": "(){}[]<>;,.=+-*/!?:'\"`$\\ \nabcx0189",
}
#: (opening, closing) of constructs nested deeply, closed or not
NESTINGS = [
    ("(", ")"),
    ("[", "]"),
    ("{a:", "}"),
    ("(x)=>{x(", ")}"),
    ("function f(){", "}"),
    ("a?b:(", ")"),
    ("`${", "}`"),
    ("<div>{", "}</div>"),
    ("if(a){", "}"),
    ("new A(", ")"),
    ("/*", "*/"),
    ("class A{m(){", "}}"),
]


def real_sources() -> list[bytes]:
    """The repository's own JavaScript and TypeScript: DocMind's sources and the examples (no node_modules)."""
    found = [
        p
        for folder in ("extension_src/src", "examples")
        for suffix in ("*.ts", "*.js", "*.tsx")
        for p in sorted((REPO / folder).rglob(suffix))
        if "node_modules" not in p.parts and p.stat().st_size > 200
    ]
    return [p.read_bytes() for p in found[:80]]


def mutate(source: bytes, chooser: random.Random) -> bytes:
    """A few edits a fuzzer makes: delete, duplicate or move a span, insert punctuation or a byte, truncate."""
    data = bytearray(source)
    for _ in range(chooser.randint(1, 8)):
        if len(data) < 4:
            break
        start = chooser.randrange(len(data))
        end = min(len(data), start + chooser.randint(1, 400))
        action = chooser.randrange(6)
        if action == 0:
            del data[start:end]
        elif action == 1:
            data[start:start] = data[start:end] * chooser.randint(1, 20)
        elif action == 2:
            data[start:start] = "".join(chooser.choice(ALPHABETS["punctuation"]) for _ in range(20)).encode()
        elif action == 3:
            data[start] = chooser.randrange(256)
        elif action == 4:
            del data[start:]
        else:
            piece = bytes(data[start:end])
            del data[start:end]
            at = chooser.randrange(len(data) + 1)
            data[at:at] = piece
    return bytes(data)


def hostile_inputs() -> Iterator[tuple[str, bytes]]:
    chooser = random.Random(SEED)
    for index in range(60):
        name, alphabet = list(ALPHABETS.items())[index % len(ALPHABETS)]
        size = chooser.choice((256, 1024, 5000, 8192))
        yield f"noise-{name}-{index}", "".join(chooser.choice(alphabet) for _ in range(size)).encode()
    for index in range(40):
        yield f"bytes-{index}", chooser.randbytes(chooser.choice((64, 1024, 4096, 16384)))
    sources = real_sources()
    for index in range(150):
        yield f"mutated-{index}", mutate(chooser.choice(sources), chooser)
    for index in range(50):
        opening, closing = NESTINGS[index % len(NESTINGS)]
        depth = chooser.choice((100, 1000, 4000, 10_000))
        closed = closing * depth if index % 3 else ""  # a third never closed
        yield f"nested-{index}", (opening * depth + f"chrome.tabs.query({{index: {index}}});" + closed).encode()


def test_the_inputs_are_a_few_hundred_and_varied() -> None:
    inputs = list(hostile_inputs())
    assert len(inputs) == 300 and len({data for _, data in inputs}) == 300
    assert len(real_sources()) >= 20


def _groups() -> list[list[tuple[str, bytes]]]:
    inputs = list(hostile_inputs())
    return [inputs[start : start + GROUP] for start in range(0, len(inputs), GROUP)]


@pytest.mark.parametrize("group", range(len(_groups())))
def test_lint_ends_on_every_hostile_file_analysed_or_stopped_by_its_budget(tmp_path: Path, group: int) -> None:
    members = _groups()[group]
    folder = tmp_path / "ext"
    folder.mkdir()
    names = [f"{name}.js" for name, _ in members]
    for name, (_, data) in zip(names, members):
        (folder / name).write_bytes(data)
    manifest = {
        "manifest_version": 3,
        "name": "fuzz",
        "version": "1",
        "permissions": ["storage"],
        "content_scripts": [{"matches": ["https://example.com/*"], "js": names}],
    }
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    clear_cache()
    with budget.run_deadline(600, "the fuzz test's guard"):  # generous: a file it stops is the mechanism too
        context = lint_path(folder, None, None)
        findings = run_rules(context, [], [])
    not_analysed = {f.path for f in findings if f.code == "XL004"}
    for name in names:
        path = (folder / name).resolve()
        if path in context.stopped:
            assert context.stopped[path].startswith(STOPPED), context.stopped[path]
            assert name in not_analysed
        else:
            assert path in context.facts, f"{name}: neither analysed nor stopped"
    if context.stopped:  # a verdict of absence never rests on a file not read that could hold the use
        # (a content script's text naming `storage`: lint/unseen_code.py); one naming no storage API changes nothing
        could_use = any(re.search(rb"(?<![\w$])storage(?![\w$])", path.read_bytes()) for path in context.stopped)
        assert not (could_use and [f for f in findings if f.code == "XP002"])


@pytest.mark.parametrize("suffix", [".ts", ".tsx"])
def test_the_typescript_grammars_end_on_every_hostile_file(suffix: str) -> None:
    """The TypeScript and TSX grammars (a project's sources) on the same inputs: parsed, or cut by the budget."""
    outcomes = {"parsed": 0, "stopped": 0}
    with budget.run_deadline(600, "the fuzz test's guard"):
        for name, data in hostile_inputs():
            try:
                parse_source(data, Path(name + suffix))
                outcomes["parsed"] += 1
            except AnalysisStopped as stopped:
                assert stopped.reason.startswith(STOPPED), name
                outcomes["stopped"] += 1
    assert sum(outcomes.values()) == 300
