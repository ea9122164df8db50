"""Issue 49, the fresh reader's report: contradictions and wrong facts between the
sentences of one sheet, and words a printed sheet should not carry (field paths, the
program's automatic banker, raw value lists), each checked on the sentences the sheets
print (`docs.words.sentences`), in every language that prints them where the words matter."""

from __future__ import annotations

import re

import pytest
from home_words import home as home_part

from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from tests.changed_ruleset import changed
from tests.engine_helpers import nets, run


def said(ruleset_id: str, lang: str = "en") -> dict[str, str]:
    """The sheet's sentences by rule key (a named hand's under `hand:<id>`)."""
    return {s.key: s.text for s in sentences(load_bundled(ruleset_id), lang)}


def text(ruleset_id: str, lang: str = "en") -> str:
    return " ".join(said(ruleset_id, lang).values())


@pytest.mark.parametrize(("ruleset_id", "n", "verb"), [
    ("pagat-british", 15, "stick"), ("ban-luck", 16, "stand"), ("xi-dach", 16, "stand"),
    ("casino-ochko", 15, "stick")])  # Ban Luck's pages say stand (locale/en/.../timeout.po)
def test_the_stick_minimum_is_a_permission_not_an_order(ruleset_id: str, n: int,
                                                         verb: str) -> None:
    stick = said(ruleset_id)["stick"]
    assert f"You may {verb} on {n} or more; below {n} you must draw." in stick
    assert f"{verb.capitalize()} on {n} or more" not in stick


@pytest.mark.parametrize("lang", ["en", "ru", "hy", "pa", "ur"])
def test_players_look_at_their_cards_before_staking_on_the_first(lang: str) -> None:
    """'You stake after looking at your first card' beside 'then everyone looks'."""
    looks = said("pagat-british", lang)["banker_looks"]
    english = said("pagat-british")["banker_looks"]
    assert "then everyone" not in english
    assert "each player may look at their own cards as they come" in english
    assert looks != english or lang == "en"


def test_a_stake_cut_at_the_players_turn_is_named_before_the_second_card() -> None:
    """Home Очко: the stake is named on the first card and cut at the turn."""
    when = said("ochko-home")["stake_when"]
    assert "You name your stake after looking at your first card" in when
    assert "when your turn comes, it is cut to what the bank then has free" in when


@pytest.mark.parametrize("ruleset_id", ["siebzehn-und-vier", "sette-e-mezzo"])
def test_pairs_that_depart_from_the_payouts_are_marked_as_exceptions(ruleset_id: str) -> None:
    """Siebzehn und Vier's 'paying the banker 1:1' beside the table's 2:1; Sette e
    mezzo's reale 'paid 1:1' beside its 2:1."""
    out = said(ruleset_id)["outcomes"]
    assert out.startswith("Exceptions to the payouts above:")  # the winner is the ranking's
    assert said(ruleset_id, "ru")["outcomes"].startswith("Исключения из выплат")


def test_siebzehn_und_vier_german_marks_its_exceptions() -> None:
    """Reader 6: «Ausnahmen von der Rangfolge und den Auszahlungen» sent a reader looking for
    a ranking change: every exception here keeps the ranking's winner, only the odds differ."""
    assert said("siebzehn-und-vier", "de")["outcomes"].startswith(
        "Ausnahmen von den Auszahlungen oben:")


def test_exceptions_that_change_the_winner_are_headed_as_the_rankings() -> None:
    """Casino Filipino's soft 21 against the dealer's pontoon is a stand-off where the ranking
    has it lose: an exception to the ranking, the odds untouched."""
    assert said("casino-filipino-pontoon")["outcomes"].startswith(
        "Exceptions to the ranking above:")


def test_a_banker_who_must_draw_below_16_draws_though_every_player_has_gone() -> None:
    """Ban Luck: 'may not stand below 16' beside an example where the banker stops at 13
    (the only player took a free hand). A bust is not shown there, so the banker cannot
    know that nobody is left and plays out the hand (`banker.draws_when_no_live_hands`, the
    sixth reader's hidden bust, test_docs_reader6): the sheet says so and the engine draws."""
    assert "The banker plays out their hand even when every player has already bust." \
        in said("ban-luck")["banker_cards"]
    r = run("ban-luck", [100], "3H 5C TH JD 4S", "p1 surrender, banker twist, banker stick")
    assert nets(r) == [0, 0] and r.result.banker_cards == ["3H", "TH", "4S"]


