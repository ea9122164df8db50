"""The public Python API: `pontoon_rules` re-exports the stable names of every layer."""

from __future__ import annotations

import ast
import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import pontoon_rules

ROOT = Path(__file__).parent.parent
INIT = ROOT / "pontoon_rules" / "__init__.py"
PAGE = ROOT / "site" / "python.md"

NEEDED = {
    "load and validate a ruleset": ["Ruleset", "load_ruleset", "load_text", "load_bundled",
                                    "bundled_ids", "RulesetError", "Problem"],
    "play a round": ["RoundState", "compile_rules", "Action", "LegalAction", "BANKER",
                     "CHANCE", "TERMINAL", "RoundResult", "parse_card", "parse_cards"],
    "play a script": ["play_script", "run_script", "ScriptRun"],
    "exact edge and strategy": ["house_edge", "EdgeResult", "strategy_chart", "render_chart",
                                "rule_costs"],
    "simulate": ["simulate", "SimulationResult"],
    "diff and examples": ["diff_rulesets", "FieldDiff", "compare_rulesets", "Comparison"],
    "export and check vectors": ["export_vectors", "load_vectors", "check_vectors",
                                 "vector_id"],
}
"""What a script or an implementer's test suite needs (issue 28), by task."""


def test_all_is_sorted_and_names_every_export() -> None:
    assert pontoon_rules.__all__ == sorted(pontoon_rules.__all__)
    assert set(pontoon_rules.__all__) == set(pontoon_rules._EXPORTS)


@pytest.mark.parametrize("task", NEEDED)
def test_every_task_has_its_names(task: str) -> None:
    assert [n for n in NEEDED[task] if n not in pontoon_rules.__all__] == []


def test_every_name_is_the_object_its_module_defines() -> None:
    for name, (module, attribute) in pontoon_rules._EXPORTS.items():
        assert getattr(pontoon_rules, name) is getattr(importlib.import_module(module),
                                                       attribute), name
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        pontoon_rules.nothing_here  # noqa: B018


def test_the_typed_imports_match_the_exports() -> None:
    """Type checkers read the `TYPE_CHECKING` block: it names what `_EXPORTS` loads, and
    nothing public is defined in the package beside them."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    typed = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom)
                for alias in stmt.names:
                    typed[alias.asname or alias.name] = (stmt.module, alias.name)
    assert typed == pontoon_rules._EXPORTS
    defined = {n for n in vars(pontoon_rules) if not n.startswith("_")}
    defined -= {"TYPE_CHECKING", "Any", "annotations", "import_module"}
    defined -= {n for n in defined if type(getattr(pontoon_rules, n)).__name__ == "module"}
    assert defined <= set(pontoon_rules.__all__)


def test_importing_the_package_stays_light() -> None:
    """`import pontoon_rules` loads no layer until a name is used (numpy, pydantic stay
    out)."""
    code = ("import sys, pontoon_rules; print(sorted(m for m in ('numpy', 'pydantic',"
            " 'pontoon_rules.engine') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_the_python_page_examples_run_and_print_what_it_says() -> None:
    """Every `>>>` example of the site page "Use it from Python", with its output."""
    result = doctest.testfile(str(PAGE), module_relative=False, verbose=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 10 and result.failed == 0
    assert doctest.testmod(pontoon_rules).failed == 0
