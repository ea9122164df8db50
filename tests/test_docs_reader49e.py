"""Issue 49, a fresh reader's findings on the sheets' words (04:48 UTC): a machine
translation's terms printed as the players' (pagat's Armenian, Punjabi, Urdu), one role under
three names (Belarus in English), a source title in another script, and calques in the
Italian, German and Ban Luck sheets; each checked on the printed sheet's text."""

from __future__ import annotations

import re

import pytest
from sheet_text import sheet

from pontoon_rules.docs.sheet.glossary import machine_translated, problems, terms
from pontoon_rules.docs.words.marks import unglossed
from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.loading.registry import load_bundled


@pytest.mark.parametrize(("lang", "calques"), [
    ("hy", ("կիսանդրի", "կպչել", "ոլորել", "հնարք")),
    ("pa", ("ਸਟਿੱਕ", "ਬਸਟ", "ਮਰੋੜੋ", "ਟ੍ਰਿਕ")),
    ("ur", ("اسٹک", "بسٹ", "موڑ", "ٹرک"))])
def test_a_machine_translations_terms_are_not_printed_even_quoted(
        lang: str, calques: tuple[str, ...]) -> None:
    """«Ավել» (աղբյուրում՝ «կիսանդրի»): the source's word, a sculpted bust, is a program's
    calque no player would recognise; the source says it is a machine translation."""
    ruleset = load_bundled("pagat-british")
    assert machine_translated(ruleset, lang)
    assert all(s.machine_translation_of for s in ruleset.sources.values() if s.language == lang)
    text = sheet("pagat-british", lang)
    for calque in calques:
        assert not re.search(rf"(?<!\w){re.escape(calque)}", text), calque
    assert problems(text, terms("pagat-british", lang), machine=True) == []


def test_the_glossary_check_refuses_a_machine_translations_term_quoted() -> None:
    bust = terms("pagat-british", "hy")
    quoted = sheet("pagat-british", "hy") + " «Ավել» (աղբյուրում՝ «կիսանդրի»)"
    assert problems(quoted, bust) == []  # a source people wrote may be quoted once
    assert any("կիսանդրի" in p for p in problems(quoted, bust, machine=True))
    assert not machine_translated(load_bundled("belarus-ponton"), "ru")


@pytest.mark.parametrize(("ruleset_id", "lang", "said", "not_said"), [
    ("sette-e-mezzo", "it", "Eccezioni ai pagamenti qui sopra: un giocatore",
     "qui sopra: Un giocatore"),
    ("sette-e-mezzo", "en", "Exceptions to the payouts above: a player's", "above: A player's"),
    ("casino-filipino-pontoon", "en", "the ranking above: a player's", "above: A player's"),
    ("siebzehn-und-vier", "de", "Ausnahmen von den Auszahlungen oben: Hat der Spieler",
     "oben: hat der Spieler")])  # German opens a whole sentence after a colon in capitals
def test_the_words_after_an_exceptions_colon_are_cased_as_the_language_writes(
        ruleset_id: str, lang: str, said: str, not_said: str) -> None:
    text = sheet(ruleset_id, lang)
    assert said in text and not_said not in text


def test_an_exceptions_name_gloss_is_said_once_not_in_every_exception() -> None:
    """'(Ass und Zehn)' and '(zwei Asse)' six times in one paragraph: the ranking names
    each hand in full, the exceptions and ties by its name alone."""
    said = {s.key: s.text for s in sentences(load_bundled("siebzehn-und-vier"), "de")}
    assert "Feuer (zwei Asse) schlägt geborene Einundzwanzig (Ass und Zehn)" in said["ranking"]
    for key in ("outcomes", "ties"):
        assert "(zwei Asse)" not in said[key] and "(Ass und Zehn)" not in said[key], key
        assert "Feuer" in said[key] and "geborene Einundzwanzig" in said[key], key
    assert unglossed("«огонь» (два туза)") == "«огонь»" and unglossed("pontoon") == "pontoon"


@pytest.mark.parametrize(("ruleset_id", "lang", "said", "not_said"), [
    ("sette-e-mezzo", "it", "almeno 1 fiche;", "unità"),
    ("siebzehn-und-vier", "de", "mindestens 1 Spielmarke;", "Einheit (Chip)")])