def test_a_tied_natural_is_not_called_beaten() -> None:
    """Vingt-un: a natural against the banker's is a stand-off, not 'beaten'."""
    bank = said("vingt-un")["bank"]
    assert "beaten" not in bank
    assert ("A player's natural vingt-un does not take the bank when the banker too has a "
            "natural vingt-un, which is shown at once and ends the deal.") in bank  # f49b


@pytest.mark.parametrize("ruleset_id", ["siebzehn-und-vier", "ban-luck", "xi-dach"])
def test_a_bank_no_rule_passes_is_left_to_the_table(ruleset_id: str) -> None:
    bank = said(ruleset_id)["bank"]
    assert "The bank stays with the same player." not in bank
    assert "the table agrees before play when it goes to the next player" in bank


@pytest.mark.parametrize("ruleset_id", [i for i in bundled_ids()
                                        if load_bundled(i).table.banker.value == "rotating"])
def test_the_end_of_the_evening_is_the_tables_choice(ruleset_id: str) -> None:
    assert "The rules do not say when the evening ends: that is the table's choice" \
        in said(ruleset_id)["bank"]


@pytest.mark.parametrize("ruleset_id", ["vingt-un", "sette-e-mezzo", "siebzehn-und-vier"])
def test_unlimited_stakes_against_a_player_bank_say_who_pays(ruleset_id: str) -> None:
    limits = said(ruleset_id)["stake_limits"]
    assert "there is no upper limit" in limits
    assert "The banker pays every winner from their own money" in limits


def test_the_surrender_says_any_card_but_an_ace_in_words() -> None:
    surrender = said("casino-filipino-pontoon")["surrender"]
    assert "unless the dealer's first card is an ace" in surrender  # its guide's Dealer
    assert "one of" not in surrender
    assert "a hand of up to" not in surrender
    assert "at any time in your turn" in surrender


def test_a_surrender_against_every_card_names_no_cards() -> None:
    assert "first card is" not in said("spanish-21")["surrender"]


def test_a_last_buy_card_the_buy_limit_never_reaches_is_not_said() -> None:
    buys = said("casino-filipino-pontoon")["buy_limits"]
    assert "Card number" not in buys
    assert "A hand may buy at most 3 cards." in buys


@pytest.mark.parametrize("ruleset_id", ["ban-luck", "xi-dach"])
def test_no_sheet_speaks_of_the_automatic_banker(ruleset_id: str) -> None:
    assert "automatic" not in text(ruleset_id)


def test_spanish_21_calls_its_natural_blackjack() -> None:
    words = text("spanish-21")
    assert "pontoon" not in words.lower()
    assert "checks for a blackjack" in words


def test_russian_exceptions_are_not_said_with_moreover() -> None:
    """«кроме того, что» means 'moreover'; an exception is a plain «но» (reader 3: «за
    исключением того, что» is a heavy calque of 'except that')."""
    for ruleset_id in ("ochko-home", "belarus-ponton"):
        ranking = said(ruleset_id, "ru")["ranking"]
        assert "кроме того, что" not in ranking
        assert "за исключением того" not in ranking
    assert said("belarus-ponton", "ru")["ranking"].startswith(
        "Эти руки игрока выигрывают, что бы ни было у дилера")  # the exception first (r49zs)
    # home Очко's named hands never share cards: its ranking says the outright hands first,
    # no exception to an order that never applies (g49aa)
    assert said("ochko-home", "ru")["ranking"].startswith(
        "Эти руки игрока выигрывают, что бы ни было у банкира")


def test_a_one_player_table_says_the_banker_plays_each_in_turn() -> None:
    """Siebzehn und Vier: '1 player plays against the banker' beside 'the banker plays
    each player in turn' and a round deal 'from the banker's left'."""
    words = said("siebzehn-und-vier")
    assert "plays one player at a time" in words["table"]
    assert "1 player plays" not in words["table"]
    assert "from the banker's left" not in words["deal_order"]
    assert "When the player has already bust" in words["banker_cards"]


def test_a_banker_dealt_one_card_makes_two_aces_by_drawing() -> None:
    """Home Очко: the banker's two aces (the table's 'Banker takes 1:1') come with a drawn
    card; 'of any total' says nothing of two named ranks."""
    golden = said("ochko-home")["hand:golden-point"]
    assert ("The banker, holding one card, has two aces if that card and the first card "
            "drawn are A A.") in golden
    assert "of any total" not in golden


