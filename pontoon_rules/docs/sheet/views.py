"""Page contexts: rulesets, rounds and the comparison matrix as plain data for templates.

Every function here is pure: a ruleset (or several) and a gettext function in,
dictionaries and lists out. Templates do the drawing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from pontoon_rules.docs.words import amounts
from pontoon_rules.docs.words.chapters import (
    SECTION_TITLES,
    UNPLAYED_HAND,
    anchor,
    chapter_paths,
    rule_anchor,
    unplayed_hand,
)
from pontoon_rules.docs.words.hands import hand_name
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.readers import links, reader_description
from pontoon_rules.docs.words.values import (
    Gettext,
    action_text,
    actor_text,
    agreed_text,
    card_view,
    class_name,
    value_text,
)
from pontoon_rules.literal import user
from pontoon_rules.ruleset.format.fields import describe, has_path, plain, value_at
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.points import total_text
from pontoon_rules.ruleset.resolving.money import value_in_money
from pontoon_rules.ruleset.resolving.present import NOT_DEFINED, field_row, label, open_questions


def rule_row(ruleset: Ruleset, path: str, gettext: Gettext, lang: str = "en"
             ) -> dict[str, Any]:
    """One rule of `ruleset` for a page: field_row plus anchor, label and translated words;
    its provenance note in `lang` where the entry gives one (`note_lang` says which)."""
    row = field_row(ruleset, path)
    source = ruleset.sources.get(row["source"])
    translated = (row.get("note_translations") or {}).get(lang)
    row.update(note=translated or row["note"], note_lang=lang if translated else "en")
    row.update({key: user(row[key]) for key in ("source", "quote", "note")})
    row.update(source_language=user(source.language if source else ""), anchor=anchor(path),
               label=label(path), description=gettext(describe(path)),
               reader=reader_description(path, gettext),
               text=value_words(ruleset, path, gettext, lang) if row["applies"]
               else gettext(row["text"]))
    if path.startswith("hands.definitions.") and path.count(".") == 3:
        row["label"] = f"{hand_name(ruleset, path.split('.')[2], gettext)}: " + row["label"].split(
            ": ", 1)[-1]
    return row


def value_words(ruleset: Ruleset, path: str, gettext: Gettext, lang: str) -> str:
    """A field's value in words; the ranking and the outcome exceptions by the hands' names
    in the page's language (their values hold hand ids: 'natural-21')."""
    if path == "settlement.outcomes" and ruleset.settlement.outcomes:
        return outcomes_text(ruleset, gettext, lang)
    if path == "hands.ranking":
        from pontoon_rules.docs.words.marks import listed

        return listed((hand_name(ruleset, h, gettext, lang) for h in ruleset.hands.ranking),
                      gettext)
    return _field_words(ruleset, path, value_at(ruleset, path), gettext, lang)


def _field_words(ruleset: Ruleset, path: str, value: Any, gettext: Gettext,
                 lang: str) -> str:
    """`value` of the field at `path` in words: an amount in the ruleset's money as `lang`
    writes it (an agreed amount's default too: 'agreed at the table (default: $5)'), the
    money itself ('$ (100 = $1)'), else `value_text`."""
    money = ruleset.stakes.money

    def said(one: Any) -> str:
        if (path == "stakes.money" and money is not None) or value_in_money(path, one, money):
            return amounts.value_words(ruleset, path, one, lang)
        return value_text(path, one, gettext)

    agreed = agreed_text(value, gettext, said)
    return said(value) if agreed is None else agreed


