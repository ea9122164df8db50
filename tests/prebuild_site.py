"""Build the test site in the background while the first tests run (`conftest.py` starts
this once per parallel run), into the folder the workers' `site` fixture shares, under
its lock: the docs tests then find it built, or wait for the rest of it, rather than one
worker building it while the other waits idle. A failed build leaves no mark: the
fixture builds it again and reports the error.
Usage: `python tests/prebuild_site.py FOLDER`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from test_docs import shared_site  # noqa: E402

if __name__ == "__main__":
    shared_site(Path(sys.argv[1]))
