"""Issue 49, readers r49t and r49w on the sheets a table plays a whole evening from (g49aj):
Ban Luck, Очко at home, Casino Filipino, the reference blackjack and vingt-un. Each sentence
now says what the engine does, in every language the sheet prints, and each is checked
against the engine where it says what play does."""

from __future__ import annotations

import pytest
from sheet_text import sheet, word

from pontoon_rules.docs.words.lacking import gives_whole, lacking, said_absent
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import parse_step, play
from pontoon_rules.ruleset.loading.registry import load_bundled

BOTH = ("en", "ru")

AFTER_CALL_OFF = ("Declare it only in your turn: after the banker has decided whether to call "
                  "the deal off and has checked for a %(natural)s.")
AFTER_CHECK = "Declare it only in your turn, after the banker has checked for a %(natural)s."
FREE_HAND = ("You may take a free hand, giving up your first two cards and getting %(back)s of "
             "your stake back")
HIDDEN = ("You may keep a bust hidden rather than show it at once: it then stands face down like "
          "any other hand until the settlement, where it is found and you pay the banker "
          "%(odds)s on your stake, %(amount)s in all on a stake of %(stake)s, whatever the "
          "banker holds, even if the banker busts.")
AT_SETTLEMENT = ("So what comes back is handed back only at the settlement, not when you "
                 "surrender: until then the whole stake stays on the table.")
STAKE_LIMIT = ("Each player stakes at least %(low)s; the rules set no upper limit, and at home "
               "each stake is cut to what the bank still has free, as said above.")


def stepped(ruleset_id: str, stakes: list[int], shoe: str, steps: list[str]) -> RoundState:
    """A round dealt from `shoe` and played by `steps`, left where either ends (or done)."""
    state = RoundState(compile_rules(load_bundled(ruleset_id)), stakes)
    cards, actions = iter(parse_cards(shoe.split())), iter(steps)
    while not state.is_terminal():
        if state.is_chance_node():
            if (card := next(cards, None)) is None:
                break
            state.apply_action(card)
        elif (step := next(actions, None)) is None:
            break
        else:
            state.apply_action(parse_step(step, 0)[1])
    return state


# 1. Ban Luck ------------------------------------------------------------------------------

def test_the_banker_decides_on_calling_off_before_any_special_hand_is_shown() -> None:
    """r49w: players showed a ban-luck 'at once', before the banker decided on a 15: the
    engine asks the banker first, the player's ban-luck still unsettled and unasked."""
    state = stepped("ban-luck", [100], "6S JD 9H AS", [])  # banker 6 9 = 15; player J A
    assert state.actor_name() == "banker"
    assert {str(a) for a in state.legal_actions()} == {"call-off", "decline"}
    assert state.seats[0].hands[0].settled_net is None


def test_ban_luck_says_a_special_hand_is_shown_only_after_the_banker_decides() -> None:
    en = sheet("ban-luck", "en")
    assert "show it at once" not in en
    assert ("Show it only in your turn: after the banker has decided whether to call the deal "
            "off and has checked for a ban-ban or ban-luck.") in en
    ru = sheet("ban-luck", "ru")
    assert word("ru", AFTER_CALL_OFF, natural="бан-бан» или «бан-лак") in ru


def test_the_summary_lets_five_cards_stop_below_16() -> None:
    """r49w: the summary's 'both sides must reach 16' beside the five cards that stop lower;
    the engine stops a five-card hand of 15 (the sheet's own worked round)."""
    rules = compile_rules(load_bundled("ban-luck"))
    r = play(rules, [100], parse_cards("7S 2H KD 6S 3H 3C AD".split()),
             ["p1 twist", "p1 twist", "p1 twist", "banker open 1", "banker stick"])
    [hand] = r.result.seats[0].hands
    assert (len(hand.cards), hand.hand_class) == (5, "five-cards")
    assert "must reach 16 before they stop, unless they hold five cards" in sheet("ban-luck", "en")
    assert "набрать 16, прежде чем остановиться (с пятью картами — и меньше)" in sheet(
        "ban-luck", "ru")


