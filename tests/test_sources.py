"""Rules as the sources say them (issue 23): one group per numbered item.

Each test quotes the sentence of the seed text it rests on (the tests never read
../shared: the sentences are copied here) and checks the ruleset field, its
provenance (stated / implied / our reading, open or not) and the sheet's † mark.
"""

from __future__ import annotations

import pytest

from pontoon_rules.docs.sentences import sentences, text_lines
from pontoon_rules.docs.sheet_view import sheet_view
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.common import Status
from pontoon_rules.ruleset.fields import provenance_for, value_at
from pontoon_rules.ruleset.loader import load_ruleset
from pontoon_rules.ruleset.model import Provenance, Ruleset
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled


def quotes(seed_sentence: str, prov: Provenance) -> None:
    """Every part of the provenance quote (gaps written ' ... ') is in the seed sentence."""
    assert prov.quote, "no quote"
    for part in prov.quote.split(" ... "):
        assert " ".join(part.split()) in " ".join(seed_sentence.split()), part


def reading(ruleset: Ruleset, path: str) -> Provenance:
    """The provenance of `path`, which must be an open reading with a note."""
    prov = provenance_for(ruleset, path)
    assert prov is not None
    assert prov.status is Status.OUR_READING and prov.open and prov.note, (path, prov)
    return prov


def daggered(ruleset: Ruleset, path: str) -> bool:
    """Whether the sheet's sentence covering `path` carries the † mark."""
    found = [s for s in sentences(ruleset) if path in s.paths]
    assert found, f"no sentence covers {path}"
    return all(s.open for s in found)


# -- 3. casino-ochko: drawing to split aces -------------------------------------------------
SPLIT_BUTTON_002 = ("Сплит. Если Вам пришли две одинаковые карты, Вы можете «разбить» сдачу на "
                    "две. Ваша ставка будет удвоена, и Вы получите карту для каждой из двух "
                    "сдач. Затем Вы сможете играть обе сдачи против одной сдачи дилера. Только "
                    "одна из «разбитых» сдач может быть «разбита» опять (максимум три раза).")
SPLIT_PONTOON_002 = ("Если Вам в «разбитую» сдачу пришёл туз и десятка или картинка, то "
                     "считается, что у Вас очко.")


def test_3_casino_ochko_split_aces_are_our_reading_of_a_silent_page() -> None:
    r = load_bundled("casino-ochko")
    assert not r.player.split.aces_one_card and r.player.split.resplit_aces
    aces = reading(r, "player.split.aces_one_card")
    quotes(SPLIT_BUTTON_002, aces)
    assert "считается, что у Вас очко" in aces.note  # the only ace sentence is scoring
    assert "0.38%" in aces.note and "0.83%" in aces.note
    quotes(SPLIT_BUTTON_002, reading(r, "player.split.resplit_aces"))
    assert daggered(r, "player.split.aces_one_card")
    assert "Split aces play on like any hand." in next(
        s.text for s in sentences(r) if "player.split.aces_one_card" in s.paths)


def test_3_the_scoring_sentence_is_quoted_where_it_is_stated() -> None:
    r = load_bundled("casino-ochko")
    prov = r.provenance["player.split.ace_ten_is_pontoon"]
    assert prov.status is Status.STATED
    quotes(SPLIT_PONTOON_002, prov)


# -- 6. shoot-pontoon: the kitty when the bank changes hands --------------------------------
KITTY_000 = ("Երբ բանկիրի պաշտոնը փոխվում է, հին բանկիրը հեռանում է կատվիկի "
             "պարունակությամբ, իսկ նոր դիլերը դնում է նորը:")
KITTY_001 = ("ਜਦੋਂ ਬੈਂਕਰ ਦੀ ਸਥਿਤੀ ਹੱਥ ਬਦਲਦੀ ਹੈ, ਤਾਂ ਪੁਰਾਣਾ ਬੈਂਕਰ ਕਿਟੀ ਦੀ ਸਮੱਗਰੀ ਨੂੰ ਛੱਡ ਦਿੰਦਾ "
             "ਹੈ ਅਤੇ ਨਵਾਂ ਡੀਲਰ ਇੱਕ ਨਵਾਂ ਰੱਖ ਦਿੰਦਾ ਹੈ।")
KITTY_004 = ("جب بینکر کی پوزیشن ہاتھ میں بدل جاتی ہے، تو پرانا بینکر کٹی کے مواد کے ساتھ "
             "چلا جاتا ہے اور نیا ڈیلر ایک نیا رکھتا ہے۔")


