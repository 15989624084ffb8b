"""XS007 computed-html-sink (XS001's warnings until the code catalog split them). Where it fires and where not, line
by line: tests/fixtures/lint/rules/XS007/XS007.snap."""

from __future__ import annotations

from pathlib import Path

from tests.unit.lint.rules.support import FIXTURES, findings, lint_extension, places
from toolchain.lint.engine import run_rules


def test_fires_on_html_sinks_given_computed_values(project) -> None:
    ctx = project("security")
    (finding,) = findings(ctx, "XS007")  # innerHTML = html + ...
    assert finding.severity == "warning" and "innerHTML" in finding.message


def test_near_misses(extension) -> None:
    assert places(extension("mv3-clean"), "XS007") == set()  # textContent
    assert places(extension("mv3-issues"), "XS007") == set()  # eval is XS001's


def test_a_suppression_naming_the_old_code_still_applies(tmp_path: Path) -> None:
    """`xtk-ignore[XS001] reason` on an innerHTML line, written before the split, silences XS007 and is used. (Seed
    003's `innerHTML = renderMarkdown(…)`, the example until renderMarkdown's escaping was read, is no finding now.)"""
    source = FIXTURES / "rules" / "XS007"
    copy = tmp_path / "xs007"
    import shutil

    shutil.copytree(source, copy)
    popup = copy / "popup.js"
    lines = popup.read_text(encoding="utf-8").splitlines()
    assert "innerHTML" in lines[2]
    lines[2] = lines[2].split("//")[0] + "// xtk-ignore[XS001] the callers pass reviewed markup"
    popup.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = {(f.code, f.path, f.line) for f in run_rules(lint_extension(copy), [], [])}
    assert ("XS007", "popup.js", 3) not in found and ("XL002", "popup.js", 3) not in found
    unsuppressed = {(f.code, f.path, f.line) for f in run_rules(lint_extension(source), [], [])}
    assert ("XS007", "popup.js", 3) in unsuppressed


def test_select_and_ignore_by_the_old_code(project) -> None:
    ctx = project("security")  # both codes (seed 003's packaged import() is no longer XS001)
    assert {f.code for f in run_rules(ctx, ["XS001"], [])} == {"XS001", "XS007"}  # as --select XS001 did before
    assert {f.code for f in run_rules(ctx, [], ["XS001"])} & {"XS001", "XS007"} == set()
    selected = {f.code for f in run_rules(ctx, ["XS"], ["XS007"])}
    assert "XS001" in selected and "XS007" not in selected  # the new code alone
