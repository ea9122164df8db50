"""The rule-cost view (`docs.words.costview.cost_view`): a page that shows the first few levers
says them as the full cost page does, and only the levers shown are put in words."""

from __future__ import annotations

from typing import Any

import pytest

from pontoon_rules.docs.words import costview
from pontoon_rules.docs.words.costview import cost_view
from pontoon_rules.docs.words.i18n import recording, translations
from pontoon_rules.ruleset.loading.registry import load_bundled

CHANGES = [  # (field, from, to, change in points): pagat-british's own cost rows
    ("pack.decks", 1, 2, -1.982), ("deal.banker_cards_visible", 0, 1, -1.863),
    ("stakes.first_buy_max", 2, 1, 5.973), ("stakes.buy_after_twist", False, True, -3.223),
    ("player.draw_on_21", False, True, -3.108), ("banker.max_cards", 5, 6, -0.736),
    ("hands.definitions.pontoon.collects", "2:1", "3:2", -2.413),
    ("deal.banker_cards_visible", 0, -1, None),  # the schema refuses it
    ("deal.player_cards", 2, 1, -10.4),  # another game: mechanical
    ("player.split.buy_after_split", True, False, 0.0001),  # too small to show
]


def rows() -> list[dict[str, Any]]:
    return [{"field": f, "from": old, "to": new, "change": change,
             "house_edge": None if change is None else 0.66 + change}
            for f, old, new, change in CHANGES]


@pytest.fixture(autouse=True)
def empty_memo() -> None:
    costview._SAID.clear()


def test_a_short_view_is_the_full_views_first_levers_in_the_same_words() -> None:
    british = load_bundled("pagat-british")
    gettext = translations("en").gettext
    short = cost_view(british, rows(), gettext, "en", 3)
    costview._SAID.clear()
    full = cost_view(british, rows(), gettext, "en")
    assert [lever.change for lever in full["levers"]] == [5.973, -3.223, -3.108, -2.413,
                                                          -1.982, -1.863, -0.736]
    assert short["levers"] == full["levers"][:3]
    assert short["total"] == full["total"] == 7
    assert short["left_out"] == full["left_out"] == {"invalid": 1, "mechanical": 1, "none": 1}
    assert all(lever.sentence for lever in full["levers"])
    # read again from the memo: the same view
    assert cost_view(british, rows(), gettext, "en") == full


def test_only_the_levers_shown_are_put_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    real = costview.sentences_of

    def counting(ruleset: Any, path: str, lang: str = "en", name: str | None = None
                 ) -> list[str]:
        said.append(path)
        return real(ruleset, path, lang, name)

    monkeypatch.setattr(costview, "sentences_of", counting)
    british = load_bundled("pagat-british")
    cost_view(british, rows(), translations("en").gettext, "en", 2)
    assert sorted(set(said)) == ["stakes.buy_after_twist", "stakes.first_buy_max"]


def test_a_recording_render_sees_every_message_even_from_the_memo() -> None:
    """A sheet checked for untranslated words (`i18n.recording`) must see the messages the
    levers' words look up, though the memo holds them from an earlier render."""
    british = load_bundled("pagat-british")
    gettext = translations("ru").gettext
    with recording() as first:
        cost_view(british, rows(), gettext, "ru", 3)
    cost_view(british, rows(), gettext, "ru", 3)
    with recording() as again:
        cost_view(british, rows(), gettext, "ru", 3)
    assert first and again == first


def test_a_change_says_only_the_clauses_that_differ_not_those_it_shares_between_them() -> None:
    """A payout's words: 'Pays 2:1. As the banker's hand it collects 1:1. A winning hand is
    paid the odds of its hand (2:1 on 100 is 200); every losing hand pays the banker 1:1.'
    The realistic row said the shared middle clause on both sides, and ended a cut clause at
    its semicolon."""
    from pontoon_rules.docs.words.costview import differing_clauses

    shared = "As the banker's hand it collects 1:1."
    tail = "every losing hand pays the banker 1:1."
    paid = "A winning hand is paid the odds of its hand"
    one = f"Pays 2:1. {shared} {paid} (2:1 on 100 is 200); {tail}"
    two = f"Pays 3:2. {shared} {paid} (3:2 on 100 is 150); {tail}"
    assert differing_clauses(one, two) == (
        "Pays 2:1. A winning hand is paid the odds of its hand (2:1 on 100 is 200).",
        "Pays 3:2. A winning hand is paid the odds of its hand (3:2 on 100 is 150).")
    assert differing_clauses(one, one) == ("", "")
    assert differing_clauses("A. b; c; d.", "A. x; y; d.") == ("B; c.", "X; y.")
    assert differing_clauses("A; b; c; d.", "A; x; c; y.") == ("B. D.", "X. Y.")


def test_a_realistic_table_dumps_its_ruleset_once_not_once_a_row(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each row's variant is named by the ruleset's hash and made from its dump: both are
    the table's, worked out once (a site build draws 3,400 rows)."""
    from pontoon_rules.analysis.present.realistic import Change, RealisticTable, Variation
    from pontoon_rules.ruleset.format.model import Ruleset

    british = load_bundled("pagat-british")
    rows = [Variation("open", (Change(f, old, new),), (), 0.66 + change, change)
            for f, old, new, change in CHANGES[:7]]
    table = RealisticTable(british.id, 0.66, "", "", rows)
    dumps: list[str] = []
    dump = Ruleset.model_dump

    def counted(self: Ruleset, *args: Any, **kwargs: Any) -> Any:
        if self is british:
            dumps.append(self.id)
        return dump(self, *args, **kwargs)

    monkeypatch.setattr(Ruleset, "model_dump", counted)
    said = costview.realistic_view(british, table, translations("en").gettext)
    assert len(said) == 7 and said[0].after and dumps == ["pagat-british"]


def test_a_variant_said_once_is_not_dumped_to_be_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each lever's variant is said once (`_said`'s memo); the settlement's sentences it
    keeps are named by the variant's own name, not by its whole dump (3,400 variants on a
    site build: 6% of its pre-build's CPU went to those dumps)."""
    from pontoon_rules.docs.words import sentences
    from pontoon_rules.ruleset.format.model import Ruleset

    british = load_bundled("pagat-british")
    sentences._SETTLED.clear()
    dumped: list[str] = []
    dump = Ruleset.model_dump_json

    def counted(self: Ruleset, *args: Any, **kwargs: Any) -> Any:
        if self is not british:
            dumped.append(self.id)
        return dump(self, *args, **kwargs)

    monkeypatch.setattr(Ruleset, "model_dump_json", counted)
    view = cost_view(british, rows(), translations("en").gettext, "en")
    assert len(view["levers"]) == 7 and not dumped
    assert any("|" in key for key in sentences._SETTLED)  # the variants' settlements kept
