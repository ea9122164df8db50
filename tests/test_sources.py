"""Rules as the sources say them (issue 23): one group per numbered item.

Each test quotes the sentence of the seed text it rests on (the tests never read
../shared: the sentences are copied here) and checks the ruleset field, its
provenance (stated / implied / our reading, open or not) and the sheet's † mark.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_helpers import nets, run

from pontoon_rules.docs.sheet.sheet_view import sheet_view
from pontoon_rules.docs.words.i18n import words_of
from pontoon_rules.docs.words.sentences import sentences, text_lines
from pontoon_rules.engine.round.actions import Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import parse_step
from pontoon_rules.engine.sessions.pack import full_pack
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.errors import IllegalActionError, RulesetError, ScriptError
from pontoon_rules.ruleset.format.agreed import agreed_fields, default_notes, settle_agreed
from pontoon_rules.ruleset.format.common import LaterBuyCap, RotationTieBreak, ShootLimit, Status
from pontoon_rules.ruleset.format.fields import provenance_for, value_at
from pontoon_rules.ruleset.format.model import Provenance, Ruleset
from pontoon_rules.ruleset.format.play import InsuranceAmount
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


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
    prov = r.provenance["hands.definitions.pontoon.on_split_hand"]
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
def test_8_casino_online_pontoon_is_retired_with_a_clear_error(tmp_path: Path) -> None:
    assert "casino-online-pontoon" not in bundled_ids()
    with pytest.raises(RulesetError, match="retired.*casino-ochko"):
        load_ruleset("casino-online-pontoon")
    with pytest.raises(RulesetError, match="retired.*casino-ochko"):
        load_bundled("casino-online-pontoon")


def test_8_an_overlay_of_the_retired_id_is_told_what_to_use(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
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
    assert any(line.startswith("◆ A rule of this game that differs from British Pontoon")
               for line in lines)


def test_15_house_rules_are_still_house_rules(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
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
    assert "You may buy cards until your hand holds 5, the most it may hold." in text
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


# -- 1. belarus insurance: exactly half ------------------------------------------------------
INSURANCE_003 = ("Если у дилера первая карта это туз, то игрок может поставить половину своей "
                 "ставки на страховку на тот случай, если у дилера будет \"понтун\".")


def test_1_belarus_insurance_is_exactly_half_the_stake() -> None:
    r = load_bundled("belarus-ponton")
    assert r.player.insurance.amount is InsuranceAmount.EXACTLY
    assert r.player.insurance.max_fraction == (1, 2)
    prov = r.provenance["player.insurance.amount"]
    assert prov.status is Status.STATED and not prov.open
    quotes(INSURANCE_003, prov)
    text = next(s.text for s in sentences(r) if "player.insurance.amount" in s.paths)
    assert "bet exactly 1/2 of your stake" in text and "up to" not in text


@pytest.mark.parametrize(("stake", "half"), [(100, 50), (101, 50), (150, 75)])
def test_1_belarus_offers_insurance_of_half_and_nothing_else(stake: int, half: int) -> None:
    legal = first_legal("belarus-ponton", [stake], "TS AD 9S KD")
    assert legal == [f"insure {half}", "decline"]
    r = run("belarus-ponton", [stake], "TS AD 9S KD", f"p1 insure {half}, p1 stick")
    assert r.result.seats[0].net == 2 * half - stake  # insurance 2:1, the stake lost
    with pytest.raises(IllegalActionError) as caught:
        run("belarus-ponton", [stake], "TS AD 9S KD", f"p1 insure {half - 1}")
    assert caught.value.code == "bad_amount"


def test_1_up_to_is_the_other_reading(tmp_path: Path) -> None:
    path = overlay(tmp_path, "belarus-ponton", "player:\n  insurance:\n    amount: up-to\n")
    assert first_legal(str(path), [100], "TS AD 9S KD") == ["insure 1..50", "decline"]


# -- 4. pagat: the fifth card's price ----------------------------------------------------------
FOURTH_CARD_000 = ("Օրինակ, մի ձեռքում, որտեղ նախնական խաղադրույքը եղել է $100, իսկ երրորդ քարտը "
                   "գնվել է $175-ով, չորրորդ քարտը կարելի է գնել $100-ից $175-ի սահմաններում: "
                   "Անհրաժեշտության դեպքում կարելի է գնել նաև հինգերորդ քարտը` հետևելով նույն "
                   "կանոններին:")
FIFTH_CARD_001 = "ਜੇਕਰ ਲੋੜ ਹੋਵੇ, ਤਾਂ ਪੰਜਵਾਂ ਕਾਰਡ ਵੀ ਉਸੇ ਨਿਯਮਾਂ ਦੀ ਪਾਲਣਾ ਕਰਦੇ ਹੋਏ ਖਰੀਦਿਆ ਜਾ ਸਕਦਾ ਹੈ।"
FIFTH_CARD_004 = "اگر ضرورت ہو تو، انہی اصولوں پر عمل کرتے ہوئے پانچواں کارڈ بھی خریدا جا سکتا ہے۔"
FOURTH_CARD_EN = ("If your total is still less than 21 you may buy a fourth card; this time you "
                  "may add to your stake any amount between your initial stake and the amount "
                  "you added previously.")  # pagat.com's English page, in a copy
BUYS = "2S 9D 3S 2D 2H 2C 3H"  # p1 2,3 then buys 2, 2, 3: five cards of 12


def test_4_the_fifth_cards_cap_is_an_open_reading_quoting_all_three() -> None:
    r = load_bundled("pagat-british")
    assert r.stakes.later_buy_cap is LaterBuyCap.PREVIOUS_BUY
    prov = reading(r, "stakes.later_buy_cap")
    assert prov.source == "pagat-en"
    quotes(FOURTH_CARD_EN, prov)  # the fourth card; the English copies hold no fifth
    assert "հետևելով նույն կանոններին" in FOURTH_CARD_000
    assert "ਉਸੇ ਨਿਯਮਾਂ ਦੀ ਪਾਲਣਾ ਕਰਦੇ ਹੋਏ" in FIFTH_CARD_001
    assert "انہی اصولوں پر عمل کرتے ہوئے" in FIFTH_CARD_004
    for words in ("հետևելով նույն կանոններին", "ਉਸੇ ਨਿਯਮਾਂ ਦੀ ਪਾਲਣਾ ਕਰਦੇ ਹੋਏ",
                  "انہی اصولوں پر عمل کرتے ہوئے", "first-buy"):
        assert words in prov.note
    assert daggered(r, "stakes.later_buy_cap")


def test_4_previous_buy_caps_the_fifth_card_by_the_fourth() -> None:
    # The source's example: original 100, third card 175, fourth 100..175.
    steps = "p1 buy 175, p1 buy 120"
    assert buy_offer("pagat-british", [100], BUYS, "p1 buy 175") == (100, 175)
    assert buy_offer("pagat-british", [100], BUYS, steps) == (100, 120)


def test_4_first_buy_caps_the_fifth_card_by_the_third(tmp_path: Path) -> None:
    path = str(overlay(tmp_path, "pagat-british", "stakes:\n  later_buy_cap: first-buy\n"))
    assert buy_offer(path, [100], BUYS, "p1 buy 175") == (100, 175)
    assert buy_offer(path, [100], BUYS, "p1 buy 175, p1 buy 120") == (100, 175)
    r = run(path, [100], BUYS, "p1 buy 175, p1 buy 120, p1 buy 175, banker stick")
    assert nets(r)[0] == 2 * 570  # a five-card trick pays double on all 570 staked
    hand = r.result.seats[0].hands[0]
    assert hand.stakes == [100, 175, 120, 175] and hand.hand_class == "five-card-trick"


# -- 5. pagat: who takes the bank when several made a pontoon --------------------------------
SEVERAL_000 = ("Եթե կան մի քանի խաղացողներ, որոնք համապատասխանում են այս չափանիշին, հաջորդ "
               "բանկիրը կլինի այն խաղացողը, որը մնացել է սկզբնական բանկիրից:")
SEVERAL_001 = ("ਜੇਕਰ ਕਈ ਖਿਡਾਰੀ ਇਸ ਮਾਪਦੰਡ 'ਤੇ ਫਿੱਟ ਹੁੰਦੇ ਹਨ ਤਾਂ ਅਗਲਾ ਬੈਂਕਰ ਅਸਲੀ ਬੈਂਕਰ ਦਾ ਛੱਡਿਆ "
               "ਖਿਡਾਰੀ ਹੋਵੇਗਾ।")
SEVERAL_EN = ("If there are two or more such players, the one nearest to the dealer's left takes "
              "over the bank.")  # pagat.com's English page, as planet-winner.eu reproduces it
TWO_PONTOONS = "9S AH AD 9C KH KD KC 8D"  # seats B, C, D: C and D make pontoons


def test_5_several_pontoon_makers_is_stated_by_the_english_page_over_the_garbled_left() -> None:
    r = load_bundled("pagat-british")
    assert r.between_deals.rotation_tie_break is RotationTieBreak.FIRST_IN_PLAY
    prov = r.provenance["between_deals.rotation_tie_break"]
    assert prov.source == "pagat-en" and prov.status is Status.STATED and not prov.open
    quotes(SEVERAL_EN, prov)  # the English says what the translations garble
    for garbled, seed in (("որը մնացել է սկզբնական բանկիրից", SEVERAL_000),
                          ("ਅਸਲੀ ਬੈਂਕਰ ਦਾ ਛੱਡਿਆ ਖਿਡਾਰੀ", SEVERAL_001)):
        assert garbled in seed and garbled in prov.note
    text = next(s.text for s in sentences(r) if "between_deals.rotation_tie_break" in s.paths)
    assert "if several, the first from the banker's left" in text


@pytest.mark.parametrize(("tie_break", "banker"), [("first-in-play", "C"),
                                                   ("last-in-play", "D")])
def test_5_the_session_passes_the_bank_by_the_field(tmp_path: Path, tie_break: str,
                                                   banker: str) -> None:
    path = overlay(tmp_path, "pagat-british",
                   f"between_deals:\n  rotation_tie_break: {tie_break}\n")
    rules = compile_rules(load_ruleset(path))
    top = parse_cards(TWO_PONTOONS.split())
    rest = [c for c in full_pack(rules) if c not in top]
    s = Session(rules, "A B C D".split(), random.Random(1), "A", pack_order=top + rest)
    record = s.play_deal([10, 10, 10], lambda state: state.apply_action(Action("stick")))
    assert record.pontoons == ("C", "D") and s.banker == banker


# -- 7. shoot: the fourth-card bet's limit -----------------------------------------------------
FOURTH_BET_001 = ("ਜੇਕਰ ਤੁਸੀਂ ਚੌਥਾ ਕਾਰਡ ਖਰੀਦਣਾ ਜਾਂ ਮਰੋੜਨਾ ਚਾਹੁੰਦੇ ਹੋ, ਕਾਰਡ ਪ੍ਰਾਪਤ ਕਰਨ ਤੋਂ ਪਹਿਲਾਂ, "
                  "ਤੁਹਾਨੂੰ ਇੱਕ ਹੋਰ ਸ਼ੂਟ ਸੱਟੇਬਾਜ਼ੀ ਕਰਨ ਦੀ ਇਜਾਜ਼ਤ ਹੈ ਜਿੰਨਾ ਚਿਰ ਸ਼ੂਟ ਸੱਟੇ ਦੀ ਕੁੱਲ "
                  "ਰਕਮ ਕਿਟੀ ਤੋਂ ਵੱਧ ਜਾਂਦੀ ਹੈ।")
FOURTH_BET_000 = ("Եթե ցանկանում եք գնել կամ շրջել չորրորդ քարտի համար, մինչև քարտը ստանալը, "
                  "ձեզ թույլատրվում է կատարել մեկ այլ խաղադրույք: քանի դեռ դա հանգեցնում է "
                  "կրակոցի խաղադրույքների ընդհանուր գումարի գերազանցմանը:")
FOURTH = "2S 9H TD 3S 8D 7C 2H 5C 9S"  # as test_shoot: p1 twists to a fourth card


@pytest.mark.parametrize("ruleset_id", ["pagat-british", "shoot-pontoon"])
def test_7_the_fourth_card_bets_limit_is_its_own_open_field(ruleset_id: str) -> None:
    r = load_bundled(ruleset_id)
    assert r.shoot.fourth_card_limit is ShootLimit.UP_TO_KITTY
    prov = reading(r, "shoot.fourth_card_limit")
    quotes(FOURTH_BET_000, prov)
    assert "ਜਿੰਨਾ ਚਿਰ ਸ਼ੂਟ ਸੱਟੇ ਦੀ ਕੁੱਲ ਰਕਮ ਕਿਟੀ ਤੋਂ ਵੱਧ ਜਾਂਦੀ ਹੈ" in FOURTH_BET_001
    assert "ਜਿੰਨਾ ਚਿਰ ਸ਼ੂਟ ਸੱਟੇ ਦੀ ਕੁੱਲ ਰਕਮ ਕਿਟੀ ਤੋਂ ਵੱਧ ਜਾਂਦੀ ਹੈ" in prov.note
    if r.shoot.enabled:
        assert daggered(r, "shoot.fourth_card_limit")


@pytest.mark.parametrize(("limit", "most"), [("up-to-kitty", 40), ("below-kitty", 39)])
def test_7_the_fourth_card_bet_follows_its_own_limit(tmp_path: Path, limit: str,
                                                    most: int) -> None:
    path = str(overlay(tmp_path, "shoot-pontoon", f"shoot:\n  fourth_card_limit: {limit}\n"))
    first = state_after(path, [10, 10], FOURTH, "", kitty=50)
    assert [str(a) for a in first.legal_actions()] == ["shoot 1..50", "decline"]  # shoot.limit
    fourth = state_after(path, [10, 10], FOURTH, "p1 shoot 10, p2 decline, p1 twist, p1 twist",
                         kitty=50)
    assert [str(a) for a in fourth.legal_actions()] == [f"shoot 1..{most}", "decline"]


def state_after(ruleset: str, stakes: list[int], shoe: str, actions: str = "",
                kitty: int | None = None) -> RoundState:
    """The round at the first decision after `actions` (cards from the stacked `shoe`)."""
    state = RoundState(compile_rules(load_ruleset(ruleset)), stakes, kitty=kitty)
    cards = parse_cards(shoe.split())
    steps = [a.strip() for a in actions.split(",") if a.strip()]
    while state.is_chance_node() or steps:
        if state.is_chance_node():
            state.apply_action(cards.pop(0))
        else:
            state.apply_action(parse_step(steps.pop(0), 0)[1])
    return state


def first_legal(ruleset: str, stakes: list[int], shoe: str, actions: str = "") -> list[str]:
    """The legal actions (as words with ranges; a buy as 'buy') after `actions`."""
    legal = state_after(ruleset, stakes, shoe, actions).legal_actions()
    return [str(a) if a.kind != "buy" else "buy" for a in legal]


def buy_offer(ruleset: str, stakes: list[int], shoe: str, actions: str) -> tuple[int, int]:
    """The (low, high) of the buy offered after `actions`."""
    offer = next(a for a in state_after(ruleset, stakes, shoe, actions).legal_actions()
                 if a.kind == "buy")
    assert offer.low is not None
    return offer.low, offer.high or offer.low


def overlay(tmp_path: Path, base: str, body: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\nname: House\nkind: house\nextends: {base}\n{body}",
                    encoding="utf-8")
    return path


# -- 14. values the table agrees before play ----------------------------------------------------
LIMITS_000 = ("Մինչ խաղի մեկնարկը, պետք է համաձայնեցվեն առավելագույն և նվազագույն "
              "խաղադրույքները:")
LIMITS_003 = "Размер ставок игры оговаривается перед игрой."
LIMITS_EN = ("A minimum and maximum for initial bets must be agreed before the start of the game, "
             "and each player may bet any amount within these limits, but must bet at least the "
             "minimum.")  # pagat.com's English page, as planet-winner.eu reproduces it


@pytest.mark.parametrize(("ruleset_id", "sentence"), [("pagat-british", LIMITS_EN),
                                                      ("belarus-ponton", LIMITS_003),
                                                      ("shoot-pontoon", LIMITS_EN)])
def test_14_stake_limits_are_agreed_values_printed_as_blanks(ruleset_id: str,
                                                             sentence: str) -> None:
    r = load_bundled(ruleset_id)
    assert set(agreed_fields(r)) == {"stakes.min_stake", "stakes.max_stake"}
    for path in ("stakes.min_stake", "stakes.max_stake"):
        prov = provenance_for(r, path)
        assert prov is not None and prov.status is Status.STATED and not prov.open
        quotes(sentence, prov)
    text = next(s.text for s in sentences(r) if "stakes.min_stake" in s.paths)
    assert " stake at least ____, at most ____" in text and "no upper limit" not in text
    assert not daggered(r, "stakes.min_stake")
    assert r.stakes.limits() == (1, None)  # the defaults a program plays with
    if sentence == LIMITS_EN:  # the translations' sentence stays in the note
        note = " ".join(r.provenance["stakes.min_stake"].note.split())
        assert LIMITS_000.rstrip(":") in note


def test_14_the_engine_takes_agreed_values_or_the_defaults() -> None:
    r = load_bundled("pagat-british")
    settled = settle_agreed(r, {"stakes.max_stake": 500})
    assert (settled.stakes.min_stake, settled.stakes.max_stake) == (1, 500)
    rules = compile_rules(settled)
    assert (rules.min_stake, rules.max_stake) == (1, 500)
    with pytest.raises(ScriptError, match="above the maximum 500"):
        RoundState(rules, [501])
    notes = default_notes(r, {"stakes.max_stake": 500})
    assert notes == ["stakes.min_stake is agreed at the table; playing with the ruleset's "
                     "default (1); set it with --agree stakes.min_stake=VALUE"]
    sheet = settle_agreed(r, {"stakes.max_stake": 500}, fill_defaults=False)
    text = next(s.text for s in sentences(sheet) if "stakes.max_stake" in s.paths)
    assert "each stake at least ____, at most 500 chips" in text
    with pytest.raises(ValueError, match="below min_stake"):
        settle_agreed(r, {"stakes.min_stake": 10, "stakes.max_stake": 5})


def test_14_command_line_agreements(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from pontoon_rules.cli import cli as main

    runner = CliRunner()
    shown = runner.invoke(main, ["show", "belarus-ponton", "--agree", "stakes.min_stake=10"])
    assert shown.exit_code == 0 and "each stake at least 10 chips, at most ____" \
        in shown.output  # the given least stake with its unit (g49f)
    bad = runner.invoke(main, ["show", "belarus-ponton", "--agree", "stakes.kitty=10"])
    assert bad.exit_code == 2 and "expected one of stakes.min_stake" in bad.output
    refused = runner.invoke(main, ["session", "pagat-british", "--deals", "1", "--stake",
                                   "600", "--agree", "stakes.max_stake=500"])
    assert refused.exit_code == 2 and "from 1 to 500" in refused.output
    played = runner.invoke(main, ["session", "pagat-british", "--deals", "1"])
    assert played.exit_code == 0 and not played.stderr
    assert "note: stakes.max_stake is agreed at the table" in played.stdout
    edge = runner.invoke(main, ["edge", "pagat-stick-16", "--agree", "stakes.min_stake=5"])
    assert edge.exit_code == 0
    assert edge.stdout.rstrip().endswith("note: stakes.max_stake agreed at the table: the "
                                         "ruleset's default stands in (--agree FIELD=VALUE "
                                         "to set it); the figures are per unit of stake")


def test_14_a_fixed_limit_is_still_a_number(tmp_path: Path) -> None:
    path = overlay(tmp_path, "pagat-british", "stakes:\n  min_stake: 5\n  max_stake: 50\n")
    r = load_ruleset(path)
    assert agreed_fields(r) == {} and r.stakes.limits() == (5, 50)
    text = next(s.text for s in sentences(r) if "stakes.min_stake" in s.paths)
    # pagat's buys may take a stake above its largest (the engine checks it as put down)
    assert text == ("Each player stakes at least 5 and at most 50 chips. "
                    "Buying may take a stake above the maximum.")


# -- Russian words as each source uses them ------------------------------------------------------
OCHKO_WORDS_002 = ("Ещё карту . Когда вы нажимаете эту кнопку, Вам сдаётся ещё одна карта. "
                   "Пас . Когда вы нажимаете эту кнопку, Вы сообщаете дилеру, что желаете "
                   "остаться со сдачей карт, которая у Вас на руках. Очко (Туз + 10-очковая "
                   "карта). Комбинация пяти карт (любые пять карт по сумме очков не более 21-го "
                   "...). 21 (Три или четыре карты, дающие в сумме "
                   "21). Высокий итог.")
PONTON_WORDS_003 = ("Когда все ставки сделаны дилер (он же сдатчик) раздает по 2 карты игрокам "
                    "и одну карту себе. ... Игрок может сделать \"твист\" ... или купить "
                    "дополнительные карты ... такая комбинация зовется \"понтун\".")


def russian_sheet(ruleset_id: str) -> str:
    r = load_bundled(ruleset_id)
    view = sheet_view(r, "ru", examples=0)
    rows = " ".join(f"{row['class']} " for row in view["payouts"])
    return " ".join(text_lines(r, "ru")) + " " + rows


def test_russian_casino_ochko_speaks_as_seed_002() -> None:
    assert words_of(load_bundled("casino-ochko"), "ru") == "ru@ochko-ru"
    text = russian_sheet("casino-ochko")
    for word in ("банкир", "Банкир", "понтун", "Понтун", "твист", "Твист"):
        assert word not in text, word  # seed 002 never says them
    # not its «Высокий итог» nor «21 (три или четыре карты)»: calques (issue 49, reader 3);
    # its «Комбинация пяти карт» is named as players say it, «пять карт» (its «любые пять
    # карт», r49h)
    for word in ("дилер", "Очко", "«Ещё карту»", "«Пас»", "Пять карт"):
        assert word in text, word
        assert word.strip("«»").lower().split(" (")[0] in OCHKO_WORDS_002.lower()


def test_russian_belarus_speaks_as_seed_003() -> None:
    assert words_of(load_bundled("belarus-ponton"), "ru") == "ru@ponton-ru"
    text = russian_sheet("belarus-ponton")
    assert "банкир" not in text.lower()
    for word in ("понтун", "твист", "купить"):  # not its «(он же сдатчик)», nobody's (r49ze)
        assert word in text.lower(), word
        assert word in PONTON_WORDS_003.lower(), word
    assert "сдатчик" not in text.lower()


def test_russian_pagat_keeps_the_banker(tmp_path: Path) -> None:
    assert words_of(load_bundled("pagat-british"), "ru") == "ru"
    assert "Банкир" in russian_sheet("pagat-british")
    # an overlay inherits its base's source, and so its words
    house = load_ruleset(overlay(tmp_path, "casino-ochko", "player:\n  stick_minimum: 16\n"))
    assert words_of(house, "ru") == "ru@ochko-ru"
    assert "«Пас»" in " ".join(text_lines(house, "ru"))


def test_every_source_word_catalog_entry_is_a_current_message() -> None:
    from pontoon_rules.docs.website.catalog import stale
    from pontoon_rules.docs.words.i18n import vocabularies

    assert vocabularies("ru") == ["house-dealer", "ochko-ru", "ponton-ru", "ruwiki"]
    for words in vocabularies("ru"):
        assert stale(f"ru@{words}") == [], words


# -- 11. the first banker; 12. the order of staking and play; 13. the sale to the highest bidder
CUT_000 = ("Քանի որ բանկիրն ունի առավելություն, սա կարելի է ընտրել պատահականության "
           "սկզբունքով (ով կտրում է ամենաբարձր քարտը):")
CUT_EN = ("One player is designated as the banker. The banker has an advantage, so the first "
          "banker is chosen at random (whoever cuts the highest card).")
DEAL_EN = ("The banker deals one card face down to each player, starting with the player to "
           "dealer's left, going round the table and ending with the dealer. All the players "
           "except the banker may look at their card. Now starting again with the player to "
           "dealer's left and going around clockwise, the players other than the banker place "
           "their initial bets in front of them.")  # pagat.com's English page, as copied
STAKES_001 = ("ਪਹਿਲੇ ਕਾਰਡ ਦੀ ਡੀਲ ਕੀਤੇ ਜਾਣ ਤੋਂ ਬਾਅਦ, ਡੀਲਰ ਦੇ ਖੱਬੇ ਪਾਸੇ ਵਾਲੇ ਖਿਡਾਰੀ ਨਾਲ ਸ਼ੁਰੂ "
              "ਕਰਦੇ ਹੋਏ, ਖਿਡਾਰੀ ਆਪਣੀ ਸ਼ੁਰੂਆਤੀ ਸੱਟਾ ਲਗਾਉਂਦੇ ਹਨ।")
DEAL_000 = ("Բանկիրը յուրաքանչյուր խաղացողի բաժանում է մեկ քարտ՝ դեմքով ներքև՝ սկսած "
            "ձախից:")
SALE_000 = ("Եթե կատվիկը չոր է, դիլերը պետք է կա՛մ նոր կատվիկ տեղադրի, կա՛մ բանկը վաճառի "
            "ամենաբարձր գնորդին:")
SALE_004 = ("اگر کٹی خشک ہے تو ڈیلر کو یا تو نئی کٹی لگانی چاہیے یا بینک کو سب سے زیادہ بولی "
            "لگانے والے کو بیچنا چاہیے۔")


def test_11_the_first_banker_cuts_the_highest_card_ace_high_our_reading() -> None:
    r = load_bundled("pagat-british")
    assert r.table.first_banker.value == "highest-cut"
    prov = r.provenance["table.first_banker"]
    assert prov.status is Status.STATED and prov.open  # the ace's place in the cut is ours
    quotes(CUT_EN, prov)
    assert "ով կտրում է ամենաբարձր քարտը" in CUT_000 and "ով կտրում է ամենաբարձր քարտը" in prov.note
    assert "جو بھی سب سے زیادہ کارڈ کاٹتا ہے" in prov.note
    text = next(s.text for s in sentences(r) if "table.first_banker" in s.paths)
    assert "Whoever cuts the highest card (ace high) banks first" in text
    assert daggered(r, "table.first_banker")


def test_12_staking_and_play_go_from_the_bankers_left() -> None:
    r = load_bundled("pagat-british")
    assert r.table.direction.value == "left"
    prov = r.provenance["table.direction"]
    assert prov.status is Status.STATED
    quotes(DEAL_EN, prov)
    assert DEAL_000.rstrip(":") in prov.note
    assert "ਡੀਲਰ ਦੇ ਖੱਬੇ ਪਾਸੇ ਵਾਲੇ ਖਿਡਾਰੀ ਨਾਲ ਸ਼ੁਰੂ ਕਰਦੇ ਹੋਏ" in STAKES_001
    assert "ਡੀਲਰ ਦੇ ਖੱਬੇ ਪਾਸੇ ਵਾਲੇ ਖਿਡਾਰੀ ਨਾਲ ਸ਼ੁਰੂ ਕਰਦੇ ਹੋਏ" in prov.note
    assert "սկսած դիլերից մնացած խաղացողից" in prov.note  # 000's "left" as "remaining"


def test_13_a_dry_kitty_sells_the_bank_to_the_highest_bidder() -> None:
    r = load_bundled("shoot-pontoon")
    assert r.shoot.dry_kitty_sale.value == "highest-bidder"
    prov = r.provenance["shoot.dry_kitty_sale"]
    assert prov.status is Status.STATED
    quotes(SALE_000, prov)
    assert "سب سے زیادہ بولی لگانے والے کو" in SALE_004
    assert "سب سے زیادہ" in prov.note and "بولی لگانے والے کو" in prov.note
