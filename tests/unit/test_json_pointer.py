"""toolchain.json_pointer: RFC 6901 escaping, written once (it was written out in six places)."""

from __future__ import annotations

import pytest

from toolchain.json_pointer import escape_token, pointer_of, unescape_token


@pytest.mark.parametrize(
    ("key", "token"),
    [
        ("plain", "plain"),
        ("a/b", "a~1b"),
        ("m~n", "m~0n"),
        ("~1", "~01"),  # `~` first: a key that looks escaped is escaped again, not left as `/`
        ("/~/", "~1~0~1"),
        ("", ""),
        ("ünï/cødé", "ünï~1cødé"),
    ],
)
def test_escape_and_unescape_are_inverse(key: str, token: str) -> None:
    assert escape_token(key) == token
    assert unescape_token(token) == key


def test_unescape_undoes_tilde_one_first() -> None:
    # RFC 6901 §4: "~01" is "~1" (not "/"): `~1` is replaced before `~0`
    assert unescape_token("~01") == "~1"
    assert unescape_token("~10") == "/0"


def test_pointer_of_a_path() -> None:
    assert pointer_of([]) == ""
    assert pointer_of(["commands", "a/b~c", "description"]) == "/commands/a~1b~0c/description"
    assert pointer_of(["content_scripts", 0, "js", 1]) == "/content_scripts/0/js/1"
    assert pointer_of([""]) == "/"
