"""The outside oracle: Mozilla's addons-linter (through `web-ext lint`) judges xtk's Firefox build."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO, run_xtk

pytestmark = pytest.mark.node
WEB_EXT = REPO / "tests/oracle/node_modules/.bin/web-ext"


def web_ext_lint(source_dir: Path) -> dict:
    assert WEB_EXT.exists(), "web-ext is not installed: `make test` runs `npm ci` in tests/oracle"
    completed = subprocess.run(
        [str(WEB_EXT), "lint", "--source-dir", str(source_dir), "--output", "json", "--no-config-discovery"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = json.loads(completed.stdout)
    return report


def codes(report: dict, kind: str) -> list[str]:
    return [message["code"] for message in report[kind]]


@pytest.mark.parametrize("mode", ["production", "development"])
def test_firefox_build_passes_web_ext_lint_clean(flagship: Path, mode: str) -> None:
    assert run_xtk("build", "--browser", "firefox", "--mode", mode, cwd=flagship).code == 0
    report = web_ext_lint(flagship / "build/firefox")
    assert report["summary"]["errors"] == 0, codes(report, "errors")
    assert report["summary"]["warnings"] == 0, codes(report, "warnings")
    assert report["summary"]["notices"] == 0, codes(report, "notices")


def test_min_version_conflict_is_flagged_by_both_web_ext_and_xtk(flagship: Path) -> None:
    config = flagship / "xtk.toml"
    config.write_text(config.read_text().replace('min_version = "142.0"', 'min_version = "115.0"'))
    result = run_xtk("build", "--browser", "firefox", cwd=flagship)
    assert result.code == 0, result.output  # a warning, not an error: the project decides
    assert "warning XB110" in result.stderr and "data_collection_permissions" in result.stderr
    report = web_ext_lint(flagship / "build/firefox")
    assert {"KEY_FIREFOX_UNSUPPORTED_BY_MIN_VERSION", "KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION"} <= set(
        codes(report, "warnings")
    )


def test_the_oracle_can_fail(tmp_path: Path) -> None:
    """A manifest without data_collection_permissions and with eval in its code: web-ext must object."""
    (tmp_path / "background.js").write_text("eval('1 + 1');\n")
    (tmp_path / "manifest.json").write_text(
        json.dumps(
            {
                "manifest_version": 2,
                "name": "bad",
                "version": "1.0",
                "background": {"scripts": ["background.js"]},
                "browser_specific_settings": {"gecko": {"id": "bad@example.com"}},
            }
        )
    )
    report = web_ext_lint(tmp_path)
    found = set(codes(report, "errors")) | set(codes(report, "warnings"))
    assert "DANGEROUS_EVAL" in found or "NO_IMPLIED_EVAL" in found, found
    assert "MISSING_DATA_COLLECTION_PERMISSIONS" in found, found
