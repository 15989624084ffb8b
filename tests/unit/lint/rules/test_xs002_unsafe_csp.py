"""XS002 unsafe-csp. Where it fires (a posture, a raw Firefox override, MV3 and MV2 manifests), line by line:
tests/fixtures/lint/rules/XS002/XS002.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places
from toolchain.lint.csp import parse_policy


def test_fires_on_posture_forbidden_sources_and_unsafe_eval(project) -> None:
    ctx = project("security")
    # 'unsafe-eval' in the raw Firefox override ([targets.firefox.manifest]); [csp] extension_pages:
    # 'wasm-unsafe-eval', style-src 'unsafe-inline' (the posture forbids them; Chrome's MV3 build)
    assert {browser for _, _, browser in places(ctx, "XS002")} == {"firefox", "chrome"}
    assert sorted(f.message for f in findings(ctx, "XS002")) == [
        "script-src 'unsafe-eval' allows eval() and new Function",
        "script-src 'wasm-unsafe-eval': the posture forbids this source",
        "style-src 'unsafe-inline': the posture forbids this source",
    ]


def test_fires_on_plain_extensions(extension) -> None:
    assert [f.message for f in findings(extension("mv3-issues"), "XS002")] == [
        "script-src https://cdn.example.com allows remote scripts"
    ]
    assert [f.message for f in findings(extension("mv2-firefox"), "XS002")] == [  # the MV2 string
        "script-src 'unsafe-eval' allows eval() and new Function"
    ]


def test_near_misses(extension) -> None:
    # 'wasm-unsafe-eval' and style-src 'unsafe-inline' are fine without a posture that forbids them
    assert places(extension("mv3-clean"), "XS002") == set()


def test_parse_policy() -> None:
    assert parse_policy("script-src 'self'; object-src 'none' ;; SCRIPT-SRC *") == {
        "script-src": ["'self'"],
        "object-src": ["'none'"],
    }
