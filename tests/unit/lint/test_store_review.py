"""Each error a store would reject names the store and the policy it rejects under, for the stores of the targets
it holds for: in the text output's closing block, and on each finding in JSON and SARIF (store_review.py)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from toolchain.cli import main
from toolchain.lint.store_review import REVIEW


def extension(tmp_path: Path, manifest: dict[str, object]) -> Path:
    folder = tmp_path / "extension"
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    (folder / "bg.js").write_text("eval(location.hash.slice(1));\n", encoding="utf-8")  # XS001
    return folder


def lint(folder: Path, *options: str) -> str:
    return CliRunner().invoke(main, ["lint", *options, str(folder)], catch_exceptions=False).output


def test_a_chrome_extension_names_the_chrome_web_store_s_violation_family(tmp_path: Path) -> None:
    manifest = {"manifest_version": 3, "name": "Evaluator", "version": "1", "background": {"service_worker": "bg.js"}}
    folder = extension(tmp_path, manifest)
    output = lint(folder)
    assert "Store review: what a reviewer would reject\n" in output, output
    assert "  Chrome Web Store — Blue Argon: remotely hosted code: XS001\n" in output, output
    assert "addons.mozilla.org" not in output.split("Store review")[1], output  # no Firefox target
    [finding] = [f for f in json.loads(lint(folder, "--format", "json")) if f["code"] == "XS001"]
    assert finding["stores"] == ["Chrome Web Store"]
    assert [r["policy"] for r in finding["store_review"]] == ["Blue Argon: remotely hosted code"]


def test_a_firefox_extension_names_amo_s_policy_and_not_chrome_s(tmp_path: Path) -> None:
    gecko = {"gecko": {"id": "evaluator@example.com", "data_collection_permissions": {"required": ["none"]}}}
    manifest = {
        "manifest_version": 2,  # Firefox only: Chrome no longer runs Manifest V2
        "name": "Evaluator",
        "version": "1",
        "background": {"scripts": ["bg.js"]},
        "browser_specific_settings": gecko,
    }
    output = lint(extension(tmp_path, manifest))
    assert "  addons.mozilla.org — Add-on Policies: no remote or obfuscated code: XS001\n" in output, output
    assert "Chrome Web Store" not in output, output


def test_warnings_and_clean_runs_name_no_store(tmp_path: Path) -> None:
    folder = extension(
        tmp_path, {"manifest_version": 3, "name": "Quiet", "version": "1", "background": {"service_worker": "bg.js"}}
    )
    (folder / "bg.js").write_text("console.log('ready');\n", encoding="utf-8")
    assert lint(folder) == "All checks passed.\n"


def test_only_error_codes_are_listed_and_each_exists() -> None:
    from toolchain.lint import catalog

    for code in REVIEW:
        known = catalog.find(code)
        assert known is not None and known.severity == "error", code
