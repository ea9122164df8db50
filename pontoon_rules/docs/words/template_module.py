"""What the sentences templates (`templates/plain_rules/`) are given, and how their output
is tidied: the helpers their macros call on a ruleset in a language (names, amounts, units,
the conditions a sentence reads), made once per call of `docs.words.sentences`. Moved out
of `sentences` so that module stays the rule table and its assembly.

The rules are one template per chapter of the sheet (`RULE_TEMPLATES`), each a macro per
rule named by its key in `sentences.RULES`; `plain_rules/counts.j2` holds the words of a
count they share ("5 cards"). Every macro reads the ruleset `r` and the helpers of
`template_module`; one that renders nothing leaves its rule out. No user text is used
there: names, summaries and notes are drawn by the pages, escaped."""

from __future__ import annotations

import re
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from jinja2.runtime import Macro

from pontoon_rules.docs.words import conditions, home, lacking, reach
from pontoon_rules.docs.words.amounts import amount_of, limit_text, units_text
from pontoon_rules.docs.words.between_words import banker_naturals_dealt
from pontoon_rules.docs.words.conditions import applies, banker_natural, natural_beats_natural
from pontoon_rules.docs.words.family_words import aces_alike, peek_words
from pontoon_rules.docs.words.hands import hand_name, names_or
from pontoon_rules.docs.words.i18n import as_unit, environment, translations
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.marks import both, either, listed, odds
from pontoon_rules.docs.words.pack_words import ace_said_best, pack_words, rank_word
from pontoon_rules.docs.words.va_bank import va_bank_example
from pontoon_rules.docs.words.values import bank_size, card_view, value_text
from pontoon_rules.literal import spaced
from pontoon_rules.ruleset.format.agreed import BLANK, agreed_fields
from pontoon_rules.ruleset.format.fields import plain, value_at
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.points import points_text
from pontoon_rules.ruleset.resolving.outcomes import payout


def _has_rank(ranks: Any, rank: str) -> bool:
    return any(getattr(x, "value", x) == rank for x in ranks)


_STOPS = ".;!?\u0589\u06d4\u0964\u061b\u061f"
"""The marks that end a sentence or a clause: Latin, the Armenian full stop (։), the Urdu
full stop (۔), semicolon (؛) and question mark (؟), and the danda (।) of Punjabi."""

_JOINED = re.compile(rf"([{_STOPS})])(?=[^\W\d_]|[«“„‹])")
"""A stop the template ran into the next sentence's first letter or opening quote (the
Armenian «…։«Շութ»…»: a line's leading space is lost to `lstrip_blocks`)."""


_JOINED_NUMBER = re.compile(rf"(?<=[^\W\d_])([{_STOPS}])(?=\d)")


def tidy(text: str) -> str:
    """One line, with a space after each sentence the template ran together (one that
    opens with a quote, and one that ends in a word and one that opens with a number too:
    "themselves. 1 of ...")."""
    return _JOINED_NUMBER.sub(r"\1 ", _JOINED.sub(r"\1 ", spaced(text)))


FACE_FIELDS = ("player_cards", "bought_card", "twisted_card", "doubled_card", "split_card")


def _face_list(ruleset: Ruleset, face: str) -> list[str]:
    """The card kinds of `FACE_FIELDS` that apply to this game and lie `face`."""
    return [name for name in FACE_FIELDS if applies(ruleset, f"faces.{name}")
            and plain(value_at(ruleset, f"faces.{name}")) == face]


def doubled_bonus(ruleset: Ruleset, gettext: Callable[[str], str], lang: str
                  ) -> dict[str, Any] | None:
    """The words of `conditions.doubled_bonus` worked on a stake of 100 doubled to 200:
    the hand's name, its odds and what the whole doubled stake is paid at them."""
    hand_id = conditions.doubled_bonus(ruleset)
    if hand_id is None:
        return None
    paid = payout(ruleset, hand_id)
    return {"hand": hand_name(ruleset, hand_id, gettext, lang), "odds": odds(paid, gettext),
            "amount": int(200 * paid)}


def _named(ruleset: Ruleset, hand_id: str | None, gettext: Callable[[str], str], lang: str
           ) -> str | None:
    """`hand_id`'s name in `lang`, or None where there is no such hand."""
    return None if hand_id is None else hand_name(ruleset, hand_id, gettext, lang)


def natural_name(ruleset: Ruleset, gettext: Callable[[str], str], lang: str) -> str:
    """What the game calls its natural (its first in the ranking): the fixed sentences
    (insurance, the peek, the bank's passing, the shuffle) use that name."""
    naturals = [h for h, d in ruleset.hands.ranked() if d.natural]
    return hand_name(ruleset, naturals[0], gettext, lang) if naturals else gettext("pontoon")


CHAPTER_TITLES: dict[str, str] = {
    "game": _("The game"),
    "home": _("The bank at home"),
    "stakes": _("Stakes"),
    "deal": _("The deal"),
    "your-turn": _("Your turn"),
    "bankers-turn": _("The banker's turn"),
    "settlement": _("Settlement"),
    "between-deals": _("Between deals"),
    "special-bets": _("Special bets"),
}
"""The chapters of a sheet, in the order of play (a sentence names one by its title:
`chapter`)."""

