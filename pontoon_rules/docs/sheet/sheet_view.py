"""The context of a printable rule sheet: the rules in sentences, ranking, payouts, examples.

A sheet reads as a rule book: the rules as sentences in the order of play
(`sentences`), the hand ranking and payout table with small card pictures, one or two
worked rounds, and for a house overlay a box of the rules that differ from its base.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from pathlib import Path
from typing import Any

from pontoon_rules.docs.sheet.columns import COMPACT_ROWS, two_columns
from pontoon_rules.docs.sheet.views import sheet_sources
from pontoon_rules.docs.words.amounts import amount_of
from pontoon_rules.docs.words.changes import (
    dropped_rules,
    dropped_text,
    intro_parts,
    overlay_words,
)
from pontoon_rules.docs.words.example_needs import SEVERAL, one_player_each, stated_rounds
from pontoon_rules.docs.words.family_words import prize_words
from pontoon_rules.docs.words.hands import AS_HAND, AS_TOTAL, ORIGINAL_ONLY, hand_name
from pontoon_rules.docs.words.i18n import (
    SOURCE_LANGUAGE,
    base_language,
    remembered,
    translations,
    words_of,
)
from pontoon_rules.docs.words.lacking import said_lacking as lacked
from pontoon_rules.docs.words.losing_words import bust_rule
from pontoon_rules.docs.words.marks import odds
from pontoon_rules.docs.words.narrate import EXTRAS, narrate
from pontoon_rules.docs.words.pack_words import own_ranks, rank_letters, suit_words
from pontoon_rules.docs.words.ranking_sides import one_side_only
from pontoon_rules.docs.words.rounds import teaching_rounds
from pontoon_rules.docs.words.sentences import (
    Sentence,
    by_chapter,
    compared,
    differing_from_base,
    sentences,
)
from pontoon_rules.docs.words.values import Gettext, card_key, card_view
from pontoon_rules.engine.round.example_hands import counts_as, example_cards
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.literal import user
from pontoon_rules.ruleset.format.agreed import agreed_fields
from pontoon_rules.ruleset.format.common import NaturalTakes, content_json
from pontoon_rules.ruleset.format.hands import HandDefinition
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import (
    BUST,
    BY_TOTAL,
    LOSE,
    TOTAL,
    WIN,
    collect,
    outcome_table,
    payout,
)


def localized(ruleset: Ruleset, lang: str, base: Ruleset | None = None) -> tuple[str, str]:
    """The ruleset's name and summary in `lang` (its `translations`), else as written.

    An overlay whose translation is its base's (copied word for word under another English
    name) reads, with `base` given, as the base's name in `lang` with the first rule the
    overlay changes, and its changes as the summary: a variation never reads as its base.
    An overlay without a translation keeps the name its author gave it.
    """
    lang = base_language(lang)
    found = (getattr(ruleset, "translations", None) or {}).get(lang)
    name = getattr(found, "name", None) or ruleset.name
    summary = getattr(found, "summary", None) or ruleset.summary
    theirs = base.translations.get(lang) if base is not None else None
    if (base is not None and theirs is not None and found is not None
            and lang != SOURCE_LANGUAGE and _inherited(ruleset, base, lang)):
        return _overlay_words(ruleset, base, lang, theirs.name)
    return name, summary


def _inherited(ruleset: Ruleset, base: Ruleset, lang: str) -> bool:
    """Whether the overlay's translation is its base's own (its English name differs)."""
    theirs = base.translations.get(lang)
    ours = ruleset.translations.get(lang)
    return (theirs is not None and ours is not None and ruleset.name != base.name
            and ours.name == theirs.name)


def _overlay_words(ruleset: Ruleset, base: Ruleset, lang: str, base_name: str
                   ) -> tuple[str, str]:
    """An untranslated overlay's name and summary in `lang`: the base's name with the
    first rule it changes, and every rule it changes."""
    said = [s.text for s in sentences(ruleset, lang, base) if s.changed]
    if not said:
        return base_name, ""
    first = said[0].split(". ")[0].rstrip(".")
    return f"{base_name}: {first[:1].lower()}{first[1:]}", " ".join(said)


def find_base(ruleset: Ruleset, origin: Path | None = None) -> Ruleset | None:
    """The ruleset an overlay extends (a bundled id, or a path beside `origin`), or None."""
    if not ruleset.extends:
        return None
    from pontoon_rules.ruleset.loading.loader import load_ruleset
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    if ruleset.extends in bundled_ids():
        return load_bundled(ruleset.extends)
    path = Path(ruleset.extends)
    if not path.is_absolute() and origin is not None:
        path = origin.parent / path
    return load_ruleset(path)


def _as_other_hand(ruleset: Ruleset, found: str | None, banker: bool, gettext: Gettext,
                   lang: str) -> str:
    """A payout cell of a named hand that one side may not hold: what the same cards win
    or take in that side's hand where they make another named hand there (`found`), or a
    plain total ("1:1 (as a total)": a bare "1:1" beside a hand the banker never holds
    read as the banker holding it, and "—" as the same cards never winning), from the
    outcome table; "—" (never) where they are bust, or can never win or take there."""
    if found is None or found == BUST:
        return "—"
    table = outcome_table(ruleset)
    wins = (LOSE, BY_TOTAL) if banker else (WIN, BY_TOTAL)
    if not any(cell.result in wins for (p, b), cell in table.items()
               if (b if banker else p) == found):
        return "—"
    amount = odds(collect(ruleset, found) if banker else payout(ruleset, found), gettext)
    if found == TOTAL:
        return gettext(AS_TOTAL) % {"odds": amount}
    return gettext(AS_HAND) % {
        "odds": amount, "hand": hand_name(ruleset, found, gettext, lang)}


def _as_total(ruleset: Ruleset, shown: list[str], rules: Rules, player: bool,
              banker: bool) -> bool:
    """Whether a row's cell of a side that may not hold its hand reads "(as a total)"
    (`_as_other_hand`): the table's key then says what that means."""
    sides = [side for side, holds in ((False, player), (True, banker)) if not holds]
    return any(counts_as(shown, rules, side) == TOTAL
               and _as_other_hand(ruleset, TOTAL, side, str, SOURCE_LANGUAGE) != "—"
               for side in sides)


