"""Findings MDN's examples showed to be false (tests/corpus/lint_triage/), each on a minimal fixture in
tests/fixtures/lint/precision/ that also holds the true case next to it, so the rule is shown to still fire."""

from __future__ import annotations

from pathlib import Path

from toolchain.lint.engine import run_rules
from toolchain.lint.known_libraries import library_of
from toolchain.lint.model import Finding
from toolchain.lint.targets import extension_context

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "lint" / "precision"


def _lint(name: str) -> list[Finding]:
    return run_rules(extension_context(FIXTURES / name), [], [])


def _places(findings: list[Finding], code: str) -> list[tuple[str | None, int | None]]:
    return [(f.path, f.line) for f in findings if f.code == code]


def test_execute_script_with_a_constant_code_string_is_not_dynamic_code() -> None:
    # line 8: paint()'s callers pass `let`s never assigned again; line 12: run()'s caller passes one that is
    # (reported); line 17: a literal; line 18: a const; line 20: code built from the page URL (reported)
    assert _places(_lint("constant-code"), "XS001") == [("background.js", 12), ("background.js", 20)]


def test_nothing_is_reported_inside_vendored_copies_of_known_libraries() -> None:
    findings = _lint("vendored-polyfill")
    # the polyfill's runtime.lastError probe (Firefox 47, minimum 45: XP007) and jQuery's innerHTML (XS007) are not
    # the extension's code; the extension's own string timer is
    assert [(f.code, f.path, f.line) for f in findings] == [("XS001", "background.js", 2)]
    vendor = FIXTURES / "vendored-polyfill" / "vendor"
    assert library_of(vendor / "browser-polyfill.min.js") == "webextension-polyfill"
    assert library_of(vendor / "jquery.min.js") == "jQuery"
    assert library_of(FIXTURES / "vendored-polyfill" / "background.js") is None


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
    findings = [f for f in _lint("web-accessible-globs") if f.code == "XS003"]
    exposed = sorted(f.message.split("`")[1] for f in findings)
    assert exposed == ["assets/*", "icons/*.svg", "pages/*.html"]  # not images/*.png, fonts/*.woff2


def test_a_send_once_the_content_script_is_injected_has_a_receiving_end() -> None:
    # line 3 (in mark, the handler of a successful injection) and line 9 (inline handler) are fine; line 10 sends to
    # a tab nothing was injected into
    assert _places(_lint("send-after-injection"), "XM005") == [("popup.js", 10)]
