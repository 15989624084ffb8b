"""Stylesheets through the project's own tools, and Vite's asset queries (issue 18, items 3 and 4), built from
tests/fixtures/projects/stylesheets/: Sass, Less and PostCSS (Tailwind v4 and v3, autoprefixer) in linked, imported
and content-script stylesheets, CSS modules, Vue and Svelte `<style lang>`; `?url`, `?raw`, `?inline`. Each test
reads the built files; errors are located (exit 1); a missing tool is named with its npm command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.stylesheets_support import copy_stylesheets, install_stylesheets_fixture
from tests.integration.support import edit

pytestmark = pytest.mark.node


@pytest.fixture(scope="session")
def node_modules() -> Path:
    return install_stylesheets_fixture()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, node_modules: Path) -> Path:
    """One production build of a copy of the fixture for Chrome and Firefox; the Chrome build's folder."""
    project = copy_stylesheets(tmp_path_factory.mktemp("stylesheets") / "p", node_modules)
    result = run_xtk("build", "--browser", "all", "--format", "json", cwd=project)
    assert result.code == 0, result.output
    assert json.loads(result.stdout)["warnings"] == []
    return project / "build" / "chrome"


def read(folder: Path, name: str) -> str:
    return (folder / name).read_text(encoding="utf-8")


def test_a_linked_scss_stylesheet_is_compiled_prefixed_and_linked_as_css(built: Path) -> None:
    page = read(built, "popup/index.html")
    assert 'href="./popup.css"' in page and "popup.scss" not in page
    css = read(built, "popup/popup.css")
    assert ".title{color:#36f}" in css  # the partial's variable, through @use
    assert "-webkit-user-select:none" in css  # autoprefixer, for the .browserslistrc's Safari 15
    assert "$accent" not in css and "@include" not in css
    # a url() written in a partial of another folder (parts/_icons.scss), rebased to the compiled file
    assert re.search(r'\.icon\{background-image:url\("\.\./assets/dot-\w+\.png"\)\}', css), css
    assert not (built / "popup/popup.scss").exists()


def test_tailwind_v4_writes_the_utilities_the_page_uses(built: Path) -> None:
    assert 'href="./tailwind.css"' in read(built, "popup/index.html")
    css = read(built, "popup/tailwind.css")
    assert '@import "tailwindcss"' not in css
    assert re.search(r"\.bg-red-500\{background-color:", css) and re.search(r"\.p-4\{padding:", css)
    assert ".bg-blue-900" not in css  # only what the sources use


def test_imported_scss_modules_and_less_are_compiled_into_the_pages_css(built: Path) -> None:
    css = read(built, "popup/main.css")
    script = read(built, "popup/main.js")
    card = re.search(r'\{card:"([\w-]+)"\}', script)  # the CSS module's class map, renamed by local-css
    assert card, script[:400]
    assert f".{card.group(1)}{{padding:24px}}" in css
    assert ".themed{background:#3c77b3}" in css  # less's lighten(#224466, 20%)
    dot = re.search(r'\.bg\{background:url\("\.\./(assets/dot-\w+\.png)"\)\}', css)  # an imported .less file's url()
    assert dot and (built / dot.group(1)).is_file(), css
    assert 'href="./main.css"' in read(built, "popup/index.html")


def test_content_script_stylesheets_are_compiled_and_listed(built: Path) -> None:
    manifest = json.loads(read(built, "manifest.json"))
    assert manifest["content_scripts"][0]["css"] == ["content/frame.css", "content/index.css"]
    assert ".xtk-frame{outline:1px solid #00aa00}" in read(built, "content/frame.css")  # less, named in xtk.toml
    assert ".xtk-overlay{z-index:2147483000}" in read(built, "content/index.css")  # scss, imported by the script
    firefox = json.loads(read(built.parent / "firefox", "manifest.json"))
    assert firefox["content_scripts"][0]["css"] == ["content/frame.css", "content/index.css"]


