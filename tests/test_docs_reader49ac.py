"""Fresh reader r49o's findings on never-read sheets (issue 49, g49ac): the cards an
example prints are the pack's own, in its own letters, and the card key says them; the
xi-dach summary agrees with its drawing rule; Shoot's bets and kitty said as the engine
plays them; the action words of sette e mezzo and Siebzehn und Vier."""

from __future__ import annotations

import re

import pytest
from sheet_text import sheet

from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.letters import rank_letter
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

SUITS = "♠♥♦♣"
CARD = re.compile(rf"([^\s\d{SUITS}]{{1,3}}|10|[2-9])([{SUITS}])")
"""A printed card: its rank's letters (or number) glued to a suit symbol."""
OPENERS = "«“\"(⁦"

SHEETS = [(rid, lang) for rid in bundled_ids() for lang in sheet_languages(load_bundled(rid))]


def _pack_letters(ruleset_id: str, lang: str) -> dict[str, str]:
    """What each card letter of the pack stands for in `lang`, letter -> rank, worked out
    from the ruleset's data: a renamed rank (`pack.rank_names`) by its own letter there, any
    other rank by the catalog's usual one; numbers as printed ('10' for T)."""
    pack = load_bundled(ruleset_id).pack
    gettext = translations(lang).gettext
    out = {}
    for rank in pack.ranks:
        own = pack.rank_names.get(rank)
        letter = own.letters.get(lang) if own else None
        out[letter or rank_letter(rank.value, gettext)] = rank.value
    return out


def _key_line(text: str) -> str | None:
    """The sheet's card key: the line outside lists and tables naming all four suits."""
    found = [line for line in text.splitlines()
             if all(s in line for s in SUITS) and not line.startswith(("|", "-", " "))]
    return found[0] if found else None


@pytest.mark.parametrize(("ruleset_id", "lang"), SHEETS)
def test_every_printed_card_is_the_packs_own_in_its_letters(ruleset_id: str,
                                                           lang: str) -> None:
    """r49o: the English sette e mezzo dealt 'Q♥' from a pack with no queen (its knight,
    printed with the queen's letter) and had no key. Every card a sheet prints (worked
    examples, the hands' table) is a rank of the ruleset's pack in that language's letters;
    a rank the pack names itself has a letter of its own there, and every letter used is
    in the sheet's key, which every sheet whose letters a 52-card reader cannot take for
    granted prints."""
    pack = load_bundled(ruleset_id).pack
    gettext = translations(lang).gettext
    for rank, own in pack.rank_names.items():
        assert lang in own.letters and own.letters[lang] != rank_letter(rank.value, gettext), (
            ruleset_id, lang, rank, "a renamed rank is printed with the usual rank's letter")
    text = sheet(ruleset_id, lang)
    letters = _pack_letters(ruleset_id, lang)
    used = {m.group(1).lstrip(OPENERS) for m in CARD.finditer(text)}
    assert used, (ruleset_id, lang, "no card printed")
    assert used <= set(letters), (ruleset_id, lang, sorted(used - set(letters)))
    key = _key_line(text)
    if lang == "en" and not (pack.rank_names or pack.suit_names):
        assert key is None and used <= {"A", "K", "Q", "J", "10", *"23456789"}
        return
    assert key is not None, (ruleset_id, lang, "no card key")
    named = key.split(SUITS[0])[0]
    for letter in used - {"10", *"23456789"}:
        assert re.search(rf"(^|[\s:,،.]){re.escape(letter)}(?!\w)", named), (
            ruleset_id, lang, letter, named)


STOP_WORDS = re.compile(r"\b(stops?|stands?|sticks?)\b")


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_a_summary_says_the_players_stopping_rule_as_the_rules_do(ruleset_id: str) -> None:
    """r49o: Xì dách's summary said 'a player stops from 16' where its rule is 'You may
    stand on 16 or more; below 16 you must draw' (`player.stick_minimum`). A summary clause
    on when a player stops names the ruleset's least total and says it as leave, not as an
    order ('may stop from 16', 'must reach 16 before they stop')."""
    r = load_bundled(ruleset_id)
    for clause in re.split(r"[.;,]", r.summary.replace("\n", " ")):
        number = re.search(r"\d+", clause)
        if not (re.search(r"\b(players?|both sides)\b", clause) and STOP_WORDS.search(clause)
                and number):
            continue
        assert int(number.group()) == r.player.stick_minimum, (ruleset_id, clause)
        assert "may" in clause or "must reach" in clause, (ruleset_id, clause)


