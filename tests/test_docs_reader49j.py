"""Issue 49, the ninth reader's (r49b) leftover points, part 2: each answered by a sentence
said from the fields it covers, as the engine plays it, in every language the sheet
prints; where a source is silent the sheet says so (†), never inventing."""

from __future__ import annotations

import pytest
from sheet_text import sheet

from pontoon_rules.engine.round import live_bank
from pontoon_rules.engine.round.actions import SPLIT, STICK, TWIST, Action
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.ruleset.loading.registry import load_bundled


def line_with(text: str, start: str) -> str:
    """The sheet's line that starts with `start`."""
    return next(line for line in text.splitlines() if line.startswith(start))


def play(ruleset_id: str, stake: int, shoe: str, choices: list[str]
         ) -> tuple[RoundState, list[set[str]]]:
    """Play one seat through a stacked shoe, taking `choices` in turn; the state and the
    kinds of action offered at each decision."""
    state = RoundState(compile_rules(load_bundled(ruleset_id)), [stake])
    cards, taken, offered = iter(parse_cards(shoe.split())), iter(choices), []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(next(cards))
            continue
        offered.append({a.kind for a in state.legal_actions()})
        state.apply_action(Action(next(taken)))
    return state, offered


# 2. Australian Pontoon: split aces and doubling; the Super Bonus on a split hand.

def test_the_engine_neither_draws_nor_doubles_on_split_aces() -> None:
    """A split ace given an 8 (9, a total the double allows, the ace counting one) is
    done: no decision is offered on either ace."""
    state, offered = play("australian-pontoon", 1000, "AD 5C AH 8S 2C 9C 9D 9H", [SPLIT])
    assert offered == [{SPLIT, STICK, TWIST}]
    assert [len(h.cards) for h in state.seats[0].hands] == [2, 2]
    assert 9 in load_bundled("australian-pontoon").player.double.totals


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("en", "Split aces get one card each and may neither draw more nor double. Other split "
     "hands may double.", "Split hands may double."),
    ("ru", "На каждого туза после сплита сдаётся только одна карта: больше брать нельзя, "
     "удваивать тоже. Остальные руки после сплита можно удваивать.",
     "Руки после сплита можно удваивать.")])
def test_split_aces_are_said_not_to_double(lang: str, said: str, not_said: str) -> None:
    """"Split aces get one card each and may not draw more. Split hands may double.": may
    split aces double? (`aces_one_card` with `double_after_split`.)"""
    text = sheet("australian-pontoon", lang)
    assert said in text and not_said not in text.replace("Остальные руки", "")


def test_split_aces_that_play_on_are_not_said_to_stop() -> None:
    assert "may neither draw more nor double" not in sheet("belarus-ponton", "en")


def test_the_engine_pays_the_super_bonus_on_a_split_hand() -> None:
    """Split 7♦ 7♦ at $5, the first hand takes a third 7♦ against the dealer's 7: $1,000."""
    state, _ = play("australian-pontoon", 500, "7D 7C 7D 7D 7D 7D 7D 9H 9S 9C 9D",
                    [SPLIT, TWIST, STICK])
    first, second = state.seats[0].hands
    assert len(first.cards) == 3 and len(second.cards) == 2
    assert state.returns()[0] == 100000 + 500  # the prize; the second hand beats a bust


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "on a stake of $5 to $24.99, also on a split hand (its own stake counts)."),
    ("ru", "при ставке от 5 $ до 24,99 $, и на руке после сплита (считается её собственная "
     "ставка).")])
def test_the_super_bonus_is_said_to_count_on_a_split_hand_as_our_reading(
        lang: str, said: str) -> None:
    """The page names only doubling as the bonuses' exception: our reading (†)."""
    text = sheet("australian-pontoon", lang).replace("\u00a0", " ").replace("\u202f", " ")
    start = "- Super Bonus ($5" if lang == "en" else "- Супербонус (ставки от 5"
    line = line_with(text, start)
    assert said in line and line.endswith("†")


# 3. Which player cuts, where a sheet said a shuffle but not the cut.

@pytest.mark.parametrize(("ruleset_id", "lang", "said"), [
    ("australian-pontoon", "en", "Before the first deal the dealer shuffles the cards and the "
     "player on the dealer's right cuts them. Each later shuffle is done and cut the same "
     "way. ‡"),
    ("australian-pontoon", "ru", "а игрок справа от дилера снимает колоду. Так же тасуют и "
     "снимают колоду и каждый следующий раз. ‡"),
    ("belarus-ponton", "ru", "Перед первой раздачей дилер тасует карты, а игрок справа от "
     "дилера снимает колоду. Так же тасуют и снимают колоду и каждый следующий раз. ‡"),
    ("spanish-21", "en", "the player on the dealer's right cuts them. Each later shuffle is "
     "done and cut the same way. ‡"),
    ("blackjack-reference", "en", "the player on the dealer's right cuts them.")])
