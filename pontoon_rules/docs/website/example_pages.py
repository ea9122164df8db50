"""The worked examples: for each pair of source variants and each base with one of its
variations or house overlays, the rounds that settle differently because of one rule.

The compare layer finds the rounds (`adapters.comparisons`); this module says them in a
reader's words: the rule under each ruleset as the sheet says it, what player 1 does and
holds under each, whether the banker's cards are the same (and why not), and the money,
all from the replayed round, so the text always agrees with the hands shown.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pontoon_rules.docs.sheet.sheet_view import localized
from pontoon_rules.docs.sheet.views import round_view
from pontoon_rules.docs.website.pages import base_of, bundled, pair_page_name, site_rulesets
from pontoon_rules.docs.words import adapters
from pontoon_rules.docs.words.amounts import Amount, amount_of, signed_amount_text
from pontoon_rules.docs.words.chapters import anchor, rule_anchor
from pontoon_rules.docs.words.i18n import SOURCE_LANGUAGE, is_recording, render, translations
from pontoon_rules.docs.words.pack_words import suit_words
from pontoon_rules.docs.words.readers import reader_description, reader_words
from pontoon_rules.docs.words.said import sentences_of
from pontoon_rules.docs.words.values import actor_text, card_view, class_name, value_text
from pontoon_rules.literal import user
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.points import total_text

_VERBS = {"stick": "sticks", "twist": "twists", "buy": "buys a card for {amount}",
          "split": "splits the pair", "double": "doubles", "insure": "insures for {amount}",
          "even-money": "takes even money", "decline": "declines insurance",
          "shoot": "makes a shoot bet of {amount}", "surrender": "surrenders",
          "rescue": "rescues the doubled hand", "redouble": "redoubles"}
_ORDINALS = {1: "once", 2: "twice"}


def _cards(codes: list[str]) -> str:
    gettext = translations(SOURCE_LANGUAGE).gettext
    return " ".join(f"{c['rank']}{c['suit']}" for c in (card_view(x, gettext) for x in codes))


def hand_words(hand: dict[str, Any]) -> str:
    """'9♣ 6♦ (15)', '5♠ 6♥ 10♣: 21 with 3 cards', 'A♠ K♥: a pontoon', 'bust (24)'."""
    gettext = translations(SOURCE_LANGUAGE).gettext
    cards, total, cls = _cards(hand["cards"]), total_text(hand["total"]), hand["class"]
    if cls == "total":
        return f"{cards} ({total})"
    if cls == "bust":
        return f"{cards}: bust ({total})"
    name = class_name(cls, gettext)
    if cls == "twenty-one":
        return f"{cards}: 21 with {len(hand['cards'])} cards"
    return f"{cards}: a {name}" + (f" of {total}" if cls == "five-card-trick" else "")


def _actions(transcript: list[dict[str, Any]], actor: str) -> str:
    """What `actor` decided, in words, repeats counted: 'twists twice, then sticks'."""
    words: list[list[Any]] = []
    for event in transcript:
        if event.get("event") != "decision" or event.get("actor") != actor:
            continue
        kind, _space, amount = str(event["action"]).partition(" ")
        verb = _VERBS.get(kind, kind).format(amount=amount)
        if words and words[-1][0] == verb:
            words[-1][1] += 1
        else:
            words.append([verb, 1])
    parts = [verb if n == 1 else f"{verb} {_ORDINALS.get(n, f'{n} times')}"
             for verb, n in words]
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", then " + parts[-1]


def money_words(net: int, amount: Amount = str) -> str:
    """'wins 100', 'loses 100', 'breaks even' (`amount`: in the ruleset's money, 'wins
    $1')."""
    if net > 0:
        return f"wins {amount(net)}"
    return f"loses {amount(-net)}" if net < 0 else "breaks even"


def side_story(result: dict[str, Any], transcript: list[dict[str, Any]],
               amount: Amount = str) -> str:
    """One side of an example in words, from the replayed round: player 1's decisions and
    hands, the banker's, and player 1's money for the round (`amount`: each amount in the
    ruleset's money, `docs.words.amounts`)."""
    gettext = translations(SOURCE_LANGUAGE).gettext
    seat = result["seats"][0]
    who = actor_text(seat["seat"], gettext).capitalize()
    done = _actions(transcript, seat["seat"])
    hands = " and ".join(hand_words(h) for h in seat["hands"])
    first = f"{who} {done}: {hands}." if done else f"{who} holds {hands}."
    banker = result["banker"]
    drew = _actions(transcript, "banker")
    banker_text = (f"The banker {drew.replace('twists', 'draws').replace('sticks', 'stands')}: "
                   if drew else "The banker holds ")
    early = " (shown at once)" if result.get("ended_early") else ""
    insurance = seat.get("insurance") or {}
    net = int(insurance.get("net", 0))
    extras = ([f"insured for {amount(int(insurance['staked']))}: "
               f"{'+' if net >= 0 else '-'}{amount(abs(net))}"] if insurance else [])
    if seat.get("even_money"):
        extras.append("took even money")
    money = (f"{who} {money_words(seat['net'], amount)}"
             + (f" ({', '.join(extras)})" if extras else ""))
    return f"{first} {banker_text}{hand_words(banker)}{early}. {money}."


def banker_note(sides: list[dict[str, Any]], names: tuple[str, str]) -> str:
    """Whether the banker holds the same cards on both sides, and if not, why."""
    first, second = (s["result"] for s in sides)
    if first["banker"]["cards"] == second["banker"]["cards"]:
        return "The banker holds the same cards under both rules."
    counts = [sum(len(h["cards"]) for h in r["seats"][0]["hands"]) for r in (first, second)]
    if counts[0] != counts[1]:
        more = names[0] if counts[0] > counts[1] else names[1]
        return (f"The banker's cards differ because the rule changes player 1's play: under "
                f"{more} player 1 takes more cards, so the banker's cards come from further "
                "down the same shoe.")
    return "The banker's cards differ because the rule changes how the banker plays."


def value_words(path: str, found: dict[str, Any], gettext: Any) -> str:
    """A compared value in words (`values.value_text`: never a raw value such as
    'banker-wins' or a mapping), else the compare layer's own text."""
    if "value" not in found:
        return str(found.get("text", ""))
    try:
        return value_text(path, found["value"], gettext)
    except (KeyError, TypeError, ValueError):
        return str(found.get("text", ""))


def _rule_words(ruleset: Ruleset, path: str) -> str:
    """The sentences of `ruleset`'s sheet that say `path` (else its description), kept per
    ruleset and field: a site build asks for each several times (the examples' pages, each
    pair's headings and clauses)."""
    if is_recording():  # every message the words look up must be seen again
        return _said_or_described(ruleset, path)
    key = (id(ruleset), path)
    found = _RULE_WORDS.get(key)
    if found is None or found[0] is not ruleset:  # kept with its ruleset: an id is not reused
        if len(_RULE_WORDS) >= _RULE_WORDS_LIMIT:
            _RULE_WORDS.clear()
        found = _RULE_WORDS[key] = (ruleset, _said_or_described(ruleset, path))
    return found[1]


_RULE_WORDS: dict[tuple[int, str], tuple[Ruleset, str]] = {}
_RULE_WORDS_LIMIT = 8_000
"""Entries kept before the memo is emptied (more than a site build of the bundled rulesets
keeps)."""


def _said_or_described(ruleset: Ruleset, path: str) -> str:
    said = " ".join(sentences_of(ruleset, path, SOURCE_LANGUAGE))
    return said or f"{reader_description(path)}"


_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)\.\s+")
HEADING_LIMIT = 110


