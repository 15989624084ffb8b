"""Unpack a .zip/.xpi/.crx for `xtk lint` within bounds, into a temporary folder that never outlives the command.

A .crx (Chrome's package) is a zip behind a header (`Cr24`, its version, then its keys and signatures, CRX2 or
CRX3): the header is checked and the zip after it read as any other (zipfile reads an archive behind a prefix).

Before anything is written, the archive is judged from its size on disk, its end-of-central-directory record (the
member count, read without loading the directory) and its central directory (every member's name, type and
sizes): too big, too many files, too much uncompressed data, a member compressed beyond the ratio, a name that
climbs out (`../x`, `/etc/x`, `C:\\x`) or a symbolic link — exit 2, naming the archive and the limit.

While extracting, a member whose headers lie about its size cannot write more than its declared size: Python's
zipfile stops reading a member at the size the central directory gives and then fails its CRC check, which is
reported like any damaged member. So the sums checked beforehand bound what reaches the disk.

The folder is removed when the command ends: at a normal exit (atexit: findings name paths inside it until then)
and on SIGTERM, SIGINT or SIGHUP, whose handlers remove it before the process ends as the signal would have it.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import stat
import struct
import tempfile
import threading
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from types import FrameType
from typing import Any

from toolchain.diagnostics import InputError
from toolchain.lint.limits import RATIO_FLOOR_BYTES, InputLimits, format_size

ARCHIVE_SUFFIXES = (".zip", ".xpi", ".crx")
_CRX_MAGIC = b"Cr24"
_LOCAL_HEADER = b"PK\x03\x04"
_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
_END_OF_DIRECTORY = b"PK\x05\x06"
#: end of central directory: signature, 2 disk numbers, entries on this disk and in all, size, offset, comment length
_END_RECORD = struct.Struct("<4s4H2LH")
_COPY_CHUNK = 1024 * 1024


def unpack_archive(archive: Path, limits: InputLimits, workdir: Path | None = None) -> Path:
    """Extract `archive` into a new temporary folder (removed when the command ends) and return the folder."""
    if archive.suffix.lower() not in ARCHIVE_SUFFIXES:
        raise InputError.single(f"{archive}: xtk lint takes a folder, a .zip, an .xpi or a .crx")
    try:
        size = archive.stat().st_size
        if archive.suffix.lower() == ".crx":
            _check_crx_header(archive, size)
        declared = _declared_member_count(archive)
    except OSError as error:
        raise InputError.single(f"{archive}: cannot read it: {error.strerror or error}") from None
    if size > limits.max_archive_bytes:
        limit = format_size(limits.max_archive_bytes)
        _refuse(archive, f"the archive is {format_size(size)}, over the limit of {limit}", "--max-archive-size")
    if declared is not None and declared > limits.max_files:
        _refuse(archive, f"{declared:,} members, over the limit of {limits.max_files:,}", "--max-files")
    try:
        with zipfile.ZipFile(archive) as opened:
            members = opened.infolist()
            _check_directory(archive, members, limits)
            target = TEMPORARY_FOLDERS.create(workdir)
            try:
                for member in members:
                    _extract(archive, opened, member, target)
            except BaseException:
                TEMPORARY_FOLDERS.remove(target)
                raise
    except zipfile.BadZipFile as error:
        raise InputError.single(f"{archive}: not a zip archive, or a damaged one ({error})") from None
    except OSError as error:  # unreadable, or the disk filled up while extracting (the folder is already gone)
        raise InputError.single(f"{archive}: cannot unpack it: {error.strerror or error}") from None
    return target


def _check_crx_header(archive: Path, size: int) -> None:
    """A .crx must open with Chrome's header (`Cr24`, version 2 or 3, its lengths) and a zip right after it."""
    with archive.open("rb") as file:
        head = file.read(16)
        if head[:4] != _CRX_MAGIC:
            raise InputError.single(f'{archive}: not a Chrome package: a .crx starts with "Cr24"')
        if len(head) < 12:
            raise InputError.single(f"{archive}: a damaged .crx: its header is cut short")
        version, first = struct.unpack_from("<2L", head, 4)
        if version == 3:
            start = 12 + first  # the header: a protobuf of keys and signatures, `first` bytes long
        elif version == 2 and len(head) == 16:
            start = 16 + first + struct.unpack_from("<L", head, 12)[0]  # public key, then signature
        else:
            raise InputError.single(f"{archive}: a .crx of version {version}: xtk reads versions 2 and 3")
        if start + 4 > size:
            raise InputError.single(f"{archive}: a damaged .crx: its header says {start:,} bytes, the file is shorter")
        file.seek(start)
        if file.read(4) not in (_LOCAL_HEADER, _END_OF_DIRECTORY):
            raise InputError.single(f"{archive}: a damaged .crx: no zip archive after its header")


def _refuse(archive: Path, what: str, option: str) -> None:
    raise InputError.single(f"{archive}: refused before extraction: {what} (raise it with {option})")


