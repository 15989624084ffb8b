"""Issue 17, item 10: the model key never leaves the API in any form a reader could decode.

A model server may echo the key it was sent — in an error, or in the model's own text — raw, JSON-escaped (any
character as `\\uXXXX`, hex in either case, `\\/`), percent-encoded (any byte, `+` for a space), as an HTML
character reference, or base64-encoded (the key alone, or the whole `Bearer …` header). Whatever it sends, the
answer, the error and the log carry `[redacted]` instead.

The check is this file's own: `decodings` undoes every one of those encodings, in any order, up to three layers
deep, and the key must appear in none of the results.
"""

from __future__ import annotations

import base64
import html
import json
import random
import re
from collections.abc import Callable, Iterator
from urllib.parse import quote, unquote, unquote_plus

import pytest
from docmind_api.app import ApiState
from docmind_api.logs import event_line
from docmind_api.redaction import REDACTED, redactor_for
from docmind_api.settings import LlmSettings, Settings

from tests.api.conftest import Api
from tests.api.test_upstream_hardening import (  # noqa: F401 (fake_servers is a fixture)
    KEY,
    QUERY,
    FakeServer,
    fake_servers,
    model_api,
    reply,
)

# A key using the characters that encode differently in each scheme: `/` (`\/`, `%2F`), `+` (`%2B`), `=`, `_`, `~`.
ODD_KEY = "sk-proj/Ab+Cd=Ef_Gh~1234567890"

# -- an independent decoder ----------------------------------------------------------------------------------------

_JSON_ESCAPE = re.compile(r'\\(u[0-9a-fA-F]{4}|["\\/bfnrt])')
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/_-]{8,}={0,2}")


