"""Values, hand classes and cards as words and pictures, in any catalog language."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from pontoon_rules.docs.words.hands import USUAL_NAMES
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.letters import RANK_LETTERS, rank_letter
from pontoon_rules.docs.words.marks import listed, odds
from pontoon_rules.engine.round.cards import RANK_CODES, SUIT_CODES
from pontoon_rules.ruleset.format import bank, common, decisions, play
from pontoon_rules.ruleset.format.agreed import BLANK
from pontoon_rules.ruleset.format.fields import leaf_fields, plain, provenance_for
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.present import format_value

Gettext = Callable[[str], str]

RED_SUITS = frozenset("HD")
_ODDS = re.compile(r"\d+:\d+")
"""A payout field's value ('3:2'), said as the language writes odds (`marks.odds`)."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


SUIT_NAMES = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
CLASS_NAMES: dict[str, str] = USUAL_NAMES
"""The names of the well-known hand ids (`docs.words.hands.USUAL_NAMES`)."""
ACTION_NAMES: dict[str, str] = {
    "stick": _("stick"), "twist": _("twist"), "buy": _("buy"), "split": _("split"),
    "double": _("double"), "insure": _("insure"), "even-money": _("even money"),
    "decline": _("decline"), "surrender": _("surrender"), "rescue": _("rescue"),
    "pair": _("pair bet"), "match": _("match bet"),
}
BANKER_ACTION_NAMES: dict[str, str] = {"twist": _("draw"), "stick": _("stand")}
"""The banker's own words for a decision (twist and stick are a player's)."""
LETTER_NAMES = {"A": _("ace"), "K": _("king"), "Q": _("queen"), "J": _("jack")}
KEY_PHRASES = (_("%(letter)s %(rank)s"), _("Cards: %(letters)s; %(suits)s."),
               _("%(suit)s %(name)s"))
WORDS = (_("yes"), _("no"), _("none"), _("no limit"), _("banker"), _("player %(number)s"),
         _("not in this game"), _("any total"), _("no such hand"))


def agreed_text(value: Any, gettext: Gettext, say: Callable[[Any], str]) -> str | None:
    """'agreed at the table (default: X)' for a value the table agrees, its default said by
    `say` (`value_text`, or a page's own words for an amount); None for any other value."""
    data = plain(value)
    if not (isinstance(data, dict) and data.get("agreed") is True):
        return None
    return gettext("agreed at the table (default: %(default)s)") % {
        "default": say(data.get("default"))}


def value_text(path: str, value: Any, gettext: Gettext) -> str:
    """A field value in words, translated: yes/no, 'no limit', enum values, odds."""
    agreed = agreed_text(value, gettext, lambda default: value_text(path, default, gettext))
    if agreed is not None:
        return agreed
    data = plain(value)
    if isinstance(data, str):  # odds as the language writes them (Russian «2 к 1»)
        return odds(data, gettext) if _ODDS.fullmatch(data) else _word(data, gettext)
    if path.endswith(("suit_names", "rank_names")) and isinstance(data, dict):
        return _suit_names_text(data, gettext)
    if isinstance(data, list) and data and isinstance(data[0], str):
        return listed((_word(v, gettext) for v in data), gettext)
    if isinstance(data, dict):  # a card's value by rank: 'J 2, Q 3, K 4'; none: 'none'
        return listed((f"{_word(str(k), gettext)}: {value_text(path, v, gettext)}"
                       for k, v in data.items()), gettext) or gettext("none")
    if path.endswith(("max_fraction", "surrender.returns")) and isinstance(data, list):
        return gettext("%(part)s of the stake") % {"part": f"{data[0]}/{data[1]}"}
    text = format_value(path, value)
    return gettext(text) if text else text  # gettext("") is the catalog's header


def _word(value: str, gettext: Gettext) -> str:
    """A rank in the catalog's card letters, a hand id by its name, any other value as is."""
    if value in RANK_CODES:
        return rank_letter(value, gettext)
    if not value:  # gettext("") is the catalog's header, never a word
        return value
    words = gettext(CLASS_NAMES.get(value, value))
    if words == value and value in _ENUM_VALUES:  # no catalog words: 'banker-wins' -> 'banker wins'
        return value.replace("-", " ")
    return words


def class_name(hand_class: str, gettext: Gettext) -> str:
    """The name of a hand class ('five-card-trick' -> 'five-card trick')."""
    return gettext(CLASS_NAMES.get(hand_class, hand_class))


COUNTED = ("business", "open")
"""The decisions whose number is a count (buy bets given up) or a seat, not an amount."""


def action_text(action: str, gettext: Gettext, actor: str = "",
                money: Callable[[int], str] = str) -> str:
    """A decision in words: 'buy 150' -> 'buy 150' (translated kind, the amount in the
    ruleset's money: `docs.words.amounts`); the banker's in the banker's words ('twist'
    -> 'draw')."""
    kind, _space, amount = action.partition(" ")
    names = BANKER_ACTION_NAMES if actor == "banker" and kind in BANKER_ACTION_NAMES else {}
    word = gettext(names.get(kind) or ACTION_NAMES.get(kind, kind))
    if amount.isdigit() and kind not in COUNTED:
        amount = money(int(amount))
    return f"{word} {amount}".strip()