def _distinct_examples(ruleset: Ruleset, rules: Rules) -> dict[str, list[str]]:
    """Each ranked hand's example cards (`example_cards`), a row whose cards another row
    shows too given others where the pack has them (Super Bonus's 7♦ 7♦ 7♦ beside 7-7-7 in
    spades' 7♠ 7♠ 7♠: the same cards on two rows read as one hand)."""
    def first(hand_id: str, avoid: Collection[tuple[str, ...]] = ()) -> list[str]:
        found = ruleset.hands.definitions.get(hand_id)
        player = found is None or found.player_can_hold
        return example_cards(ruleset, hand_id, rules, banker=not player, by_value=True,
                             avoid=avoid) or []

    shown = {hand_id: first(hand_id) for hand_id in ruleset.hands.ranking}
    for hand_id in shown:
        others = {tuple(cards) for key, cards in shown.items() if key != hand_id}
        if tuple(shown[hand_id]) in others:
            shown[hand_id] = first(hand_id, others) or shown[hand_id]
    return shown


def _takes(ruleset: Ruleset, found: HandDefinition | None, amount: str,
           gettext: Gettext) -> str:
    """The banker's takes cell of a hand: "1:1 (original stake only)" where it takes only
    the original stakes and a stake may grow in play (r49zf: Australian pontoon's row said
    "1:1" against its line's "takes only the original stakes")."""
    grows = ruleset.player.double.allowed or ruleset.stakes.buy.value != "none"
    if found is None or found.takes is not NaturalTakes.ORIGINAL_BETS or not grows:
        return amount
    return gettext(ORIGINAL_ONLY) % {"odds": amount}


