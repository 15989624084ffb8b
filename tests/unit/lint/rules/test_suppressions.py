"""Inline suppressions: `// xtk-ignore[CODE] reason` in sources, `# xtk-ignore[CODE] reason` in xtk.toml; without a
reason a suppression does not apply and is XL001; one that suppresses nothing is XL002."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.lint.rules.support import NODE_MODULES, copy_project, findings, lint_project
from toolchain.lint.engine import run_rules


def test_source_suppressions(project) -> None:
    ctx = project("security")
    found = {
        (f.code, f.line) for f in run_rules(ctx, ["XS001", "XS002", "XL"], []) if f.path == "src/background/index.ts"
    }
    assert ("XS001", 7) not in found  # import(runtime.getURL(...)), suppressed with a reason
    assert ("XL001", 8) in found and ("XS001", 9) in found  # no reason: reported, and the finding stays
    assert ("XL002", 10) in found  # XS002 suppressed where nothing fires


def test_a_stale_suppression_of_an_unselected_code_is_not_reported(project) -> None:
    found = {
        (f.code, f.line)
        for f in run_rules(project("security"), ["XS001", "XL"], [])
        if f.path == "src/background/index.ts"
    }
    assert ("XL002", 10) not in found and ("XL001", 8) in found


def test_engine_codes_are_selected_like_rules(project) -> None:
    assert not [f for f in run_rules(project("security"), ["XS001"], []) if f.code.startswith("XL")]
    assert not [f for f in run_rules(project("security"), [], ["XL"]) if f.code.startswith("XL")]


@pytest.fixture(scope="module")
def suppressed(tmp_path_factory: pytest.TempPathFactory) -> tuple[list, str]:
    if not (NODE_MODULES / "esbuild").is_dir():
        pytest.skip("extension_src/node_modules is missing (npm ci)")
    folder = copy_project("permissions", tmp_path_factory.mktemp("suppressions"))
    config = folder / "xtk.toml"
    text = config.read_text(encoding="utf-8")
    text = text.replace(
        'matches = ["*://*/*"]             # XP008: the posture does not allow it',
        'matches = ["*://*/*"]  # xtk-ignore[XP005] the second script is for every page, on purpose',
    )
    text = text.replace('alarms = "Refreshes every hour."', '# xtk-ignore[XP002]\nalarms = "Refreshes every hour."')
    text = text.replace(
        'activeTab = "Reads the page the user clicked on."       # XP006: <all_urls> covers it',
        '# xtk-ignore[XP006] kept for the day <all_urls> goes\n\nactiveTab = "Reads the page the user clicked on."',
    )
    text = text.replace(
        '"https://api.example.com/*" = "Talks to the API."       # near miss: narrow, allowed',
        '"https://api.example.com/*" = "Talks to the API."  # xtk-ignore[XP001] stale',
    )
    config.write_text(text, encoding="utf-8")
    return findings(lint_project(folder), ""), text


def _line(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_config_suppressions(suppressed: tuple[list, str]) -> None:
    found, text = suppressed
    at = {(f.code, f.path, f.line) for f in found}
    # on the key's line, with a reason; it names XP005, the code these findings had before XP008 was split from it
    assert ("XP008", "xtk.toml", _line(text, '"*://*/*"')) not in at
    assert ("XL002", "xtk.toml", _line(text, '"*://*/*"')) not in at  # …and it counts as used
    assert ("XP006", "xtk.toml", _line(text, "activeTab =")) not in at  # alone above it (blank lines skipped)
    assert ("XL001", "xtk.toml", _line(text, "# xtk-ignore[XP002]")) in at  # no reason: reported…
    assert ("XP002", "xtk.toml", _line(text, "alarms =")) in at  # …and not applied
    assert ("XL002", "xtk.toml", _line(text, "xtk-ignore[XP001] stale")) in at
    assert ("XP008", "xtk.toml", _line(text, '"<all_urls>" =')) in at  # other findings stay


def test_reasonless_and_stale_messages(suppressed: tuple[list, str]) -> None:
    found, _ = suppressed
    xl = {f.code: f for f in found if f.code.startswith("XL")}
    assert (
        xl["XL001"].message == "xtk-ignore[XP002] needs a reason after it, saying why"
        and xl["XL001"].severity == "error"
    )
    assert (
        xl["XL002"].message == "xtk-ignore[XP001] suppresses nothing here: remove it"
        and xl["XL002"].severity == "warning"
    )


def test_fixture_sources_are_unchanged() -> None:
    source = Path(__file__).resolve().parents[4] / "tests/fixtures/lint/projects/security/src/background/index.ts"
    assert "xtk-ignore[XS001] the extension's own file" in source.read_text(encoding="utf-8")