def outcomes_text(ruleset: Ruleset, gettext: Gettext, lang: str = "en") -> str:
    """Each exception of `settlement.outcomes` as the sheets say a pair, in `gettext`'s
    language: names from the ruleset, odds as the language writes them."""
    from pontoon_rules.docs.words.marks import odds
    from pontoon_rules.docs.words.settlement_messages import PAIRS, PLAIN_TOTAL
    from pontoon_rules.ruleset.format.common import TieRule
    from pontoon_rules.ruleset.resolving.outcomes import tie_rule

    def name(hand_id: str) -> str:
        return gettext(PLAIN_TOTAL) if hand_id == "total" else hand_name(
            ruleset, hand_id, gettext, lang)

    out = []
    for rule in ruleset.settlement.outcomes:
        result = str(rule.result)
        flag = (rule.pays is not None if result in ("win", "lose")  # equal totals: as the
                else result == "by-total"  # player's named hand ties (its own `ties`)
                and tie_rule(ruleset, rule.player) is TieRule.PUSH)
        words = {"p": name(rule.player), "b": name(rule.banker),
                 "pays": odds(str(rule.pays), gettext) if rule.pays is not None else ""}
        out.append(gettext(PAIRS[result, flag]) % words)
    return " ".join(out)


def chapters_view(ruleset: Ruleset, gettext: Gettext, lang: str = "en"
                  ) -> list[dict[str, Any]]:
    """Every rule of `ruleset` by chapter and section, in the order a player meets them."""
    return [
        {"key": chapter.key, "title": gettext(chapter.title),
         "sections": [{"key": section, "title": gettext(SECTION_TITLES[section]),
                       "rows": _section_rows(ruleset, paths, gettext, lang)}
                      for section, paths in sections.items()]}
        for chapter, sections in chapter_paths(ruleset)
    ]


def _section_rows(ruleset: Ruleset, paths: list[str], gettext: Gettext, lang: str
                  ) -> list[dict[str, Any]]:
    """A section's rows: one per field, but one per named hand the ruleset never plays (a
    base's hand out of its ranking), not one per field of it ("not in this game" each)."""
    rows, unplayed = [], set()
    for path in paths:
        hand_id = unplayed_hand(ruleset, path)
        if hand_id is None:
            rows.append(rule_row(ruleset, path, gettext, lang))
        elif hand_id not in unplayed:
            unplayed.add(hand_id)
            rows.append(unplayed_row(ruleset, hand_id, gettext, lang))
    return rows


def unplayed_row(ruleset: Ruleset, hand_id: str, gettext: Gettext, lang: str = "en"
                 ) -> dict[str, Any]:
    """The one row of a named hand `ruleset` defines but never plays, with its provenance."""
    path = f"hands.definitions.{hand_id}"
    row = rule_row(ruleset, path, gettext, lang)
    name = hand_name(ruleset, hand_id, gettext, lang)
    row.update(anchor=rule_anchor(ruleset, path), label=user(name),
               reader=user(gettext(UNPLAYED_HAND) % {"hand": name}))
    return row


def ruleset_view(ruleset: Ruleset, gettext: Gettext, lang: str = "en",
                 base: Ruleset | None = None) -> dict[str, Any]:
    """The context of a ruleset page or sheet (without worked examples; `base`: the one it
    extends, whose translations name the sources an overlay shares with it)."""
    return {
        "id": ruleset.id, "name": user(ruleset.name), "summary": user(ruleset.summary),
        "kind": ruleset.kind, "extends": user(ruleset.extends) if ruleset.extends else None,
        "sources": sources_view(ruleset, lang, base),
        "chapters": chapters_view(ruleset, gettext, lang),
        "open": [rule_row(ruleset, row["path"], gettext, lang)
                 for row in open_questions(ruleset)],
    }


def sources_view(ruleset: Ruleset, lang: str = "en", base: Ruleset | None = None
                 ) -> list[dict[str, Any]]:
    """The ruleset's sources, every text marked as user text (drawn literally): the title
    in `lang` where the ruleset's `translations` (or its base's) give one, the reference
    as links where it gives a web address and the language's name in `lang`; `short`, what
    a printed sheet short of room names it by: its site where no other source shares it
    (three translations of one page are not that page), else its title."""
    titles: dict[str, str] = {}
    for found in (r.translations.get(lang.partition("@")[0]) for r in (base, ruleset) if r):
        titles.update(found.sources if found is not None else {})
    sites = {key: short_name(source.reference) for key, source in ruleset.sources.items()}
    shared = {site for site in sites.values() if list(sites.values()).count(site) > 1}
    return [{"key": user(key), **{k: user(v) for k, v in source.model_dump().items()},
             "title": user(titles.get(key) or source.title),
             "short": user(sites[key] if sites[key] not in shared | {None}
                           else titles.get(key) or source.title),
             "links": [{"text": user(part["text"]), "href": part["href"]}
                       for part in links(source.reference)],
             "language_name": user(language_name(source.language, lang.partition("@")[0]))}
            for key, source in ruleset.sources.items()]


