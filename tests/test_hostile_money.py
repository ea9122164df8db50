"""Hostile trial, third round (issue 46), item 3: money that never wraps.

Every term of a fraction of the stake is bounded in the model as odds' terms are
(`ruleset.format.common.TERM_MAX`), every amount as a sane number of digits
(`ruleset.format.common.AMOUNT_MAX`); the compiled simulator's int64 check counts every product
its kernels form (a hand's stake times the surrender's numerator, a side bet's most times
the stake), and a refusal names the field that grows the money most.
"""

from __future__ import annotations

import random
import types
import typing
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from pontoon_rules.cli import cli
from pontoon_rules.cli.errors import run_with_errors
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.format.common import AMOUNT_MAX, TERM_MAX
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled
from pontoon_rules.sim.kernels.compiled import full_shoe
from pontoon_rules.sim.kernels.money import (
    FLOAT_EXACT,
    INT64_MAX,
    MoneyOverflowError,
    Run,
    check_limits,
    check_money,
    largest_part,
    largest_stake,
)
from pontoon_rules.sim.kernels.strategy import strategy
from pontoon_rules.sim.runs.reference import engine_policy
from pontoon_rules.sim.runs.rounds import RoundOutcome, RoundRunner

LARGE = [4611686018427387903, 4611686018427387904]
"""The hostile tester's terms: a surrender of nearly the whole stake, wrapping in int64."""

BEYOND = [10**20 + 1, 10**20 + 2]
"""Terms beyond int64 that no fraction reduces."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_with_errors(cli, list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "OverflowError" not in err
    return code, out, err


def overlay(tmp_path: Path, base: str, body: str) -> Path:
    path = tmp_path / "money.yaml"
    path.write_text(f"id: money\nname: Money\nextends: {base}\n{body}", encoding="utf-8")
    return path


def changed(ruleset_id: str, **sections: dict[str, Any]) -> Rules:
    """A bundled ruleset without a maximum stake or a bank that is an amount, with
    `sections` merged in (one level of dotted keys: `player={"surrender.returns": ...}`)."""
    data = load_bundled(ruleset_id).model_dump(mode="python")
    data["stakes"]["max_stake"] = None
    data["table"]["bank"].update(amount=None, va_bank=False, passes_when_broken=False)
    for section, values in sections.items():
        for dotted, value in values.items():
            *parents, name = dotted.split(".")
            node = data[section]
            for parent in parents:
                node = node[parent]
            node[name] = value
    return compile_rules(Ruleset.model_validate(data))


# --- every fraction of the stake is bounded as odds are ---------------------------------


def _int_pair(annotation: Any) -> tuple[Any, Any] | None:
    """The two terms of a `tuple[int-like, int-like]` annotation, else None."""
    if typing.get_origin(annotation) is not tuple:
        return None
    args = typing.get_args(annotation)
    if len(args) != 2 or Ellipsis in args:
        return None
    bare = [typing.get_args(a)[0] if typing.get_origin(a) is typing.Annotated else a
            for a in args]
    return (args[0], args[1]) if bare == [int, int] else None


def _inner(annotation: Any) -> list[Any]:
    """The annotations inside unions, optionals, tuples and dicts."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType, tuple, dict, list):
        return [a for a in typing.get_args(annotation) if a is not Ellipsis]
    if origin is typing.Annotated:
        return [typing.get_args(annotation)[0]]
    return []


def fraction_fields() -> dict[str, tuple[Any, Any]]:
    """Every field of the ruleset's models typed as a pair of integers, by dotted path."""
    found: dict[str, tuple[Any, Any]] = {}

    def walk(model: type[BaseModel], prefix: str, seen: frozenset[type]) -> None:
        for name, info in model.model_fields.items():
            pending = [info.annotation]
            while pending:
                annotation = pending.pop()
                if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                    if annotation not in seen:
                        walk(annotation, f"{prefix}{name}.", seen | {annotation})
                elif (pair := _int_pair(annotation)) is not None:
                    found[f"{prefix}{name}"] = pair
                else:
                    pending.extend(_inner(annotation))

    walk(Ruleset, "", frozenset({Ruleset}))
    return found


def _bounds(term: Any) -> tuple[Any, Any]:
    low = high = None
    pending = list(typing.get_args(term)[1:])
    while pending:
        meta = pending.pop()
        pending.extend(getattr(meta, "metadata", None) or ())  # a Field's own constraints
        low = getattr(meta, "ge", low)
        high = getattr(meta, "le", high)
    return low, high


