"""import() of the extension's own packaged file (`runtime.getURL('<constant>')`, as a content script loads an
`[[injected]]` bundle) is not remote code; any other computed specifier still is."""

from __future__ import annotations

from .support import extract


def test_import_of_a_packaged_file_is_not_dynamic_code() -> None:
    facts = extract("packaged-import/loader.ts")["packaged-import/loader.ts"]
    found = [(d.location.line, d.kind, d.description) for d in facts.dynamic_code]
    assert found == [
        (6, "remote-import", "import() of a computed specifier"),  # a path built at run time
        (7, "remote-import", "import() of a computed specifier"),  # the URL built at run time
        (8, "remote-import", "import() of a computed specifier"),  # not the extension API
        (9, "remote-import", "import() of a computed specifier"),  # getURL with another argument
    ]