MACHINE_TRANSLATIONS = _("Machine translations into %(languages)s of a rules page that cites "
                         "%(site)s")
"""Several machine translations of one page citing one site, as a sheet names them."""


def sheet_sources(ruleset: Ruleset, gettext: Gettext, lang: str = "en",
                  base: Ruleset | None = None) -> list[dict[str, Any]]:
    """The sources as a sheet handed to a table names them (`sources_view`): the machine
    translations of one page (`machine_translation_of`) that cite one site said once, where
    the first of them stands, as what they are ('Machine translations into Armenian,
    Punjabi and Urdu of a rules page that cites pagat.com')."""
    from pontoon_rules.docs.words.marks import both

    found = sources_view(ruleset, lang, base)
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for source in found:
        site = short_name(source["reference"])
        if source["machine_translation_of"] and site:
            groups.setdefault((source["machine_translation_of"], site), []).append(source)
    out = []
    for source in found:
        group = next((g for (_page, _site), g in groups.items() if source in g), [])
        if len(group) < 2:
            out.append(source)
        elif source is group[0]:
            site = short_name(source["reference"]) or ""
            title = user(gettext(MACHINE_TRANSLATIONS) % {
                "languages": both([s["language_name"] for s in group], gettext),
                "site": site})
            out.append({**source, "title": title, "short": title})
    return out


def short_name(reference: str) -> str | None:
    """A source's site as a printed sheet short of room names it: the host its reference
    begins with ('https://www.nustar.ph/x' and 'nustar.ph page, read ...': 'nustar.ph');
    None where the reference does not begin with a web address."""
    import re

    found = re.match(r"(?:https?://)?(?:www\.)?((?:[\w-]+\.)+[a-z]{2,})(?=[/\s,;:]|$)",
                     reference.strip())
    return found.group(1) if found else None


def language_name(code: str, lang: str) -> str:
    """The name of the language `code` in the language `lang` ('hy' in 'ru': 'армянский');
    the code itself where Babel does not know it."""
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(lang).languages.get(code, code))
    except (ValueError, UnknownLocaleError):
        return code


def _plus(amount: int) -> str:
    """A change of a balance with its sign, where the ruleset names no money: '+150'."""
    return f"{amount:+d}"


def hand_view(hand: dict[str, Any], gettext: Gettext, names: dict[str, str] | None = None,
              suits: dict[str, str] | None = None, letters: dict[str, str] | None = None,
              signed: Callable[[int], str] = _plus) -> dict[str, Any]:
    """A hand of the script contract's JSON, with cards to draw and its class in words
    (`names`: the game's own names of its hand ids, in the sheet's language; `suits`: its
    pack's own suit names, `pack_words.suit_words`; `letters`: its own rank letters,
    `pack_words.rank_letters`; `signed`: a change of a balance in words,
    `docs.words.amounts.signed_amount_text`)."""
    found = (names or {}).get(hand["class"])
    return {"cards": [card_view(c, gettext, suits, letters) for c in hand["cards"]],
            "total": total_text(hand["total"]),
            "class": found or class_name(hand["class"], gettext), "staked": hand.get("staked", 0),
            "net": hand["net"], "net_text": signed(hand["net"])}