def payout_rows(ruleset: Ruleset, gettext: Gettext, lang: str = SOURCE_LANGUAGE
                ) -> list[dict[str, Any]]:
    """The ranking, best first (bust last), with example cards from the game's pack, what a
    winning hand is paid and what the banker holding it collects (`ruleset.resolving.outcomes`);
    `one_side`: a hand only one side may hold (the table's key then says what the same
    cards count on the other side, and only then)."""
    rows = []
    suits = suit_words(ruleset, gettext, lang)
    rules = compile_rules(ruleset)
    letters = rank_letters(ruleset, lang)
    examples = _distinct_examples(ruleset, rules)
    for hand_id in ruleset.hands.ranking:
        found = ruleset.hands.definitions.get(hand_id)
        player = found is None or found.player_can_hold
        banker = found is None or found.banker_can_hold
        shown = examples[hand_id]
        prize = (prize_words(found, gettext, amount_of(ruleset, lang))
                 if found is not None and player else None)
        rows.append({"class": hand_name(ruleset, hand_id, gettext, lang), "key": hand_id,
                     "one_side": not (player and banker),
                     "paid": payout(ruleset, hand_id) if player and prize is None else None,
                     "pays": (prize or odds(payout(ruleset, hand_id), gettext) if player
                              else _as_other_hand(ruleset, counts_as(shown, rules, False),
                                                  False, gettext, lang)),
                     "takes": (_takes(ruleset, found, odds(collect(ruleset, hand_id), gettext),
                                      gettext) if banker
                               else _as_other_hand(ruleset, counts_as(shown, rules, True),
                                                   True, gettext, lang)),
                     "as_total": _as_total(ruleset, shown, rules, player, banker),
                     "cards": [card_view(c, gettext, suits, letters) for c in shown]})
    shown = example_cards(ruleset, "bust", rules, by_value=True) or []
    rows.append({"class": hand_name(ruleset, "bust", gettext, lang), "key": "bust",
                 "one_side": False, "paid": None, "pays": "—", "takes": "—", "as_total": False,
                 "cards": [card_view(c, gettext, suits, letters) for c in shown]})
    return rows


def shows_program_words(lang: str) -> bool:
    """Whether a sheet in `lang` shows the words of the files (ruleset ids, field paths):
    only in the language they are written in; a translated sheet has no English word."""
    return base_language(lang) == SOURCE_LANGUAGE


def needs_card_key(ruleset: Ruleset, lang: str) -> bool:
    """Whether the sheet says what its card letters and suit symbols stand for: a translated
    sheet always (its letters are its catalog's, Т К Д В), an English one where the pack
    names its own ranks or suits (an Italian pack's C knight, its ♦ coins), which a reader
    of the 52-card pack would otherwise take for a queen and diamonds."""
    pack = ruleset.pack
    return not shows_program_words(lang) or bool(pack.rank_names or pack.suit_names)


def house_box(ruleset: Ruleset, base: Ruleset | None, lang: str) -> dict[str, Any] | None:
    """For an overlay: its base, the fields that differ, the sentences whose words differ
    (◆) and the base's sentences it no longer has (`gone`, each said by `dropped_text`);
    its intro's words before the base's name (`intro`) and after it (`intro_after`)."""
    if base is None:
        return None
    found, dropped = compared(ruleset, base, lang, odds_in_table=True)
    name, _summary = localized(base, lang)
    gettext = translations(lang).gettext
    words = overlay_words(ruleset, base, name, gettext)
    return {"base_id": base.id, "base_name": user(name),
            "paths": differing_from_base(ruleset, base),
            "rules": [s for s in found if s.changed],
            "gone": [{"key": s.key, "text": dropped_text(s.text, gettext, words["dropped"])}
                     for s in dropped_rules(dropped, lacked(ruleset))],
            "brief": False,
            "program_words": shows_program_words(lang),
            **{key: user(text) for key, text in words.items()},
            **dict(zip(("intro", "intro_after"), intro_parts(words["intro"]), strict=True))}


LATER_PAGE_CHAPTERS = ("special-bets",)
"""The chapters a two-page sheet prints on its second page (its own rules: the kitty and
the shoot bets), so that the first page is the base game and the second is not a blank."""


def is_compact(ruleset: Ruleset) -> bool:
    """Whether the sheet's payout table is the compact one: a row per hand across the
    page, with the hand's rule in it (a long ranking of bonus hands)."""
    return len(ruleset.hands.ranking) + 1 > COMPACT_ROWS


def pages(ruleset: Ruleset, chapters: list[dict[str, Any]], compact: bool = False
          ) -> dict[str, Any]:
    """The chapters in two columns on the first page, and those of a second page (where the
    sheet has two: `sheets.page_budget`) in two columns of their own. With a compact
    payout table (`is_compact`, or `compact`: a printed sheet short of room) the named
    hands' sentences go into the table, below the columns."""
    from pontoon_rules.docs.sheet.sheets import page_budget

    rows = len(ruleset.hands.ranking) + 1
    if compact or is_compact(ruleset):
        rows = 0
        chapters = [{**c, "rules": [s for s in c["rules"] if not s.key.startswith("hand:")]}
                    for c in chapters]
    if page_budget(ruleset) < 2:
        return {"columns": two_columns(chapters, rows), "later_columns": []}
    first = [c for c in chapters if c["key"] not in LATER_PAGE_CHAPTERS]
    later = [c for c in chapters if c["key"] in LATER_PAGE_CHAPTERS]
    return {"columns": two_columns(first, rows),
            "later_columns": two_columns(later) if later else []}


