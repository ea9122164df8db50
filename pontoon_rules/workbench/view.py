"""The rules panel: the sheet's sentences in the order of play, each with its fields' controls.

Sentences come from `docs.words.sentences` (the sheet's own words, for the draft when it
loads, else for the base), controls from `controls` (the schema). A field no rule
of the sheet covers still gets its control, under "Other rules" of its section's
chapter, so nothing in the schema is out of reach.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pontoon_rules.docs.words.changes import rule_of
from pontoon_rules.docs.words.i18n import SOURCE_LANGUAGE, translations
from pontoon_rules.docs.words.sentences import CHAPTER_TITLES, RULES, Sentence, applies, compared
from pontoon_rules.docs.words.values import value_text
from pontoon_rules.errors import Problem
from pontoon_rules.ruleset.format.fields import plain, value_at
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.workbench.controls import (
    DATA,
    ITEMS,
    LIST,
    Control,
    controls,
    data_text,
    form_value,
)
from pontoon_rules.workbench.draft import Evaluation, Start, value_words
from pontoon_rules.workbench.render import in_words, said

Words = Callable[[str, Any], str]
OTHER = "other"
MAX_SHOWN = 12
"""Problems shown at one control (a long list of bad items is cut, with the count)."""
_NAME = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+|[a-z]+_[a-z0-9_]+")


def words(lang: str) -> Words:
    """`(path, value) -> words` in `lang`: the sheets' words for values, menus readable."""
    gettext = translations(lang).gettext

    def say(path: str, value: Any) -> str:
        data = plain(value)
        if (isinstance(data, dict) and data.get("agreed") is not True) or (
                isinstance(data, list) and any(isinstance(v, (dict, list)) for v in data)
                and path != "settlement.outcomes"):
            return value_words(path, data)  # a structure: in words, never its repr
        try:
            text = value_text(path, value, gettext)
        except (TypeError, ValueError, IndexError, KeyError):
            text = str(value)
        return text.replace("-", " ") if text == str(plain(value)) else text

    return say


def locate(problem: Problem, paths: set[str], changed: list[str]) -> list[str]:
    """The controls a loader problem belongs to: its own field, the fields its message
    names, or the changed fields below its section; [] for the whole ruleset."""
    if problem.path in paths:
        return [problem.path]
    named = []
    for name in _NAME.findall(problem.message):
        for candidate in (name, f"{problem.path}.{name}" if problem.path else name):
            if candidate in paths and candidate not in named:
                named.append(candidate)
    if named:
        return named
    prefix = problem.path + "." if problem.path else None
    return [p for p in changed if prefix and p.startswith(prefix)]