def test_the_bankers_five_card_hand_beats_a_players_higher_total() -> None:
    """Belarus: whether the dealer's five-card hand beats a player's 20: it does, and a
    player's beats the dealer's 20 as well (the ranking holds for both: g49ak)."""
    assert "Whoever holds it, it beats any ordinary total, even a higher one." \
        in said("belarus-ponton")["hand:five-card-trick"]
    assert "even a higher one" not in said("ochko-home")["hand:golden-point"]


@pytest.mark.parametrize(("ruleset_id", "lang", "wrong"), [
    ("siebzehn-und-vier", "en", "count 21"), ("siebzehn-und-vier", "de", "21 zählen"),
    ("vingt-un", "en", "dealer"), ("sette-e-mezzo", "en", "cavallo and re half"),
    ("casino-ochko", "ru", "один раз за сдачу"), ("ochko-home", "en", "ties go"),
    ("ochko-home", "ru", "при равенстве выигрывает банкир")])
def test_the_summary_says_what_the_body_says(ruleset_id: str, lang: str, wrong: str) -> None:
    r = load_bundled(ruleset_id)
    summary = r.summary if lang == "en" else r.translations[lang].summary
    assert wrong not in summary


def test_the_sources_name_a_page_citing_pagat_as_machine_translations() -> None:
    """The seeds are machine translations of an English page that cites pagat.com (their
    `machine_translation_of`), not pagat's page: the titles say so (g49e's reader)."""
    from pontoon_rules.docs.sheet.views import sources_view

    for lang in ("en", "ru", "hy", "pa", "ur"):
        titles = " ".join(s["title"] for s in sources_view(load_bundled("pagat-british"), lang))
        original = {"en": "pagat.com", "ru": "Пагат", "hy": "Պագատ", "pa": "ਪਾਗਟ", "ur": "پاگٹ"}
        machine = {"en": "machine-translated", "ru": "машинном переводе",
                   "hy": "մեքենայական", "pa": "ਮਸ਼ੀਨੀ", "ur": "مشینی"}
        assert original[lang] in titles and titles.count(machine[lang]) == 3


def test_a_printed_sheet_says_a_variations_changes_in_words_only() -> None:
    from pontoon_rules.docs import render_sheet
    from pontoon_rules.docs.sheet.sheet_view import find_base

    for ruleset_id in ("xi-dach", "shoot-pontoon"):
        r = load_bundled(ruleset_id)
        md = render_sheet(r, "md", "en", find_base(r)).decode()
        assert "Fields changed" not in md
        assert "`pack." not in md and "`shoot." not in md


@pytest.mark.parametrize("ruleset_id", ["ban-luck", "xi-dach"])
def test_an_ace_that_counts_by_the_cards_is_said_once(ruleset_id: str) -> None:
    """'An ace counts 1 or 11 … An ace counts instead by the number of cards': one rule."""
    pack = said(ruleset_id)["pack"]
    assert pack.count("An ace counts") == 1
    # xi dach's ace counts alike in every hand of two cards or more: said plainly
    assert ("An ace counts by the number of cards in the hand" in pack
            or "An ace counts 1, 10 or 11, whatever the number of cards" in pack)


def test_a_bust_shown_at_once_is_not_narrated_as_a_stick() -> None:
    """Home Очко, example 2: «хватит» on 23 reads as hiding the bust (which pays 2:1), yet
    the engine showed it (and charged 100); the narration says what the engine did."""
    from pontoon_rules.docs.sheet.sheet_view import worked_examples

    for lang, shown in (("en", "shows the bust at once"), ("ru", "сразу показывает перебор")):
        lines = [line for ex in worked_examples(load_bundled("ochko-home"), lang)
                 for line in ex["lines"]]
        players = [line for line in lines
                   if line.startswith(("Player 1", "Игрок 1")) and "23" in line]
        assert players and all(shown in line for line in players), players
        assert not any("sticks: 23" in line for line in lines)


def test_a_pair_names_an_ordinary_total_in_plain_words() -> None:
    """'against the banker's any other total' → 'against the banker's ordinary total'."""
    for ruleset_id in ("sette-e-mezzo", "casino-filipino-pontoon"):
        out = said(ruleset_id)["outcomes"]
        assert "banker's any other total" not in out and "dealer's any other total" not in out
    # (sette e mezzo's pairs with an ordinary total are no exceptions: `docs.words.reach`)
    assert "the dealer's ordinary total" in said("casino-filipino-pontoon")["outcomes"]