def test_a_free_hand_gets_the_whole_stake_back_and_has_one_name_in_each_language() -> None:
    """r49w: 'free hand' (en) beside «сдаться» (ru) for one move; the engine gives the
    whole stake back, so both say a free hand (lacking.py's name for it)."""
    rules = compile_rules(load_bundled("ban-luck"))
    r = play(rules, [100], parse_cards("6D 7S KS 8H 2S".split()),
             ["p1 surrender", "banker twist", "banker stick"])
    assert r.result.seats[0].hands[0].net == 0
    assert gives_whole(load_bundled("ban-luck"))
    en, ru = sheet("ban-luck", "en"), sheet("ban-luck", "ru")
    assert "surrender" not in en
    assert word("ru", FREE_HAND, back="всю сумму") in ru
    assert "выходит из раздачи" in ru and "вышел из раздачи" in ru  # r49zx: not «свободная рука»
    assert not any(w in ru for w in ("сдаться", "сдаётся", "сдался"))


def test_a_surrender_for_half_is_still_a_surrender() -> None:
    assert not gives_whole(load_bundled("casino-filipino-pontoon"))
    assert "free hand" not in sheet("casino-filipino-pontoon", "en")


# 2. Очко at home: who pays whom for a hidden bust -------------------------------------------

def test_a_hidden_bust_pays_the_banker_twice_the_stake_in_all() -> None:
    rules = compile_rules(load_bundled("ochko-home"))
    shoe = parse_cards("TD 9S KC 6C QD 8C".split())
    hidden = play(rules, [100], shoe, ["p1 twist", "p1 twist", "p1 hide", "banker stick"])
    shown = play(rules, [100], shoe, ["p1 twist", "p1 twist", "p1 stick"])
    assert (hidden.result.seats[0].hands[0].net, shown.result.seats[0].hands[0].net) == (-200, -100)


@pytest.mark.parametrize("lang", BOTH)
def test_the_sheet_says_who_pays_a_hidden_bust_and_how_much(lang: str) -> None:
    odds = "2:1" if lang == "en" else "2 к 1"
    text = sheet("ochko-home", lang)
    assert word(lang, HIDDEN, odds=odds, amount=200, stake=100) in text
    assert "pays 2:1 on your stake" not in text


# 3. Casino Filipino: when a surrender's half is paid; the named hand «двадцать одно» -------

def test_a_surrender_that_a_pontoon_may_void_is_paid_at_the_settlement() -> None:
    state = stepped("casino-filipino-pontoon", [100], "8D QH 7S", ["p1 decline", "p1 surrender"])
    assert state.is_chance_node() and state.seats[0].hands[0].settled_net is None
    state.apply_action(parse_cards(["8S"])[0])  # the dealer's second card: no pontoon
    assert state.is_terminal() and state.seats[0].hands[0].settled_net == -50


@pytest.mark.parametrize("lang", BOTH)
def test_filipino_says_when_the_half_comes_back(lang: str) -> None:
    assert word(lang, AT_SETTLEMENT) in sheet("casino-filipino-pontoon", lang)


@pytest.mark.parametrize(("up", "offered"), [("AH", False), ("QH", True)])
def test_buy_bets_are_given_up_only_where_a_surrender_is_allowed(up: str, offered: bool) -> None:
    """r49t: whether the dealer's ace bars giving up buy bets too: the engine offers it on
    a surrender's conditions (`giving_up.buy_bets_range`)."""
    steps = ["p1 decline", "p1 buy 100"]
    state = stepped("casino-filipino-pontoon", [100], f"8D {up} 3S 3C", steps)
    legal = {str(a) for a in state.legal_actions()}
    assert ("business 1" in legal, "surrender" in legal) == (offered, offered)


@pytest.mark.parametrize("lang", BOTH)
def test_filipino_says_buy_bets_have_a_surrenders_limits(lang: str) -> None:
    said = word(lang, "Giving up buy bets has the same limits as a surrender.")  # «отказаться»
    assert said in sheet("casino-filipino-pontoon", lang)


