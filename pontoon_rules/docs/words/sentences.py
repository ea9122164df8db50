"""The rules of a ruleset as sentences, in the order a player meets them, in any language.

Each rule is a macro of `templates/plain_rules/` (Jinja2 with the Babel catalogs),
listed in `RULES` with the chapter it belongs to and the fields it covers. A rule
renders from the ruleset's values only: no ruleset has text of its own. Fields that
do not apply to a game (the options of a switched-off feature, the automatic banker's
standing total when the banker draws by choice) are left out; `applies` says which.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pontoon_rules.docs.words import home, i18n, lacking, marks
from pontoon_rules.docs.words.amounts import UNITS
from pontoon_rules.docs.words.changes import (
    DROPPED,
    NO_DIFFERENCE,
    OVERLAY_WORDS,
    PART_MARK,
    Before,
    before,
    changed,
    dropped_rules,
    dropped_text,
    gone,
    hand_key,
    marked_sentences,
    overlay_words,
)
from pontoon_rules.docs.words.conditions import applies as applies  # re-exported: the sheet rules
from pontoon_rules.docs.words.hands import hand_name, hand_sentence
from pontoon_rules.docs.words.i18n import SOURCE_LANGUAGE, translations, words_of
from pontoon_rules.docs.words.marks import (
    BOTH_LEGEND,
    COLON,
    READING_LEGEND,
    SILENT_LEGEND,
    listed,
    open_kinds,
)
from pontoon_rules.docs.words.rounds import kept
from pontoon_rules.docs.words.settlement import Said, settlement_said
from pontoon_rules.docs.words.template_module import CHAPTER_TITLES as CHAPTER_TITLES
from pontoon_rules.docs.words.template_module import template_module, tidy
from pontoon_rules.docs.words.va_bank import READS as VA_BANK_READS
from pontoon_rules.ruleset.format.fields import ruleset_paths
from pontoon_rules.ruleset.format.model import Ruleset


@dataclass(frozen=True)
class Rule:
    """One rule of a sheet: a macro of the sentences template and the fields it covers."""

    key: str
    chapter: str
    paths: tuple[str, ...]
    reads: tuple[str, ...] = ()
    """Other fields its words are made from: a custom no source gives (the first shuffle and
    cut), marked ‡, unless the provenance has an entry of its own for one of its `paths`."""
    our_reading: bool = False
    """Words no source gives, made from its `reads`, always marked † (a casino game played
    at home: our reading of how its rules go at a kitchen table)."""
    fixed_banker_chapter: str | None = None
    """Its chapter where the banker does not rotate (the house dealer's first shuffle is
    said between deals, before the shuffles that follow it; a player banker's after how
    the first banker is found)."""
    said_by: str | None = None
    """The rule whose sentence says this one's words where its macro prints none: its
    fields go with that sentence (a hand's card limit, in the buy's "until your hand holds
    5, the most it may hold": r49w read "A hand holds at most 5 cards." twice)."""


RULES: tuple[Rule, ...] = (
    Rule("pack", "game", ("pack.decks", "pack.ranks", "pack.suits", "pack.suit_names",
                          "pack.rank_names", "pack.values", "pack.ace_values",
                          "pack.ace_values_by_cards", "pack.wild_cards")),
    Rule("table", "game", ("table.min_players", "table.max_players", "table.banker")),
    Rule("bank", "game", ("table.first_banker", "between_deals.rotation",
                          "between_deals.rotation_tie_break",
                          "between_deals.rotation_from_split_hand",
                          "between_deals.rotation_when_banker_pontoon_at_once",
                          "between_deals.pontoon_maker_may_refuse",
                          "between_deals.bank_sale",
                          "table.bank.passes_after_deals")),
    Rule("first_shuffle", "game", ("between_deals.cut",), reads=("table.banker",
         "table.direction"), fixed_banker_chapter="between-deals"),
    Rule("home_bank", "home", (), reads=("table.banker", "between_deals.cut",
                                         "between_deals.shuffle"), our_reading=True),
    Rule("home_cover", "home", (), reads=("table.banker", "side_bets.pair.allowed",
                                          "side_bets.match_dealer.allowed"), our_reading=True),
    Rule("home_broken", "home", (), reads=("table.banker",), our_reading=True),
    Rule("home_passing", "home", (), reads=("table.banker", "table.direction"),
         our_reading=True),
    Rule("stake_limits", "stakes", ("stakes.min_stake", "stakes.max_stake", "stakes.money")),
    Rule("stake_when", "stakes", ("deal.stake_after_first_card", "table.stakes_before_first_deal")),
    Rule("bank_amount", "stakes", ("table.bank.amount", "table.bank.va_bank",
                                   "table.bank.passes_when_broken", "table.bank.cap",
                                   "table.bank.entry")),
    Rule("va_bank_example", "stakes", (), reads=VA_BANK_READS),
    Rule("deal", "deal", ("deal.player_cards", "deal.banker_cards",
                          "deal.banker_cards_visible", "faces.banker_hidden")),
    Rule("deal_order", "deal", ("deal.order", "deal.banker_dealt_first", "table.direction")),
    Rule("banker_looks", "deal", ("deal.banker_may_look_at_first_card",)),
    Rule("banker_calls_off", "deal", ("banker.calls_off_at",)),
    Rule("insurance", "deal", ("player.insurance.allowed", "player.insurance.max_fraction",
                               "player.insurance.amount", "player.insurance.pays",
                               "player.insurance.even_money",
                               "player.insurance.offered_to_natural")),
    Rule("banker_pontoon", "deal", ("deal.banker_pontoon_at_once",)),
    Rule("stick", "your-turn", ("player.stick_minimum",)),
    Rule("draw", "your-turn", ("player.draw_on_21", "stakes.buy", "pack.bust_above")),
    Rule("buy", "your-turn", ("stakes.first_buy_min", "stakes.first_buy_max",
                              "stakes.later_buy_cap", "stakes.least_buy")),
    Rule("buy_limits", "your-turn", ("stakes.last_buy_card", "stakes.buy_after_twist",
                                     "stakes.max_buys")),
    Rule("raising", "your-turn", ("stakes.raise_up_to",)),
    Rule("faces", "your-turn", ("faces.player_cards", "faces.bought_card",
                                "faces.twisted_card", "faces.doubled_card", "faces.split_card",
                                "faces.bust_shown")),
    Rule("declare", "your-turn", ("faces.pontoon_shown",)),
    Rule("max_cards", "your-turn", ("player.max_cards",), said_by="buy_limits"),
    Rule("split", "your-turn", ("player.split.allowed", "player.split.pair_rule",
                                "player.split.ranks", "player.split.cards_to_each_hand",
                                "player.split.deal_order")),
    Rule("resplit", "your-turn", ("player.split.max_hands", "player.split.resplit",
                                  "player.split.resplit_aces",
                                  "player.split.resplit_one_branch")),
    Rule("split_hands", "your-turn", ("player.split.aces_one_card",
                                      "player.split.buy_after_split",
                                      "player.split.double_after_split",
                                      "player.split.two_card_21_stands")),
    Rule("double", "your-turn", ("player.double.allowed", "player.double.min_cards",
                                 "player.double.max_cards", "player.double.times_per_hand",
                                 "player.double.draws_after", "player.double.totals",
                                 "player.double.redouble_stake",
                                 "player.double.aces_count_one")),
    Rule("rescue", "your-turn", ("player.double.rescue.allowed",
                                 "player.double.rescue.returns")),
    Rule("surrender", "your-turn", ("player.surrender.allowed", "player.surrender.timing",
                                    "player.surrender.against", "player.surrender.returns",
                                    "player.surrender.void_on_banker_pontoon",
                                    "player.surrender.max_cards",
                                    "player.surrender.after_split",
                                    "player.surrender.totals",
                                    "player.surrender.buy_bets.allowed",
                                    "player.surrender.buy_bets.plays_on")),
    Rule("lacks", "your-turn", ()),
    Rule("banker_draws", "bankers-turn", ("banker.mode", "banker.stand_on",
                                          "banker.hit_soft_17", "banker.must_stand_at",
                                          "banker.stick_minimum")),
    Rule("banker_opens", "bankers-turn", ("banker.opens.allowed", "banker.opens.from_total",
                                          "banker.opens.to_total",
                                          "banker.opens.automatic_min_cards")),
    Rule("banker_cards", "bankers-turn", ("banker.max_cards", "faces.banker_draws",
                                          "banker.draws_when_no_live_hands",
                                          "banker.naturals_live")),
    Rule("ranking", "settlement", ("hands.ranking",)),
    Rule("named_hands", "settlement", ("hands.definitions",)),
    Rule("payouts", "settlement", ("settlement.pays", "settlement.collects")),
    Rule("outcomes", "settlement", ("settlement.outcomes",)),
    Rule("ties", "settlement", ("settlement.ties",)),
    Rule("banker_bust", "settlement", ("settlement.banker_bust_pays_by_class",)),
    Rule("player_bust", "settlement", ("settlement.player_bust_loses_at_once",
                                       "settlement.hidden_bust_pays")),
    Rule("odd_amounts", "settlement", ("settlement.odd_amounts",)),
    Rule("shuffle", "between-deals", ("between_deals.shuffle", "between_deals.penetration",
                                      "between_deals.used_cards_to_bottom",
                                      "between_deals.busted_cards_to_bottom_at_once",
                                      "between_deals.shuffle_on_banker_pontoon",
                                      "between_deals.shuffle_on_split_pontoon",
                                      "between_deals.pack_runs_out")),
    Rule("kitty", "special-bets", ("shoot.enabled", "shoot.kitty_within_stake_limits",
                                   "shoot.top_up", "shoot.dry_kitty", "shoot.dry_kitty_sale",
                                   "shoot.kitty_leaves_with_banker")),
    Rule("side_bets", "special-bets", ("side_bets.max_fraction", "side_bets.pair.allowed",
                                       "side_bets.pair.pays", "side_bets.pair.suited_pays",
                                       "side_bets.match_dealer.allowed",
                                       "side_bets.match_dealer.pays",
                                       "side_bets.match_dealer.suited_pays")),
    Rule("shoot_bets", "special-bets", ("shoot.limit", "shoot.pays", "shoot.fourth_card_bet",
                                        "shoot.fourth_card_limit",
                                        "shoot.split_hand_bet", "shoot.bust_to_kitty_at_once",
                                        "shoot.banker_pontoon_sweeps")),
)

@dataclass(frozen=True)
class Sentence:
    """A rule of a ruleset in words: the text, the fields it covers and its marks."""

    key: str
    chapter: str
    text: str
    paths: tuple[str, ...]
    open: bool = False
    changed: bool = False
    notes: tuple[str, ...] = field(default=())
    reading: bool = False  # †: our reading of a source that leaves it open (`open_kinds`)
    silent: bool = False  # ‡: the source does not say (a custom, `Rule.reads`; implied)
    was: str | None = None  # the base's sentence where this one's words differ (`compared`)

    @property
    def parts(self) -> list[tuple[str, bool]]:
        """The sentences of a rule changed in some of them, each with whether it differs
        (`changes.marked_sentences`: ◆ before each that does); empty where the mark, if
        any, covers the whole rule."""
        return marked_sentences(self.text, self.was) if self.changed else []


def sentences(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE, base: Ruleset | None = None,
              odds_in_table: bool = False) -> list[Sentence]:
    """Every rule of `ruleset` that applies, as sentences in `lang`, in the order of play
    (`odds_in_table`: a sheet's payout table shows the named hands' odds, so they don't).

    A sentence is `open` (†/‡ by status, `marks.open_kinds`) where a field it covers rests
    on our reading of a source (`open: true`), and `changed` (◆) where its words differ
    from `base`'s sentence of the same rule or `base` has none (`docs.words.changes`). The
    words are the ruleset's own source's where it has them (`i18n.words_of`).
    """
    return compared(ruleset, base, lang, odds_in_table)[0] if base is not None else list(
        _said(ruleset, words_of(ruleset, lang), odds_in_table).shown)


def compared(ruleset: Ruleset, base: Ruleset, lang: str = SOURCE_LANGUAGE,
             odds_in_table: bool = False) -> tuple[list[Sentence], list[Sentence]]:
    """An overlay's sentences, each marked `changed` where its words differ from `base`'s
    sentence of the same rule (or `base` has none), and the sentences of `base` it no
    longer has (`gone`), both in the overlay's words (`i18n.words_of`)."""
    lang = words_of(ruleset, lang)
    said = _said(ruleset, lang, odds_in_table)
    was = before(base, lang, odds_in_table, _said)
    shown = {s.key: s.text for s in was.shown}
    english = _changed_in_english(ruleset, base, lang, odds_in_table)
    found = [replace(s, changed=True, was=shown.get(s.key))
             if changed(s.key, said.words[s.key], was) or s.key in english else s
             for s in said.shown]
    return found, gone({s.key for s in found}, was)


def _changed_in_english(ruleset: Ruleset, base: Ruleset, lang: str,
                        odds_in_table: bool) -> set[str]:
    """The keys of the sentences whose English words differ from `base`'s, for a sheet in
    another language (`lang`): a rule differs from its base whatever the language it is
    read in. A translation may give both games' hands one name (Ban Luck's ban-ban is
    «xì bàng» in Vietnamese), and the Vietnamese sheet of Xì dách lost the ◆ the English
    one has (r49zh)."""
    if lang.partition("@")[0] == SOURCE_LANGUAGE:
        return set()
    english = words_of(ruleset, SOURCE_LANGUAGE)
    with i18n.unrecorded():  # compared, not printed: no catalog need translate them
        said = _said(ruleset, english, odds_in_table)
        was = before(base, english, odds_in_table, _said)
    return {key for key, words in said.words.items() if changed(key, words, was)}


def _said(ruleset: Ruleset, lang: str, odds_in_table: bool) -> Before:
    """The sentences of `ruleset` in the catalog `lang`, unmarked, and each one's full words
    (a named hand's with its odds, which a sheet's payout table may show instead)."""
    module = template_module(ruleset, lang)
    settled = _settled(ruleset, lang)
    out, carried = [], {}
    for rule in RULES:
        if rule.key == "named_hands":
            out += _hand_sentences(ruleset, lang, not odds_in_table)
            continue
        if rule.key == "lacks":
            text = tidy(str(module.lacks()))
            paths = lacking.lacking(ruleset)
        elif rule.key in SETTLED:
            if rule.key not in settled:
                continue
            text = settled[rule.key].text
            paths = tuple(p for p in settled[rule.key].paths if applies(ruleset, p))
        else:
            text = tidy(str(getattr(module, rule.key)()))
            paths = tuple(p for p in rule.paths or rule.reads if applies(ruleset, p))
        if not text and rule.said_by is not None:
            carried[rule.said_by] = paths
        if not text or not paths:
            continue
        custom = bool(rule.reads) and not any(p in ruleset.provenance for p in paths)
        reading, silent = open_kinds(ruleset, rule.reads if custom else paths)
        if rule.our_reading:  # no source speaks of it: our reading, never "not said"
            reading, silent, custom = True, False, False
        rotating = ruleset.table.banker.value == "rotating"
        chapter = rule.fixed_banker_chapter if not rotating else None
        out.append(Sentence(rule.key, chapter or rule.chapter, text, paths,
                            open=reading or silent or custom,
                            reading=reading, silent=silent or custom))
    out = [replace(s, text=marks.capitalised(s.text, lang),  # «семь …» opening one
                   paths=s.paths + carried.get(s.key, ())) for s in out]
    words = {s.key: s.text for s in out}
    if odds_in_table:
        words |= {s.key: marks.capitalised(s.text, lang) for s in _hand_sentences(ruleset, lang)}
    return Before(tuple(out), words)


SETTLED = ("ranking", "payouts", "outcomes", "ties", "banker_bust", "player_bust",
           "banker_pontoon")
"""The rules whose sentences `docs.words.settlement` writes from the outcome table."""


def _settled(ruleset: Ruleset, lang: str, name: str | None = None) -> dict[str, Said]:
    """The settlement's sentences, worked out once per ruleset content and language (a cost
    table asks for them once per row), afresh while a catalog records its messages
    (`name`: the content's name, as `rounds.kept` takes it)."""
    def made(r: Ruleset) -> dict[str, Said]:
        gettext = translations(lang).gettext
        return settlement_said(r, gettext, marks.glossed_once(
            lambda h: hand_name(r, h, gettext, lang)), lang)

    found = made(ruleset) if i18n.is_recording() else kept(_SETTLED, ruleset, made, lang, name)
    return dict(found)


_SETTLED: dict[str, dict[str, Said]] = {}


def settlement_claims(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE) -> dict[str, Said]:
    """The settlement sentences the sheet prints, with their claims (for the tests)."""
    printed = {s.key for s in sentences(ruleset, lang)}
    return {k: v for k, v in _settled(ruleset, words_of(ruleset, lang)).items()
            if k in printed}


def _hand_sentences(ruleset: Ruleset, lang: str, odds: bool = True, only: str | None = None
                    ) -> list[Sentence]:
    """One sentence per named hand in the ranking (or only the hand `only`), from its
    definition and the outcome table (`docs.words.hands`); it covers the hand's fields that
    apply."""
    catalog = translations(lang)
    out = []
    all_paths = ruleset_paths(ruleset)
    for hand_id, _d in ruleset.hands.ranked():
        if only is not None and hand_id != only:
            continue
        text = hand_sentence(ruleset, hand_id, catalog.gettext, catalog.ngettext, lang, odds)
        prefix = f"hands.definitions.{hand_id}"
        paths = (prefix, *(p for p in all_paths
                           if p.startswith(prefix + ".") and applies(ruleset, p)))
        reading, silent = open_kinds(ruleset, paths)
        out.append(Sentence(hand_key(hand_id), "settlement", tidy(text), paths,
                            open=reading or silent, reading=reading, silent=silent))
    return out


def by_chapter(found: list[Sentence], lang: str = SOURCE_LANGUAGE) -> list[dict[str, Any]]:
    """Sentences grouped under their chapter titles (translated), in the order of play."""
    gettext = translations(lang).gettext
    chapters = []
    for key, title in CHAPTER_TITLES.items():
        rules = [s for s in found if s.chapter == key]
        if rules:
            chapters.append({"key": key, "title": gettext(title), "rules": rules})
    return chapters


def covered_paths() -> set[str]:
    """Every field path some rule covers (a test keeps this equal to the schema's leaves)."""
    return {p for rule in RULES for p in rule.paths}


def differing_from_base(ruleset: Ruleset, base: Ruleset) -> list[str]:
    """The field paths whose value differs between an overlay and its base (a named hand
    only one of them defines differs as a whole)."""
    from pontoon_rules.ruleset.resolving.present import differing_paths

    return differing_paths([ruleset, base])


def python_messages() -> list[str | tuple[str, str]]:
    """The translatable strings defined here (for the catalog; a plural as its pair)."""
    return [*CHAPTER_TITLES.values(), UNITS,
            *(text for words in OVERLAY_WORDS.values() for text in words.values()),
            NO_DIFFERENCE, DROPPED, PART_MARK, *lacking.python_messages(), *home.python_messages()]


def text_lines(ruleset: Ruleset, lang: str = SOURCE_LANGUAGE, paths: bool = False,
               base: Ruleset | None = None) -> list[str]:
    """The rules as plain text for a terminal: chapters, one sentence each, marks, and with
    `paths` the dotted paths of the fields each says. Name and summary as written."""
    from pontoon_rules.docs.sheet.sheet_view import localized

    lang = words_of(ruleset, lang)
    gettext = translations(lang).gettext
    changed = differing_from_base(ruleset, base) if base else []
    found, dropped = compared(ruleset, base, lang) if base else (sentences(ruleset, lang), [])
    name, summary = localized(ruleset, lang)
    lines = [name, *([summary] if summary else [])]
    words = overlay_words(ruleset, base, localized(base, lang)[0], gettext) if base else {}
    if base is not None:
        differ = listed(sorted(changed), gettext) or gettext(NO_DIFFERENCE)
        lines.append(f"{words['intro'].replace('%(base)s', base.id)}{gettext(COLON)}{differ}")
        lines += [f"  {dropped_text(s.text, gettext, words['dropped'])}"
                  for s in dropped_rules(dropped, lacking.said_lacking(ruleset))]
    for chapter in by_chapter(found, lang):
        lines += ["", chapter["title"]]
        for rule in chapter["rules"]:
            marks = ((" ◆" if rule.changed and not rule.parts else "")
                     + (" †" if rule.reading else "") + (" ‡" if rule.silent else ""))
            text = " ".join(("◆ " if differs else "") + part for part, differs in rule.parts)
            lines.append(f"  {text or rule.text}{marks}")
            if paths:
                lines.append("      " + " ".join(rule.paths))
    if any(s.changed for s in found):
        lines += ["", "◆ " + words["mark"] + (
            " " + gettext(PART_MARK) if any(s.parts for s in found) else "")]
    if any(s.reading for s in found):
        lines += ["", "† " + gettext(READING_LEGEND)]
    if any(s.silent for s in found):
        lines += ["", "‡ " + gettext(SILENT_LEGEND)]
    if any(s.reading and s.silent for s in found):
        lines += ["", gettext(BOTH_LEGEND)]
    return lines