def test_component_styles_go_through_their_preprocessor(built: Path) -> None:
    options = read(built, "options/main.js")
    scope = re.search(r'__scopeId="(data-v-[0-9a-f]{8})"', options)
    assert scope and re.search(rf"\.note\[{scope.group(1)}\] \{{\s*color: #aa3300;", options)  # scss, scoped
    module = re.search(r'\{framed:"([\w-]+)"\}', options)  # <style module lang="less">: a CSS module
    assert module and "__cssModules={$style:" in options
    assert f".{module.group(1)}{{border-width:5px}}" in read(built, "options/main.css")
    widget = read(built, "content/index.js")
    assert re.search(r"\.widget\.svelte-[a-z0-9]+ ?\{\s*padding: ?7px", widget)  # <style lang="scss"> in Svelte


def test_asset_queries_give_a_url_the_text_or_a_data_url(built: Path) -> None:
    script = read(built, "popup/main.js")
    emitted = [path.name for path in (built / "assets").iterdir()]
    logo = next(name for name in emitted if name.startswith("logo-") and name.endswith(".svg"))
    assert f'"../assets/{logo}"' in script  # ?url: emitted, its URL
    assert "Notes, as written." in script  # ?raw: the text
    assert "data:image/svg+xml," in script  # ?inline: a data: URL
    assert ":host{border:3px solid black}" in script  # a stylesheet ?inline: compiled CSS text
    assert "?url" not in script and "?raw" not in script


def test_tailwind_v3_with_its_config(tmp_path: Path, node_modules: Path) -> None:
    """Tailwind v3 (installed as `tailwindcss3`, beside v4) with tailwind.config.cjs and `@tailwind utilities`."""
    project = copy_stylesheets(tmp_path / "p", node_modules)
    (project / "postcss.config.mjs").write_text(
        "export default { plugins: { tailwindcss3: { config: './tailwind.config.cjs' }, autoprefixer: {} } };\n",
        encoding="utf-8",
    )
    (project / "tailwind.config.cjs").write_text(
        "module.exports = { content: ['./src/**/*.html'], theme: { extend: { colors: { brand: '#123456' } } } };\n",
        encoding="utf-8",
    )
    (project / "src/popup/tailwind.css").write_text("@tailwind utilities;\n", encoding="utf-8")
    edit(project / "src/popup/index.html", 'class="bg-red-500 p-4"', 'class="bg-brand p-4"')
    result = run_xtk("build", "-b", "chrome", cwd=project)
    assert result.code == 0, result.output
    css = read(project / "build/chrome", "popup/tailwind.css")
    assert "@tailwind" not in css
    assert re.search(r"\.bg-brand\{[^}]*background-color:rgb\(18 52 86", css) and ".p-4{padding:1rem}" in css


def test_tailwind_v4_through_its_vite_plugin_without_a_postcss_config(tmp_path: Path, node_modules: Path) -> None:
    """A Vite project's Tailwind (`@tailwindcss/vite`, no PostCSS config) comes over unchanged: xtk runs the compiler
    that plugin runs (before: esbuild inlined tailwindcss/index.css uncompiled, no utility the page uses)."""
    project = copy_stylesheets(tmp_path / "p", node_modules)
    (project / "postcss.config.mjs").unlink()
    package = json.loads((project / "package.json").read_text(encoding="utf-8"))
    # its dependencies, @tailwindcss/node and @tailwindcss/oxide, are installed (by @tailwindcss/postcss)
    package["devDependencies"]["@tailwindcss/vite"] = "4.3.5"
    (project / "package.json").write_text(json.dumps(package), encoding="utf-8")
    result = run_xtk("build", "-b", "chrome", cwd=project)
    assert result.code == 0, result.output
    css = read(project / "build/chrome", "popup/tailwind.css")
    assert "@tailwind" not in css and '@import "tailwindcss"' not in css
    assert re.search(r"\.bg-red-500\{background-color:", css) and re.search(r"\.p-4\{padding:", css)
    assert ".title{color:#36f}" in read(project / "build/chrome", "popup/popup.css")  # Sass still, no autoprefixer


