"""The manifest loader (comments, BOM, precise syntax errors) and the two manifest schemas (right JSON pointers)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toolchain.diagnostics import EXIT_BAD_INPUT, Diagnostic, InputError
from toolchain.manifest import schema as manifest_schema
from toolchain.manifest.schema import (
    SCHEMAS,
    load_manifest_file,
    parse_manifest_text,
    schema_for,
    schema_path,
    validate_manifest,
)


def _only(error: InputError) -> Diagnostic:
    assert len(error.diagnostics) == 1, error.diagnostics
    return error.diagnostics[0]


def _parse_error(text: str) -> Diagnostic:
    with pytest.raises(InputError) as caught:
        parse_manifest_text(text, "ext/manifest.json")
    assert caught.value.exit_code == EXIT_BAD_INPUT
    diagnostic = _only(caught.value)
    assert diagnostic.path == "ext/manifest.json"
    return diagnostic


# -- loader -----------------------------------------------------------------------------------------------


def test_line_and_block_comments_are_ignored() -> None:
    text = """{
  // the name
  "name": "x", /* inline */ "version": "1.0",
  /* a block
     over lines */
  "manifest_version": 3 // trailing
}"""
    assert parse_manifest_text(text, "m.json") == {"name": "x", "version": "1.0", "manifest_version": 3}


def test_comment_markers_inside_strings_are_kept() -> None:
    text = '{"homepage_url": "http://example.com/a//b", "description": "/* not a comment */ // nor this", "q": "\\"//"}'
    assert parse_manifest_text(text, "m.json") == {
        "homepage_url": "http://example.com/a//b",
        "description": "/* not a comment */ // nor this",
        "q": '"//',
    }


def test_comment_at_end_of_file_without_newline() -> None:
    assert parse_manifest_text('{"a": 1} // end', "m.json") == {"a": 1}


def test_utf8_bom_is_accepted() -> None:
    assert parse_manifest_text('\ufeff{"name": "x"}', "m.json") == {"name": "x"}


def test_syntax_error_names_line_and_column() -> None:
    text = '{\n  "name": "x"\n  "version": "1.0"\n}'  # missing comma after line 2
    diagnostic = _parse_error(text)
    assert (diagnostic.line, diagnostic.column) == (3, 3)
    assert "expected ','" in diagnostic.message


def test_positions_count_lines_hidden_in_comments() -> None:
    text = '{\n/* one\ntwo\nthree */\n  "name": x\n}'
    diagnostic = _parse_error(text)
    assert (diagnostic.line, diagnostic.column) == (5, 11)
    assert "expected a value" in diagnostic.message


def test_trailing_comma_points_at_the_comma() -> None:
    diagnostic = _parse_error('{\n  "name": "x",\n}')
    assert (diagnostic.line, diagnostic.column) == (2, 14)
    assert "trailing comma" in diagnostic.message


def test_unterminated_block_comment() -> None:
    diagnostic = _parse_error('{"name": "x" /* never closed')
    assert (diagnostic.line, diagnostic.column) == (1, 14)
    assert "unterminated /* comment" in diagnostic.message


@pytest.mark.parametrize(
    ("text", "found"), [("[1, 2]", "array"), ('"manifest"', "string"), ("3", "number"), ("null", "null")]
)
def test_non_object_is_rejected(text: str, found: str) -> None:
    diagnostic = _parse_error(text)
    assert f"not {found}" in diagnostic.message
    assert diagnostic.line == 1


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("  // only a comment\n", "empty"),
        ('{"a": NaN}', "NaN is not a JSON number"),
        ('{"a": -Infinity}', "Infinity is not a JSON number"),
        ("{'name': 'x'}", "double quotes"),
        ('{"a": 1}{"b": 2}', "after the end"),
        ("[" * 100_000, "nested too deeply"),
        ('{"a": ' + "9" * 5000 + "}", "too many digits"),
    ],
)
def test_malformed_text_is_an_input_error(text: str, fragment: str) -> None:
    assert fragment in _parse_error(text).message


def test_mangled_manifests_only_ever_raise_input_error() -> None:
    """Random damage to a real-looking manifest: a parsed object or an InputError, never another exception."""
    seed_text = '{\n  // c\n  "name": "x", /* b */ "list": [1, 2.5e3, true, null, "a\\u00e9//"],\n  "o": {"k": {}}\n}'
    alphabet = '{}[]",:/*\\\n tfn0123456789.eE+-\ufeff\x00é'
    rng = random.Random(20240601)
    for _ in range(3000):
        chars = list(seed_text)
        for _ in range(rng.randint(1, 4)):
            position = rng.randrange(len(chars) + 1)
            if chars and rng.random() < 0.5:
                del chars[min(position, len(chars) - 1)]
            else:
                chars.insert(position, rng.choice(alphabet))
        try:
            assert isinstance(parse_manifest_text("".join(chars), "m.json"), dict)
        except InputError:
            pass


def test_load_manifest_file_reads_comments_and_bom(tmp_path: Path) -> None:
    path = tmp_path / "manifest.json"
    path.write_bytes(b'\xef\xbb\xbf{\n  // comment\n  "name": "caf\xc3\xa9"\n}\n')
    assert load_manifest_file(path) == {"name": "café"}


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        load_manifest_file(tmp_path / "absent.json")
    diagnostic = _only(caught.value)
    assert diagnostic.path == str(tmp_path / "absent.json")
    assert "cannot read" in diagnostic.message


def test_directory_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError):
        load_manifest_file(tmp_path)


def test_non_utf8_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "manifest.json"
    path.write_bytes(b'{\n  "name": "\xc3\xa9t\xe9"\n}')  # é as UTF-8, then é as Latin-1
    with pytest.raises(InputError) as caught:
        load_manifest_file(path)
    diagnostic = _only(caught.value)
    assert (diagnostic.line, diagnostic.column) == (2, 14)
    assert "not valid UTF-8 (byte 0xE9)" in diagnostic.message


def test_utf16_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "manifest.json"
    path.write_bytes('{"name": "x"}'.encode("utf-16"))
    with pytest.raises(InputError) as caught:
        load_manifest_file(path)
    assert "UTF-16" in _only(caught.value).message


# -- schema plumbing --------------------------------------------------------------------------------------


def _schema_document(name: str) -> dict[str, Any]:
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


def _walk(node: object, trail: str = "#") -> list[tuple[str, dict[str, Any]]]:
    """Every object inside a schema document, with its location."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        found.append((trail, node))
        for key, value in node.items():
            found += _walk(value, f"{trail}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _walk(value, f"{trail}/{index}")
    return found


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_is_valid_draft_2020_12(name: str) -> None:
    from jsonschema import Draft202012Validator

    document = _schema_document(name)
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(document)


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_property_has_a_description(name: str) -> None:
    missing = [
        f"{trail}/properties/{key}"
        for trail, node in _walk(_schema_document(name))
        if isinstance(node.get("properties"), dict) and not trail.endswith("/properties")
        for key, value in node["properties"].items()
        if isinstance(value, dict) and value and "description" not in value and not _is_version_branch_shape(value)
    ]
    assert missing == []


def _is_version_branch_shape(value: dict[str, Any]) -> bool:
    """`if` conditions hold bare `{"const": 2}` tests, which are not properties to document."""
    return set(value) <= {"const"}


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_alternative_has_its_own_message(name: str) -> None:
    """anyOf/oneOf failures would otherwise surface as jsonschema's raw "is not valid under any" text."""
    bare = [
        trail
        for trail, node in _walk(_schema_document(name))
        if not trail.endswith("/errorMessage")
        for keyword in ("anyOf", "oneOf")
        if keyword in node and not (isinstance(node.get("errorMessage"), dict) and keyword in node["errorMessage"])
    ]
    assert bare == []


def test_schema_for_maps_browsers() -> None:
    assert schema_for("chrome", 3) == "chrome-mv3"
    assert schema_for("edge", 3) == "chrome-mv3"
    assert schema_for("firefox", 2) == "firefox"
    assert schema_for("firefox", 3) == "firefox"
    with pytest.raises(ValueError):
        schema_for("safari", 3)


def test_unknown_schema_name_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        validate_manifest({}, "chrome-mv2")


def test_compiled_validators_are_cached() -> None:
    assert manifest_schema._validator("firefox") is manifest_schema._validator("firefox")


def test_importing_the_module_does_not_import_jsonschema() -> None:
    code = "import sys, toolchain.manifest.schema; sys.exit('jsonschema' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


# -- Chrome / Edge MV3 ------------------------------------------------------------------------------------

CHROME_MINIMAL: dict[str, Any] = {"manifest_version": 3, "name": "Minimal", "version": "1.0"}

CHROME_FULL: dict[str, Any] = {
    "manifest_version": 3,
    "name": "Full",
    "short_name": "Full",
    "version": "2.10.0.65535",
    "version_name": "2.10.0 beta",
    "description": "Every key xtk writes for Chrome.",
    "author": {"email": "dev@example.com"},
    "homepage_url": "https://example.com/",
    "default_locale": "en",
    "minimum_chrome_version": "120",
    "icons": {"16": "icons/16.png", "128": "icons/128.png"},
    "action": {"default_popup": "popup/index.html", "default_title": "Open", "default_icon": {"32": "icons/32.png"}},
    "background": {"service_worker": "background.js", "type": "module", "scripts": ["background.js"]},
    "content_scripts": [
        {"matches": ["https://*.example.com/*"], "js": ["content.js"], "run_at": "document_idle", "world": "MAIN"},
        {"matches": ["<all_urls>"], "css": ["inject.css"], "all_frames": True, "match_about_blank": True},
    ],
    "options_ui": {"page": "options.html", "open_in_tab": False},
    "side_panel": {"default_path": "panel.html"},
    "permissions": ["storage", "sidePanel", "downloads.open"],
    "optional_permissions": ["tabs"],
    "host_permissions": ["https://api.example.com/*", "http://localhost:8080/*"],
    "optional_host_permissions": ["*://*/*"],
    "web_accessible_resources": [
        {"resources": ["inject.js", "img/*"], "matches": ["https://*.example.com/*"], "use_dynamic_url": True},
        {"resources": ["shared.css"], "extension_ids": ["*"]},
    ],
    "content_security_policy": {
        "extension_pages": "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'",
        "sandbox": "sandbox allow-scripts; script-src 'self' 'unsafe-eval'",
    },
    "sandbox": {"pages": ["sandbox.html"]},
    "chrome_url_overrides": {"newtab": "newtab.html"},
    "commands": {
        "_execute_action": {"suggested_key": {"default": "Ctrl+Shift+Y", "mac": "Command+Shift+Y"}},
        "toggle": {"suggested_key": "Alt+T", "description": "Toggle"},
    },
    "declarative_net_request": {"rule_resources": [{"id": "rules", "enabled": True, "path": "rules.json"}]},
    "cross_origin_embedder_policy": {"value": "require-corp"},
    "cross_origin_opener_policy": {"value": "same-origin"},
    "externally_connectable": {"matches": ["https://example.com/*"], "ids": ["*"]},
    "incognito": "split",
    "key": "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A",
    "oauth2": {"client_id": "123.apps.googleusercontent.com", "scopes": ["openid"]},
    "trial_tokens": ["AnyToken=="],
    "storage": {"managed_schema": "schema.json"},
    "browser_specific_settings": {"gecko": {"id": "full@example.com"}},
}


def _with(base: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """`base` with `patch` applied: a value of None deletes the key."""
    manifest = copy.deepcopy(base)
    for key, value in patch.items():
        if value is None:
            manifest.pop(key, None)
        else:
            manifest[key] = value
    return manifest


@pytest.mark.parametrize("manifest", [CHROME_MINIMAL, CHROME_FULL], ids=["minimal", "full"])
def test_chrome_accepts_valid_manifests(manifest: dict[str, Any]) -> None:
    assert validate_manifest(manifest, "chrome-mv3") == []


CHROME_MISTAKES = [
    ("mv2", {"manifest_version": 2}, "/manifest_version", "must be 3"),
    ("browser_action", {"browser_action": {"default_popup": "p.html"}}, "/browser_action", "Manifest V3 uses action"),
    ("page_action", {"page_action": {}}, "/page_action", "Manifest V3 uses action"),
    ("csp string", {"content_security_policy": "script-src 'self'"}, "/content_security_policy", "must be an object"),
    (
        "csp unsafe-eval",
        {"content_security_policy": {"extension_pages": "script-src 'self' 'unsafe-eval'"}},
        "/content_security_policy/extension_pages",
        "'unsafe-eval'",
    ),
    (
        "csp remote script",
        {
            "content_security_policy": {
                "extension_pages": "default-src 'self'; script-src 'self' https://cdn.example.com"
            }
        },
        "/content_security_policy/extension_pages",
        "remote hosts",
    ),
    ("war bare string", {"web_accessible_resources": ["img.png"]}, "/web_accessible_resources/0", "Manifest V2 form"),
    (
        "war nobody",
        {"web_accessible_resources": [{"resources": ["a.png"]}]},
        "/web_accessible_resources/0",
        '"matches" or "extension_ids"',
    ),
    (
        "war typo",
        {"web_accessible_resources": [{"resources": ["a"], "matches": ["<all_urls>"], "use_dynamic_urls": True}]},
        "/web_accessible_resources/0/use_dynamic_urls",
        'did you mean "use_dynamic_url"',
    ),
    ("leading zero", {"version": "1.02"}, "/version", "without leading zeros"),
    ("all zero", {"version": "0.0.0"}, "/version", "not all zero"),
    ("five parts", {"version": "1.2.3.4.5"}, "/version", "1 to 4"),
    ("too big", {"version": "1.65536"}, "/version", "65535"),
    ("pre-release", {"version": "1.0.0-beta"}, "/version", "dot-separated integers"),
    ("missing name", {"name": None}, "/name", 'required key "name" is missing'),
    ("missing version", {"version": None}, "/version", "missing"),
    ("typo key", {"permission": ["storage"]}, "/permission", 'unknown key "permission" (did you mean "permissions"?)'),
    ("firefox key", {"applications": {}}, "/applications", "unknown key"),
    ("mv2 background", {"background": {"scripts": ["bg.js"]}}, "/background/service_worker", "service_worker"),
    (
        "background page",
        {"background": {"service_worker": "sw.js", "page": "bg.html"}},
        "/background/page",
        "Manifest V2",
    ),
    (
        "persistent",
        {"background": {"service_worker": "sw.js", "persistent": False}},
        "/background/persistent",
        "never persistent",
    ),
    ("host in permissions", {"permissions": ["<all_urls>"]}, "/permissions/0", "host_permissions"),
    ("bad host pattern", {"host_permissions": ["example.com/*"]}, "/host_permissions/0", "match pattern"),
    ("content script matches", {"content_scripts": [{"js": ["c.js"]}]}, "/content_scripts/0/matches", "missing"),
    ("content script files", {"content_scripts": [{"matches": ["<all_urls>"]}]}, "/content_scripts/0", "js or css"),
    (
        "content script world",
        {"content_scripts": [{"matches": ["<all_urls>"], "js": ["c.js"], "world": "main"}]},
        "/content_scripts/0/world",
        'did you mean "MAIN"',
    ),
    ("icon size", {"icons": {"large": "icon.png"}}, "/icons/large", "sizes in pixels"),
    ("icon path", {"icons": {"16": 16}}, "/icons/16", "expected string, got number"),
    ("side panel", {"side_panel": {}}, "/side_panel/default_path", "missing"),
    ("minimum version", {"minimum_chrome_version": "v120"}, "/minimum_chrome_version", "Chrome version"),
    ("description", {"description": "x" * 133}, "/description", "133 characters long; the limit is 132"),
    ("empty version_name", {"version_name": ""}, "/version_name", "must not be empty"),
    (
        "mv2 command",
        {"commands": {"_execute_browser_action": {}}},
        "/commands/_execute_browser_action",
        "_execute_action",
    ),
    (
        "shortcut",
        {"commands": {"go": {"suggested_key": {"default": "Ctrl-Shift-Y"}}}},
        "/commands/go/suggested_key/default",
        "joined to one key by +",
    ),
    (
        "reserved ruleset",
        {"declarative_net_request": {"rule_resources": [{"id": "_x", "enabled": True, "path": "r.json"}]}},
        "/declarative_net_request/rule_resources/0/id",
        "reserved",
    ),
    (
        "two overrides",
        {"chrome_url_overrides": {"newtab": "n.html", "history": "h.html"}},
        "/chrome_url_overrides",
        "only one page",
    ),
    (
        "sandbox csp",
        {"sandbox": {"pages": ["s.html"], "content_security_policy": "x"}},
        "/sandbox/content_security_policy",
        "content_security_policy.sandbox",
    ),
    ("incognito", {"incognito": "spanned"}, "/incognito", 'did you mean "spanning"'),
]


@pytest.mark.parametrize(
    ("patch", "pointer", "fragment"), [c[1:] for c in CHROME_MISTAKES], ids=[c[0] for c in CHROME_MISTAKES]
)
def test_chrome_rejects_mistake_at_its_pointer(patch: dict[str, Any], pointer: str, fragment: str) -> None:
    manifest = _with(CHROME_MINIMAL, {"background": {"service_worker": "sw.js"}, **patch})
    errors = validate_manifest(manifest, "chrome-mv3")
    assert [e.key for e in errors] == [pointer], [e.format() for e in errors]
    assert fragment in errors[0].message
    assert errors[0].severity == "error"


def test_all_violations_are_reported_in_pointer_order() -> None:
    manifest = _with(
        CHROME_MINIMAL, {"version": "01", "browser_action": {}, "permissions": ["tabs", "https://*/*", "<all_urls>"]}
    )
    errors = validate_manifest(manifest, "chrome-mv3")
    assert [e.key for e in errors] == ["/browser_action", "/permissions/1", "/permissions/2", "/version"]


def test_pointers_escape_slash_and_tilde() -> None:
    manifest = _with(CHROME_MINIMAL, {"commands": {"a/b~c": {"description": 5}}})
    assert [e.key for e in validate_manifest(manifest, "chrome-mv3")] == ["/commands/a~1b~0c/description"]


def test_diagnostic_formats_pointer_and_message() -> None:
    (error,) = validate_manifest(_with(CHROME_MINIMAL, {"manifest_version": 2}), "chrome-mv3")
    assert error.format().startswith("error: /manifest_version: must be 3")


# -- Firefox MV2 / MV3 ------------------------------------------------------------------------------------

FIREFOX_MV2_MINIMAL: dict[str, Any] = {"manifest_version": 2, "name": "Minimal", "version": "1.0"}

GECKO = {
    "id": "full@example.com",
    "strict_min_version": "142.0",
    "data_collection_permissions": {"required": ["none"]},
}

FIREFOX_MV2_FULL: dict[str, Any] = {
    "manifest_version": 2,
    "name": "Full",
    "version": "1.0.0",
    "description": "Every key xtk writes for Firefox MV2.",
    "author": "Dev",
    "homepage_url": "https://example.com/",
    "default_locale": "en",
    "icons": {"48": "icons/48.png"},
    "browser_action": {
        "default_popup": "popup.html",
        "default_title": "Open",
        "default_icon": "icons/32.png",
        "default_area": "navbar",
        "theme_icons": [{"light": "l.png", "dark": "d.png", "size": 32}],
    },
    "page_action": {"default_icon": "icons/19.png", "show_matches": ["https://example.com/*"]},
    "background": {"scripts": ["background.js"], "persistent": False},
    "content_scripts": [{"matches": ["<all_urls>"], "js": ["content.js"], "css_origin": "user", "css": ["c.css"]}],
    "options_ui": {"page": "options.html", "open_in_tab": True, "browser_style": False},
    "sidebar_action": {"default_panel": "sidebar.html", "default_title": "Side", "default_icon": {"16": "s.png"}},
    "permissions": ["storage", "menus", "https://api.example.com/*", "<all_urls>"],
    "optional_permissions": ["bookmarks", "*://*.example.org/*"],
    "web_accessible_resources": ["inject.js", "img/*.png"],
    "content_security_policy": "script-src 'self'; object-src 'self'",
    "chrome_url_overrides": {"newtab": "newtab.html"},
    "commands": {"_execute_browser_action": {"suggested_key": {"default": "Ctrl+Shift+Y"}}},
    "omnibox": {"keyword": "ex"},
    "protocol_handlers": [{"protocol": "web+ex", "name": "Ex", "uriTemplate": "https://example.com/?q=%s"}],
    "user_scripts": {"api_script": "api.js"},
    "theme": {"colors": {"frame": "#000", "tab_text": [0, 0, 0]}},
    "browser_specific_settings": {"gecko": GECKO, "gecko_android": {"strict_min_version": "142.0"}},
}

FIREFOX_MV3_FULL: dict[str, Any] = {
    "manifest_version": 3,
    "name": "Full",
    "version": "3.0",
    "action": {"default_popup": "popup.html"},
    "page_action": {"default_icon": "p.svg"},
    "background": {"scripts": ["background.js"], "service_worker": "background.js", "type": "module"},
    "content_scripts": [{"matches": ["https://*.example.com/*"], "js": ["content.js"], "world": "MAIN"}],
    "permissions": ["storage", "scripting"],
    "optional_permissions": ["tabs", "*://*/*"],
    "host_permissions": ["https://api.example.com/*"],
    "optional_host_permissions": ["*://*/*"],
    "web_accessible_resources": [
        {"resources": ["inject.js"], "matches": ["<all_urls>"]},
        {"resources": ["x.css"], "extension_ids": ["other@example.com"]},
    ],
    "content_security_policy": {"extension_pages": "script-src 'self'"},
    "commands": {"_execute_action": {"suggested_key": {"default": "Alt+Shift+U", "android": "Alt+U"}}},
    "declarative_net_request": {"rule_resources": [{"id": "rules", "enabled": False, "path": "rules.json"}]},
    "browser_specific_settings": {
        "gecko": {
            **GECKO,
            "id": "{daf44bf7-a45e-4450-979c-91cf07434c3d}",
            "strict_max_version": "150.*",
            "data_collection_permissions": {"required": ["websiteContent"], "optional": ["technicalAndInteraction"]},
        },
        "gecko_android": {},
    },
}


@pytest.mark.parametrize(
    "manifest", [FIREFOX_MV2_MINIMAL, FIREFOX_MV2_FULL, FIREFOX_MV3_FULL], ids=["mv2-minimal", "mv2-full", "mv3-full"]
)
def test_firefox_accepts_valid_manifests(manifest: dict[str, Any]) -> None:
    assert validate_manifest(manifest, "firefox") == []


def _gecko(**changes: Any) -> dict[str, Any]:
    return {"browser_specific_settings": {"gecko": {**GECKO, **changes}}}


def _data(**collection: Any) -> dict[str, Any]:
    return _gecko(data_collection_permissions=collection)


DATA_POINTER = "/browser_specific_settings/gecko/data_collection_permissions"

FIREFOX_MISTAKES = [
    ("mv4", 2, {"manifest_version": 4}, "/manifest_version", "must be 2 or 3"),
    (
        "mv2 service worker only",
        2,
        {"background": {"service_worker": "sw.js"}},
        "/background",
        "does not run background.service_worker",
    ),
    (
        "mv3 service worker only",
        3,
        {"background": {"service_worker": "sw.js"}},
        "/background",
        "does not run background.service_worker",
    ),
    (
        "scripts and page",
        2,
        {"background": {"scripts": ["a.js"], "page": "b.html"}},
        "/background",
        "mutually exclusive",
    ),
    (
        "mv3 persistent",
        3,
        {"background": {"scripts": ["a.js"], "persistent": True}},
        "/background/persistent",
        "never persistent",
    ),
    ("mv2 action", 2, {"action": {}}, "/action", "Manifest V2 uses browser_action"),
    ("mv3 browser_action", 3, {"browser_action": {}}, "/browser_action", "Manifest V3 uses action"),
    (
        "mv3 csp string",
        3,
        {"content_security_policy": "script-src 'self'"},
        "/content_security_policy",
        "must be an object",
    ),
    (
        "mv2 csp object",
        2,
        {"content_security_policy": {"extension_pages": "x"}},
        "/content_security_policy",
        "policy string",
    ),
    ("mv3 war string", 3, {"web_accessible_resources": ["a.png"]}, "/web_accessible_resources/0", "Manifest V2 form"),
    (
        "mv2 war object",
        2,
        {"web_accessible_resources": [{"resources": ["a"]}]},
        "/web_accessible_resources/0",
        "must be a path",
    ),
    (
        "mv3 war dynamic url",
        3,
        {"web_accessible_resources": [{"resources": ["a"], "matches": ["<all_urls>"], "use_dynamic_url": True}]},
        "/web_accessible_resources/0/use_dynamic_url",
        "unknown key",
    ),
    ("mv2 host_permissions", 2, {"host_permissions": ["https://*/*"]}, "/host_permissions", "go in permissions"),
    ("mv3 host in permissions", 3, {"permissions": ["storage", "https://*/*"]}, "/permissions/1", "host_permissions"),
    ("port in pattern", 2, {"permissions": ["http://localhost:8080/*"]}, "/permissions/0", "no port"),
    (
        "port in content script",
        3,
        {"content_scripts": [{"matches": ["http://127.0.0.1:8000/*"], "js": ["c.js"]}]},
        "/content_scripts/0/matches/0",
        "no port",
    ),
    ("bad gecko id", 2, _gecko(id="my extension"), "/browser_specific_settings/gecko/id", "add-on ID"),
    (
        "uuid without braces",
        2,
        _gecko(id="daf44bf7-a45e-4450-979c-91cf07434c3d"),
        "/browser_specific_settings/gecko/id",
        "{UUID}",
    ),
    ("long gecko id", 2, _gecko(id="a" * 80 + "@x.org"), "/browser_specific_settings/gecko/id", "80 characters"),
    (
        "none mixed",
        3,
        _data(required=["none", "locationInfo"]),
        f"{DATA_POINTER}/required",
        '"none" must be the only entry',
    ),
    (
        "technical required",
        3,
        _data(required=["technicalAndInteraction"]),
        f"{DATA_POINTER}/required/0",
        "can only be optional",
    ),
    (
        "none optional",
        3,
        _data(required=["websiteContent"], optional=["none"]),
        f"{DATA_POINTER}/optional/0",
        "only in required",
    ),
    ("empty required", 3, _data(required=[]), f"{DATA_POINTER}/required", "at least one data category"),
    ("unknown category", 3, _data(required=["cookies"]), f"{DATA_POINTER}/required/0", "personal-data category"),
    (
        "min version star",
        2,
        _gecko(strict_min_version="*"),
        "/browser_specific_settings/gecko/strict_min_version",
        "no * in a minimum",
    ),
    (
        "geko typo",
        2,
        {"browser_specific_settings": {"geko": {}}},
        "/browser_specific_settings/geko",
        'did you mean "gecko"',
    ),
    (
        "mv3 applications",
        3,
        {"applications": {"gecko": {"id": "a@b.org"}}},
        "/applications",
        "browser_specific_settings",
    ),
    ("letters in version", 2, {"version": "1.0a1"}, "/version", "rejects letters"),
    ("missing version", 3, {"version": None}, "/version", "missing"),
    ("typo key", 2, {"permision": ["tabs"]}, "/permision", 'did you mean "permissions"'),
    ("version_name", 2, {"version_name": "1.0 beta"}, "/version_name", "unknown key"),
    (
        "history override",
        2,
        {"chrome_url_overrides": {"history": "h.html"}},
        "/chrome_url_overrides/history",
        "only the newtab",
    ),
    ("sidebar panel", 2, {"sidebar_action": {"default_title": "x"}}, "/sidebar_action/default_panel", "missing"),
    ("mv3 user_scripts", 3, {"user_scripts": {"api_script": "a.js"}}, "/user_scripts", "userScripts permission"),
    (
        "mv2 execute_action",
        2,
        {"commands": {"_execute_action": {}}},
        "/commands/_execute_action",
        "_execute_browser_action",
    ),
    (
        "protocol template",
        2,
        {"protocol_handlers": [{"protocol": "irc", "name": "x", "uriTemplate": "https://x/"}]},
        "/protocol_handlers/0/uriTemplate",
        "%s",
    ),
]


@pytest.mark.parametrize(
    ("version", "patch", "pointer", "fragment"), [c[1:] for c in FIREFOX_MISTAKES], ids=[c[0] for c in FIREFOX_MISTAKES]
)
def test_firefox_rejects_mistake_at_its_pointer(
    version: int, patch: dict[str, Any], pointer: str, fragment: str
) -> None:
    base = {"manifest_version": version, "name": "x", "version": "1.0", "background": {"scripts": ["bg.js"]}}
    errors = validate_manifest(_with(base, patch), "firefox")
    assert [e.key for e in errors] == [pointer], [e.format() for e in errors]
    assert fragment in errors[0].message


def test_firefox_mv3_keeps_service_worker_beside_scripts() -> None:
    """xtk writes both for Firefox 121+, so one MV3 manifest also loads in Chrome."""
    manifest = _with(FIREFOX_MV3_FULL, {"background": {"service_worker": "sw.js", "scripts": ["sw.js"]}})
    assert validate_manifest(manifest, "firefox") == []


@pytest.mark.parametrize("name", ["chrome-mv3", "firefox"])
def test_schema_files_are_valid_draft_2020_12(name: str) -> None:
    """Builds skip this check for speed; a broken schema file must still fail loudly, here."""
    from jsonschema import Draft202012Validator

    from toolchain.manifest.schema import schema_path

    Draft202012Validator.check_schema(json.loads(schema_path(name).read_text(encoding="utf-8")))
