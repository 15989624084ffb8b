"""A name `auto_imports` supplies, used in a Vue template (`{{ shout('hi') }}`, as WXT projects use `i18n.t` there):
the template compiler makes it `_ctx.shout`, a property of the component that nothing defines; xtk binds it to the
injected name, as unimport's Vue template addon does for WXT (toolchain/tools/template_globals.mjs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.components_support import copy_components, install_components_fixture

pytestmark = pytest.mark.node


def test_an_auto_imported_name_in_a_vue_template_is_the_injected_one(tmp_path: Path) -> None:
    project = copy_components(tmp_path / "p", install_components_fixture())
    (project / "src/utils").mkdir()
    (project / "src/utils/shout.ts").write_text(
        'export function shout(text: string): string {\n  return text.toUpperCase() + "!!";\n}\n', encoding="utf-8"
    )
    (project / "src/options/Greeting.vue").write_text(
        '<script setup lang="ts">\nconst who = "xtk";\n</script>\n\n'
        "<template>\n  <p>{{ shout(who) }}</p>\n</template>\n",
        encoding="utf-8",
    )
    (project / "src/options/main.ts").write_text(
        "import { createApp } from 'vue';\nimport Greeting from './Greeting.vue';\n\n"
        "createApp(Greeting).mount('#app');\n",
        encoding="utf-8",
    )
    config = project / "xtk.toml"
    config.write_text('auto_imports = ["src/utils"]\n' + config.read_text(encoding="utf-8"), encoding="utf-8")
    built = run_xtk("build", "--browser", "chrome", "--no-typecheck", cwd=project)
    assert built.code == 0, built.output
    script = (project / "build/chrome/options/main.js").read_text(encoding="utf-8")
    assert 'toUpperCase()+"!!"' in script  # the injected module is bundled...
    assert ".shout(" not in script  # ...and the template calls it, not a property of the component (undefined)
