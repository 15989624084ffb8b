"""`import.meta.env` is defined as a whole object too, as Vite has it: `import.meta.env.VITE_UNSET` in a classic
(IIFE) bundle reads undefined instead of throwing (esbuild makes an IIFE's `import.meta` an empty object)."""

from __future__ import annotations

import json
from pathlib import Path

from toolchain.plan.build_plan import plan_build
from toolchain.project import load_project


def test_the_env_object_holds_every_named_variable(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / ".env").write_text("VITE_API=https://api.example\nSECRET=never\n", encoding="utf-8")
    (tmp_path / "xtk.toml").write_text(
        '[extension]\nname = "x"\nversion = "1"\n[targets.chrome]\nmin_version = "116"\n[constants]\nLIMIT = 3\n',
        encoding="utf-8",
    )
    defines = plan_build(load_project(tmp_path), "chrome", "production").defines()
    env = json.loads(defines["import.meta.env"])
    assert env["BROWSER"] == "chrome" and env["PROD"] is True and env["LIMIT"] == 3
    assert env["VITE_API"] == "https://api.example" and "SECRET" not in env
    assert defines["import.meta.env.BROWSER"] == '"chrome"'  # the named ones stay, so comparisons fold
