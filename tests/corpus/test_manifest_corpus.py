"""The loader and the manifest schemas against real manifests: Google's Chrome samples and MDN's Firefox examples.

Run with `pytest tests/corpus -s` to see the counts; they are in every assertion message too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from toolchain.diagnostics import InputError
from toolchain.manifest.schema import load_manifest_file, validate_manifest

pytestmark = pytest.mark.corpus

CHROME = "chrome-extensions-samples"
MDN = "webextensions-examples"

#: Current Chrome samples that break Chrome's documented rules, each with the one pointer it must be rejected at.
#: Chrome itself loads both (it ignores unknown keys and the store-only length limit), but xtk must not write either.
KNOWN_INVALID_CHROME_SAMPLES = {
    # The key is `use_dynamic_url` (developer.chrome.com, web_accessible_resources); the plural is silently ignored,
    # so the sample never gets the dynamic URL it asks for.
    "functional-samples_tutorial.custom-cursor.json": "/web_accessible_resources/0/use_dynamic_urls",
    # "no more than 132 characters" (developer.chrome.com, manifest description); this one has 241.
    "api-samples_downloads_downloads_overwrite.json": "/description",
}


@dataclass(frozen=True)
class Sample:
    group: str  # CHROME or MDN
    name: str
    manifest: dict[str, Any] | None  # None when the loader refused it
    had_comments: bool  # strict JSON fails, the comment-tolerant loader succeeds


def _load(path: Path) -> Sample:
    try:
        manifest = load_manifest_file(path)
    except InputError:
        return Sample(path.parent.name, path.name, None, False)
    try:
        json.loads(path.read_text(encoding="utf-8-sig"))
        strict = True
    except ValueError:
        strict = False
    return Sample(path.parent.name, path.name, manifest, not strict)


@pytest.fixture(scope="module")
def samples(manifest_corpus: Path) -> list[Sample]:
    files = sorted(manifest_corpus.rglob("*.json"))
    assert files, f"no manifests under {manifest_corpus}"
    return [_load(path) for path in files]


def _report(line: str) -> str:
    print(f"[manifest corpus] {line}")
    return line


def _listing(found: dict[str, list[str]]) -> str:
    return "\n".join(f"  {name}: {'; '.join(errors)}" for name, errors in found.items())


def test_every_file_loads_or_fails_as_input_error(manifest_corpus: Path) -> None:
    unexpected: list[str] = []
    read = parsed = 0
    for path in sorted(manifest_corpus.rglob("*.json")):
        read += 1
        try:
            load_manifest_file(path)
            parsed += 1
        except InputError:
            pass
        except Exception as error:  # the point of this test: nothing else may escape
            unexpected.append(f"{path.name}: {type(error).__name__}: {error}")
    summary = _report(f"files read: {read}, parsed: {parsed}, refused as InputError: {read - parsed - len(unexpected)}")
    assert unexpected == [], f"{summary}\n" + "\n".join(unexpected)
    # Every one of these manifests loaded in a browser, so every one must parse.
    assert parsed == read, summary


def test_commented_manifests_parse(samples: list[Sample]) -> None:
    commented = [s.name for s in samples if s.had_comments]
    summary = _report(
        f"files with comments (strict JSON fails, the loader succeeds): {len(commented)}: {', '.join(commented)}"
    )
    assert commented, summary  # the corpus is known to hold some: a loader that chokes on them would show here


def _current_chrome_mv3(samples: list[Sample]) -> list[Sample]:
    return [
        s
        for s in samples
        if s.group == CHROME
        and not s.name.startswith("_archive_")
        and s.manifest
        and s.manifest.get("manifest_version") == 3
    ]


def test_current_chrome_mv3_samples_pass_chrome_schema(samples: list[Sample]) -> None:
    current = _current_chrome_mv3(samples)
    wrong: dict[str, list[str]] = {}
    for sample in current:
        assert sample.manifest is not None
        errors = validate_manifest(sample.manifest, "chrome-mv3")
        expected = [KNOWN_INVALID_CHROME_SAMPLES[sample.name]] if sample.name in KNOWN_INVALID_CHROME_SAMPLES else []
        if [e.key for e in errors] != expected:
            wrong[sample.name] = [e.format() for e in errors] or [
                "accepted, but expected a rejection at " + expected[0]
            ]
    accepted = len(current) - len(KNOWN_INVALID_CHROME_SAMPLES)
    summary = _report(
        f"current Chrome MV3 samples accepted: {accepted}/{len(current)} "
        f"(+{len(KNOWN_INVALID_CHROME_SAMPLES)} rejected exactly where Chrome's docs are broken)"
    )
    missing = set(KNOWN_INVALID_CHROME_SAMPLES) - {s.name for s in current}
    assert not missing, f"{summary}\nknown-invalid samples no longer in the corpus: {sorted(missing)}"
    assert current, summary
    assert wrong == {}, f"{summary}\n{_listing(wrong)}"


def test_mdn_examples_pass_firefox_schema(samples: list[Sample]) -> None:
    examples = [s for s in samples if s.group == MDN]
    rejected = {s.name: [e.format() for e in validate_manifest(s.manifest or {}, "firefox")] for s in examples}
    rejected = {name: errors for name, errors in rejected.items() if errors}
    versions = sorted({(s.manifest or {}).get("manifest_version") for s in examples}, key=str)
    summary = _report(
        f"MDN examples accepted by the Firefox schema: {len(examples) - len(rejected)}/{len(examples)} "
        f"(manifest versions {versions})"
    )
    assert examples, summary
    assert rejected == {}, f"{summary}\n{_listing(rejected)}"


def test_chrome_schema_rejects_every_mv2_archive_sample(samples: list[Sample]) -> None:
    archived = [s for s in samples if s.group == CHROME and s.name.startswith("_archive_mv2_")]
    accepted = [s.name for s in archived if not validate_manifest(s.manifest or {}, "chrome-mv3")]
    summary = _report(
        f"MV2 archive samples rejected by the Chrome MV3 schema: {len(archived) - len(accepted)}/{len(archived)}"
    )
    assert archived, summary
    assert accepted == [], f"{summary}\naccepted: {accepted}"


def test_chrome_schema_rejects_chrome_apps(samples: list[Sample]) -> None:
    """Chrome Apps (`app` key) are not extensions: none may pass as one."""
    apps = [s for s in samples if s.group == CHROME and s.name.startswith("_archive_apps_")]
    accepted = [s.name for s in apps if not validate_manifest(s.manifest or {}, "chrome-mv3")]
    summary = _report(f"Chrome App samples rejected by the Chrome MV3 schema: {len(apps) - len(accepted)}/{len(apps)}")
    assert apps, summary
    assert accepted == [], f"{summary}\naccepted: {accepted}"
