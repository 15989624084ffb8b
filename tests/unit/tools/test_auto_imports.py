"""Which auto-imported names a file uses (toolchain/tools/auto_imports.mjs, unimport's detection): only those get an
import, so a module's side effects (a component's CSS) reach only the bundles whose code uses it."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.conftest import REPO

NAMES = ["Spinner", "storage", "useCount"]
_DETECT = """
import { usedAutoImports, addAutoImports } from %s;
const cases = JSON.parse(process.argv[1]);
const names = new Set(%s);
const found = {};
for (const [k, [code, jsx]] of Object.entries(cases)) found[k] = usedAutoImports(code, names, jsx);
const table = new Map([
  ["Spinner", ["/p/components/Spinner.ts", "default"]],
  ["storage", ["@wxt-dev/storage", "storage"]],
]);
found.appended = addAutoImports("storage.get();\\n// last line", "/p/a.ts", table);
found.itself = addAutoImports("export default function () {}\\nSpinner;", "/p/components/Spinner.ts", table);
console.log(JSON.stringify(found));
"""

CASES = {
    "call": ("const el = Spinner();\n", False),
    "member": ('await storage.getItem("local:x")\n', False),
    "argument": ("mount(Spinner, { size: 2 })\n", False),
    "in_template_expression": ("const s = `x ${Spinner()} y`;\n", False),
    "shadowed_const": ("const Spinner = () => 1;\nSpinner();\n", False),
    "shadowed_function": ("function Spinner() {}\nSpinner();\n", False),
    "shadowed_class": ("class Spinner extends Base {}\nnew Spinner();\n", False),
    "shadowed_generic_function": ("export function Spinner<T>(x: T) {}\nSpinner(1);\n", False),
    "shadowed_enum": ("enum Spinner { A }\nSpinner.A;\n", False),
    "destructured": ("const { storage, other } = api;\nstorage.get();\n", False),
    "imported": ('import { Spinner } from "./ui";\nSpinner();\n', False),
    "imported_as": ('import { Loader as Spinner } from "./ui";\nSpinner();\n', False),
    "property": ("x.Spinner();\nconfig.storage.get();\n", False),
    "string": ("const a = \"Spinner()\";\nconst b = 'storage.get()';\nconst c = `Spinner(${1})`;\n", False),
    "comment": ("// Spinner()\n/* storage.get() */\nrun();\n", False),
    "object_key": ("const o = { Spinner: 1, storage: 2 };\n", False),
    "jsx_tag": ("const el = <Spinner size={2} />;\n", True),
}


@pytest.mark.node
def test_a_name_is_used_unless_declared_imported_a_property_a_key_or_in_a_string() -> None:
    module = json.dumps((REPO / "toolchain/tools/auto_imports.mjs").as_uri())
    script = _DETECT % (module, json.dumps(NAMES))
    node = shutil.which("node") or "node"
    run = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(CASES)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    used = {"call", "member", "argument", "in_template_expression", "jsx_tag"}
    assert {case: found[case] for case in CASES} == {
        case: (["storage"] if case == "member" else ["Spinner"]) if case in used else [] for case in CASES
    }
    # appended after the last line (positions in the file unchanged), a default export under its auto-import name
    assert found["appended"] == 'storage.get();\n// last line\nimport { storage } from "@wxt-dev/storage";\n'
    assert found["itself"] == "export default function () {}\nSpinner;"  # a module never imports itself
