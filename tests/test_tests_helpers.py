"""conftest.py imports no private name (`_x`) from a test module: what several test files
share lives in a helper module (`workbench_server`, `in_process`, ...), so that a test
module's private helper can change without breaking the whole run's fixtures."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_conftest_imports_nothing_private_from_a_test_module() -> None:
    tree = ast.parse((TESTS / "conftest.py").read_text(encoding="utf-8"))
    private = [f"{node.module}.{alias.name}" for node in ast.walk(tree)
               if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("test_")
               for alias in node.names if alias.name.startswith("_")]
    assert private == []
    assert any(isinstance(node, ast.ImportFrom) and node.module == "workbench_server"
               for node in ast.walk(tree)), "the shared server starts from the helper"
