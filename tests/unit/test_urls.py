"""toolchain.urls.is_remote_url: one answer where three copies disagreed (the source facts, the page scanner, XS001).

The cases each copy answered differently are the ones listed here; the comments say who answered what before.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolchain.urls import is_remote_url, url_scheme


@pytest.mark.parametrize(
    "url",
    [
        "https://cdn.example.com/x.js",
        "http://example.com/x.js",
        "HTTPS://EXAMPLE.COM/X.JS",
        "//cdn.example.com/x.js",  # protocol-relative
        "wss://example.com/socket",
        # other schemes: the facts said "not remote" (they knew http(s), ws(s) and // only); pages and XS001 said remote
        "ftp://example.com/x.js",
        "data:text/javascript,alert(1)",
        "blob:https://example.com/1234",
        "javascript:alert(1)",
        # surrounding whitespace: pages and XS001's manifest check did not strip it (" https://…" was a local path)
        "  https://cdn.example.com/x.js",
        "\nhttps://cdn.example.com/x.js\t",
    ],
)
def test_remote(url: str) -> None:
    assert is_remote_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "x.js",
        "./x.js",
        "../lib/x.js",
        "/x.js",  # root-absolute: the package's root
        "popup/index.html?tab=1#top",
        "",
        # the extension's own URLs: the facts and XS001's page check said "not remote"; pages and XS001's manifest
        # check said remote
        "chrome-extension://abcdefghijklmnop/x.js",
        "moz-extension://0b6f0a3e-0000-4000-8000-000000000000/x.js",
        "Chrome-Extension://abcdefghijklmnop/x.js",
        "safari-web-extension://abc/x.js",
        "  moz-extension://id/x.js  ",
    ],
)
def test_not_remote(url: str) -> None:
    assert not is_remote_url(url)


@pytest.mark.parametrize(
    ("url", "scheme"),
    [("HTTPS://x", "https"), (" chrome-extension://id/x.js", "chrome-extension"), ("x.js", None), ("//cdn/x", None),
     ("1http://x", None), ("a+b.c-d:x", "a+b.c-d")],
)  # fmt: skip
def test_url_scheme(url: str, scheme: str | None) -> None:
    assert url_scheme(url) == scheme


# --- the three places that ask, on the cases where they used to disagree -----------------------------------------
def test_source_facts_use_it(tmp_path: Path) -> None:
    from toolchain.analysis.extract import extract_file

    source = tmp_path / "worker.js"
    source.write_text(
        'importScripts("ftp://example.com/a.js");\n'  # was not remote for the facts
        'importScripts("chrome-extension://abcdefghijklmnop/b.js");\n'
        'import("moz-extension://id/c.js");\n'
        'import(" https://cdn.example.com/d.js");\n',
        encoding="utf-8",
    )
    facts = extract_file(source)
    assert [(fact.kind, fact.location.line) for fact in facts.dynamic_code] == [
        ("remote-script", 1),
        ("remote-import", 4),
    ]


def test_extension_pages_use_it(tmp_path: Path) -> None:
    from toolchain.plan.pages import scan_page

    html = (
        '<script src=" https://cdn.example.com/x.js"></script>\n'  # was read as a local file " https:/…"
        '<script src="chrome-extension://abcdefghijklmnop/y.js"></script>\n'  # was "remote script"
        '<script type="module" src="./index.ts"></script>\n'
    )
    (tmp_path / "index.ts").write_text("export {};\n", encoding="utf-8")
    scan = scan_page(html, tmp_path / "popup.html", "popup.html")
    assert [(problem.line, "remote script" in problem.message) for problem in scan.problems] == [(1, True)]
    assert [reference.value for reference in scan.references] == ["./index.ts"]


def test_xs001_uses_it(tmp_path: Path) -> None:
    from toolchain.lint.engine import run_rules
    from toolchain.lint.extension_targets import extension_context

    manifest = {
        "manifest_version": 2,
        "name": "remote",
        "version": "1.0",
        "background": {"scripts": ["chrome-extension://abcdefghijklmnop/bg.js", " https://cdn.example.com/bg.js"]},
        "content_scripts": [{"matches": ["https://example.com/*"], "js": ["ftp://example.com/cs.js"]}],
    }
    (tmp_path / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    (tmp_path / "page.html").write_text(
        '<script src="moz-extension://id/a.js"></script>\n<script src="data:text/javascript,1"></script>\n',
        encoding="utf-8",
    )
    found = run_rules(extension_context(tmp_path, None), ["XS001"], [])
    messages = sorted(finding.message for finding in found if finding.code == "XS001")
    assert messages == [
        "the manifest loads a remote script:  https://cdn.example.com/bg.js",
        "the manifest loads a remote script: ftp://example.com/cs.js",
        "the page loads a remote script: data:text/javascript,1",
    ]
