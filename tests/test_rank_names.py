"""`pack.rank_names`: a pack's own names and letters of its ranks (Sette e mezzo's
Neapolitan pack has the cavallo, not the French donna), words only: the sheets' pack
sentence, card key, payout table and worked examples say them; play is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.canonical import behaviour_form

SM = "sette-e-mezzo"


@pytest.mark.parametrize(("lang", "said", "key"), [
    ("it", "asso 1, fante ½, cavallo ½, re ½", "C cavallo"),
    ("ru", "всадник — ½", "Вс — всадник"),
    ("en", "jack ½, knight (cavallo) ½, king ½", None),
])
def test_the_sette_e_mezzo_sheet_names_the_cavallo(lang: str, said: str, key: str | None
                                                   ) -> None:
    """«asso 1, fante ½, donna ½, re ½» and «D donna» beside denari and coppe."""
    page = sheet_markdown(load_bundled(SM), lang)
    assert said in page
    if key is not None:
        assert key in page
    assert "donna" not in page and "queen" not in page and "дама" not in page


def test_the_cavallo_is_printed_with_its_own_letter_in_italian() -> None:
    page = sheet_markdown(load_bundled(SM), "it")
    cards = page[page.index("| --- |"):]
    assert "C♥" in cards and "D♥" not in cards and "D♠" not in cards


def test_rank_names_are_words_only_and_leave_the_vector_ids_alone() -> None:
    ruleset = load_bundled(SM)
    bare = ruleset.model_copy(update={"pack": ruleset.pack.model_copy(
        update={"rank_names": {}})})
    assert ruleset.pack.rank_names and behaviour_form(ruleset) == behaviour_form(bare)
    assert [i for i in bundled_ids() if load_bundled(i).pack.rank_names] == [SM]


def test_a_rank_name_for_a_rank_the_pack_lacks_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("id: g\nname: G\nkind: house\nextends: sette-e-mezzo\npack:\n"
                    "  rank_names:\n    T: {name: ten}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"rank_names: \['T'\] are not ranks of the pack"):
        load_ruleset(path)


@pytest.mark.parametrize("field", ["names", "letters"])
def test_a_rank_name_in_a_language_no_sheet_has_is_refused(tmp_path: Path, field: str) -> None:
    """A name or letter under a language code no sheet is written in (a typo, 'itt') was
    accepted and never shown, as a suit's name was: refused the same way."""
    path = tmp_path / "g.yaml"
    path.write_text("id: g\nname: G\nkind: house\nextends: sette-e-mezzo\npack:\n"
                    f"  rank_names:\n    Q: {{name: knight, {field}: {{itt: C}}}}\n",
                    encoding="utf-8")
    with pytest.raises(RulesetError, match=rf"rank_names\.Q\.{field}: names in 'itt' would "
                       "never be shown"):
        load_ruleset(path)


def test_a_named_hands_name_in_a_language_no_sheet_has_is_refused(tmp_path: Path) -> None:
    """A named hand's name under a language code no sheet is written in (a typo, 'itt') was
    accepted and never shown, as a rank's name was: refused the same way, at its path."""
    path = tmp_path / "g.yaml"
    path.write_text("id: g\nname: G\nkind: house\nextends: pagat-british\nhands:\n"
                    "  definitions:\n    pontoon:\n      names: {itt: pontone}\n",
                    encoding="utf-8")
    with pytest.raises(RulesetError, match=r"hands\.definitions\.pontoon\.names: names in "
                       "'itt' would never be shown"):
        load_ruleset(path)


@pytest.mark.parametrize("hand", ["name: %s", "names: {ru: %s}"])
def test_a_named_hands_name_is_bounded_as_a_rulesets_is(tmp_path: Path, hand: str) -> None:
    """A named hand's name took any length (a ruleset's name is at most 80 characters)."""
    path = tmp_path / "g.yaml"
    for length, refused in ((80, False), (81, True)):
        path.write_text("id: g\nname: G\nkind: house\nextends: pagat-british\nhands:\n"
                        f"  definitions:\n    pontoon:\n      {hand % ('W' * length)}\n",
                        encoding="utf-8")
        if not refused:
            load_ruleset(path)
            continue
        with pytest.raises(RulesetError, match=r"hands\.definitions\.pontoon\.names?(\.ru)?: "
                           r"expected at most 80 characters"):
            load_ruleset(path)


def test_words_no_sheet_would_show_are_refused_at_their_path(tmp_path: Path) -> None:
    """A provenance note's translation under a language code no sheet is written in, and a
    translated title of a source the ruleset does not have, were accepted and never shown."""
    path = tmp_path / "g.yaml"
    path.write_text("id: g\nname: G\nkind: house\nextends: pagat-british\nprovenance:\n"
                    "  player.stick_minimum:\n    source: pagat-hy\n    status: our-reading\n"
                    "    note: x\n    translations: {itt: y}\ntranslations:\n  ru:\n"
                    "    name: Г\n    sources: {nosuch: Y}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    text = str(caught.value)
    assert "provenance['player.stick_minimum'].translations: notes in 'itt' would never " \
           "be shown" in text
    assert "translations.ru.sources names unknown sources ['nosuch']" in text
