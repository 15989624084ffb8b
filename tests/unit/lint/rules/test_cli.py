"""`xtk lint` as a user runs it: the four output formats on one fixture with findings, --select/--ignore, --explain
for every code, archives (.zip/.xpi), exit codes."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.unit.lint.rules.support import FIXTURES
from toolchain.lint import catalog
from toolchain.lint.registry import all_rules

ISSUES = FIXTURES / "extensions" / "mv3-issues"


def xtk(*args: str):
    """The CLI in this process (fast; exit codes and stdout as the command gives them)."""
    from click.testing import CliRunner

    from toolchain.cli import main

    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def outputs() -> dict[str, tuple[int, str]]:
    found = {}
    for fmt in ("text", "json", "sarif", "github"):
        result = run_xtk("lint", str(ISSUES), "--format", fmt, cwd=ISSUES.parent)
        found[fmt] = (result.code, result.stdout)
    return found


def test_json_fields(outputs: dict[str, tuple[int, str]]) -> None:
    code, out = outputs["json"]
    assert code == 1
    data = json.loads(out)
    assert len(data) == 18  # XL016 among them: its gecko settings declare no data collection
    for item in data:
        assert {"code", "severity", "message", "path", "line", "column"} <= set(item)
        assert item["severity"] in ("error", "warning")
    labelled = {(d["code"], d["line"], d.get("browser")) for d in data if d["path"] == "background.js"}
    assert (
        ("XP007", 4, "chrome") in labelled
        and ("XP007", 4, "firefox") in labelled
        and ("XM006", 6, "chrome") in labelled
    )
    assert next(d for d in data if d["code"] == "XP001") == {
        "code": "XP001", "severity": "error", "path": "background.js", "line": 3, "column": 1,
        "message": "`cookies.getAll` needs the `cookies` permission, which the manifest does not declare",
        "fix": "declare `cookies` (with its justification), or do not use `cookies.getAll`",
        "stores": ["Chrome Web Store", "addons.mozilla.org"],  # its targets' stores; no store rejects it (XP001)
    }  # fmt: skip


def test_text(outputs: dict[str, tuple[int, str]]) -> None:
    code, out = outputs["text"]
    lines = out.splitlines()
    assert code == 1
    assert lines[0].startswith("background.js:3:1: XP001 `cookies.getAll` needs the `cookies` permission")
    assert "background.js:6:1: XM006 [chrome] the listener answers with a Promise" in out
    assert lines[-1] == "Found 13 errors and 5 warnings."


def test_sarif(outputs: dict[str, tuple[int, str]]) -> None:
    code, out = outputs["sarif"]
    document = json.loads(out)
    assert code == 1 and document["version"] == "2.1.0"
    run = document["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert {r["id"] for r in rules} >= {r.code for r in all_rules()}
    results = run["results"]
    assert len(results) == 18
    first = results[0]
    assert first["ruleId"] == "XP001" and rules[first["ruleIndex"]]["id"] == "XP001" and first["level"] == "error"
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "background.js", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 3, "startColumn": 1}
    assert {r["properties"].get("browser") for r in results if "properties" in r} - {None} == {"chrome", "firefox"}


def test_github(outputs: dict[str, tuple[int, str]]) -> None:
    code, out = outputs["github"]
    lines = out.splitlines()
    assert code == 1 and len(lines) == 18
    assert lines[0].startswith("::error file=background.js,line=3,col=1,title=XP001::`cookies.getAll` needs")
    assert any(line.startswith("::warning file=manifest.json,line=7,col=24,title=XP005::") for line in lines)
    assert any("title=XP007 [chrome]::" in line for line in lines)


def test_select_and_ignore() -> None:
    def codes(*args: str) -> list[str]:
        result = xtk("lint", str(ISSUES), "--format", "json", *args)
        return sorted({d["code"] for d in json.loads(result.stdout)})

    assert codes("--select", "XP") == ["XP001", "XP002", "XP005", "XP006", "XP007"]
    assert codes("--select", "XP,XS001", "--ignore", "XP00") == ["XS001"]
    assert codes("--select", "XM", "--ignore", "XM005", "--select", "XP001") == ["XM001", "XM002", "XM006", "XP001"]
    assert codes("--ignore", "XS", "--ignore", "XM,XP00,XL013,XL016") == []
    assert codes("--select", "XP006", "--ignore", "XP") == ["XP006"]  # the most specific prefix decides…
    assert codes("--select", "XP", "--ignore", "XP006") == ["XP001", "XP002", "XP005", "XP007"]  # …both ways
    bad = run_xtk("lint", str(ISSUES), "--select", "XQ", cwd=ISSUES.parent)
    assert bad.code == 2 and "no rule code starts with it" in bad.output


def test_explain_every_code() -> None:
    """Every code xtk emits — rules, the engine's XL codes, the build's XB codes — is explained, and listed by `all`."""
    listing = run_xtk("lint", "--explain", "all", cwd=ISSUES.parent)
    assert listing.code == 0
    assert len(listing.stdout.splitlines()) == len(catalog.all_codes())
    for known in catalog.all_codes():
        assert f"{known.code}  {known.name}" in listing.stdout
        explained = xtk("lint", "--explain", known.code.lower())
        assert explained.exit_code == 0, known.code
        assert explained.stdout.startswith(f"{known.code} ({known.name}) — {known.severity}, ")
        for part in ("What it checks:", "Why it matters:", "Example:", "Fix:"):
            assert part in explained.stdout, (known.code, part)
    for code in ("XB101", "XB102", "XB103", "XB104", "XB110", "XL001", "XL002", "XL003"):  # "no such rule" before
        assert xtk("lint", "--explain", code).exit_code == 0
    assert xtk("lint", "--explain", "XS001").stdout.startswith("XS001 (remote-or-dynamic-code) — error, xtk lint\n")
    assert xtk("lint", "--explain", "XS007").stdout.startswith(
        "XS007 (computed-html-sink) — warning, xtk lint, split from XS001"
    )
    assert xtk("lint", "--explain", "unsafe-csp").stdout.startswith("XS002 (unsafe-csp)")
    assert xtk("lint", "--explain", "unused-suppression").stdout.startswith("XL002 (unused-suppression) — warning")
    unknown = run_xtk("lint", "--explain", "XP999", cwd=ISSUES.parent)
    assert unknown.code == 2 and "--explain XP999: no such code" in unknown.output and "Traceback" not in unknown.output


def test_archives_lint_like_their_folder(tmp_path: Path) -> None:
    folder = xtk("lint", str(ISSUES), "--format", "json")
    for suffix in (".zip", ".xpi"):
        archive = tmp_path / f"issues{suffix}"
        with zipfile.ZipFile(archive, "w") as zipped:
            for file in sorted(ISSUES.rglob("*")):
                zipped.write(file, file.relative_to(ISSUES).as_posix())
        packed = xtk("lint", str(archive), "--format", "json")
        assert packed.exit_code == 1
        assert json.loads(packed.stdout) == json.loads(folder.stdout)


def test_a_clean_extension_passes() -> None:
    result = xtk("lint", str(FIXTURES / "extensions" / "mv3-clean"))
    assert (result.exit_code, result.stdout) == (0, "All checks passed.\n")
