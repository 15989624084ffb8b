"""Loading xtk.toml: a valid project loads; every kind of bad input is one located, readable error (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain.diagnostics import EXIT_BAD_INPUT, InputError
from toolchain.project import load_project
from toolchain.project.loader import format_key

MINIMAL = """\
root = "ext"

[extension]
name = "Demo"
version = "1.0.0"

[targets.chrome]
min_version = "116"

[background]
entry = "src/background.ts"
"""


def write_project(tmp_path: Path, config: str, files: dict[str, str] | None = None) -> Path:
    (tmp_path / "xtk.toml").write_text(config, encoding="utf-8")
    for name, text in {"ext/src/background.ts": "export {};\n", **(files or {})}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def load_error(tmp_path: Path, config: str, files: dict[str, str] | None = None) -> InputError:
    write_project(tmp_path, config, files)
    with pytest.raises(InputError) as caught:
        load_project(tmp_path)
    assert caught.value.exit_code == EXIT_BAD_INPUT
    return caught.value


def test_minimal_project_loads(tmp_path: Path) -> None:
    project = load_project(write_project(tmp_path, MINIMAL))
    assert project.name == "Demo"
    assert project.targets == ["chrome"]
    assert project.src_dir == (tmp_path / "ext" / "src").resolve()
    assert project.build_path("src/background.ts") == "background.ts"


def test_the_flagship_config_loads() -> None:
    project = load_project(Path(__file__).resolve().parents[3])
    assert project.targets == ["chrome", "edge", "firefox"]
    assert set(project.config.permissions) == {"activeTab", "contextMenus"}
    assert project.config.host_permissions == {}


def test_project_option_accepts_the_file_itself(tmp_path: Path) -> None:
    write_project(tmp_path, MINIMAL)
    assert load_project(tmp_path / "xtk.toml").name == "Demo"


def test_missing_config_is_bad_input(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no project config"):
        load_project(tmp_path)


def test_toml_syntax_error_names_line_and_column(tmp_path: Path) -> None:
    error = load_error(tmp_path, MINIMAL + "\n[broken\n")
    (d,) = error.diagnostics
    assert d.path and d.path.endswith("xtk.toml")
    assert d.line == 13
    assert "invalid TOML" in d.message


def test_unknown_key_is_located_and_suggests_the_near_miss(tmp_path: Path) -> None:
    error = load_error(
        tmp_path, MINIMAL.replace('entry = "src/background.ts"', 'entry = "src/background.ts"\npersistant = true')
    )
    (d,) = error.diagnostics
    assert d.key == "background.persistant"
    assert d.line == 12
    assert "unknown key" in d.message and "did you mean 'persistent'" in d.message


def test_wrong_type_names_the_key_path(tmp_path: Path) -> None:
    config = MINIMAL + '\n[[content_scripts]]\nmatches = "<all_urls>"\njs = ["src/background.ts"]\n'
    error = load_error(tmp_path, config)
    (d,) = error.diagnostics
    assert d.key == "content_scripts[0].matches"
    assert d.line == 14
    assert "list" in d.message


def test_missing_required_key(tmp_path: Path) -> None:
    error = load_error(tmp_path, MINIMAL.replace('version = "1.0.0"\n', ""))
    (d,) = error.diagnostics
    assert d.key == "extension.version"
    assert d.message == "required key is missing"
    assert d.line == 3  # the [extension] table that lacks it


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    config = MINIMAL.replace('"1.0.0"', '"1.0.0.0.0"').replace('min_version = "116"', 'min_version = "latest"')
    error = load_error(tmp_path, config)
    assert {d.key for d in error.diagnostics} == {"extension.version", "targets.chrome.min_version"}


def test_missing_entry_file_names_key_and_path(tmp_path: Path) -> None:
    error = load_error(tmp_path, MINIMAL.replace("src/background.ts", "src/missing.ts"))
    (d,) = error.diagnostics
    assert d.key == "background.entry"
    assert d.line == 11
    assert "file not found: ext/src/missing.ts" in d.message


def test_entry_outside_src_is_rejected(tmp_path: Path) -> None:
    error = load_error(
        tmp_path, MINIMAL.replace("src/background.ts", "other/background.ts"), {"ext/other/background.ts": ""}
    )
    assert "must be inside src/" in error.diagnostics[0].message


def test_entry_escaping_the_root_is_rejected(tmp_path: Path) -> None:
    error = load_error(tmp_path, MINIMAL.replace("src/background.ts", "../outside.ts"), {"outside.ts": ""})
    assert "stay inside" in error.diagnostics[0].message


def test_page_must_be_html(tmp_path: Path) -> None:
    error = load_error(tmp_path, MINIMAL + '\n[action]\npopup = "src/background.ts"\n')
    assert error.diagnostics[0].key == "action.popup"
    assert "expected a page" in error.diagnostics[0].message


@pytest.mark.parametrize(
    ("snippet", "key", "fragment"),
    [
        ('[permissions]\n"https://example.com/*" = "x"\n', "permissions", "host pattern"),
        ('[permissions]\nstorage = "   "\n', "permissions.storage.justification", "must not be empty"),
        ('[host_permissions]\n"example.com" = "x"\n', "host_permissions", "not a match pattern"),
        ('[constants]\napi_url = "x"\n', "constants", "UPPER_SNAKE_CASE"),
        ('[constants]\nBROWSER = "x"\n', "constants", "defined by xtk itself"),
        ('[icons]\nbig = "ext/src/background.ts"\n', "icons", "number of pixels"),
        ('[side_panel]\npage = "src/panel.html"\n', "", "sidePanel"),
    ],
)
def test_value_rules(tmp_path: Path, snippet: str, key: str, fragment: str) -> None:
    error = load_error(tmp_path, MINIMAL + "\n" + snippet, {"ext/src/panel.html": "<!doctype html>"})
    assert any(fragment in d.message and (d.key or "") == key for d in error.diagnostics), error.diagnostics


def test_firefox_target_rules(tmp_path: Path) -> None:
    config = MINIMAL + (
        '\n[targets.firefox]\nmin_version = "142.0"\ngecko_id = "not an id"\n'
        'data_collection = { required = ["none", "websiteContent"] }\n'
    )
    error = load_error(tmp_path, config)
    messages = {d.key: d.message for d in error.diagnostics}
    assert "not a gecko id" in messages["targets.firefox.gecko_id"]
    assert "'none'" in messages["targets.firefox.data_collection"]


def test_unknown_data_collection_category(tmp_path: Path) -> None:
    config = (
        MINIMAL
        + '\n[targets.firefox]\nmin_version = "142"\ngecko_id = "a@b.c"\ndata_collection = { required = ["cookies"] }\n'
    )
    error = load_error(tmp_path, config)
    (d,) = error.diagnostics
    assert d.key == "targets.firefox.data_collection.required[0]"
    assert "'cookies' is not allowed" in d.message
    assert d.line == 16


def test_at_least_one_target(tmp_path: Path) -> None:
    error = load_error(tmp_path, MINIMAL.replace('[targets.chrome]\nmin_version = "116"\n', "[targets]\n"))
    assert "at least one target" in error.diagnostics[0].message


def test_not_utf8_config(tmp_path: Path) -> None:
    (tmp_path / "xtk.toml").write_bytes(b'name = "\xff"\n')
    with pytest.raises(InputError, match="invalid UTF-8: byte 0xFF") as caught:
        load_project(tmp_path)
    (d,) = caught.value.diagnostics
    assert (d.line, d.column) == (1, 9)


def test_format_key() -> None:
    assert format_key(("content_scripts", 0, "js", 1)) == "content_scripts[0].js[1]"
    assert format_key(("host_permissions", "https://x/*")) == 'host_permissions."https://x/*"'


LOCALIZED = 'locales = "_locales"\n' + MINIMAL.replace(
    'name = "Demo"', 'name = "__MSG_appName__"\ndefault_locale = "en"'
)


def test_locale_messages_are_checked(tmp_path: Path) -> None:
    write_project(tmp_path, LOCALIZED, {"ext/_locales/en/messages.json": '{"appName": {"message": "Demo"}}'})
    assert load_project(tmp_path).config.locales == "_locales"


def test_undefined_message_reference(tmp_path: Path) -> None:
    error = load_error(tmp_path, LOCALIZED, {"ext/_locales/en/messages.json": '{"other": {"message": "x"}}'})
    (d,) = error.diagnostics
    assert d.key == "extension.name" and d.line == 5 and "__MSG_appName__ is not defined" in d.message


def test_broken_messages_json_names_its_line(tmp_path: Path) -> None:
    error = load_error(tmp_path, LOCALIZED, {"ext/_locales/en/messages.json": '{\n  "appName": {"message": "x"},\n}'})
    (d,) = error.diagnostics
    assert d.path and d.path.endswith("_locales/en/messages.json") and (d.line, d.column) == (2, 30)  # the comma
    assert "invalid JSON: trailing comma" in d.message


def test_missing_default_locale_messages(tmp_path: Path) -> None:
    error = load_error(tmp_path, LOCALIZED, {"ext/_locales/fr/messages.json": "{}"})
    (d,) = error.diagnostics
    assert d.key == "extension.default_locale"
    assert d.message == "no ext/_locales/en/messages.json for the default locale"
