"""`pack.suit_names`: a pack's own names of its suits (Sette e mezzo's Italian pack has
denari, coppe, spade and bastoni: coins, cups, swords and clubs, not diamonds, hearts,
spades and clubs), in each language, said by the sheets, their card key, the worked
examples' cards and the site; words only, so no round and no vector id changes."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from pontoon_rules.docs.sheet.sheets import sheet_html, sheet_markdown
from pontoon_rules.docs.sheet.views import round_view
from pontoon_rules.docs.words.hands import describe_hand
from pontoon_rules.docs.words.i18n import translations
from pontoon_rules.docs.words.pack_words import suit_words
from pontoon_rules.docs.words.rounds import sample_rounds
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.canonical import behaviour_form

SM = "sette-e-mezzo"
SAID = {
    "en": ("The suits are the pack's own: coins ♦, cups ♥, swords ♠, clubs ♣.",
           "The king of coins is wild", ("diamonds",)),
    "it": ("I semi del mazzo sono denari ♦, coppe ♥, spade ♠, bastoni ♣.",
           "Il re di denari", ("quadri", "picche", "fiori")),
    "ru": ("Масти у этой колоды свои: монеты ♦, кубки ♥, мечи ♠, жезлы ♣.",
           "монет", ("бубн", "пики", "трефы")),
}
KEYS = {"it": "♠ spade, ♥ coppe, ♦ denari, ♣ bastoni", "ru": "♠ — мечи, ♥ — кубки, "
        "♦ — монеты, ♣ — жезлы"}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_sette_e_mezzos_sheet_names_the_italian_suits(lang: str) -> None:
    """The pack's sentence names its suits with the symbols its cards are printed with,
    the matta is the king of coins, the card key (where printed) reads the symbols as the
    pack's suits, and no French suit is named, in Markdown and HTML."""
    ruleset = load_bundled(SM)
    suits, matta, never = SAID[lang]
    for text in (sheet_markdown(ruleset, lang).replace("\\", ""),
                 unescape(re.sub(r"<[^>]+>", " ", sheet_html(ruleset, lang)))):
        assert suits in text and matta in text
        assert not [word for word in never if word in text.lower()], lang
        if lang in KEYS:
            assert KEYS[lang] in text


def test_the_cards_drawn_on_the_sheet_and_the_site_are_named_by_the_packs_suits() -> None:
    """A card's name (its title in the payout table's rows of text) says the pack's suit:
    «7 denari»; so do the cards of the site's worked rounds."""
    ruleset = load_bundled(SM)
    html = sheet_html(ruleset, "ru", tight=True)
    titles = set(re.findall(r'<span class="pr-card-text[^"]*" dir="ltr" title="([^"]+)"', html))
    assert titles and all(t.split()[-1] in ("монеты", "кубки", "мечи", "жезлы")
                          for t in titles), titles
    gettext = translations("it").gettext
    found = sample_rounds(ruleset)[0]
    view = round_view(found["script"], found["result"], gettext,
                      suits=suit_words(ruleset, gettext, "it"))
    names = [c["name"] for c in view["banker"]["cards"]]
    assert names and all(n.split()[-1] in ("denari", "coppe", "spade", "bastoni")
                         for n in names), names


def _pack_game(tmp_path: Path, pack: str, hands: str = "") -> Path:
    path = tmp_path / "g.yaml"
    path.write_text("id: g\nname: G\nkind: house\nextends: pagat-british\npack:\n" + pack
                    + hands, encoding="utf-8")
    return path


def test_a_hand_of_one_named_suit_says_the_packs_name_for_it(tmp_path: Path) -> None:
    """'all spades' on a pack whose spades are swords reads 'all swords' (in Russian
    'все мечи'); a suit the pack leaves unnamed keeps its usual name; a name missing in a
    language falls back to the file's own."""
    game = load_ruleset(_pack_game(
        tmp_path, "  suit_names:\n    S: {name: swords, names: {ru: мечи}}\n    H: {name: cups}\n",
        "hands:\n  definitions:\n    trio:\n      name: trio\n      min_cards: 3\n"
        "      max_cards: 3\n      suits: spades\n    hearty:\n      name: hearty\n"
        "      min_cards: 4\n      max_cards: 4\n      suits: clubs\n"
        "  ranking: [pontoon, trio, hearty, five-card-trick, total]\n"))
    words = {lang: translations(lang) for lang in ("en", "ru")}
    said = {lang: describe_hand(game, "trio", c.gettext, c.ngettext, lang)
            for lang, c in words.items()}
    assert "all swords" in said["en"] and "все мечи" in said["ru"]
    assert "all clubs" in describe_hand(game, "hearty", words["en"].gettext,
                                        words["en"].ngettext)
    assert suit_words(game, words["ru"].gettext, "ru")["H"] == "cups"


def test_a_suit_name_for_a_suit_the_pack_lacks_is_refused(tmp_path: Path) -> None:
    path = _pack_game(tmp_path, "  suits: [S, H]\n  suit_names:\n    D: {name: coins}\n")
    with pytest.raises(RulesetError, match=r"suit_names: \['D'\] are not suits of the pack"):
        load_ruleset(path)


def test_suit_names_are_words_only_and_leave_the_vector_ids_alone(tmp_path: Path) -> None:
    """The canonical data conformance ids hash leaves the names out: sette-e-mezzo with
    its names plays as it did without them, and every other game names none."""
    ruleset = load_bundled(SM)
    bare = ruleset.model_copy(update={"pack": ruleset.pack.model_copy(
        update={"suit_names": {}})})
    assert ruleset.pack.suit_names and behaviour_form(ruleset) == behaviour_form(bare)
    assert [i for i in bundled_ids() if load_bundled(i).pack.suit_names] == [SM]


def test_a_suit_name_in_a_language_no_sheet_has_is_refused(tmp_path: Path) -> None:
    """A name under a language code no sheet is written in (a typo, 'itt') was accepted and
    never shown: the sheets fell back to the file's own name without a word."""
    path = _pack_game(tmp_path, "  suit_names:\n    D: {name: coins, names: {itt: denari}}\n")
    with pytest.raises(RulesetError, match=r"pack\.suit_names\.D\.names.*'itt' would never be "
                                           r"shown: the sheets and the site are written in en"):
        load_ruleset(path)
    path = _pack_game(tmp_path, "  suit_names:\n    D: {name: coins, names: {it: denari}}\n")
    assert load_ruleset(path).pack.suit_names
