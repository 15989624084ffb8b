"""`tsc --noEmit` on the project, with its errors as located diagnostics.

esbuild strips types without checking them; tsc checks. TypeScript 7 ships a native compiler binary, which
xtk runs directly (no Node start-up); older TypeScript runs through node_modules/.bin/tsc.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Literal

from toolchain import browser_targets
from toolchain.diagnostics import Diagnostic, InputError
from toolchain.tools.esbuild import FILE_LOADERS, platform_package

_LINE = re.compile(
    r"^(?P<file>.+?)\((?P<line>\d+),(?P<col>\d+)\): (?P<sev>error|warning) (?P<code>TS\d+): (?P<msg>.*)$"
)
_GLOBAL = re.compile(r"^(?P<sev>error|warning) (?P<code>TS\d+): (?P<msg>.*)$")


def tsc_binary(root: Path) -> Path:
    """TypeScript's native compiler when it ships one, else its Node script (which may not exist)."""
    native = root / "node_modules" / "@typescript" / f"typescript-{platform_package()}" / "lib" / "tsc"
    return native if native.is_file() else root / "node_modules" / "typescript" / "bin" / "tsc"


def find_tsc(root: Path) -> list[str]:
    """The command that runs tsc for this project: the native binary when TypeScript has one."""
    binary = tsc_binary(root)
    if binary.is_file():
        return [str(binary)] if binary.parent.name == "lib" else ["node", str(binary)]  # lib/: native
    raise InputError.single(f"typescript is not installed in {root}/node_modules: run `npm ci` in {root}")


@dataclass
class TypeCheck:
    """A running `tsc --noEmit`; start it early, collect it last."""

    root: Path
    display_base: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        if not (self.root / "tsconfig.json").is_file():
            raise InputError.single(
                f"no tsconfig.json in {self.root}: xtk type-checks with it (or pass --no-typecheck)"
            )
        command = find_tsc(self.root) + ["--noEmit", "-p", "tsconfig.json", "--pretty", "false"]
        self.process = subprocess.Popen(command, cwd=self.root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    def finish(self) -> list[Diagnostic]:
        assert self.process is not None
        output, _ = self.process.communicate()
        diagnostics = parse_tsc_output(output.decode("utf-8", "replace"), self.root, self.display_base)
        if self.process.returncode != 0 and not any(d.severity == "error" for d in diagnostics):
            diagnostics.append(
                Diagnostic(
                    "error", f"tsc exited with {self.process.returncode}: {output.decode(errors='replace').strip()}"
                )
            )
        return diagnostics


def parse_tsc_output(output: str, root: Path, display_base: Path) -> list[Diagnostic]:
    """`file(line,col): error TS1234: message` (+ indented continuation lines) → diagnostics."""
    found: list[dict[str, object]] = []
    for line in output.splitlines():
        m = _LINE.match(line)
        if m:
            path = (root / m["file"]).resolve()
            try:
                shown = path.relative_to(display_base).as_posix()
            except ValueError:
                shown = str(path)
            found.append(
                {
                    "severity": m["sev"],
                    "message": m["msg"],
                    "path": shown,
                    "line": int(m["line"]),
                    "column": int(m["col"]),
                    "code": m["code"],
                }
            )
            continue
        g = _GLOBAL.match(line)
        if g:
            found.append({"severity": g["sev"], "message": g["msg"], "code": g["code"]})
        elif line.startswith(" ") and found and line.strip():
            found[-1]["message"] = f"{found[-1]['message']}\n    {line.strip()}"
    return [Diagnostic(**d) for d in found]  # type: ignore[arg-type]


#: What a build does with tsc: its errors fail the build ("error"), are shown as warnings ("warn"), or it does not run.
TypecheckMode = Literal["error", "warn", "off"]


def typecheck_mode(flag: bool | None, configured: bool | str) -> TypecheckMode:
    """`--typecheck/--no-typecheck` (None: not given) over xtk.toml's `typecheck = true | false | "warn"`: the flag
    turns tsc on or off; the config also says whether its errors fail the build."""
    if flag is False or (flag is None and configured is False):
        return "off"
    return "warn" if configured == "warn" else "error"


def env_types_text(browsers: list[str], constants: dict[str, object], remembered: Path | None = None) -> str:
    """`.xtk/env.d.ts`: the type of every `import.meta.env` constant, from the config (like WXT's .wxt/).
    With `remembered` (a project's `.xtk/rendered/`) the text is kept there for the next build (render_remembered)."""
    from toolchain.templating import render, render_remembered

    return (partial(render_remembered, remembered) if remembered is not None else render)(
        "env.d.ts.j2",
        browsers=[json.dumps(b) for b in browsers],
        flags=[target.env_flag for target in browser_targets.targets()],
        assets=list(FILE_LOADERS),
        constants={name: _ts_type(value) for name, value in sorted(constants.items())},
    )


def env_types_path(root: Path) -> Path:
    return root / ".xtk" / "env.d.ts"


def _ts_type(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return "string"
