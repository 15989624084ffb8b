"""SpiderMonkey through PyPI pythonmonkey, in-process in a Python of its own (pythonmonkey_host.py).

The engine is pythonmonkey's in-process SpiderMonkey, as the issue asks; it just lives in a child Python rather
than in xtk's own process, for two reasons: pythonmonkey cannot interrupt running JavaScript, so a case that
never returns could otherwise only hang the whole run (a child can be killed and restarted), and its one global
SpiderMonkey (with its event loop and console) stays out of xtk's process and out of other engines' way.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

from toolchain.conform.engines.base import ChildProcessEngine, EngineError

HOST = Path(__file__).resolve().with_name("pythonmonkey_host.py")


class SpiderMonkeyEngine(ChildProcessEngine):
    name = "spidermonkey"
    title = "SpiderMonkey in-process (PyPI pythonmonkey)"

    def _argv(self) -> list[str]:
        spec = importlib.util.find_spec("pythonmonkey")
        if spec is None or not spec.origin:
            raise EngineError("PyPI pythonmonkey is not installed: pip install 'xtk[engines]'")
        self.version = _version(Path(spec.origin).parent)
        assert self.bundle is not None
        # -I: isolated (no user site, no PYTHON* variables, no cwd on sys.path); -u: unbuffered stderr.
        return [sys.executable, "-I", "-u", str(HOST), str(self.bundle)]


def _version(package_dir: Path) -> str:
    """'SpiderMonkey 136 (pythonmonkey 1.4.1)', read without importing pythonmonkey here (libmozjs-136a1.so)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        own = version("pythonmonkey")
    except PackageNotFoundError:
        own = "?"
    majors = [m.group(1) for p in package_dir.glob("libmozjs-*") if (m := re.match(r"libmozjs-(\d+)", p.name))]
    return f"SpiderMonkey {majors[0] if majors else '?'} (pythonmonkey {own})"
