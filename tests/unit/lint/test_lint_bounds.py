"""`xtk lint` is bounded in time and memory for any input (issue 17, item 2 and 3): a parse has a budget in
proportion to its file, a run has a deadline (`--timeout`), a JSON input has a size limit checked before it is read.
A file past its budget or the deadline is named (XL004) and the verdicts of absence are withheld; the rest of the
lint completes. Every input is generated here by a seeded generator."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolchain.analysis import budget
from toolchain.analysis.budget import AnalysisStopped
from toolchain.analysis.parse import clear_cache, parse_source
from toolchain.cli import main
from toolchain.diagnostics import InputError
from toolchain.json_input import MAX_JSON_BYTES
from toolchain.lint.engine import lint_path, run_rules

MANIFEST = {
    "manifest_version": 3,
    "name": "bounds",
    "version": "1",
    "permissions": ["storage", "alarms"],
    "background": {"service_worker": "bg.js"},
    "content_scripts": [{"matches": ["https://example.com/*"], "js": ["content.js"]}],
}


def printable_garbage(size: int, seed: int) -> bytes:
    """Seeded printable noise: the kind of text that stalled tree-sitter's error recovery (issue 17)."""
    chooser = random.Random(seed)
    return "".join(chooser.choice(string.printable) for _ in range(size)).encode()


def extension(folder: Path, content: bytes, manifest: dict[str, object] = MANIFEST) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    (folder / "bg.js").write_text("chrome.storage.local.get('k');\n", encoding="utf-8")
    (folder / "content.js").write_bytes(content)
    return folder


def lint(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["lint", "--no-cache", *args], catch_exceptions=False)
    return result.exit_code, result.output


@pytest.fixture(autouse=True)
def _fresh_parse_cache() -> None:
    clear_cache()  # a budget is judged per parse: nothing from another test's files


# -- the per-file budget -------------------------------------------------------------------------------------------


def test_the_garbage_that_stalled_the_tsx_grammar_is_cut_by_its_step_budget() -> None:
    """5,000 printable bytes (seed 12) kept the TSX grammar's error recovery at one byte offset for minutes while
    memory grew; the parse now stops after its budget of steps, a count that does not depend on the machine."""
    garbage = printable_garbage(5000, seed=12)
    with pytest.raises(AnalysisStopped) as stopped:
        parse_source(garbage, Path("garbage.tsx"))
    assert (
        stopped.value.reason
        == f"its parse went past its budget ({budget.steps_for(5000):,} steps of the parser for 5,000 bytes)"
    )


def test_a_javascript_file_whose_tsx_fallback_stalls_keeps_its_javascript_tree() -> None:
    """The JavaScript grammar reads the same noise (with errors) and falls back to the TSX grammar, which stalls:
    the fallback is cut by the file's one budget and the JavaScript tree and its syntax error stay."""
    parsed = parse_source(printable_garbage(5000, seed=12), Path("garbage.js"))
    assert parsed.errors and parsed.tree.root_node.has_error


def test_lint_of_the_stalling_garbage_completes_with_its_syntax_error(tmp_path: Path) -> None:
    code, output = lint(str(extension(tmp_path / "ext", printable_garbage(5000, seed=12))))
    assert code == 1
    assert "content.js:" in output and "XL003" in output