def test_tailwind_that_nothing_compiles_is_an_error_not_its_source_css(tmp_path: Path, node_modules: Path) -> None:
    """`tailwindcss` installed, no PostCSS config, no @tailwindcss/vite: esbuild would inline Tailwind's own source
    CSS (no utility class the page uses), so the build stops at the rule, saying what to add."""
    project = copy_stylesheets(tmp_path / "p", node_modules)
    (project / "postcss.config.mjs").unlink()
    package = json.loads((project / "package.json").read_text(encoding="utf-8"))
    for name in ("sass", "less"):  # Tailwind alone sends the project to the Node path, where this is checked
        del package["devDependencies"][name]
    del package["dependencies"]
    (project / "package.json").write_text(json.dumps(package), encoding="utf-8")
    (project / "xtk.toml").write_text(
        (project / "xtk.toml")
        .read_text(encoding="utf-8")
        .split("[options]")[0]
        .replace('popup = "src/popup/index.html"', 'popup = "src/popup/plain.html"'),
        encoding="utf-8",
    )
    (project / "src/popup/plain.html").write_text(
        '<!doctype html><html><head><link rel="stylesheet" href="./tailwind.css"></head><body></body></html>\n',
        encoding="utf-8",
    )
    result = run_xtk("build", "-b", "chrome", cwd=project)
    assert result.code == 1, result.output
    assert "src/popup/tailwind.css:1:1: error: [chrome] Tailwind is not compiled" in result.stderr, result.stderr
    assert "npm install -D @tailwindcss/postcss" in result.stderr


def test_a_sass_error_is_located_and_exits_1(tmp_path: Path, node_modules: Path) -> None:
    project = copy_stylesheets(tmp_path / "p", node_modules)
    edit(project / "src/popup/popup.scss", "  color: palette.$accent;", "  color: palette.$missing;")
    result = run_xtk("build", "-b", "chrome", cwd=project)
    assert result.code == 1, result.output
    assert "src/popup/popup.scss:5:10: error: [chrome] Undefined variable." in result.stderr, result.stderr
    assert "Traceback" not in result.output


def test_an_error_in_a_component_style_is_located_in_the_component(tmp_path: Path, node_modules: Path) -> None:
    project = copy_stylesheets(tmp_path / "p", node_modules)
    edit(project / "src/options/App.vue", ".note { color: $note; }", ".note { color: $nope; }")
    edit(project / "src/content/frame.less", "@frame-color;", "@frame-colour;")
    edit(project / "src/content/Widget.svelte", ".widget { padding: $pad; }", ".widget { padding: $nope; }")
    result = run_xtk("build", "-b", "chrome", cwd=project)
    assert result.code == 1, result.output
    assert "src/options/App.vue:7:16: error: [chrome] Undefined variable." in result.stderr, result.stderr
    assert "src/content/frame.less:2:" in result.stderr and "variable @frame-colour is undefined" in result.stderr
    assert "src/content/Widget.svelte:5:20: error: [chrome] Undefined variable." in result.stderr, result.stderr


def test_a_postcss_plugin_not_installed_is_named(tmp_path: Path, node_modules: Path) -> None:
    project = copy_stylesheets(tmp_path / "p", node_modules)
    (project / "postcss.config.mjs").unlink()
    (project / "postcss.config.cjs").write_text(
        "module.exports = { plugins: { 'postcss-nesting-missing': {} } };\n", encoding="utf-8"
    )
    result = run_xtk("build", "-b", "chrome", cwd=project)
    assert result.code == 1, result.output
    assert "postcss-nesting-missing" in result.stderr and "Traceback" not in result.output


def _native_project(root: Path, node_modules: Path, script: str) -> Path:
    """A project whose package.json names no stylesheet tool nor component framework: the native binary's path."""
    (root / "src/background").mkdir(parents=True)
    (root / "xtk.toml").write_text(
        'typecheck = false\n[extension]\nname = "N"\nversion = "1.0.0"\n[targets.chrome]\nmin_version = "116"\n'
        '[background]\nentry = "src/background/index.ts"\n',
        encoding="utf-8",
    )
    (root / "package.json").write_text('{"devDependencies": {"esbuild": "0.28.2"}}\n', encoding="utf-8")
    (root / "node_modules").symlink_to(node_modules, target_is_directory=True)
    (root / "src/background/index.ts").write_text(script, encoding="utf-8")
    return root


