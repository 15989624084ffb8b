"""Regenerate each template's lockfile (maintainers only): `python -m toolchain.scaffold.locks [TEMPLATE...]`.

For each template, its package.json is rendered with a placeholder name in a temporary folder, `npm install
--package-lock-only` resolves it against the registry, and the lockfile is written back as
templates/init/<name>/package-lock.json.j2 with the name templated, so `npm ci` in a new project installs exactly
what was resolved here. Run it after changing a template's package.json, then `xtk init` each template and build.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from toolchain.scaffold.templates import available_templates, render_template

PLACEHOLDER = "xtk-init-placeholder"


def regenerate_lock(template_name: str) -> Path:
    template = available_templates()[template_name]
    package = next(
        f
        for f in render_template(
            template,
            {"name": PLACEHOLDER, "name_toml": PLACEHOLDER, "package_name": PLACEHOLDER, "gecko_id": "x@example.com"},
        )
        if str(f.path) == "package.json"
    )
    with tempfile.TemporaryDirectory(prefix="xtk-lock-") as scratch:
        (Path(scratch) / "package.json").write_bytes(package.data)
        subprocess.run(
            ["npm", "install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"],
            cwd=scratch,
            check=True,
        )
        lock = (Path(scratch) / "package-lock.json").read_text(encoding="utf-8")
    if "{{" in lock or "{%" in lock:
        raise SystemExit(f"{template_name}: the lockfile holds Jinja2 syntax; it cannot be a template")
    target = template.folder / "package-lock.json.j2"
    target.write_text(lock.replace(f'"name": "{PLACEHOLDER}"', '"name": "{{ package_name }}"'), encoding="utf-8")
    return target


def main(names: list[str]) -> None:
    if shutil.which("npm") is None:
        raise SystemExit("npm not found")
    for name in names or sorted(available_templates()):
        print(f"wrote {regenerate_lock(name)}")


if __name__ == "__main__":
    main(sys.argv[1:])
