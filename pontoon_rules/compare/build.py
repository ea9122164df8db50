"""Turn a search hit into an `Example` record: replayed, checked, explained."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pontoon_rules.compare.explain import attribution_sentence, explain
from pontoon_rules.compare.records import Example, FieldValues, PlayedRound
from pontoon_rules.engine.round.cards import card_code
from pontoon_rules.engine.round.results import RoundResult
from pontoon_rules.engine.scripts.script import ScriptRun, play
from pontoon_rules.ruleset.format.fields import describe
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.present import field_row

if TYPE_CHECKING:
    from pontoon_rules.compare.search import Hit, PairSearch


def field_values(rulesets: tuple[Ruleset, Ruleset], path: str) -> FieldValues:
    """The field's description and each ruleset's value (plain, in words) and provenance."""
    keys = ("value", "text", "status", "source", "quote", "note", "open")
    values = {r.id: {k: row[k] for k in keys} for r in rulesets if (row := field_row(r, path))}
    return FieldValues(path, describe(path), values)


def build_example(search: PairSearch, values: FieldValues, hit: Hit) -> Example:
    """Replay the hit's round under both rulesets and make it a record.

    Raises:
        AssertionError: the replay does not settle as the search found (an engine bug).
    """
    candidate = search.candidates[hit.index]
    shoe = candidate.shoe[:hit.cards]
    runs = []
    for side in (0, 1):
        outcome = search.outcome(side, hit.index)
        assert outcome is not None
        run = play(search.rules[side], list(candidate.stakes), list(shoe), list(outcome.actions))
        assert _nets(run.result) == outcome.nets, "replay differs from the search"
        runs.append(run)
    ids = (search.rulesets[0].id, search.rulesets[1].id)
    base, other = ids[hit.side], ids[1 - hit.side]
    texts = (values.values[ids[0]]["text"], values.values[ids[1]]["text"])
    sentence = attribution_sentence(base, other, hit.flipped, hit.exact)
    return Example(
        rulesets=ids,
        field=values,
        flipped=hit.flipped,
        base=base,
        exact=hit.exact,
        policy=candidate.policy.name,
        policy_description=candidate.policy.description,
        stakes=candidate.stakes,
        shoe=tuple(card_code(c) for c in shoe),
        played={ids[i]: _played(runs[i]) for i in (0, 1)},
        difference=_difference(runs[0].result, runs[1].result),
        explanation=explain(ids, values.description, texts,
                            (runs[0].result, runs[1].result), sentence,
                            (search.rulesets[0].stakes.money, search.rulesets[1].stakes.money)),
    )


def _nets(result: RoundResult) -> tuple[int, ...]:
    return (*(s.net for s in result.seats), result.banker_net)


def _played(run: ScriptRun) -> PlayedRound:
    actions = tuple(f"{e['actor']} {e['action']}" for e in run.transcript
                    if e["event"] == "decision")
    result = run.result.to_json()
    result["ended_early"] = run.result.ended_early
    return PlayedRound(actions, result, tuple(run.transcript))


def _difference(first: RoundResult, second: RoundResult) -> dict[str, int]:
    out = {a.seat: b.net - a.net for a, b in zip(first.seats, second.seats, strict=True)}
    out["banker"] = second.banker_net - first.banker_net
    return out