def test_every_fraction_of_the_stake_has_both_terms_bounded_as_odds_are() -> None:
    fields = fraction_fields()
    assert {"player.surrender.returns", "player.insurance.max_fraction",
            "side_bets.max_fraction"} <= set(fields)
    for path, terms in fields.items():
        if path == "pack.ace_values":
            continue  # points, not a fraction: 1 to 11 by its own check
        for term in terms:
            low, high = _bounds(term)
            assert low == 0 and high == TERM_MAX == 999, (path, low, high)


def test_every_integer_of_the_schema_has_an_upper_bound() -> None:
    """No integer a ruleset holds is unbounded in its schema (those a check of their own
    bounds are named: card points 1 to 11, doubling totals 2 to 21)."""
    schema = Ruleset.model_json_schema()
    definitions = schema.get("$defs", {})
    unbounded: list[str] = []

    def walk(node: Any, path: str, seen: frozenset[str]) -> None:
        if not isinstance(node, dict):
            return
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name not in seen:
                walk(definitions[name], path, seen | {name})
            return
        if node.get("type") == "integer" and "enum" not in node:
            if node.get("maximum", AMOUNT_MAX + 1) > AMOUNT_MAX:
                unbounded.append(path)
        for key, value in node.items():
            if key == "properties":
                for name, child in value.items():
                    walk(child, f"{path}.{name}", seen)
            elif key in ("items", "additionalProperties"):
                walk(value, f"{path}[]", seen)
            elif key in ("anyOf", "oneOf", "allOf", "prefixItems"):
                for child in value:
                    walk(child, path, seen)

    walk(schema, "", frozenset())
    assert unbounded == [".pack.values[]", ".player.double.totals[]"]


@pytest.mark.parametrize(("base", "body", "field"), [
    ("spanish-21", f"player:\n  surrender:\n    returns: {LARGE}\n",
     "player.surrender.returns"),
    ("pagat-british", f"side_bets:\n  max_fraction: {LARGE}\n  pair:\n    allowed: true\n",
     "side_bets.max_fraction"),
    ("pagat-british", f"player:\n  insurance:\n    max_fraction: {LARGE}\n",
     "player.insurance.max_fraction"),
    ("spanish-21", f"player:\n  surrender:\n    returns: {BEYOND}\n",
     "player.surrender.returns"),
    ("pagat-british", f"side_bets:\n  max_fraction: {BEYOND}\n", "side_bets.max_fraction"),
])
def test_large_fraction_terms_are_refused_by_validation_naming_the_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], base: str, body: str,
        field: str) -> None:
    path = overlay(tmp_path, base, body)
    code, out, err = run(capsys, "simulate", str(path), "--rounds", "1000", "--seed", "1")
    assert (code, out) == (2, "")
    lines = err.splitlines()
    assert lines[-1] == "2 problems found"
    for index, line in enumerate(lines[:2]):
        assert line.startswith(f"{path}:")
        assert f": {field}[{index}]: expected a number <= 999, got " in line


def test_a_stake_of_thousands_of_digits_is_a_problem_of_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = overlay(tmp_path, "pagat-british",
                   f"stakes:\n  min_stake: {'9' * 4000}\n  max_stake: null\n")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 2
    lines = (out + err).splitlines()
    assert lines[1:] == ["1 problem found"]  # one problem, not one a branch of the field
    assert lines[0].startswith(f"{path}:5:14: stakes.min_stake: expected a number <= "
                               "999999999999999, got 99999") and len(lines[0]) < 200


def test_the_sheet_prints_the_largest_stakes_on_its_own_pages(tmp_path: Path) -> None:
    """The largest stakes take no more room than ordinary ones: the sheet keeps the pages of
    the bundled sheet (one or two, `sheets.page_budget` and its examples), every number whole."""
    from pontoon_rules.docs.sheet.sheets import _laid_out_pdf, render_sheet, sheet_markdown
    from tests.test_docs_sheets import pdf_text

    bundled = load_bundled("pagat-british")
    data = bundled.model_dump(mode="python")
    data["stakes"].update(min_stake=AMOUNT_MAX - 1, max_stake=AMOUNT_MAX)
    ruleset = Ruleset.model_validate(data)
    assert ("at least 999999999999998 and at most 999999999999999 chips."
            in sheet_markdown(ruleset))
    (tmp_path / "largest").mkdir(), (tmp_path / "ordinary").mkdir()
    # laid out as `sheet_pdf` lays it out, but not stored: its cache entry's name is the
    # bundled sheet's (`cached_pdf`: one entry per id and language), which it would evict
    # for the next test or page that reads it (another second's layout a run)
    pages, text = pdf_text(_laid_out_pdf(ruleset, "en", None), tmp_path / "largest")
    ordinary, _text = pdf_text(render_sheet(bundled, "pdf", "en"), tmp_path / "ordinary")
    assert pages == ordinary <= 2
    assert "1999999999999996" in text.replace("\n", "")  # a doubled stake printed whole