@pytest.mark.parametrize("lang", ["en", "ru", "vi"])
def test_the_xi_dach_box_says_the_sheet_is_whole(lang: str) -> None:
    """r49o: 'this sheet gives it as it differs from Ban Luck' read as 'another sheet is
    needed'; the box says every rule is on this sheet."""
    box = " ".join(line for line in sheet("xi-dach", lang).splitlines() if line.startswith(">"))
    said = {"en": "this sheet gives every rule of it", "ru": "здесь записаны все её правила",
            "vi": "tờ luật này ghi đủ mọi luật của nó"}[lang]
    assert said in box
    assert "as it differs" not in box and "записаны её отличия" not in box


def test_the_xi_dach_special_hand_is_settled_in_a_sentence_of_its_own() -> None:
    """r49o: 'A hand the banker does not open, a special hand shown at once too, is
    settled …' read awkwardly; the special hand is its own clause."""
    text = sheet("xi-dach", "en")
    assert ("A hand the banker does not open is settled when the banker has finished "
            "playing, and so is a special hand that has been shown.") in text
    assert "a special hand shown at once too" not in text


def test_the_kitty_is_put_up_before_the_deal_in_the_examples() -> None:
    """r49o: 'Banker: puts up a kitty of 200, is dealt J♣ 5♣' came after the player's line,
    though the round starts with the kitty (`RoundState(kitty=…)`): an example with a kitty
    says it first, on a line of its own (put up in the first, on the table in the others:
    f49b, tests/test_docs_reader49gb)."""
    from pontoon_rules.docs.sheet.sheet_view import worked_examples

    told = [ex for ex in worked_examples(load_bundled("shoot-pontoon"), "en")
            if any("kitty of" in line for line in ex["lines"])]
    assert len(told) >= 2  # the first example, and each with a shoot bet
    for i, ex in enumerate(told):
        kitty = ex["script"]["kitty"]
        assert ex["lines"][0] == (f"Banker: puts up a kitty of {kitty}." if i == 0
                                  else f"Banker: has a kitty of {kitty} on the table.")
        assert not any("kitty of" in line for line in ex["lines"][1:])


SINGLE = {"pa": (" ਮਿਲਦਾ ਹੈ", " ਵੰਡੇ ਜਾਂਦੇ ਹਨ"), "ur": (" ملتا ہے", " بانٹے جاتے ہیں")}


@pytest.mark.parametrize("lang", sorted(SINGLE))
def test_one_card_dealt_takes_a_singular_verb(lang: str) -> None:
    """r49o: «ਖਿਡਾਰੀ 1: 5♠ ਵੰਡੇ ਜਾਂਦੇ ਹਨ» (are dealt) for one card; one card is «ਮਿਲਦਾ
    ਹੈ» / «ملتا ہے», several keep the plural."""
    singular, plural = SINGLE[lang]
    steps = [step.strip() for line in sheet("shoot-pontoon", lang).splitlines()
             for step in re.split(r"[,،:]", line) if any(s in step for s in SUITS)]
    counts = {verb: [sum(step.count(s) for s in SUITS) for step in steps if step.endswith(verb)]
              for verb in (singular, plural)}
    assert counts[singular] and set(counts[singular]) == {1}, counts
    assert counts[plural] and min(counts[plural]) >= 2, counts


def test_the_shoot_bets_least_and_cap_are_said_as_the_engine_plays_them() -> None:
    """r49o: the smallest shoot bet, and whether the cap is the kitty at the deal or as it
    grows, and who comes first, were missing. The engine offers `shoot 1..room`, the room
    the kitty now (a bust hand's shoot bet moved in at once) less the bets out, to the
    hands in the order of play (`engine.round.shoot`); the sheet says so."""
    from pontoon_rules.engine.round import shoot
    from pontoon_rules.engine.round.rules import compile_rules

    text = sheet("shoot-pontoon", "en")
    assert (f"A shoot bet is at least {shoot.LEAST_BET} chip. The kitty it must stay within "
            "is the kitty as it stands when the bet is made, and the bets are taken in the "
            "order of play") in text
    assert "A bust hand's shoot bet goes into the kitty at once: it then counts as part of " \
           "the kitty, no longer among the shoot bets." in text  # g49al: said once, apart
    kitty = shoot.Kitty(200)
    kitty.now, kitty.outstanding = 250, 120  # a bust bet of 50 went in; 120 still out
    assert shoot.room(kitty, compile_rules(load_bundled("shoot-pontoon"))) == 130


