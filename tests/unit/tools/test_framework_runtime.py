"""The build supplies a framework's runtime and the project's aliases (toolchain/tools/framework_runtime.py), bundles
a component page through its generated mount module (`out=in`), and the dev loop's JS API reads the same."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import EXTENSION, REPO, run_xtk
from toolchain.dev.bundler import Bundler
from toolchain.plan import plan_build
from toolchain.project import load_project
from toolchain.project.models import ProjectConfig
from toolchain.tools.esbuild import esbuild_commands, find_esbuild
from toolchain.tools.esbuild_options import esbuild_options
from toolchain.tools.framework_runtime import WXT_MODULES, framework_arguments


def config(**keys: object) -> ProjectConfig:
    targets = {"targets": {"chrome": {"min_version": "116"}}}
    return ProjectConfig.model_validate({"extension": {"name": "x", "version": "1"}, **targets, **keys})


def test_aliases_and_the_wxt_runtime_become_esbuild_arguments(tmp_path: Path) -> None:
    arguments, generated = framework_arguments(config(framework="wxt", aliases={"@": ".", "~lib": "src/lib"}), tmp_path)
    runtime = tmp_path / ".xtk" / "runtime" / "wxt.js"
    assert arguments[:3] == ["--alias:@=./.", "--alias:~lib=./src/lib", "--inject:./.xtk/runtime/wxt.js"]
    assert {f"--alias:{name}=./.xtk/runtime/wxt.js" for name in WXT_MODULES} <= set(arguments)
    assert generated[0][0] == str(runtime) and "export function defineContentScript" in generated[0][1]
    assert framework_arguments(config(), tmp_path) == ([], ())


def test_wxt_storage_is_answered_from_the_installed_package_through_imports_only(tmp_path: Path) -> None:
    package = tmp_path / "node_modules" / "@wxt-dev" / "storage" / "package.json"
    package.parent.mkdir(parents=True)
    package.write_text('{"name": "@wxt-dev/storage"}', encoding="utf-8")
    arguments, generated = framework_arguments(config(framework="wxt"), tmp_path)
    assert "--alias:#imports=./.xtk/runtime/wxt-imports.js" in arguments
    assert "--alias:wxt/browser=./.xtk/runtime/wxt.js" in arguments  # no storage where only `browser` is imported
    assert {"--alias:wxt/storage=@wxt-dev/storage", "--alias:wxt/utils/storage=@wxt-dev/storage"} <= set(arguments)
    barrel = dict(generated)[str(tmp_path / ".xtk" / "runtime" / "wxt-imports.js")]
    assert barrel == 'export * from "./wxt.js";\nexport { storage } from "@wxt-dev/storage";\n'
    without = framework_arguments(config(framework="wxt"), tmp_path / "elsewhere")[0]
    assert "--alias:#imports=./.xtk/runtime/wxt.js" in without


def test_auto_import_folders_become_a_table_of_names_not_an_injected_module(tmp_path: Path) -> None:
    files = {
        "utils/count.ts": "export function countWords() {}\nexport const MAX = 3, MIN = 1\nexport type T = 1\n",
        "utils/cache/index.ts": 'export { makeCache, other as renamed } from "./make"\nexport type { X } from "./x"\n',
        "utils/cache/make.ts": "export function makeCache() {}\n",  # below the folder: only its index counts
        "utils/count.test.ts": "export const inTests = 1\n",
        "hooks/useCount.ts": "export function countWords() {}\nexport default function () {}\n",
        "utils/keys.ts": "export enum Keys { A }\n",
        "utils/github/index.ts": 'export * from "./api"\nexport * as Github from "./types"\n',
        "utils/github/api.ts": "export function fetchUser() {}\n",
        "utils/github/types.ts": "export type User = {}\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    arguments, generated = framework_arguments(config(auto_imports=["utils", "hooks", "composables"]), tmp_path)
    assert arguments == []  # nothing injected: each file imports what it uses (auto_imports.mjs)
    assert generated[0][0] == str(tmp_path / ".xtk" / "runtime" / "auto-imports.json")
    assert json.loads(generated[0][1]) == {
        "makeCache": ["./utils/cache/index.ts", "makeCache"],
        "renamed": ["./utils/cache/index.ts", "renamed"],
        "countWords": ["./utils/count.ts", "countWords"],
        "MAX": ["./utils/count.ts", "MAX"],
        "MIN": ["./utils/count.ts", "MIN"],
        "fetchUser": ["./utils/github/index.ts", "fetchUser"],  # `export *` followed
        "Github": ["./utils/github/index.ts", "Github"],  # `* as` named
        "Keys": ["./utils/keys.ts", "Keys"],  # a TypeScript enum is a value
        "useCount": ["./hooks/useCount.ts", "default"],  # unimport's name for a default export: the file's
    }  # the hook's countWords is taken already; types are not names to import


def test_an_out_in_entry_is_an_entry_point_object_for_the_js_api() -> None:
    options = esbuild_options(["esbuild", "popup=.xtk/pages/popup.mount.js", "src/a.ts"], Path("/p"))
    assert options["entryPoints"] == [{"in": ".xtk/pages/popup.mount.js", "out": "popup"}, "src/a.ts"]


@pytest.mark.node
def test_wxt_and_component_page_bundles_are_the_same_through_the_js_api(tmp_path: Path) -> None:
    """The dev loop bundles an imported WXT project (inject, aliases) and a component page (`out=in`) byte for byte
    as the build does."""
    modules = REPO / "tests/fixtures/import/react-modules/node_modules"
    if not (modules / "react-dom").is_dir():
        pytest.skip("react-modules not installed (tests/integration/test_import.py installs them)")
    for kind, node_modules in (("wxt", EXTENSION / "node_modules"), ("plasmo", modules)):
        folder = tmp_path / kind
        shutil.copytree(REPO / "tests/fixtures/import" / kind, folder)
        (folder / "node_modules").symlink_to(node_modules, target_is_directory=True)
        assert run_xtk("import", cwd=folder).code == 0
        project = load_project(folder)
        binary = find_esbuild(project.root)
        plan = plan_build(project, "chrome", "development")
        cli_out, api_out = tmp_path / f"{kind}-cli", tmp_path / f"{kind}-api"
        contexts = []
        for command in esbuild_commands(plan, binary, cli_out, tmp_path / "scratch"):
            for path, text in command.generated:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                Path(path).write_text(text, encoding="utf-8")
            subprocess.run(command.argv, cwd=project.root, check=True, capture_output=True)
            argv = [a.replace(str(cli_out), str(api_out)) for a in command.argv]
            contexts.append((command.fmt, esbuild_options(argv, project.root)))
        bundler = Bundler(project.root, project.base_dir, binary, "chrome")
        try:
            bundler.start(contexts)
            result = bundler.rebuild()
        finally:
            bundler.close()
        assert result.errors == []
        built = sorted(p.relative_to(cli_out).as_posix() for p in cli_out.rglob("*") if p.is_file())
        assert built == sorted(p.relative_to(api_out).as_posix() for p in api_out.rglob("*") if p.is_file())
        assert ("popup.js" in built) == (kind == "plasmo")
        for name in built:
            cli_text = (cli_out / name).read_text().replace(str(cli_out), "OUT")
            assert cli_text == (api_out / name).read_text().replace(str(api_out), "OUT"), name


def test_auto_import_names_come_from_their_module_first(tmp_path: Path) -> None:
    (tmp_path / "utils").mkdir()
    (tmp_path / "utils" / "s.ts").write_text("export const storage = 1\nexport const other = 2\n", encoding="utf-8")
    names = {"storage": "@wxt-dev/storage", "ref": "vue", "computed": "vue", "helper": "./lib/helper.ts"}
    arguments, generated = framework_arguments(config(auto_imports=["utils"], auto_import_names=names), tmp_path)
    assert arguments == []
    assert json.loads(generated[0][1]) == {
        "computed": ["vue", "computed"],
        "helper": ["./lib/helper.ts", "helper"],
        "ref": ["vue", "ref"],
        "storage": ["@wxt-dev/storage", "storage"],
        "other": ["./utils/s.ts", "other"],  # utils' own storage loses to the named one
    }
    with pytest.raises(ValueError, match="not a JavaScript name"):
        config(auto_import_names={"not-a-name": "x"})


_RUNTIME_CHECK = """
const mod = await import(process.argv[2]);
const out = {};
let ran = 0;
const order = [];
const script = mod.defineContentScript({
  matches: ["<all_urls>"],
  main(ctx) { order.push("main"); ctx.setTimeout(() => { ran++; }, 0); out.validWithoutRuntime = ctx.isValid; },
});
order.push("after define");
await new Promise((resolve) => setTimeout(resolve, 20));
out.timerRan = ran;
out.order = order;
out.definitionKept = typeof script.main;
globalThis.chrome = { runtime: { id: "abc" } };
const ctx = new mod.ContentScriptContext("x", {});
let invalidated = false;
ctx.onInvalidated(() => { invalidated = true; });
delete globalThis.chrome.runtime.id;
out.invalidAfterReload = ctx.isInvalid && invalidated;
out.unlistedResult = mod.defineUnlistedScript(() => 42);
out.browserIsChrome = mod.browser === undefined;
let logged = "";
const error = console.error;
console.error = (...args) => { logged = args.join(" "); };
mod.defineBackground(() => { throw new Error("boom"); });
console.error = error;
out.failureReported = logged;
console.log(JSON.stringify(out));
"""


@pytest.mark.node
def test_the_wxt_runtime_runs_main_at_definition_with_a_context_that_ends_on_reload(tmp_path: Path) -> None:
    """templates/runtime/wxt.js in Node: main runs when the entry defines itself (before the module's next
    statement), a script without an extension runtime (MAIN world) keeps its timers, a reload invalidates the
    context, an unlisted script's value is main's result, and a failing main is reported, not thrown."""
    check = tmp_path / "check.mjs"
    check.write_text(_RUNTIME_CHECK, encoding="utf-8")
    runtime = REPO / "templates" / "runtime" / "wxt.js"
    completed = subprocess.run(["node", str(check), str(runtime)], capture_output=True, text=True, check=True)
    assert json.loads(completed.stdout) == {
        "validWithoutRuntime": True,
        "timerRan": 1,
        "order": ["main", "after define"],
        "definitionKept": "function",
        "invalidAfterReload": True,
        "unlistedResult": 42,
        "browserIsChrome": True,
        "failureReported": "[background] main() failed: Error: boom",
    }
