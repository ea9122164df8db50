"""The punctuation our code writes between words, from the catalog: the comma, semicolon
and full stop that join a list of hands, the steps of a worked round or a sheet's sources
are messages of their own (", ", "; ", ".", ": "), so Urdu prints «،؛۔» from its catalog as its
sentences do. Nothing rewrites a rendered text: a user's text (a ruleset's name, summary or
note, a hand's name) is printed as written, its Latin marks and its «3:2» kept (only quoted
once where a catalog quotes it: `Message`), but for the first letter of a sentence, a
capital (`capitalised`: «семь с половиной „реале“ …» opening a sentence prints «Семь …»).
The odds our code writes are a message too ("%(win)s:%(stake)s": Russian «3 к 2»), and so
are the legends of a sheet's marks, † and ‡, which follow the provenance's status
(`open_kinds`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from pontoon_rules.ruleset.format.common import Status
from pontoon_rules.ruleset.format.fields import provenance_for

if TYPE_CHECKING:
    from pontoon_rules.ruleset.format.model import Ruleset

COMMA = ", "
SEMICOLON = "; "
FULL_STOP = "."
COLON = ": "
"""A label's separator ("Hand 1: …", "Sources: …"); Armenian sets its own, since its
full stop «։» looks like a Latin colon."""
OR = " or "
AND = " and "
"""The last joint of a list that names every item ('a, b and c': `both`)."""
ODDS = "%(win)s:%(stake)s"
READING_LEGEND = ("Our reading of the source, which leaves this open; we play it this way. "
                  "Agree on it before you play.")
SILENT_LEGEND = "The source does not say; we play it this way. Agree on it before you play."
"""The legends of a sheet's marks † and ‡ (`Sentence.reading`, `Sentence.silent`)."""
BOTH_LEGEND = ("† and ‡ on one rule: part of it is our reading of what the source leaves "
               "open, and the source says nothing of the rest.")
"""The legend of a rule marked both † and ‡ (r49zf: which applies? each, to its part)."""

Gettext = Callable[[str], str]


def python_messages() -> list[str]:
    """The marks, for the catalog (`docs.website.catalog`)."""
    # OR: in `family_words.PHRASES`, its first use
    return [COMMA, SEMICOLON, FULL_STOP, COLON, AND, ODDS, READING_LEGEND, SILENT_LEGEND,
            BOTH_LEGEND]


def listed(items: Iterable[str], gettext: Gettext) -> str:
    """'a, b, c' with the language's comma."""
    return gettext(COMMA).join(items)


def either(items: Sequence[str], gettext: Gettext) -> str:
    """'a, b or c' with the language's comma and its 'or'; one item as it is."""
    *first, last = items
    return listed(first, gettext) + gettext(OR) + last if first else last


def both(items: Sequence[str], gettext: Gettext) -> str:
    """'a, b and c' with the language's comma and its 'and' (a list a sentence's verb
    follows: the face-down cards); one item as it is."""
    *first, last = items
    return listed(first, gettext) + gettext(AND) + last if first else last


def in_parts(items: Iterable[str], gettext: Gettext) -> str:
    """'a; b; c' with the language's semicolon."""
    return gettext(SEMICOLON).join(items)


def stopped(text: str, gettext: Gettext) -> str:
    """`text` ended with the language's full stop."""
    return text + gettext(FULL_STOP)


def odds(value: Fraction | str, gettext: Gettext) -> str:
    """Odds as the language writes them ("%(win)s:%(stake)s": Russian «3 к 2»), from a
    multiple of the stake (3/2) or a ruleset's odds ('3:2', a payout field's value); any
    other text as it is."""
    if isinstance(value, Fraction):
        win, stake = str(value.numerator), str(value.denominator)
    else:
        win, colon, stake = (part.strip() for part in value.partition(":"))
        if not (colon and win.isdigit() and stake.isdigit()):
            return value
    return gettext(ODDS) % {"win": win, "stake": stake}


def odds_example(multiples: set[Fraction], gettext: Gettext) -> str:
    """One of a game's own odds (multiples of the stake) worked on a stake ("3:2 on 100 is
    150"; the message is `settlement`'s)."""
    odd = max(multiples - {Fraction(1)}, default=Fraction(1), key=lambda f: (f.denominator, f))
    stake = 100 if (100 * odd).denominator == 1 else odd.denominator
    return gettext("%(odds)s on %(stake)s is %(amount)s") % {
        "odds": odds(odd, gettext), "stake": stake, "amount": int(stake * odd)}


OPENING = "«“\"'„(‚‘‹["
"""What may come before a sentence's first letter: opening quotes and brackets."""
SENTENCE_ENDS = {"hy": "։"}
"""The marks that end a sentence, by language, else «.!?» (Armenian's «.» is a pause, its
full stop «։»)."""


def capital(text: str) -> str:
    """The first letter in capitals, past any opening quotes («золотое очко» → «Золотое…)."""
    start = len(text) - len(text.lstrip(OPENING))
    return text[:start] + text[start:start + 1].upper() + text[start + 1:]