def _deal(ruleset: Ruleset) -> str:
    return next(s.text for s in sentences(ruleset, "en") if s.key == "deal")


def test_the_bankers_one_face_down_card_is_named_by_its_place() -> None:
    """Spanish 21: 'The banker's last dealt cards are the ones face down' for one hole card."""
    deal = said("spanish-21")["deal"]
    assert "The dealer's first card is dealt face up, the second face down (the hole card)." \
        in deal
    assert "cards are the ones face down" not in deal
    first = _deal(changed("spanish-21", faces__banker_hidden="first"))
    assert "The banker's first card is dealt face down (the hole card), the second face up." \
        in first


@pytest.mark.parametrize(("visible", "hidden", "expected"), [
    (2, "last", "The banker's last card is dealt face down (the hole card), the others face up."),
    (1, "last", "The banker's last 2 cards are dealt face down, the others face up."),
    (1, "first", "The banker's first 2 cards are dealt face down, the others face up.")])
def test_the_bankers_face_down_cards_are_counted_singular_or_plural(
        visible: int, hidden: str, expected: str) -> None:
    ruleset = changed("spanish-21", deal__banker_cards=3, deal__banker_cards_visible=visible,
                       faces__banker_hidden=hidden)
    deal = _deal(ruleset)
    assert expected in deal
    assert " is dealt face up" not in deal.replace("first card is dealt face up", "")


def reworded(ruleset_id: str, key: str, old: str, new: str) -> None:
    """Rule `key` of the bundled ruleset's English sheet says `new`, never `old`."""
    sentence = said(ruleset_id)[key]
    assert old not in sentence
    assert new in sentence


def test_what_every_double_adds_is_said_the_first_included() -> None:
    """'Each double after the first adds one original stake': and the first?"""
    reworded("spanish-21", "double", "after the first",
             "Every double, the first included, adds one original bet (a bet of 100 "
             "becomes 200, 300, 400).")  # Chukchansi's word: test_docs_reader49s


def test_a_printed_sheet_names_the_game_never_the_file_id() -> None:
    from pontoon_rules.docs import render_sheet
    from pontoon_rules.docs.sheet.sheet_view import find_base

    for ruleset_id in ("shoot-pontoon", "xi-dach", "spanish-21"):
        r = load_bundled(ruleset_id)
        base = find_base(r)
        for fmt in ("md", "html"):
            out = render_sheet(r, fmt, "en", base).decode()
            assert f"`{ruleset_id}`" not in out and f"<code>{ruleset_id}</code>" not in out
            if base is not None:
                assert f"`{base.id}`" not in out and f"<code>{base.id}</code>" not in out
                assert "British Pontoon" in out or "Ban Luck" in out


@pytest.mark.parametrize("ruleset_id", ["shoot-pontoon", "xi-dach",
                                        "casino-filipino-pontoon"])
def test_the_markdown_house_box_repeats_no_rule_the_body_prints(ruleset_id: str) -> None:
    from pontoon_rules.docs import render_sheet
    from pontoon_rules.docs.sheet.sheet_view import find_base

    r = load_bundled(ruleset_id)
    md = render_sheet(r, "md", "en", find_base(r)).decode()
    lines = [line.removeprefix("> - ").removeprefix("- ").removesuffix(" ‡").removesuffix(" †")
             .removesuffix(" ◆") for line in md.split("## Worked examples")[0].splitlines()
             if line.startswith(("> - ", "- "))]  # an example's kitty line may recur
    repeated = {line for line in lines if lines.count(line) > 1}
    assert not repeated, repeated
    assert "The rules marked ◆ below differ from it" in md


def test_the_kitty_is_sized_by_the_stakes_in_plain_words() -> None:
    reworded("shoot-pontoon", "kitty", "a kitty between the smallest and the largest stake",
             "the banker puts up a kitty of at least the smallest stake and at most the "
             "largest stake")


