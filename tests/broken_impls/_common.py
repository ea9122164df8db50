"""Shared pieces of the deliberately broken harnesses: the reference harness, patched."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
