"""The hand-state graph's tables (`composition.states.Rows`, built by `compiled._build`): every
row is what a hand solver of the same rules says of its state, and each state is numbered
in the order first met from the roots."""

from __future__ import annotations

from typing import Any

import pytest

from pontoon_rules.analysis.composition import compiled
from pontoon_rules.analysis.composition.states import FIXED, Twin, start_of
from pontoon_rules.analysis.edge import finite_model
from pontoon_rules.analysis.hand import FINISHES, RESCUE, STICK, HandSolver, start_state
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled


def _model(ruleset_id: str) -> Any:
    model = finite_model(compile_rules(load_bundled(ruleset_id)), value_only=True)
    return model.parts[0] if hasattr(model, "parts") else model


@pytest.mark.parametrize("ruleset_id", ["spanish-21", "blackjack-reference"])
def test_every_row_of_a_graph_is_the_hand_solvers_own(ruleset_id: str) -> None:
    m = _model(ruleset_id)
    roots = tuple(start_of(m, cards) for cards, _ in m.dealt()) + tuple(
        start_of(m, (a, c), True) for a in range(m.n_kinds) for c in range(m.n_kinds))
    graph = compiled._build(m, roots)
    t, rows = graph.tables, graph.rows
    hands = HandSolver(m.rules, m.kinds, [1.0] * m.n_kinds, m.hands.table, shaped=True)
    order = list(t.ids)
    assert [t.ids[e] for e in order] == list(range(len(order)))
    assert order[:len(set(roots))] == list(dict.fromkeys(roots))
    rescued = twins = 0
    for i, entry in enumerate(order):
        hand = entry.hand if isinstance(entry, Twin) else entry
        options = hands.options(entry.split if isinstance(entry, Twin) else entry)
        assert t.nopt[i] == len(options)
        for o, c in enumerate(options):
            if c.kind == RESCUE:
                key, _, given_up = rows[t.okind[i, o] - FIXED]
                assert given_up and key == (("rescue", hands.rescue_net(hand)), hand.staked)
                rescued += 1
            elif c.kind in FINISHES:
                assert (c.kind, t.okind[i, o]) == (STICK, 0)
            else:
                kids = hands.next_states(hands.after(hand, c))
                assert t.okind[i, o] == 1
                assert list(t.succ[i, o]) == [t.ids[k] for k in kids]
        assert (t.okind[i, len(options):] == 0).all() and (t.succ[i, len(options):] == -1).all()
        final = hands.final(hand)
        key, _, given_up = rows[t.rowid[i]]
        assert not given_up and key[0] == final and key[2] == hand.staked
        twin = Twin(entry) if not isinstance(entry, Twin) and entry.split and options else None
        assert t.unsplit[i] == (-1 if twin is None else t.ids[twin])
        twins += twin is not None
    assert twins and (rescued or ruleset_id != "spanish-21")


def test_a_dealt_hands_start_is_worked_out_once_per_model() -> None:
    m = _model("blackjack-reference")
    cards = next(iter(m.dealt()))[0]
    first = start_of(m, cards)
    assert first == start_state(m.kinds, cards, False, m.rules)
    assert start_of(m, cards) is first
    split = start_of(m, cards, True)
    assert split == start_state(m.kinds, cards, True, m.rules) and split is not first
