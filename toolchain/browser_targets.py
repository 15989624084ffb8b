"""The browsers xtk builds for, in one registry every package reads.

A target is what `[targets.NAME]` in xtk.toml and `--browser NAME` name: its engine (which manifest conversions,
which driver runs it), the manifest versions it accepts, the schema its manifest is checked against, the flag its
code sees (`import.meta.env.NAME`), the manifest key that holds its minimum version, its key in the lint's knowledge
base (MDN's browser-compat-data names), esbuild's name for it and the store it ships to. Adding a browser of a known
engine is one entry here (plus, to run it, its driver in `toolchain/browsers/`); nothing else lists browsers.

At the bottom of the package: only the standard library.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

#: Chromium (Chrome, Edge, Opera…) or Gecko (Firefox): what the manifest conversions and the drivers tell apart.
Engine = Literal["chromium", "gecko"]


@dataclass(frozen=True)
class BrowserTarget:
    name: str  # "chrome": the key of [targets.chrome], the --browser value, the build folder's name
    label: str  # "Chrome": how messages name it
    engine: Engine
    manifest_versions: tuple[int, ...]  # the ones xtk builds for it
    default_manifest_version: int
    schema: str  # specs/manifest/<schema>.schema.json validates its manifests
    esbuild: str  # esbuild's name for it in --target (with min_version: "chrome121")
    env_flag: str  # import.meta.env.<env_flag> is true in its build
    minimum_version_key: str  # the manifest key (a JSON pointer) its targets.<name>.min_version is written to
    knowledge: str  # its browser in the lint's knowledge base (browser-compat-data's name)
    store: str  # where it is published

    @property
    def is_gecko(self) -> bool:
        return self.engine == "gecko"

    @property
    def is_chromium(self) -> bool:
        return self.engine == "chromium"


_TARGETS: dict[str, BrowserTarget] = {}


def register(target: BrowserTarget) -> BrowserTarget:
    """Add a target (xtk's own below; a test adds one to prove nothing else lists browsers). Must happen before the
    config models are imported: they are made from the registry."""
    if target.name in _TARGETS:
        raise ValueError(f"browser target {target.name!r} is registered twice")
    if target.default_manifest_version not in target.manifest_versions:
        raise ValueError(f"{target.name}: default manifest version {target.default_manifest_version} not supported")
    _TARGETS[target.name] = target
    return target


register(
    BrowserTarget(
        name="chrome",
        label="Chrome",
        engine="chromium",
        manifest_versions=(3,),
        default_manifest_version=3,
        schema="chrome-mv3",
        esbuild="chrome",
        env_flag="CHROME",
        minimum_version_key="/minimum_chrome_version",
        knowledge="chrome",
        store="Chrome Web Store",
    )
)
register(
    BrowserTarget(
        name="edge",
        label="Edge",
        engine="chromium",
        manifest_versions=(3,),
        default_manifest_version=3,
        schema="chrome-mv3",
        esbuild="edge",
        env_flag="EDGE",
        minimum_version_key="/minimum_chrome_version",  # Chromium's version numbers, Chromium's key
        knowledge="edge",
        store="Microsoft Edge Add-ons",
    )
)
register(
    BrowserTarget(
        name="firefox",
        label="Firefox",
        engine="gecko",
        manifest_versions=(2, 3),
        default_manifest_version=3,  # MV2 still built with `manifest_version = 2`
        schema="firefox",
        esbuild="firefox",
        env_flag="FIREFOX",
        minimum_version_key="/browser_specific_settings/gecko/strict_min_version",
        knowledge="firefox",
        store="addons.mozilla.org",
    )
)


def names() -> tuple[str, ...]:
    """Every target's name, in registration order (the order builds and reports use)."""
    return tuple(_TARGETS)


def targets() -> Iterator[BrowserTarget]:
    return iter(tuple(_TARGETS.values()))


def get(name: str) -> BrowserTarget:
    """The target called `name`; an unknown name is a programming error (input is checked against `names()`)."""
    try:
        return _TARGETS[name]
    except KeyError:
        raise KeyError(f"{name!r} is not a browser target (known: {', '.join(_TARGETS)})") from None


def of_engine(engine: Engine) -> tuple[str, ...]:
    return tuple(t.name for t in _TARGETS.values() if t.engine == engine)


def env_flags(browser: str, manifest_version: int, mode: str) -> dict[str, bool | int | str]:
    """`import.meta.env` of one build: a flag per target (true for its own), the manifest version, the mode.
    The one table the build's defines, the lint's guard evaluation and the generated env.d.ts all come from."""
    flags: dict[str, bool | int | str] = {
        "BROWSER": browser,
        "MANIFEST_VERSION": manifest_version,
        "MODE": mode,
        "DEV": mode == "development",
        "PROD": mode == "production",
    }
    flags.update({t.env_flag: t.name == browser for t in _TARGETS.values()})
    return flags


def reserved_env_names() -> frozenset[str]:
    """The `import.meta.env` names xtk defines itself: a `[constants]` entry may not take one."""
    return frozenset(env_flags(names()[0], 3, "production"))


def listed(separator: str = ", ", last: str = " or ", template: str = "{}") -> str:
    """The targets' names for a message: "chrome, edge or firefox" ("[targets.{}]" as `template` gives sections)."""
    shown = [template.format(name) for name in _TARGETS]
    return shown[0] if len(shown) == 1 else separator.join(shown[:-1]) + last + shown[-1]