def round_view(script: dict[str, Any], result: dict[str, Any], gettext: Gettext,
               names: dict[str, str] | None = None, suits: dict[str, str] | None = None,
               letters: dict[str, str] | None = None, signed: Callable[[int], str] = _plus,
               amount: Callable[[int], str] = str) -> dict[str, Any]:
    """A replayed round (script plus contract JSON) as a template draws it (`names`: the
    game's names of its hands, `suits`: its pack's own suit names, `hand_view`; `signed`
    and `amount`: its amounts in its money, `docs.words.amounts`)."""
    decisions = [{"actor": actor_text(e["actor"], gettext),
                  "action": action_text(e["action"], gettext, e["actor"], amount)}
                 for e in result.get("transcript", []) if e.get("event") == "decision"]
    return {
        "script": script,
        "seats": [{"seat": actor_text(s["seat"], gettext), "net": s["net"],
                   "net_text": signed(s["net"]), "insurance": _insurance(s, signed, amount),
                   "even_money": bool(s.get("even_money")),
                   "in_all": s["net"] != sum(h["net"] for h in s["hands"]),
                   "hands": [hand_view(h, gettext, names, suits, letters, signed)
                             for h in s["hands"]]}
                  for s in result["seats"]],
        "banker": dict(hand_view(result["banker"], gettext, names, suits, letters, signed),
                       seat=actor_text("banker", gettext)),
        "decisions": decisions,
    }


def _insurance(seat: dict[str, Any], signed: Callable[[int], str],
               amount: Callable[[int], str]) -> dict[str, Any] | None:
    """A seat's insurance with its stake and its result in words (None: none taken)."""
    found = seat.get("insurance")
    return None if not found else dict(found, staked_text=amount(int(found["staked"])),
                                       net_text=signed(int(found["net"])))


def ranking_view(ruleset: Ruleset, gettext: Gettext) -> list[str]:
    """The hands from best to worst, in words, bust last."""
    return [hand_name(ruleset, c, gettext) for c in ruleset.hands.ranking] + [
        hand_name(ruleset, "bust", gettext)]


def payout_view(ruleset: Ruleset, gettext: Gettext) -> list[dict[str, str]]:
    """The payout table: for each ranked hand, what the banker pays and what it collects."""
    from pontoon_rules.docs.sheet.sheet_view import payout_rows

    return [{"class": row["class"], "pays": row["pays"], "takes": row["takes"]}
            for row in payout_rows(ruleset, gettext)[:-1]]


def _mode(values: list[str]) -> str:
    return Counter(values).most_common(1)[0][0]


def _cell_text(ruleset: Ruleset, path: str, gettext: Gettext, lang: str = "en") -> str:
    """A matrix cell in words: the value (an amount in the ruleset's money as `lang` writes
    it, `_field_words`), a whole named hand as its sentence, or "not defined" where the
    ruleset has no such field."""
    if not has_path(ruleset, path):
        return gettext(NOT_DEFINED)
    if path.startswith("hands.definitions.") and path.count(".") == 2:
        from pontoon_rules.docs.words.hands import hand_sentence
        from pontoon_rules.docs.words.i18n import translations

        words = translations(lang)
        return hand_sentence(ruleset, path.rsplit(".", 1)[1], gettext, words.ngettext, lang)
    return _field_words(ruleset, path, value_at(ruleset, path), gettext, lang)


def matrix_view(rulesets: list[Ruleset], gettext: Gettext,
                lang: str = "en") -> list[dict[str, Any]]:
    """Every behavioural field × every ruleset, by chapter; cells off the usual value marked;
    amounts in each ruleset's money as `lang` writes them (`gettext`'s language)."""
    chapters = []
    for chapter, sections in chapter_paths(*rulesets):
        rows = []
        for path in (p for paths in sections.values() for p in paths):
            keys = [repr(plain(value_at(r, path))) if has_path(r, path) else "" for r in rulesets]
            usual = _mode(keys)
            index = {key: i for i, key in enumerate(dict.fromkeys(keys))}
            cells = [{"id": r.id, "anchor": rule_anchor(r, path), "differs": key != usual,
                      "key": str(index[key]),
                      "text": _cell_text(r, path, gettext, lang)}
                     for r, key in zip(rulesets, keys, strict=True)]
            rows.append({"path": path, "label": label(path), "cells": cells,
                         "description": gettext(describe(path)),
                         "reader": reader_description(path, gettext),
                         "differs": len(set(keys)) > 1})
        chapters.append({"key": chapter.key, "title": gettext(chapter.title), "rows": rows})
    return chapters


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [MACHINE_TRANSLATIONS]
