"""Issue 49 (g49q): a fresh reader's points on Siebzehn und Vier (de, en, ru), Vingt-un and
casino Очко (en, ru), each read from the printed sheet and, where the sheet states what the
engine does, played through the engine: Feuer's 22 is no bust, the raise is a whole stake of
at most 5× the first (as often as there is room, after a card too), a game of one pack says
"the pack", the other players pay a natural at the settlement (bust or not, the banker's
natural too), and the casino's machine shuffle against the home table's cut and marker."""

from __future__ import annotations

from engine_helpers import nets, run

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.reach import over_limit_hands
from pontoon_rules.engine.round.actions import RAISE, TWIST, Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.hand import is_bust
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.format.fields import with_value
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


def sheet(ruleset: Ruleset | str, lang: str) -> str:
    """The printed sheet of a ruleset (or a bundled id) in `lang`, Markdown escapes dropped."""
    r = load_bundled(ruleset) if isinstance(ruleset, str) else ruleset
    return sheet_markdown(r, lang, find_base(r)).replace("\\", "")


def line_of(text: str, start: str) -> str:
    """The one rule of the sheet that opens with `start`."""
    found = [x for x in text.splitlines() if x.startswith(f"- {start}")]
    assert len(found) == 1, (start, found)
    return found[0]


def changed(ruleset_id: str, path: str, value: object) -> Ruleset:
    data = load_bundled(ruleset_id).model_dump(mode="python")
    return Ruleset.model_validate(with_value(data, path, value))


def test_feuer_is_no_bust_where_the_sheet_says_what_a_bust_is() -> None:
    """Two aces of 11 make 22, and the engine names them Feuer, not bust: the bust line says
    so in every language the sheet is printed in (the reader: „Überkauft: mehr als 21 Augen"
    against „obwohl sie 22 zählen")."""
    ruleset = load_bundled("siebzehn-und-vier")
    assert over_limit_hands(ruleset) == ["feuer"]
    state = RoundState(compile_rules(ruleset), [100])
    for card in parse_cards("AS 9H".split()):  # the player's A, the banker's 9
        state.apply_action(card)
    state.apply_action(Action(TWIST))
    state.apply_action(parse_cards(["AH"])[0])  # the second ace: 22
    assert not is_bust(state.seats[0].hands[0], state.rules)
    assert ("Bust: a total over 21; a bust hand loses. The one exception: Feuer (two aces) is "
            "never bust, though it counts more than 21.") in line_of(
                sheet(ruleset, "en"), "Bust:")
    assert ("Überkauft: mehr als 21 Augen; wer sich überkauft hat, verliert. Einzige Ausnahme: "
            "Feuer (zwei Asse) ist nie überkauft, obwohl die Hand mehr als 21 Augen zählt.") in (
                line_of(sheet(ruleset, "de"), "Überkauft:"))
    assert ("Единственное исключение: «золотое очко» (два туза) — никогда не перебор, хотя в этой "
            "руке больше 21 очка.") in line_of(sheet(ruleset, "ru"), "Перебор:")


def test_a_game_whose_named_hands_stay_under_the_limit_keeps_its_bust_line() -> None:
    """The exception comes from the named hands' fields: Vingt-un's hands are never over 21."""
    assert over_limit_hands(load_bundled("vingt-un")) == []
    assert "exception" not in line_of(sheet("vingt-un", "en"), "Bust:")


def test_the_raise_says_what_the_engine_lets_a_player_raise() -> None:
    """The engine lets a stake of 100 grow to 500 in all (5× the first, not 5× added), in as
    many raises as fit, after a card bought without a stake too; the sheet says all three."""
    state = RoundState(compile_rules(load_bundled("siebzehn-und-vier")), [100])
    for card in parse_cards("7S 8H".split()):
        state.apply_action(card)
    state.apply_action(Action(TWIST))
    state.apply_action(parse_cards(["7D"])[0])
    raises = [a for a in state.legal_actions() if a.kind == RAISE]
    assert [(a.low, a.high) for a in raises] == [(1, 400)]  # after a card: room to 500
    state.apply_action(Action(RAISE, 100))
    state.apply_action(Action(RAISE, 300))  # a second raise
    assert state.seats[0].hands[0].stakes == [500]
    assert not [a for a in state.legal_actions() if a.kind == RAISE]
    assert ("Raise: while your hand may still draw, after drawing too, you may add to your "
            "stake without taking a card, as often as you like, until the whole stake is 5× "
            "the stake you first put down (a first stake of 100 grows to at most 500 in all)."
            ) in line_of(sheet("siebzehn-und-vier", "en"), "Raise:")
    assert ("Erhöhen: Solange Sie noch kaufen dürfen, auch nachdem Sie schon gekauft haben, "
            "dürfen Sie Ihren Einsatz erhöhen, ohne eine Karte zu nehmen, und zwar beliebig "
            "oft, bis der ganze Einsatz das 5-Fache des ersten beträgt (ein erster Einsatz von "
            "100 wächst so auf höchstens 500 insgesamt). †") == line_of(
                sheet("siebzehn-und-vier", "de"), "Erhöhen:")[2:]
    assert "сколько угодно раз, пока вся ставка не станет 5×" in line_of(
        sheet("siebzehn-und-vier", "ru"), "Повышение:")


def test_a_game_of_one_pack_says_the_pack_not_each_pack() -> None:
    """„Aus jedem Blatt" read as a game of several packs; one pack is „das Blatt"; a game of
    two packs keeps "each"."""
    assert ("Aus dem Blatt sind Zweien, Dreien, Vieren, Fünfen, Sechsen entfernt"
            in sheet("siebzehn-und-vier", "de"))
    assert "The pack has the twos, threes" in sheet("siebzehn-und-vier", "en")
    assert "Из колоды убраны двойки" in sheet("siebzehn-und-vier", "ru")
    two = changed("siebzehn-und-vier", "pack.decks", 2)
    assert "Each pack has the twos, threes" in line_of(sheet(two, "en"), "Played with 2 packs")


