"""pontoon-rules: rulesets, the engine, exact analysis, simulation and conformance vectors.

The stable names of every layer, importable from the package itself
(`import pontoon_rules as pr`; see the site's "Use it from Python" page). Each name is
loaded when first used, so `import pontoon_rules` stays light; modules below the
package are internal and may move.

>>> import pontoon_rules as pr
>>> pr.load_bundled("casino-ochko").id
'casino-ochko'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pontoon_rules.analysis.edge import EdgeResult as EdgeResult
    from pontoon_rules.analysis.edge import edge_of as edge_of
    from pontoon_rules.analysis.edge import house_edge as house_edge
    from pontoon_rules.analysis.present.chart import Chart as Chart
    from pontoon_rules.analysis.present.chart import render as render_chart
    from pontoon_rules.analysis.present.chart import strategy_chart as strategy_chart
    from pontoon_rules.analysis.present.costs import CostTable as CostTable
    from pontoon_rules.analysis.present.costs import rule_costs as rule_costs
    from pontoon_rules.compare.diff import FieldDiff as FieldDiff
    from pontoon_rules.compare.diff import diff_rulesets as diff_rulesets
    from pontoon_rules.compare.records import Comparison as Comparison
    from pontoon_rules.compare.search import compare_rulesets as compare_rulesets
    from pontoon_rules.conformance.vectors.check import check_suite as check_vectors
    from pontoon_rules.conformance.vectors.export import export as export_vectors
    from pontoon_rules.conformance.vectors.export import load_suite as load_vectors
    from pontoon_rules.conformance.vectors.model import vector_id as vector_id
    from pontoon_rules.engine.round.actions import Action as Action
    from pontoon_rules.engine.round.actions import LegalAction as LegalAction
    from pontoon_rules.engine.round.actions import parse_action as parse_action
    from pontoon_rules.engine.round.cards import card_code as card_code
    from pontoon_rules.engine.round.cards import parse_card as parse_card
    from pontoon_rules.engine.round.cards import parse_cards as parse_cards
    from pontoon_rules.engine.round.phase import BANKER as BANKER
    from pontoon_rules.engine.round.phase import CHANCE as CHANCE
    from pontoon_rules.engine.round.phase import TERMINAL as TERMINAL
    from pontoon_rules.engine.round.results import RoundResult as RoundResult
    from pontoon_rules.engine.round.rules import Rules as Rules
    from pontoon_rules.engine.round.rules import compile_rules as compile_rules
    from pontoon_rules.engine.round.state import RoundState as RoundState
    from pontoon_rules.engine.scripts.script import ScriptRun as ScriptRun
    from pontoon_rules.engine.scripts.script import play as play_script
    from pontoon_rules.engine.scripts.script import run_script as run_script
    from pontoon_rules.engine.sessions.session import Session as Session
    from pontoon_rules.errors import AnalysisError as AnalysisError
    from pontoon_rules.errors import IllegalActionError as IllegalActionError
    from pontoon_rules.errors import OutputError as OutputError
    from pontoon_rules.errors import PontoonError as PontoonError
    from pontoon_rules.errors import Problem as Problem
    from pontoon_rules.errors import RulesetError as RulesetError
    from pontoon_rules.errors import ScriptError as ScriptError
    from pontoon_rules.errors import ShoeError as ShoeError
    from pontoon_rules.ruleset.format.model import Ruleset as Ruleset
    from pontoon_rules.ruleset.format.schema import ruleset_schema as ruleset_schema
    from pontoon_rules.ruleset.loading.loader import dump_ruleset as dump_ruleset
    from pontoon_rules.ruleset.loading.loader import load_ruleset as load_ruleset
    from pontoon_rules.ruleset.loading.loader import load_text as load_text
    from pontoon_rules.ruleset.loading.registry import bundled_ids as bundled_ids
    from pontoon_rules.ruleset.loading.registry import load_bundled as load_bundled
    from pontoon_rules.ruleset.resolving.features import (
        UnsupportedFeatureError as UnsupportedFeatureError,
    )
    from pontoon_rules.sim.runs.result import SimulationResult as SimulationResult
    from pontoon_rules.sim.runs.simulate import simulate as simulate

_EXPORTS: dict[str, tuple[str, str]] = {
    "Action": ("pontoon_rules.engine.round.actions", "Action"),
    "AnalysisError": ("pontoon_rules.errors", "AnalysisError"),
    "BANKER": ("pontoon_rules.engine.round.phase", "BANKER"),
    "CHANCE": ("pontoon_rules.engine.round.phase", "CHANCE"),
    "Chart": ("pontoon_rules.analysis.present.chart", "Chart"),
    "Comparison": ("pontoon_rules.compare.records", "Comparison"),
    "CostTable": ("pontoon_rules.analysis.present.costs", "CostTable"),
    "EdgeResult": ("pontoon_rules.analysis.edge", "EdgeResult"),
    "FieldDiff": ("pontoon_rules.compare.diff", "FieldDiff"),
    "IllegalActionError": ("pontoon_rules.errors", "IllegalActionError"),
    "LegalAction": ("pontoon_rules.engine.round.actions", "LegalAction"),
    "OutputError": ("pontoon_rules.errors", "OutputError"),
    "PontoonError": ("pontoon_rules.errors", "PontoonError"),
    "Problem": ("pontoon_rules.errors", "Problem"),
    "RoundResult": ("pontoon_rules.engine.round.results", "RoundResult"),
    "RoundState": ("pontoon_rules.engine.round.state", "RoundState"),
    "Rules": ("pontoon_rules.engine.round.rules", "Rules"),
    "Ruleset": ("pontoon_rules.ruleset.format.model", "Ruleset"),
    "RulesetError": ("pontoon_rules.errors", "RulesetError"),
    "ScriptError": ("pontoon_rules.errors", "ScriptError"),
    "ScriptRun": ("pontoon_rules.engine.scripts.script", "ScriptRun"),
    "Session": ("pontoon_rules.engine.sessions.session", "Session"),
    "ShoeError": ("pontoon_rules.errors", "ShoeError"),
    "SimulationResult": ("pontoon_rules.sim.runs.result", "SimulationResult"),
    "TERMINAL": ("pontoon_rules.engine.round.phase", "TERMINAL"),
    "UnsupportedFeatureError": ("pontoon_rules.ruleset.resolving.features",
                                "UnsupportedFeatureError"),
    "bundled_ids": ("pontoon_rules.ruleset.loading.registry", "bundled_ids"),
    "card_code": ("pontoon_rules.engine.round.cards", "card_code"),
    "check_vectors": ("pontoon_rules.conformance.vectors.check", "check_suite"),
    "compare_rulesets": ("pontoon_rules.compare.search", "compare_rulesets"),
    "compile_rules": ("pontoon_rules.engine.round.rules", "compile_rules"),
    "diff_rulesets": ("pontoon_rules.compare.diff", "diff_rulesets"),
    "dump_ruleset": ("pontoon_rules.ruleset.loading.loader", "dump_ruleset"),
    "edge_of": ("pontoon_rules.analysis.edge", "edge_of"),
    "export_vectors": ("pontoon_rules.conformance.vectors.export", "export"),
    "house_edge": ("pontoon_rules.analysis.edge", "house_edge"),
    "load_bundled": ("pontoon_rules.ruleset.loading.registry", "load_bundled"),
    "load_ruleset": ("pontoon_rules.ruleset.loading.loader", "load_ruleset"),
    "load_text": ("pontoon_rules.ruleset.loading.loader", "load_text"),
    "load_vectors": ("pontoon_rules.conformance.vectors.export", "load_suite"),
    "parse_action": ("pontoon_rules.engine.round.actions", "parse_action"),
    "parse_card": ("pontoon_rules.engine.round.cards", "parse_card"),
    "parse_cards": ("pontoon_rules.engine.round.cards", "parse_cards"),
    "play_script": ("pontoon_rules.engine.scripts.script", "play"),
    "render_chart": ("pontoon_rules.analysis.present.chart", "render"),
    "rule_costs": ("pontoon_rules.analysis.present.costs", "rule_costs"),
    "ruleset_schema": ("pontoon_rules.ruleset.format.schema", "ruleset_schema"),
    "run_script": ("pontoon_rules.engine.scripts.script", "run_script"),
    "simulate": ("pontoon_rules.sim.runs.simulate", "simulate"),
    "strategy_chart": ("pontoon_rules.analysis.present.chart", "strategy_chart"),
    "vector_id": ("pontoon_rules.conformance.vectors.model", "vector_id"),
}
"""Each public name: the module that defines it and its name there."""

__all__ = [
    "Action",
    "AnalysisError",
    "BANKER",
    "CHANCE",
    "Chart",
    "Comparison",
    "CostTable",
    "EdgeResult",
    "FieldDiff",
    "IllegalActionError",
    "LegalAction",
    "OutputError",
    "PontoonError",
    "Problem",
    "RoundResult",
    "RoundState",
    "Rules",
    "Ruleset",
    "RulesetError",
    "ScriptError",
    "ScriptRun",
    "Session",
    "ShoeError",
    "SimulationResult",
    "TERMINAL",
    "UnsupportedFeatureError",
    "bundled_ids",
    "card_code",
    "check_vectors",
    "compare_rulesets",
    "compile_rules",
    "diff_rulesets",
    "dump_ruleset",
    "edge_of",
    "export_vectors",
    "house_edge",
    "load_bundled",
    "load_ruleset",
    "load_text",
    "load_vectors",
    "parse_action",
    "parse_card",
    "parse_cards",
    "play_script",
    "render_chart",
    "rule_costs",
    "ruleset_schema",
    "run_script",
    "simulate",
    "strategy_chart",
    "vector_id",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module when first asked for."""
    found = _EXPORTS.get(name)
    if found is None:
        raise AttributeError(f"module 'pontoon_rules' has no attribute {name!r}")
    value = getattr(import_module(found[0]), found[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
