#!/usr/bin/env python3
"""Recreate tests/parity/addons_linter/cases.json from addons-linter's own test suite.

addons-linter's unit tests hand their inputs to its parsers, scanners and schema validator in code (a manifest
built by `validManifestJSON({...})`, a JavaScript snippet in `validCodes`, a messages.json string...). This script
runs those test files with the parsers, scanners and validator replaced by recorders (capture/modules/), jest's
globals by stand-ins that accept anything (capture/stubs/), so that every input any test builds is written down
whatever the test then asserts. Each input becomes a small extension folder (the manifest alone; a snippet as the
background script of addons-linter's baseline manifest; messages.json under `_locales/en/` with `default_locale`),
and the real addons-linter (tests/oracle's, the version web-ext ships) lints each folder: its errors and warnings
are the case's defects. Inputs for themes, language packs, dictionaries, privileged or self-hosted add-ons are
kept but marked out of scope (xtk lints extensions).

    .venv/bin/python tests/parity/addons_linter/capture/capture.py --repo PATH/TO/addons-linter [--commit REV]

Needs git, Node 20 and `npm ci` in tests/oracle (addons-linter and its dependencies, which the bundled test files
import). The inputs are addons-linter's (MPL-2.0, as its repository says); the file records the commit.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[3]
ORACLE_MODULES = REPO_ROOT / "tests" / "oracle" / "node_modules"
CASES = HERE.parent / "cases.json"

#: the test files whose inputs are captured: manifest, schema, locale and JavaScript-rule tests
TEST_FILES = (
    "tests/unit/parsers/test.manifestjson.js",
    "tests/unit/parsers/test.locale-messagesjson.js",
    "tests/unit/schema/test.*.js",
    "tests/unit/rules/javascript/test.*.js",
    "tests/unit/scanners/test.javascript.js",
)
#: test files that test addons-linter's own machinery (its schema import, formats, merge), not an add-on
NOT_ADD_ON_INPUTS = {
    "test.firefox-schemas-import.js",
    "test.formats.js",
    "test.deepmerge.js",
    "test.browser-apis.js",
    "test.eslintRulesObject.js",
}
#: modules of addons-linter's src/ that the tests import unchanged (data and messages)
REAL_MODULES = {"messages": "src/messages", "const.js": "src/const.js", "schema/imported": "src/schema/imported"}
#: addons-linter's baseline manifest (tests/unit/helpers.js, validManifestJSON)
BASELINE = {
    "name": "my extension",
    "manifest_version": 2,
    "browser_specific_settings": {
        "gecko": {"id": "{daf44bf7-a45e-4450-979c-91cf07434c3d}", "strict_min_version": "48.0.0"}
    },
    "version": "0.1",
}
OUT_OF_SCOPE_KEYS = ("theme", "langpack_id", "dictionaries", "site_permissions")


def run(argv: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, check=True, text=True, **kwargs)


def esbuild() -> Path:
    for candidate in (REPO_ROOT / "extension_src" / "node_modules" / ".bin" / "esbuild",):
        if candidate.exists():
            return candidate
    sys.exit("esbuild is missing: run `make setup` first")


def prepare(work: Path, repo: Path, commit: str) -> Path:
    """addons-linter's src/ and tests/ at `commit`, with the stand-in modules where the tests import theirs."""
    tree = work / "addons-linter"
    tree.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(repo), "archive", commit, "src", "tests"], check=True, capture_output=True
    )
    run(["tar", "-x", "-C", str(tree)], input=archive.stdout.decode("latin-1"), encoding="latin-1")
    (work / "node_modules").symlink_to(ORACLE_MODULES)  # common-tags, @mdn/browser-compat-data, ...
    modules = tree / "node_modules"
    shutil.copytree(HERE / "modules", modules)
    shutil.copytree(HERE / "stubs", modules / "__capture__")
    for name, target in REAL_MODULES.items():
        link = modules / name
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(tree / target)
    return tree


def bundle_tests(tree: Path, work: Path) -> list[Path]:
    bundles = []
    for pattern in TEST_FILES:
        for test in sorted(tree.glob(pattern)):
            if test.name in NOT_ADD_ON_INPUTS:
                continue
            relative = test.relative_to(tree).as_posix()
            name = relative.replace("/", "_")
            entry = tree / f"entry_{name}"
            entry.write_text(
                "require('__capture__/jest-globals.js');\n"
                f"require('./{relative}');\n"
                f"exports.run = () => require('__capture__/jest-globals.js').runAll({json.dumps(relative)});\n"
            )
            out = work / "bundles" / name
            done = subprocess.run(
                [
                    str(esbuild()),
                    str(entry),
                    "--bundle",
                    "--platform=node",
                    "--format=cjs",
                    f"--outfile={out}",
                    "--log-level=error",
                    "--loader:.txt=text",
                ],
                capture_output=True,
                text=True,
            )
            if done.returncode != 0:
                print(f"skipped {relative}: {done.stderr.strip().splitlines()[0] if done.stderr else 'esbuild failed'}")
                continue
            bundles.append(out)
    return bundles