def _with_rules(rows: list[dict[str, Any]], found: list[Sentence], ruleset: Ruleset,
                gettext: Gettext, lang: str) -> list[dict[str, Any]]:
    """The payout rows, each with its hand's sentence (the name it opens with left out:
    the row names it)."""
    said = {s.key.removeprefix("hand:"): s for s in found if s.key.startswith("hand:")}
    out = []
    for row in rows:
        rule = said.get(row["key"])
        if rule is not None:
            name = hand_name(ruleset, row["key"], gettext, lang)
            opening = gettext("%(name)s: %(cards)s") % {
                "name": name[:1].upper() + name[1:], "cards": ""}
            rule = replace(rule, text=rule.text.removeprefix(opening))
        out.append({**row, "rule": rule})
    return out


def printable_rounds(ruleset: Ruleset) -> list[dict[str, Any]]:
    """The worked examples a sheet may print (`rounds.teaching_rounds`): those whose every
    rule the sheet states (`example_needs`: an example never takes what no sentence says)."""
    stated = {s.key for s in sentences(ruleset)}
    return stated_rounds(teaching_rounds(ruleset), stated, ruleset.deal.banker_cards)


def worked_examples(ruleset: Ruleset, lang: str, limit: int | None = None
                    ) -> list[dict[str, Any]]:
    """The sheet's worked examples (`printable_rounds`, the first `limit`), each told in
    lines of words (`narrate`) with its script for a replay. The banker's kitty (Shoot
    Pontoon) is put up in the first example and where another's differs, and is on the
    table in every other: put up in each, it read as a new kitty every deal; left out, as a
    deal without a kitty (r49zm, r49zn)."""
    catalog = translations(lang)
    rounds = printable_rounds(ruleset)[:limit]
    first = rounds[0]["script"].get("kitty") if rounds else None
    return [{"script": r["script"], "lines": narrate(
        ruleset, _kitty_told(r["script"], first, i), r["result"], catalog.gettext,
        catalog.ngettext, lang)} for i, r in enumerate(rounds)]


def _kitty_told(script: dict[str, Any], first: object, index: int) -> dict[str, Any]:
    """`script` as an example tells it: its kitty on the table already (`kitty_held`)
    where the first example put up the same one."""
    if index == 0 or not script.get("kitty") or script.get("kitty") != first:
        return script
    return dict(script, kitty_held=True)


def examples_assume(ruleset: Ruleset, lang: str) -> str:
    """The largest stake the worked examples take the table to agree, in words, where the
    ruleset leaves it blank and an example's kitty, which it binds
    (`shoot.kitty_within_stake_limits`), is above every example's stake: a table agreeing
    less would see an example break its own rule (r49w); else ''."""
    if not (ruleset.shoot.kitty_within_stake_limits and "stakes.max_stake"
            in agreed_fields(ruleset)):
        return ""
    scripts = [r["script"] for r in printable_rounds(ruleset)]
    kitty = max((int(s.get("kitty") or 0) for s in scripts), default=0)
    if kitty <= max((int(a) for s in scripts for a in s["stakes"]), default=0):
        return ""
    return translations(lang).gettext(EXTRAS["assumed-most"]) % {
        "amount": amount_of(ruleset, lang)(kitty)}


def examples_seats(ruleset: Ruleset, lang: str, limit: int | None = None) -> str:
    """How a deal runs with several players, where every example printed has one and the
    table seats more and none speaks of the others (`one_player_each`): their turns in
    order, then the banker's one hand, settled against each (`flow`'s phases); else ''."""
    rounds = printable_rounds(ruleset)[:limit]
    if ruleset.table.max_players < 2 or not one_player_each(ruleset, rounds):
        return ""
    return translations(lang).gettext(SEVERAL)


def example_count(ruleset: Ruleset) -> int:
    """How many worked examples a sheet has room for at most."""
    return len(printable_rounds(ruleset))


def printed_keys(laid_out: dict[str, Any], payouts: list[dict[str, Any]]) -> set[str]:
    """The keys of the rules a sheet's body prints: in its columns (`pages`) and in the
    payout table's rows."""
    keys = {s.key for column in laid_out["columns"] + laid_out["later_columns"]
            for chapter in column for s in chapter["rules"]}
    return keys | {row["rule"].key for row in payouts if row.get("rule") is not None}


