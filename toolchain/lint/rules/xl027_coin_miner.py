"""XL027: a script that looks like a cryptocurrency miner (CoinHive, CryptoNight), which no store accepts."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from toolchain.lint.context import LintContext
from toolchain.lint.extension_paths import package_scripts
from toolchain.lint.model import Finding, Rule

#: addons-linter's MINER_BLOCKLIST (src/miner_blocklist.js): code a miner library defines, and its file names
MINER_CODE = (
    re.compile(r"window\.CoinHive\s*=\s*window\.CoinHive"),
    re.compile(r"CoinHive\.CONFIG"),
    re.compile(r"\bcryptonight_hash\b"),
    re.compile(r"CryptonightWASMWrapper"),
)
MINER_FILE_NAMES = re.compile(r"(^|/)(coinhive(\.min)?|cryptonight\.min)\.js$", re.IGNORECASE)
#: a miner's markers come early in its file; a longer file is read this far
_READ_BYTES = 4 * 1024 * 1024


def _text(path: Path) -> str:
    try:
        with path.open("rb") as stream:
            return stream.read(_READ_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return ""


class CoinMiner(Rule):
    """A script in the package looks like a cryptocurrency miner.

    What it checks: every script file of a plain extension's folder or archive, loaded or not, for what a known
    miner library defines (CoinHive's `window.CoinHive=window.CoinHive` and `CoinHive.CONFIG`, CryptoNight's
    `cryptonight_hash` and `CryptonightWASMWrapper`) and for a miner's file name (`coinhive.min.js`,
    `cryptonight.min.js`): addons-linter's own list. A warning with the evidence, not an error: a blocker that
    lists miners to stop them carries the same names.

    Why it matters: no store accepts an extension that mines: addons.mozilla.org (addons-linter's
    `COINMINER_USAGE_DETECTED`: "Firefox add-ons are not allowed to run coin miners") and the Chrome Web Store
    (its policy on cryptocurrency mining) remove it, and it spends the user's CPU without asking.

    Example:

        lib/coinhive.min.js         // XL027: a miner's file name
        window.CoinHive=window.CoinHive||{}; …   // XL027: CoinHive's code

    Fix: remove the miner; if the extension blocks miners, keep their names in data the code reads (JSON), not in a
    script that defines them.
    """

    code = "XL027"
    name = "coin-miner"
    severity = "warning"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        folders = sorted({target.package_dir or ctx.root for target in ctx.targets})
        for folder in folders:
            for path in package_scripts(folder):
                shown = path.relative_to(folder).as_posix()
                if MINER_FILE_NAMES.search(shown):
                    yield self.finding(f"`{shown}` has a coin miner's file name", fix="remove the miner", path=shown)
                text = _text(path)
                for pattern in MINER_CODE:
                    found = pattern.search(text)
                    if found is None:
                        continue
                    line = text.count("\n", 0, found.start()) + 1
                    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
                    yield self.finding(
                        f"`{found.group()}` is what a coin miner's library defines",
                        fix="remove the miner",
                        path=shown,
                        line=line,
                        column=column,
                    )