def test_scss_without_sass_says_what_to_install(tmp_path: Path, node_modules: Path) -> None:
    project = _native_project(tmp_path / "p", node_modules, "import './x.scss';\n")
    (project / "src/background/x.scss").write_text("$a: 1px;\n.a { b: $a; }\n", encoding="utf-8")
    result = run_xtk("build", "-b", "chrome", cwd=project)
    assert result.code == 1, result.output
    assert "run `npm install -D sass` and xtk compiles .scss stylesheets with it" in result.stderr, result.stderr


def test_a_query_import_added_after_a_cached_build_takes_the_node_path(tmp_path: Path, node_modules: Path) -> None:
    """The native binary would give './logo.svg?raw' the file's URL: the cache finds the query and builds again."""
    project = _native_project(tmp_path / "p", node_modules, "console.log('plain');\n")
    (project / "src/background/logo.svg").write_text("<svg>the svg text</svg>\n", encoding="utf-8")
    first = run_xtk("build", "-b", "chrome", cwd=project)
    assert first.code == 0, first.output
    cache = json.loads((project / ".xtk/build-cache/chrome-production.json").read_text(encoding="utf-8"))
    assert cache["fingerprint"]["node"]["features"] == []  # the native binary built it
    (project / "src/background/index.ts").write_text(
        "import svg from './logo.svg?raw';\nconsole.log(svg);\n", encoding="utf-8"
    )
    second = run_xtk("build", "-b", "chrome", cwd=project)
    assert second.code == 0, second.output
    assert "<svg>the svg text</svg>" in read(project / "build/chrome", "background/index.js")
    cache = json.loads((project / ".xtk/build-cache/chrome-production.json").read_text(encoding="utf-8"))
    assert cache["fingerprint"]["node"]["features"] == ["queries"]


def test_the_dev_loop_rebuilds_when_a_sass_partial_changes(tmp_path: Path, node_modules: Path) -> None:
    """xtk dev's esbuild service: a Sass partial is among the bundle's inputs (esbuild's metafile does not name it),
    so its edit is a code change, and the rebuild compiles the new value."""
    from toolchain.dev.bundler import Bundler
    from toolchain.dev.changes import BuiltFiles, ChangeKind, file_kind
    from toolchain.dev.dev_build import plan_dev, reporter_path, write_generated, write_reporter
    from toolchain.project import load_project
    from toolchain.tools.esbuild import find_esbuild

    project_dir = copy_stylesheets(tmp_path / "p", node_modules)
    project = load_project(project_dir / "xtk.toml")
    write_reporter(project, None, "build-1")
    dev = plan_dev(project, "chrome", reporter_path(project))
    write_generated(dev)
    bundler = Bundler(project.root, project.base_dir, find_esbuild(project.root), "chrome")
    try:
        bundler.start(dev.contexts, dev.components)
        first = bundler.rebuild()
        assert first.errors == [], first.errors
        partial = (project_dir / "src/popup/_palette.scss").resolve()
        assert file_kind(partial, BuiltFiles.of(dev, first)) is ChangeKind.CODE
        assert "color: #36f;" in read(dev.out, "popup/popup.css")
        edit(partial, "#3366ff", "#118811")
        assert bundler.rebuild().errors == []
        assert "color: #181;" in read(dev.out, "popup/popup.css")  # esbuild shortens #118811
    finally:
        bundler.close()


