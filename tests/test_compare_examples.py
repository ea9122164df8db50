"""Worked examples: every difference of the source rulesets is shown or explained,
every example replays through the script path, and the search is stable."""

from __future__ import annotations

import itertools

import pytest

from pontoon_rules.compare import Comparison, Example, compare_rulesets, comparisons_json
from pontoon_rules.compare.reasons import MASKED, NOT_FOUND
from pontoon_rules.compare.search import PairSearch
from pontoon_rules.compare.simulate import OutcomeCache
from pontoon_rules.engine.scripts.script import run_script
from pontoon_rules.ruleset.format.fields import ruleset_paths
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.present import differing_paths

SOURCES = [i for i in bundled_ids() if load_bundled(i).kind == "source"]
SOURCE_PAIRS = list(itertools.combinations(SOURCES, 2))
DIGEST = ("belarus-ponton", "casino-ochko", "pagat-british")
"""The three sources of the rules digest, whose every difference the search explains."""
DIGEST_PAIRS = list(itertools.combinations(DIGEST, 2))
FAMILY = ("australian-pontoon", "ochko-home", "siebzehn-und-vier", "spanish-21", "vingt-un",
          "sette-e-mezzo", "ban-luck")
"""The family's games (issue 20): compared with every source too, but the search does not
yet find an example or a reason for every one of their new rules (the bank as an amount,
named hands that nothing in a short round reaches); those are listed, not failed."""
_CACHE = OutcomeCache()


@pytest.fixture(scope="module")
def comparisons() -> dict[tuple[str, str], Comparison]:
    """Every pair's comparison as the site and the conformance records read it: through
    the cache (`comparisons_json`, searched once per run and shared with them), rebuilt
    from its JSON; `test_the_search_is_stable` searches one pair afresh and compares."""
    found = comparisons_json([load_bundled(i) for i in SOURCES])
    out = {}
    for data in found:
        a, b = data["rulesets"]
        paths = ruleset_paths(load_bundled(a), load_bundled(b))
        out[(a, b)] = Comparison.from_json(data, paths)
    assert list(out) == SOURCE_PAIRS
    return out


def test_the_sources_are_compared() -> None:
    assert sorted(SOURCES) == sorted(DIGEST + FAMILY)


@pytest.mark.parametrize("pair", SOURCE_PAIRS)
def test_every_difference_has_an_example_or_a_reason(
        comparisons: dict[tuple[str, str], Comparison], pair: tuple[str, str]) -> None:
    comparison = comparisons[pair]
    expected = differing_paths([load_bundled(i) for i in pair])
    assert [r.field.path for r in comparison.records] == expected
    assert all(r.reason for r in comparison.reasons)
    if pair in DIGEST_PAIRS:
        missing = [r.field.path for r in comparison.reasons if r.category == NOT_FOUND]
        assert missing == [], f"no example and no stated reason for {missing}"


@pytest.mark.parametrize("pair", SOURCE_PAIRS)
def test_every_example_replays_through_the_script_path(
        comparisons: dict[tuple[str, str], Comparison], pair: tuple[str, str]) -> None:
    for example in comparisons[pair].examples:
        nets = {}
        for rid in example.rulesets:
            run = run_script(example.script_for(rid))
            recorded = example.played[rid]
            assert run.result.to_json()["seats"] == recorded.result["seats"], example.field.path
            assert run.result.to_json()["banker"] == recorded.result["banker"]
            assert run.transcript == list(recorded.transcript)
            nets[rid] = [s.net for s in run.result.seats] + [run.result.banker_net]
        first, second = (nets[r] for r in example.rulesets)
        assert first != second, example.field.path
        gaps = [y - x for x, y in zip(first, second, strict=True)]
        assert list(example.difference.values()) == gaps


@pytest.mark.parametrize("pair", SOURCE_PAIRS)
def test_examples_are_small_and_explained(
        comparisons: dict[tuple[str, str], Comparison], pair: tuple[str, str]) -> None:
    for example in comparisons[pair].examples:
        assert len(example.stakes) <= 2, example.field.path
        if pair in DIGEST_PAIRS:  # the family's deeper splits may take a few cards more
            assert len(example.shoe) <= 20, example.field.path
        assert example.flipped[0] == example.field.path
        assert example.base in example.rulesets
        assert example.explanation.startswith(f"Under {example.rulesets[0]} (")
        assert f"under {example.rulesets[1]} (" in example.explanation


def test_the_search_is_stable(comparisons: dict[tuple[str, str], Comparison]) -> None:
    """A fresh search (its own outcomes) equals the cached one, record for record."""
    a, b = DIGEST_PAIRS[0]
    again = compare_rulesets(load_bundled(a), load_bundled(b))
    assert again.to_json() == comparisons[(a, b)].to_json()
    assert again == comparisons[(a, b)]
    assert Comparison.from_json(again.to_json(), ruleset_paths(*map(load_bundled, (a, b)))) \
        == again


