"""Zips are reproducible: same input, same bytes, whatever the files' timestamps and permissions."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

from toolchain.tools.package import slug, write_reproducible_zip


def tree(root: Path) -> list[tuple[str, Path]]:
    files = {"manifest.json": "{}", "popup/index.html": "<p>hi</p>", "icons/a.png": "PNG"}
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return [(p.relative_to(root).as_posix(), p) for p in root.rglob("*") if p.is_file()]


def test_same_input_same_bytes_despite_timestamps_and_modes(tmp_path: Path) -> None:
    files = tree(tmp_path / "src")
    first = write_reproducible_zip(tmp_path / "a.zip", files, inside=tmp_path).read_bytes()
    for _, path in files:
        os.utime(path, (1_700_000_000, 1_700_000_000))
        path.chmod(0o600)
    second = write_reproducible_zip(tmp_path / "b.zip", list(reversed(files)), inside=tmp_path).read_bytes()
    assert first == second


def test_entries_sorted_with_fixed_metadata(tmp_path: Path) -> None:
    target = write_reproducible_zip(tmp_path / "x.zip", tree(tmp_path / "src"), inside=tmp_path)
    with zipfile.ZipFile(target) as archive:
        infos = archive.infolist()
        assert [i.filename for i in infos] == ["icons/a.png", "manifest.json", "popup/index.html"]
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        assert {i.external_attr >> 16 for i in infos} == {0o100644}
        assert archive.read("popup/index.html") == b"<p>hi</p>"
    assert not (tmp_path / "x.zip.part").exists()


def test_content_change_changes_bytes(tmp_path: Path) -> None:
    files = tree(tmp_path / "src")
    first = write_reproducible_zip(tmp_path / "a.zip", files, inside=tmp_path).read_bytes()
    files[0][1].write_text("changed")
    assert write_reproducible_zip(tmp_path / "b.zip", files, inside=tmp_path).read_bytes() != first


def test_slug() -> None:
    assert slug("DocMind") == "docmind"
    assert slug("Top AI Ideas Assistant!") == "top-ai-ideas-assistant"
    assert slug("__MSG_extName__") == "msg-extname"


def test_a_large_file_is_deflated_at_level_6_and_still_reproducible(tmp_path: Path) -> None:
    """A file of 1 MiB or more (a WebAssembly runtime) is packed at level 6: level 9 costs twice the time for ~1 %."""
    import random
    import zlib

    from toolchain.tools.package import LARGE_FILE_BYTES

    rng = random.Random(7)
    words = [bytes(rng.choice(b"abcdefghij") for _ in range(rng.randint(2, 9))) for _ in range(500)]
    large = b" ".join(rng.choice(words) for _ in range(LARGE_FILE_BYTES // 4))
    assert len(large) >= LARGE_FILE_BYTES
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "runtime.wasm").write_bytes(large)
    (tmp_path / "src" / "small.js").write_bytes(large[:50_000])
    files = [(p.name, p) for p in (tmp_path / "src").iterdir()]
    first = write_reproducible_zip(tmp_path / "a.zip", files, inside=tmp_path)
    assert write_reproducible_zip(tmp_path / "b.zip", files, inside=tmp_path).read_bytes() == first.read_bytes()
    with zipfile.ZipFile(first) as archive:
        sizes = {info.filename: info.compress_size for info in archive.infolist()}
        assert archive.read("runtime.wasm") == large
    level = {n: len(zlib.compress(data, n, wbits=-15)) for n, data in ((6, large), (9, large))}
    assert sizes["runtime.wasm"] == level[6] != level[9]
    assert sizes["small.js"] == len(zlib.compress(large[:50_000], 9, wbits=-15))
