"""Locales (toolchain/project/locales.py): every `_locales/*/messages.json` checked as Chromium loads it, every
`__MSG_name__` of the manifest resolved in the default locale, missing translations warned (XB111), store limits
on each locale's text, and the zips named after the resolved name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolchain.diagnostics import EXIT_BAD_INPUT, Diagnostic, InputError
from toolchain.project import Project, load_project
from toolchain.project.locales import message_references, missing_translations, package_name, read_catalogs
from toolchain.tools.package import slug

CONFIG = """\
root = "ext"
locales = "_locales"

[extension]
name = "__MSG_extName__"
short_name = "__MSG_shortName__"
version = "0.1.0"
description = "__MSG_extDescription__"
default_locale = "en"

[targets.chrome]
min_version = "116"

[background]
entry = "src/background.ts"

[action]
title = "__MSG_actionTitle__"
"""

EN = {
    "extName": {"message": "Page Notes"},
    "shortName": {"message": "PageNotes"},  # 9 characters, under 12; the placeholder is 17
    "extDescription": {"message": "Notes on the page."},
    "actionTitle": {"message": "Take a note on $SITE$", "placeholders": {"site": {"content": "$1"}}},
}
FR = {
    "extName": {"message": "Notes de page"},
    "shortName": {"message": "NotesPage"},
    "extDescription": {"message": "Des notes sur la page."},
    "actionTitle": {"message": "Prendre une note"},
}


def write(
    tmp_path: Path, config: str = CONFIG, locales: dict[str, object] | None = None, raw: dict[str, str] | None = None
) -> Path:
    """A project in tmp_path: the config, a background script, and each locale's messages (JSON or raw text)."""
    (tmp_path / "xtk.toml").write_text(config, encoding="utf-8")
    files = {"ext/src/background.ts": "export {};\n"}
    for locale, messages in (locales if locales is not None else {"en": EN, "fr": FR}).items():
        files[f"ext/_locales/{locale}/messages.json"] = json.dumps(messages, indent=2)
    for locale, text in (raw or {}).items():
        files[f"ext/_locales/{locale}/messages.json"] = text
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def errors(tmp_path: Path) -> list[Diagnostic]:
    with pytest.raises(InputError) as caught:
        load_project(tmp_path)
    assert caught.value.exit_code == EXIT_BAD_INPUT
    return caught.value.diagnostics


def only_error(tmp_path: Path) -> Diagnostic:
    found = errors(tmp_path)
    assert len(found) == 1, [d.format() for d in found]
    return found[0]


def test_a_localised_project_loads(tmp_path: Path) -> None:
    project = load_project(write(tmp_path))
    assert project.config.extension.short_name == "__MSG_shortName__"
    assert missing_translations(project) == []


def test_trailing_comma_in_another_locale_is_located(tmp_path: Path) -> None:
    broken = '{\n  "extName": { "message": "Notes de page" },\n}\n'
    error = only_error(write(tmp_path, locales={"en": EN}, raw={"fr": broken}))
    assert (error.path, error.line, error.column) == ("ext/_locales/fr/messages.json", 2, 44)  # the comma itself
    assert error.format() == (
        "ext/_locales/fr/messages.json:2:44: error: invalid JSON: trailing comma before '}' (JSON allows none)"
    )


def test_other_json_errors_keep_jsons_position(tmp_path: Path) -> None:
    error = only_error(write(tmp_path, locales={"en": EN}, raw={"fr": '{\n  "a": {"message": "x"} "b": 1\n}'}))
    assert (error.line, error.column) == (2, 25) and error.message == "invalid JSON: Expecting ',' delimiter"


def test_invalid_utf8_is_located(tmp_path: Path) -> None:
    write(tmp_path, locales={"en": EN})
    (tmp_path / "ext/_locales/fr").mkdir()
    (tmp_path / "ext/_locales/fr/messages.json").write_bytes(b'{\n  "a": {"message": "\xff"}\n}\n')
    error = only_error(tmp_path)
    assert (error.line, error.column) == (2, 21) and "invalid UTF-8: byte 0xFF" in error.message