def _json_unescape(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code.startswith("u"):
            return chr(int(code[1:], 16))
        return {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}.get(code, code)

    return _JSON_ESCAPE.sub(one, text).encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _base64_decoded(text: str) -> str:
    pieces = []
    for run in _BASE64_RUN.findall(text):
        for decode in (base64.b64decode, base64.urlsafe_b64decode):
            try:
                pieces.append(decode(run + "=" * (-len(run) % 4)).decode("utf-8", "replace"))
            except ValueError:
                pass
    return "\n".join(pieces)


DECODERS: list[Callable[[str], str]] = [_json_unescape, unquote, unquote_plus, html.unescape, _base64_decoded]


def decodings(text: str, depth: int = 3) -> Iterator[str]:
    """`text` and everything it decodes to through up to `depth` layers of the decoders above, in any order."""
    seen = {text}
    layer = [text]
    yield text
    for _ in range(depth):
        next_layer = []
        for item in layer:
            for decode in DECODERS:
                decoded = decode(item)
                if decoded not in seen:
                    seen.add(decoded)
                    next_layer.append(decoded)
                    yield decoded
        layer = next_layer


def leaks(text: str, key: str) -> bool:
    return any(key in decoded for decoded in decodings(text))


# -- the forms a server may echo the key in --------------------------------------------------------------------------


def json_escaped(key: str, upper: bool = False) -> str:
    return "".join(f"\\u{ord(c):04X}" if upper else f"\\u{ord(c):04x}" for c in key)


def percent_encoded(key: str, upper: bool = True) -> str:
    return "".join(f"%{b:02X}" if upper else f"%{b:02x}" for b in key.encode())


def mixed(key: str, seed: int) -> str:
    """Each character in a form drawn at random: as is, \\uXXXX in random case, %XX, &#N; or &#xN;."""
    chooser = random.Random(seed)
    out = []
    for c in key:
        form = chooser.choice(
            [
                c,
                f"\\u{ord(c):04x}",
                f"\\u{ord(c):04X}",
                f"%{ord(c):02x}",
                f"%{ord(c):02X}",
                f"&#{ord(c)};",
                f"&#x{ord(c):X};",
            ]
        )
        out.append(form)
    return "".join(out)


def forms(key: str) -> dict[str, str]:
    return {
        "raw": key,
        "json-first-char": json_escaped(key[0]) + key[1:],  # the issue's \u0073k-…
        "json-lower": json_escaped(key),
        "json-upper": json_escaped(key, upper=True),
        "json-slash": key.replace("/", "\\/"),
        "percent-upper": percent_encoded(key),
        "percent-lower": percent_encoded(key, upper=False),
        "percent-some": quote(key, safe=""),  # only the reserved characters
        "html-decimal": "".join(f"&#{ord(c)};" for c in key),
        "html-hex": "".join(f"&#x{ord(c):x};" for c in key),
        "mixed-1": mixed(key, 1),
        "mixed-2": mixed(key, 2),
        "mixed-3": mixed(key, 3),
        "base64": base64.b64encode(key.encode()).decode(),
        "base64-bearer": base64.b64encode(f"Bearer {key}".encode()).decode(),
        "base64url-bearer": base64.urlsafe_b64encode(f"Authorization: Bearer {key}".encode()).decode(),
        "base64-basic": base64.b64encode(f"user:{key}".encode()).decode(),
        "percent-of-json": quote(json_escaped(key), safe=""),
        "json-of-percent": json.dumps(percent_encoded(key))[1:-1].replace("%", "\\u0025"),
        "json-twice": json_escaped(key).replace("\\", "\\u005c"),
        "html-of-base64": html.escape(base64.b64encode(f"Bearer {key}".encode()).decode()).replace("=", "&#61;"),
    }


# -- the redactor itself ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", [KEY, ODD_KEY], ids=["plain-key", "odd-key"])
@pytest.mark.parametrize("name", list(forms(KEY)))
def test_no_form_of_the_key_survives(key: str, name: str) -> None:
    form = forms(key)[name]
    assert leaks(form, key)  # the decoder above does find it before redaction
    text = f"Incorrect API key provided: {form}. Check https://example.com/keys?k={form}#x."
    redacted = redactor_for(key)(text)
    assert not leaks(redacted, key), redacted
    assert REDACTED in redacted


def test_a_single_layer_form_is_replaced_where_it_stands() -> None:
    redact = redactor_for(KEY)
    assert redact(f"Your key \\u0073k{KEY[2:]} is invalid.") == f"Your key {REDACTED} is invalid."
    assert redact(f"a={percent_encoded(KEY)}&b=2") == f"a={REDACTED}&b=2"
    assert redact(f"key: {mixed(KEY, 7)}!") == f"key: {REDACTED}!"


def test_a_space_in_a_key_may_be_a_plus_when_percent_encoded() -> None:
    key = "local key 123456"
    assert not leaks(redactor_for(key)("k=local+key+123456"), key)


def test_text_without_the_key_is_unchanged() -> None:
    redact = redactor_for(KEY)
    for text in [
        "Honey bees pollinate about one third of the crops humans eat.",
        "sk-test-DO-NOT-LEAK-424",
        "\\u0073k-test %73k &#115; QmVhcmVy",
        "",
        "ünïcødé \U0001f600 \\ud83d\\ude00",
    ]:
        assert redact(text) == text


def test_a_short_key_is_not_found_in_the_redaction_marker() -> None:
    # "act" is in "[redacted]": only the key itself goes, not the whole text around the marker.
    assert redactor_for("act")("A fact &amp; more") == f"A f{REDACTED} &amp; more"


def test_without_a_key_nothing_is_redacted() -> None:
    assert redactor_for(None)(f"text with {KEY}") == f"text with {KEY}"


def test_json_values_are_redacted_throughout() -> None:
    redact = redactor_for(KEY)
    value = {"answer": f"is {KEY}", "citations": [{"text": json_escaped(KEY)}], "n": 3, KEY: True, "ok": None}
    assert redact(value) == {
        "answer": f"is {REDACTED}",
        "citations": [{"text": REDACTED}],
        "n": 3,
        REDACTED: True,
        "ok": None,
    }


def test_the_log_exit_redacts_every_line() -> None:
    lines: list[str] = []
    state = ApiState(
        settings=Settings(LlmSettings(base_url="http://127.0.0.1:1/v1", model="m", api_key=KEY)),
        answerer=lambda prepared: None,
        log=lines.append,
    )  # type: ignore[arg-type, return-value]
    state.log(event_line("upstream", detail=json_escaped(KEY), also=KEY))
    state.log(f"not JSON: {percent_encoded(KEY)}")
    assert len(lines) == 2 and all(not leaks(line, KEY) for line in lines), lines
    assert json.loads(lines[0])["also"] == REDACTED


# -- through the API, against a model server echoing the key -------------------------------------------------------

SERVER_FORMS = [
    "raw",
    "json-first-char",
    "json-upper",
    "mixed-1",
    "percent-lower",
    "html-hex",
    "base64-bearer",
    "percent-of-json",
    "json-twice",
]


def assert_no_leak(api: Api, body: bytes) -> None:
    assert not leaks(body.decode("utf-8"), KEY), body
    assert api.log and all(not leaks(line, KEY) for line in api.log), api.log


@pytest.mark.parametrize("name", SERVER_FORMS)
def test_an_error_echoing_the_key_in_any_form_is_not_passed_on(
    fake_servers: Callable[[], FakeServer], api_with_llm: Callable[[LlmSettings], Api], name: str
) -> None:
    form = forms(KEY)[name]
    # The form is written into the JSON text as is: a JSON escape there is decoded by whoever parses the body.
    body = (
        '{"error": {"message": "Incorrect API key provided: '
        + form
        + '", "type": "'
        + form
        + '", "code": "'
        + form
        + '"}}'
    ).encode()
    model = fake_servers()
    model.behave = reply(401, body)
    api = model_api(api_with_llm, model)
    answer = api.query(QUERY)
    assert answer.status == 502 and answer.json["error"] == "UPSTREAM_ERROR"
    assert answer.json["message"] == "the model server answered HTTP 401"  # a code holding the key is not quoted
    assert_no_leak(api, answer.body)


@pytest.mark.parametrize("name", SERVER_FORMS)
@pytest.mark.parametrize("layer", ["envelope", "content"])
def test_an_answer_echoing_the_key_in_any_form_is_not_passed_on(
    fake_servers: Callable[[], FakeServer], api_with_llm: Callable[[LlmSettings], Api], name: str, layer: str
) -> None:
    form = forms(KEY)[name]
    if layer == "envelope":  # as is in the server's JSON: decoded once by the envelope, once by the answer's JSON
        content = '{\\"answer\\": \\"Your key is ' + form + '.\\", \\"citations\\": []}'
    else:  # JSON-encoded into the envelope: the model's text itself holds the form
        content = json.dumps(json.dumps({"answer": f"Your key is {form}.", "citations": []}))[1:-1]
    body = ('{"choices": [{"message": {"role": "assistant", "content": "' + content + '"}}]}').encode()
    model = fake_servers()
    model.behave = reply(200, body)
    api = model_api(api_with_llm, model)
    answer = api.query(QUERY)
    assert answer.status == 200, answer.body
    assert REDACTED in answer.json["answer"]
    assert_no_leak(api, answer.body)
