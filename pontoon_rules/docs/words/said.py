"""One rule in words: the sentences that say a single field (the cost tables and the worked
examples name a changed rule this way, without rendering the whole sheet). The sentences
are the sheet's own (`sentences.sentences`): the same rules, the settlement from the
resolved outcome table, each named hand from its definition."""

from __future__ import annotations

from pontoon_rules.docs.words.i18n import SOURCE_LANGUAGE, words_of
from pontoon_rules.docs.words.sentences import (
    RULES,
    SETTLED,
    _hand_sentences,
    _settled,
    applies,
)
from pontoon_rules.docs.words.template_module import template_module, tidy
from pontoon_rules.ruleset.format.model import Ruleset


def sentences_of(ruleset: Ruleset, path: str, lang: str = SOURCE_LANGUAGE,
                 name: str | None = None) -> list[str]:
    """The sentences of the sheet of `ruleset` that say the field `path` (only the rules
    that cover it are rendered: a quick way to say one changed rule in words); `name`: a
    name of the ruleset's content the caller has (`rounds.kept`)."""
    if not applies(ruleset, path):
        return []
    lang = words_of(ruleset, lang)
    out = []
    for rule in RULES:
        if path not in rule.paths or rule.key in (*SETTLED, "lacks", "named_hands"):
            continue
        text = tidy(str(getattr(template_module(ruleset, lang), rule.key)()))
        if text:
            out.append(text)
    if path.startswith("hands.definitions"):
        hand = path.split(".")[2] if path.count(".") >= 2 else None
        out += [s.text for s in _hand_sentences(ruleset, lang, only=hand)
                if path == "hands.definitions" or path in s.paths]
    # any field may be read by a settlement sentence's words (`Said.paths`, recorded)
    out += [said.text for key, said in _settled(ruleset, lang, name).items()
            if key in SETTLED and path in said.paths and said.text]
    return out