# --- every product the kernels form is counted ------------------------------------------


def engine_round(rules: Rules, policy: Any, cards: list[int], stakes: list[int]
                 ) -> RoundOutcome:
    state = RoundState(rules, stakes)
    deal = iter(cards)
    while not state.is_terminal():
        state.apply_action(next(deal) if state.is_chance_node() else policy(state))
    result = state.result()
    return RoundOutcome([s.net for s in result.seats], result.banker_net, result.kitty_change)


def agree_at_the_largest_stake(rules: Rules, seats: int, rounds: int = 200) -> int:
    """Play `rounds` shuffled rounds at the largest stake the check accepts on the compiled
    simulator and the engine (Python integers): equal to the unit. Returns the stake."""
    top = largest_stake(rules, Run(1, seats))
    strat = strategy(rules, "best")
    runner = RoundRunner(rules, strat, seats)
    policy = engine_policy(rules, strat)
    rng = random.Random(46)
    shoe = [int(c) for c in full_shoe(rules)]
    for _ in range(rounds):
        rng.shuffle(shoe)
        stakes = [top] * seats
        assert runner.play_shoe(shoe, stakes) == engine_round(rules, policy, shoe, stakes), \
            shoe[:12]
    return top


def test_a_surrender_of_nearly_the_whole_stake_never_wraps() -> None:
    rules = changed("spanish-21", player={"surrender.returns": (998, 999)})
    top = agree_at_the_largest_stake(rules, 2)
    assert top * 998 < INT64_MAX  # the surrender's product fits
    assert largest_part(rules).field == "player.surrender.returns"


def test_a_side_bet_of_nearly_the_whole_stake_never_wraps() -> None:
    rules = changed("pagat-british", side_bets={
        "max_fraction": (998, 999), "pair.allowed": True, "pair.pays": "60:1"})
    assert strategy(rules, "best").side.tolist()[0] == 1  # the bet is taken
    top = agree_at_the_largest_stake(rules, 2)
    assert top * 998 < INT64_MAX  # the side bet's most, before its division


# --- a refusal names the field ----------------------------------------------------------


@pytest.mark.parametrize(("base", "sections", "field"), [
    ("spanish-21", {"player": {"surrender.returns": (998, 999)}}, "player.surrender.returns"),
    ("pagat-british", {"player": {"insurance.max_fraction": (999, 999),
                                  "insurance.pays": "999:1"}}, "player.insurance.pays"),
    ("pagat-british", {"side_bets": {"max_fraction": (999, 1), "pair.allowed": True,
                                     "pair.pays": "1:1"}},
     "side_bets.max_fraction"),
])
def test_a_stake_past_the_integers_names_the_field_that_grows_it(
        base: str, sections: dict[str, dict[str, Any]], field: str) -> None:
    rules = changed(base, **sections)
    assert largest_part(rules).field == field
    with pytest.raises(MoneyOverflowError) as caught:
        check_money(rules, Run(10**17, 1))
    message = str(caught.value)
    assert message.startswith(f"{base}: a stake of {10**17:,} is too large for the compiled "
                              "simulator: a round could move more than it counts exactly")
    assert f"most of it through {field} (" in message and "\n" not in message
    assert "the largest stake it takes here is " in message


def test_a_smallest_stake_past_the_integers_names_the_field_that_grows_it() -> None:
    data = changed("spanish-21", player={"surrender.returns": (998, 999)}).ruleset.model_dump(
        mode="python")
    data["stakes"]["min_stake"] = AMOUNT_MAX
    with pytest.raises(MoneyOverflowError) as caught:
        check_limits(compile_rules(Ruleset.model_validate(data)))
    message = str(caught.value)
    assert message.startswith(f"spanish-21: stakes.min_stake {AMOUNT_MAX:,} is too large")
    assert "most of it through player.surrender.returns (31,936 times the stake a seat)" \
        in message and message.endswith("; use --path engine")


