"""Issue 49, fresh readers r49o, r49p and r49q (this stop): what the merge of this
stop's fixers left of its findings, checked on the printed words."""

from __future__ import annotations

from sheet_text import sheet


def test_filipinos_russian_intro_does_not_call_surrender_the_deal() -> None:
    """«а сдача возвращает половину ставок»: «сдача» is the deal everywhere else on the
    sheet («Ставки делают до сдачи»); the surrender is «сдаться» (g49ab's one word)."""
    text = sheet("casino-filipino-pontoon", "ru")
    assert "сдавшийся получает назад половину ставок" in text
    assert "сдача возвращает" not in text


def test_siebzehns_english_draw_is_not_called_a_buy() -> None:
    """The source's «kaufen» is quoted once; the English action is 'draw', since an English
    buy adds to the stake and Siebzehn und Vier adds nothing for a card (stakes.buy none)."""
    text = sheet("siebzehn-und-vier", "en")
    assert "Draw (“kaufen”): take another card, without adding to your stake." in text
    assert "buy" not in text.lower().replace("“kaufen”", "")


def test_a_bust_thrown_in_face_up_says_it_may_be_kept_hidden_where_the_rules_allow() -> None:
    """r49p: home Очко's 'A hand that busts is thrown in face up.' beside 'You may keep a
    bust hidden …, at the risk of paying 2:1' (`settlement.hidden_bust_pays`): two
    sentences that could not both hold. The first now says the choice."""
    for lang, said in (("en", "A hand that busts is thrown in face up, unless its player "
                              "chooses to keep it hidden."),
                       ("ru", "Рука с перебором сбрасывается в открытую, если только игрок "
                              "не решит её скрыть.")):
        assert said in sheet("ochko-home", lang)
    assert "A hand that busts is thrown in face up." in sheet("pagat-british", "en")


def test_the_dealers_second_card_after_a_surrender_is_not_said_as_its_only_draw() -> None:
    """r49p, r49q: «Только если кто-то сдался, дилер берёт вторую карту» read as 'the dealer
    draws a second card only if someone surrendered', against the drawing rule."""
    for ruleset_id in ("australian-pontoon", "casino-filipino-pontoon"):
        text = sheet(ruleset_id, "ru")
        assert "Но если кто-то из них сдался, дилер всё же берёт вторую карту" in text
        assert "Только если кто-то сдался" not in text


def test_the_shoot_bet_is_called_one_way_throughout_in_russian() -> None:
    """r49o, r49q: «шут» is a jester in Russian; the sheet quoted it in some sentences
    («ставками «шут»») but not in others («ставку шут»); since r49zm (f49b) it is the bet
    against the kitty throughout, «шут» nowhere."""
    import re

    text = sheet("shoot-pontoon", "ru")
    assert re.findall(r"[Сс]тав\w+ против кассы", text)
    assert not re.findall(r"шут", text, re.IGNORECASE)
