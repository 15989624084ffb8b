"""`xtk lint` on plain unpacked extensions written from the seeds' own architecture descriptions
(tests/fixtures/lint/seeds/, see its README): the exact findings on each, the same through a .zip, and archives with
unsafe entries refused.

Each fixture is small but realistic: the seed's manifest (001 and 003 as the seeds give them), JavaScript that uses
the APIs the seed describes, and the inconsistencies such code naturally has. Findings are compared as
(code, path, line, subject, browser): `subject` is the first `backticked` name of the message (the permission, the
message type, the API), or None.

Two of xtk's gaps were found on 001 and fixed: methods called through an instance (`monitor.start()`,
`offscreenManager.summarize()`) now count as reachable (any project method of that name may run), and pages a script
opens at run time (`offscreen.createDocument({url})`, `tabs.create`) are read when a literal names them.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO, run_xtk
from tests.unit.lint.rules.support import FIXTURES
from toolchain.lint import catalog
from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context
from toolchain.lint.model import Finding

SEEDS = FIXTURES / "seeds"

#: (code, path, line, subject, browser)
Seen = tuple[str, str, int | None, str | None, str | None]

EXPECTED: dict[str, set[Seen]] = {
    # Recall (seed 001): Chrome MV3, service worker + offscreen document + content scripts + popup + search page.
    "001-recall": {
        ("XM005", "background/indexing-pipeline.js", 9, "EXTRACT_CONTENT", None),  # the seed's sendMessage, no catch
        ("XP002", "manifest.json", 6, "idle", None),  # "Idle detection" is declared; nothing calls chrome.idle
        ("XP005", "manifest.json", 7, "<all_urls>", None),  # warning: host permission on every site
        ("XP005", "manifest.json", 11, "<all_urls>", None),  # warning: the content scripts run on <all_urls>
        ("XM001", "ui/popup.js", 8, "GET_STATS", None),  # the worker handles GET_DB_STATS: renamed on one side
    },
    # The semantic chunker (seed 002): MV3 for Chrome and Firefox (gecko settings), service worker, options page.
    "002-chunker": {
        ("XM006", "background.js", 26, None, "chrome"),  # async listener on chrome.runtime.onMessage
        ("XP005", "manifest.json", 8, "<all_urls>", None),  # warning: content script on <all_urls> (both targets)
        # warning: gecko settings without data_collection_permissions, which AMO requires of new add-ons
        ("XL016", "manifest.json", 12, "browser_specific_settings.gecko.data_collection_permissions", "firefox"),
    },
    # The chat widget (seed 003): Chrome MV3, Shadow-DOM widget loaded by import(runtime.getURL), local tools.
    "003-chat-widget": {
        # chatwidget.js:44 innerHTML = renderMarkdown(reply): the project's function escapes & and < first: not XS007
        # content.js:29 import(chrome.runtime.getURL('chatwidget.js')) is the packaged bundle: not XS001
        ("XP005", "manifest.json", 23, "<all_urls>", None),  # warning: content script on <all_urls> (the chat bubble)
        ("XM005", "popup.js", 19, "widget_toggle", None),  # the toggle sent to a tab, no catch
        ("XM001", "popup.js", 24, "open_side_panel", None),  # docked mode (Lot 2): no handler yet
        # warnings: the fixture's icons are 3-byte placeholders ("PNG"), not images (said once per file)
        ("XL021", "manifest.json", 35, 'action.default_icon["16"]', None),
        ("XL021", "manifest.json", 36, 'action.default_icon["32"]', None),
        ("XL021", "manifest.json", 37, 'action.default_icon["48"]', None),
        ("XL021", "manifest.json", 38, 'action.default_icon["128"]', None),
    },
    # Magellan (seed 004): Chrome MV3, service worker, side-panel sidebar, content script that highlights.
    "004-magellan": {
        ("XM002", "content.js", 46, "CLEAR_HIGHLIGHTS", None),  # handled, never sent (highlight() clears itself)
        ("XP002", "manifest.json", 6, "scripting", None),  # declared; content scripts are static
        ("XP005", "manifest.json", 12, "http://*/*", None),  # warning
        ("XP005", "manifest.json", 12, "https://*/*", None),  # warning
        ("XM005", "sidebar.js", 59, "HIGHLIGHT_ELEMENTS", None),  # the citation highlight, no catch
    },
}

#: the warnings among them (the rest are errors): broad host access in a plain extension, AMO's data declaration,
#: icons that are not images
WARNINGS = {("XP005", None), ("XL016", None), ("XL021", None)}

#: the source files xtk reads in each fixture: those the manifest names, pages a literal in the code names (an
#: offscreen document, a page opened with tabs.create), and what they import. Modules loaded by a computed import()
#: and worker scripts (new Worker) are not read.
ANALYSED = {
    "001-recall": {
        "background/index.js",
        "background/indexing-pipeline.js",
        "background/indexing-queue.js",
        "background/offscreen-manager.js",
        "background/tab-monitor.js",
        "lib/embeddings.js",
        "lib/store.js",
        "content/extractor.js",
        "content/index.js",
        "content/sidebar.js",
        "ui/popup.js",
        "offscreen/summarizer.js",
        "ui/search.js",  # named by offscreen.createDocument and tabs.create
    },
    "002-chunker": {"background.js", "content-script.js", "popup.js", "options.js", "worker.js"},  # new Worker(…)
    "003-chat-widget": {"background.js", "tool-executor.js", "content.js", "popup.js", "sidepanel.js", "chatwidget.js"},
    "004-magellan": {"background.js", "content.js", "sidebar.js"},
}

TARGETS = {
    "001-recall": ["chrome"],
    "002-chunker": ["chrome", "firefox"],
    "003-chat-widget": ["chrome"],
    "004-magellan": ["chrome"],
}


def subject(message: str) -> str | None:
    match = re.search(r"`([^`]+)`", message)
    return match.group(1) if match else None


def seen(code: str, path: str | None, line: int | None, message: str, browser: str | None) -> Seen:
    return (code, path or "", line, subject(message), browser)


def lint_in_process(name: str) -> list[Finding]:
    return run_rules(extension_context(SEEDS / name), [], [])


@pytest.fixture(scope="module")
def findings() -> dict[str, list[Finding]]:
    return {name: lint_in_process(name) for name in EXPECTED}


def zipped(folder: Path, archive: Path) -> Path:
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                out.write(path, path.relative_to(folder).as_posix())
    return archive


def test_every_seed_has_a_fixture() -> None:
    assert sorted(p.name for p in SEEDS.iterdir() if p.is_dir()) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_exact_findings(name: str, findings: dict[str, list[Finding]]) -> None:
    found = {seen(f.code, f.path, f.line, f.message, f.browser) for f in findings[name]}
    assert len(found) == len(findings[name]), "two findings with the same code, place and subject"
    assert found == EXPECTED[name]
    for finding in findings[name]:
        warning = (finding.code, None) in WARNINGS or (finding.code, finding.path) in WARNINGS
        assert finding.severity == ("warning" if warning else "error"), finding


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_what_xtk_reads(name: str) -> None:
    ctx = extension_context(SEEDS / name)
    assert ctx.kind == "extension"
    assert [t.browser for t in ctx.targets] == TARGETS[name]
    assert {ctx.display(p) for p in ctx.facts} == ANALYSED[name]
    assert not any(f.parse_errors for f in ctx.facts.values())


def test_project_only_rules_stay_silent(findings: dict[str, list[Finding]]) -> None:
    """Posture and protocol rules need an xtk project: a plain extension never gets XP003/XP004/XS004–XS006/XM003/
    XM004/XM007; the fixtures carry no suppressions (XL001/XL002) and parse (XL003)."""
    codes = {f.code for found in findings.values() for f in found}
    assert not codes & {
        "XP003",
        "XP004",
        "XS004",
        "XS005",
        "XS006",
        "XM003",
        "XM004",
        "XM007",
        "XL001",
        "XL002",
        "XL003",
    }


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_same_findings_through_a_zip(name: str, tmp_path: Path) -> None:
    archive = zipped(SEEDS / name, tmp_path / f"{name}.zip")
    result = run_xtk("lint", str(archive), "--format", "json", cwd=tmp_path)
    assert result.code == 1, result.output
    data = json.loads(result.stdout)
    assert {seen(d["code"], d["path"], d["line"], d["message"], d.get("browser")) for d in data} == EXPECTED[name]


def test_xpi_and_text_output(tmp_path: Path) -> None:
    archive = zipped(SEEDS / "003-chat-widget", tmp_path / "chat-widget.xpi")
    result = run_xtk("lint", str(archive), cwd=tmp_path)
    assert result.code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("manifest.json:23:19: XP005 content_scripts[0] runs on `<all_urls>`")
    assert "popup.js:24:3: XM001 `open_side_panel` is sent with runtime.sendMessage from popup" in result.stdout
    assert lines[-1] == "Found 2 errors and 5 warnings."  # XP005, and XL021 on the 4 placeholder icons
    assert not list(tmp_path.glob("xtk-lint-*"))  # unpacked in the system temp folder, never beside the archive


@pytest.mark.parametrize("entry", ["../escaped.js", "content/../../escaped.js", "/tmp/xtk-seed-test-escaped.js"])
def test_archive_with_unsafe_path_is_refused(entry: str, tmp_path: Path) -> None:
    archive = tmp_path / "inner" / "evil.zip"
    archive.parent.mkdir()
    with zipfile.ZipFile(archive, "w") as out:
        out.write(SEEDS / "004-magellan" / "manifest.json", "manifest.json")
        out.write(SEEDS / "004-magellan" / "background.js", "background.js")
        out.writestr(entry, "chrome.tabs.executeScript({ code: 'alert(1)' });\n")
    result = run_xtk("lint", str(archive), cwd=tmp_path)
    assert result.code == 2, result.output
    assert f"unsafe path in the archive: {entry}" in result.stderr
    assert result.stdout == ""
    assert not (tmp_path / "escaped.js").exists() and not (tmp_path / "inner" / "escaped.js").exists()
    assert not Path("/tmp/xtk-seed-test-escaped.js").exists()


def test_pages_opened_at_run_time_are_read(tmp_path: Path) -> None:
    """001's offscreen document (`offscreen.createDocument`) and search page (`tabs.create`) are read, so with every
    type the popup sends written as a literal, XM002 reports only the type nothing sends: GET_DB_STATS (the popup
    sends GET_STATS instead) — not the five types those pages send."""
    copy = tmp_path / "001-recall"
    shutil.copytree(SEEDS / "001-recall", copy)
    popup = copy / "ui" / "popup.js"
    text = popup.read_text(encoding="utf-8")
    computed = (
        "  const type = pause.dataset.paused === 'true' ? 'RESUME_INDEXING' : 'PAUSE_INDEXING';\n"
        "  await chrome.runtime.sendMessage({ type });\n"
    )
    literal = (
        "  if (pause.dataset.paused === 'true') await chrome.runtime.sendMessage({ type: 'RESUME_INDEXING' });\n"
        "  else await chrome.runtime.sendMessage({ type: 'PAUSE_INDEXING' });\n"
    )
    assert computed in text
    popup.write_text(text.replace(computed, literal), encoding="utf-8")
    found = run_rules(extension_context(copy), ["XM002"], [])
    assert {(f.path, f.line, subject(f.message)) for f in found} == {("background/index.js", 44, "GET_DB_STATS")}


# -- docs/lint.md stays true ---------------------------------------------------------------------------------------

DOCS = REPO / "docs" / "lint.md"


def test_docs_code_table_is_the_catalog() -> None:
    """docs/lint.md's code table is what `python -m toolchain.lint.catalog` prints (`--write` updates it)."""
    text = DOCS.read_text(encoding="utf-8")
    written = catalog.table_in(text)
    assert written is not None, f"{DOCS} lacks the markers around its code table"
    expected = catalog.markdown_table()
    assert written == expected, (
        "docs/lint.md's code table is out of date: run `python -m toolchain.lint.catalog --write`"
    )


def test_docs_code_table_matches_explain_all() -> None:
    """Every line `xtk lint --explain all` prints (code, name, severity, summary) is a row of the table in
    docs/lint.md, and every row is a line."""
    from click.testing import CliRunner

    from toolchain.cli import main

    result = CliRunner().invoke(main, ["lint", "--explain", "all"], catch_exceptions=False)
    assert result.exit_code == 0
    listed = [line.split(None, 3) for line in result.output.splitlines()]
    written = catalog.table_in(DOCS.read_text(encoding="utf-8")) or ""
    rows = {line.split("|")[1].strip(): line for line in written.splitlines()[2:]}
    assert [code for code, *_ in listed] == sorted(rows)
    for code, name, severity, summary in listed:
        assert rows[code].startswith(f"| {code} | `{name}` | {severity} |"), rows[code]
        assert rows[code].endswith(f"| {summary.replace('|', chr(92) + '|')} |"), rows[code]
