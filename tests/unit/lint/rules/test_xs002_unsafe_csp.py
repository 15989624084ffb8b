"""XS002 unsafe-csp."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places
from toolchain.lint.rules.xs002_unsafe_csp import parse_policy


def test_fires_on_posture_forbidden_sources_and_unsafe_eval(project) -> None:
    ctx = project("security")
    assert places(ctx, "XS002") == {
        ("xtk.toml", 18, "firefox"),  # 'unsafe-eval' in the raw Firefox override ([targets.firefox.manifest])
        ("xtk.toml", 40, "chrome"),  # [csp] extension_pages: 'wasm-unsafe-eval', style-src 'unsafe-inline' (posture)
    }
    assert sorted(f.message for f in findings(ctx, "XS002")) == [
        "script-src 'unsafe-eval' allows eval() and new Function",
        "script-src 'wasm-unsafe-eval': the posture forbids this source",
        "style-src 'unsafe-inline': the posture forbids this source",
    ]


def test_fires_on_plain_extensions(extension) -> None:
    assert [f.message for f in findings(extension("mv3-issues"), "XS002")] == [
        "script-src https://cdn.example.com allows remote scripts"
    ]
    assert places(extension("mv2-firefox"), "XS002") == {("manifest.json", 8, None)}  # the MV2 string


def test_near_misses(extension) -> None:
    # 'wasm-unsafe-eval' and style-src 'unsafe-inline' are fine without a posture that forbids them
    assert places(extension("mv3-clean"), "XS002") == set()


def test_parse_policy() -> None:
    assert parse_policy("script-src 'self'; object-src 'none' ;; SCRIPT-SRC *") == {
        "script-src": ["'self'"],
        "object-src": ["'none'"],
    }