def test_a_house_table_says_which_player_cuts_every_shuffle(
        ruleset_id: str, lang: str, said: str) -> None:
    """"the dealer shuffles the cards and, as is usual, a player cuts them", then "The cards
    are shuffled once 75% of them have been dealt": which player, and who cuts the later
    shuffles? As at a player banker's table (`Cut.PLAYER`): the last to play, on the
    dealer's right where play goes to the left; the source is silent (‡)."""
    assert load_bundled(ruleset_id).table.direction.value == "left"
    text = sheet(ruleset_id, lang)
    assert said in text and "as is usual, a player cuts" not in text
    assert "один из игроков, как принято" not in text


# 1. Home Очко: what a stake ties up of the bank; the first cut; a bank given up.

def test_the_engine_holds_a_stake_once_against_the_bank_as_it_stands() -> None:
    """A bank of 1000: player 1's 400 holds 400 of it, so player 2's 700 is cut to 600
    (were it held twice, to 200)."""
    state = RoundState(compile_rules(load_bundled("ochko-home")), [400, 700])
    live_bank.place_stakes_up_to(state, 1)
    assert [seat.hands[0].stakes for seat in state.seats] == [[400], [600]]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "a larger stake is cut to what is free. A stake held ties up just its own amount "
     "of the bank."),
    ("ru", "Принятая ставка занимает в банке ровно свою сумму.")])
def test_a_stake_is_said_to_tie_up_its_own_amount_of_the_bank(lang: str, said: str) -> None:
    assert said in sheet("ochko-home", lang)


@pytest.mark.parametrize(("ruleset_id", "lang", "said"), [
    ("ochko-home", "en", "Whoever cuts the highest card banks first, by rank and not by "
     "points: ace, king, queen, jack, then the numbers from the highest down;"),
    ("ochko-home", "ru", "Первым банкует снявший старшую карту, по старшинству, а не по "
     "очкам: туз, король, дама, валет, затем числовые карты"),
    ("sette-e-mezzo", "it", "contando il grado e non i punti: asso, re, cavallo, fante, poi"),
    ("sette-e-mezzo", "en", "by rank and not by points: ace, king, knight (cavallo), jack,")])
def test_the_first_cut_goes_by_rank_where_points_disagree(
        ruleset_id: str, lang: str, said: str) -> None:
    """"Whoever cuts the highest card (ace high) banks first" where a jack counts 2 and a
    ten 10 (Очко), or a king ½ (Sette e mezzo): by rank or by points? By rank, as "ace
    high" meant; the lot is our reading (†)."""
    line = next(x for x in sheet(ruleset_id, lang).splitlines() if said in x)
    assert said in line and line.endswith(("†", "† ‡")) and "(ace high)" not in line


def test_the_first_cut_keeps_its_words_where_rank_and_points_agree() -> None:
    assert "Whoever cuts the highest card (ace high) banks first" in sheet("pagat-british",
                                                                           "en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "the table agrees it before play: ____. If the table allows it, a banker who gives "
     "it up keeps what is in it, and the bank passes on as when it is broken."),
    ("ru", "Если за столом договорились, что так можно, банкир, передавший банк, забирает то, что "
     "в нём есть, а банк переходит дальше, как сорванный.")])
def test_a_bank_given_up_by_choice_is_said_what_becomes_of_it(lang: str, said: str) -> None:
    """Whether a banker may give the bank up stays the table's blank (no source says); a
    table that allows it is told what happens then, said as depending on the blank (g49m):
    our reading (†)."""
    text = sheet("ochko-home", lang)
    line = next(x for x in text.splitlines() if said[-30:] in x)
    assert said in line and line.endswith("†")


# 4. The summary in every language says what the English one does: the banker's choice.

@pytest.mark.parametrize(("lang", "said"), [
    ("en", "the banker draws by choice"), ("ru", "банкир берёт карты по своему выбору"),
    ("hy", "բանկիրը քարտ է վերցնում իր ընտրությամբ"), ("pa", "ਬੈਂਕਰ ਆਪਣੀ ਮਰਜ਼ੀ ਨਾਲ ਪੱਤੇ ਲੈਂਦਾ ਹੈ"),
    ("ur", "بینکر اپنی مرضی سے پتے لیتا ہے")])
def test_every_summary_of_pagat_says_the_banker_draws_by_choice(lang: str, said: str) -> None:
    """The Armenian summary left out "the banker draws by choice" (`banker.mode`), which
    the English, Russian, Punjabi and Urdu ones say; the sheet prints it first."""
    r = load_bundled("pagat-british")
    assert r.banker.mode.value == "by-choice"
    summary = r.summary if lang == "en" else r.translations[lang].summary
    assert said in " ".join(summary.split())
    assert said in " ".join(sheet("pagat-british", lang).split())


