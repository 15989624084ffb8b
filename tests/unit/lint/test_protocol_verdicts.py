"""XM007 after an edit: a generated protocol module found up to date is remembered (`.xtk/protocol-verdicts/`,
toolchain/protocol/codegen.py), so the next lint does not generate it again — and any change that could change the
answer (the module, a schema, xtk itself) is generated and compared afresh. Only passes are remembered."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import toolchain.fingerprint
from toolchain.protocol import codegen
from toolchain.protocol.codegen import check_generated, generate
from toolchain.protocol.model import Protocol, load_protocol

REPO = Path(__file__).resolve().parents[3]
SPECS = REPO / "extension_src" / "specs" / "protocol"


def _project(tmp_path: Path) -> tuple[Path, Path, Path]:
    """The DocMind protocol's schemas, its generated module, and a verdicts folder, in a scratch folder."""
    folder = tmp_path / "protocol"
    shutil.copytree(SPECS, folder)
    module = tmp_path / "protocol.ts"
    module.write_text(generate(_load(folder)), encoding="utf-8")
    return folder, module, tmp_path / ".xtk" / "protocol-verdicts"


def _load(folder: Path) -> Protocol:
    return load_protocol(folder.resolve(), folder.resolve().parent)


class Generations:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = codegen.generate

        def counted(protocol: Protocol, remembered: Path | None = None) -> str:
            self.count += 1
            return original(protocol, remembered)

        monkeypatch.setattr(codegen, "generate", counted)


def test_an_up_to_date_module_is_not_generated_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder, module, verdicts = _project(tmp_path)
    generations = Generations(monkeypatch)
    assert check_generated(_load(folder), module, verdicts=verdicts) == []
    assert generations.count == 1 and len(list(verdicts.iterdir())) == 1
    assert check_generated(_load(folder), module, verdicts=verdicts) == []
    assert generations.count == 1  # remembered
    assert check_generated(_load(folder), module) == []  # without the folder (`xtk protocol codegen --check`)
    assert generations.count == 2


def test_an_edited_module_is_compared_again(tmp_path: Path) -> None:
    folder, module, verdicts = _project(tmp_path)
    assert check_generated(_load(folder), module, verdicts=verdicts) == []
    module.write_text(module.read_text(encoding="utf-8") + "export const edited = 1;\n", encoding="utf-8")
    found = check_generated(_load(folder), module, verdicts=verdicts)
    assert len(found) == 1 and "out of date" in found[0].message
    assert len(list(verdicts.iterdir())) == 1  # a drift is never remembered
    assert len(check_generated(_load(folder), module, verdicts=verdicts)) == 1


def test_an_edited_schema_is_generated_again(tmp_path: Path) -> None:
    folder, module, verdicts = _project(tmp_path)
    assert check_generated(_load(folder), module, verdicts=verdicts) == []
    channel = folder / "background-to-popup.schema.json"
    text = channel.read_text(encoding="utf-8")
    assert '"maximum": 30000' in text
    channel.write_text(text.replace('"maximum": 30000', '"maximum": 20000', 1), encoding="utf-8")
    changed = _load(folder)
    assert generate(changed) != module.read_text(encoding="utf-8")  # the edit changes what is generated
    found = check_generated(changed, module, verdicts=verdicts)
    assert len(found) == 1 and "out of date" in found[0].message


def test_another_xtk_generates_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder, module, verdicts = _project(tmp_path)
    assert check_generated(_load(folder), module, verdicts=verdicts) == []
    generations = Generations(monkeypatch)
    monkeypatch.setattr(toolchain.fingerprint, "toolchain_stamp", lambda: "another xtk")
    assert check_generated(_load(folder), module, verdicts=verdicts) == []
    assert generations.count == 1  # xtk's code or templates changed: its verdicts do not hold