SHOOT_WORDS = {  # (said, not said) on the sheet, title first
    "ru": (["# Британский понтун со ставками против кассы",
            "Ставки против кассы: банкир закладывает кассу (котёл: не банк",
            "Ставка против кассы — не меньше 1 фишки"], ["из котла", "с котлом"]),
    "hy": (["# Շութ պոնտոն՝ բրիտանական պոնտոն «շութ» խաղադրույքներով կասսայի դեմ",
            "«Շութ» (անգլերեն բառ է, նշանակում է «կրակել», "
            "այստեղ՝ առանձին խաղադրույք կասսայի դեմ)"],
           ["կատվիկ", "կրակոց"]),  # «կրակոց», a gunshot (r49ae)
    "pa": (["ਸ਼ੂਟ ਦਾਅ ਘੱਟੋ-ਘੱਟ 1 ਚਿੱਪ"], ["ਸ਼ੂਟ ਬਾਜ਼ੀ"]),  # a deal is «ਬਾਜ਼ੀ» (r49zu)
    "ur": (["سب سے چھوٹی بنیادی شرط سے کم نہ ہو اور سب سے بڑی بنیادی شرط سے زیادہ نہ ہو",
            "جوڑی توڑ کر دو ہاتھ بناتا ہے", "جب کِٹی خالی ہو جائے",
            "شوٹ شرط کم از کم 1 چِپ"], ["تقسیم", "کٹی خشک"]),
}


@pytest.mark.parametrize("lang", sorted(SHOOT_WORDS))
def test_shoots_words_are_the_tables(lang: str) -> None:
    """r49o: ru «шут» read as 'jester' and the kitty had two names (title «из котла», body
    «касса»); hy «կատվիկ» (a kitten) for the pot, «կրակոց» unexplained, «դրույք» (a rate)
    in the title; ur «تقسیم» (dealing out) for a split, a kitty range whose one «نہ» read
    as 'less than the smallest', «خشک» (dry) for an empty kitty."""
    said, unsaid = SHOOT_WORDS[lang]
    text = sheet("shoot-pontoon", lang)
    for words in said:
        assert words in text, words
    for words in unsaid:
        assert words not in text, words


@pytest.mark.parametrize(("ruleset_id", "said"), [
    ("sette-e-mezzo", ["Stand (“sto”): take no more cards. You may stand on any total.",
                       "Draw: ask the banker for another card", "stakes 100, draws K♦, stands"]),
    ("siebzehn-und-vier", ["Stand (say “passe”, which here does not mean dropping out): take no "
                           "more cards.",
                           "Draw (“kaufen”): take another card", "draws 9♥, raises the stake",
                           "after drawing too", "a Skat pack, from the seven up"])])
def test_the_english_sheet_says_the_games_own_action_words(ruleset_id: str,
                                                           said: list[str]) -> None:
    """r49o: 'Stick' and 'Twist' are the British game's words, not sette e mezzo's (Treccani:
    a player asks for more cards or «passa») nor Siebzehn und Vier's (casinospiegel.net: the
    player «kauft», then says «passe»); and Siebzehn's pack was a Skat pack in the summary,
    a piquet pack in the body. The English words come from an English catalog of the source
    (`i18n.words_of`: `en@treccani`, `en@cs-17`), as Ban Luck's do (`en@timeout`)."""
    from pontoon_rules.docs.words.i18n import words_of

    assert words_of(load_bundled(ruleset_id), "en").startswith("en@")
    text = sheet(ruleset_id, "en")
    for words in said:
        assert words in text, words
    assert not re.search(r"\b(stick|twist|piquet)", text, re.IGNORECASE)


@pytest.mark.parametrize(("ruleset_id", "passes"), [
    ("xi-dach", True), ("siebzehn-und-vier", True), ("sette-e-mezzo", False)])
def test_the_banks_life_has_a_blank_where_the_rules_leave_it_to_the_table(
        ruleset_id: str, passes: bool) -> None:
    """r49o: 'The rules set no time for the bank to pass … otherwise the same player banks
    all evening' and 'The rules do not say when the evening ends' left no blank to fill in,
    as the home bank's 'passes … after ____ deals' does; each says the table's agreement
    with a blank (sette e mezzo's bank passes by its reale, so only the evening)."""
    r = load_bundled(ruleset_id)
    assert r.table.bank.passes_after_deals is None
    text = sheet(ruleset_id, "en")
    both = "Agreed at this table: the bank passes after ____ deals, and the evening ends ____."
    assert (both in text) is passes
    assert passes or "Agreed at this table: the evening ends ____." in text