# 5. Xì dách: a double bust, the ace by hand size, the players' word for money, and a game
#    of its own written over Ban Luck.

def test_a_double_bust_is_said_with_its_worked_example_as_our_reading() -> None:
    """Both bust: the player loses (`player_bust_loses_at_once`, our reading of a Vietnamese
    page's safe range "từ 16 đến 21 điểm": †, the tie named as the other choice, g49n); the
    worked example plays it."""
    text = sheet("xi-dach", "vi")
    line = line_with(text, "- Nếu bạn bị quắc")
    assert "dù nhà cái cũng quắc" in line and line.endswith("†")
    assert "Người chơi 1 bị quắc: người chơi 1 thua 100." in text


@pytest.mark.parametrize(("lang", "said"), [
    ("vi", "Con xì tính 1, 10 hoặc 11, dù bài có bao nhiêu lá;"),
    ("en", "An ace counts 1, 10 or 11, whatever the number of cards in the hand;"),
    ("ru", "сколько бы карт ни было в руке;")])
def test_the_ace_is_said_to_count_alike_whatever_the_hand_size(lang: str, said: str) -> None:
    """Ban Luck's ace counts by the number of cards (◆ marks the change); Xì dách's map
    gives every hand the same 1, 10 or 11 (`ace_values_by_cards`), said plainly."""
    by_cards = load_bundled("xi-dach").pack.ace_values_by_cards
    assert len({tuple(v) for v in by_cards.values()}) == 1
    assert said in sheet("xi-dach", lang)


def test_the_vietnamese_sheet_says_money_not_a_casinos_chips() -> None:
    text = sheet("xi-dach", "vi")
    assert "phỉnh" not in text and "bao nhiêu tiền mới được cầm cái (____)" in text


@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("vi", "> **Dựa trên Ban Luck (xì dách kiểu Singapore, Malaysia)**: Một trò chơi riêng, theo "
     "nguồn của chính nó;", "biến thể của Ban Luck"),
    ("en", "> **Based on Ban Luck (Chinese Blackjack)**: A game of its own, from its own "
     "sources;", "Variation of Ban Luck"),
    ("ru", "Самостоятельная игра по своим источникам", "Вариант игры «Бан Лак")])
def test_a_variation_citing_sources_of_its_own_is_a_game_of_its_own(
        lang: str, said: str, not_said: str) -> None:
    """"Biến thể của Ban Luck": Xì dách's pages never call it one; it cites sources its
    base does not, so its box says it is written over Ban Luck, not a variation of it."""
    r, base = load_bundled("xi-dach"), load_bundled("ban-luck")
    assert set(r.sources) - set(base.sources)
    text = sheet("xi-dach", lang)
    assert said in text and not_said.lower() not in text.lower()


def test_a_variation_named_by_its_bases_source_stays_one() -> None:
    assert "> **Variation of British Pontoon" in sheet("pagat-stick-16", "en")


# 6. Sette e mezzo: the bank passes only on a royal 7½; the matta in a royal 7½.

@pytest.mark.parametrize(("ruleset_id", "lang", "said", "not_said"), [
    ("sette-e-mezzo", "it", "Altrimenti il banco resta allo stesso giocatore. Se il mazziere "
     "possa cedere il banco o venderlo le regole non lo dicono: lo decide il tavolo prima di "
     "giocare: ____. Le regole non dicono quando finisce la serata: lo decide il tavolo prima "
     "di giocare (a un'ora stabilita, per esempio).", "quando ognuno ha tenuto il banco"),
    ("sette-e-mezzo", "en", "Otherwise the bank stays with the same player. Whether a banker "
     "may give up the bank or sell it the rules do not say: the table agrees it before play: "
     "____. The rules do not say when the evening ends: that is the table's choice, agreed "
     "before play (at a set time, say).", "when each player has held the bank"),
    ("pagat-british", "hy", "Մնացած դեպքերում բանկը մնում է ներկա բանկիրի մոտ։",
     "երբ յուրաքանչյուրը մեկ անգամ բանկ է"),
    ("pagat-british", "ur", "ورنہ بینک موجودہ بینکر کے پاس رہتا ہے۔", "ایک بار بینک رکھ چکا")])
