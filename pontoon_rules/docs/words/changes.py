"""What an overlay changes, in words: the ◆ mark by the words themselves.

A sentence of an overlay is marked changed (◆) exactly where its words differ from its
base's sentence of the same rule (the same key: a rule of `sentences.RULES`, or
`hand:<id>`), or where the base has no sentence of that rule. No list of the fields a
sentence reads decides it, so a field another rule covers (the direction of play, a
feature switched off) marks every sentence whose words it changes and no other. A
sentence the base has and the overlay no longer has is `gone`: an overlay's box says each
such rule dropped (`dropped_rules`; a named hand dropped is said by the ranking), and the
workbench shows it with the base's words.

The base's sentences are rendered once per base, language and table (`before`), kept by
the base's content.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pontoon_rules.docs.words.i18n import is_recording
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.ruleset.format.common import content_json
from pontoon_rules.ruleset.format.model import Ruleset

OVERLAY_WORDS: dict[str, dict[str, str]] = {
    "variation": {
        "title": _("Variation of %(base)s"),
        "intro": _("Played like %(base)s"),
        "mark": _("A rule of this game that differs from %(base)s."),
        "label": _("Variation"),
        "dropped": _("Played in %(base)s, not in this game: %(rule)s"),
    },
    "own": {
        "title": _("Based on %(base)s"),
        "intro": _("A game of its own, from its own sources; this sheet gives every rule "
                   "of it, based on %(base)s"),
        "mark": _("A rule of this game that differs from %(base)s."),
        "label": _("Its own rule"),
        "dropped": _("Played in %(base)s, not in this game: %(rule)s"),
    },
    "house": {
        "title": _("House rules"),
        "intro": _("These rules differ from the base ruleset %(base)s"),
        "mark": _("A house rule: it differs from the base ruleset."),
        "label": _("House rule"),
        "dropped": _("Dropped from the base ruleset: %(rule)s"),
    },
}
"""How a sheet names an overlay's differences: a source's named variation (`kind:
variation`) is a variation of its base, unless it cites sources its base does not (Xì dách
over Ban Luck: a game of its own, its pages never call it a variation, written over its
base only to share the rules they agree on: its box and marks name Ban Luck, never "the
base ruleset", which a reader takes for the original game). A variation's box names its base
the same way, as a person would ("Played like Australian casino Pontoon …"): a reader took
"differs from the base ruleset" for a program's words. Anything else that extends a base is
house rules. `dropped` says a base's rule the overlay no longer has (`dropped_text`). The
intro holds the base's name where its language puts it, quoted and in the case it needs
(«Играют как в игре «…»»: `intro_parts`)."""

NO_DIFFERENCE = _("no rule differs")
"""What an overlay's box says when it changes no rule of its base."""

DROPPED = OVERLAY_WORDS["house"]["dropped"]
"""A sentence of the base an overlay no longer has (`gone`), in its box."""


def overlay_words(ruleset: Ruleset, base: Ruleset, base_name: str,
                  gettext: Callable[[str], str]) -> dict[str, str]:
    """The title, intro, footnote, mark label and dropped rule's words (`%(rule)s` left to
    fill; the intro's `%(base)s` too, `intro_parts`) of an overlay's box, in words of
    `gettext`, the base named where they name it."""
    own = bool(set(ruleset.sources) - set(base.sources))
    words = OVERLAY_WORDS["house" if ruleset.kind != "variation" else "own" if own
                          else "variation"]
    named = {"title": base_name, "mark": base_name, "dropped": base_name.replace("%", "%%")}
    return {key: gettext(text).replace("%(base)s", named[key]) if key in named
            else gettext(text) for key, text in words.items()}


def intro_parts(intro: str) -> tuple[str, str]:
    """An overlay box's intro (`overlay_words`) as the words before the base's name and
    after it, so that a page can set the name apart (bold) inside its language's words."""
    before_name, _name, after_name = intro.partition("%(base)s")
    return before_name, after_name


@dataclass(frozen=True)
class Before:
    """A base's sentences as a sheet shows them (`shown`), and each rule's full words by
    key (`words`: what a sentence is compared by, a named hand's odds included)."""

    shown: tuple[Any, ...]
    words: dict[str, str]


Render = Callable[[Ruleset, str, bool], Before]
"""(base, catalog language, odds in a table) -> its sentences, unmarked."""

KEPT = 16
"""How many bases' sentences are kept (a workbench renders its base's on every change)."""
_kept: OrderedDict[tuple[str, str, bool], Before] = OrderedDict()
_kept_lock = threading.Lock()
"""The workbench renders from several threads at once: one may drop the oldest entry
between another's finding it and moving it to the end."""


def before(base: Ruleset, lang: str, odds_in_table: bool, render: Render) -> Before:
    """The base's sentences in the catalog `lang` (the overlay's own, so that both are said
    in the same words), rendered once for its content; anew inside `i18n.recording`, which
    sees every message they look up (the box says the base's dropped ones)."""
    if is_recording():
        return render(base, lang, odds_in_table)
    key = (content_json(base), lang, odds_in_table)
    with _kept_lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
            return found
    found = render(base, lang, odds_in_table)  # outside the lock: other threads go on
    with _kept_lock:
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return found


def changed(key: str, words: str, base: Before) -> bool:
    """Whether the sentence `key` saying `words` differs from its base's (or is new)."""
    return base.words.get(key) != words


def gone(keys: set[str], base: Before) -> list[Any]:
    """The base's sentences of the rules whose keys are not in `keys` (the overlay's)."""
    return [s for s in base.shown if s.key not in keys]


HAND = "hand:"
"""The key of a named hand's sentence is `hand:<id>` (`hand_key`); the rule `named_hands`
covers them all (`rule_of`)."""


def hand_key(hand_id: str) -> str:
    """The sentence key of the named hand `hand_id`."""
    return HAND + hand_id


def rule_of(key: str) -> str:
    """The rule (`sentences.RULES`) whose sentence `key` is: `named_hands` for a named
    hand's, else the rule of that key."""
    return "named_hands" if key.startswith(HAND) else key


_SENTENCE_END = re.compile(r"[.!?։۔।]\s+(\S)")
"""A sentence's end: its stop and the spaces before the next; a next word in lower case
("e.g. a", "1 or 11. a") goes on the same sentence."""


def dropped_text(text: str, gettext: Callable[[str], str], said: str | None = None) -> str:
    """A dropped rule as an overlay's box says it (`DROPPED`): the rule's first sentence
    only, the one that names it. Its details (how an ace counts toward it, when it is
    decided) read as rules still played, and a reader of the box looks for them
    (issue 49: Xì dách's box explained Ban Luck's dropped call-off and free hand at length).
    `said`: the overlay's words for it (`overlay_words`' `dropped`), else `DROPPED`."""
    first = next((text[:end.start() + 1] for end in _SENTENCE_END.finditer(text)
                  if not end.group(1).islower()), text)
    return (gettext(DROPPED) if said is None else said) % {"rule": first}


def dropped_rules(gone: list[Any], lacked: tuple[str, ...] = ()) -> list[Any]:
    """The sentences of `gone` an overlay's box says (`DROPPED`): its rules, not its named
    hands (the ranking, which lists every hand, says a hand dropped, marked ◆; a base's
    hand may have no name in the sheet's language), nor a rule of a feature the sheet's
    "Not in this game" line names (`lacked`: `lacking.lacking`'s keys, given for a source's
    variation or a game of its own, whose box would quote another game's rules: Casino
    Filipino's quoted Sydney's double and rescue beside "Not in this game: doubling", r49h;
    house rules say what they drop)."""
    return [s for s in gone if rule_of(s.key) != "named_hands"
            and not any(_under(path, key) for path in s.paths for key in lacked)]


def _under(path: str, key: str) -> bool:
    """Whether field `path` belongs to the feature switched on by `key` (a feature's
    `allowed` switch covers every field beside and below it: the double's rescue too)."""
    group = key.removesuffix(".allowed")
    return path == group or path.startswith(group + ".")


SENTENCE_END = re.compile(r"(?<=[.!?։।۔。])\s+")
"""Where one sentence of a rule's words ends and the next begins, in every script the
sheets print (Armenian «։», Punjabi «।», Urdu «۔»)."""
PART_MARK = _("At a rule's end it marks the whole rule; before a sentence, only that "
              "sentence.")
"""The legend's words where a rule of several sentences differs in some of them (issue 49:
a reader could not tell which clause of a long rule a ◆ at its end was about)."""


def marked_sentences(text: str, was: str | None) -> list[tuple[str, bool]]:
    """A changed rule's sentences, each with whether it differs from the base's sentence of
    the same rule (`was`), where only some do: a ◆ then goes before each that does; empty
    where the whole rule is marked (the base has none of it, every sentence differs, or
    the difference is one no sentence shows alone: a sentence dropped, an order changed)."""
    if was is None:
        return []
    theirs = set(SENTENCE_END.split(was))
    parts = [(s, s not in theirs) for s in SENTENCE_END.split(text)]
    flags = {differs for _s, differs in parts}
    return parts if flags == {True, False} else []
