"""A project's permission posture: what it may ask for and why, what it must never ask for, and what must not
change without a spec change (frozen constants). Written as JSON in `specs/` and named by `[lint] posture`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from toolchain.diagnostics import Diagnostic, InputError


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PermissionPosture(_Strict):
    #: allow-list: anything not in `allowed` is forbidden; deny-list: only `forbidden` is.
    mode: Literal["allow-list", "deny-list"] = "allow-list"
    allowed: dict[str, str] = Field(default_factory=dict)  # permission → store justification
    forbidden: dict[str, str] = Field(default_factory=dict)  # permission → why not


class HostPosture(_Strict):
    allowed: list[str] = Field(default_factory=list)  # host patterns the project may request; empty: none


class ContentScriptPosture(_Strict):
    matches: list[str] = Field(default_factory=list)  # the match patterns content scripts may be declared on
    #: True: content scripts only register listeners at load; they read or change the page only when asked.
    inert: bool = False


class CspPosture(_Strict):
    forbidden_sources: list[str] = Field(default_factory=list)


class WebAccessiblePosture(_Strict):
    allowed: list[str] = Field(default_factory=list)  # resources that may be exposed to web pages
    #: True: the files xtk exposes for the project's `[[injected]]` entries (each bundle and its CSS, to the sites
    #: the entry names) are allowed too, by their built names, whatever they are called.
    injected: bool = False


class FrozenConstants(_Strict):
    module: str  # relative to the project root
    values: dict[str, Any]  # constant name → its value, as the spec freezes it
    source: str = ""  # where the values are specified


class InstallWarningsPosture(_Strict):
    #: version → the permissions or host patterns whose new install warning that version means to add → why. An
    #: update adding a warning only from these is not XP013 in that version (the entry states the team's decision).
    intended: dict[str, dict[str, str]] = Field(default_factory=dict)


class Posture(_Strict):
    name: str
    source: str = ""
    permissions: PermissionPosture = PermissionPosture()
    host_permissions: HostPosture = HostPosture()
    content_scripts: ContentScriptPosture = ContentScriptPosture()
    csp: CspPosture = CspPosture()
    web_accessible_resources: WebAccessiblePosture | None = None
    frozen_constants: FrozenConstants | None = None
    install_warnings: InstallWarningsPosture = InstallWarningsPosture()
    path: Path | None = Field(default=None, exclude=True)
    display: str = Field(default="", exclude=True)
    positions: dict[str, tuple[int, int]] = Field(default_factory=dict, exclude=True)

    def locate(self, pointer: str) -> dict[str, Any]:
        from toolchain.positions.json import locate_pointer

        found = locate_pointer(self.positions, pointer) or (None, None)
        return {"path": self.display, "line": found[0], "column": found[1]}


def load_posture(path: Path, display: str) -> Posture:
    from toolchain.json_input import read_json_bytes
    from toolchain.positions.json import value_positions

    try:
        text = read_json_bytes(path, display, "the posture").decode("utf-8")  # its size is judged before it is read
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError.single(
            f"invalid JSON: {error.msg}", path=display, line=error.lineno, column=error.colno
        ) from None
    except RecursionError:
        raise InputError.single("invalid JSON: nested too deeply", path=display) from None
    except UnicodeDecodeError as error:
        raise InputError.single(f"cannot read the posture: {error}", path=display) from None
    positions = value_positions(text)
    data.pop("$schema", None)
    try:
        posture = Posture.model_validate(data)
    except ValidationError as error:
        problems = []
        for err in error.errors():
            pointer = "/" + "/".join(str(p) for p in err["loc"])
            from toolchain.positions.json import locate_pointer

            line, column = locate_pointer(positions, pointer) or (None, None)
            problems.append(Diagnostic("error", err["msg"], path=display, line=line, column=column, key=pointer))
        raise InputError(problems) from None
    return posture.model_copy(update={"path": path, "display": display, "positions": positions})
