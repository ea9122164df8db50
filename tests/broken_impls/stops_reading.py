"""Broken on purpose: the harness answers `start`, then never reads stdin again (a
request larger than a pipe's buffer can then never be written in full)."""

from __future__ import annotations

import json
import sys
import time

sys.stdin.readline()
print(json.dumps({"name": "stops-reading", "version": "1", "rulesets": ["*"]}), flush=True)
time.sleep(600)
