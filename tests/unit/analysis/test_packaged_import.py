"""import() of the extension's own packaged file (`runtime.getURL('<constant>')`, as a content script loads an
`[[injected]]` bundle) is not remote code; a path built at run time under `runtime.getURL` is a file of the package
whose name is not settled (XS008's warning: package_path and what could not be followed); any other computed
specifier still is remote or dynamic code."""

from __future__ import annotations

from .support import extract


def test_import_of_a_packaged_file_is_not_dynamic_code() -> None:
    facts = extract("packaged-import/loader.ts")["packaged-import/loader.ts"]
    found = [(d.location.line, d.kind, d.description, d.package_path, d.unsettled) for d in facts.dynamic_code]
    unsettled = "`name` could not be followed"
    assert found == [
        # a path built at run time, the URL built at run time: under the package's root, the name not settled
        (6, "remote-import", "import() of `browser.runtime.getURL(`widget/${name}.js`)`", "root:", unsettled),
        (7, "remote-import", "import() of `chrome.runtime.getURL('widget/index.js') + name`", "root:", unsettled),
        (8, "remote-import", "import() of a computed specifier", "", ""),  # not the extension API
        (9, "remote-import", "import() of a computed specifier", "", ""),  # getURL with another argument
    ]