@pytest.mark.parametrize("name", ["ext-name", "ext name", "été", ""])
def test_message_names_outside_chromiums_characters_are_refused(tmp_path: Path, name: str) -> None:
    error = only_error(write(tmp_path, locales={"en": {**EN, name: {"message": "x"}}}))
    assert error.path == "ext/_locales/en/messages.json" and error.line is not None
    assert "only ASCII letters, digits, '_' and '@'" in error.message


def test_names_with_at_signs_are_accepted_but_not_the_browsers_own(tmp_path: Path) -> None:
    load_project(write(tmp_path, locales={"en": {**EN, "mail@home_2": {"message": "x"}}}))
    error = only_error(write(tmp_path, locales={"en": {**EN, "@@ui_locale": {"message": "x"}}}))
    assert "predefined" in error.message and error.key == "@@ui_locale"


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ({"description": "no message"}, '"message" is missing'),
        ({"message": 3}, '"message" must be a string'),
        ("just text", "must be an object"),
        ({"message": "x", "placeholders": ["a"]}, '"placeholders" must be an object'),
        ({"message": "$A$", "placeholders": {"a": {"example": "1"}}}, 'string "content"'),
        ({"message": "$A-B$", "placeholders": {"a-b": {"content": "1"}}}, "invalid placeholder name"),
        ({"message": "Hello $USER$", "placeholders": {"name": {"content": "$1"}}}, "$USER$ is not one of"),
    ],
)
def test_message_shapes(tmp_path: Path, entry: object, says: str) -> None:
    error = only_error(write(tmp_path, locales={"en": {**EN, "greeting": entry}}))
    assert says in error.message and error.key and error.key.startswith("greeting")
    assert error.line is not None and error.line > 1


def test_placeholder_references_follow_chromium(tmp_path: Path) -> None:
    """Case-insensitive, and `$$`, `$5 off$`, `$1` are plain text (not names), as ReplaceVariables scans them."""
    entry = {"message": "$Count$ items, $$, $5 off $ and $1", "placeholders": {"COUNT": {"content": "$1"}}}
    catalogs, problems = read_catalogs(load_project(write(tmp_path, locales={"en": {**EN, "items": entry}})))
    assert problems == []
    assert catalogs["en"].messages["items"] == "$1 items, $$, $5 off $ and $1"  # only $Count$ was a name


def test_default_locale_without_locales_is_refused(tmp_path: Path) -> None:
    config = CONFIG.replace('locales = "_locales"\n', "").replace("__MSG_", "").replace("__", "")
    error = only_error(write(tmp_path, config=config, locales={}))
    assert error.key == "extension.default_locale" and "no locales" in error.message


def test_locale_folder_without_its_messages_is_refused(tmp_path: Path) -> None:
    write(tmp_path)
    (tmp_path / "ext/_locales/de").mkdir()
    error = only_error(tmp_path)
    assert error.path == "ext/_locales/de/messages.json" and "no messages.json" in error.message


def test_manifest_message_missing_in_the_default_locale_is_an_error(tmp_path: Path) -> None:
    en = {k: v for k, v in EN.items() if k != "actionTitle"}
    error = only_error(write(tmp_path, locales={"en": en, "fr": FR}))
    assert error.path and error.path.endswith("xtk.toml") and (error.key, error.line) == ("action.title", 18)
    assert "__MSG_actionTitle__ is not defined in ext/_locales/en/messages.json" in error.message


def test_messages_are_case_insensitive(tmp_path: Path) -> None:
    project = load_project(write(tmp_path, config=CONFIG.replace("__MSG_actionTitle__", "__MSG_ACTIONTITLE__")))
    catalogs, _ = read_catalogs(project)
    assert catalogs["en"].localize("__MSG_ACTIONTITLE__") == "Take a note on $1"  # found under actionTitle