def _declared_member_count(archive: Path) -> int | None:
    """The member count of the end-of-central-directory record, None when it cannot be read here (zip64, or no
    record: zipfile then reports the archive). Read first so a directory of millions of entries is never loaded."""
    with archive.open("rb") as file:
        file.seek(0, os.SEEK_END)
        length = file.tell()
        tail_start = max(0, length - (_END_RECORD.size + 0xFFFF))  # the record, then a comment of up to 64 KiB
        file.seek(tail_start)
        tail = file.read()
    at = tail.rfind(_END_OF_DIRECTORY)
    if at < 0 or len(tail) - at < _END_RECORD.size:
        return None
    entries = _END_RECORD.unpack_from(tail, at)[4]  # the total of entries, on every disk
    return None if entries == 0xFFFF else entries


def _check_directory(archive: Path, members: list[zipfile.ZipInfo], limits: InputLimits) -> None:
    if len(members) > limits.max_files:
        _refuse(archive, f"{len(members):,} members, over the limit of {limits.max_files:,}", "--max-files")
    total = 0
    for member in members:
        _check_name(archive, member)
        total += member.file_size
        ratio = member.file_size / max(member.compress_size, 1)
        if member.file_size >= RATIO_FLOOR_BYTES and ratio > limits.max_ratio:
            _refuse(
                archive,
                f"{member.filename} expands {ratio:,.0f}:1 ({format_size(member.compress_size)} → "
                f"{format_size(member.file_size)}), over the limit of {limits.max_ratio}:1",
                "--max-ratio",
            )
    if total > limits.max_unpacked_bytes:
        _refuse(
            archive,
            f"its members hold {format_size(total)} uncompressed, over the limit of "
            f"{format_size(limits.max_unpacked_bytes)}",
            "--max-unpacked-size",
        )


def _check_name(archive: Path, member: zipfile.ZipInfo) -> None:
    name = member.filename.replace("\\", "/")
    parts = PurePosixPath(name).parts
    if name.startswith("/") or (len(name) > 1 and name[1] == ":") or ".." in parts:
        raise InputError.single(
            f"{archive}: unsafe path in the archive: {member.filename} (it would land outside the folder)"
        )
    mode = member.external_attr >> 16
    if member.create_system == 3 and stat.S_ISLNK(mode):  # 3: made on Unix, where the high bits are st_mode
        raise InputError.single(
            f"{archive}: symbolic link in the archive: {member.filename} (extensions hold files only)"
        )


def _extract(archive: Path, opened: zipfile.ZipFile, member: zipfile.ZipInfo, target: Path) -> None:
    destination = target / member.filename.replace("\\", "/")
    if member.is_dir():
        destination.mkdir(parents=True, exist_ok=True)
        return
    destination.parent.mkdir(parents=True, exist_ok=True)
    try:
        with opened.open(member) as source, destination.open("wb") as sink:
            shutil.copyfileobj(source, sink, _COPY_CHUNK)
    except (zipfile.BadZipFile, zlib.error, EOFError) as error:
        raise InputError.single(
            f"{archive}: {member.filename} is damaged or its header lies about its size ({error})"
        ) from None
    except (RuntimeError, NotImplementedError) as error:  # encrypted, or a compression method zipfile lacks
        raise InputError.single(f"{archive}: {member.filename} cannot be read: {error}") from None


class TemporaryFolders:
    """Temporary folders that go when the process does: at exit, and on SIGTERM, SIGINT and SIGHUP."""

    def __init__(self) -> None:
        self.paths: list[Path] = []
        self._previous: dict[int, Any] = {}
        self._armed = False

    def create(self, workdir: Path | None = None) -> Path:
        if not self._armed:
            self._armed = True
            atexit.register(self.remove_all)
            self._install_handlers()
        with _signals_blocked():  # a signal between mkdtemp and the append would leave the folder behind
            path = Path(tempfile.mkdtemp(prefix="xtk-lint-", dir=workdir))
            self.paths.append(path)
        return path

    def remove(self, path: Path) -> None:
        shutil.rmtree(path, ignore_errors=True)  # first: a signal meanwhile still finds it listed, and removes it
        if path in self.paths:
            self.paths.remove(path)

    def remove_all(self) -> None:
        while self.paths:
            shutil.rmtree(self.paths.pop(), ignore_errors=True)

    def _install_handlers(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return  # only the main thread may set handlers; atexit still removes the folders
        for number in _SIGNALS:
            self._previous[number] = signal.signal(number, self._on_signal)

    def _on_signal(self, number: int, frame: FrameType | None) -> None:
        previous = self._previous.get(number)
        if previous == signal.SIG_IGN:
            return
        self.remove_all()
        if callable(previous):  # e.g. Python's SIGINT handler: KeyboardInterrupt, which the CLI turns into exit 130
            previous(number, frame)
            return
        os._exit(128 + number)  # the conventional status of a process ended by this signal (143 for SIGTERM)


@contextmanager
def _signals_blocked() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


TEMPORARY_FOLDERS = TemporaryFolders()
