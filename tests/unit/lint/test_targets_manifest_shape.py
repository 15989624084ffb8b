"""`xtk lint` on manifests of the wrong shape (issue "Nothing lost, nothing leaked", item 10): a value of the wrong
type is an error (XL025) naming manifest.json, the line and the key, and lint reads on without it; a manifest that
cannot be read at all is bad input, exit 2 — never "internal error", never a pass. And a project gets the verdict
`xtk build` gives it: lint checks the manifests against the same schemas."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolchain.cli import main
from toolchain.lint.schema_verdicts import key_path

REPO = Path(__file__).resolve().parents[3]
NODE_MODULES = REPO / "extension_src" / "node_modules"
HEAD = '{\n  "manifest_version": 3, "name": "x", "version": "1",\n'

#: (the manifest's third line, the pointer of its bad value). The bad value is always on line 3.
WRONG_SHAPES = [
    ('"background": 5', "/background"),
    ('"background": {"service_worker": 5}', "/background/service_worker"),
    ('"background": {"scripts": "bg.js"}', "/background/scripts"),
    ('"background": {"scripts": [5]}', "/background/scripts/0"),
    ('"background": {"page": ["p.html"]}', "/background/page"),
    ('"content_scripts": "x"', "/content_scripts"),
    ('"content_scripts": ["c.js"]', "/content_scripts/0"),
    ('"content_scripts": [{"js": "c.js", "matches": ["<all_urls>"]}]', "/content_scripts/0/js"),
    ('"content_scripts": [{"js": ["c.js"], "matches": "<all_urls>"}]', "/content_scripts/0/matches"),
    ('"content_scripts": {"js": ["c.js"]}', "/content_scripts"),
    ('"permissions": {"a": 1}', "/permissions"),
    ('"permissions": "tabs"', "/permissions"),
    ('"permissions": [42]', "/permissions/0"),
    ('"optional_permissions": [null]', "/optional_permissions/0"),
    ('"host_permissions": "https://example.com/*"', "/host_permissions"),
    ('"optional_host_permissions": [{}]', "/optional_host_permissions/0"),
    ('"action": []', "/action"),
    ('"action": {"default_popup": 5}', "/action/default_popup"),
    ('"browser_action": "popup.html"', "/browser_action"),
    ('"options_ui": "options.html"', "/options_ui"),
    ('"options_page": ["options.html"]', "/options_page"),
    ('"side_panel": {"default_path": true}', "/side_panel/default_path"),
    ('"sidebar_action": 5', "/sidebar_action"),
    ('"devtools_page": {}', "/devtools_page"),
    ('"sandbox": {"pages": "sandbox.html"}', "/sandbox/pages"),
    ('"chrome_url_overrides": {"newtab": 5}', "/chrome_url_overrides/newtab"),
    ('"content_security_policy": 5', "/content_security_policy"),
    ('"content_security_policy": {"extension_pages": 7}', "/content_security_policy/extension_pages"),
    ('"web_accessible_resources": 5', "/web_accessible_resources"),
    ('"web_accessible_resources": [3]', "/web_accessible_resources/0"),
    (
        '"web_accessible_resources": [{"resources": "*", "matches": ["<all_urls>"]}]',
        "/web_accessible_resources/0/resources",
    ),
    ('"browser_specific_settings": 5', "/browser_specific_settings"),
    ('"browser_specific_settings": {"gecko": 5}', "/browser_specific_settings/gecko"),
    (
        '"browser_specific_settings": {"gecko": {"strict_min_version": 109}}',
        "/browser_specific_settings/gecko/strict_min_version",
    ),
    ('"applications": {"gecko": "a@b"}', "/applications/gecko"),
    ('"minimum_chrome_version": ["100"]', "/minimum_chrome_version"),
]

#: (manifest.json's bytes, what the message says, the line:column it names)
UNREADABLE = [
    (b"[]", "a manifest must be a JSON object {...}, not array", "1:1"),
    (b'"manifest"', "a manifest must be a JSON object {...}, not string", "1:1"),
    (b"null", "not null", "1:1"),
    (b'{\n  "manifest_version": 3,\n  "name": "x",,\n}', "invalid JSON", "3:15"),
    (b'{\n  "name": "caf\xe9"\n}', "not valid UTF-8 (byte 0xE9)", "2:15"),
    (b"\xff\xfe{\x00}\x00", "the manifest is UTF-16", ""),
    (b"", "the manifest is empty", ""),
]


def lint(folder: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["lint", str(folder)], catch_exceptions=False)
    return result.exit_code, result.output


def extension(tmp_path: Path, manifest: bytes) -> Path:
    folder = tmp_path / "extension"
    folder.mkdir()
    (folder / "manifest.json").write_bytes(manifest)
    for name in ("bg.js", "c.js"):
        (folder / name).write_text("chrome.tabs.query({});\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(("line", "pointer"), WRONG_SHAPES, ids=[pointer for _, pointer in WRONG_SHAPES])
def test_every_wrong_shape_is_an_error_located_at_its_key(tmp_path: Path, line: str, pointer: str) -> None:
    code, output = lint(extension(tmp_path, (HEAD + "  " + line + "\n}\n").encode()))
    assert code == 1, output
    assert "manifest.json:3:" in output and f" XL025 `{key_path(pointer)}`: expected " in output, output
    assert output.count(" XL025 ") == 1, output
    assert "internal error" not in output and "Traceback" not in output


def test_lint_reads_on_past_a_wrong_type_and_withholds_what_it_could_change(tmp_path: Path) -> None:
    """The other defects are reported in the same run (a misspelled key beside a wrong type); an API is not said to
    lack a permission that the unreadable list may grant, and Firefox's "required key missing" is not a second
    finding for a manifest_version of the wrong type."""
    text = (
        '{\n  "manifest_version": "2", "name": "x", "version": "1",\n  "permissions": "storage",\n'
        '  "background": {"scripts": ["bg.js"]}, "option_ui": {"page": "o.html"},\n'
        '  "browser_specific_settings": {"gecko": {"id": "x@example.com"}}\n}\n'
    )
    folder = extension(tmp_path, text.encode())
    (folder / "bg.js").write_text("chrome.storage.local.get('a');\n", encoding="utf-8")
    code, output = lint(folder)
    assert code == 1, output
    assert "manifest.json:2:3: XL025 `manifest_version`: expected integer, got string" in output, output
    assert "manifest.json:3:3: XL025 `permissions`: expected array, got string" in output, output
    assert 'unknown key "option_ui" (did you mean "options_ui"?)' in output, output  # XL018, read on
    assert " XP001 " not in output and "manifest_version` is missing" not in output, output
    assert '"manifest_version" is missing' not in output, output


@pytest.mark.parametrize(("data", "message", "where"), UNREADABLE, ids=[m for _, m, _ in UNREADABLE])
def test_every_unreadable_manifest_is_bad_input_naming_the_file(
    tmp_path: Path, data: bytes, message: str, where: str
) -> None:
    code, output = lint(extension(tmp_path, data))
    assert code == 2, output
    assert output.startswith(f"manifest.json:{where}" if where else "manifest.json"), output
    assert message in output and "internal error" not in output and "Traceback" not in output


def test_a_manifest_that_cannot_be_read_is_bad_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = extension(tmp_path, (HEAD + '  "background": {}\n}\n').encode())
    real_read = Path.read_bytes

    def failing_read(path: Path) -> bytes:
        if path.name == "manifest.json":
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real_read(path)

    monkeypatch.setattr(Path, "read_bytes", failing_read)
    code, output = lint(folder)
    assert code == 2 and output.startswith("manifest.json: error: cannot read the manifest: Input/output error"), output


def test_a_manifest_of_the_right_shape_still_lints(tmp_path: Path) -> None:
    """The shape check refuses wrong types only: keys it does not read and browser-specific values pass."""
    text = (
        HEAD
        + '  "permissions": ["tabs", {"fileSystem": ["write"]}], "content_security_policy": "script-src \'self\'",\n'
    )
    text += '  "background": {"scripts": ["bg.js"]}, "web_accessible_resources": ["a.png"], "whatever": 5,\n'
    text += '  "browser_specific_settings": {"gecko": {"id": "x@example.com"}}\n}\n'  # MV3 for Firefox: an ID (XL014)
    folder = extension(tmp_path, text.encode())
    (folder / "a.png").write_bytes(b"PNG")  # the web-accessible file is there (XL007 otherwise)
    code, output = lint(folder)
    # the shape lint reads passes (no exit 2); what Firefox's schema says of this MV3 manifest is reported
    assert code == 1, output
    codes = {line.split(" ")[1] for line in output.splitlines() if line.startswith("manifest.json:")}
    assert codes == {"XL016", "XL017", "XL018"}, output
    assert "`content_security_policy`: must be an object" in output  # Firefox refuses a string in MV3


@pytest.mark.skipif(not (NODE_MODULES / "esbuild").is_dir(), reason="extension_src/node_modules is missing (npm ci)")
@pytest.mark.node  # builds a project with esbuild
def test_a_project_gets_the_verdict_xtk_build_gives_it(tmp_path: Path) -> None:
    """A raw manifest override the schema rejects: build refuses it (exit 2); lint used to pass it (validate=False)."""
    project = tmp_path / "permissions"
    shutil.copytree(REPO / "tests" / "fixtures" / "lint" / "projects" / "permissions", project)
    (project / "node_modules").symlink_to(NODE_MODULES, target_is_directory=True)
    config = project / "xtk.toml"
    text = config.read_text(encoding="utf-8")
    assert "\n[targets.chrome.manifest]\n" in text  # the fixture's raw override, which the schema judges
    config.write_text(
        text.replace("\n[targets.chrome.manifest]\n", "\n[targets.chrome.manifest]\nbackground = 5\n"), encoding="utf-8"
    )
    runner = CliRunner()
    built = runner.invoke(main, ["build", "--project", str(project), "--no-typecheck"], catch_exceptions=False)
    linted = runner.invoke(main, ["lint", str(project)], catch_exceptions=False)
    assert built.exit_code == 2, built.output
    assert linted.exit_code == 2, linted.output
    expected = "error: [chrome] /background: generated manifest violates chrome-mv3: expected object, got number"
    assert expected in built.output and expected in linted.output, (built.output, linted.output)