def content(value: Any) -> bytes | None:
    if isinstance(value, dict) and "base64" in value:
        return base64.b64decode(value["base64"])
    if isinstance(value, str):
        return value.encode()
    return None


def case_files(record: dict[str, Any]) -> tuple[dict[str, bytes], str] | None:
    """The extension folder a recorded input becomes, and its scope; None for an input that is not an add-on's."""
    kind = record["kind"]
    options = record.get("options") or {}
    files: dict[str, bytes] = {}
    scope = "extension"
    if kind in ("manifest", "schema"):
        files["manifest.json"] = record["manifest"].encode()
        for name, value in (record.get("files") or {}).items():
            data = content(value)
            if data is not None and name.lstrip("/") != "manifest.json":
                files[name.lstrip("/")] = data
        if any(options.get(key) for key in ("selfHosted", "isAlreadySigned", "privileged", "schemaValidatorOptions")):
            scope = "privileged or self-hosted"
    elif kind == "js":
        name = (record.get("filename") or "badcode.js").lstrip("/")
        name = name if name.endswith(".js") else f"{name}.js"
        files["manifest.json"] = json.dumps({**BASELINE, "background": {"scripts": [name]}}, indent=2).encode()
        files[name] = (record.get("contents") or "").encode()
    elif kind == "locale-messages":
        manifest = {**BASELINE, "name": "__MSG_extensionName__", "default_locale": "en"}
        files["manifest.json"] = json.dumps(manifest, indent=2).encode()
        files["_locales/en/messages.json"] = record["messages"].encode()
    else:  # themes', language packs' and locale schemas alone
        return None
    if any(".." in Path(name).parts or Path(name).is_absolute() for name in files):
        return None
    try:
        manifest = json.loads(files["manifest.json"])
    except ValueError:
        manifest = None
    if isinstance(manifest, dict) and any(key in manifest for key in OUT_OF_SCOPE_KEYS):
        scope = "theme, language pack or dictionary"
    return files, scope


def encoded(data: bytes) -> str | dict[str, str]:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(data).decode()}


def build_cases(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    cases: dict[str, dict[str, Any]] = {}
    for record in records:
        made = case_files(record)
        if made is None:
            continue
        files, scope = made
        key = hashlib.sha256(
            json.dumps({name: base64.b64encode(data).decode() for name, data in sorted(files.items())}).encode()
        ).hexdigest()[:12]
        title = f"{record['file']}: {record['title']}"
        if key in cases:
            if title not in cases[key]["tests"]:
                cases[key]["tests"].append(title)
            continue
        cases[key] = {
            "id": key,
            "scope": scope,
            "tests": [title],
            "files": {name: encoded(data) for name, data in sorted(files.items())},
        }
    return list(cases.values())


def write_folder(case: dict[str, Any], folder: Path) -> None:
    for name, value in case["files"].items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(value.encode() if isinstance(value, str) else base64.b64decode(value["base64"]))


def lint_with_addons_linter(cases: list[dict[str, Any]], work: Path) -> str:
    folders = work / "cases"
    for case in cases:
        write_folder(case, folders / case["id"])
    index = work / "index.json"
    index.write_text(json.dumps([{"id": case["id"]} for case in cases]))
    results = work / "oracle.json"
    addons_linter = ORACLE_MODULES / "addons-linter"
    run(["node", str(HERE / "oracle.js"), str(index), str(folders), str(results), str(addons_linter)])
    found = json.loads(results.read_text())
    for case in cases:
        result = found[case["id"]]
        if "crash" in result:
            case["addons_linter"] = {"crash": result["crash"]}
            continue
        case["addons_linter"] = {
            level: sorted({message["code"] for message in result[level]}) for level in ("errors", "warnings", "notices")
        }
    return json.loads((addons_linter / "package.json").read_text())["version"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, required=True, help="a clone of github.com/mozilla/addons-linter")
    parser.add_argument("--commit", default="HEAD")
    args = parser.parse_args()
    commit = run(["git", "-C", str(args.repo), "rev-parse", args.commit], capture_output=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="xtk-parity-") as scratch:
        work = Path(scratch)
        tree = prepare(work, args.repo, commit)
        bundles = bundle_tests(tree, work)
        records_file = work / "records.json"
        run(
            ["node", str(HERE / "run.js"), str(records_file), *map(str, bundles)],
            cwd=tree,
            env={**os.environ, "NODE_PATH": ""},
        )
        cases = build_cases(json.loads(records_file.read_text()))
        version = lint_with_addons_linter(cases, work)
    CASES.write_text(
        json.dumps(
            {
                "source": "https://github.com/mozilla/addons-linter (MPL-2.0): the inputs of its unit tests",
                "commit": commit,
                "addons_linter": version,
                "cases": cases,
            },
            indent=1,
            ensure_ascii=False,
        )
        + "\n"
    )
    print(
        f"{len(cases)} cases written to {CASES.relative_to(REPO_ROOT)} (addons-linter {version}, tests at {commit[:8]})"
    )


if __name__ == "__main__":
    main()
