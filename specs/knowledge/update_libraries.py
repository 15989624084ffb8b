"""Regenerate specs/knowledge/libraries.json: content hashes of well-known JavaScript library release files.

`xtk lint` uses the table to recognise vendored copies of popular libraries exactly (the same idea as
addons-linter's "dispensary"): a file in an extension whose normalized hash is in the table is an
unmodified release file of that library, version and path.

Sources
    The npm registry only, through the ordinary npm client:
    - `npm view <package> versions --json` lists the published versions;
    - `npm pack <package>@<version> --json --pack-destination <tmp>` downloads each release tarball
      (npm checks the tarball against the registry's integrity hash; no lifecycle scripts run for a
      registry spec).
    Each .tgz is opened with `tarfile` and the library's dist files (see LIBRARIES below) that exist in
    that version are hashed. Pre-releases (versions containing "-") are skipped. Note: jquery-ui-dist
    stops at 1.13.x on npm; jQuery UI 1.14 is only published as the `jquery-ui` package.

Normalisation (toolchain/lint/known_libraries.py `normalized`, the one definition: this script imports it)
    1. decode the bytes as UTF-8 with errors="replace";
    2. convert CRLF, then lone CR, to LF;
    3. remove every line that consists only of a source-map comment, i.e. matches
       `^[ \\t]*//# sourceMappingURL=.*$` or `^[ \\t]*/\\*# sourceMappingURL=.*\\*/[ \\t]*$`;
       a comment that shares its line with code is kept;
    4. strip trailing ASCII whitespace (space, tab, LF, CR, FF, VT) at the end of the file;
    5. encode as UTF-8.
    The hash is the lowercase hex SHA-256 of the result: `hashlib.sha256(normalized(data)).hexdigest()`.

Usage
    .venv/bin/python specs/knowledge/update_libraries.py [--output PATH] [--workers N]
    Standard library and xtk's own `normalized` (run it with xtk's Python), plus `npm` on PATH and access to
    the npm registry.
    It downloads about 360 tarballs with 4 parallel workers and takes 2 to 4 minutes (223 s measured on
    29 November 2026). Everything it downloads lives in a tempfile.TemporaryDirectory (including a private npm
    cache); the only file written outside it is the output JSON. Progress
    goes to stderr. The output is deterministic apart from generated.date (sorted keys, indent 1,
    trailing newline).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import hashlib
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from toolchain.lint.known_libraries import normalized  # the one definition: the linter hashes files the same way

OUTPUT = Path(__file__).resolve().parent / "libraries.json"
REGENERATE = ".venv/bin/python specs/knowledge/update_libraries.py"


def _prefix(*prefixes: str) -> Callable[[str], bool]:
    """Version selector: every release whose version starts with one of the prefixes ("3." or an exact "1.12.4")."""

    def select(version: str) -> bool:
        return any(version == p or (p.endswith(".") and version.startswith(p)) for p in prefixes)

    return select


# display name -> (npm package, homepage, files inside the tarball's package folder, version selector)
LIBRARIES: dict[str, tuple[str, str, tuple[str, ...], Callable[[str], bool]]] = {
    "jQuery": (
        "jquery",
        "https://jquery.com/",
        ("dist/jquery.js", "dist/jquery.min.js", "dist/jquery.slim.js", "dist/jquery.slim.min.js"),
        _prefix("1.", "2.", "3.", "4."),  # 1.x and 2.x: the releases addons.mozilla.org bans (XL026)
    ),
    "jQuery UI": (
        "jquery-ui-dist",
        "https://jqueryui.com/",
        ("jquery-ui.js", "jquery-ui.min.js"),
        _prefix("1.12.", "1.13.", "1.14."),
    ),
    "DOMPurify": (
        "dompurify",
        "https://github.com/cure53/DOMPurify",
        ("dist/purify.js", "dist/purify.min.js", "dist/purify.es.mjs", "dist/purify.cjs.js"),
        _prefix("1.", "2.", "3."),
    ),
    "AngularJS": (
        "angular",
        "https://angularjs.org/",
        ("angular.js", "angular.min.js"),
        _prefix("1."),  # every AngularJS release up to 1.8.1 is one addons.mozilla.org bans (XL026)
    ),
    "webextension-polyfill": (
        "webextension-polyfill",
        "https://github.com/mozilla/webextension-polyfill",
        ("dist/browser-polyfill.js", "dist/browser-polyfill.min.js"),
        lambda version: True,
    ),
    "Bootstrap": (
        "bootstrap",
        "https://getbootstrap.com/",
        (
            "dist/js/bootstrap.js",
            "dist/js/bootstrap.min.js",
            "dist/js/bootstrap.bundle.js",
            "dist/js/bootstrap.bundle.min.js",
        ),
        _prefix("3.4.1", "4.6.", "5."),
    ),
    "Lodash": (
        "lodash",
        "https://lodash.com/",
        ("lodash.js", "lodash.min.js", "core.js", "core.min.js"),
        _prefix("4.17."),
    ),
}


def file_hash(data: bytes) -> str:
    """Lowercase hex SHA-256 of normalized(data): the key used in libraries.json."""
    return hashlib.sha256(normalized(data)).hexdigest()


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) if part.isdigit() else -1 for part in re.split(r"[.+]", version))


_print_lock = threading.Lock()


def log(message: str) -> None:
    with _print_lock:
        print(message, file=sys.stderr, flush=True)


def npm(args: list[str], cache: Path, cwd: Path, attempts: int = 3) -> str:
    """Run npm with a private cache (so nothing is written outside the temporary directory); return stdout."""
    command = ["npm", *args, "--cache", str(cache), "--no-update-notifier", "--no-fund", "--no-audit"]
    for attempt in range(1, attempts + 1):
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)
        if result.returncode == 0:
            return result.stdout
        if attempt == attempts:
            raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()[-2000:]}")
        log(f"  retrying ({attempt}/{attempts - 1}): npm {' '.join(args)}")
        time.sleep(2 * attempt)
    raise AssertionError("unreachable")


def hash_release(package: str, version: str, files: tuple[str, ...], tmp: Path, cache: Path) -> dict[str, str]:
    """Download package@version with npm pack and hash the listed files present in it."""
    destination = tmp / f"{package}@{version}"
    destination.mkdir()
    out = npm(["pack", f"{package}@{version}", "--json", "--pack-destination", str(destination)], cache, tmp)
    (packed,) = json.loads(out)
    tarball = destination / packed["filename"]
    hashes: dict[str, str] = {}
    with tarfile.open(tarball, "r:gz") as archive:
        for member in archive.getmembers():
            if not member.isfile():
                continue
            # Strip the top-level folder ("package/", or another name in a few old tarballs).
            name = member.name[2:] if member.name.startswith("./") else member.name
            _, _, inner = name.partition("/")
            if inner in files:
                extracted = archive.extractfile(member)
                assert extracted is not None
                hashes[inner] = file_hash(extracted.read())
    tarball.unlink()
    return hashes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help=f"default: {OUTPUT}")
    parser.add_argument("--workers", type=int, default=4, help="parallel downloads (default 4)")
    options = parser.parse_args(argv)
    started = time.monotonic()

    with tempfile.TemporaryDirectory(prefix="xtk-libraries-") as tmpdir:
        tmp = Path(tmpdir)
        cache = tmp / "npm-cache"
        chosen: dict[str, list[str]] = {}
        jobs: list[tuple[str, str, str, tuple[str, ...]]] = []
        for name, (package, _homepage, files, select) in LIBRARIES.items():
            published = json.loads(npm(["view", package, "versions", "--json"], cache, tmp))
            if isinstance(published, str):
                published = [published]
            versions = sorted((v for v in published if "-" not in v and select(v)), key=version_key)
            chosen[package] = versions
            log(f"{name} ({package}): {len(versions)} versions: {', '.join(versions)}")
            jobs += [(name, package, version, files) for version in versions]

        results: dict[str, dict[str, dict[str, str]]] = {name: {} for name in LIBRARIES}
        failures: list[str] = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.workers) as pool:
            futures = {
                pool.submit(hash_release, package, version, files, tmp, cache): (name, package, version)
                for name, package, version, files in jobs
            }
            for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
                name, package, version = futures[future]
                try:
                    hashes = future.result()
                except Exception as error:  # report every failure, then stop before writing
                    failures.append(f"{package}@{version}: {error}")
                    log(f"[{done}/{len(jobs)}] {package}@{version}: FAILED: {error}")
                    continue
                log(f"[{done}/{len(jobs)}] {package}@{version}: {len(hashes)} file(s)")
                if hashes:
                    results[name][version] = hashes
                else:
                    log(f"  note: {package}@{version} contains none of the listed files; left out")
        if failures:
            log(f"{len(failures)} download(s) failed; {options.output} not written")
            return 1

    document = {
        "$comment": (
            "SHA-256 hashes of release files of well-known JavaScript libraries, so that xtk lint can recognise "
            "unmodified vendored copies (like addons-linter's dispensary). Made from the npm registry: for each "
            "listed version, npm pack downloads the release tarball and the listed dist files are hashed. "
            "Hash = sha256 hex of the file after normalisation: decode UTF-8 (errors=replace), CRLF and CR to LF, "
            "drop every line that is only a source-map comment (//# sourceMappingURL=... or "
            "/*# sourceMappingURL=... */, surrounding spaces/tabs allowed), strip trailing whitespace at the end "
            "of the file, encode UTF-8 (normalized() in toolchain/lint/known_libraries.py). "
            "libraries.<name>.versions.<version> maps the file's path inside the npm package to its hash; "
            "generated.npm lists the versions examined. Regenerate with: " + REGENERATE
        ),
        "generated": {
            "date": datetime.date.today().isoformat(),
            "npm": chosen,
        },
        "libraries": {
            name: {"package": package, "homepage": homepage, "versions": results[name]}
            for name, (package, homepage, _files, _select) in LIBRARIES.items()
        },
    }
    text = json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    options.output.write_text(text, encoding="utf-8")

    total = 0
    for name in LIBRARIES:
        count = sum(len(v) for v in results[name].values())
        total += count
        log(f"{name}: {len(results[name])} versions, {count} hashes")
    log(f"wrote {options.output} ({len(text.encode())} bytes, {total} hashes) in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
