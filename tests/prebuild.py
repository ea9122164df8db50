"""Make a shared folder of the test run in the background while the first tests run
(`conftest.py` starts this once per parallel run): `site`, the docs tests' site, or
`suite`, every bundled ruleset's exported vectors. It is made under the lock the tests'
own `conftest.once` takes, so a test that needs it finds it made, or waits for the rest
of it, instead of one worker making it while the other waits idle and both workers
making it in turn. A failure leaves no mark: the test makes it again and reports it.
Usage: `python tests/prebuild.py site|suite FOLDER`.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]  # this checkout's package, as the tests import it

from conftest import once, quiet_collector  # noqa: E402


def main(what: str, folder: Path) -> None:
    """Make it, then print one line of what it cost (the run's report quotes it)."""
    import gc
    import os
    import time

    wall = time.time()
    if what == "site":
        from test_docs import build_test_site as make
    else:
        from test_conformance import export_bundled as make
    quiet_collector()  # as in the test processes (`conftest.COLLECTOR_THRESHOLDS`)
    gc.freeze()  # the modules imported so far: scanned at no collection
    once(folder, make)
    times = os.times()
    cpu = times.user + times.system + times.children_user + times.children_system
    print(f"prebuild {what}: {cpu:.1f} s CPU, {time.time() - wall:.1f} s wall from "
          f"{wall:.3f} (epoch s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