def test_6_the_old_bankers_kitty_is_open_and_quotes_the_disagreeing_translations() -> None:
    r = load_bundled("shoot-pontoon")
    assert r.shoot.kitty_leaves_with_banker
    prov = reading(r, "shoot.kitty_leaves_with_banker")
    quotes(KITTY_000, prov)
    assert "ਪੁਰਾਣਾ ਬੈਂਕਰ ਕਿਟੀ ਦੀ ਸਮੱਗਰੀ ਨੂੰ ਛੱਡ ਦਿੰਦਾ ਹੈ" in KITTY_001
    assert "ਪੁਰਾਣਾ ਬੈਂਕਰ ਕਿਟੀ ਦੀ ਸਮੱਗਰੀ ਨੂੰ ਛੱਡ ਦਿੰਦਾ ਹੈ" in prov.note  # 001: gives it up
    assert "پرانا بینکر کٹی کے مواد کے ساتھ چلا جاتا ہے" in KITTY_004
    assert "پرانا بینکر کٹی کے مواد کے ساتھ چلا جاتا ہے" in prov.note  # 004: leaves with it
    assert daggered(r, "shoot.kitty_leaves_with_banker")


# -- 8. casino-online-pontoon: the same game as casino-ochko, retired ----------------------
def test_8_casino_online_pontoon_is_retired_with_a_clear_error(tmp_path: object) -> None:
    assert "casino-online-pontoon" not in bundled_ids()
    with pytest.raises(RulesetError, match="retired.*casino-ochko"):
        load_ruleset("casino-online-pontoon")
    with pytest.raises(RulesetError, match="retired.*casino-ochko"):
        load_bundled("casino-online-pontoon")


