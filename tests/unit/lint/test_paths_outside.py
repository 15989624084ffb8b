"""XL010: a manifest (or page) name that leaves the extension is reported, and xtk never reads the file it names
(issue 17, item 7). Fixture: tests/fixtures/lint/extensions/paths-outside, whose `../../outside/secret.js` (and its
link `linked.js`) would be XP001 and XS001 if xtk read it."""

from __future__ import annotations

import builtins
import json
import pathlib
from pathlib import Path

import pytest

from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context
from toolchain.lint.model import Finding

REPO = Path(__file__).resolve().parents[3]
FIXTURE = REPO / "tests" / "fixtures" / "lint" / "extensions" / "paths-outside"
OUTSIDE = REPO / "tests" / "fixtures" / "lint" / "outside"


def summary(finding: Finding) -> str:
    """`place name-and-value — why`, the stable part of an XL010 message."""
    head = finding.message.split("`: ", 1)[0] + "`"
    reasons = {
        "climbs out": "climbs out",
        "Windows disk": "disk path",
        "`file:` URL": "file URL",
        "symbolic link": "link out",
        "a locale is": "locale",
    }
    why = next(label for text, label in reasons.items() if text in finding.message)
    return f"{finding.path}:{finding.line}:{finding.column} {head} — {why}"


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file opened for reading while the test runs (through pathlib or open())."""
    opened: list[Path] = []
    real_open = builtins.open
    real_path_open = pathlib.Path.open

    def spy_open(file, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(file, (str, Path)) and "r" in mode:
            opened.append(Path(file).resolve())
        return real_open(file, mode, *args, **kwargs)

    def spy_path_open(self, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
        if "r" in mode:
            opened.append(self.resolve())
        return real_path_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(pathlib.Path, "open", spy_path_open)
    return opened


def test_every_name_that_leaves_the_extension_is_reported_with_its_key_and_line() -> None:
    found = [f for f in run_rules(extension_context(FIXTURE), [], []) if f.code == "XL010"]
    assert [summary(f) for f in found] == [
        'manifest.json:7:5 `icons["16"]` names `../outside/icon16.png` — climbs out',
        "manifest.json:10:19 `background.service_worker` names `../../outside/worker.js` — climbs out",
        "manifest.json:14:28 `content_scripts[0].js[1]` names `../../outside/secret.js` — climbs out",
        "manifest.json:14:55 `content_scripts[0].js[2]` names `linked.js` — link out",
        "manifest.json:15:15 `content_scripts[0].css[0]` names `C:\\Users\\me\\style.css` — disk path",
        "manifest.json:18:15 `action.default_popup` names `file:///etc/passwd` — file URL",
        "manifest.json:22:21 `web_accessible_resources[0].resources[0]` names `sub/../../outside/*.png` — climbs out",
        "manifest.json:24:3 `default_locale` names `../en` — locale",
        "options.html:5:18 the page loads `linked.js` — link out",
    ]
    assert all(f.severity == "error" for f in found)
    # what each browser does is said, not guessed: Firefox's URL resolution keeps `..` inside the root
    assert "Firefox reads `outside/secret.js` inside the extension instead" in found[2].message
    assert "to `../../outside/secret.js`" in found[3].message
    assert "a zip of the folder holds other bytes" in found[3].message


def test_xtk_never_reads_a_file_outside_the_extension(reads: list[Path]) -> None:
    ctx = extension_context(FIXTURE)
    findings = run_rules(ctx, [], [])
    root = FIXTURE.resolve()
    assert not [path for path in reads if path.is_relative_to(OUTSIDE.resolve())]
    assert all(path.is_relative_to(root) for path in ctx.facts), sorted(ctx.facts)
    assert {path.name for path in ctx.facts} == {"content.js", "options.js"}
    # secret.js would be XP001 (history) and XS001 (eval); `alarms` looks unused only if the scripts not read are
    # forgotten: the verdict of absence is withheld, as for a missing script (XL005)
    assert not [f for f in findings if f.code in ("XP001", "XS001", "XP002")], findings
    assert not [f for f in findings if f.path and ("outside" in f.path or f.path.startswith("/"))], findings


def write_extension(folder: Path, manifest: dict[str, object], files: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_absolute_names_are_read_from_the_extension_root_never_from_the_disk(tmp_path: Path, reads: list[Path]) -> None:
    """`/abs/path/secret.js` in the manifest and in a page, and `import '../../../…'` in a module: browsers read
    them inside the extension (the root, or no higher than it), so xtk does too — and never the file on disk."""
    secret = tmp_path / "disk" / "secret.js"
    secret.parent.mkdir()
    secret.write_text('chrome.history.search({ text: "" }); eval(location.hash);\n', encoding="utf-8")
    climbs = "../" * (len(tmp_path.parts) + 2) + str(secret).lstrip("/")
    extension = write_extension(
        tmp_path / "ext",
        {
            "manifest_version": 3,
            "name": "absolute",
            "version": "1",
            "background": {"service_worker": "bg.js", "type": "module"},
            "content_scripts": [{"matches": ["https://example.com/*"], "js": [str(secret)]}],
            "action": {"default_popup": "popup.html"},
        },
        {
            "bg.js": f'import "{climbs}";\nimport "./lib/../../lib/helper.js";\n',
            "lib/helper.js": "export const helper = 1;\n",
            "popup.html": f'<script src="{secret}"></script><script src="../../popup.js"></script>\n',
            "popup.js": "document.title = 'popup';\n",
        },
    )
    ctx = extension_context(extension)
    findings = run_rules(ctx, [], [])
    assert secret.resolve() not in reads
    names = {path.relative_to(extension.resolve()).as_posix() for path in ctx.facts}
    assert names == {"bg.js", "lib/helper.js", "popup.js"}  # `../../popup.js` from the root is popup.js
    assert not [f for f in findings if f.code in ("XP001", "XS001", "XL010")], findings
    missing = [f.message for f in findings if f.code == "XL005"]
    assert missing and missing[0].startswith(f"`{str(secret).lstrip('/')}` (content script named in the manifest)")


def test_a_symlink_loop_in_the_folder_is_a_located_input_error(tmp_path: Path) -> None:
    """Resolving a looped link raises: before, `xtk lint` said "internal error: RuntimeError"."""
    from click.testing import CliRunner

    from toolchain.cli import main

    extension = write_extension(
        tmp_path / "ext",
        {
            "manifest_version": 3,
            "name": "loop",
            "version": "1",
            "content_scripts": [{"matches": ["https://example.com/*"], "js": ["a.js"]}],
        },
        {},
    )
    (extension / "a.js").symlink_to("b.js")
    (extension / "b.js").symlink_to("a.js")
    result = CliRunner().invoke(main, ["lint", str(extension)], catch_exceptions=False)
    assert result.exit_code == 2, result.output
    assert "a.js: error: a symbolic link loop (it leads back to itself)" in result.output
    assert "(and b.js)" in result.output and "internal error" not in result.output


def test_names_no_file_can_have_are_findings_not_crashes(tmp_path: Path) -> None:
    """A NUL character, or a name longer than a system allows, in the manifest, a page or the code: before, each
    was "internal error: ValueError: embedded null byte" or "OSError: File name too long"."""
    from click.testing import CliRunner

    from toolchain.cli import main

    long = "x" * 5000
    extension = write_extension(
        tmp_path / "ext",
        {
            "manifest_version": 3,
            "name": "names",
            "version": "1",
            "permissions": ["scripting", "activeTab"],
            "icons": {"16": "a\u0000.png"},
            "background": {"service_worker": "bg.js", "type": "module"},
            "content_scripts": [{"matches": ["https://example.com/*"], "js": [f"{long}.js"]}],
            "options_page": "options.html",
            "web_accessible_resources": [{"resources": [f"{long}.png"], "matches": ["https://example.com/*"]}],
        },
        {
            "bg.js": f'import "./{long}.js";\nchrome.runtime.getURL("{long}.html");\n'
            f'chrome.scripting.executeScript({{ target: {{ tabId: 1 }}, files: ["{long}.js"] }});\n'
            f'importScripts("{long}.js");\nchrome.tabs.create({{ url: "{long}.html" }});\n',
            "options.html": '<script src="' + "y/" * 3000 + 'z.js"></script>\n',
        },
    )
    result = CliRunner().invoke(main, ["lint", str(extension), "--select", "XL010"], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
    lines = [line for line in result.output.splitlines() if "XL010" in line]
    assert len(lines) == 3, result.output
    assert '`icons["16"]` names `a\\x00.png`: no file can have this name' in lines[0]
    cut = f"`content_scripts[0].js[0]` names `{'x' * 120}… (5,003 characters)`: no file can have this name"
    assert cut in lines[1]
    every_rule = CliRunner().invoke(main, ["lint", str(extension)], catch_exceptions=False)
    assert every_rule.exit_code == 1 and "internal error" not in every_rule.output, every_rule.output
    assert "XL007 web-accessible" in every_rule.output  # the long names are not in the package: said, not a crash


def test_a_manifest_linked_from_outside_is_not_read(tmp_path: Path, reads: list[Path]) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text('{"manifest_version": 3, "name": "not the extension\'s", "version": "1"}', encoding="utf-8")
    extension = tmp_path / "ext"
    extension.mkdir()
    (extension / "manifest.json").symlink_to(secret)
    from toolchain.diagnostics import InputError

    with pytest.raises(InputError) as raised:
        extension_context(extension)
    assert "manifest.json: error: a symbolic link out of the extension (to ../secret.json)" in str(raised.value)
    assert secret.resolve() not in reads