def test_missing_translation_is_warned_with_its_catalog_code(tmp_path: Path) -> None:
    fr = {k: v for k, v in FR.items() if k != "extName"}
    warnings = missing_translations(load_project(write(tmp_path, locales={"en": EN, "fr": fr})))
    assert [(w.severity, w.code, w.path, w.key) for w in warnings] == [
        ("warning", "XB111", "ext/_locales/fr/messages.json", "extension.name")
    ]


def test_store_limit_applies_to_the_localised_text_not_the_placeholder(tmp_path: Path) -> None:
    assert len("__MSG_shortName__") > 12
    load_project(write(tmp_path))  # "PageNotes" and "NotesPage": 9 characters each
    long_fr = {**FR, "shortName": {"message": "Notes de la page"}}  # 16
    error = only_error(write(tmp_path, locales={"en": EN, "fr": long_fr}))
    assert error.key == "extension.short_name" and "locale 'fr'" in error.message
    assert "16 characters, over the store limit of 12" in error.message


def test_store_limit_counts_substituted_placeholders(tmp_path: Path) -> None:
    config = CONFIG.replace('"__MSG_extDescription__"', '"__MSG_extDescription__"')
    en = {**EN, "extDescription": {"message": "$LONG$", "placeholders": {"long": {"content": "x" * 133}}}}
    error = only_error(write(tmp_path, config=config, locales={"en": en, "fr": FR}))
    assert error.key == "extension.description" and "locale 'en'" in error.message and "133 characters" in error.message


def test_a_firefox_targets_name_has_amos_limit_in_every_locale(tmp_path: Path) -> None:
    firefox = (
        '\n[targets.firefox]\nmin_version = "142.0"\ngecko_id = "notes@example.com"\n'
        'data_collection = { required = ["none"] }\n'
    )
    long_name = "Notes de page, prises sur chaque page que vous lisez"  # 52: under Chrome's 75, over AMO's 45
    error = only_error(
        write(tmp_path, config=CONFIG + firefox, locales={"en": EN, "fr": {**FR, "extName": {"message": long_name}}})
    )
    assert error.key == "extension.name" and "locale 'fr'" in error.message and "over 45" in error.message
    load_project(write(tmp_path, config=CONFIG, locales={"en": EN, "fr": {**FR, "extName": {"message": long_name}}}))


def test_a_firefox_targets_literal_name_has_amos_limit(tmp_path: Path) -> None:
    config = CONFIG.replace('locales = "_locales"\n', "").replace('default_locale = "en"\n', "")
    config = config.replace("__MSG_extName__", "N" * 46).replace('"__MSG_shortName__"', '"Notes"')
    config = config.replace('"__MSG_extDescription__"', '"Notes."').replace('"__MSG_actionTitle__"', '"Note"')
    firefox = (
        '\n[targets.firefox]\nmin_version = "142.0"\ngecko_id = "notes@example.com"\n'
        'data_collection = { required = ["none"] }\n'
    )
    load_project(write(tmp_path, config=config, locales={}))  # Chrome only: 46 is under 75
    error = only_error(write(tmp_path, config=config + firefox, locales={}))
    assert error.key == "extension.name" and "46 characters; addons.mozilla.org" in error.message


def test_literal_texts_keep_the_store_limit(tmp_path: Path) -> None:
    error = only_error(write(tmp_path, config=CONFIG.replace('"__MSG_shortName__"', '"A literal long name"')))
    assert error.key == "extension.short_name" and "at most 12 characters" in error.message


def package_of(tmp_path: Path, config: str = CONFIG) -> Project:
    return load_project(write(tmp_path, config=config))


def test_zips_are_named_after_the_default_locales_name(tmp_path: Path) -> None:
    assert slug(package_name(package_of(tmp_path))) == "page-notes"


def test_zips_are_named_from_the_package_table(tmp_path: Path) -> None:
    project = package_of(tmp_path, CONFIG + '\n[package]\nname = "notes-ext"\n')
    assert slug(package_name(project)) == "notes-ext"


def test_message_references_scan_as_chromium() -> None:
    assert message_references("__MSG_a__b__ and __MSG_x y__ __MSG_c@d__") == ["a", "c@d"]
