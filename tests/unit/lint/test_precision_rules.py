"""Findings MDN's examples showed to be false (tests/corpus/lint_triage/), each on a minimal fixture in
tests/fixtures/lint/precision/ that also holds the true case next to it, so the rule is shown to still fire."""

from __future__ import annotations

from pathlib import Path

from tests.unit.lint.rules.support import AMO_LISTING
from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context
from toolchain.lint.known_libraries import Library, library_of
from toolchain.lint.model import Finding

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "lint" / "precision"


def _lint(name: str) -> list[Finding]:
    # the fixtures' minimal manifests are about the code: AMO's requirements of a listed add-on are not asked here
    return run_rules(extension_context(FIXTURES / name), [], list(AMO_LISTING))


def _places(findings: list[Finding], code: str) -> list[tuple[str | None, int | None]]:
    return [(f.path, f.line) for f in findings if f.code == code]


def test_execute_script_with_a_constant_code_string_is_not_dynamic_code() -> None:
    # line 8: paint()'s callers pass `let`s never assigned again; line 12: run()'s caller passes one that is
    # (reported); line 17: a literal; line 18: a const; line 20: code built from the page URL (reported)
    assert _places(_lint("constant-code"), "XS001") == [("background.js", 12), ("background.js", 20)]


def test_nothing_is_reported_inside_vendored_copies_of_known_libraries() -> None:
    findings = _lint("vendored-polyfill")
    # vendor/: npm's jQuery 3.7.1 and webextension-polyfill 0.12.0 (the polyfill as a Windows checkout vendors it:
    # CRLF, its source-map comment dropped). Their internals (the polyfill's runtime.lastError probe, Firefox 47
    # with a minimum of 45: XP007; jQuery's innerHTML: XS007) are not the extension's code: only named (XL008).
    # forged/: the same banners over other code claim to be those libraries and are linted as the extension's own
    # (XL009 says why). The extension's own string timer is reported.
    assert sorted((f.code, f.path, f.line) for f in findings) == [
        ("XL008", "vendor/browser-polyfill.min.js", None),
        ("XL008", "vendor/jquery.min.js", None),
        ("XL009", "forged/browser-polyfill.min.js", None),
        ("XL009", "forged/jquery.min.js", None),
        ("XL019", "manifest.json", 5),  # warning: a minimum of 45 predates Firefox's stable WebExtensions (48)
        ("XP007", "forged/browser-polyfill.min.js", 2),  # the alias's declaration…
        ("XP011", "forged/browser-polyfill.min.js", 2),  # …and its read, under `if (error)`: derived from the API
        ("XS001", "background.js", 2),
        ("XS007", "forged/jquery.min.js", 2),
    ]
    notes = {f.path: f.message for f in findings if f.code == "XL008"}
    assert notes["vendor/jquery.min.js"].startswith("jQuery 3.7.1 (dist/jquery.min.js of npm's jquery)")
    assert notes["vendor/browser-polyfill.min.js"].startswith("webextension-polyfill 0.12.0")
    assert all(f.severity == "note" for f in findings if f.code in ("XL008", "XL009"))
    vendor, forged = FIXTURES / "vendored-polyfill" / "vendor", FIXTURES / "vendored-polyfill" / "forged"
    assert library_of(vendor / "jquery.min.js").version == "3.7.1"
    assert library_of(forged / "jquery.min.js") == Library("jQuery", None)
    assert library_of(FIXTURES / "vendored-polyfill" / "background.js") is None


def test_a_known_library_alone_passes_with_notes(tmp_path: Path) -> None:
    from tests.conftest import run_xtk

    folder = tmp_path / "ext"
    (folder / "vendor").mkdir(parents=True)
    source = FIXTURES / "vendored-polyfill" / "vendor" / "jquery.min.js"
    (folder / "vendor" / "jquery.min.js").write_bytes(source.read_bytes().replace(b"\n", b"\r\n"))
    (folder / "manifest.json").write_text(
        '{"manifest_version": 3, "name": "x", "version": "1.0", "action": {"default_popup": "popup.html"}}'
    )
    (folder / "popup.html").write_text('<script src="vendor/jquery.min.js"></script>')
    result = run_xtk("lint", str(folder), cwd=tmp_path)
    assert result.code == 0, result.output  # a note asks for no change
    assert result.stdout.endswith("All checks passed (1 note).\n") and "XL008 jQuery 3.7.1" in result.stdout


def test_firefox_mv2_user_scripts_need_the_manifest_key_not_a_permission() -> None:
    assert _places(_lint("firefox-legacy-user-scripts"), "XP001") == []


def test_a_send_whose_rejection_every_caller_catches_is_handled() -> None:
    # line 2: awaited in sendCaught, called inside try/catch; line 5: returned, the caller chains .catch();
    # line 8: the caller does not catch; line 12: its callers catch, but it is exported (called from unseen places);
    # line 16: a helper that drops the promise (`void`): its caller's try/catch cannot see the rejection
    assert _places(_lint("rejection-to-caller"), "XM005") == [("popup.js", 8), ("popup.js", 12), ("popup.js", 16)]


def test_an_api_partially_implemented_before_its_current_statement_exists_from_then() -> None:
    from toolchain.lint import knowledge

    # BCD: Firefox 55-139 themes only (partial), 140 any extension (partial): the function is there from 55
    assert knowledge.available("management.setEnabled", "firefox", "55.0a1", 2) == (True, None)
    ok, why = knowledge.available("management.setEnabled", "firefox", "54.0", 2)
    assert not ok and "Firefox 55" in (why or "")
    # a restriction told only in notes is not followed: Chrome 118-126 had it for policy-installed extensions only
    ok, why = knowledge.available("action.openPopup", "chrome", "120", 3)
    assert not ok and "127" in (why or "")


def test_a_glob_matching_only_images_fonts_or_media_of_one_type_is_not_over_exposed() -> None:
    findings = [f for f in _lint("web-accessible-globs") if f.code == "XS009"]
    exposed = sorted(f.message.split("`")[1] for f in findings)
    assert exposed == ["assets/*", "icons/*.svg", "pages/*.html"]  # not images/*.png, fonts/*.woff2


def test_a_send_once_the_content_script_is_injected_has_a_receiving_end() -> None:
    # line 3 (in mark, the handler of a successful injection) and line 9 (inline handler) are fine; line 10 sends to
    # a tab nothing was injected into
    assert _places(_lint("send-after-injection"), "XM005") == [("popup.js", 10)]
