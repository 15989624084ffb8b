""".svelte and .vue components (tests/fixtures/projects/components/): built for Chrome, Edge and Firefox through
esbuild's JavaScript API with the project's own compilers; compiler errors located like esbuild's (exit 1); the
component CSS in the bundles; the cache keyed on the compilers; projects without components stay on the binary."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.components_support import copy_components, install_components_fixture
from tests.integration.support import copy_fixture, edit

pytestmark = pytest.mark.node
BROWSERS = ("chrome", "edge", "firefox")


@pytest.fixture(scope="session")
def node_modules() -> Path:
    return install_components_fixture()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, node_modules: Path) -> tuple[Path, dict]:
    """One full build (type-check included) of a copy of the fixture for every browser."""
    project = copy_components(tmp_path_factory.mktemp("components") / "p", node_modules)
    result = run_xtk("build", "--format", "json", cwd=project)
    assert result.code == 0, result.output
    return project, json.loads(result.stdout)


def _recipe(project: Path) -> dict:
    return json.loads((project / ".xtk/build-cache/all-production.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("browser", BROWSERS)
def test_every_browser_gets_the_compiled_components(built: tuple[Path, dict], browser: str) -> None:
    project, report = built
    assert report["warnings"] == []
    out = project / "build" / browser
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["content_scripts"][0]["js"] == ["content/index.js"]
    popup = (out / "popup/main.js").read_text(encoding="utf-8")
    options = (out / "options/main.js").read_text(encoding="utf-8")
    widget = (out / "content/index.js").read_text(encoding="utf-8")
    # Compiled, not imported: no bundle names a component file, and the templates' text is there.
    for bundle, component in ((popup, "Counter.svelte"), (options, "Settings.vue"), (widget, "Badge.svelte")):
        assert component not in bundle
    assert "doubled: " in popup and "enabled: " in options
    # Each component's CSS rides in its bundle: Svelte's scoped to its hash, Vue's to its data-v id.
    assert re.search(r"button\.svelte-[a-z0-9]+ ?\{\s*color: ?rgb\(200, 30, 40\)", popup)
    scope = re.search(r'__scopeId="data-v-([0-9a-f]{8})"', options)
    assert scope and re.search(rf"h1\[data-v-{scope.group(1)}\] ?\{{\s*color: ?rgb\(20, 120, 60\)", options)
    assert re.search(r"\.badge\.svelte-[a-z0-9]+ ?\{\s*color: ?rgb\(10, 20, 200\)", widget)
    metafile = json.loads((project / "build" / f"{browser}.metafile.json").read_text(encoding="utf-8"))
    for component in (
        "src/popup/Counter.svelte",
        "src/popup/clicks.svelte.ts",
        "src/options/Settings.vue",
        "src/content/Badge.svelte",
    ):
        assert component in metafile["inputs"], component


def test_the_node_path_runs_only_for_component_projects(built: tuple[Path, dict], tmp_path: Path) -> None:
    project, _ = built
    commands = [c for b in _recipe(project)["recipe"]["browsers"] for c in b["esbuild"]]
    assert commands and all(Path(c["argv"][1]).name == "components.mjs" for c in commands)
    assert all(Path(c["argv"][0]).name == "node" for c in commands)

    plain = copy_fixture(tmp_path / "plain")  # all-entries: TypeScript only, no svelte or vue in package.json
    assert run_xtk("build", "--no-typecheck", cwd=plain).code == 0
    commands = [c for b in _recipe(plain)["recipe"]["browsers"] for c in b["esbuild"]]
    assert commands and all(Path(c["argv"][0]).name == "esbuild" and "--bundle" in c["argv"] for c in commands)


def test_a_svelte_compile_error_is_located_and_exits_1(tmp_path: Path, node_modules: Path) -> None:
    project = copy_components(tmp_path / "p", node_modules)
    component = project / "src/popup/Counter.svelte"
    edit(component, '<p id="doubled">doubled: {doubled}</p>', '<p id="doubled">doubled: {doubled +}</p>')
    lines = component.read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "{doubled +}" in text)
    column = lines[line - 1].index("+}") + 2  # 1-based: the `}` where an operand was expected
    result = run_xtk("build", "--no-typecheck", cwd=project)
    assert result.code == 1, result.output
    assert f"src/popup/Counter.svelte:{line}:{column}: error: " in result.stderr, result.stderr
    assert "Traceback" not in result.output
    assert not (project / "build").exists()  # a failed first build leaves nothing


def test_a_vue_compile_error_is_located_and_exits_1(tmp_path: Path, node_modules: Path) -> None:
    project = copy_components(tmp_path / "p", node_modules)
    component = project / "src/options/Settings.vue"
    edit(component, "ref<boolean>(true);", "ref<boolean>(true;")
    lines = component.read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "(true;" in text)
    column = lines[line - 1].index(";") + 1
    result = run_xtk("build", "--no-typecheck", "-b", "chrome", cwd=project)
    assert result.code == 1, result.output
    assert f"src/options/Settings.vue:{line}:{column}: error: " in result.stderr, result.stderr
    edit(component, "ref<boolean>(true;", "ref<boolean>(true);")
    edit(component, "{{ props.title }}", "{{ props.title }")
    result = run_xtk("build", "--no-typecheck", "-b", "chrome", cwd=project)
    assert result.code == 1 and "src/options/Settings.vue:" in result.stderr, result.output


def test_a_component_without_its_framework_says_what_to_install(tmp_path: Path, node_modules: Path) -> None:
    project = copy_components(tmp_path / "p", node_modules)
    package = json.loads((project / "package.json").read_text(encoding="utf-8"))
    del package["dependencies"]["svelte"]
    (project / "package.json").write_text(json.dumps(package), encoding="utf-8")
    result = run_xtk("build", "--no-typecheck", "-b", "chrome", cwd=project)
    assert result.code == 1, result.output
    assert re.search(
        r"src/popup/main\.ts:2:\d+: error: .*No loader is configured for \"\.svelte\" files.*"
        r"add svelte to package\.json's dependencies",
        result.stderr,
    ), result.stderr


def test_a_broken_package_json_is_bad_input(tmp_path: Path, node_modules: Path) -> None:
    project = copy_components(tmp_path / "p", node_modules)
    (project / "package.json").write_text('{\n  "dependencies": {"svelte": "5.57.3",}\n}\n', encoding="utf-8")
    result = run_xtk("build", "--no-typecheck", cwd=project)
    assert result.code == 2, result.output
    assert re.search(r"package\.json:2:\d+: error: package\.json is not valid JSON", result.stderr), result.stderr
    assert "Traceback" not in result.output


def test_without_node_the_build_says_so(tmp_path: Path, node_modules: Path) -> None:
    project = copy_components(tmp_path / "p", node_modules)
    empty = tmp_path / "no-tools"
    empty.mkdir()
    result = run_xtk("build", "--no-typecheck", cwd=project, env={"PATH": str(empty)})
    assert result.code == 2, result.output
    assert "node is not installed" in result.stderr and "Traceback" not in result.output


def test_the_cache_is_keyed_on_the_compilers(tmp_path: Path, node_modules: Path) -> None:
    """A different svelte install means a full build, not the replay of a recipe made with the old one."""
    project = copy_components(tmp_path / "p", node_modules)
    (project / "node_modules").unlink()
    local = project / "node_modules"  # links to the shared install, except svelte: a copy this test may change
    local.mkdir()
    for entry in node_modules.iterdir():
        if entry.name != "svelte":
            (local / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    shutil.copytree(node_modules / "svelte", local / "svelte", symlinks=True)

    def build() -> dict:
        result = run_xtk("build", "--no-typecheck", "--format", "json", cwd=project)
        assert result.code == 0, result.output
        return json.loads(result.stdout)

    assert build()["cached_recipe"] is False
    assert build()["cached_recipe"] is True
    fingerprint = _recipe(project)["fingerprint"]
    for name in ("svelte", "vue", "@vue/compiler-sfc"):
        assert fingerprint["project_files"][str(project / f"node_modules/{name}/package.json")] != "missing", name
    assert any(Path(tool).name.startswith("node") for tool in fingerprint["tools"])

    svelte = local / "svelte/package.json"
    svelte.write_text(
        svelte.read_text(encoding="utf-8").replace('"version": "5.57.3"', '"version": "5.57.4"'), encoding="utf-8"
    )
    assert build()["cached_recipe"] is False
    assert build()["cached_recipe"] is True


def test_development_builds_have_source_maps_of_the_components(tmp_path: Path, node_modules: Path) -> None:
    project = copy_components(tmp_path / "p", node_modules)
    result = run_xtk("build", "--no-typecheck", "-b", "firefox", "--mode", "development", cwd=project)
    assert result.code == 0, result.output
    source_map = json.loads((project / "build/firefox/popup/main.js.map").read_text(encoding="utf-8"))
    assert any(source.endswith("popup/Counter.svelte") for source in source_map["sources"])
    assert os.path.isfile(project / "build/firefox/options/main.js.map")


def test_vue_custom_elements_keep_their_styles_and_a_missing_preprocessor_is_named(
    tmp_path: Path, node_modules: Path
) -> None:
    project = copy_components(tmp_path / "p", node_modules)
    (project / "src/options/Tag.ce.vue").write_text(
        '<template><b class="tag">tag</b></template>\n<style>\n.tag { color: rgb(1, 2, 3); }\n</style>\n',
        encoding="utf-8",
    )
    edit(
        project / "src/options/main.ts",
        "import Settings from './Settings.vue';",
        "import Settings from './Settings.vue';\nimport Tag from './Tag.ce.vue';\n"
        "import { defineCustomElement } from 'vue';\ncustomElements.define('x-tag', defineCustomElement(Tag));",
    )
    result = run_xtk("build", "--no-typecheck", "-b", "chrome", cwd=project)
    assert result.code == 0, result.output
    options = (project / "build/chrome/options/main.js").read_text(encoding="utf-8")
    # In its `styles`, which defineCustomElement puts in the shadow root, not in the document's <head>.
    assert re.search(r'\.styles=\[[`"]\s*\.tag ?\{\s*color: ?rgb\(1, 2, 3\)', options), options[-600:]

    (project / "src/options/Tag.ce.vue").write_text(
        '<template><b class="tag">tag</b></template>\n\n<style lang="scss">\n.tag { b { color: red; } }\n</style>\n',
        encoding="utf-8",
    )
    result = run_xtk("build", "--no-typecheck", "-b", "chrome", cwd=project)
    assert result.code == 1, result.output
    # sass is not installed in this fixture (tests/integration/test_css_pipelines.py compiles with it)
    assert (
        "src/options/Tag.ce.vue:3:1: error: [chrome] .scss stylesheets are compiled by sass, which is not installed: "
        "run `npm install -D sass`" in result.stderr
    ), result.stderr


def test_svelte_warnings_are_located_and_do_not_fail_the_build(tmp_path: Path, node_modules: Path) -> None:
    project = copy_components(tmp_path / "p", node_modules)
    component = project / "src/popup/Counter.svelte"
    edit(component, '<p id="doubled">', '<img src="x.png">\n<p id="doubled">')
    line = component.read_text(encoding="utf-8").splitlines().index('<img src="x.png">') + 1
    result = run_xtk("build", "--no-typecheck", "-b", "chrome", cwd=project)
    assert result.code == 0, result.output
    assert re.search(
        rf"src/popup/Counter\.svelte:{line}:1: warning: \[chrome\] .*alt.*\(a11y_missing_attribute\)", result.output
    ), result.output


def test_the_plugins_can_be_imported_by_another_esbuild_user(node_modules: Path) -> None:
    """components.mjs imported (as a dev loop's esbuild service would) runs no build and hands out the plugins."""
    from toolchain.tools.components import RUNNER

    script = (
        f"import({json.dumps(RUNNER.as_uri())}).then((m) => m.componentPlugins("
        f"{json.dumps(str(node_modules.parent))}, ['svelte', 'vue'], true))"
        ".then((plugins) => console.log(JSON.stringify(plugins.map((p) => p.name))))"
    )
    completed = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout) == ["xtk-asset-queries", "xtk-stylesheets", "xtk-svelte", "xtk-vue"]


def test_an_error_in_a_runes_module_names_it(tmp_path: Path, node_modules: Path) -> None:
    """`.svelte.ts` modules go through svelte's compileModule after esbuild strips their types, so a misuse of a
    rune is the compiler's error, located in the file as written (mapped back through esbuild's source map): `let`
    of `export let`."""
    project = copy_components(tmp_path / "p", node_modules)
    (project / "src/popup/clicks.svelte.ts").write_text(
        "export let total: number = $state(0);\n"
        "export function createCounter(start: number) { total = start; return { count: 0, add() {} }; }\n",
        encoding="utf-8",
    )
    result = run_xtk("build", "--no-typecheck", "-b", "chrome", cwd=project)
    assert result.code == 1, result.output
    assert re.search(
        r"src/popup/clicks\.svelte\.ts:1:8: error: \[chrome\] .*\(state_invalid_export\)", result.stderr
    ), result.stderr