def heading(first: Ruleset, second: Ruleset, path: str,
            values: tuple[str, str] | None = None) -> str:
    """The difference in words: the second ruleset's rule, as the sheet says it, where it
    differs from the first's (only the clauses that differ); else the rule's values in words
    (`values`, each side's) after its description."""
    from pontoon_rules.docs.words.costview import differing_clauses

    one, two = differing_clauses(_rule_words(first, path), _rule_words(second, path))
    text = two or one
    short = _SENTENCE_END.split(text)[0].rstrip(".") if text else ""
    if short and len(short) <= HEADING_LIMIT:
        return short
    rule = reader_description(path).rstrip(".")
    if values and values[0] != values[1]:
        return f"{rule}: {values[0]} → {values[1]}"
    return rule


def unique_headings(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`views` with no heading twice on a page: a repeat names both sides' rules, and a
    repeat of that its field's place in the list."""
    seen: set[str] = set()
    for view in views:
        words = view["heading"]
        if words in seen and view.get("sides"):
            words = f"{words} ({view['sides'][0]['value']} → {view['sides'][1]['value']})"
        number = 2
        while words in seen:
            words = f"{view['heading']} ({number})"
            number += 1
        seen.add(words)
        view["heading"] = words
    return views


def _amount(ruleset: Ruleset | None) -> Amount:
    """Amounts in the ruleset's money, in English (the plain number where it is unknown)."""
    return str if ruleset is None else amount_of(ruleset)


def _round(script: dict[str, Any], result: dict[str, Any], gettext: Any,
           ruleset: Ruleset | None) -> dict[str, Any]:
    """The round drawn, with the ruleset's suit names and its amounts in its money."""
    if ruleset is None:
        return round_view(script, result, gettext)
    return round_view(script, result, gettext, suits=suit_words(ruleset, gettext),
                      signed=lambda n: signed_amount_text(ruleset, n), amount=amount_of(ruleset))


def merged_repeats(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`views` with each round drawn once: an example whose rounds (both sides' scripts) an
    earlier example already shows is not drawn again but named under it (`also`: a hand
    that one game alone defines changes the ranking too, and every such hand's round can be
    the ranking's one). Each view gets `also`, the headings and links of those named."""
    kept: list[dict[str, Any]] = []
    shown: dict[str, dict[str, Any]] = {}
    for view in views:
        key = json.dumps([side["script"] for side in view["sides"]], sort_keys=True)
        first = shown.get(key)
        if first is None:
            view["also"] = []
            shown[key] = view
            kept.append(view)
        else:
            first["also"].append({"heading": view["heading"], "field": view["field"],
                                  "sides": [{"id": s["id"], "anchor": s["anchor"]}
                                            for s in view["sides"]]})
    return kept


def _side_name(ruleset: Ruleset | None, ruleset_id: str) -> str:
    if ruleset is None:
        return ruleset_id
    return localized(ruleset, "en", base_of(ruleset))[0]


def example_view(record: dict[str, Any], first: Ruleset | None = None,
                 second: Ruleset | None = None) -> dict[str, Any]:
    """A compare example as a page draws it: heading, each side's rule, round and story,
    and the note on the banker's cards. Without the rulesets (a draft the site does not
    hold), each side's rule is its value in words and the heading the rule's description."""
    gettext = translations(SOURCE_LANGUAGE).gettext
    path = record["field"]
    sides = []
    for ruleset_id, ruleset in zip(record["rulesets"], (first, second), strict=True):
        played = record["played"][ruleset_id]
        transcript = list(played.get("transcript", []))
        result = dict(played["result"], transcript=transcript)
        value = value_words(path, record["values"][ruleset_id], gettext)
        rule = _rule_words(ruleset, path) if ruleset is not None else value
        sides.append({"id": ruleset_id, "name": user(_side_name(ruleset, ruleset_id)),
                      "anchor": rule_anchor(ruleset, path) if ruleset else anchor(path),
                      "value": value, "rule": user(rule),
                      "script": record["scripts"][ruleset_id], "result": played["result"],
                      "story": user(side_story(played["result"], transcript,
                                               _amount(ruleset))),
                      "round": _round(record["scripts"][ruleset_id], result, gettext,
                                      ruleset)})
    words = (heading(first, second, path, (sides[0]["value"], sides[1]["value"]))
             if first is not None and second is not None else reader_description(path))
    policy = (record.get("policy") or {}).get("description", "")
    return {"field": path, "anchor": anchor(path), "heading": user(words),
            "policy": user(policy[:1].upper() + policy[1:] + "." if policy else ""),
            "description": user(words), "explanation": user(" ".join(s["story"] for s in sides)),
            "sides": sides, "banker": banker_note(sides, (sides[0]["name"], sides[1]["name"]))}


def reason_view(record: dict[str, Any], first: Ruleset | None = None,
                second: Ruleset | None = None) -> dict[str, Any]:
    """A difference no round shows, with the one sentence why."""
    path = record["field"]
    reason = reader_words(str(record.get("reason", "")))
    for ruleset_id, ruleset in zip(record.get("rulesets", ()), (first, second), strict=False):
        if ruleset is not None:
            reason = reason.replace(ruleset_id, _side_name(ruleset, ruleset_id))
    words = (heading(first, second, path) if first is not None and second is not None
             else reader_description(path))
    reason = reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")
    return {"field": path, "anchor": anchor(path), "heading": user(words),
            "link": rule_anchor(first, path) if first is not None else anchor(path),
            "description": user(words), "reason": user(reason)}


def pair_edges(first: Ruleset, second: Ruleset) -> list[dict[str, Any]]:
    """Each game's house edge for a pair's page (name, edge in words, its analysis link);
    empty without the analysis."""
    from pontoon_rules.docs.website.matrix import edge_text
    from pontoon_rules.docs.website.pages import site_analysis

    analysis = site_analysis() or {}
    if not analysis:
        return []
    return [{"id": r.id, "name": user(_side_name(r, r.id)),
             "edge": edge_text(analysis.get(r.id))} for r in (first, second)]


def _on_site(ruleset_id: str) -> Ruleset:
    return next(r for r in site_rulesets() if r.id == ruleset_id)


def overlay_pairs() -> list[tuple[Ruleset, Ruleset]]:
    """(base, ruleset) for every ruleset on the site whose base is on the site too."""
    on_site = {r.id for r in site_rulesets()}
    pairs = []
    for ruleset in site_rulesets():
        base = base_of(ruleset)
        if base is not None and base.id in on_site:
            pairs.append((base, ruleset))
    return pairs


_COMPARISONS: dict[str, list[dict[str, Any]] | None] = {}


def _comparisons(sources: list[str]) -> list[dict[str, Any]] | None:
    """The compare layer's records for every pair the pages show, found once per process
    for the same rulesets (a `docs serve` rebuild with nothing changed searches nothing)."""
    pairs = overlay_pairs()
    key = repr([_on_site(i).model_dump_json() for i in sources]
               + [(a.model_dump_json(), b.model_dump_json()) for a, b in pairs])
    if key not in _COMPARISONS:
        found = adapters.comparisons(sources)
        _COMPARISONS.clear()
        _COMPARISONS[key] = (None if found is None
                             else found + adapters.comparisons_of(pairs))
    return _COMPARISONS[key]


def example_pages() -> dict[str, str]:
    """The worked-examples index and, when the compare layer exists, one page per pair."""
    sources = [r.id for r in bundled() if r.kind == "source"]
    found = _comparisons(sources)
    pages: dict[str, str] = {}
    listed = []
    for comparison in found or []:
        first, second = (_on_site(i) for i in comparison["rulesets"])
        name = pair_page_name(first.id, second.id)
        pages[name] = render("examples_pair.md.j2", first=first, second=second,
                             first_name=localized(first, "en", base_of(first))[0],
                             second_name=localized(second, "en", base_of(second))[0],
                             examples=merged_repeats(unique_headings(
                                 [example_view(e, first, second)
                                  for e in comparison["examples"]])),
                             reasons=unique_headings([reason_view(r, first, second)
                                                      for r in comparison["reasons"]]),
                             edges=pair_edges(first, second))
        listed.append({"first": localized(first, "en", base_of(first))[0],
                       "second": localized(second, "en", base_of(second))[0],
                       "page": name.split("/", 1)[1], "count": len(comparison["examples"]),
                       "reasons": len(comparison["reasons"])})
    names = [{"first": a, "second": b} for i, a in enumerate(sources) for b in sources[i + 1:]]
    names += [{"first": a.id, "second": b.id} for a, b in overlay_pairs()]
    pages["examples/index.md"] = render("examples_index.md.j2", pair_names=names,
                                        pairs=listed if found is not None else None)
    return pages
