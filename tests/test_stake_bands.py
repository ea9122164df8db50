"""The house edge band by band of stakes (issue 48): where a named hand is held at some
stakes only, `edge` (text and JSON), the site's headline and the workbench give the edge of
each band at its least stake (`analysis.present.bands`), held to the engine's own settlement
at that stake; australian-pontoon names its money (dollars in cents), as spanish-21 does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from oracle import AGREES, _exact_infinite

from pontoon_rules.analysis.edge import EdgeResult, edge_lines, house_edge
from pontoon_rules.analysis.present.bands import StakeBand, at_stake, band_edges, stake_bands
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

TINY = Path(__file__).parent / "rulesets" / "tiny-up-card.yaml"
"""A Super Bonus paid 100 to 999 against a 7, a 6-7-8 paid a prize from 1000; least 100."""


def _stakes(r: Ruleset, **fields: Any) -> Ruleset:
    return r.model_copy(update={"stakes": r.stakes.model_copy(update=fields)})


@pytest.fixture(scope="module")
def tiny() -> Ruleset:
    return load_ruleset(TINY)


def test_the_bands_are_cut_where_a_hands_band_begins_or_ends(tiny: Ruleset) -> None:
    assert stake_bands(compile_rules(tiny)) == (StakeBand(100, 999), StakeBand(1000, None))
    low = compile_rules(_stakes(tiny, min_stake=50, max_stake=5000))
    assert stake_bands(low) == (StakeBand(50, 99), StakeBand(100, 999), StakeBand(1000, 5000))
    # within one band, or no hand held by the stake: one figure, no bands
    assert stake_bands(compile_rules(_stakes(tiny, max_stake=999))) == ()
    assert stake_bands(compile_rules(load_bundled("pagat-british"))) == ()


def test_each_bands_edge_is_the_engines_settlement_at_its_least_stake(tiny: Ruleset) -> None:
    """Each band's figure is the exact infinite-deck value at its least stake, which the
    engine's own `RoundState`, driven through every card sequence with that play, settles
    to the last digit (`tests/oracle.py`); the bands differ (the 6-7-8's prize from 1000)."""
    rules = compile_rules(_stakes(tiny, min_stake=50))
    bands = band_edges(rules, "infinite")
    assert [b["valued_at_stake"] for b in bands] == [50, 100, 1000]
    for band in bands:
        verdict, value = _exact_infinite(at_stake(rules, band["min_stake"]))
        assert verdict.verdict == AGREES, verdict
        assert value is not None
        assert band["house_edge_percent"] == pytest.approx(-100 * value, abs=1e-9)
    assert len({round(b["house_edge_percent"], 9) for b in bands}) == 3


def test_edge_prints_each_band_and_extends_its_json(tiny: Ruleset,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """`edge` leads with the least stake's figure, then each band's; its JSON keeps every
    key it had and adds `stake_bands`; `--agree stakes.min_stake=...` picks one figure."""
    from pontoon_rules.cli import cli
    from pontoon_rules.cli.errors import run_with_errors

    assert run_with_errors(cli, ["edge", str(TINY), "--deck", "infinite"]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = band_edges(compile_rules(tiny), "infinite")
    assert lines[1:4] == ["  by band of stakes, each valued at its least stake:",
                          f"    stakes of 100 to 999: {first[0]['house_edge_percent']:.4f}%",
                          f"    stakes of 1000 or more: {first[1]['house_edge_percent']:.4f}%"]
    assert run_with_errors(cli, ["edge", str(TINY), "--deck", "infinite", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    plain = house_edge(compile_rules(tiny), "infinite").to_json()
    assert set(plain) - {"stake_bands"} <= set(data) and data["valued_at_stake"] == 100
    assert [b["min_stake"] for b in data["stake_bands"]] == [100, 1000]
    assert data["stake_bands"][1]["house_edge_percent"] == pytest.approx(
        first[1]["house_edge_percent"], abs=1e-12)
    assert run_with_errors(cli, ["edge", str(TINY), "--deck", "infinite", "--json",
                                 "--agree", "stakes.min_stake=1000"]) == 0
    agreed = json.loads(capsys.readouterr().out)
    assert agreed["stake_bands"] == [] and agreed["valued_at_stake"] == 1000
    assert agreed["house_edge_percent"] == pytest.approx(first[1]["house_edge_percent"],
                                                         abs=1e-12)


def test_australian_pontoon_names_its_dollars_and_bands_them() -> None:
    """Its Sydney source prints the Super Bonus in dollars: amounts are cents, the bands
    say them as money ($0.01 to $4.99, where neither band of the bonus pays); Manila's
    game, written against it, names no money (pesos, not Sydney's dollars)."""
    aus = load_bundled("australian-pontoon")
    assert aus.stakes.money is not None and aus.stakes.money.symbol == "$"
    assert aus.stakes.money.minor_units == 100
    assert load_bundled("casino-filipino-pontoon").stakes.money is None
    rules = compile_rules(aus)
    assert stake_bands(rules) == (StakeBand(1, 499), StakeBand(500, 2499),
                                  StakeBand(2500, None))
    fake = EdgeResult(aus.id, "infinite", "p", "p", -0.005, 1.0, {}, 0.0,
                  stake_bands=[{"min_stake": 1, "max_stake": 499, "valued_at_stake": 1,
                                "house_edge_percent": 0.5},
                               {"min_stake": 500, "max_stake": 2499, "valued_at_stake": 500,
                                "house_edge_percent": 0.4}],
                  valued_stake=1)
    lines = edge_lines(fake, aus.stakes.money)
    assert lines[0].endswith("(valued at a stake of $0.01)")
    assert lines[2:4] == ["    stakes of $0.01 to $4.99: 0.5000%",
                          "    stakes of $5 to $24.99: 0.4000%"]


BANDS = [{"min_stake": 1, "max_stake": 499, "valued_at_stake": 1, "house_edge_percent": 0.3932},
         {"min_stake": 500, "max_stake": 2499, "valued_at_stake": 500,
          "house_edge_percent": 0.37458},
         {"min_stake": 2500, "max_stake": None, "valued_at_stake": 2500,
          "house_edge_percent": 0.37458}]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The house edge by band of stakes, each valued at its least stake: stakes of "
           "$0.01 to $4.99: 0.39%; stakes of $5 to $24.99: 0.37%; stakes of $25 or "
           "more: 0.37%."),
    ("ru", "Преимущество казино по диапазонам ставок, каждое при наименьшей ставке "
           "диапазона: ставки от 0,01\u00a0$ до 4,99\u00a0$: 0.39%"),
])
def test_the_site_headline_says_each_band_in_the_rulesets_money(lang: str, said: str) -> None:
    import html
    import re

    from pontoon_rules.docs.website.pages import ruleset_page

    spanish = load_bundled("spanish-21")
    row = {"ruleset": spanish.id, "house_edge": 0.3932,
           "edge": {"deck": "finite", "method": "composition", "valued_at_stake": 1,
                    "stake_bands": BANDS}}
    page = ruleset_page(spanish, lang, {spanish.id: row})
    found = re.search(r'<p class="pr-edge-bands">(.*?)</p>', page)
    assert found, "the page gives no band"
    assert html.unescape(found.group(1)).replace("\u202f", "\u00a0").startswith(said)
    edge = re.search(r'<strong class="pr-edge-value">(.*?)</strong>', page)
    assert edge and edge.group(1) == "0.39%", "the headline's edge at the bands' precision"
    bare = ruleset_page(load_bundled("pagat-british"), lang, {})
    assert "pr-edge-bands" not in bare


def test_the_workbench_panel_says_each_band_in_the_rulesets_money() -> None:
    from pontoon_rules.workbench.results import _edge

    spanish = load_bundled("spanish-21")
    edge = {"house_edge_percent": 0.3932, "house_edge_per_staked_percent": 0.3235,
            "deck_description": "finite shoe of 6 packs", "method": "composition-dependent",
            "banker_policy": "stand-17-hit-soft", "stake_bands": BANDS[1:]}
    shown = _edge(edge, None, None, spanish, "en")
    assert shown["bands"] == ("The house edge by band of stakes, each valued at its least "
                              "stake: stakes of $5 to $24.99: 0.3746%; stakes of $25 or "
                              "more: 0.3746%")
    assert _edge({**edge, "stake_bands": []}, None, None, spanish, "en")["bands"] is None


@pytest.mark.parametrize(("lang", "min_stake", "money", "prize"), [
    ("en", "$0.01", "$ (100 = $1)", "Pays a fixed $1,000 on a stake of $5 to $24.99."),
    ("ru", "0,01\u00a0$", "$ (100 = 1\u00a0$)",
     "Платит фиксированные 1\u00a0000\u00a0$ при ставке от 5\u00a0$ до 24,99\u00a0$."),
])
def test_the_workbench_comparison_says_amounts_as_money(lang: str, min_stake: str, money: str,
                                                        prize: str) -> None:
    """The comparison pane printed spanish-21's amounts as bare integers (its least stake
    '1', its money 'symbol: $, minor_units: 100'): each is now in the ruleset's money as the
    page's language writes it, as the site's rules pages say it; a chips game's (pagat,
    no money named) stay plain numbers ('agreed at the table (default: 1)')."""
    import html
    import re

    from pontoon_rules.docs.words.i18n import translations
    from pontoon_rules.workbench.service import Workbench

    rulesets = [load_bundled("spanish-21"), load_bundled("pagat-british")]
    view = {"id": "j", "status": "done", "final": True, "progress": None, "failures": [],
            "examples": None}
    page = Workbench._compare_html(None, {"rulesets": rulesets},  # type: ignore[arg-type]
                                   view, {"results": {}}, lang)

    def cells(path: str) -> list[str]:
        row = re.search(rf'<th scope="row" title="{re.escape(path)}">.*?</tr>', page, re.S)
        assert row, path
        return [html.unescape(re.sub(r"<[^>]+>", "", c)).replace("\u202f", "\u00a0")
                for c in re.findall(r"<td>(.*?)</td>", row.group(0), re.S)]

    agreed = translations(lang).gettext("agreed at the table (default: %(default)s)")
    # both agreed at the table (spanish-21's pages give no limits: g49c), each default
    # in its own game's money
    assert cells("stakes.min_stake") == [agreed % {"default": min_stake},
                                         agreed % {"default": "1"}]
    assert cells("stakes.money")[0] == money
    assert prize in cells("hands.definitions.super-bonus-5")[0]
    values = " ".join(re.findall(r"<td>(.*?)</td>", page, re.S))
    assert "500000" not in values and "100000" not in values and "2499" not in values
    # a hand one game does not define, in the page's language (the Russian pane said it in
    # English: "no such hand" was in no catalog)
    absent = {"en": "no such hand", "ru": "такой руки нет"}[lang]
    assert cells("hands.definitions.super-bonus-5")[1] == absent
