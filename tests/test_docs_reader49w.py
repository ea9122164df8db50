"""Issue 49 (fresh readers r49i, r49j): each game in its players' words on the Russian and
blackjack sheets. Blackjack's reference sheet calls its natural "blackjack" (the ruleset's
hand name, as Spanish 21's is, a name that changes no rule: the rules digest and the
conformance vector ids stay as they were) and speaks casino blackjack's words in English
(the dealer who hits and stands, a push: `locale/en/LC_MESSAGES/blackjack.po`, written over
Sydney's casino's words); its sources are spelt out in words, not "S17, DAS, RSP4". The
Russian sheets' surrender, even money, hand names and counts read as Russian, and the payout
table's key says how a refused hand counts only where a hand is refused to one side."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sheet_text import sheet

from pontoon_rules.docs.words.i18n import sheet_languages, translations, words_of
from pontoon_rules.docs.words.ranking_sides import one_side_only
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def test_the_blackjack_sheet_names_its_natural_blackjack_in_every_language() -> None:
    english, russian = sheet("blackjack-reference", "en"), sheet("blackjack-reference", "ru")
    assert "Blackjack: exactly 2 cards making 21" in english
    assert "| 1. blackjack | A♠ K♥ |" in english and "Blackjack beats 17" in english
    assert "pontoon" not in english.lower()
    assert "Блэкджек: ровно 2 карты с суммой 21" in russian
    assert "| 1. блэкджек |" in russian and "понтун" not in russian.lower()


def test_the_blackjack_sheet_speaks_blackjack_players_english() -> None:
    """Stick/Twist, "banker" beside the summary's "dealer", "stand-off", "the house's bank"
    at home: a blackjack player stands, hits and pushes against the dealer."""
    text = sheet("blackjack-reference", "en")
    for word in ("banker", "stick", "twist", "stand-off", "the house.s bank"):
        assert not re.search(rf"\b{word}", text, re.IGNORECASE), word
    for words in ("Stand: take no more cards", "Hit: take another card", "## The dealer's turn",
                  "it is a push", "at home each stake is cut to what the bank still has free",
                  "hits 7♠"):
        assert words in text, words


def test_the_blackjack_sheets_sources_are_words_not_jargon() -> None:
    english, russian = sheet("blackjack-reference", "en"), sheet("blackjack-reference", "ru")
    for jargon in ("S17", "DAS", "RSP4", "peek,"):
        assert jargon not in english, jargon
    assert "the dealer stands on soft 17 and peeks" in english
    assert "double after split, resplit to 4 hands, no surrender" in english
    assert "без сдачи" not in russian and "до 4 рук, сдаваться нельзя)" in russian


def test_a_hands_name_changes_neither_the_rules_digest_nor_the_vector_ids(tmp_path: Path) -> None:
    """The blackjack reference's hand names are words, not rules: without them the rules
    digest and the exported conformance vectors' ids are the same."""
    from pontoon_rules.conformance.vectors.export import export, load_suite
    from pontoon_rules.conformance.vectors.model import rules_digest
    from pontoon_rules.conformance.vectors.reference import ruleset_json
    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.ruleset.loading.registry import bundled_path

    bundled = bundled_path("blackjack-reference")
    assert bundled is not None
    text = bundled.read_text(encoding="utf-8")
    named = '      name: blackjack\n      names: {ru: "блэкджек"}\n'
    assert named in text
    (tmp_path / "named.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "plain.yaml").write_text(text.replace(named, ""), encoding="utf-8")
    ids, digests = {}, {}
    for key in ("named", "plain"):
        path = tmp_path / f"{key}.yaml"
        digests[key] = rules_digest(ruleset_json(load_ruleset(path)))
        export([str(path)], tmp_path / key)
        ids[key] = sorted(data["id"] for _, data in load_suite(tmp_path / key))
    assert digests["named"] == digests["plain"]
    assert len(ids["named"]) > 10 and ids["named"] == ids["plain"]
    assert load_ruleset(tmp_path / "named.yaml").hands.definitions["pontoon"].name == "blackjack"


ONE_SIDED = ("—: never. A bust never wins; and where one side may not hold a named hand, the "
             "same cards in that side's hand just count their total.")


@pytest.mark.parametrize(("ruleset_id", "lang"), [
    (i, lang) for i in bundled_ids() for lang in sheet_languages(load_bundled(i))])
def test_the_tables_key_says_how_a_refused_hand_counts_only_where_one_is(ruleset_id: str,
                                                                      lang: str) -> None:
    """«а если игроку или банкиру такая комбинация не засчитывается…» on xi-dach, sette,
    siebzehn and ban-luck, where both sides hold every hand, referred to nothing: the key
    says it only where a named hand is refused to one side (`hands.one_side_only`)."""
    ruleset = load_bundled(ruleset_id)
    gettext = translations(words_of(ruleset, lang)).gettext
    text = sheet(ruleset_id, lang)
    one_sided = bool(one_side_only(ruleset))
    assert (gettext(ONE_SIDED) in text) == one_sided
    plain = any(gettext(key) in text for key in (  # a face-down bust: its own key (g6)
        "—: never. A bust never wins.",
        "—: never. A bust never wins; it loses even to the banker's bust."))
    assert plain != one_sided


def test_the_tables_key_of_a_game_with_no_refused_hand() -> None:
    assert "такая комбинация не засчитывается" not in sheet("xi-dach", "ru")
    assert "—: никогда. Перебор не выигрывает." in sheet("sette-e-mezzo", "ru")
    assert "such" not in sheet("ban-luck", "en").split("Dealer pays")[-1].split("\n\n")[0]
    assert "такая комбинация не засчитывается" in sheet("spanish-21", "ru")


@pytest.mark.parametrize("ruleset_id", ["australian-pontoon", "spanish-21",
                                        "blackjack-reference"])
def test_surrender_has_one_name_and_the_deal_keeps_its_own(ruleset_id: str) -> None:
    """«сдача» is the deal: «поздняя сдача», «без сдачи», «сдать руку», «отменяет сдачу»
    read as the deal; surrender is «сдаться», its noun «право сдаться» (not «капитуляция»,
    not «отказ»: r49m), the late one the players' «поздний сюррендер» (r49zf: «позднее право
    сдаться» is nobody's), and even money has one name, «равные деньги» (not «ивен мани»)."""
    text = sheet(ruleset_id, "ru")
    for word in ("капитуляц", "поздняя сдача", "позднее право сдаться", "без сдачи",
                 "сдать руку", "отменяет сдачу", "ивен мани", "отказывается от руки"):
        assert word not in text.lower(), word
    if ruleset_id != "blackjack-reference":
        assert "поздний сюррендер" in text and "Можно сдаться на первых двух картах" in text
        assert "сдаётся: " in text  # the worked example of a surrender
    else:
        assert "«Равные деньги»: с комбинацией «блэкджек» против туза дилера" in text


def test_the_russian_hand_names_and_counts_read_as_russian() -> None:
    australian, spanish = sheet("australian-pontoon", "ru"), sheet("spanish-21", "ru")
    for text in (australian, spanish):
        assert "собрана сразу" not in text and "сразу с раздачи" in text
        assert "21 из семи и более карт" in text and "любые 21 очко" not in text
        assert "любая рука игрока с 21 очком" in text
    assert "до 3 раза" not in spanish and "удваивать самое большее 3 раза на руку" in spanish
    sette = sheet("sette-e-mezzo", "ru")
    assert "дикая" not in sette and "К♦ — джокер («матта»), здесь он стоит" in sette
    siebzehn = sheet("siebzehn-und-vier", "ru")
    assert "прирождённое" not in siebzehn and "21 с двух карт (туз и десятка)" in siebzehn


@pytest.mark.parametrize(("ruleset_id", "names"), [
    ("ban-luck", "«бан-бан» или «бан-лак»"), ("xi-dach", "«си банг» или «си зать»")])
def test_two_names_of_a_bankers_natural_are_quoted_each(ruleset_id: str, names: str) -> None:
    """«комбинация «бан-бан или бан-лак»» read as one hand called "ban-ban or ban-luck"."""
    text = sheet(ruleset_id, "ru")
    assert f"Если у банкира комбинация {names}, он" in text
    assert names.replace("» или «", " или ") not in text and "“" not in text
    english = sheet(ruleset_id, "en")
    assert "«" not in english and " or " in english


def test_a_call_off_names_the_hands_the_sheet_defines() -> None:
    """«ничего не выплачивается, даже за натуральную комбинацию»: Ban Luck's Russian sheet
    calls nothing «натуральная»; its naturals are defined as made «сразу с раздачи»."""
    text = sheet("ban-luck", "ru")
    assert "натуральн" not in text
    assert "даже за комбинацию, собранную сразу с раздачи, и карты сдаются заново" in text
    assert "Бан-бан: два туза, только сданные карты, сразу с раздачи." in text
