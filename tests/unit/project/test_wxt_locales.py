"""`locales_format = "wxt"`: @wxt-dev/i18n's message files compiled into _locales/<locale>/messages.json as its own
build does, and a file that does not read is a located error that stops the build."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolchain.diagnostics import InputError
from toolchain.project import load_project

CONFIG = (
    'locales = "locales"\nlocales_format = "wxt"\n[extension]\nname = "__MSG_name__"\nversion = "1"\n'
    'default_locale = "en"\n[targets.chrome]\nmin_version = "116"\n'
)


def _write(folder: Path, files: dict[str, str]) -> None:
    (folder / "xtk.toml").write_text(CONFIG, encoding="utf-8")
    (folder / "src").mkdir()
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def test_yaml_json_and_toml_messages_compile_as_wxt_i18n_does(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "locales/en.yml": "name: Ext\nnested:\n  deep:\n    key: Deep $1\nplural:\n  0: none\n  1: one\n"
            "  n: $1 many\nenabled: yes\ntime: 1:30\nlist:\n  - first\n  - second\n"
            "chrome:\n  message: Hi $USER$\n  placeholders:\n    user:\n      content: $1\n",
            "locales/pt-BR.json": '{ "name": "Ext BR", "a": { "b": "c" } }\n',
            "locales/de.toml": 'name = "Ext DE"\n',
        },
    )
    load_project(tmp_path)
    compiled = tmp_path / ".xtk/_locales"
    english = json.loads((compiled / "en/messages.json").read_text(encoding="utf-8"))
    assert english == {
        "name": {"message": "Ext"},
        "nested_deep_key": {"message": "Deep $1"},
        "plural": {"message": "none | one | $1 many"},
        "enabled": {"message": "yes"},
        "time": {"message": "1:30"},
        "list_0": {"message": "first"},
        "list_1": {"message": "second"},
        "chrome": {"message": "Hi $USER$", "placeholders": {"user": {"content": "$1"}}},
    }
    assert json.loads((compiled / "pt_BR/messages.json").read_text(encoding="utf-8")) == {
        "name": {"message": "Ext BR"},
        "a_b": {"message": "c"},
    }
    assert sorted(p.name for p in compiled.iterdir()) == ["de", "en", "pt_BR"]


def test_a_message_file_that_does_not_read_is_located(tmp_path: Path) -> None:
    _write(tmp_path, {"locales/en.yml": "name: Ext\nbad: [unclosed\n", "locales/fr.yml": "name: ~\n"})
    with pytest.raises(InputError) as raised:
        load_project(tmp_path)
    found = {(d.path, d.line) for d in raised.value.diagnostics}
    messages = " ".join(d.message for d in raised.value.diagnostics)
    assert ("locales/en.yml", 3) in found and "invalid YAML" in messages
    assert ("locales/fr.yml", None) in found and "name: a message is empty (null)" in messages


def test_locales_format_needs_locales(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "xtk.toml").write_text(CONFIG.replace('locales = "locales"\n', ""), encoding="utf-8")
    with pytest.raises(InputError) as raised:
        load_project(tmp_path)
    assert 'locales_format = "wxt" needs `locales`' in " ".join(d.message for d in raised.value.diagnostics)
