"""The `pontoon-rules` command line: a thin layer over the library.

Exit codes: 0 success; 1 a check failed (e.g. a conformance run); 2 invalid input
(a ruleset, a script, a card, an option); 3 a script that does not play out (an
illegal action, or actions that end before the round does).
"""

from __future__ import annotations

import sys

import click

from pontoon_rules.cli.analysis_cmds import costs_cmd, edge_cmd, simulate_cmd, strategy_cmd
from pontoon_rules.cli.compare_cmds import diff_cmd, examples_cmd
from pontoon_rules.cli.conformance_cmds import conformance_cmd
from pontoon_rules.cli.docs_cmds import docs_cmd, sheet_cmd
from pontoon_rules.cli.play_cmds import play_cmd
from pontoon_rules.cli.ruleset_cmds import list_cmd, schema_cmd, show_cmd, summary_cmd, validate_cmd
from pontoon_rules.cli.session_cmds import session_cmd
from pontoon_rules.cli.workbench_cmds import workbench_cmd


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pontoon-rules")
def cli() -> None:
    """Rulesets, engine and analysis for Pontoon and its relatives."""


for command in (list_cmd, validate_cmd, show_cmd, schema_cmd, summary_cmd, play_cmd,
                session_cmd, conformance_cmd, diff_cmd, examples_cmd, sheet_cmd, docs_cmd,
                edge_cmd, strategy_cmd, costs_cmd, simulate_cmd, workbench_cmd):
    cli.add_command(command)


def main() -> None:
    """Entry point: run the CLI, mapping the project's errors to messages and exit codes."""
    from pontoon_rules.cli.errors import run_with_errors

    sys.exit(run_with_errors(cli))
