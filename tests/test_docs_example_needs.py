"""Issue 49, item 1: a worked example that needs a rule the sheet does not state is not
printed. Each decision of an example's round needs its rule's sentence, the banker's draws
the banker's drawing rule, a banker drawing after every player has bust the sentence on
when the banker plays (`docs.words.example_needs`)."""

from __future__ import annotations

from typing import Any

import pytest

from pontoon_rules.docs.sheet import sheet_view
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.docs.words.example_needs import needs, stated_rounds
from pontoon_rules.docs.words.rounds import teaching_rounds
from pontoon_rules.docs.words.sentences import Sentence, sentences
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled


def _decision(actor: str, action: str) -> dict[str, Any]:
    return {"event": "decision", "actor": actor, "action": action}


def test_each_decision_and_draw_needs_its_sentence() -> None:
    result = {"transcript": [_decision("p1", "buy 100"), _decision("p1", "twist"),
                             _decision("p1", "decline")],
              "banker": {"cards": ["9C", "5D", "KS"]},
              "seats": [{"hands": [{"class": "bust"}]}]}
    assert needs(result, banker_dealt=1) == {"buy", "draw", "banker_draws", "banker_cards"}
    assert needs(result, banker_dealt=3) == {"buy", "draw"}  # the banker took only the deal
    standing = {**result, "seats": [{"hands": [{"class": "total"}]}]}
    assert "banker_cards" not in needs(standing, banker_dealt=1)  # a hand left to play
    insured = {"transcript": [_decision("p1", "insure 50"), _decision("banker", "stick")]}
    assert needs(insured, banker_dealt=1) == {"insurance", "banker_draws"}


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_every_printed_example_takes_only_rules_its_sheet_states(ruleset_id: str) -> None:
    r = load_bundled(ruleset_id)
    stated = {s.key for s in sentences(r)}
    printed = sheet_view.printable_rounds(r)
    for example in printed:
        assert needs(example["result"], r.deal.banker_cards) <= stated, example["script"]
    assert printed == teaching_rounds(r)  # every bundled sheet states what its examples take


def test_an_example_needing_an_unstated_rule_is_not_printed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    belarus = load_bundled("belarus-ponton")
    rounds = teaching_rounds(belarus)
    buying = [x for x in rounds if "buy" in needs(x["result"], belarus.deal.banker_cards)]
    assert buying and "buys 5♣ for 100" in sheet_markdown(belarus)
    stated = {s.key for s in sentences(belarus)}
    assert stated_rounds(rounds, stated - {"buy"}, 1) == [x for x in rounds
                                                           if x not in buying]

    def without_buying(ruleset: Ruleset, *args: Any, **kwargs: Any) -> list[Sentence]:
        return [s for s in sentences(ruleset, *args, **kwargs) if s.key != "buy"]

    monkeypatch.setattr(sheet_view, "sentences", without_buying)  # a sheet silent on buying
    monkeypatch.setattr(sheet_view, "_PARTS", {})  # the views made before it, forgotten
    assert sheet_view.example_count(belarus) == len(rounds) - len(buying)
    assert "buys 5♣ for 100" not in sheet_markdown(belarus)


def test_a_rule_in_words_is_said_once_per_ruleset_and_field(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """The worked examples' pages ask for each rule's sentences about five times: they are
    kept per ruleset (the object itself) and field, the same text; while the catalog's
    lookups are recorded, said again (every message must be seen)."""
    from pontoon_rules.docs.website import example_pages
    from pontoon_rules.docs.words.i18n import recording

    said: list[str] = []
    real = example_pages.sentences_of
    monkeypatch.setattr(example_pages, "sentences_of",
                        lambda r, path, lang: said.append(path) or real(r, path, lang))
    monkeypatch.setattr(example_pages, "_RULE_WORDS", {})
    ruleset, path = load_bundled("pagat-british"), "player.stick_minimum"
    first = example_pages._rule_words(ruleset, path)
    assert first and example_pages._rule_words(ruleset, path) == first and len(said) == 1
    copy = ruleset.model_copy(update={"player": ruleset.player.model_copy(
        update={"stick_minimum": 16})})
    assert example_pages._rule_words(copy, path) != first and len(said) == 2
    with recording():
        assert example_pages._rule_words(ruleset, path) == first
    assert len(said) == 3


def test_the_example_rounds_are_kept_for_a_bounded_number_of_rulesets() -> None:
    """A long-lived process (the workbench, a draft at each change) keeps the example
    searches of at most `FOUND_KEPT` rulesets, the oldest dropped first."""
    from pontoon_rules.docs.words import rounds

    cache: dict[str, tuple[str, ...]] = {f"old-{i}": () for i in range(rounds.FOUND_KEPT)}
    ruleset = load_bundled("pagat-british")
    found = rounds._found_once(cache, ruleset, lambda r: ("x",))
    assert found == ("x",) and len(cache) == rounds.FOUND_KEPT and "old-0" not in cache
    assert rounds._found_once(cache, ruleset, lambda r: ("y",)) == ("x",)  # kept, not redone


def test_the_example_searches_compile_the_rules_once_per_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiling a ruleset's rules took most of a seeded round's time, and the searches
    play up to thousands of rounds (a sheet of an example overlay: 4,000 compilations,
    four fifths of its CPU): each search compiles once, and the rounds are the same."""
    from pontoon_rules.docs.words import rounds

    ruleset = load_bundled("australian-pontoon")
    for kept in ("_FOUND", "_TAUGHT", "_SHOWN"):
        monkeypatch.setattr(rounds, kept, {})
    real, calls = rounds.compile_rules, []
    monkeypatch.setattr(rounds, "compile_rules", lambda r: calls.append(r.id) or real(r))
    found = rounds.teaching_rounds(ruleset)
    assert len(found) == rounds.MAX_EXAMPLES and len(calls) <= 8, len(calls)  # searches, replays
    for shown in found:
        assert rounds.replay(ruleset, shown["script"]) == shown["result"]