def test_the_russian_named_twenty_one_is_not_a_bare_total() -> None:
    """r49t: the named hand «21» beside the plain total 21 («у дилера просто 21»)."""
    ru = sheet("casino-filipino-pontoon", "ru")
    assert "- Двадцать одно: 3 карты и больше с суммой 21" in ru
    assert "- 21: 3 карты" not in ru and "«21» выигрывает" not in ru
    assert "21 из пяти карт и больше или двадцать одно, а у дилера просто 21" in ru


# 4. The reference blackjack: no surrender among the rules, the home stake's limit ----------

def test_a_feature_the_sources_say_is_absent_is_named_among_the_rules() -> None:
    r = load_bundled("blackjack-reference")
    assert said_absent(r, "player.surrender.allowed")
    assert "player.surrender.allowed" in lacking(r)
    assert not said_absent(r, "player.double.allowed")  # it doubles
    assert not said_absent(load_bundled("ban-luck"), "player.surrender.allowed")  # a free hand
    ochko = load_bundled("ochko-home")  # its source: no quitting once you draw; but no home
    assert said_absent(ochko, "player.surrender.allowed")  # table has heard of a surrender
    assert "player.surrender.allowed" not in lacking(ochko)
    assert "Not in this game: surrendering a hand." in sheet("blackjack-reference", "en")
    assert "В этой игре нет: права сдаться." in sheet("blackjack-reference", "ru")


@pytest.mark.parametrize("lang", BOTH)
def test_the_home_stake_limit_is_what_the_bank_has_free(lang: str) -> None:
    text = sheet("blackjack-reference", lang)
    low = "1 chip" if lang == "en" else "1 фишки"
    assert word(lang, STAKE_LIMIT, low=low) in text
    assert "the casino sets no upper limit" not in text and "в казино верхнего" not in text


# 5. Vingt-un: the banker's natural is shown first ---------------------------------------

def test_the_bankers_natural_ends_the_deal_before_any_player_declares() -> None:
    state = stepped("vingt-un", [100], "AD AC TS TD", [])  # both hold a natural vingt-un
    assert state.is_terminal()


@pytest.mark.parametrize("lang", BOTH)
def test_vingt_un_says_the_banker_checks_first(lang: str) -> None:
    natural = "natural vingt-un" if lang == "en" else "очко с раздачи"
    assert word(lang, AFTER_CHECK, natural=natural) in sheet("vingt-un", lang)


# 6. Очко's ranking: the banker's two aces against the player's outright hands -------------

def test_the_bankers_two_aces_lose_to_the_players_outright_hands() -> None:
    """r49t: "The banker's two aces beats any other hand of a player" read as beating the
    player's twenty-one too: the engine pays the player's twenty-one against them."""
    rules = compile_rules(load_bundled("ochko-home"))
    r = play(rules, [100], parse_cards("AS AH QD 7C AC".split()), ["p1 twist", "banker twist"])
    [hand] = r.result.seats[0].hands
    assert (hand.hand_class, r.result.banker_class, hand.net) == ("twenty-one", "golden-point", 100)
    text = sheet("ochko-home", "en")
    assert ("The banker's two aces beats every hand of a player except two aces and "
            "twenty-one") in text  # the exceptions by name (r50a, f49f)
    assert "У банкира золотое очко бьёт любую руку игрока, кроме этих" in sheet(
        "ochko-home", "ru")  # no sentence opening on a hand's name (r49zs)


def test_a_void_surrender_is_said_as_the_surrender_failing() -> None:
    """r49t: «сдавшийся теряет это право»: what is lost is the surrender itself."""
    ru = sheet("casino-filipino-pontoon", "ru")
    assert ("Если затем у дилера выходит понтун, решение сдаться аннулируется: рука "
            "рассчитывается так, будто игрок не сдавался") in ru
    assert "это право" not in ru
    assert sheet("casino-filipino-pontoon", "en").startswith(
        "# Casino Filipino Pontoon (PAGCOR, Manila)")
    assert ru.startswith("# Австралийский казино-понтун по правилам казино «Филипино» "
                         "(Манила)")  # its base named first (test_docs_russian), no Latin
