"""The oracle's words-only fields (issue 45, `tests/oracle_words.py`): each changed alone
leaves every figure the same to the byte and changes its words, else the check says which
figure moved or that nothing changed. Here on `edge` alone (the full check, every command
of `FIGURES` on both bases, is `benchmarks/oracle_coverage.py --words`)."""

from __future__ import annotations

from typing import Any

import oracle_words
import pytest
from oracle import DISAGREES
from oracle_words import (
    NOTHING,
    WORDS,
    WORDS_ONLY,
    WordsField,
    base_of,
    figures,
    words_verdict,
)


@pytest.fixture
def edge_only(monkeypatch: pytest.MonkeyPatch) -> Any:
    """`figures` of `edge` alone: a second, where `costs` takes ten."""
    monkeypatch.setattr(oracle_words, "FIGURES", (("edge", "--json"),))
    return base_of("tiny-pagat")


def _verdict(base: Any, field: str) -> tuple[str, str]:
    found = words_verdict(base, field, figures(base))
    assert found is not None
    return found


def test_who_cuts_changes_the_words_and_no_figure(edge_only: Any) -> None:
    verdict, detail = _verdict(edge_only, "between_deals.cut")
    assert verdict == WORDS, detail
    assert "cuts" in detail


def test_a_field_that_moves_a_figure_is_no_words_only_field(
        edge_only: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check fails a field said to change words only whose change moves a figure."""
    monkeypatch.setitem(WORDS_ONLY, "between_deals.cut",
                        WordsField("two packs", lambda r: ("pack.decks", 2, "en")))
    verdict, detail = _verdict(edge_only, "between_deals.cut")
    assert verdict == DISAGREES and "edge --json" in detail, detail


def test_a_field_that_changes_nothing_is_a_defect(
        edge_only: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change that moves no figure and no word (here the base's own value) is
    "CHANGES NOTHING", never a pass."""
    monkeypatch.setitem(WORDS_ONLY, "between_deals.cut",
                        WordsField("the same", lambda r: ("between_deals.cut",
                                                          r.between_deals.cut.value, "en")))
    verdict, detail = _verdict(edge_only, "between_deals.cut")
    assert verdict == NOTHING, detail


def test_one_on_one_staking_is_checked_only_where_the_words_say_it() -> None:
    """`table.stakes_before_first_deal` is said only at a one-on-one table with a rotating
    banker (`docs.words.conditions`): no verdict on a house dealer's table (tiny-up-card)."""
    assert words_verdict(base_of("tiny-up-card"), "table.stakes_before_first_deal",
                         {}) is None
