"""Everything a build reads, writes or deletes stays inside the project (issue "Nothing lost, nothing leaked",
items 2 and 5): paths that leave it, an `out` that holds the project's own files, and links out of it are refused
with a located error (exit 2), and nothing outside is touched."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.support import build, copy_fixture, edit, listing, tree

pytestmark = pytest.mark.node


def set_key(project: Path, line: str) -> None:
    """Put a top-level `key = value` line first in xtk.toml (before any table)."""
    config = project / "xtk.toml"
    config.write_text(line + "\n" + config.read_text())


def assert_refused(result, key: str, fragment: str) -> None:
    assert result.code == 2, result.output
    assert re.search(rf"^xtk\.toml:1:1: error: {re.escape(key)}: .*{re.escape(fragment)}", result.stderr, re.M), (
        result.stderr
    )
    assert "Traceback" not in result.output


def test_out_outside_the_project_is_refused(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    elsewhere = tmp_path / "elsewhere" / "chrome"
    elsewhere.mkdir(parents=True)
    (elsewhere / "precious.txt").write_text("not xtk's")
    set_key(project, 'out = "../elsewhere"')

    assert_refused(build(project), "out", "outside the project")
    assert (elsewhere / "precious.txt").read_text() == "not xtk's"


def test_out_equal_to_the_project_folder_is_refused(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    lint_build = project / ".xtk/lint-build/keep.txt"
    lint_build.parent.mkdir(parents=True)
    lint_build.write_text("keep")
    set_key(project, 'out = "."')

    assert_refused(build(project), "out", "cannot be the project folder itself")
    assert lint_build.read_text() == "keep"


@pytest.mark.parametrize(
    ("out", "fragment"),
    [
        ("src", "holds src (src)"),
        (".xtk", "holds .xtk (.xtk)"),
        ("public/build", "is inside public (public)"),
        ("node_modules/out", "outside the project"),  # node_modules is a link out of this copy
    ],
)
def test_out_holding_or_inside_the_sources_is_refused(tmp_path: Path, out: str, fragment: str) -> None:
    project = copy_fixture(tmp_path / "p")
    before = listing(project / "src")
    set_key(project, f'out = "{out}"')
    assert_refused(build(project), "out", fragment)
    assert listing(project / "src") == before


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("root", "../other"),
        ("root", "/tmp"),
        ("src", "../src"),
        ("public", "/etc"),
        ("locales", "../_locales"),
        ("dist", "../dist"),
    ],
)
def test_folder_keys_outside_the_project_are_refused(tmp_path: Path, key: str, value: str) -> None:
    project = copy_fixture(tmp_path / "p")
    (tmp_path / "other").mkdir()
    config = project / "xtk.toml"
    if key == "locales":
        edit(config, 'locales = "_locales"', 'locales = "../_locales"')
        result = build(project)
        assert result.code == 2 and re.search(
            r"^xtk\.toml:\d+:1: error: locales: \.\./_locales: resolves outside", result.stderr, re.M
        ), result.stderr
        return
    set_key(project, f'{key} = "{value}"')
    assert_refused(build(project), key, value)


def test_a_public_link_out_of_the_project_is_refused_by_name(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    secret = tmp_path / "secret.txt"
    secret.write_text("API_KEY=sk-live")
    (project / "public/notes.txt").symlink_to(secret)

    result = build(project)

    assert result.code == 2, result.output
    assert re.search(
        r"^public/notes\.txt: error: symbolic link to .*secret\.txt leaves the project", result.stderr, re.M
    ), result.stderr
    assert not (project / "build").exists()


def test_a_public_folder_link_out_of_the_project_is_refused_by_name(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside/key.pem").write_text("-----BEGIN PRIVATE KEY-----")
    (project / "public/vendor").symlink_to(tmp_path / "outside", target_is_directory=True)
    result = build(project)
    assert result.code == 2 and "public/vendor: error: symbolic link to" in result.stderr, result.output


def test_links_inside_the_project_are_followed(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (project / "assets/fonts").mkdir(parents=True)
    (project / "assets/fonts/a.woff2").write_bytes(b"font")
    (project / "public/fonts").symlink_to(project / "assets/fonts", target_is_directory=True)
    (project / "public/readme.txt").symlink_to(project / "assets/fonts/a.woff2")
    assert build(project).code == 0
    assert (project / "build/chrome/fonts/a.woff2").read_bytes() == b"font"
    assert (project / "build/chrome/readme.txt").read_bytes() == b"font"


def test_an_entry_linked_out_of_the_project_is_refused_by_name(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (tmp_path / "evil.ts").write_text("console.log('outside');\n")
    (project / "src/content/linked.ts").symlink_to(tmp_path / "evil.ts")
    edit(project / "xtk.toml", 'js = ["src/content/main-world.ts"]', 'js = ["src/content/linked.ts"]')
    result = build(project)
    assert result.code == 2, result.output
    assert re.search(
        r"^xtk\.toml:\d+:\d+: error: content_scripts\[1\]\.js\[0\]: "
        r"src/content/linked\.ts: src/content/linked\.ts is a symbolic link to .*evil\.ts, outside the project",
        result.stderr,
        re.M,
    ), result.stderr


def test_package_refuses_a_link_out_of_the_project(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (tmp_path / "id_rsa").write_text("PRIVATE")
    (project / "notes.md").symlink_to(tmp_path / "id_rsa")
    result = run_xtk("package", "--no-typecheck", cwd=project)
    assert result.code == 2, result.output
    assert "notes.md: error: symbolic link to" in result.stderr
    for archive in (project / "dist").glob("*.zip") if (project / "dist").exists() else []:
        with zipfile.ZipFile(archive) as zipped:
            assert "notes.md" not in zipped.namelist()


def test_a_root_outside_is_reported_once_not_again_for_src_and_public(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    set_key(project, 'root = "../other"')
    result = build(project)
    assert result.code == 2 and result.stderr.count("error:") == 1, result.stderr


def test_a_link_out_added_after_a_cached_build_is_refused_not_replayed(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    assert build(project).code == 0
    (tmp_path / "secret.txt").write_text("token")
    (project / "_locales/en/notes.txt").symlink_to(tmp_path / "secret.txt")
    result = build(project)
    assert result.code == 2 and "_locales/en/notes.txt: error: symbolic link to" in result.stderr, result.output
    assert not (project / "build/chrome/_locales/en/notes.txt").exists()


def test_an_imported_source_linked_out_of_the_project_is_refused_by_name(tmp_path: Path) -> None:
    # Found by an audit: src/shared/linked.ts -> a file outside, imported by the content script, was bundled into
    # every build with exit 0. esbuild resolves links itself, so the link is refused before it runs.
    project = copy_fixture(tmp_path / "p")
    (tmp_path / "outside.ts").write_text("export const leaked = 'outside the project';\n")
    (project / "src/shared/linked.ts").symlink_to(tmp_path / "outside.ts")
    entry = project / "src/content/index.ts"
    entry.write_text("import { leaked } from '../shared/linked';\nconsole.log(leaked);\n" + entry.read_text())
    result = build(project)
    assert result.code == 2, result.output
    assert re.search(
        r"^src/shared/linked\.ts: error: symbolic link to .*outside\.ts leaves the project", result.stderr, re.M
    ), result.stderr
    assert not (project / "build").exists()


def test_a_source_link_out_added_after_a_cached_build_is_refused_not_replayed(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    assert build(project).code == 0
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.ts").write_text("export const token = 'secret';\n")
    (project / "src/vendor").symlink_to(tmp_path / "outside", target_is_directory=True)
    result = build(project)
    assert result.code == 2 and "src/vendor: error: symbolic link to" in result.stderr, result.output


def test_source_links_inside_the_project_and_linked_node_modules_are_fine(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")  # its node_modules is itself a link out of the project
    (project / "src/shared/again.ts").symlink_to(project / "src/shared/env.ts")
    assert build(project).code == 0


# --- every write confined (issue 17, items 4-6): .xtk/, out, dist and generated sources, through one check -----------
PROTOCOL_FIXTURE = Path(__file__).resolve().parents[1] / "fixtures/lint/projects/protocol"
PLAIN_EXTENSION = Path(__file__).resolve().parents[1] / "fixtures/lint/extensions/mv3-clean"


def outside_folder(tmp_path: Path) -> Path:
    """An empty folder beside the project: whatever xtk writes through a link out would land here."""
    folder = tmp_path / "outside"
    folder.mkdir()
    return folder


def copy_protocol_project(destination: Path) -> Path:
    shutil.copytree(PROTOCOL_FIXTURE, destination)
    return destination


def line_of(config: Path, start: str) -> int:
    return next(n for n, line in enumerate(config.read_text().splitlines(), 1) if line.startswith(start))


@pytest.mark.parametrize("command", [("build", "--no-typecheck"), ("prepare",), ("lint", ".")])
def test_a_work_folder_linked_out_of_the_project_is_refused_and_nothing_lands_outside(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    # Found by an audit: with .xtk -> ../outside, build wrote its cache, env.d.ts, manifest verdicts and rendered
    # templates there (exit 0), while a linked build/ was refused.
    project = copy_fixture(tmp_path / "p")
    outside = outside_folder(tmp_path)
    (project / ".xtk").symlink_to(outside, target_is_directory=True)
    result = run_xtk(*command, cwd=project)
    assert result.code == 2, result.output
    assert re.search(
        r"^\.xtk: error: symbolic link to .*outside leaves the project; xtk would write through it", result.stderr, re.M
    ), result.stderr
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert listing(outside) == []


def test_protocol_codegen_refuses_a_work_folder_linked_out(tmp_path: Path) -> None:
    project = copy_protocol_project(tmp_path / "p")
    outside = outside_folder(tmp_path)
    (project / ".xtk").symlink_to(outside, target_is_directory=True)
    result = run_xtk("protocol", "codegen", cwd=project)
    assert result.code == 2, result.output
    assert re.search(r"^\.xtk: error: symbolic link to .*outside leaves the project", result.stderr, re.M), (
        result.stderr
    )
    assert listing(outside) == []


def test_a_generated_protocol_module_through_a_link_out_is_refused_at_its_key(tmp_path: Path) -> None:
    project = copy_protocol_project(tmp_path / "p")
    outside = outside_folder(tmp_path)
    shutil.rmtree(project / "src/shared")
    (project / "src/shared").symlink_to(outside, target_is_directory=True)
    result = run_xtk("protocol", "codegen", cwd=project)
    line = line_of(project / "xtk.toml", "generated =")
    assert result.code == 2, result.output
    assert re.search(
        rf"^xtk\.toml:{line}:1: error: protocol\.generated: src/shared/protocol\.ts: src/shared is a "
        r"symbolic link to .*outside, outside the project",
        result.stderr,
        re.M,
    ), result.stderr
    assert listing(outside) == []


def test_a_link_out_inside_the_work_folder_is_refused_before_the_build(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    outside = outside_folder(tmp_path)
    (project / ".xtk").mkdir()
    (project / ".xtk/build-cache").symlink_to(outside, target_is_directory=True)
    result = build(project)
    assert result.code == 2, result.output
    assert re.search(
        r"^\.xtk/build-cache: error: symbolic link to .*outside leaves the project; xtk would write "
        r"through it \(\.xtk/build-cache/all-production\.json\)",
        result.stderr,
        re.M,
    ), result.stderr
    assert listing(outside) == [] and not (project / "build").exists()


def test_an_out_folder_linked_out_after_a_cached_build_is_refused_not_replayed(tmp_path: Path) -> None:
    # The cached path does not load the config: it replayed the recipe through build -> ../outside (exit 0).
    project = copy_fixture(tmp_path / "p")
    assert build(project).code == 0
    outside = outside_folder(tmp_path)
    shutil.rmtree(project / "build")
    (project / "build").symlink_to(outside, target_is_directory=True)
    result = build(project)
    assert result.code == 2 and re.search(
        r"^build: error: symbolic link to .*outside leaves the project", result.stderr, re.M
    ), result.output
    assert listing(outside) == []


def test_a_dist_linked_out_is_refused(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    outside = outside_folder(tmp_path)
    (project / "dist").symlink_to(outside, target_is_directory=True)
    result = run_xtk("package", "--no-typecheck", cwd=project)
    assert result.code == 2 and "dist is a symbolic link to" in result.stderr, result.output
    assert listing(outside) == []


def test_a_zip_written_through_a_link_in_dist_is_refused(tmp_path: Path) -> None:
    # The zip is written to `<name>.zip.part`, then renamed: a link of that name wrote the zip over its target.
    project = copy_fixture(tmp_path / "p")
    assert run_xtk("package", "--no-typecheck", cwd=project).code == 0
    outside = outside_folder(tmp_path)
    for archive in sorted((project / "dist").glob("*.zip")):
        (outside / archive.name).write_text("not xtk's")
        archive.with_name(archive.name + ".part").symlink_to(outside / archive.name)
    result = run_xtk("package", "--no-typecheck", cwd=project)
    assert result.code == 2 and re.search(
        r"^dist/.*\.zip\.part: error: symbolic link to .* leaves the project", result.stderr, re.M
    ), result.output
    assert {p.read_text() for p in outside.iterdir()} == {"not xtk's"}


@pytest.mark.parametrize(
    ("table", "key", "command"),
    [
        ("protocol", "schemas", ("protocol", "codegen")),
        ("lint", "posture", ("lint", ".")),
    ],
)
def test_schemas_and_posture_outside_the_project_are_refused_with_key_and_line(
    tmp_path: Path, table: str, key: str, command: tuple[str, ...]
) -> None:
    project = copy_protocol_project(tmp_path / "p")
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(project / "protocol", elsewhere)
    (elsewhere / "posture.json").write_text('{"permissions": {}}')
    config = project / "xtk.toml"
    absolute = str(elsewhere if key == "schemas" else elsewhere / "posture.json")
    if key == "schemas":
        edit(config, 'schemas = "protocol"', f'schemas = "{absolute}"')
    else:
        config.write_text(config.read_text().replace("[protocol]", f'[lint]\nposture = "{absolute}"\n\n[protocol]'))
    result = run_xtk(*command, cwd=project)
    line = line_of(config, f"{key} =")
    assert result.code == 2, result.output
    assert re.search(
        rf"^xtk\.toml:{line}:1: error: {table}\.{key}: {re.escape(absolute)}: must be a relative path "
        r"inside the project",
        result.stderr,
        re.M,
    ), result.stderr


def test_a_relative_path_that_leaves_the_project_and_a_schema_linked_out_are_refused(tmp_path: Path) -> None:
    project = copy_protocol_project(tmp_path / "p")
    (tmp_path / "secret.json").write_text("{}")
    (project / "protocol/extra.schema.json").symlink_to(tmp_path / "secret.json")
    result = run_xtk("protocol", "codegen", cwd=project)
    assert result.code == 2 and re.search(
        r"^protocol/extra\.schema\.json: error: symbolic link to .*secret\.json "
        r"leaves the project",
        result.stderr,
        re.M,
    ), result.output
    (project / "protocol/extra.schema.json").unlink()
    edit(project / "xtk.toml", 'schemas = "protocol"', 'schemas = "../elsewhere"')
    result = run_xtk("protocol", "codegen", cwd=project)
    line = line_of(project / "xtk.toml", "schemas =")
    assert result.code == 2 and re.search(
        rf"^xtk\.toml:{line}:1: error: protocol\.schemas: \.\./elsewhere: resolves "
        "outside the project",
        result.stderr,
        re.M,
    ), result.output


@pytest.mark.parametrize("folder", ["src/shared", "public", "_locales/en"])
def test_a_symlink_loop_is_a_located_error_naming_the_link(tmp_path: Path, folder: str) -> None:
    # Found by an audit: src/loop -> loop gave `internal error: RuntimeError` (exit 1).
    project = copy_fixture(tmp_path / "p")
    (project / folder / "a").symlink_to("b")
    (project / folder / "b").symlink_to("a")
    result = build(project)
    assert result.code == 2, result.output
    assert re.search(rf"^{re.escape(folder)}/a: error: symbolic link to b loops", result.stderr, re.M), result.stderr
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert not (project / "build").exists()


def test_a_symlink_loop_among_the_schemas_is_a_located_error(tmp_path: Path) -> None:
    project = copy_protocol_project(tmp_path / "p")
    (project / "protocol/loop.schema.json").symlink_to("loop.schema.json")
    result = run_xtk("protocol", "codegen", cwd=project)
    assert result.code == 2 and re.search(
        r"^protocol/loop\.schema\.json: error: symbolic link to loop\.schema\.json "
        "loops",
        result.stderr,
        re.M,
    ), result.output
    assert "internal error" not in result.output


def test_a_config_path_that_loops_is_refused_at_its_key(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (project / "loop").symlink_to("loop")
    set_key(project, 'public = "loop"')
    result = build(project)
    assert_refused(result, "public", "loop is a symbolic link that loops")


def test_linting_a_plain_extension_writes_nothing_into_it(tmp_path: Path) -> None:
    # Someone else's folder: lint reads it and writes nothing there (no result cache, no scratch), even through a
    # `.xtk` that links out of it.
    extension = tmp_path / "extension"
    shutil.copytree(PLAIN_EXTENSION, extension)
    outside = outside_folder(tmp_path)
    (extension / ".xtk").symlink_to(outside, target_is_directory=True)
    before = tree(extension)
    result = run_xtk("lint", str(extension), cwd=tmp_path)
    assert result.code in (0, 1) and "Traceback" not in result.output, result.output
    assert tree(extension) == before and listing(outside) == []


def test_golden_generate_refuses_a_vector_file_linked_out(tmp_path: Path) -> None:
    # `xtk golden generate` rewrote golden/countWords.json through a link to a file outside the project (exit 0).
    project = tmp_path / "g"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures/projects/golden-mini", project)
    victim = outside_folder(tmp_path) / "victim.json"
    victim.write_text("not xtk's")
    (project / "golden/countWords.json").unlink()
    (project / "golden/countWords.json").symlink_to(victim)
    result = run_xtk("golden", "generate", cwd=project)
    assert result.code == 2 and re.search(
        r"^golden/countWords\.json: error: symbolic link to .*victim\.json leaves "
        "the project",
        result.stderr,
        re.M,
    ), result.output
    assert victim.read_text() == "not xtk's"


@pytest.mark.parametrize("name", ["firefox", "firefox.metafile.json"])
def test_a_browser_output_linked_out_is_refused_before_any_browser_is_replaced(tmp_path: Path, name: str) -> None:
    project = copy_fixture(tmp_path / "p")
    assert build(project).code == 0
    outside = outside_folder(tmp_path)
    target = outside / name
    target.mkdir() if name == "firefox" else target.write_text("not xtk's")
    before = tree(project / "build/chrome")
    edit(project / "src/background/index.ts", "", "// edited\n")
    linked = project / "build" / name
    shutil.rmtree(linked) if linked.is_dir() else linked.unlink()
    linked.symlink_to(target)
    result = build(project)
    assert result.code == 2 and re.search(
        rf"^build/{re.escape(name)}: error: symbolic link to .* leaves the project", result.stderr, re.M
    ), result.output
    assert tree(outside) == ({} if name == "firefox" else {name: b"not xtk's"})
    assert tree(project / "build/chrome") == before  # the last good build stays, whole
