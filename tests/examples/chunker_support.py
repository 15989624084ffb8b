"""What the chunker example's tests share: a copy of examples/chunker outside the repository (builds and conform
scratch land there), its reference importable, and its corpus pointed at ../shared/corpus/pages."""

from __future__ import annotations

import sys
from functools import partial

from tests.conftest import CORPUS, REPO
from tests.examples import support

EXAMPLE = REPO / "examples" / "chunker"
REFERENCE = EXAMPLE / "reference"
PAGES = CORPUS / "pages"

if str(REFERENCE) not in sys.path:
    sys.path.insert(0, str(REFERENCE))

copy_example = partial(support.copy_example, "chunker", corpus=True)