def test_a_bank_passed_only_by_a_natural_is_said_once_and_alone(
        ruleset_id: str, lang: str, said: str, not_said: str) -> None:
    """"A player who makes a sette e mezzo reale takes the bank" beside "the evening ends …
    when each player has held the bank": the bank passes only on a natural
    (`rotation: pontoon-maker`, no `passes_after_deals`), which may never reach every
    player; the sheet says it stays otherwise, and the evening ends at an agreed time."""
    text = sheet(ruleset_id, lang)
    assert said in text and not_said not in text


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "Vale così anche nelle combinazioni, compreso il sette e mezzo reale. †"),
    ("en", "It counts so in the named hands too, the sette e mezzo reale (two cards) "
     "included. †"),
    ("ru", "Так же эта карта считается и в особых комбинациях, включая семь с половиной")])
def test_the_matta_is_said_to_make_a_royal_seven_and_a_half(lang: str, said: str) -> None:
    """The worked example's banker makes a sette e mezzo reale of F♦ and the matta (R♦
    counting 7); the pack sentence now says a wild card counts so in the named hands."""
    assert said in sheet("sette-e-mezzo", lang)
    assert "R♦ è la matta e qui vale 7." in sheet("sette-e-mezzo", "it")


def test_the_engine_counts_the_matta_in_a_royal_seven_and_a_half() -> None:
    """J♦ and the matta K♦: two cards making 7½, the royal hand (paid 2:1 to a player)."""
    state, _ = play("sette-e-mezzo", 100, "JD 5S KD 2S 3S 4S", [TWIST, STICK])
    hand = state.seats[0].hands[0]
    assert len(hand.cards) == 2 and state.returns()[0] == 200


# 7. Siebzehn und Vier: a banker's debt has no limit; what happens when a bank cannot pay.

@pytest.mark.parametrize(("ruleset_id", "lang", "said"), [
    ("siebzehn-und-vier", "de", "Ohne Grenze für die Einsätze hat auch die Schuld des "
     "Bankhalters keine. Was geschieht, wenn der Bankhalter nicht voll zahlen kann"),
    ("siebzehn-und-vier", "en", "With no limit on the stakes a banker's debt has none either: "
     "the rules do not say what happens when a banker cannot pay in full; the table agrees "
     "it before play (the rest owed until paid, say): ____. †"),
    ("siebzehn-und-vier", "ru", "Раз ставки не ограничены, не ограничен и долг банкира"),
    ("sette-e-mezzo", "it", "Senza limite alle puntate, neanche il debito del mazziere ne ha")])
def test_an_unlimited_stake_says_the_bankers_debt_is_unlimited_and_left_to_the_table(
        ruleset_id: str, lang: str, said: str) -> None:
    """"The banker pays every winner from their own money, however much is staked" means a
    debt without limit (no `table.bank.amount`, no `stakes.max_stake`); the sources say
    nothing of a banker who cannot pay: a blank, marked †, with an example of what to fill."""
    r = load_bundled(ruleset_id)
    assert r.table.bank.amount is None and r.stakes.max_stake is None
    assert said in sheet(ruleset_id, lang)


# 8. Ban Luck: the banker's least total beside the call-off at 15; triple sevens.

@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The banker decides this first; only then may a player take a free hand (give up "
     "their first two cards for the stake back), and only after that does the banker check "
     "for a ban-ban or ban-luck. A banker who does not call it off plays on and, below 16, "
     "must draw: the banker may stand only from 16."),
    ("ru", "Банкир, который не отменил раздачу, играет дальше и при сумме меньше 16 должен "
     "брать карту: остановиться он может только с 16.")])
def test_a_banker_keeping_a_dealt_15_is_said_to_draw(lang: str, said: str) -> None:
    """"A banker whose dealt cards make 15 may call the whole deal off": and a banker who
    keeps the 15? (`banker.calls_off_at` below `banker.stick_minimum`.)"""
    r = load_bundled("ban-luck")
    assert tuple(r.banker.calls_off_at or ()) == (15,) and r.banker.stick_minimum == 16
    assert said in sheet("ban-luck", lang)


def test_the_engine_counts_three_sevens_as_a_plain_21() -> None:
    """7♣ 7♦ and a drawn 7♥: an ordinary 21, paid 1:1 (no named hand of three sevens)."""
    state, _ = play("ban-luck", 100, "7C 2S 7D TS 7H 9H 9S 9C", [TWIST, STICK, TWIST])
    hand = state.result().seats[0].hands[0]
    assert len(hand.cards) == 3 and hand.hand_class == "total" and hand.net == 100


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "no other hand is special (three sevens are a plain 21)."),
    ("ru", "других особых рук нет (три семёрки — просто 21).")])
def test_the_summary_says_three_sevens_are_no_special_hand(lang: str, said: str) -> None:
    """The reader asked after triple sevens: no source of the game names them, and the
    engine counts them as a plain 21; the summary says so."""
    r = load_bundled("ban-luck")
    assert not any(d.ranks is not None and list(d.ranks).count("7") == 3
                   for _h, d in r.hands.ranked())
    assert said in " ".join(sheet("ban-luck", lang).split())