def test_the_command_line_refusal_is_one_line_naming_the_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = overlay(tmp_path, "spanish-21", f"stakes:\n  min_stake: {AMOUNT_MAX}\n"
                   "  max_stake: null\nplayer:\n  surrender:\n    returns: [998, 999]\n")
    code, out, err = run(capsys, "simulate", str(path), "--rounds", "1000", "--seed", "1",
                         "--compiled")
    assert (code, out) == (2, "")
    last = err.splitlines()[-1]  # after a line saying the kernel is set up, where it is slow
    assert last.startswith(f"error: money: stakes.min_stake {AMOUNT_MAX:,} is too large for "
                           "the compiled simulator")
    assert "most of it through player.surrender.returns (" in last


def test_a_session_stake_past_the_integers_names_the_field(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "session", "pagat-british", "--deals", "100", "--summary",
                         "--stake", str(10**17), "--seed", "3")
    assert (code, out) == (2, "") and err.startswith("error: pagat-british: a stake of ")
    assert "could move more than it counts exactly" in err and "most of it through " in err


@pytest.mark.parametrize("value", [str(10**20), str(AMOUNT_MAX + 1)])
def test_an_agreed_stake_past_the_bound_is_refused_for_that_reason(
        capsys: pytest.CaptureFixture[str], value: str) -> None:
    code, out, err = run(capsys, "session", "pagat-british", "--deals", "1",
                         "--agree", f"stakes.min_stake={value}")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1].startswith("Error: Invalid value for --agree: stakes.min_stake=")
    assert "is out of range: an agreed amount is at most 999999999999999" in err


def test_with_no_path_a_stake_past_the_integers_plays_on_the_engine(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Where the compiled simulator refuses for its money bound, `simulate` with no path
    asked for plays through the engine (at the ruleset's least stake), its method line
    naming the field that sent it there, as for the registry's refusals (issue 45). Ten
    rounds: the least stake alone is past the bound, whatever the rounds, and each round
    on the engine asks the shoe's best play (about a tenth of a CPU second a round)."""
    path = overlay(tmp_path, "spanish-21", f"stakes:\n  min_stake: {AMOUNT_MAX}\n"
                   "  max_stake: null\nplayer:\n  surrender:\n    returns: [998, 999]\n")
    code, out, err = run(capsys, "simulate", str(path), "--rounds", "10", "--seed", "1")
    assert code == 0, err
    assert "simulated house edge" in out.splitlines()[0]
    assert ("method: reference engine, round by round (the compiled simulator does not play "
            "stakes.min_stake)") in out
    assert "engine path" in out and "a least stake past its 64-bit money (most of it " \
        "through player.surrender.returns" in out
    code, out, err = run(capsys, "simulate", str(path), "--rounds", "10", "--engine")
    assert code == 0, err


def test_prizes_past_the_bound_at_any_stake_are_refused_naming_the_prize(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A fixed prize is money whatever the stake: where the prizes alone pass the bound,
    the refusal names the prize's field (it named player.double.times_per_hand and 'the
    largest stake it takes here is 0')."""
    path = overlay(tmp_path, "spanish-21", "hands:\n  definitions:\n    super-bonus-5:\n"
                   f"      prize_to_others: {AMOUNT_MAX}\n")
    code, out, err = run(capsys, "session", str(path), "--summary", "--policy", "stand-17",
                         "--players", "3", "--deals", "100")
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert err.startswith("error: money: the compiled simulator cannot play this at "
                          "any stake: 100 deals could move more than it counts exactly")
    assert (f"most of it through hands.definitions.super-bonus-5.prize_to_others "
            f"({AMOUNT_MAX:,} a seat for each of 2 others holding the hand)") in err
    data = load_bundled("spanish-21").model_dump(mode="python")
    data["hands"]["definitions"]["super-bonus-25"]["prize"] = AMOUNT_MAX
    rules = compile_rules(Ruleset.model_validate(data))
    with pytest.raises(MoneyOverflowError, match=r"through hands\.definitions\.super-bonus-25"
                       r"\.prize \(999,999,999,999,999 a winning hand\)"):
        check_money(rules, Run(100, 1, 1000), "1,000 deals", FLOAT_EXACT)
