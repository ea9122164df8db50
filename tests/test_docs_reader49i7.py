"""Issue 49, the last readers' quick wording points (r51a, r51c, r51e; f49i): each as the
printed sheet says it, checked against the fields and the engine that decide it."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from sheet_text import catalog, sheet

from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.sessions.banking import is_broken
from pontoon_rules.engine.sessions.pack import Pack, full_pack
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

HOUSE = tuple(i for i in bundled_ids() if load_bundled(i).table.banker.value == "house-dealer")
BROKEN_OLD = ("settled: nothing, or less than nothing", "раздачи в нём осталось меньше "
              "наименьшей ставки: ничего")


@pytest.mark.parametrize("ruleset_id", HOUSE)
def test_a_broken_home_bank_is_any_amount_under_the_minimum(ruleset_id: str) -> None:
    """r51c: "less than the table minimum is left ...: nothing, or less than nothing" read as
    if only an empty or overdrawn bank were broken; the engine breaks it under the least
    stake, whatever is left, and the sheet says so with empty and overdrawn as cases of it."""
    rules = compile_rules(load_bundled(ruleset_id))
    assert is_broken(SimpleNamespace(bank=rules.min_stake - 1, rules=rules))
    assert not is_broken(SimpleNamespace(bank=rules.min_stake, rules=rules))
    texts = {lang: sheet(ruleset_id, lang) for lang in sheet_languages(load_bundled(ruleset_id))}
    assert "settled (so also when nothing is left, or less than nothing where the" in texts["en"]
    for lang, text in texts.items():
        assert not any(old in text for old in BROKEN_OLD), lang
    if "ru" in texts and "Банк сорван" in texts["ru"]:
        assert "(значит, и когда не осталось ничего или меньше нуля" in texts["ru"]


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("ochko-home")))
def test_ochko_home_says_the_fresh_pack_joins_the_old_one(lang: str) -> None:
    """r51a: "one pack of 36 cards" against "a fresh pack ... stays all evening": replaced or
    added? The engine adds it (`Pack.open_pack`: 36 cards become 72)."""
    rules = compile_rules(load_bundled("ochko-home"))
    pack = Pack(rules, random.Random(1))
    before = pack.size
    pack.open_pack()
    assert pack.size == before + len(full_pack(rules)) == 72
    text = sheet("ochko-home", lang)
    joins = {"en": "it joins the old one for the rest of the evening",
             "ru": "она добавляется к старой до конца вечера"}
    assert joins[lang] in text
    assert "stays all evening" not in text and "и она остаётся до конца вечера" not in text


@pytest.mark.parametrize("lang", sheet_languages(load_bundled("ochko-home")))
def test_the_va_bank_example_does_not_say_free_again(lang: str) -> None:
    """r51a: "2000 is free again" where 2000 was never free before (the bank was 1000)."""
    text = sheet("ochko-home", lang)
    assert "is free again" not in text and "свободно снова" not in text
    assert {"en": "at once, 2000 is free,", "ru": "сразу идут в банк, свободно 2000,"}[lang] in text


def test_vingt_un_says_which_cards_come_back_when_the_pack_runs_out() -> None:
    """r51a: "the cards out of play are shuffled": only the discard pile, or the busts thrown
    in this deal too? The engine (`Session._restock`) takes the earlier deals' discards
    first, only with none the hands bust this deal, and then a fresh pack that stays."""
    rules = compile_rules(load_bundled("vingt-un"))
    s = Session(rules, ["A", "B"], random.Random(3), banker="A")
    state = RoundState(rules, [10], s.pack.counts())
    tray = [s.pack.cards.popleft() for _ in range(5)]
    s.pack.cards.clear()
    s.pack.discards = list(tray)
    assert sorted(s._restock(state, set())) == sorted(tray)  # the tray, not a fresh pack
    s.pack.cards.clear()
    size = s.pack.size
    assert len(s._restock(state, set())) == len(full_pack(rules))  # nothing left: fresh
    assert s.pack.size == size + len(full_pack(rules))  # and it stays
    en, ru = sheet("vingt-un", "en"), sheet("vingt-un", "ru")
    assert ("the discards of earlier deals are shuffled and dealt on; with none, the cards of "
            "hands already bust this deal; failing those, a fresh pack, which then stays") in en
    assert ("Если колода кончается во время раздачи, тасуют и сдают дальше сброс прошлых "
            "раздач; если его нет — карты рук") in ru
    assert "the cards out of play are shuffled" not in en


def test_vingt_un_says_the_banker_pays_a_players_natural_at_its_odds_on_that_hand() -> None:
    """r51a: "the banker pays it only in the ordinary settlement" was obscure: the odds the
    hand pays (`pays`), when the banker settles that player's hand."""
    natural = next(d for _h, d in load_bundled("vingt-un").hands.ranked() if d.paid_by_players)
    en, ru = sheet("vingt-un", "en"), sheet("vingt-un", "ru")
    assert f"the banker pays it {natural.pays} on settling that hand, as any win" in en
    assert (f"банкир платит за неё {natural.pays.replace(':', ' к ')} при расчёте с этим "
            "игроком, как за любой выигрыш") in ru
    assert "ordinary settlement" not in en and "обычном расчёте" not in ru


