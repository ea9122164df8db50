"""Issue 49 (g49o): pagat's English sheet named only the machine translations as its sources.
pagat.com's English page, John McLeod's, read from copies other sites publish, is now a source
of its own (`pagat-en`): every sheet names it, and the fields its text speaks to quote its
English words; where it reads otherwise than the ruleset plays, the reading is open."""

from __future__ import annotations

import pytest

from pontoon_rules.docs.sheet.glossary import machine_translated
from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.ruleset.format.common import Status
from pontoon_rules.ruleset.loading.registry import load_bundled

PLANET_WINNER = (
    "The cards have values: ace is worth 1 or 11 at the holder's choice, kings, queens, jacks "
    "and tens are worth ten, and the remaining cards are worth their pip value. "
    "If there are two or more such players, the one nearest to the dealer's left takes over "
    "the bank. The banker may add more cards to the initial two by dealing them face up one "
    "at a time. Players who have a better hand than the dealer are paid an amount equal to "
    "their shoot bets out of the kitty, and players whose hands are equal to or worse than the "
    "dealer's have their shoot bets added to the kitty. This page is maintained by John "
    "McLeod ( ). If the banker and a player have equal valued hands, then the banker wins. "
    "If your total is still less than 21 you may buy a fourth card; this time you may add to "
    "your stake any amount between your initial stake and the amount you added previously. "
    "A minimum and maximum for initial bets must be agreed before the start of the game, and "
    "each player may bet any amount within these limits, but must bet at least the minimum.")
"""Sentences of http://planet-winner.eu/rules-of-blackjack-card-game-pdf/ (in its order)."""

ROULETTE_STRATEGY = (
    "Pontoon can be played by any number of players from two upwards - it works well with 5 to "
    "8 players - using a standard 52 card pack. For a large number of players, say 8 or more, "
    "two 52 packs can be mixed together. One player is designated as the banker. The banker "
    "has an advantage, so the first banker is chosen at random (whoever cuts the highest "
    "card). The best hand of all is a Pontoon, which is 21 points in two cards - this can only "
    "consist of ace plus a picture card or ten. Next best after a Pontoon is a Five Card "
    "Trick, which is a hand of five cards totaling 21 or less. A hand of three or four cards "
    "worth 21 points beats everything else except a Pontoon or Five Card Trick. Hands with 20 "
    "or fewer points and fewer than five cards rank in order of their point value - the nearer "
    "to 21 the better. Hands with more than 21 points are bust and are worthless.")
"""Sentences of https://roulette-strategy10.net/CardGameRules/21-card-rules."""

RADIOFASMA = (
    "The banker deals one card face down to each player, starting with the player to dealer's "
    "left, going round the table and ending with the dealer. All the players except the banker "
    "may look at their card. Now starting again with the player to dealer's left and going "
    "around clockwise, the players other than the banker place their initial bets in front of "
    "them. The dealer now deals a second card face down to each player, and all the players "
    "look at their two cards. If the banker has a Pontoon this is immediately exposed, and the "
    "banker collects double the amount staked from each of the players. If at any time buying "
    "or twisting a card causes the total value of your hand to be more than 21 you are bust ; "
    "you must immediately throw in your hand face up, and the banker takes your stake and adds "
    "your cards to the bottom of the pack. You can begin by buying one or more cards and "
    "continue by twisting, but once you have asked for a card to be twisted you can no longer "
    "buy cards")
"""Sentences of http://a-radiofasma.tk/400/pontoon-poker-1799.php (pagat's, among others)."""

COPIES = (PLANET_WINNER, ROULETTE_STRATEGY, RADIOFASMA)

SAID_IN_ENGLISH = ("settlement.ties", "stakes.later_buy_cap", "stakes.buy_after_twist",
                   "banker.mode", "faces.banker_draws", "between_deals.rotation_tie_break",
                   "hands.ranking", "hands.definitions.pontoon",
                   "hands.definitions.five-card-trick", "deal.banker_pontoon_at_once",
                   "stakes.min_stake", "table.first_banker", "shoot.pays")