def test_vingt_un_natural_is_paid_by_the_others_at_settlement_bust_or_not() -> None:
    """Played through the engine: a player who has bust still pays another's natural (2:1 on
    his own stake), and so do the others when the banker's natural ends the deal at once;
    the sheet says when they pay and both cases."""
    # p1 A K (natural), p2 9 7 twists 6: bust, p3 10 9 sticks; the banker 8 10 sticks
    bust = run("vingt-un", [100, 200, 300], "AS 9H TS 8D KS 7H 9C TH 6C",
               "p2 twist, p3 stick, banker stick")
    assert [s.between_players for s in bust.result.seats] == [1000, -400, -600]
    assert bust.result.seats[1].hands[0].hand_class == "bust"
    # the banker's A 10 is shown at once: the deal ends, p1's natural is still paid
    ended = run("vingt-un", [100, 200, 300], "AS 9H TS AD KS 7H 9C TH")
    assert [s.between_players for s in ended.result.seats] == [1000, -400, -600]
    assert nets(ended) == [1000, -800, -1200, 1000]
    rule = line_of(sheet("vingt-un", "en"), "Natural vingt-un:")
    assert ("When a player holds it, the banker pays it 2:1 on settling that hand, as any win, "
            "and each other player pays that player too, 2:1 on their own stake, unless they hold "
            "the same hand. They pay it when the deal is settled, "
            "whatever the banker holds, even when the banker's natural vingt-un, shown at "
            "once, ends the deal; a player who has bust pays it too. †") in rule
    assert ("Платят при расчёте раздачи, что бы ни было у банкира, даже если банкир сразу "
            "открыл очко с раздачи и раздача на этом кончилась; игрок с перебором "
            "тоже платит.") in sheet("vingt-un", "ru")


def test_without_a_bankers_natural_at_once_the_sheet_leaves_that_case_out() -> None:
    later = changed("vingt-un", "deal.banker_pontoon_at_once", False)
    rule = line_of(sheet(later, "en"), "Natural vingt-un:")
    assert ("They pay it when the deal is settled, whatever the banker holds; a player who has "
            "bust pays it too.") in rule


def test_casino_ochko_machine_shuffle_is_the_casinos_and_home_names_the_cutter() -> None:
    """The machine line is the casino's; at home the dealer shuffles and the player on the
    dealer's right cuts (play goes left), and puts a marker card for the 75% reshuffle."""
    en, ru = sheet("casino-ochko", "en"), sheet("casino-ochko", "ru")
    assert line_of(en, "In the casino") == (
        "- In the casino the cards are shuffled at random by a machine (online, by the game "
        "itself), and nobody cuts them.")
    home = line_of(en, "At home")
    assert ("With no machine at home, the dealer shuffles the cards by hand and, as is usual, "
            "the player on the dealer's right cuts them.") in home
    assert ("To see when 75% of the cards have been dealt, whoever cuts puts a cut card (a "
            "joker will do) into the pack about 25% of the way up from the bottom: when it "
            "comes out, the cards are shuffled after that deal.") in home
    assert "a player cuts them" not in en
    assert line_of(ru, "В казино").startswith("- В казино карты тасует машина")
    home_ru = line_of(ru, "Дома")
    assert "дилер сам тасует карты, а игрок справа от дилера, как принято, снимает" in home_ru
    assert "примерно на 25% от её низа" in home_ru


def test_casino_ochko_says_dealer_for_the_house_throughout_in_english() -> None:
    """The intro's "house dealer" and the body's "banker" were one role in two words; the
    game's sources say dealer (the help page «дилер», the Wizard of Odds' English rules), so
    the English sheet speaks its English source's words (`en@wizard-of-odds`), as the
    Russian one speaks its help page's (`ru@ochko-ru`); Sydney's casino, written over it,
    keeps its own hit and stand and says dealer as before."""
    from pontoon_rules.docs.words.i18n import words_of

    ruleset = load_bundled("casino-ochko")
    assert words_of(ruleset, "en") == "en@wizard-of-odds"
    assert "dealer" in ruleset.summary
    en = sheet(ruleset, "en")
    assert "banker" not in en.lower()
    assert "## The dealer's turn" in en
    assert "| Hand | Example | Dealer pays | Dealer takes |" in en
    assert "For 1 to 7 players, each playing against the house dealer." in en  # as its intro
    assert "банкир" not in sheet(ruleset, "ru")
    sydney = sheet("australian-pontoon", "en")
    assert "banker" not in sydney.lower() and "Hit: take another card" in sydney
    assert "Twist: take another card" in en and "Stick: take no more cards" in en


def test_vingt_un_shows_a_three_card_vingt_un_paid_double() -> None:
    """A 21 of three cards or more pays 2:1 there, unlike an ordinary total: the worked
    examples show one (`showings.drawn_bonus_hands`, from the hands' payouts: any common
    hand made by drawing that pays more than a total, the five-card trick elsewhere)."""
    from pontoon_rules.docs.words.showings import drawn_bonus_hands

    assert drawn_bonus_hands(load_bundled("vingt-un")) == ["twenty-one"]
    assert drawn_bonus_hands(load_bundled("pagat-british")) == ["five-card-trick"]
    examples = sheet("vingt-un", "en").split("## Worked examples")[1]
    shown = [x for x in examples.split("\n\n") if "with 3 cards: vingt-un." in x]
    assert shown and "player 1 wins 200" in shown[0], examples
    assert "21 (3 карты): двадцать одно." in sheet("vingt-un", "ru")