def test_vingt_un_ru_says_it_is_the_bankers_natural_that_is_shown_at_once() -> None:
    """r51a: «…у банкира тоже «очко с раздачи»: её открывают сразу» could read back to the
    player's combination, the sentence's subject."""
    ru = sheet("vingt-un", "ru")
    assert "её открывают сразу" not in ru
    assert "у банкира тоже «очко с раздачи»: банкир открывает свои карты сразу" in ru


@pytest.mark.parametrize(("lang", "said", "gone"), [
    ("en", "Based on Ban Luck", "Written over"),
    ("ru", "На основе игры «Бан Лак", "В сравнении с игрой"),
    ("vi", "Dựa trên Ban Luck", "So với Ban Luck")])
def test_xi_dach_is_based_on_ban_luck(lang: str, said: str, gone: str) -> None:
    """r51c: "Written over Ban Luck" is not idiomatic; a game of its own is based on it."""
    assert load_bundled("xi-dach").extends == "ban-luck"
    text = sheet("xi-dach", lang)
    assert said in text and gone not in text


@pytest.mark.parametrize(("lang", "said", "gone"), [
    ("en", "The banker does not look at their first card until their second is dealt; each "
           "player may look at their own cards as they come.", "Only the banker"),
    ("ru", "Банкир не смотрит свою первую карту, пока ему не сдана вторая; игроки могут "
           "смотреть свои карты сразу", "Только банкир"),
    ("vi", "Nhà cái không xem lá đầu tiên của mình cho đến khi được chia lá thứ hai; mỗi "
           "người chơi được xem bài", "Chỉ nhà cái")])
def test_xi_dach_says_the_banker_waits_and_the_players_may_look(
        lang: str, said: str, gone: str) -> None:
    """r51c: "Only the banker may not look ..." read as "only the banker may look"; the rule
    (`deal.banker_may_look_at_first_card` false) binds the banker alone."""
    assert not load_bundled("xi-dach").deal.banker_may_look_at_first_card
    text = " ".join(sheet("xi-dach", lang).split())
    assert said in text and gone not in text


def test_xi_dachs_russian_intro_says_five_cards_not_over_21() -> None:
    """r51c: «пяти карт до 21» reads as below 21; ngũ linh holds 21 too."""
    ru = " ".join(sheet("xi-dach", "ru").split())
    assert "старше пяти карт не больше 21" in ru and "карт до 21" not in ru


STAYS = "Otherwise the bank stays with the same player."


@pytest.mark.parametrize(("ruleset_id", "lang", "said", "gone"), [
    (ruleset_id, lang, said, gone)
    for ruleset_id in ("shoot-pontoon", "pagat-british", "pagat-aces-only-split")
    for lang, said, gone in (
        ("ur", "ورنہ بینک موجودہ بینکر کے پاس رہتا ہے۔", "اسی کھلاڑی کے پاس"),
        ("pa", "ਨਹੀਂ ਤਾਂ ਬੈਂਕ ਮੌਜੂਦਾ ਬੈਂਕਰ ਕੋਲ ਰਹਿੰਦਾ ਹੈ।", "ਉਸੇ ਖਿਡਾਰੀ ਕੋਲ"),
        ("hy", "Մնացած դեպքերում բանկը մնում է ներկա բանկիրի մոտ։", "նույն խաղացողի մոտ"))
    if lang in sheet_languages(load_bundled(ruleset_id))])
def test_the_bank_stays_with_the_current_banker(
        ruleset_id: str, lang: str, said: str, gone: str) -> None:
    """r51e: «ورنہ بینک اسی کھلاڑی کے پاس رہتا ہے» after sentences on the pontoon player read as
    that player keeping the bank: the current banker keeps it."""
    text = sheet(ruleset_id, lang)
    if catalog(lang)[STAYS] not in text:  # this game passes the bank otherwise
        return
    assert said in text and gone not in text


def _other_bets(ruleset_id: str) -> bool:
    r = load_bundled(ruleset_id)
    return r.shoot.enabled or r.side_bets.pair.allowed or r.side_bets.match_dealer.allowed


@pytest.mark.parametrize("ruleset_id", [i for i in bundled_ids()
                                        if "ru" in sheet_languages(load_bundled(i))])
def test_russian_stake_limits_say_main_stake_only_beside_other_bets(ruleset_id: str) -> None:
    """r51c: «каждая основная ставка» in Xì dách, a game with no other bet; beside shoot or
    side bets the limits are the main stake's (`test_docs_reader49ah`)."""
    ru = " ".join(sheet(ruleset_id, "ru").split())
    if "(впишите): каждая" not in ru:
        return
    assert ("каждая основная ставка" in ru) == _other_bets(ruleset_id)
    en = " ".join(sheet(ruleset_id, "en").split())
    assert ("each main stake at least" in en) == _other_bets(ruleset_id)