"""Fields whose English sentence the copies hold: each cites pagat-en."""


def sheet(lang: str) -> str:
    """pagat-british's printed sheet in `lang` (its markdown, escapes dropped)."""
    ruleset = load_bundled("pagat-british")
    return sheet_markdown(ruleset, lang, find_base(ruleset)).replace("\\", "")


def sources_line(lang: str) -> str:
    """The sheet's last line, which names its sources ('Sources: …')."""
    return [line for line in sheet(lang).splitlines() if line.strip()][-1]


def test_the_english_sheet_names_pagats_english_page_before_the_translations() -> None:
    line = sources_line("en")
    assert line.startswith("Sources: John McLeod's Pontoon page on pagat.com, in English, as "
                           "reproduced at planet-winner.eu and other sites; ")
    assert line.endswith("; Machine translations into Armenian, Punjabi and Urdu of a rules page "
                         "that cites pagat.com.")  # g49ak: said once, plainly


@pytest.mark.parametrize(("lang", "title"), [
    ("ru", "Источники: Английская страница Джона Маклауда о понтуне на сайте «Пагат»"),
    ("hy", "Ջոն Մաքլաուդի՝ պոնտոնի մասին անգլերեն էջը «Պագատ» կայքում"),
    ("pa", "ਪਾਗਟ ਵੈੱਬਸਾਈਟ ਉੱਤੇ ਜੌਨ ਮੈਕਲਾਉਡ ਦਾ ਪੋਂਟੂਨ ਬਾਰੇ ਅੰਗਰੇਜ਼ੀ ਪੰਨਾ"),
    ("ur", "پاگٹ ویب سائٹ پر جان میکلاؤڈ کا پونٹون کے بارے میں انگریزی صفحہ")])
def test_every_sheet_names_it_in_its_own_language(lang: str, title: str) -> None:
    assert title in sources_line(lang)


def test_the_source_is_pagats_english_page_written_by_people() -> None:
    ruleset = load_bundled("pagat-british")
    source = ruleset.sources["pagat-en"]
    assert source.language == "en" and not source.machine_translation_of
    assert source.reference.startswith("https://www.pagat.com/banking/pontoon.html; ")
    assert "planet-winner.eu" in source.reference and "John McLeod" in source.note
    assert not machine_translated(ruleset, "en")  # its words may be quoted as the game's


def test_each_english_quote_is_word_for_word_in_a_copy() -> None:
    ruleset = load_bundled("pagat-british")
    cited = {path: p for path, p in ruleset.provenance.items() if p.source == "pagat-en"}
    assert set(SAID_IN_ENGLISH) <= set(cited)
    for path, prov in cited.items():
        assert prov.quote, path
        for part in prov.quote.split(" ... "):
            assert any(part in copy for copy in COPIES), (path, part)


def test_the_english_page_settles_who_takes_the_bank_of_several_pontoons() -> None:
    prov = load_bundled("pagat-british").provenance["between_deals.rotation_tie_break"]
    assert prov.status is Status.STATED and not prov.open
    assert "nearest to the dealer's left" in prov.quote


@pytest.mark.parametrize(("path", "value"), [("table.min_players", 4),
                                             ("table.max_players", 7)])
def test_where_the_english_reads_otherwise_the_reading_is_open(path: str, value: int) -> None:
    ruleset = load_bundled("pagat-british")
    prov = ruleset.provenance[path]
    assert prov.source == "pagat-en" and prov.open and prov.status is Status.OUR_READING
    assert "from two upwards" in prov.quote and "5-8 խաղացող" in prov.note  # both quoted
    assert getattr(ruleset.table, path.split(".")[1]) == value  # the play is unchanged
    players = next(line for line in sheet("en").splitlines() if "4 to 7 players" in line)
    assert players.endswith("†")


@pytest.mark.parametrize("path", ["player.stick_minimum", "stakes.first_buy_max",
                                  "player.split", "between_deals.shuffle"])
def test_fields_the_english_copies_do_not_reach_keep_the_translations(path: str) -> None:
    assert load_bundled("pagat-british").provenance[path].source == "pagat-hy"
