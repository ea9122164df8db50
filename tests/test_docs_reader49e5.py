"""Readers r49zu, r49zv and r49zt (issue 49): the last quick points.

1. Punjabi: a deal is «ਬਾਜ਼ੀ» (f49a), so the shoot bet is «ਸ਼ੂਟ ਦਾਅ» (the sheet's word for a
   bet), never «ਸ਼ੂਟ ਬਾਜ਼ੀ», and a stake «ਦਾਅ»; the dealing, not the deal, pauses after the
   first card («ਪੱਤੇ ਵੰਡਣਾ ਰੁਕ ਜਾਂਦਾ ਹੈ», the Urdu's «بانٹنا رک جاتا ہے»); a variant's rule
   differs "from" its base (pa «ਤੋਂ ਵੱਖਰਾ», ur «سے مختلف»); the Urdu kitty's limits are the
   smallest and largest initial stake («بنیادی شرط», the Punjabi's «ਸ਼ੁਰੂਆਤੀ ਦਾਅ»).
2. Vingt-un: "each other player pays that player too" read as the banker, "one more player
   at the table", paying a natural twice. The engine: the banker settles it once, as the
   banker; each of the other players pays it on their own stake.
3. Home Очко's «va-bank» example: where a bust may be kept hidden
   (`settlement.hidden_bust_pays`), only a bust shown goes into the bank at once.
"""

from __future__ import annotations

import pytest
from sheet_text import catalog, sheet

# 1. Punjabi and Urdu words ------------------------------------------------------------------


def test_punjabi_says_deal_only_where_the_english_says_deal() -> None:
    """«ਬਾਜ਼ੀ» is a deal (f49a): no Punjabi message says it where its English has no deal
    (a shoot bet, a stake, «Special bets»); the three left are a bank rule read the other
    way round, reported, not this reader's."""
    misread = {m for m, s in catalog("pa").items() if "ਬਾਜ਼ੀ" in s and "deal" not in m.lower()}
    assert misread <= {
        "A player's %(natural)s takes the bank even when the banker's %(natural)s beats it.",
        "A player's pontoon takes the bank even when the banker's pontoon beats it.",
        "A player's pontoon that lost to the banker's pontoon shown at once still wins the "
        "bank."}
    shoot = [s for m, s in catalog("pa").items() if "shoot bet" in m.lower()]
    assert len(shoot) > 10
    assert not [s for s in shoot if "ਸ਼ੂਟ ਬਾਜ਼ੀ" in s]


@pytest.mark.parametrize(("ruleset_id", "lang", "said", "gone"), [
    ("shoot-pontoon", "pa",
     ("# ਸ਼ੂਟ ਪੋਂਟੂਨ: ਬ੍ਰਿਟਿਸ਼ ਪੋਂਟੂਨ, ਕਿਟੀ ਦੇ ਵਿਰੁੱਧ ਸ਼ੂਟ ਦਾਵਾਂ ਨਾਲ", "## ਖ਼ਾਸ ਦਾਅ",
      "ਸ਼ੂਟ ਦਾਅ ਘੱਟੋ-ਘੱਟ 1 ਚਿੱਪ ਦਾ ਹੁੰਦਾ ਹੈ", "ਕਿਟੀ ਦੇ ਵਿਰੁੱਧ ਵੱਖਰਾ ਦਾਅ",
      "ਪਹਿਲਾ ਪੱਤਾ ਮਿਲਣ ਤੋਂ ਬਾਅਦ ਪੱਤੇ ਵੰਡਣਾ ਰੁਕ ਜਾਂਦਾ ਹੈ", "ਤੋਂ ਵੱਖਰਾ ਹੈ"),
     ("ਸ਼ੂਟ ਬਾਜ਼ੀ", "ਖ਼ਾਸ ਬਾਜ਼ੀਆਂ", "ਬਾਜ਼ੀ ਰੁਕ", "ਵਿੱਚ ਵੱਖਰਾ")),
    ("pagat-aces-only-split", "pa", ("ਪੱਤੇ ਵੰਡਣਾ ਰੁਕ ਜਾਂਦਾ ਹੈ", "ਤੋਂ ਵੱਖਰਾ ਹੈ"),
     ("ਬਾਜ਼ੀ ਰੁਕ", "ਵਿੱਚ ਵੱਖਰਾ")),
    ("pagat-british", "pa", ("ਪੱਤੇ ਵੰਡਣਾ ਰੁਕ ਜਾਂਦਾ ਹੈ",), ("ਬਾਜ਼ੀ ਰੁਕ",)),
    ("shoot-pontoon", "ur",
     ("سب سے چھوٹی بنیادی شرط سے کم نہ ہو اور سب سے بڑی بنیادی شرط سے زیادہ نہ ہو",
      "کل ملا کر سب سے بڑی بنیادی شرط سے زیادہ نہیں", "سے مختلف ہے"),
     ("سب سے چھوٹی شرط سے کم نہ ہو", "کل ملا کر سب سے بڑی شرط سے زیادہ نہیں", "میں مختلف")),
    ("pagat-aces-only-split", "ur", ("سے مختلف ہے",), ("میں مختلف",)),
])
def test_the_sheet_says_the_tables_words(ruleset_id: str, lang: str, said: tuple[str, ...],
                                         gone: tuple[str, ...]) -> None:
    text = sheet(ruleset_id, lang)
    for words in said:
        assert words in text, words
    for words in gone:
        assert words not in text, words
