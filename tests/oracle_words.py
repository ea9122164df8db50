"""The oracle's check of the fields that only change words (issue 45): changed alone, such a
field leaves every figure (`edge` on both decks, `strategy`, `costs`, `simulate` on both
paths, seeded) the same to the byte, and changes the words it is for (the rules' sentences,
in the language it names); a field that changed nothing anywhere would be a defect too.
A field that changes how amounts are printed (`WordsField.amounts`: `stakes.money`) has its
figures held equal in value, every number alike, and a note must print an amount in the
money.

Each consumer's cell of such a field is "words only" where all of it holds (checked, not
assumed), else "ACCEPTED AND DISAGREES" naming the figure or "CHANGES NOTHING".
`benchmarks/oracle_coverage.py --words` runs it; `tests/test_oracle_words.py` holds it."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from pontoon_rules.ruleset.format.fields import with_value
from pontoon_rules.ruleset.format.model import Ruleset

WORDS = "words only"
NOTHING = "CHANGES NOTHING"
"""A field whose change moved no figure and no word: a field that does nothing."""

Change = Callable[[Ruleset], tuple[str, Any, str]]
"""From a base: (the path to change, its new value, the language its words are in)."""


class WordsField(NamedTuple):
    """A words-only field: what it names, the change the check makes, and whether it
    changes how amounts are printed (then the figures are held equal in value, a base that
    names no amount is not asked, and a note with an amount must print it in the money)."""

    what: str
    change: Change
    amounts: bool = False


def _first_hand(r: Ruleset) -> str:
    return next(h for h in r.hands.ranking if h in r.hands.definitions)


def _other_cut(r: Ruleset) -> str:
    return "dealer" if r.between_deals.cut.value != "dealer" else "player"


WORDS_ONLY: dict[str, WordsField] = {
    "pack.suit_names": WordsField(
        "what the sheets call the pack's suits (Sette e mezzo's coins and cups)",
        lambda r: ("pack.suit_names", {r.pack.suits[0]: {"name": "coins"}}, "en")),
    "pack.rank_names": WordsField(
        "what the sheets call the pack's ranks (Sette e mezzo's cavallo)",
        lambda r: ("pack.rank_names", {r.pack.ranks[0]: {"name": "cavallo"}}, "en")),
    "between_deals.cut": WordsField(
        "who cuts the pack after a shuffle; a uniformly shuffled pack deals alike",
        lambda r: ("between_deals.cut", _other_cut(r), "en")),
    "table.stakes_before_first_deal": WordsField(
        "when a one-on-one table's players stake (before or after the first deal): no card "
        "of a round depends on it",
        lambda r: ("table.stakes_before_first_deal",
                   not r.table.stakes_before_first_deal, "en")),
    "stakes.money": WordsField(
        "the money amounts are printed in ($5,000 for 500000 cents); every amount stays the "
        "integer it is",
        lambda r: ("stakes.money", {"symbol": "$", "minor_units": 100}, "en"), amounts=True),
    "hands.definitions.*.name": WordsField(
        "what the sheets call a named hand",
        lambda r: (f"hands.definitions.{_first_hand(r)}.name", "the royal hand", "en")),
    "hands.definitions.*.names": WordsField(
        "a named hand's name in other languages",
        lambda r: (f"hands.definitions.{_first_hand(r)}.names", {"ru": "царская рука"}, "ru")),
}
"""The words-only fields, each with what it names and the change the check makes."""

WORDS_BASES: dict[str, dict[str, Any]] = {
    "tiny-pagat": {"table.min_players": 1, "table.max_players": 1,
                   "deal.stake_after_first_card": False},
    "tiny-up-card": {},
}
"""The bases the check changes each field on, with what the base is given first: tiny-pagat
(a rotating banker) one-on-one and staked before the deal, where `table.stakes_before_first_deal`
is said at all; tiny-up-card, whose figures are valued at a stake of 100 (a note with an
amount, for a field that changes how amounts are printed)."""

FIGURES = (("edge", "--json"), ("edge", "--deck", "infinite", "--json"),
           ("strategy", "--format", "json"), ("costs", "--json"),
           ("simulate", "--rounds", "20000", "--seed", "45", "--json"),
           ("simulate", "--path", "engine", "--rounds", "300", "--seed", "7", "--json"))
"""The commands whose figures are held the same (seeded where they simulate)."""
_VOLATILE = ("second", "rounds_per", "elapsed", "time")
"""Keys of a JSON output that say how long it took, not what it found."""


def base_of(name: str) -> Ruleset:
    """A words base: the tiny ruleset with `WORDS_BASES`' changes."""
    from oracle import tiny

    data = tiny(name).model_dump(mode="python")
    for path, value in WORDS_BASES[name].items():
        data = with_value(data, path, value)
    return Ruleset.model_validate(data)


