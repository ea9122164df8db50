"""Card letters by catalog: a rank as printed on a card in the sheet's language."""

from __future__ import annotations

from collections.abc import Callable

from pontoon_rules.docs.words.i18n import mark as _

Gettext = Callable[[str], str]


RANK_LETTERS = {"A": _("card letter A"), "K": _("card letter K"), "Q": _("card letter Q"),
                "J": _("card letter J")}
"""The letter a card's rank is printed with, by catalog: English A K Q J, Russian Т К Д В
(each catalog translates `card letter X` to its own letter)."""


def rank_letter(rank: str, gettext: Gettext) -> str:
    """The rank as printed on a card in the catalog's language: 'A' -> 'Т' in Russian,
    'T' -> '10', a number as it is."""
    key = RANK_LETTERS.get(rank)
    if key is None:
        return "10" if rank == "T" else rank
    found = gettext(key)
    return rank if found == key else found