def test_8_an_overlay_of_the_retired_id_is_told_what_to_use(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "house.yaml"
    path.write_text("id: house\nname: h\nkind: house\nextends: casino-online-pontoon\n",
                    encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    (problem,) = caught.value.problems
    assert problem.line == 4 and "use 'casino-ochko'" in problem.message


def test_8_casino_ochko_cites_the_published_figure_as_its_own_game() -> None:
    r = load_bundled("casino-ochko")
    woo = r.sources["wizard-of-odds"]
    assert "0.38%" in woo.reference and "RealTimeGaming" in woo.reference
    assert "casino-online-pontoon" in woo.note


# -- 9. belarus-ponton: a bust player ----------------------------------------------------------
SHOWDOWN_003 = ("После того, как игроки закончили добор карт, дилер берет себе карты до тех "
                "пор, пока счет его карт не будет равен 17 или более очкам. После этого "
                "смотрятся карты всех игроков и дилера.")


def test_9_belarus_bust_is_our_reading_of_a_page_that_never_mentions_busting() -> None:
    r = load_bundled("belarus-ponton")
    assert r.settlement.player_bust_loses_at_once
    prov = reading(r, "settlement.player_bust_loses_at_once")
    quotes(SHOWDOWN_003, prov)
    assert daggered(r, "settlement.player_bust_loses_at_once")


# -- 10. belarus-ponton: who the two players are ------------------------------------------------
PLAYERS_003 = "Количество игроков: от 2-х и более"
DEAL_003 = ("Когда все ставки сделаны дилер (он же сдатчик) раздает по 2 карты игрокам и "
            "одну карту себе.")


def test_10_belarus_two_players_do_not_count_the_dealer() -> None:
    r = load_bundled("belarus-ponton")
    assert r.table.min_players == 2
    prov = r.provenance["table.min_players"]
    assert prov.status is Status.IMPLIED and not prov.open
    quotes(PLAYERS_003, prov)
    assert "раздает по 2 карты игрокам и одну карту себе" in DEAL_003
    assert "раздает по 2 карты игрокам и одну карту" in prov.note and "pagat" in prov.note


# -- 15. a named variation is a variation, not house rules --------------------------------------
VARIATIONS_001 = ("ਦੋ ਸਧਾਰਨ ਭਿੰਨਤਾਵਾਂ ਲਈ ਸਿਰਫ ਏਸ ਸਪਿੱਲ ਕੀਤੇ ਜਾਣ ਦੀ ਲੋੜ ਹੁੰਦੀ ਹੈ ਅਤੇ ਕੋਈ ਹੋਰ "
                  "ਜੋੜਾ ਨਹੀਂ। ਨਾਲ ਹੀ ਉਹ ਪਰਿਵਰਤਨ ਜੋ ਖਿਡਾਰੀਆਂ ਨੂੰ ਸਟੈਂਡਰਡ 15 ਦੇ ਉਲਟ, ਘੱਟੋ-ਘੱਟ 16 ਦੇ "
                  "ਨਾਲ ਚਿਪਕਣ ਦੀ ਇਜਾਜ਼ਤ ਦਿੰਦਾ ਹੈ।")


@pytest.mark.parametrize("ruleset_id", ["pagat-aces-only-split", "pagat-stick-16",
                                        "shoot-pontoon"])
def test_15_variation_sheets_say_variation_of_the_base(ruleset_id: str) -> None:
    r, base = load_bundled(ruleset_id), load_bundled("pagat-british")
    assert r.kind == "variation"
    view = sheet_view(r, base=base, examples=0)
    assert view["house"]["title"] == "Variation of British Pontoon (pagat rules)"
    assert "House" not in view["house"]["title"] + view["changed_mark"]
    lines = text_lines(r, base=base)
    assert not any("house rule" in line.lower() for line in lines)
    assert any(line.startswith("◆ A rule of the variation") for line in lines)


def test_15_house_rules_are_still_house_rules(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "house.yaml"
    path.write_text("id: house\nname: h\nkind: house\nextends: pagat-british\n"
                    "player:\n  stick_minimum: 16\n", encoding="utf-8")
    view = sheet_view(load_ruleset(path), base=load_bundled("pagat-british"), examples=0)
    assert view["house"]["title"] == "House rules"
    assert view["changed_mark"] == "A house rule: it differs from the base ruleset."


def test_15_russian_variation_box_is_translated() -> None:
    r, base = load_bundled("pagat-stick-16"), load_bundled("pagat-british")
    view = sheet_view(r, "ru", base=base, examples=0)
    assert view["house"]["title"].startswith("Вариант игры «")


# -- 16. A1: the aces-only variation quotes a translation that says "aces" ---------------------
def test_16_aces_only_split_quotes_the_translation_that_names_aces() -> None:
    r = load_bundled("pagat-aces-only-split")
    prov = r.provenance["player.split.ranks"]
    assert prov.source == "pagat-pa" and prov.status is Status.STATED
    quotes(VARIATIONS_001, prov)
    assert "ਏਸ" in prov.quote  # "ace"
    assert "صرف ایسس" in prov.note and "միայն թիզ թափել" in prov.note


# -- 17. B5: belarus cards to each split hand ---------------------------------------------------
SPLIT_003 = ("Разрешается сплитовать при выходе двух карт одного достоинства сколько угодно, за "
             "исключением тузов, сплит которых можно делать всего один раз, причем на каждый туз "
             "раздается только по одной карте..")
SPLIT_NOTE_003 = ("Примечание. Под сплитом понимается ситуация в игре, когда первые две "
                  "полученные карты игрока имеют одинаковое достоинство и игрок может разделить "
                  "их на две отдельные руки.")


def test_17_belarus_cards_to_each_split_hand_is_not_the_aces_sentence() -> None:
    r = load_bundled("belarus-ponton")
    assert r.player.split.cards_to_each_hand == 1
    prov = reading(r, "player.split.cards_to_each_hand")
    quotes(SPLIT_NOTE_003, prov)
    assert "туз" not in prov.quote
    assert "на каждый туз раздается только по одной карте" in SPLIT_003
    assert "на каждый туз раздается только по одной карте" in prov.note
    aces = r.provenance["player.split.aces_one_card"]
    assert aces.status is Status.STATED
    quotes(SPLIT_003, aces)


# -- 18. no card after the fifth -----------------------------------------------------------------
def test_18_the_last_card_a_hand_may_hold_is_not_followed_by_twists() -> None:
    r = load_bundled("pagat-british")
    assert r.stakes.last_buy_card == r.player.max_cards == 5
    text = " ".join(s.text for s in sentences(r))
    assert "after it you may only twist" not in text
    assert "You may buy any card up to the last a hand may hold, card number 5." in text
    belarus = " ".join(s.text for s in sentences(load_bundled("belarus-ponton")))
    assert "Card number 4 is the last you may buy; after it you may only twist." in belarus


# -- the banker's bust sentence is cut off in every translation (digest correction) ------------
BUST_004 = ("بینکر بسٹ اگر وہ 21 سے زائد کے ساتھ ختم ہوتے ہیں۔ اگر ایسا ہوتا ہے تو انہیں ہر "
            "کھلاڑی کو اپنے حصص کے برابر رقم ادا کرنی ہوگی اور اس سے دوگنا اگر")


def test_banker_bust_note_quotes_every_cut_off_translation() -> None:
    r = load_bundled("pagat-british")
    prov = reading(r, "settlement.banker_bust_pays_by_class")
    quotes(BUST_004, prov)
    assert "ਅਤੇ ਜੇਕਰ" in prov.note and "Բանկերի անկում" in prov.note
    assert value_at(r, "settlement.banker_bust_pays_by_class") is True
