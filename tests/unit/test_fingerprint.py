"""fingerprint.package_stamp: an installed package as a cache key, found without importing it."""

from __future__ import annotations

import os
import subprocess
import sys

from toolchain.fingerprint import package_stamp


def test_a_package_is_stamped_by_its_package_file_without_being_imported() -> None:
    stamp = package_stamp("jinja2")
    path, size, mtime = stamp.rsplit(":", 2)
    assert path.endswith(os.path.join("jinja2", "__init__.py"))
    stat = os.stat(path)
    assert (int(size), int(mtime)) == (stat.st_size, stat.st_mtime_ns)
    fresh = "import sys; from toolchain.fingerprint import package_stamp; package_stamp('jinja2'); " + (
        "print('jinja2' in sys.modules, 'importlib.metadata' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", fresh], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_a_missing_package_has_a_stamp_of_its_own() -> None:
    assert package_stamp("no_such_package_xtk") == "no_such_package_xtk: missing"
    assert package_stamp("jsonschema") != package_stamp("jinja2")