def actor_text(actor: str, gettext: Gettext) -> str:
    """A seat or the banker in words: 'p1' -> 'player 1', 'banker' -> 'banker'."""
    if actor.startswith("p") and actor[1:].isdigit():
        return gettext("player %(number)s") % {"number": actor[1:]}
    return gettext(actor)


def _suit_names_text(data: dict[str, Any], gettext: Gettext) -> str:
    """A pack's own suit names as the file writes them, never translated: '♦ coins (it:
    denari, ru: монеты), ♥ cups'; none: 'none'."""
    def one(code: str, entry: dict[str, Any]) -> str:
        others = ", ".join(f"{lang}: {name}" for lang, name in entry.get("names", {}).items())
        return f"{SUIT_SYMBOLS.get(code, code)} {entry['name']}" + (
            f" ({others})" if others else "")

    return listed((one(k, v) for k, v in data.items()), gettext) or gettext("none")


def card_key(gettext: Gettext, suits: Mapping[str, str] | None = None,
             ranks: Mapping[str, tuple[str, str]] | None = None) -> str:
    """What the card letters and suit symbols stand for, in the catalog's language
    ('Cards: A ace, K king, Q queen, J jack; ♠ spades, ...'; `suits`: the pack's own names
    by suit letter, `pack_words.suit_words`; `ranks`: the pack's own letter and name by
    rank letter, `pack_words.rank_letters` and `rank_word`)."""
    own = ranks or {}
    letters = listed((gettext("%(letter)s %(rank)s") % {
        "letter": own[rank][0] if rank in own else rank_letter(rank, gettext),
        "rank": own[rank][1] if rank in own else gettext(name)}
        for rank, name in LETTER_NAMES.items()), gettext)
    named = listed((gettext("%(suit)s %(name)s") % {
        "suit": SUIT_SYMBOLS[code], "name": (suits or {}).get(code) or gettext(name)}
        for code, name in SUIT_NAMES.items()), gettext)
    return gettext("Cards: %(letters)s; %(suits)s.") % {"letters": letters, "suits": named}


def card_view(code: str, gettext: Gettext, suits: Mapping[str, str] | None = None,
              letters: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A card as a template draws it: rank in the catalog's letters ('10' for T; `letters`:
    the pack's own, `pack_words.rank_letters`), suit symbol, colour, name (`suits`: the
    pack's own suit names, as `card_key`)."""
    rank, suit = code[0], code[1]
    shown = (letters or {}).get(rank) or rank_letter(rank, gettext)
    named = (suits or {}).get(suit) or gettext(SUIT_NAMES[suit])
    return {"code": code, "rank": shown, "suit": SUIT_SYMBOLS[suit],
            "red": suit in RED_SUITS, "name": f"{shown} {named}"}


def enum_values() -> list[str]:
    """Every enum value and literal choice a field can take (catalog entries)."""
    out: list[str] = []
    for item in [*vars(common).values(), *vars(decisions).values(), *vars(bank).values(),
                 *vars(play).values()]:
        if isinstance(item, type) and issubclass(item, Enum) and item is not Enum:
            out.extend(str(member.value) for member in item)
    for info in leaf_fields().values():
        out.extend(a for a in getattr(info.annotation, "__args__", ()) if isinstance(a, str))
    return [v for v in dict.fromkeys(out) if v not in RANK_CODES and v not in SUIT_CODES]


_ENUM_VALUES = frozenset(enum_values())


AGREED_BANK = _("%(blank)s chips (agreed before play, for example %(n)s)")
"""A bank whose size is our reading of a source that leaves it to the banker (its
provenance open: "you can put any amount in the bank"): a blank, the played size an example."""


def bank_size(ruleset: Ruleset, units: Callable[[int], str], gettext: Callable[[str], str],
              amount: Callable[[int], str] = str) -> str:
    """The bank's size as the sheet prints it: a fixed amount in `units` (the amount in
    words, each language's plural form), or, where it is our reading of a source that
    leaves it open, the table's to agree."""
    n = ruleset.table.bank.amount
    if n is None:  # the sheet speaks of a bank's size only where the ruleset sets one
        raise ValueError(f"{ruleset.id}: table.bank.amount is not set")
    found = provenance_for(ruleset, "table.bank.amount")
    if found is not None and found.open:
        return gettext(AGREED_BANK) % {"blank": BLANK, "n": amount(n)}
    return units(n)


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [*SUIT_NAMES.values(), *CLASS_NAMES.values(), *ACTION_NAMES.values(),
            *BANKER_ACTION_NAMES.values(), *WORDS,
            *RANK_LETTERS.values(), *LETTER_NAMES.values(), *KEY_PHRASES,
            "%(part)s of the stake", "agreed at the table (default: %(default)s)",
            AGREED_BANK, *enum_values()]
