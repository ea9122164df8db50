"""Issue 49, what readers r49zy and r49zz found after the morning's fixes: each finding as it
reads on the printed sheets, checked against the ruleset's fields and the engine."""

from __future__ import annotations

import pytest
from sheet_text import sheet

from pontoon_rules.ruleset.loading.registry import load_bundled

SPLIT_CLAUSE = "once only for one holding it on several split hands"


@pytest.mark.parametrize("ruleset_id", ["spanish-21", "australian-pontoon"])
def test_a_prize_to_the_others_speaks_of_split_hands_only_where_it_is_held_on_one(
        ruleset_id: str) -> None:
    """Spanish 21's Super Bonus is "not on a split hand", yet its sheet said the $50 was paid
    "once only for a player holding it on several split hands" (r49zz); Australian Pontoon's
    is held on split hands too, and the engine pays the others once a seat
    (`test_docs_reader49an::test_the_envy_bonus_is_paid_once_a_seat_bust_or_not`)."""
    r = load_bundled(ruleset_id)
    prizes = [d for _h, d in r.hands.ranked() if d.prize_to_others is not None]
    on_split = [d.on_split_hand and r.player.split.allowed for d in prizes]
    assert prizes and len(set(on_split)) == 1  # every tier alike in the bundled games
    text = sheet(ruleset_id, "en")
    assert text.count(SPLIT_CLAUSE) == (len(prizes) if on_split[0] else 0)
    assert text.count("Each is paid it once for each player holding it, bust hands too") == len(
        prizes)


def test_spanish_21_says_its_super_bonus_is_not_on_a_split_hand_and_pays_once_plainly() -> None:
    en, ru = sheet("spanish-21", "en"), sheet("spanish-21", "ru")
    assert "not on a split hand" in en
    assert "bust hands too: twice when two hold it in one deal" in en and SPLIT_CLAUSE not in en
    assert ru.count("Каждому — по разу за каждого игрока с этой рукой, даже при переборе: "
                    "дважды") == 2  # two holders in one deal (g6)
    assert "таких рук после сплита" not in ru


def test_siebzehn_de_says_who_plays_the_new_banker_when_the_bank_passes_mid_round() -> None:
    """«wer fehlt» read as whoever is absent (r49zy): whoever is still to come."""
    de = sheet("siebzehn-und-vier", "de")
    assert "wer noch drankommt, spielt gegen den Neuen" in de
    assert "wer fehlt" not in de


@pytest.mark.parametrize("ruleset_id", ["australian-pontoon", "casino-filipino-pontoon",
                                        "spanish-21", "belarus-ponton"])
def test_a_russian_hand_sentence_says_this_hand_not_she(ruleset_id: str) -> None:
    """«Понтун … У дилера она забирает» (r50c, r49zw): «она» reads back to a feminine noun,
    while the hand may be «понтун»; the sentence serves every named hand, so it says
    «эта комбинация»."""
    ru = sheet(ruleset_id, "ru")
    assert "она забирает" not in ru


def test_a_russian_sheet_says_which_names_the_dealer_can_hold_not_how_cards_count() -> None:
    """«карты дилера засчитываются только как понтун» read as the dealer's cards always
    counting as pontoon (r50c): «у дилера бывает только понтун»."""
    ru = sheet("casino-filipino-pontoon", "ru")
    assert "Из этих комбинаций у дилера бывает только понтун" in ru
    assert "засчитываются только как" not in ru


SCRIPTS = {"ru": r"[\u0400-\u04FF]", "hy": r"[\u0530-\u058F]", "pa": r"[\u0A00-\u0A7F]",
           "ur": r"[\u0600-\u06FF]"}


def test_no_catalog_holds_a_guess_in_another_languages_script() -> None:
    """`catalog update` once copied one language's translation into the others as a fuzzy
    guess (f49b fixed it: babel shares the template's entries): vi and ur held Russian,
    pa/ur/hy a guess that read a bank rule the other way round. No entry, fuzzy or not, is
    written in another language's script."""
    import re
    from pathlib import Path

    from babel.messages.pofile import read_po

    import pontoon_rules.docs

    locale = Path(pontoon_rules.docs.__file__).parent / "locale"
    found = []
    for path in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        lang = path.parts[-3].split("@")[0]
        with path.open("rb") as handle:
            for m in read_po(handle):
                text = m.string if isinstance(m.string, str) else " ".join(m.string)
                if m.id and any(other != lang and len(re.findall(pattern, text)) > 5
                                for other, pattern in SCRIPTS.items()):
                    found.append((path.parts[-3], str(m.id)[:50]))
    assert not found
