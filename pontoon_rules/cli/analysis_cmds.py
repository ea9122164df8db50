"""CLI commands `edge`, `strategy` and `costs`: thin layers over analysis (`simulate` is in
`simulate_cmds`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from pontoon_rules.cli.agreed import agree_option
from pontoon_rules.cli.output import echo
from pontoon_rules.errors import RulesetError

DECKS = click.Choice(["infinite", "finite"])


def _json(value: Any, **options: Any) -> str:
    """`value` as the `--json` output prints it (indented by two). `json` is imported
    here, not with the module: `edge` without `--json` never needs it (a millisecond or
    two of its start)."""
    import json

    return json.dumps(value, indent=2, **options)


def _policy_names() -> list[str]:
    from pontoon_rules.analysis.dealer import BANKER_POLICIES

    return list(BANKER_POLICIES)


def _banker_option(f: Any) -> Any:
    return click.option("--banker-policy", "policy", default=None,
                        help="Named banker policy for a banker who draws by choice "
                             "(stand-15 … stand-19, stand-15-hit-soft … stand-19-hit-soft).")(f)


def _rules(ref: str, agreements: tuple[str, ...] = ()) -> Any:
    from pontoon_rules.engine.round.rules import compile_rules

    return compile_rules(_ruleset(ref, agreements))


def _ruleset(ref: str, agreements: tuple[str, ...]) -> Any:
    """The ruleset with what the table agreed; the defaults it used are said in the
    output (`_agreed_note`)."""
    from pontoon_rules.cli.agreed import settle
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    return settle(load_ruleset(ref), agreements)


def _agreed_note(ref: str, agreements: tuple[str, ...]) -> list[str]:
    from pontoon_rules.cli.agreed import notes
    from pontoon_rules.ruleset.loading.loader import load_ruleset

    return [f"  {line}" for line in notes(load_ruleset(ref), agreements, analysis=True)]


def _analysis(call: Any, label: str | Callable[[], str] = "analysing",
              quiet: bool = False) -> Any:
    """Run an analysis call, turning its errors into the project's invalid-input error.

    Unless `quiet` (something else shows progress), a call running over a second says
    so on stderr (`progress.still_running`).
    """
    from contextlib import nullcontext

    from pontoon_rules.analysis.dealer import AnalysisError
    from pontoon_rules.cli.progress import still_running
    from pontoon_rules.errors import Problem

    try:
        with nullcontext() if quiet else still_running(label):
            return call()
    except AnalysisError as e:
        raise RulesetError([Problem("analysis", None, None, "", str(e))]) from e


@click.command("edge")
@click.argument("ruleset")
@click.option("--deck", type=DECKS, default=None,
              help="finite: the ruleset's own shoe, every card the player sees removed "
                   "(exact, composition-dependent; the default unless pack.decks is "
                   "infinite); infinite: cards dealt with replacement.")
@_banker_option
@click.option("--all-banker-policies", "all_policies", is_flag=True,
              help="A banker by choice: the edge against every named banker policy, and "
                   "the banker's best fixed policy.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@agree_option
def edge_cmd(ruleset: str, deck: str | None, policy: str | None, all_policies: bool,
             as_json: bool, agreements: tuple[str, ...]) -> None:
    """The exact house edge of RULESET for one seat under best play."""
    from pontoon_rules.analysis.edge import house_edge

    rules = _rules(ruleset, agreements)
    if all_policies:
        from pontoon_rules.analysis.present.bankerpolicies import banker_policy_table

        table = _analysis(lambda: banker_policy_table(rules, deck),  # type: ignore[arg-type]
                          f"banker policies of {ruleset}")
        echo(_json(table.to_json()) if as_json else "\n".join(table.lines()))
        return
    result = _analysis(lambda: _banded(house_edge(rules, deck, policy),  # type: ignore[arg-type]
                                       rules, deck, policy, agreements),
                       f"edge of {ruleset}")
    if as_json:
        echo(_json(result.to_json()))
        return
    from pontoon_rules.analysis.edge import edge_lines

    echo("\n".join([*edge_lines(result, _ruleset(ruleset, agreements).stakes.money),
                     *_agreed_note(ruleset, agreements)]))


def _banded(result: Any, rules: Any, deck: str | None, policy: str | None,
            agreements: tuple[str, ...]) -> Any:
    """`result` with the edge of each band of stakes where named hands hold by the stake
    (`present.bands.with_bands`), unless the table agreed its least stake (`--agree
    stakes.min_stake=...`: the one figure of that stake)."""
    from pontoon_rules.analysis.present.bands import with_bands
    from pontoon_rules.cli.agreed import _given

    if "stakes.min_stake" in _given(agreements):
        return result
    return with_bands(result, rules, deck, policy)  # type: ignore[arg-type]


@click.command("strategy")
@click.argument("ruleset")
@click.option("--format", "fmt", type=click.Choice(["text", "md", "json"]), default="text",
              show_default=True)
@click.option("--deck", type=DECKS, default=None,
              help="finite (the ruleset's own shoe, the default) or infinite.")
@click.option("--departures", is_flag=True,
              help="List the composition-dependent departures from the chart.")
@_banker_option
@agree_option
def strategy_cmd(ruleset: str, fmt: str, deck: str | None, departures: bool,
                 policy: str | None, agreements: tuple[str, ...]) -> None:
    """The best-strategy chart of RULESET (total-dependent), with the number of
    composition-dependent departures and what playing the chart costs."""
    from pontoon_rules.analysis.present.chart import render, strategy_chart

    rules = _rules(ruleset, agreements)
    chart = _analysis(lambda: strategy_chart(rules, policy, deck=deck),  # type: ignore[arg-type]
                      f"strategy of {ruleset}")
    echo(render(chart, fmt, departures, _ruleset(ruleset, agreements).stakes.money))


@click.command("costs")
@click.argument("ruleset")
@click.option("--deck", type=DECKS, default=None,
              help="finite (the ruleset's own shoe, the default) or infinite.")
@_banker_option
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Processes solving the variants (default: every core this process may "
                   "use); the table is the same whatever the number.")
@click.option("--realistic", is_flag=True,
              help="Only the changes a table would make: the values the other bundled games "
                   "give each rule, the sources' other readings, the published tables' rule "
                   "sets; largest effect first, in words.")
@agree_option
def costs_cmd(ruleset: str, deck: str | None, policy: str | None, as_json: bool,
              workers: int | None, realistic: bool, agreements: tuple[str, ...]) -> None:
    """The change in house edge from changing each rule of RULESET alone."""
    from pontoon_rules.analysis.present.costs import rule_costs
    from pontoon_rules.analysis.upcards import stake_words

    loaded = _ruleset(ruleset, agreements)
    if workers is None:
        from pontoon_rules.native import cores

        workers = cores()
    if realistic:
        _realistic(loaded, deck, policy, as_json, workers)
        return
    table = _analysis(lambda: rule_costs(loaded, deck, policy,  # type: ignore[arg-type]
                                         workers=workers),
                      f"costs of {ruleset}")
    if as_json:
        echo(_json(table.to_json(), default=str))
        return
    echo(f"{table.ruleset}: base house edge {table.base_edge:.4f}%"
         f"{stake_words(table.valued_stake, loaded.stakes.money)} (deck: "
         f"{table.deck_description}; "
         f"banker: {_banker_name(loaded, policy)}; "
         f"method: {table.method})")
    for row in table.rows:
        change = "invalid" if row.change is None else f"{row.change:+.4f}"
        echo(f"  {row.path:<44} {str(row.old):>14} -> {str(row.new):<16} {change:>9}"
                   + (f"  {row.note}" if row.note and row.change is None else ""))
    echo("not varied:")
    for path, reason in table.skipped.items():
        echo(f"  {path}: {reason}")


def _realistic(loaded: Any, deck: str | None, policy: str | None, as_json: bool,
               workers: int) -> None:
    """`costs --realistic`: the realistic variations, largest effect first, in words."""
    from pontoon_rules.analysis.present.realistic import realistic_variations
    from pontoon_rules.analysis.upcards import stake_words, valued_stake
    from pontoon_rules.docs.words.costview import POINTS, realistic_view
    from pontoon_rules.engine.round.rules import compile_rules

    table = _analysis(lambda: realistic_variations(loaded, deck, policy,  # type: ignore[arg-type]
                                                   workers=workers),
                      f"costs of {loaded.id}")
    if as_json:
        echo(_json(table.to_json(), default=str))
        return
    echo(f"{table.ruleset}: house edge {table.base_edge:.4f}%"
         f"{stake_words(valued_stake(compile_rules(loaded)), loaded.stakes.money)} "
         f"(deck: {table.deck_description}; banker: {_banker_name(loaded, policy)}; "
         f"method: {table.method})")
    echo(POINTS)
    for row in realistic_view(loaded, table, str):
        figure = (f"{row.change:+.4f} points, edge {row.edge:.4f}%" if row.change is not None
                  else row.note)
        echo(f"  {row.words}\n      {figure}; {row.origin}")


def _banker_name(ruleset: Any, policy: str | None) -> str:
    """The banker policy a figure of `ruleset` plays against (`--banker-policy` or the
    ruleset's own), by name."""
    from pontoon_rules.analysis.dealer import banker_policy
    from pontoon_rules.engine.round.rules import compile_rules

    rules = compile_rules(ruleset)
    return banker_policy(rules, policy if rules.banker_by_choice else None).name


ANALYSIS_COMMANDS = (edge_cmd, strategy_cmd, costs_cmd)