def problems_by_path(problems: list[Problem], paths: set[str],
                     changed: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """Problems placed on their controls, and those about the whole ruleset."""
    placed: dict[str, list[str]] = {}
    general: list[str] = []
    for problem in problems:
        where = locate(problem, paths, changed)
        label = f"{problem.path}: " if problem.path and problem.path not in where else ""
        for path in where:
            placed.setdefault(path, []).append(label + problem.message)
        if not where:
            general.append((f"{problem.path}: " if problem.path else "") + problem.message)
    return placed, general


def rules_view(start: Start, values: dict[str, Any], evaluation: Evaluation,
               parse_problems: dict[str, str], lang: str,
               typed: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything the rules panel draws: chapters of rules, each rule's sentence and
    controls (value, base value, changed, problems), and the problems of the whole.

    `typed`: what the user typed in a control that could not be read (YAML with a slip),
    shown again in that control as typed, beside its problem, never the base's value.
    """
    say = words(lang)
    found = controls(words=say)
    shown = evaluation.ruleset or start.base
    changed = [p for p in values if p in found]
    placed, general = problems_by_path(list(evaluation.problems), set(found), changed)
    for path, message in parse_problems.items():
        placed.setdefault(path, []).insert(0, message)
    worded, dropped = compared(shown, start.base, lang)
    by_key = {s.key: s for s in worded}
    differ = {s.key for s in worded if s.changed} | {s.key for s in dropped}
    was = {s.key: s.was for s in worded if s.was} | {s.key: s.text for s in dropped}
    context = _Context(start, values, shown, placed, say, lang, typed or {})
    chapters = []
    for key, title in CHAPTER_TITLES.items():
        rules = [_rule(context, r.key, by_key.get(r.key), r.paths, found,
                       any(rule_of(k) == r.key for k in differ), was.get(r.key))
                 for r in RULES if r.chapter == key]
        extra = _uncovered(found, key)
        if extra:
            rules.append(_rule(context, OTHER, None, tuple(extra), found))
        chapters.append({"key": key, "title": translations(lang).gettext(title),
                         "rules": rules})
    orphans = _uncovered(found, None)
    if orphans:
        chapters.append({"key": OTHER, "title": in_words(lang, said("Other rules")),
                         "rules": [_rule(context, OTHER, None, tuple(orphans), found)]})
    return {"chapters": chapters, "general": _shown(general, lang),
            "valid": evaluation.ruleset is not None, "changed": changed,
            "problem_count": len(evaluation.problems) + len(parse_problems)}


class _Context:
    def __init__(self, start: Start, values: dict[str, Any], shown: Ruleset,
                 placed: dict[str, list[str]], say: Words, lang: str,
                 typed: dict[str, Any]) -> None:
        self.start, self.values, self.shown, self.placed = start, values, shown, placed
        self.say, self.lang, self.typed = say, lang, typed


def _rule(context: _Context, key: str, sentence: Sentence | None, paths: tuple[str, ...],
          found: dict[str, Control], words_differ: bool = False, was: str | None = None
          ) -> dict[str, Any]:
    """A rule of the panel: "changed" where its sentence's words differ from the base's, or
    the base's is gone (`sentences.compared`, the sheet's ◆), or a control of it is set;
    `was`: the base's sentence, where it differs or is gone."""
    fields = [_control(context, found[p]) for p in paths if p in found]
    return {"key": key, "text": sentence.text if sentence else None,
            "open": bool(sentence and sentence.open),
            "changed": words_differ or any(f["changed"] for f in fields), "was": was,
            "problems": any(f["problems"] for f in fields),
            "label": fields[0]["label"] if fields else key, "fields": fields}


def _control(context: _Context, control: Control) -> dict[str, Any]:
    path = control.path
    base = _value(context.start.base, path)
    changed = path in context.values
    value = context.values[path] if changed else base
    gettext = translations(context.lang).gettext
    return {
        "path": path, "kind": control.kind, "label": _label(control, gettext),
        "changed": changed, "base_text": context.say(path, base),
        "applies": _applies(context.shown, path),
        "problems": _shown(context.placed.get(path, []), context.lang),
        "special": control.special_index(value),
        "specials": [{"index": i, "label": _special_label(context, path, s.value, s.label)}
                     for i, s in enumerate(control.specials)],
        "value": (_typed(context.typed[path]) if path in context.typed
                  else _form(control, value)),
        "choices": [{"value": form_value(c.value), "label": c.label} for c in control.choices],
        "parts": [{"label": item.description, "kind": item.kind, "minimum": item.minimum,
                   "maximum": item.maximum, "choices": [
                       {"value": form_value(c.value), "label": c.label} for c in item.choices]}
                  for item in control.items],
        "minimum": control.minimum, "maximum": control.maximum,
        "exclusive_minimum": control.exclusive_minimum,
        "pattern": control.pattern, "examples": list(control.examples),
        "payouts": named_payouts(value, context.shown, gettext, context.lang)
        if path == HANDS else [],
    }


def _label(control: Control, gettext: Callable[[str], str]) -> str:
    """A control's label: the field as readers are told it, in the catalog's language (its
    file notation left out: `readers.reader_description`); English: the control's own."""
    if gettext(control.description) == control.description:
        return control.label
    from pontoon_rules.docs.words.readers import reader_description

    try:
        return reader_description(control.path, gettext)
    except (KeyError, ValueError):
        return gettext(control.description)


CONSTANT_WORDS = (said("infinite"),)
"""The schema's constant values a control offers that the catalog words (`pack.decks`)."""


def _special_label(context: _Context, path: str, value: Any, label: str) -> str:
    """A special value's words: the schema's own phrase where the catalog translates it
    (English: as the schema says), else the value in the page's words."""
    if context.lang == SOURCE_LANGUAGE:
        return label
    translated = translations(context.lang).gettext(label)
    return translated if translated != label else context.say(path, value)


HANDS = "hands.definitions"
"""The named hands: a structure (YAML), with a control of its own for what each pays."""


def named_payouts(hands: Any, ruleset: Ruleset, gettext: Callable[[str], str],
                  lang: str) -> list[dict[str, Any]]:
    """Each named hand that pays at odds of its own: its name (as the sheet says it, in
    `ruleset`), what it pays (odds as written) and the path a change of it is sent as
    (`hands.definitions.ID.pays`)."""
    from pontoon_rules.docs.words.hands import hand_name

    if not isinstance(hands, dict):
        return []
    out = []
    for key, hand in plain(hands).items():
        if not isinstance(hand, dict) or hand.get("pays") is None:
            continue
        try:
            name = hand_name(ruleset, key, gettext, lang)
        except (KeyError, AttributeError, ValueError):
            name = str(hand.get("name") or key.replace("-", " "))
        out.append({"id": key, "name": name, "pays": form_value(hand["pays"]),
                    "path": f"{HANDS}.{key}.pays"})
    return out


def _shown(problems: list[str], lang: str, most: int = MAX_SHOWN) -> list[str]:
    """At most `most` problems of one control, and how many more there are (in `lang`)."""
    if len(problems) <= most:
        return problems
    return [*problems[:most], in_words(lang, "… and %(count)s more problems here",
                                       count=len(problems) - most)]


def _form(control: Control, value: Any) -> Any:
    """The value as the control's inputs hold it (text, a list of texts, YAML text)."""
    if control.special_index(value) is not None:
        return ""
    if control.kind == DATA:
        return data_text(plain(value))
    if control.kind in (LIST, ITEMS) and isinstance(value, (list, tuple)):
        return [form_value(plain(v)) for v in value]
    return form_value(plain(value))


def _typed(sent: Any) -> Any:
    """What the user typed, as the control holds it (text, or a list of texts)."""
    if isinstance(sent, list):
        return [v if isinstance(v, str) else "" for v in sent]
    return sent if isinstance(sent, str) else ""


def _value(ruleset: Ruleset, path: str) -> Any:
    try:
        return plain(value_at(ruleset, path))
    except AttributeError:
        return None


def _applies(ruleset: Ruleset, path: str) -> bool:
    try:
        return applies(ruleset, path)
    except (AttributeError, KeyError, ValueError):
        return True


def _section_chapters() -> dict[str, str]:
    """The sheet chapter of each section: the chapter of the first rule that covers it."""
    out: dict[str, str] = {}
    for rule in RULES:
        for path in rule.paths:
            out.setdefault(path.split(".", 1)[0], rule.chapter)
    return out


def _uncovered(found: dict[str, Control], chapter: str | None) -> list[str]:
    """The fields no sheet rule covers, whose section belongs to `chapter` (None: to no
    chapter at all)."""
    covered = {p for rule in RULES for p in rule.paths}
    sections = _section_chapters()
    return [p for p in found if p not in covered
            and sections.get(p.split(".", 1)[0]) == chapter]


def problem_count_words(lang: str, count: int) -> str:
    """'3 problems' in `lang` (its own plural forms)."""
    return translations(lang).ngettext("%(num)d problem", "%(num)d problems", count) % {
        "num": count}