def test_a_comparison_json_out_of_field_order_is_refused() -> None:
    """Examples and reasons interleave in schema order; JSON not in that order is refused."""
    fields = ["table.min_players", "deal.banker_cards", "stakes.later_buy_cap",
              "banker.hit_soft_17"]
    comparison = compare_rulesets(load_bundled("casino-ochko"), load_bundled("belarus-ponton"),
                                  fields=fields)
    assert [r.field.path for r in comparison.examples] == fields[1::2]
    assert [r.field.path for r in comparison.records] == fields
    data = comparison.to_json()
    paths = ruleset_paths(load_bundled("casino-ochko"), load_bundled("belarus-ponton"))
    back = Comparison.from_json(data, paths)
    assert back == comparison and [r.field.path for r in back.records] == fields
    with pytest.raises(ValueError, match="order"):
        Comparison.from_json(data, list(reversed(paths)))
    with pytest.raises(ValueError, match="order"):
        Comparison.from_json(data, [p for p in paths if p != "banker.hit_soft_17"])


def test_ties_example_is_the_plain_one() -> None:
    comparison = compare_rulesets(load_bundled("casino-ochko"), load_bundled("blackjack-reference"),
                                  fields=["settlement.ties"])
    (example,) = comparison.examples
    assert isinstance(example, Example) and example.exact and example.same_actions
    assert example.policy == "natural" and len(example.shoe) == 4
    assert example.difference == {"p1": 100, "banker": -100}
    assert "breaks even" in example.explanation


def test_a_field_needing_another_to_be_valid_flips_both() -> None:
    comparison = compare_rulesets(load_bundled("casino-ochko"), load_bundled("belarus-ponton"),
                                  fields=["deal.banker_cards"])
    (example,) = comparison.examples
    assert example.flipped == ("deal.banker_cards", "deal.banker_pontoon_at_once")


def test_a_flip_is_validated_once_and_answers_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """`Flips` keeps each change by its base and the values set: a change asked again, from
    another donor holding the same values or with the fields in another order, is not
    validated again, and every answer is what a flip without the memo gives."""
    from pontoon_rules.compare import flip as flipping

    ochko, belarus = load_bundled("casino-ochko"), load_bundled("belarus-ponton")
    differing = differing_paths([ochko, belarus])
    fresh = {path: flipping.flip(ochko, belarus, path, differing) for path in differing}
    validated: list[frozenset[str]] = []
    real = flipping._Known.changed  # each change validated
    monkeypatch.setattr(flipping._Known, "changed", lambda self, *args: validated.append(
        frozenset(args[1])) or real(self, *args))
    flips = flipping.Flips()
    donor = belarus.model_copy(update={"id": "another"})
    for path in differing:
        assert flipping.flip(ochko, belarus, path, differing, flips) == fresh[path]
        assert flipping.flip(ochko, donor, path, differing, flips) == fresh[path]
    needed = fresh["deal.banker_cards"]
    assert needed is not None and len(needed[1]) == 2  # the single change failed first
    assert len(validated) == len(set(validated)) > len(differing)


def test_a_flip_validated_by_its_parts_is_the_whole_ruleset_validated() -> None:
    """`Flips` revalidates only the parts a change touches: every set of fields it tries
    (a flip's first change, and the further fields) is valid exactly where validating the
    whole changed data is, and gives the same ruleset, its fields written alike; the first
    change's failure keeps the whole error's text (with its hint), which `_related` reads;
    a combination a section refuses on its own is refused without the whole validation."""
    from pydantic import ValidationError

    from pontoon_rules.compare import flip as flipping

    british, ban_luck = load_bundled("pagat-british"), load_bundled("ban-luck")
    differing = differing_paths([british, ban_luck])
    flips, tried = flipping.Flips(), []
    for path in differing:
        tried.append((path,))
        tried.extend((path, *more) for more in itertools.combinations(
            flipping._related(path, path, differing)[:4], 2))
    outcomes = set()
    for paths in tried:
        quick = flips.with_values(british, ban_luck, paths, quiet=len(paths) > 1)
        try:
            whole: Ruleset | str = flipping.with_values(british, ban_luck, paths)
        except ValidationError as error:
            whole = str(error)
        outcomes.add(isinstance(whole, str))
        if isinstance(whole, str):
            assert quick == whole if len(paths) == 1 else quick == "invalid", paths
        else:
            assert isinstance(quick, Ruleset) and quick == whole, paths
            assert _written(quick) == _written(whole), paths
    assert outcomes == {True, False}
    (known,) = flips.bases.values()  # some combinations were refused by a section alone
    assert set(known.sections.values()) == {True, False}


def _written(model: object) -> list[tuple[str, frozenset[str]]]:
    """Every nested model's fields as written (`model_fields_set`), in order."""
    from pydantic import BaseModel

    found = []
    stack = [("", model)]
    while stack:
        where, node = stack.pop()
        if isinstance(node, BaseModel):
            found.append((where, frozenset(node.model_fields_set)))
            stack.extend((f"{where}.{k}", getattr(node, k)) for k in type(node).model_fields)
        elif isinstance(node, dict):
            stack.extend((f"{where}.{k}", v) for k, v in node.items())
        elif isinstance(node, (list, tuple)):
            stack.extend((f"{where}.{i}", v) for i, v in enumerate(node))
    return found