def glossed_once(name: Callable[[str], str]) -> Callable[[str], str]:
    """`name` (a hand's, by id) that gives each name in full the first time it is asked,
    then without its gloss: the settlement's ranking says 'Feuer (zwei Asse)', its
    exceptions and ties 'Feuer' (a reader saw each gloss six times in one paragraph)."""
    asked: set[str] = set()

    def once(key: str) -> str:
        full, seen = name(key), key in asked
        asked.add(key)
        return unglossed(full) if seen else full
    return once


def unglossed(name: str) -> str:
    """A name without the gloss in brackets it ends with ('Feuer (zwei Asse)' -> 'Feuer',
    «огонь» (два туза) -> «огонь»), for its mentions after the first; as it is without one."""
    found = re.fullmatch(r"(.*\S)\s+\([^()]+\)", name)
    return found.group(1) if found else name


CAPITAL_AFTER_COLON = frozenset({"de"})
"""The languages that open a whole sentence after a colon with a capital (German); the
others go on in small letters ("Exceptions to the payouts above: a player's …", Italian
«qui sopra: un giocatore», Russian «выше: если»)."""


def after_colon(text: str, lang: str) -> str:
    """`text` as it goes on after a heading's colon in `lang` (`ru@source` as `ru`): its
    first letter, past opening quotes, small unless the language keeps a capital there."""
    if lang.partition("@")[0] in CAPITAL_AFTER_COLON:
        return text
    start = len(text) - len(text.lstrip(OPENING))
    return text[:start] + text[start:start + 1].lower() + text[start + 1:]


def capitalised(text: str, lang: str) -> str:
    """Each sentence of `text` opening with a capital, past opening quotes, in `lang`
    (`ru@source` as `ru`); a script without letter case is left as it is."""
    ends = re.escape(SENTENCE_ENDS.get(lang.partition("@")[0], ".!?"))
    return "".join(capital(part) for part in re.split(rf"(?<=[{ends}])(\s+)", text))


def open_kinds(ruleset: Ruleset, paths: Iterable[str]) -> tuple[bool, bool]:
    """Whether `paths` hold an open reading of what a source says (†: `status` stated or
    our reading) and one the source only implies, never saying it (‡: implied)."""
    found = [pv for p in paths if (pv := provenance_for(ruleset, p)) and pv.open]
    silent = [pv for pv in found if pv.status is Status.IMPLIED]
    return len(found) > len(silent), bool(silent)



QUOTES = {"«": "»", "„": "“", "“": "”", "‹": "›", "‚": "‘", "‘": "’", '"': '"', "「": "」",
          "『": "』"}
"""The quote marks a catalog puts round a name (Russian «%(p)s»), opening: closing."""
_MARKS = frozenset(QUOTES) | frozenset(QUOTES.values())
INNER = {"«": ("„", "“"), "„": ("‚", "‘"), "“": ("‘", "’")}
"""The marks of a quote within a quote, by the outer opening mark (Russian «… „…“ …»)."""


def quoted_once(opening: str, value: str) -> str | None:
    """`value` put in a slot the catalog quotes with `opening`: None where the value starts
    or ends with a quote mark (it is quoted already: the slot's marks go); else the value
    with its own marks of the slot's kind made inner ones («пять „чарли“»)."""
    if value[:1] in _MARKS or value[-1:] in _MARKS:
        return None
    closing, inner = QUOTES[opening], INNER.get(opening)
    if opening not in value and closing not in value:
        return value
    return None if inner is None else value.replace(opening, inner[0]).replace(closing, inner[1])


def quoted_slots(text: str, values: dict[str, object]) -> tuple[str, dict[str, object]]:
    """`text` and `values` with each name quoted once (`quoted_once`) where a catalog quotes
    its slot: a slot whose value is quoted already loses its marks; a value with marks of
    the slot's kind inside goes to a slot of its own with those made inner ones. Nothing is
    put into `text` but slots, so `%` formats it as before, escaping included where the
    caller's `%` escapes (an HTML template's `Markup`): a value keeps its type (`UserText`)."""
    out = dict(values)
    for key, value in values.items():
        if not (isinstance(value, str) and _MARKS.intersection(value)):
            continue
        for opening, closing in QUOTES.items():
            slot = f"{opening}%({key})s{closing}"
            if slot not in text:
                continue
            once = quoted_once(opening, value)
            if once is None:
                text = text.replace(slot, f"%({key})s")
            elif once != value:
                inner = f"{key}\x00{opening}"  # a mapping key no message uses
                out[inner] = once if type(value) is str else type(value)(once)
                text = text.replace(slot, f"{opening}%({inner})s{closing}")
    return text, out


class Message(str):
    """A catalog's message whose `%` quotes a name once (`quoted_once`): Russian
    «%(b)s» with «огонь» (два туза) prints «огонь» (два туза), never ««огонь» (два
    туза)»; with семь с половиной «реале» it prints «семь с половиной „реале“»."""

    __slots__ = ()

    def __mod__(self, values: object) -> str:
        if not isinstance(values, dict):
            return str(self) % values
        text, found = quoted_slots(str(self), values)
        return text % found