def brief_box(box: dict[str, Any], printed: set[str], keep_gone: bool = False
              ) -> dict[str, Any]:
    """The house box in brief, for a printed sheet: its intro, a line that the rules
    marked ◆ differ, and only the changed rules the body does not print (so every rule is
    printed once); the base's rules it no longer has (`gone`) only with `keep_gone` (a
    sheet with room); the full box is the site's page's and `show`'s."""
    return {**box, "brief": True, "gone": box["gone"] if keep_gone else [],
            "rules": [s for s in box["rules"] if s.key not in printed]}


def sheet_view(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE, base: Ruleset | None = None,
               examples: int | None = None, brief: bool = False, tight: bool = False,
               keep_gone: bool = False) -> dict[str, Any]:
    """Everything a rule sheet shows for `ruleset` in `lang` (`base`: the one it extends),
    in the words of the ruleset's own source where it has them (`i18n.words_of`); with
    `brief`, an overlay's box does not repeat the rules the body marks ◆ (`brief_box`;
    `keep_gone`: it still lists the base's rules the overlay drops);
    with `tight` (a printed sheet short of room even without examples), the payout table
    is the compact one whatever its length (`pages`), and the summary and an overlay's box
    are left out (each fact of the summary is a rule the sheet prints; each rule of the
    box is printed marked ◆, and the title names the game)."""
    lang = words_of(ruleset, lang)
    key = (content_json(ruleset), content_json(base) if base else "", lang)
    part = remembered(_PARTS, key, lambda: _parts(ruleset, lang, base))
    compact = tight or is_compact(ruleset)
    laid_out = remembered(_PARTS, (*key, "pages", compact),
                          lambda: pages(ruleset, by_chapter(part["found"], lang), compact))
    box = part["house"]
    if box and brief and box["paths"]:
        box = brief_box(box, printed_keys(laid_out, part["payouts"]), keep_gone)
    return {
        **part["view"], "summary": None if tight else part["view"]["summary"],
        "tight": tight, "house": box, **laid_out,
        "changed_mark": box["mark"] if box else "",
        "compact_payouts": compact,
        "rounds": remembered(_PARTS, (*key, "rounds", examples),
                             lambda: worked_examples(ruleset, lang, examples))
        if examples != 0 else [],
        # a PDF short of room (`tight`) leaves out how a deal runs with several players: the
        # chapter of the deal says the order of turns
        "rounds_assume": " ".join(filter(None, (examples_assume(ruleset, lang), "" if tight
                                                 else examples_seats(ruleset, lang, examples))))
        if examples != 0 else "",
    }


_PARTS: dict[Any, Any] = {}
"""The parts of sheets' views (`remembered`), by the ruleset's and its base's content and
the language: a sheet's PDF asks for its view on each layout while it makes room."""


def _parts(ruleset: Ruleset, lang: str, base: Ruleset | None) -> dict[str, Any]:
    """What a sheet's view holds whatever its room: `view` (its fields that room does not
    change), the full `house` box, the sentences `found` and the `payouts` rows."""
    gettext = translations(lang).gettext
    found = sentences(ruleset, lang, base, odds_in_table=True)
    name, summary = localized(ruleset, lang, base)
    payouts = _with_rules(payout_rows(ruleset, gettext, lang), found, ruleset, gettext, lang)
    view = {
        "id": ruleset.id, "name": user(name), "summary": user(summary),
        "kind": ruleset.kind, "extends": user(ruleset.extends) if ruleset.extends else None,
        "chapters": by_chapter(found, lang),
        "has_reading": any(s.reading for s in found),
        "has_silent": any(s.silent for s in found),
        "has_both": any(s.reading and s.silent for s in found),
        "has_changed": any(s.changed for s in found),
        "has_parts": any(s.parts for s in found),
        "payouts": payouts,
        "one_sided": bool(one_side_only(ruleset)), "bust_to_bust": bust_rule(ruleset, found),
        "sources": sheet_sources(ruleset, gettext, lang, base),
        "program_words": shows_program_words(lang),
        "card_key": card_key(gettext, suit_words(ruleset, gettext, lang),
                             own_ranks(ruleset, gettext, lang))
        if needs_card_key(ruleset, lang) else None,
    }
    return {"view": view, "house": house_box(ruleset, base, lang), "found": found,
            "payouts": payouts}