def test_a_query_import_added_while_xtk_dev_runs_works_at_once(tmp_path: Path, node_modules: Path) -> None:
    """xtk dev's service always has the stylesheet and asset-query plugins: a project that started without any
    query import (the native binary's kind) gets the file's text on the next rebuild, not its URL."""
    from toolchain.dev.bundler import Bundler
    from toolchain.dev.dev_build import plan_dev, reporter_path, write_generated, write_reporter
    from toolchain.project import load_project
    from toolchain.tools.esbuild import find_esbuild

    project_dir = _native_project(tmp_path / "p", node_modules, "console.log('plain');\n")
    (project_dir / "src/background/logo.svg").write_text("<svg>the svg text</svg>\n", encoding="utf-8")
    project = load_project(project_dir / "xtk.toml")
    write_reporter(project, None, "build-1")
    dev = plan_dev(project, "chrome", reporter_path(project))
    write_generated(dev)
    bundler = Bundler(project.root, project.base_dir, find_esbuild(project.root), "chrome")
    try:
        bundler.start(dev.contexts, dev.components)
        assert bundler.rebuild().errors == []
        (project_dir / "src/background/index.ts").write_text(
            "import svg from './logo.svg?raw';\nconsole.log(svg);\n", encoding="utf-8"
        )
        assert bundler.rebuild().errors == []
        assert "<svg>the svg text</svg>" in read(dev.out, "background/index.js")
    finally:
        bundler.close()


def test_stylesheet_and_query_imports_type_check_with_the_types_xtk_writes(tmp_path: Path) -> None:
    """tsc passes on `.scss`/`.less` imports, their CSS modules' class maps and `?url`/`?raw`/`?inline` values,
    declared by .xtk/env.d.ts (before: TS2307 on each; a CSS module's class used as a number is still an error)."""
    import subprocess

    from tests.integration.support import copy_fixture
    from toolchain.tools.typecheck import find_tsc

    project = copy_fixture(tmp_path / "p")
    (project / "src/popup/typed.ts").write_text(
        'import "./theme.scss";\nimport "./theme.less";\nimport card from "./card.module.scss";\n'
        'import panel from "./panel.module.less";\nimport url from "./logo.svg?url";\n'
        'import text from "./notes.txt?raw";\nimport data from "./logo.png?inline";\n'
        "const values: string[] = [card.card ?? '', panel.panel ?? '', url, text, data];\n"
        "export const joined: string = values.join();\n",
        encoding="utf-8",
    )
    assert run_xtk("prepare", cwd=project).code == 0
    tsc = [*find_tsc(project), "--noEmit", "-p", str(project / "tsconfig.json")]
    checked = subprocess.run(tsc, cwd=project, capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    (project / "src/popup/typed.ts").write_text(
        'import card from "./card.module.scss";\nimport plain from "./plain.module.css";\n'
        "export const numbers: number[] = [card.card, plain.plain];\n",
        encoding="utf-8",
    )
    checked = subprocess.run(tsc, cwd=project, capture_output=True, text=True, timeout=300)
    # both class maps typed (before the module patterns came first, `*.css` made plain.plain `any`)
    assert checked.stdout.count("TS2322") == 2 and checked.returncode != 0, checked.stdout


def test_a_new_plugin_set_loads_the_postcss_config_as_it_is_now(tmp_path: Path, node_modules: Path) -> None:
    """xtk dev's service keeps one Node process: a restart of its contexts (package.json or the config changed)
    forgets the tools loaded before, so a PostCSS config added while dev runs is used."""
    import subprocess

    from toolchain.tools.components import RUNNER

    project = tmp_path / "p"
    project.mkdir()
    (project / "package.json").write_text("{}", encoding="utf-8")
    (project / "node_modules").symlink_to(node_modules, target_is_directory=True)
    stylesheets = RUNNER.with_name("stylesheets.mjs").as_uri()
    script = f"""
import {{ writeFileSync }} from 'node:fs';
const {{ componentPlugins }} = await import({json.dumps(RUNNER.as_uri())});
const {{ postcssConfig }} = await import({json.dumps(stylesheets)});
const dir = {json.dumps(str(project))};
await componentPlugins(dir, [], true);
const before = await postcssConfig(dir);
writeFileSync(dir + '/postcss.config.mjs', "export default {{ plugins: {{ autoprefixer: {{}} }} }};");
const cached = await postcssConfig(dir);
await componentPlugins(dir, [], true);
const after = await postcssConfig(dir);
console.log(JSON.stringify([before, cached, after?.file ?? null]));
"""
    completed = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout) == [None, None, "postcss.config.mjs"]


