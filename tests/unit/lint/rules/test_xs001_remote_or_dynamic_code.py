"""XS001 remote-or-dynamic-code. Where it fires (eval, string timers, new Function, a module checked but not bundled,
remote page scripts) and where not, line by line: tests/fixtures/lint/rules/XS001/XS001.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places


def test_fires_on_eval_string_timers_and_unbundled_modules(project) -> None:
    ctx = project("security")
    # eval(code); setTimeout('run()'), whose suppression has no reason (XL001); new Function in a module checked but
    # not bundled. The popup's innerHTML = computed is XS007's now
    assert {path for path, _, _ in places(ctx, "XS001")} == {"src/background/index.ts", "src/shared/conformance.ts"}
    assert len(findings(ctx, "XS001")) == 3
    assert {f.severity for f in findings(ctx, "XS001")} == {"error"}


def test_fires_on_remote_scripts_of_plain_extension_pages(extension) -> None:
    assert {path for path, _, _ in places(extension("mv3-issues"), "XS001")} == {"background.js", "popup.html"}
    remote = next(f for f in findings(extension("mv3-issues"), "XS001") if f.path == "popup.html")
    assert remote.message == "the page loads a remote script: https://cdn.example.com/lib.js" and remote.column == 1


def test_near_misses(extension) -> None:
    # setTimeout with a function, import('./lazy') (security); the suppressed import(runtime.getURL(...)) is
    # tested in test_suppressions.py; mv3-clean's timers, imports and textContent
    assert places(extension("mv3-clean"), "XS001") == set()
    assert places(extension("mv2-firefox"), "XS001") == set()
