"""Every output that prints a figure valued at a stake says the stake (issue 45): a ruleset's
own site page leads with its edge, and `simulate` says the stake it played at, each with the
named hands a band of stakes leaves out there, as `edge`'s note (`upcards.band_note`) says
them. Bundled Spanish 21's edge is valued at a cent, below both Super Bonus bands."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from pontoon_rules.analysis.upcards import band_note, valued_stake
from pontoon_rules.docs.website.pages import ruleset_page
from pontoon_rules.docs.words import figures, i18n
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

LEFT_OUT = ("left out at it (Super Bonus ($25 or more): stakes of $25 or more; "
            "Super Bonus ($5 to $24.99): stakes of $5 to $24.99)")
"""In the ruleset's money (`stakes.money`: dollars in cents), as the hands' names say it."""


def _row(ruleset: Ruleset) -> dict[str, Any]:
    """A summary row as the site reads it (`present.summary.ruleset_summary`), its stake the
    analysis's own (`valued_stake`), its figure any (the words are what is tested)."""
    return {"ruleset": ruleset.id, "house_edge": 0.5,
            "edge": {"deck": "finite", "method": "composition",
                     "valued_at_stake": valued_stake(compile_rules(ruleset))}}


def _edge_method(ruleset: Ruleset, lang: str) -> str:
    """The page's sentence under its lead edge, as a reader sees it."""
    page = ruleset_page(ruleset, lang, {ruleset.id: _row(ruleset)})
    found = re.search(r'<p class="pr-edge-method"[^>]*>(.*?) <a ', page)
    assert found, "the page leads with no edge"
    return html.unescape(found.group(1))


def test_the_spanish_21_page_says_the_stake_and_the_hands_left_out_as_edge_does() -> None:
    ruleset = load_bundled("spanish-21")
    said = _edge_method(ruleset, "en")
    note = band_note(compile_rules(ruleset))
    assert note is not None and note.endswith(LEFT_OUT)
    assert said.endswith(f"; {note}.")  # edge's own words
    assert "valued at a stake of $0.01, the least" in said


def test_the_spanish_21_page_in_russian_says_them_in_russian() -> None:
    said = _edge_method(load_bundled("spanish-21"), "ru")
    assert "оценено при ставке 0,01\xa0$, наименьшей" in said
    assert ("при ней не учтены (супербонус (ставки от 25\xa0$): ставки от 25\xa0$; "
            "супербонус (ставки от 5\xa0$ до 24,99\xa0$): ставки от 5\xa0$ до 24,99\xa0$)"
            ) in said
    assert "stake" not in said  # no English left


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_page_whose_hands_do_not_depend_on_the_stake_is_unchanged(lang: str) -> None:
    """pagat-british has no hand held by the stake: its sentence is the method alone."""
    ruleset = load_bundled("pagat-british")
    gettext = i18n.translations(lang).gettext
    method = figures.method_words(_row(ruleset), ruleset, gettext)
    lead = gettext("Of each original stake, for a player who plays best; %(method)s.")
    assert _edge_method(ruleset, lang) == lead % {"method": method}


def test_simulate_names_the_hands_left_out_at_the_stake_it_played_at(
        capsys: pytest.CaptureFixture[str]) -> None:
    from pontoon_rules.cli import cli
    from pontoon_rules.cli.errors import run_with_errors

    assert run_with_errors(cli, ["simulate", "spanish-21", "--rounds", "2000"]) == 0
    notes = [line for line in capsys.readouterr().out.splitlines()
             if line.startswith("  note: played at a stake of")]
    assert len(notes) == 1 and notes[0].endswith(f"(edge values it at $0.01); {LEFT_OUT}")


def test_the_envy_bonus_note_says_its_prize_in_the_rulesets_money() -> None:
    """`edge` and `simulate` say the prize paid to the other seats as the hands' names do
    ("$50 to each", not the cents "5000 to each")."""
    from pontoon_rules.analysis.upcards import envy_note

    note = envy_note(compile_rules(load_bundled("spanish-21")))
    assert note is not None and "Super Bonus ($25 or more): $50 to each" in note, note