def test_a_file_past_its_budget_is_named_and_the_verdicts_of_absence_are_withheld(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a budget too small for it, a real content script is not analysed: XL004 names it, and the background
    script is still linted. XP002 (`alarms` unused) is withheld only where the unread code could change it: a
    content script has no `alarms` API (nor does its text name one), so it is still judged, and XL004 says so; a
    background script past its budget withholds it."""
    folder = extension(tmp_path / "ext", b"export function f(){ return [1,2,3].map(x => x * 2); }\n" * 200)
    (folder / "bg.js").write_text("chrome.storage.local.get('k');\neval(name);\n", encoding="utf-8")
    code, output = lint(str(folder))
    assert "XP002" in output and "XL004" not in output  # with its budget, nothing uses `alarms`
    clear_cache()
    monkeypatch.setattr(budget, "STEPS_FLOOR", 1)
    monkeypatch.setattr(budget, "STEPS_PER_BYTE", 0.001)
    code, output = lint(str(folder))
    assert code == 1
    size = (folder / "content.js").stat().st_size
    assert (
        f"content.js:1:1: XL004 file not analysed: its parse went past its budget ({budget.steps_for(size)} "
        f"steps of the parser for {size:,} bytes); unused permissions and unhandled messages are still judged: "
        "it cannot hold what they look for"
    ) in output
    assert "XP002 `alarms` is declared" in output  # a content script cannot use `alarms`: still judged
    assert "bg.js:2:1: XS001" in output  # the file within its budget is linted as ever
    in_background = {**MANIFEST, "background": {"service_worker": "content.js"}, "content_scripts": []}
    extension(folder, (folder / "content.js").read_bytes() + b"chrome.alarms.create('a', {});\n", in_background)
    code, output = lint(str(folder))
    assert "XL004 file not analysed" in output and "XP002 `alarms`" not in output  # there it could use `alarms`
    assert "XP002 `storage`" in output  # (bg.js runs no more, and the text names no storage API)


# -- the run's deadline --------------------------------------------------------------------------------------------


def test_past_the_deadline_the_files_not_analysed_are_named_and_the_lint_completes(tmp_path: Path) -> None:
    folder = extension(tmp_path / "ext", b"chrome.tabs.query({}, () => {});\n")
    code, output = lint(str(folder), "--timeout", "0.000001")
    assert code == 1  # a lint cut short is never a pass
    for name in ("bg.js", "content.js"):
        assert f"{name}:1:1: XL004 file not analysed: the run's deadline (--timeout 1e-06 s) passed" in output
    assert "XP002" not in output  # nothing is concluded from code not read


def test_within_the_deadline_the_lint_is_as_without_one(tmp_path: Path) -> None:
    folder = extension(tmp_path / "ext", b"chrome.tabs.query({}, () => {});\n")
    assert lint(str(folder), "--timeout", "600") == lint(str(folder))


@pytest.mark.parametrize(
    "value, message",
    [
        ("0", "'0': the deadline must be a number of seconds more than 0"),
        ("-5", "'-5': the deadline must be a number of seconds more than 0"),
        ("soon", "'soon' is not a number of seconds (examples: 60, 300, 2.5)"),
        ("nan", "'nan': the deadline must be a number of seconds more than 0"),
    ],
)
def test_an_invalid_timeout_is_a_usage_error(tmp_path: Path, value: str, message: str) -> None:
    result = CliRunner().invoke(main, ["lint", str(tmp_path), "--timeout", value])
    assert result.exit_code == 2
    assert f"Invalid value for '--timeout': {message}" in result.output


def test_the_help_explains_the_deadline() -> None:
    result = CliRunner().invoke(main, ["lint", "--help"])
    text = " ".join(result.output.split())
    assert "--timeout SECONDS The run's deadline: source files not analysed by then are reported (XL004" in text
    assert "(default 300 s)" in text


# -- JSON inputs -----------------------------------------------------------------------------------------------------


def test_an_oversized_manifest_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """50 MB of manifest took 27 s and 6.2 GB (issue 17): now its size is judged first."""
    folder = tmp_path / "ext"
    folder.mkdir()
    padding = [f"https://host{i}.example.com/*" for i in range(60_000)]
    (folder / "manifest.json").write_text(json.dumps({**MANIFEST, "host_permissions": padding}), encoding="utf-8")
    size = (folder / "manifest.json").stat().st_size
    assert size > MAX_JSON_BYTES
    code, output = lint(str(folder))
    assert code == 2
    assert f"manifest.json: error: the manifest is too large ({size:,} bytes, over the limit of 1 MiB" in output


def test_an_oversized_or_too_deep_posture_is_bad_input(tmp_path: Path) -> None:
    from toolchain.lint.posture import load_posture

    big = tmp_path / "big.json"
    big.write_text(json.dumps({"forbidden": ["x" * 100] * 20_000}), encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_posture(big, "posture.json")
    assert "the posture is too large" in str(refused.value.diagnostics[0].message)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_posture(deep, "posture.json")
    assert refused.value.diagnostics[0].message == "invalid JSON: nested too deeply"


def test_an_oversized_protocol_schema_is_bad_input(tmp_path: Path) -> None:
    from toolchain.protocol.model import load_protocol

    folder = tmp_path / "protocol"
    folder.mkdir()
    (folder / "protocol.json").write_text(" " * (MAX_JSON_BYTES + 1) + "{}", encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_protocol(folder, tmp_path)
    assert refused.value.diagnostics[0].path == "protocol/protocol.json"
    assert "the schema is too large" in refused.value.diagnostics[0].message


def test_the_context_records_no_stopped_file_on_ordinary_code(tmp_path: Path) -> None:
    folder = extension(tmp_path / "ext", b"chrome.storage.local.set({a: 1});\n")
    with budget.run_deadline(600):
        context = lint_path(folder, None, None)
        findings = run_rules(context, [], [])
    assert context.stopped == {}
    assert [f.code for f in findings] == ["XP002"]


# -- pages -----------------------------------------------------------------------------------------------------------


def test_a_page_ending_in_an_unterminated_tag_is_not_rescanned_from_every_bracket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """50 KB of `<a ` took 100 s: closing Python's HTMLParser rescanned to the end of the page from every `<` of a
    tag never closed. What a page leaves open at its end is dropped, as a browser drops it: no tag is parsed."""
    from html.parser import HTMLParser

    from toolchain.plan.pages import scan_page

    tags_parsed = []
    original = HTMLParser.parse_starttag
    monkeypatch.setattr(HTMLParser, "parse_starttag", lambda self, i: tags_parsed.append(i) or original(self, i))
    scan_page("<p>ok</p>" + "<a " * 3000, Path("/nowhere/popup.html"), "popup.html")
    assert tags_parsed == [0, 9]  # the <p>, and the first open one once (feed waits for its end); not 3,000


def test_a_declaration_html_parser_cannot_read_is_a_bogus_comment(tmp_path: Path) -> None:
    """`<![<![` made Python's HTMLParser raise AssertionError: lint ended in an internal error. A browser reads it
    as a bogus comment up to the next `>` (which here swallows the script tag, so a.js is not loaded)."""
    folder = tmp_path / "ext"
    folder.mkdir()
    (folder / "manifest.json").write_text(
        json.dumps({"manifest_version": 3, "name": "x", "version": "1", "action": {"default_popup": "popup.html"}}),
        encoding="utf-8",
    )
    (folder / "popup.html").write_text(
        '<html><![<![ <script src="a.js"></script><script src="b.js"></script>', encoding="utf-8"
    )
    (folder / "a.js").write_text("chrome.storage.local.get('a');\n", encoding="utf-8")
    (folder / "b.js").write_text("chrome.storage.local.get('b');\n", encoding="utf-8")
    code, output = lint(str(folder))
    assert code == 1 and "b.js:1:1: XP001" in output and "a.js" not in output


# -- nesting ---------------------------------------------------------------------------------------------------------


def test_a_statement_nested_past_the_walk_is_said_not_skipped_silently(tmp_path: Path) -> None:
    """9,000 nested `if` blocks: the walk follows 20,000 frames, then skipped the rest of the statement without a
    word (and on some nestings overflowed the C stack: a segmentation fault). Now XL004 says the file was read only
    in part and the verdicts of absence are withheld — `alarms`, used deep inside, is not called unused. Run as a
    subprocess, so that a crash fails the test instead of ending it."""
    import subprocess
    import sys

    content = b"if (a) {" * 9000 + b"chrome.alarms.create('tick', {periodInMinutes: 1});" + b"}" * 9000
    in_background = {**MANIFEST, "background": {"scripts": ["bg.js", "content.js"]}, "manifest_version": 2}
    del in_background["content_scripts"]  # a background script: it may use `alarms` (a content script may not)
    folder = extension(tmp_path / "ext", content, in_background)
    done = subprocess.run(
        [sys.executable, "-m", "toolchain", "lint", "--no-cache", str(folder)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert (
        "content.js:1:1: XL004 file not analysed: the statement at line 1 nests deeper than the analysis follows "
        "(only its outer part was read)"
    ) in done.stdout
    assert "XP002" not in done.stdout


#: Deep nestings of every shape the walk recurses through, 20,000 levels: each past the walk's frames
DEEP_SHAPES = {
    "calls": (b"f(" * 20000, b")" * 20000),  # crashed in the parser's text callback at the recursion limit
    "arrays": (b"x = " + b"[" * 20000, b"]" * 20000),
    "parentheses": (b"x = " + b"(" * 20000 + b"0", b")" * 20000),
    "functions": (b"function f() {" * 20000, b"}" * 20000),
    "objects": (b"x = " + b"({a: " * 20000, b"})" * 20000),
    "arrows": (b"x = " + b"() => " * 20000, b"0"),
}


@pytest.mark.parametrize("shape", sorted(DEEP_SHAPES))
def test_every_deep_shape_is_xl004_never_a_crash(tmp_path: Path, shape: str) -> None:
    """A subprocess: a segmentation fault fails the test instead of ending the run."""
    import subprocess
    import sys

    opening, closing = DEEP_SHAPES[shape]
    content = opening + b"\n" + closing + b";\nchrome.alarms.create('tick', {periodInMinutes: 1});\n"
    folder = extension(tmp_path / "ext", content)
    done = subprocess.run(
        [sys.executable, "-m", "toolchain", "lint", "--no-cache", str(folder)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert done.returncode == 1, (done.returncode, done.stdout[-500:], done.stderr[-500:])
    assert "XL004 file not analysed" in done.stdout and "nests deeper than the analysis follows" in done.stdout


def test_a_page_over_the_size_limit_is_not_read_and_is_named(tmp_path: Path) -> None:
    """A page is read whole and scanned by a parser written in Python (about 1 MB a second): one over
    --max-file-size is not read, as a source file over it is not parsed, and XL004 says so."""
    folder = tmp_path / "ext"
    folder.mkdir()
    (folder / "manifest.json").write_text(
        json.dumps(
            {
                "manifest_version": 3,
                "name": "x",
                "version": "1",
                "permissions": ["alarms"],
                "action": {"default_popup": "popup.html"},
            }
        ),
        encoding="utf-8",
    )
    (folder / "popup.html").write_text("<p>padding</p>\n" * 5000 + '<script src="popup.js"></script>', encoding="utf-8")
    (folder / "popup.js").write_text("chrome.alarms.create('a', {periodInMinutes: 1});\n", encoding="utf-8")
    assert lint(str(folder)) == (0, "All checks passed.\n")
    code, output = lint(str(folder), "--max-file-size", "64k")
    assert code == 1
    size = (folder / "popup.html").stat().st_size
    assert (
        f"popup.html:1:1: XL004 file not analysed: too large to read as a page ({size:,} bytes, over the limit "
        "of 65,536 bytes, --max-file-size)"
    ) in output
    assert "XP002" not in output  # `alarms` is used by the script the page would load


def test_a_file_a_rule_parses_and_its_budget_stops_is_named_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rule may parse files the context did not (XS005 walks the project): a stop during the rules is XL004 and
    withholds the verdicts of absence, as one while the context was made."""
    from toolchain.lint import engine
    from toolchain.lint.extension_targets import extension_context
    from toolchain.lint.model import Rule

    folder = extension(tmp_path / "ext", b"chrome.runtime.id;\n")
    late = folder / "late.js"
    late.write_text("chrome.alarms.create('a', {});\n", encoding="utf-8")

    class ParsesLate(Rule):
        code = "XS005"

        def check(self, ctx):  # type: ignore[no-untyped-def]
            budget.stopped[late] = "its parse went past its budget (a stand-in)"
            return []

    context = extension_context(folder)
    with_rule = [*engine.all_rules(), ParsesLate]
    monkeypatch.setattr(engine, "all_rules", lambda: with_rule)
    findings = run_rules(context, [], [])
    assert [(f.code, f.path.endswith("late.js")) for f in findings if f.code == "XL004"] == [("XL004", True)]
    assert not [f for f in findings if f.code == "XP002"]
    budget.stopped.pop(late, None)