def test_a_shoot_bet_pays_its_odds_whatever_the_hand_holds() -> None:
    """The engine pays a winning hand's shoot bet at `shoot.pays`, a pontoon too."""
    from pontoon_rules.engine.round.hand import Hand
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.engine.round.shoot import hand_net

    bets = said("shoot-pontoon")["shoot_bets"]
    assert "A hand that wins is paid its shoot bet 1:1 from the kitty whatever it holds" in bets
    rules = compile_rules(load_bundled("shoot-pontoon"))
    hand = Hand(100)
    hand.shoot = [50]
    assert hand_net(hand, 200, False, rules) == 50  # a pontoon's stake won 2:1, its shoot 1:1


def test_two_players_never_both_stake_the_whole_bank() -> None:
    """Home Очко: after a «va-bank» the next player's stake is cut to nothing (the engine),
    and the sheet says so rather than leaving two players owed the whole bank."""
    from engine_helpers import nets, run

    bank = said("ochko-home")["bank_amount"]
    assert "what they staked and have not yet settled does not" not in bank
    assert "is held for them" in bank
    assert "So two players never both stake the whole bank" in bank
    r = run("ochko-home", [1000, 1000], "TS 9D 7H TH 6C", "p1 stick, banker stick")
    assert [h.stakes for s in r.result.seats for h in s.hands] == [[1000], []]
    assert nets(r) == [1000, 0, -1000]


def test_a_buy_of_one_stake_is_said_without_a_multiplier() -> None:
    """Belarus: «первоначальную ставку, умноженную на 1» (raw value in prose)."""
    assert "Each buy adds one more original stake: on a stake of 100, 100 for each card " \
        "bought." in said("belarus-ponton")["buy"]
    assert "умноженную на 1" not in said("belarus-ponton", "ru")["buy"]
    assert "1×" not in said("belarus-ponton")["buy"]


def test_a_natural_whose_name_has_brackets_is_not_bracketed_again() -> None:
    """Sette e mezzo: 'Holding a natural (sette e mezzo reale (two cards))'."""
    declare = said("sette-e-mezzo")["declare"]
    assert "((" not in declare and "))" not in declare
    assert "a natural — sette e mezzo reale (two cards) — declare it" in declare
    assert "Holding a natural (pontoon), declare it" in said("pagat-british")["declare"]


@pytest.mark.parametrize("ruleset_id", [i for i in bundled_ids()
                                        if load_bundled(i).table.banker.value == "house-dealer"])
def test_a_casino_game_says_who_plays_the_house_at_home(ruleset_id: str) -> None:
    assert re.search(r"At home the (banker|dealer) is one more person at the table \(who is the \1"
                     r" first is agreed before play: whoever cuts the highest card, say\)\. They"
                     r" put up a bank of ",
                     home_part(said(ruleset_id)))  # one name (g49e), who first (g49d)


@pytest.mark.parametrize("ruleset_id", ["ochko-home", "pagat-british", "casino-ochko"])
def test_the_va_bank_examples_cover_is_every_field_it_reads(ruleset_id: str) -> None:
    """The «va-bank» example's sentence covered `table.bank.va_bank` and `cap` only, while
    its figures are the bank (`table.bank.amount`) and a stake inside the limits
    (`stakes.min_stake`, `max_stake`), and whether it is said at all reads the entry and the
    seats: what `va_bank_example` reads, recorded through `docs.words.reading`, is its
    rule's cover, and Очко's sentence names the bank and the limits among its fields."""
    from pontoon_rules.docs.words.reading import reading
    from pontoon_rules.docs.words.rounds import example_stake
    from pontoon_rules.docs.words.sentences import RULES
    from pontoon_rules.docs.words.va_bank import va_bank_example

    ruleset, seen = load_bundled(ruleset_id), set()
    figures = va_bank_example(reading(ruleset, seen))
    assert figures == va_bank_example(ruleset)
    cover = next(rule.reads for rule in RULES if rule.key == "va_bank_example")
    assert seen <= set(cover), seen - set(cover)
    if ruleset_id != "ochko-home":
        assert figures is None
        return
    assert figures is not None and figures["bank"] == ruleset.table.bank.amount
    assert figures["asked"] == example_stake(ruleset)  # the stake limits' example stake
    assert seen == set(cover)  # every field of the cover read where it is said
    paths = next(s.paths for s in sentences(ruleset) if s.key == "va_bank_example")
    assert {"table.bank.amount", "table.bank.va_bank", "stakes.min_stake"} <= set(paths)
    richer = changed(ruleset_id, table__bank__amount=2000)
    assert va_bank_example(richer)["bank"] == 2000  # type: ignore[index]
