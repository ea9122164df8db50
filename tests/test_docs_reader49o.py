"""Issue 49, fresh reader r49o (the eight sheets no reader had read): what the merge of this
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
    assert "Draw («kaufen»): take another card, without adding to your stake." in text
    assert "buy" not in text.lower().replace("«kaufen»", "")