def test_json_shape() -> None:
    comparison = compare_rulesets(load_bundled("pagat-british"), load_bundled("pagat-stick-16"))
    data = comparison.to_json()
    assert data["rulesets"] == ["pagat-british", "pagat-stick-16"] and data["reasons"] == []
    (example,) = data["examples"]
    assert set(example) == {"kind", "rulesets", "field", "description", "values", "attribution",
                            "policy", "decisions", "script", "scripts", "played", "difference",
                            "explanation", "impact"}
    assert example["script"]["ruleset"] == "<ruleset>"
    assert example["decisions"] == "per-ruleset" and example["script"]["actions"] is None
    assert example["scripts"]["pagat-stick-16"]["ruleset"] == "pagat-stick-16"
    assert set(example["played"]["pagat-british"]) == {"actions", "result", "transcript"}


@pytest.mark.parametrize(("a", "b", "path"), [
    ("casino-ochko", "belarus-ponton", "stakes.later_buy_cap"),
    ("pagat-british", "belarus-ponton", "player.split.max_hands"),
    ("pagat-british", "casino-ochko", "table.banker"),
    ("pagat-british", "belarus-ponton", "deal.stake_after_first_card"),
])
def test_stated_reasons_hold_when_searched_anyway(a: str, b: str, path: str) -> None:
    """A field given a reason shows no difference even when the search ignores the reason."""
    search = PairSearch(load_bundled(a), load_bundled(b), cache=_CACHE)
    assert search.record(path).category in (MASKED, "outside-a-round")  # type: ignore[union-attr]
    unchecked = PairSearch(load_bundled(a), load_bundled(b), cache=_CACHE, trust_reasons=False)
    assert unchecked.record(path).category == NOT_FOUND  # type: ignore[union-attr]


def test_what_a_change_writes_is_worked_out_once_per_donor_and_field(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`Flips` reads each field of a donor once however many combinations set it (the
    flip's search tries thousands), and writes the same data as setting it afresh does,
    a removed named hand included."""
    from pontoon_rules.compare import flip as flipping

    british, ban_luck = load_bundled("pagat-british"), load_bundled("ban-luck")
    differing = differing_paths([british, ban_luck])
    read: list[str] = []
    real = flipping.value_at
    monkeypatch.setattr(flipping, "value_at", lambda r, path: read.append(path) or real(r, path))
    changes, reads = flipping._Changes(), []
    for paths in [differing[:3], differing[1:4], differing[:3], differing, differing]:
        once, afresh = british.model_dump(), british.model_dump()
        read.clear()
        changes.apply(once, ban_luck, paths)
        reads.append(len(read))
        flipping._apply(afresh, ban_luck, paths)
        assert once == afresh
    assert reads[0] >= 3 and reads[2] == reads[4] == 0 and 0 < reads[1] < reads[0]
    removed = [p for p in differing if not flipping.has_path(ban_luck, p)]
    assert removed and all(changes.written(ban_luck, p) is flipping._MISSING for p in removed)


def test_an_attribution_ruleset_is_compiled_once() -> None:
    """Many fields' searches flip to the same attribution ruleset (`Flips` gives the same
    object): the outcome cache compiles it and works out its behaviour key once."""
    from pontoon_rules.compare.simulate import behaviour_key

    cache, ochko = OutcomeCache(), load_bundled("casino-ochko")
    rules, key = cache.rules_of(ochko)
    assert cache.rules_of(ochko)[0] is rules and key == behaviour_key(ochko)
    again = ochko.model_copy()
    assert cache.rules_of(again)[0] is not rules and cache.rules_of(again)[1] == key


def test_equal_candidates_are_met_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pairs that share a ruleset make equal candidates: the cache keeps the first of each,
    so that another pair's look-up meets it by identity, and each round is played once per
    behaviour (an equal candidate from elsewhere gets the outcome already played)."""
    from pontoon_rules.compare import simulate as simulating
    from pontoon_rules.compare.candidates import candidates

    cache = OutcomeCache()
    a, b = (load_bundled(i) for i in DIGEST[:2])
    first, again = PairSearch(a, b, cache=cache), PairSearch(a, b, cache=cache)
    fresh = candidates((a, b), 100)
    assert fresh == first.candidates and fresh[0] is not first.candidates[0]
    assert all(x is y for x, y in zip(first.candidates, again.candidates, strict=True))
    played: list[object] = []
    real = simulating.simulate
    monkeypatch.setattr(simulating, "simulate",
                        lambda rules, c: played.append(c) or real(rules, c))
    outcome = first.outcome(0, 0)
    assert played == [first.candidates[0]]
    assert cache.outcome(first.rules[0], first.keys[0], fresh[0]) is outcome
    assert first.outcome(0, 0) is outcome and len(played) == 1
