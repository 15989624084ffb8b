"""Regenerate specs/knowledge/banned-libraries.json: the library releases addons.mozilla.org refuses (XL026).

Source: addons-linter's `src/libraries.js` (`BANNED_LIBRARIES`), read from a clone of mozilla/addons-linter. Each
entry there names a release file of its "dispensary" as `<library>.<version>.<file>` (`jquery.1.12.4.jquery.min.js`);
the table keeps, per library (by the name `specs/knowledge/libraries.json` uses), each banned version and the file
names AMO's scan recognises. A release file is recognised by its content (known_libraries.py); the file name only
says which of the release's files AMO's list names.

Usage:  python specs/knowledge/update_banned_libraries.py --repo <addons-linter clone> [--output PATH]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: addons-linter's library ids → the names libraries.json uses
NAMES = {"jquery": "jQuery", "dompurify": "DOMPurify", "angularjs": "AngularJS"}
_ENTRY = re.compile(r"'([a-z]+)\.(\d+(?:\.\d+)*)\.([\w.-]+\.js)'")


def banned(source: str) -> dict[str, dict[str, list[str]]]:
    listed = source.split("BANNED_LIBRARIES", 1)[1].split("];", 1)[0]
    found: dict[str, dict[str, set[str]]] = {}
    for library, version, file in _ENTRY.findall(listed):
        if library not in NAMES:
            raise SystemExit(f"unknown library {library!r} in BANNED_LIBRARIES: add it to NAMES and libraries.json")
        found.setdefault(NAMES[library], {}).setdefault(version, set()).add(file)
    return {name: {v: sorted(files) for v, files in versions.items()} for name, versions in sorted(found.items())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=Path, required=True, help="a clone of mozilla/addons-linter (a git directory)")
    parser.add_argument("--output", type=Path, default=HERE / "banned-libraries.json")
    args = parser.parse_args()
    show = ["git", "--git-dir", str(args.repo), "show"]
    source = subprocess.run([*show, "HEAD:src/libraries.js"], capture_output=True, text=True, check=True).stdout
    commit = subprocess.run([*show, "-s", "--format=%H", "HEAD"], capture_output=True, text=True, check=True).stdout
    data = {
        "$comment": "Library releases addons.mozilla.org refuses (addons-linter's BANNED_LIBRARIES): library → "
        "version → the release's file names AMO's scan knows. Made by specs/knowledge/update_banned_libraries.py.",
        "source": f"mozilla/addons-linter src/libraries.js at {commit.strip()}",
        "libraries": banned(source),
    }
    args.output.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    counts = ", ".join(f"{name} {len(versions)}" for name, versions in data["libraries"].items())
    print(f"{args.output}: banned versions: {counts}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