def test_without_postcss_load_config_xtk_reads_the_config_itself(tmp_path: Path, node_modules: Path) -> None:
    """A project without postcss-load-config: xtk imports postcss.config.mjs (or reads package.json "postcss")
    itself, with the same plugins; a plugin it names that is not installed is named with its npm command."""
    project = copy_stylesheets(tmp_path / "p", node_modules)
    (project / "node_modules").unlink()
    local = project / "node_modules"  # the shared install, linked entry by entry, without postcss-load-config
    local.mkdir()
    for entry in node_modules.iterdir():
        if entry.name != "postcss-load-config":
            (local / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    result = run_xtk("build", "-b", "chrome", cwd=project)
    assert result.code == 0, result.output
    out = project / "build/chrome"
    assert re.search(r"\.bg-red-500\{background-color:", read(out, "popup/tailwind.css"))
    assert "-webkit-user-select:none" in read(out, "popup/popup.css")

    (project / "postcss.config.mjs").unlink()
    package = json.loads((project / "package.json").read_text(encoding="utf-8"))
    package["postcss"] = {"plugins": {"autoprefixer": {}, "postcss-not-installed": {}}}
    (project / "package.json").write_text(json.dumps(package), encoding="utf-8")
    result = run_xtk("build", "-b", "chrome", cwd=project)
    assert result.code == 1, result.output
    assert (
        "the PostCSS config names the plugin postcss-not-installed, which is not installed: "
        "run `npm install -D postcss-not-installed`" in result.stderr
    ), result.stderr


def test_development_source_maps_point_into_the_sass_and_less_files(tmp_path: Path, node_modules: Path) -> None:
    """The compiler's map goes inline to esbuild, which follows it: the built map names the partial and the .less
    file, not only the compiled text; a production build has no map nor comment."""
    project = copy_stylesheets(tmp_path / "p", node_modules)
    result = run_xtk("build", "-b", "chrome", "--mode", "development", cwd=project)
    assert result.code == 0, result.output
    out = project / "build/chrome"
    popup = json.loads(read(out, "popup/popup.css.map"))["sources"]
    assert any(source.endswith("src/popup/_palette.scss") for source in popup), popup
    main = json.loads(read(out, "popup/main.css.map"))["sources"]
    assert any(source.endswith("src/popup/parts/bg.less") for source in main), main
    assert "sourceMappingURL=data:" not in read(out, "popup/popup.css")


def test_tailwind_never_scans_what_xtk_wrote(tmp_path: Path, node_modules: Path) -> None:
    """Tailwind v4 scans the project for class names; xtk's build folder and .xtk/ are not sources (before: a
    project whose .gitignore did not list them got its previous build's classes, more CSS on every rebuild)."""
    project = copy_stylesheets(tmp_path / "p", node_modules)
    (project / "postcss.config.mjs").unlink()
    package = json.loads((project / "package.json").read_text(encoding="utf-8"))
    package["devDependencies"]["@tailwindcss/vite"] = "4.3.5"
    (project / "package.json").write_text(json.dumps(package), encoding="utf-8")
    (project / "build/old").mkdir(parents=True)
    (project / "build/old/stale.html").write_text('<div class="mt-97"></div>\n', encoding="utf-8")
    (project / ".xtk").mkdir(exist_ok=True)
    (project / ".xtk/stale.js").write_text('const c = "pb-79";\n', encoding="utf-8")
    assert run_xtk("build", "-b", "chrome", "--no-cache", cwd=project).code == 0
    first = read(project / "build/chrome", "popup/tailwind.css")
    assert re.search(r"\.p-4\{padding:", first)  # the page's own classes
    assert "mt-97" not in first and "pb-79" not in first, "classes from xtk's own folders"
    assert run_xtk("build", "-b", "chrome", "--no-cache", cwd=project).code == 0
    assert read(project / "build/chrome", "popup/tailwind.css") == first  # the build is not a source of the next
