"""What one build does, as plain data: enough to run it again without the config, the plan or the templates."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolchain.diagnostics import Diagnostic
from toolchain.tools.esbuild import EsbuildCommand


@dataclass
class BrowserRecipe:
    browser: str
    manifest_version: int
    esbuild: list[EsbuildCommand]
    manifest: dict[str, Any]  # validated against its schema before it got here
    pages: list[tuple[str, str]]  # (build path, rewritten HTML)
    assets: list[tuple[str, str]]  # (source file, build path)
    contexts: dict[str, Any]
    warnings: list[Diagnostic] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "browser": self.browser,
            "manifest_version": self.manifest_version,
            "esbuild": [c.to_json() for c in self.esbuild],
            "manifest": self.manifest,
            "pages": [list(p) for p in self.pages],
            "assets": [list(a) for a in self.assets],
            "contexts": self.contexts,
            "warnings": [w.to_json() for w in self.warnings],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BrowserRecipe:
        return cls(
            data["browser"],
            data["manifest_version"],
            [EsbuildCommand.from_json(c) for c in data["esbuild"]],
            data["manifest"],
            [(out, text) for out, text in data["pages"]],
            [(source, out) for source, out in data["assets"]],
            data["contexts"],
            [Diagnostic(**w) for w in data["warnings"]],
        )


@dataclass
class Recipe:
    """A whole build request: where things are, the generated type declarations, one recipe per browser."""

    root: Path  # the extension's JS project (tsc runs here, esbuild's working folder)
    base_dir: Path  # the config's folder: paths are shown relative to it
    out_dir: Path
    env_types: tuple[Path, str]  # (.xtk/env.d.ts, its text)
    browsers: list[BrowserRecipe]
    typecheck: bool | str = True  # the config's `typecheck` (the replay does not load the config)

    def to_json(self) -> dict[str, Any]:
        return {
            "root": str(self.root),
            "base_dir": str(self.base_dir),
            "out_dir": str(self.out_dir),
            "env_types": [str(self.env_types[0]), self.env_types[1]],
            "browsers": [b.to_json() for b in self.browsers],
            "typecheck": self.typecheck,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Recipe:
        return cls(
            Path(data["root"]),
            Path(data["base_dir"]),
            Path(data["out_dir"]),
            (Path(data["env_types"][0]), data["env_types"][1]),
            [BrowserRecipe.from_json(b) for b in data["browsers"]],
            data.get("typecheck", True),
        )

    def display(self, path: Path) -> str:
        try:
            return path.resolve().relative_to(self.base_dir.resolve()).as_posix()
        except ValueError:
            return str(path)


@dataclass
class BrowserBuild:
    browser: str
    out_dir: Path
    manifest: dict[str, Any]
    files: int
    #: esbuild's metafile, merged and named as written to `<browser>.metafile.json` (which inputs made each output)
    metafile: dict[str, Any] = field(default_factory=dict)


@dataclass
class BuildReport:
    builds: list[BrowserBuild] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    seconds: float = 0.0
    cached: bool = False  # the recipe came from the cache: the config was not loaded again
    typecheck: str = "off"  # what tsc's errors did: "error" (fail the build), "warn", or "off" (not run)
