"""Worker channels (`"api": "worker"`): messages between an extension page and its Web Worker over postMessage get
schemas and generated validators like the extension messaging channels (examples/chunker uses them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.protocol.support import load, message, write_protocol
from toolchain.diagnostics import InputError
from toolchain.protocol.codegen import generate


def _worker_protocol(folder: Path, api: str = "worker") -> Path:
    return write_protocol(
        folder,
        {
            "to-worker.schema.json": {"oneOf": [message("SEARCH", query={"type": "string"})]},
            "from-worker.schema.json": {"oneOf": [message("RESULTS")]},
        },
        channels=[
            {
                "name": "popup-to-worker",
                "schema": "to-worker.schema.json",
                "api": api,
                "from": ["popup"],
                "to": ["worker"],
                "kind": "request",
            },
            {
                "name": "worker-to-popup",
                "schema": "from-worker.schema.json",
                "api": api,
                "from": ["worker"],
                "to": ["popup"],
                "kind": "response",
                "responds_to": "popup-to-worker",
            },
        ],
    )


def test_a_worker_channel_loads_and_gets_a_validator(tmp_path: Path) -> None:
    protocol = load(_worker_protocol(tmp_path / "p"))
    assert [(c.name, c.api) for c in protocol.channels] == [
        ("popup-to-worker", "worker"),
        ("worker-to-popup", "worker"),
    ]
    module = generate(protocol)
    assert "export function isPopupToWorker(value: unknown): value is PopupToWorker" in module
    assert "popup -> worker, postMessage, request" in module
    assert "worker.sendMessage" not in module


def test_an_unknown_api_names_the_three_kinds(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        load(_worker_protocol(tmp_path / "p", api="port"))
    [first, *_] = caught.value.diagnostics
    assert (first.path, first.key) == ("p/protocol.json", "/channels/0/api")
    assert "'runtime' (runtime.sendMessage), 'tabs' (tabs.sendMessage) or 'worker'" in first.message
