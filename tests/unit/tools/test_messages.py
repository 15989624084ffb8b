"""esbuild's and tsc's text output become located diagnostics."""

from __future__ import annotations

from pathlib import Path

from toolchain.project import load_project
from toolchain.tools.esbuild import parse_esbuild_log
from toolchain.tools.typecheck import parse_tsc_output

ESBUILD_LOG = """\
✘ [ERROR] Could not resolve "./nope"

    src/a.ts:1:14:
      1 │ import x from "./nope"
        ╵               ~~~~~~~~

  You can mark the path "./nope" as external to exclude it from the bundle.

▲ [WARNING] Comparison using the "===" operator here is always false [equals-new-object]

    src/b.ts:3:9:
      3 │ if (x === {}) {}
        ╵          ~~~

✘ [ERROR] Two output files share the same path but have different contents: out.js

2 errors
"""

TSC_OUTPUT = """\
src/content/index.ts(12,7): error TS2322: Type 'string' is not assignable to type 'number'.
src/shared/x.ts(3,1): error TS2345: Argument of type '{ a: number; }' is not assignable to parameter of type 'B'.
  Object literal may only specify known properties, and 'a' does not exist in type 'B'.
error TS5083: Cannot read file '/nowhere/tsconfig.json'.
"""


def project(tmp_path: Path):
    (tmp_path / "ext/src").mkdir(parents=True)
    (tmp_path / "ext/src/a.ts").write_text("")
    (tmp_path / "xtk.toml").write_text(
        'root = "ext"\n[extension]\nname = "x"\nversion = "1"\n[targets.chrome]\nmin_version = "116"\n'
        '[background]\nentry = "src/a.ts"\n'
    )
    return load_project(tmp_path)


def test_esbuild_errors_and_warnings(tmp_path: Path) -> None:
    loaded = project(tmp_path)
    first, second, third = parse_esbuild_log(ESBUILD_LOG, loaded.root, loaded.base_dir, "chrome")
    assert (first.severity, first.path, first.line, first.column) == ("error", "ext/src/a.ts", 1, 15)
    assert first.message == 'Could not resolve "./nope"' and first.browser == "chrome"
    assert (second.severity, second.path, second.line) == ("warning", "ext/src/b.ts", 3)
    assert third.path is None and third.message.startswith("Two output files")
    assert first.format() == 'ext/src/a.ts:1:15: error: [chrome] Could not resolve "./nope"'


def test_tsc_output(tmp_path: Path) -> None:
    root = tmp_path / "ext"
    one, two, three = parse_tsc_output(TSC_OUTPUT, root, tmp_path)
    assert (
        one.format() == "ext/src/content/index.ts:12:7: error TS2322: Type 'string' is not assignable to type 'number'."
    )
    assert two.message.endswith("and 'a' does not exist in type 'B'.") and "\n" in two.message
    assert three.path is None and three.code == "TS5083"