def _steady(value: Any) -> Any:
    """A command's JSON without its timings."""
    if isinstance(value, dict):
        return {k: _steady(v) for k, v in value.items()
                if not any(word in k for word in _VOLATILE)}
    if isinstance(value, list):
        return [_steady(v) for v in value]
    return value


def figures(ruleset: Ruleset) -> dict[str, str]:
    """Each command of `FIGURES` on `ruleset` (run through the CLI in this process,
    `in_process.command_line`, on a file of it): its JSON output, timings left out, as
    text; a command that fails, its exit code and what it said."""
    import yaml
    from in_process import command_line

    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{ruleset.id}.yaml"
        data = {k: v for k, v in ruleset.model_dump(mode="json").items()
                if k != "extends"}  # resolved already: its own file, whole
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        for command in FIGURES:
            done = command_line(command[0], str(path), *command[1:])
            text = done.stdout if done.returncode == 0 else done.stderr
            body = text[text.index("{"):] if done.returncode == 0 and "{" in text else text
            name = " ".join(command)
            out[name] = (json.dumps(_steady(json.loads(body)), ensure_ascii=False)
                         if done.returncode == 0 else f"exit {done.returncode}: {body}")
    return out


def _numbers(text: str) -> list[float]:
    """Every number of a JSON text, in order (the figures, whatever the notes say)."""
    def walk(value: Any) -> Iterator[float]:
        if isinstance(value, dict):
            for v in value.values():
                yield from walk(v)
        elif isinstance(value, list):
            for v in value:
                yield from walk(v)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            yield float(value)
    try:
        return list(walk(json.loads(text)))
    except json.JSONDecodeError:
        return []


def words(ruleset: Ruleset, lang: str) -> list[str]:
    """The rules in words, as a reader's page says them (`docs.words.sentences`)."""
    from pontoon_rules.docs.words.sentences import text_lines

    return text_lines(ruleset, lang)


def words_verdict(base: Ruleset, field: str,
                  before: dict[str, str]) -> tuple[str, str] | None:
    """The verdict on `field` (a key of `WORDS_ONLY`) changed on `base`, whose figures are
    `before` (`figures`): (verdict, what was seen); None where the base's words leave the
    field out (`docs.words.conditions.CONDITIONS`: a one-on-one table's staking at a table
    with a house dealer; money where the stakes are agreed at the table, no amount
    named), so that no change could show in them."""
    from pontoon_rules.docs.words.conditions import CONDITIONS

    path, new, lang = WORDS_ONLY[field].change(base)
    money = WORDS_ONLY[field].amounts
    if path in CONDITIONS and not CONDITIONS[path](base):
        return None
    if money and not isinstance(base.stakes.min_stake, int):
        return None  # a table that agrees its stakes names no amount to print in it
    changed = Ruleset.model_validate(with_value(base.model_dump(mode="python"), path, new))
    after = figures(changed)
    for command, text in before.items():
        same = text == after[command] or (money and _numbers(text) == _numbers(after[command])
                                           and bool(_numbers(text)))
        if not same:
            return "ACCEPTED AND DISAGREES", (f"{path} = {new!r}: `{command}` printed "
                                              f"{text[:200]} before, {after[command][:200]}")
    noted = any("stake of" in text for text in before.values())  # a note with an amount
    if money and noted and not any("stake of $" in text for text in after.values()):
        return NOTHING, f"{path} = {new!r}: no figure's note prints an amount in the money"
    old_words, new_words = words(base, lang), words(changed, lang)
    if old_words == new_words:
        return NOTHING, f"{path} = {new!r}: every figure and every word the same"
    line = next(b for a, b in zip([*old_words, ""], [*new_words, ""], strict=False) if a != b)
    return WORDS, f"{path} = {new!r}: figures the same ({len(before)} commands); words: {line}"


def words_table(bases: tuple[str, ...] = tuple(WORDS_BASES),
                say: Callable[[str], None] | None = None
                ) -> tuple[dict[str, dict[str, str]], list[str], list[str]]:
    """The words-only fields' rows (each consumer's cell the field's verdict, the worst
    over `bases`), the failures and the checks, in words."""
    from oracle import CONSUMERS

    table: dict[str, dict[str, str]] = {}
    wrong: list[str] = []
    seen: list[str] = []
    for name in bases:
        base = base_of(name)
        before = figures(base)
        for field in WORDS_ONLY:
            if say is not None:
                say(f"{name}: {field}")
            found = words_verdict(base, field, before)
            if found is None:
                continue
            verdict, detail = found
            line = f"{name}: {detail}"
            (seen if verdict == WORDS else wrong).append(line)
            if table.get(field, {}).get(CONSUMERS[0]) in (None, WORDS):
                table[field] = {c: verdict for c in CONSUMERS}
    return table, wrong, seen
