"""XS004 content-script-load-time-work (projects whose posture says content scripts are inert). Where it fires and
where not, line by line: tests/fixtures/lint/rules/XS004/XS004.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places


def test_fires_on_work_at_load_in_the_content_script_and_what_it_imports(project) -> None:
    ctx = project("security")
    # document.title at the content script's top level; document.querySelectorAll in a shared module it imports.
    # Not: Date.now() (pure), the function only the handler calls, the listener registration, constants
    assert {path for path, _, _ in places(ctx, "XS004")} == {"src/content/index.ts", "src/shared/heavy.ts"}
    assert len(places(ctx, "XS004")) == 2
    assert messages(ctx, "XS004")[0].startswith("document.title runs when the content script loads (dom-read)")


def test_near_misses(project) -> None:
    # the protocol fixture's content script reads the page at load too, but has no posture saying it is inert
    assert places(project("protocol"), "XS004") == set()
    # the popup of the security fixture works at load (void show(...)): not a content script
    assert not any(path.startswith("src/popup") for path, _, _ in places(project("security"), "XS004"))
