"""D15: one URL identity for every scheme a page can have, computed from the parsed URL, never from `URL.origin`."""

from __future__ import annotations

import pytest
from docmind_reference.url import check_stale, parse_url_identity

EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop"
FIREFOX_UUID = "0d5c4b1e-1b0a-4c9e-9d8f-2f3a4b5c6d7e"


@pytest.mark.parametrize(
    ("url", "origin", "pathname", "full"),
    [
        ("https://example.com:443/a?lang=en", "https://example.com", "/a", "https://example.com/a?lang=en"),
        ("http://example.com:8080/a", "http://example.com:8080", "/a", "http://example.com:8080/a"),
        ("file:///home/me/a.html#x", "file://", "/home/me/a.html", "file:///home/me/a.html"),
        ("file:/a.html", "file://", "/a.html", "file:///a.html"),
        ("data:text/html,<p>hi</p>", "data:", "text/html,<p>hi</p>", "data:text/html,<p>hi</p>"),
        ("blob:https://example.com/1234", "blob:", "https://example.com/1234", "blob:https://example.com/1234"),
        ("about:blank", "about:", "blank", "about:blank"),
        ("about:srcdoc?page=2", "about:", "srcdoc", "about:srcdoc?page=2"),
        (
            f"chrome-extension://{EXTENSION_ID}/popup.html",
            f"chrome-extension://{EXTENSION_ID}",
            "/popup.html",
            f"chrome-extension://{EXTENSION_ID}/popup.html",
        ),
        (
            f"moz-extension://{FIREFOX_UUID}/popup.html",
            f"moz-extension://{FIREFOX_UUID}",
            "/popup.html",
            f"moz-extension://{FIREFOX_UUID}/popup.html",
        ),
        ("web+demo:///x", "web+demo://", "/x", "web+demo:///x"),
        (
            "web+demo:/.//not-a-host/",
            "web+demo:",
            "//not-a-host/",
            "web+demo://not-a-host/",
        ),  # origin differs from //not-a-host/'s
    ],
)
def test_the_identity_origin_is_the_scheme_and_host_for_every_scheme(
    url: str, origin: str, pathname: str, full: str
) -> None:
    identity = parse_url_identity(url)
    assert (identity["origin"], identity["pathname"], identity["full"]) == (origin, pathname, full)


def test_no_identity_is_the_opaque_null_origin() -> None:
    # URL.origin is "null" for all of these (and, in Firefox and Node, for file: and extension pages too)
    urls = ["file:///a", "data:,x", "about:blank", f"chrome-extension://{EXTENSION_ID}/p.html", "web+demo://h/x"]
    assert all(parse_url_identity(url)["origin"] != "null" for url in urls)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("data:text/html,<p>one</p>", "data:text/html,<p>two</p>"),
        ("web+demo://one/x", "web+demo://two/x"),
        ("about:blank", "about:srcdoc"),
        ("file:///a.html", "http://localhost/a.html"),
        (f"chrome-extension://{EXTENSION_ID}/p.html", "chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba/p.html"),
    ],
)
def test_pages_that_shared_the_null_origin_are_told_apart(first: str, second: str) -> None:
    assert check_stale(parse_url_identity(first), parse_url_identity(second), 0) == {
        "stale": True,
        "reason": "path-changed",
    }


def test_the_same_file_page_is_not_stale_across_fragments() -> None:
    assert check_stale(parse_url_identity("file:///a.html#one"), parse_url_identity("file:///a.html#two"), 0) == {
        "stale": False
    }


def test_unparseable_strings_keep_the_empty_origin() -> None:
    assert parse_url_identity("not a url") == {
        "origin": "",
        "pathname": "not a url",
        "meaningfulParams": "",
        "full": "not a url",
    }
