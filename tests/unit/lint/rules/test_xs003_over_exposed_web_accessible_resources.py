"""XS003 over-exposed-web-accessible-resources (beyond the posture) and XS009 wildcard-web-accessible-resources (a
glob to every site). Line by line: tests/fixtures/lint/rules/XS003/XS003.snap and XS009/XS009.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places


def test_fires_beyond_the_posture_and_warns_on_a_glob_to_every_site(project) -> None:
    ctx = project("security")
    # icons/* to <all_urls> (MV3 group in Chrome, the flat MV2 list in Firefox: one place); icons/icon-16.png is
    # exact and allowed by the posture
    assert len(places(ctx, "XS003")) == 1
    assert messages(ctx, "XS003") == [
        "web-accessible `icons/*` is beyond what the posture allows (`icons/icon-16.png`)"
    ]
    assert messages(ctx, "XS009") == ["web-accessible `icons/*` is a wildcard exposed to every site"]


def test_a_glob_to_every_site_is_a_warning_in_plain_extensions(extension) -> None:
    assert messages(extension("mv3-issues"), "XS009") == ["web-accessible `*.js` is a wildcard exposed to every site"]
    assert messages(extension("mv2-firefox"), "XS009") == [  # MV2: every site
        "web-accessible `images/*` is a wildcard exposed to every site"
    ]
    assert messages(extension("mv3-issues"), "XS003") == []  # no posture: nothing is beyond it


def test_near_misses(extension) -> None:
    assert places(extension("mv3-clean"), "XS009") == set()  # logo.png, one file
