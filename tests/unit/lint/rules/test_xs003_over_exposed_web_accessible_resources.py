"""XS003 over-exposed-web-accessible-resources. Where it fires (a posture, MV3 groups, the flat MV2 list), line by
line: tests/fixtures/lint/rules/XS003/XS003.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places


def test_fires_on_a_glob_to_every_site_and_beyond_the_posture(project) -> None:
    ctx = project("security")
    # icons/* to <all_urls> (MV3 group in Chrome, the flat MV2 list in Firefox: one place); icons/icon-16.png is
    # exact and allowed by the posture
    assert len(places(ctx, "XS003")) == 1
    assert sorted(messages(ctx, "XS003")) == [
        "web-accessible `icons/*` is a wildcard exposed to every site",
        "web-accessible `icons/*` is beyond what the posture allows (`icons/icon-16.png`)",
    ]


def test_fires_on_plain_extensions(extension) -> None:
    assert messages(extension("mv3-issues"), "XS003") == ["web-accessible `*.js` is a wildcard exposed to every site"]
    assert messages(extension("mv2-firefox"), "XS003") == [  # MV2: every site
        "web-accessible `images/*` is a wildcard exposed to every site"
    ]


def test_near_misses(extension) -> None:
    assert places(extension("mv3-clean"), "XS003") == set()  # logo.png, one file
