"""One rule in words: the sentences that say a single field (the cost tables and the worked
examples name a changed rule this way, without rendering the whole sheet)."""

from __future__ import annotations

from pontoon_rules.docs.i18n import SOURCE_LANGUAGE
from pontoon_rules.docs.sentences import RULES, _module, _tidy, applies
from pontoon_rules.ruleset.model import Ruleset


def sentences_of(ruleset: Ruleset, path: str, lang: str = SOURCE_LANGUAGE) -> list[str]:
    """The sentences of the rules that say the field `path` in `ruleset` (only those rules
    are rendered: a quick way to say one changed rule in words)."""
    module = _module(ruleset, lang)
    out = []
    for rule in RULES:
        if path in rule.paths and applies(ruleset, path):
            text = _tidy(str(getattr(module, rule.key)()))
            if text:
                out.append(text)
    return out