def test_a_stake_is_counted_in_the_players_chips(ruleset_id: str, lang: str, said: str,
                                                  not_said: str) -> None:
    """«1 unità (fiche)», „1 Einheit (Chip)“: 123sportwetten.eu says «Spielmarken (Chips)»."""
    text = sheet(ruleset_id, lang)
    assert said in text and not_said not in text


def test_one_person_has_one_name_on_the_belarus_english_sheet() -> None:
    """'each playing against the house dealer, called the banker here', 'at home one more
    person at the table is the house', 'the house dealer shuffles': three names."""
    r = load_bundled("belarus-ponton")
    body = sheet("belarus-ponton", "en").rsplit("Sources", 1)[0]
    for other in ("dealer", "the house", "called the banker"):
        assert other not in body.lower(), other
    assert "each playing against the banker, who is not one of the players" in body
    assert "At home the banker is one more person at the table" in body
    assert "Before the first deal the banker shuffles the cards" in body
    assert "dealer" not in r.summary


def test_a_casinos_own_english_words_keep_their_one_name_at_home() -> None:
    """Sydney's dealer stays the dealer in the home sentence (`woo-sydney.po`)."""
    body = sheet("australian-pontoon", "en").rsplit("Sources", 1)[0]
    assert "At home the dealer is one more person at the table" in body
    assert "banker" not in body


def test_a_cyrillic_title_on_an_english_sheet_is_glossed() -> None:
    """'Sources: Понтун — card games page.' on an English sheet."""
    assert ("Sources: “Понтун” (Pontoon), a Russian-language card games page."
            in sheet("belarus-ponton", "en"))


BELARUS_WORDS = {"five-card-trick": ("five cards of 21 or less", "5 карт не более 21 очка"),
                 "three-of-a-kind": ("three of a kind", "3 карты одного достоинства")}
"""How Belarus's intros name the hands that always win (English, Russian)."""


def test_both_belarus_intros_say_three_of_a_kind_always_wins() -> None:
    """The English intro said only 'three of a kind pays 1:1'; the Russian one and the body
    say it always wins (`wins_outright`), as five cards do. Each intro's hands that always
    win and their payouts, and pontoon's, are those of the ruleset's outcome table (a
    payout changed in the rules and not in the intro fails here)."""
    from pontoon_rules.ruleset.resolving.outcomes import (
        banker_hands,
        outcome_table,
        player_hands,
        wins_whatever,
    )

    r = load_bundled("belarus-ponton")
    table, bankers = outcome_table(r), banker_hands(r)

    def odds(hand: str, between: str) -> str:
        (pays,) = {table[(hand, b)].pays for b in bankers}  # one payout, whoever banks
        return f"{pays.numerator}{between}{pays.denominator}"

    won = [h for h in player_hands(r) if wins_whatever(table, h, bankers)]
    assert won == list(BELARUS_WORDS)
    english, russian = r.summary.replace("\n", " "), " ".join(r.translations["ru"].summary.split())
    assert " and ".join(f"{BELARUS_WORDS[h][0]} ({odds(h, ':')})" for h in won) + \
        f" always win, pontoon pays {odds('pontoon', ':')}" in english
    assert " и ".join(f"{BELARUS_WORDS[h][1]} ({odds(h, ' к ')})" for h in won) + \
        f" всегда выигрывают, понтун — {odds('pontoon', ' к ')}" in russian


@pytest.mark.parametrize("ruleset_id", ["ban-luck", "xi-dach"])
def test_ban_luck_in_english_says_its_pages_words_not_blackjacks(ruleset_id: str) -> None:
    """'a natural' and 'take a free hand (an escape)': telework.ro's players check their
    first two cards for "special combinations" (ban-ban, ban-luck) and call 15 a "free
    hand" (`timeout.po`); no page says natural."""
    text = sheet(ruleset_id, "en")
    assert "natural" not in text.lower() and "(an escape)" not in text
    assert "a special hand" in text
    # Xì dách has no free hand: its 'Not in this game' line says so, its box no longer
    # quotes Ban Luck's rule (g49v, r49h)
    assert ("You may take a free hand, giving up" in text) is (ruleset_id == "ban-luck")