RULE_TEMPLATES = tuple(f"plain_rules/{chapter}.j2" for chapter in (
    "game", "home", "stakes", "deal", "your_turn", "bankers_turn", "settlement", "between_deals",
    "special_bets"))
"""The sentences templates, one per chapter of the sheet (a `plain_*` name: not escaped)."""


def _soft_example(ruleset: Ruleset, gettext: Callable[[str], str], lang: str
                  ) -> dict[str, Any] | None:
    """A soft hand shown as cards ('A♠ 6♥', soft 17) with the ace's high value, where the
    sheet says "soft" and would not otherwise say what it is (`conditions.soft_example_card`)."""
    card = conditions.soft_example_card(ruleset)
    if card is None:
        return None
    high = max(ruleset.pack.ace_values)
    shown = [card_view(c, gettext) for c in ("AS", f"{card}H")]
    return {"high": high, "total": ruleset.banker.stand_on,
            "cards": " ".join(as_unit(f"{v['rank']}{v['suit']}", lang) for v in shown)}


def template_module(ruleset: Ruleset, lang: str) -> Any:
    """The macros of `RULE_TEMPLATES` as one module whose attributes are the rules, given
    what they may ask of `ruleset` in `lang` (names, amounts, conditions, the sheet's
    blank)."""
    gettext, ngettext = translations(lang).gettext, translations(lang).ngettext
    helpers = {"r": ruleset, "percent": "{:.0%}".format, "has_rank": _has_rank,
               "class_name": lambda c: hand_name(ruleset, c, gettext, lang),
               "pack_words": lambda: pack_words(ruleset, gettext, lang),
               "bust_limit": lambda: points_text(ruleset.pack.bust_above),
               "over_limit": lambda: [hand_name(ruleset, h, gettext, lang)
                                      for h in reach.over_limit_hands(ruleset)],
               "listed": lambda words: listed(words, gettext),
               "banker_natural": banker_natural(ruleset),
               "natural_beats_natural": natural_beats_natural(ruleset),
               "runs_out": conditions.pack_can_run_out(ruleset),
               "banker_first_up": conditions.banker_first_card_up(ruleset),
               "cut_order": listed((rank_word(ruleset, k, gettext, lang)
                                    for k in conditions.cut_by_rank(ruleset)), gettext),
               "short_at_limit": lambda b=False: conditions.short_at_card_limit(ruleset, b),
               "surrender_aces": lambda: conditions.aces_past_surrender_limit(ruleset),
               "soft_stick": lambda: conditions.soft_stick_card(ruleset),
               "ace_said": lambda: ace_said_best(ruleset),
               "aces_alike": lambda: aces_alike(ruleset),
               "soft_example": lambda: _soft_example(ruleset, gettext, lang),
               "peek_limited": lambda: bool(peek_words(ruleset, gettext)),
               "natural_loses": conditions.natural_loses_to_natural(ruleset),
               "void_loss": conditions.void_surrender_loss(ruleset),
               "natural": natural_name(ruleset, gettext, lang),
               "doubled_bonus": lambda: doubled_bonus(ruleset, gettext, lang),
               "odd_insurance": lambda: conditions.odd_insurance(ruleset),
               "uninsured_stake": lambda: conditions.uninsured_stake(ruleset),
               "doubled_natural": lambda: _named(ruleset, conditions.doubled_natural(ruleset),
                                                 gettext, lang),
               "undoubled_natural": lambda: _named(ruleset, reach.undoubled_natural(ruleset),
                                                   gettext, lang),
               "peeked": names_or((hand_name(ruleset, h, gettext, lang)
                                   for h in banker_naturals_dealt(ruleset)), gettext),
               "renamed": natural_name(ruleset, gettext, lang) != gettext("pontoon"),
               "is_agreed": lambda path: path in agreed_fields(ruleset),
               "lacked": lambda: lacking.lacking_words(ruleset),
               "free_hand": lacking.gives_whole(ruleset),
               "blank_bank": lambda: home.blank_bank(ruleset, gettext, lang),
               "house_prizes": lambda: home.house_prizes(
                   ruleset, gettext, lambda h: hand_name(ruleset, h, gettext, lang), lang),
               "best_win": lambda: home.best_win(ruleset, gettext),
               "va_bank_figures": lambda: va_bank_example(ruleset),
               "limit": lambda path: limit_text(ruleset, path, gettext, ngettext, lang),
               "face_list": lambda face: _face_list(ruleset, face),
               "both": lambda keys, names: both([names[k] for k in keys], gettext),
               "player_naturals": lambda: either(
                   [hand_name(ruleset, i, gettext, lang) for i, d in ruleset.hands.ranked()
                    if d.natural and d.player_can_hold] or [""], gettext),
               "blank": BLANK,
               "chapter": lambda key: gettext(CHAPTER_TITLES[key]),
               "units": lambda n: units_text(ruleset, n, ngettext, lang),
               "amount": amount_of(ruleset, lang),
               "bank_size": lambda: bank_size(
                   ruleset, lambda n: units_text(ruleset, n, ngettext, lang), gettext,
                   amount_of(ruleset, lang)),
               "value": lambda path: value_text(path, value_at(ruleset, path), gettext)}
    env, rules = environment(lang), SimpleNamespace()
    for name in RULE_TEMPLATES:
        module = env.get_template(name).make_module(helpers)
        vars(rules).update((k, v) for k, v in vars(module).items() if isinstance(v, Macro))
    return rules
