"""The stores' credentials: from the environment, or from a credentials file, never from xtk.toml.

Each store's names are its `XTK_*` variables; the names of WXT's `.env.submit` (publish-browser-extension) are read
too, so a WXT project's file serves unchanged. The file is dotenv (`NAME=value`): `--credentials FILE`, else
`XTK_CREDENTIALS`, else `.env.submit` beside xtk.toml when there is one. A variable of the environment wins over
the file. A file inside the project must be one the sources zip never holds (`.env.*`, SECRET_NAMES) and outside
src/ and public/ (what a build zip holds); otherwise it is refused by name.

Every value read here is a secret: `Secrets.hide` replaces each (and the tokens made from them) in everything xtk
says — output, errors, the store's own messages. The stores' addresses are configuration of the same trust: the
environment or the file, never xtk.toml (a project's config must not be able to send your keys elsewhere).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from toolchain import browser_targets
from toolchain.diagnostics import Diagnostic, InputError

#: The targets xtk can submit, by the [targets.*] name of the browser whose store it is (toolchain.browser_targets)
STORES = ("chrome", "firefox", "edge")
#: How messages name each store: the registry's name for it
STORE_NAMES = {store: browser_targets.get(store).store for store in STORES}

#: store → credential → (xtk's variable, WXT's variable)
CREDENTIALS: dict[str, dict[str, tuple[str, str]]] = {
    "chrome": {
        "client_id": ("XTK_CHROME_CLIENT_ID", "CHROME_CLIENT_ID"),
        "client_secret": ("XTK_CHROME_CLIENT_SECRET", "CHROME_CLIENT_SECRET"),
        "refresh_token": ("XTK_CHROME_REFRESH_TOKEN", "CHROME_REFRESH_TOKEN"),
    },
    "firefox": {
        "jwt_issuer": ("XTK_AMO_JWT_ISSUER", "FIREFOX_JWT_ISSUER"),
        "jwt_secret": ("XTK_AMO_JWT_SECRET", "FIREFOX_JWT_SECRET"),
    },
    "edge": {
        "client_id": ("XTK_EDGE_CLIENT_ID", "EDGE_CLIENT_ID"),
        "api_key": ("XTK_EDGE_API_KEY", "EDGE_API_KEY"),
    },
}

#: store → address → (variable, the store's own address)
ENDPOINTS: dict[str, dict[str, tuple[str, str]]] = {
    "chrome": {
        "api_url": ("XTK_CHROME_API_URL", "https://chromewebstore.googleapis.com"),
        "token_url": ("XTK_CHROME_TOKEN_URL", "https://oauth2.googleapis.com/token"),
    },
    "firefox": {"api_url": ("XTK_AMO_API_URL", "https://addons.mozilla.org")},
    "edge": {"api_url": ("XTK_EDGE_API_URL", "https://api.addons.microsoftedge.microsoft.com")},
}

DEFAULT_FILE = ".env.submit"


@dataclass
class Secrets:
    """Every secret value known to this run; `hide` blanks them out of a text."""

    values: set[str] = field(default_factory=set)

    def add(self, value: str) -> str:
        if len(value) >= 4:  # shorter values would blank ordinary words; no real credential is that short
            self.values.add(value)
        return value

    def hide(self, text: str) -> str:
        for value in sorted(self.values, key=len, reverse=True):
            text = text.replace(value, "***")
        return text


@dataclass
class StoreAccess:
    """One store's credentials (empty when none is set) and addresses."""

    store: str
    values: dict[str, str]
    endpoints: dict[str, str]
    missing: list[str]  # the variables still to set

    @property
    def complete(self) -> bool:
        return not self.missing


@dataclass
class Credentials:
    source: str  # where they were read: "the environment" or "the environment and <file>"
    stores: dict[str, StoreAccess]
    secrets: Secrets
    warnings: list[Diagnostic] = field(default_factory=list)


def credentials_file(given: Path | None, base_dir: Path, environ: Mapping[str, str]) -> Path | None:
    if given is not None:
        return given
    if environ.get("XTK_CREDENTIALS"):
        return Path(environ["XTK_CREDENTIALS"])
    default = base_dir / DEFAULT_FILE
    return default if default.is_file() else None


def load_credentials(
    path: Path | None,
    *,
    base_dir: Path,
    packaged_folders: tuple[Path, ...],
    environ: Mapping[str, str] | None = None,
) -> Credentials:
    """Every store's credentials and addresses; `packaged_folders`: the folders build zips are made of."""
    environ = os.environ if environ is None else environ
    file_values: dict[str, str] = {}
    warnings: list[Diagnostic] = []
    source = "the environment"
    if path is not None:
        file_values = _read_file(path, base_dir, packaged_folders, warnings)
        source = f"the environment and {_shown(path, base_dir)}"
    secrets = Secrets()
    stores: dict[str, StoreAccess] = {}
    for store in STORES:
        values: dict[str, str] = {}
        missing: list[str] = []
        for key, names in CREDENTIALS[store].items():
            value = _first(names, environ, file_values)
            if value:
                values[key] = secrets.add(value)
            else:
                missing.append(names[0])
        endpoints = {}
        for key, (name, default) in ENDPOINTS[store].items():
            endpoints[key] = (_first((name,), environ, file_values) or default).rstrip("/")
        stores[store] = StoreAccess(store, values, endpoints, missing)
    return Credentials(source, stores, secrets, warnings)


def _first(names: tuple[str, ...], environ: Mapping[str, str], file_values: Mapping[str, str]) -> str:
    for name in names:
        if environ.get(name):
            return environ[name]
    for name in names:
        if file_values.get(name):
            return file_values[name]
    return ""


def _shown(path: Path, base_dir: Path) -> str:
    try:
        return path.resolve().relative_to(base_dir.resolve()).as_posix()
    except ValueError:
        return str(path)


def _read_file(path: Path, base_dir: Path, packaged: tuple[Path, ...], warnings: list[Diagnostic]) -> dict[str, str]:
    from toolchain.plan.env_files import parse_env
    from toolchain.tools.package import is_secret

    shown = _shown(path, base_dir)
    if not path.is_file():
        raise InputError.single("the credentials file does not exist", path=shown)
    resolved = path.resolve()
    inside_project = resolved.is_relative_to(base_dir.resolve())
    if inside_project:
        relative = resolved.relative_to(base_dir.resolve())
        in_build = next((folder for folder in packaged if resolved.is_relative_to(folder)), None)
        if in_build is not None or not is_secret(relative):
            where = "a build zip" if in_build is not None else "the sources zip"
            raise InputError.single(
                f"the credentials file would go into {where}: keep it outside the project, or name it .env.submit "
                "(or another .env.* name) outside src/ and public/",
                path=shown,
            )
    try:
        text = path.read_text(encoding="utf-8")
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise InputError.single("the credentials file does not exist", path=shown) from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError.single(f"cannot read the credentials file: {type(error).__name__}", path=shown) from None
    if mode & (stat.S_IRGRP | stat.S_IROTH):
        warnings.append(
            Diagnostic("warning", f"other users of this machine can read it: chmod 600 {shown}", path=shown)
        )
    problems: list[Diagnostic] = []
    assignments = parse_env(text, shown, problems)
    errors = [p for p in problems if p.severity == "error"]
    if errors:  # a message names the line, never its value
        raise InputError(errors)
    warnings += problems
    return {name: value for name, value, _ in assignments}
