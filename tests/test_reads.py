"""What a solve reads of the rules (`analysis.reads`), and the two things built on it: a
cost-table variant that changes nothing the ruleset's own solve read takes its edge
(`costs`), and rules equal in what the hand states read share one state graph
(`composition.compiled`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pontoon_rules.analysis.composition import compiled
from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.analysis.outcomes import members
from pontoon_rules.analysis.present.costs import (
    alternatives,
    graph_changed,
    rule_costs,
    skip_reason,
)
from pontoon_rules.analysis.present.costs import variant_of as _variant
from pontoon_rules.analysis.reads import (
    MISSING,
    Coarse,
    Recorded,
    _equal,
    read_name,
    reads_equal,
    replay,
    unwrapped,
)
from pontoon_rules.engine.round.named import ANY_SUITS
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.ruleset.format.fields import ruleset_paths, value_at
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.resolving.features import UnsupportedFeatureError

TINY = Path(__file__).parent / "rulesets"
SOUND = ("tiny-pagat.yaml", "tiny-rescue.yaml", "tiny-suited.yaml", "tiny-obbo.yaml",
         "tiny-up-card.yaml")
"""Tiny packs whose every cost variant is solved in a few seconds: plain, the rescue,
hands by suit, the dealer natural taking original bets, a hand held against some up cards
(one solve per group of up cards: what each group's solve read is noted, `upreads`, not
the whole ruleset, which made every variant differ)."""


def changed(ruleset: Ruleset, path: str, value: Any) -> Rules:
    data = ruleset.model_dump(mode="python")
    data_ruleset = _variant(data, path, value)
    assert isinstance(data_ruleset, Ruleset), data_ruleset
    return compile_rules(data_ruleset)


def test_recorded_notes_each_attribute_and_each_key_it_gives() -> None:
    rules = compile_rules(load_ruleset(TINY / "tiny-pagat.yaml"))
    seen = Recorded(rules)
    assert seen.stick_minimum == rules.stick_minimum
    key = next(iter(rules.cells))
    assert seen.cells[key] == rules.cells[key]
    assert ("nobody", "nothing") not in seen.cells
    assert seen.read == {"stick_minimum": rules.stick_minimum, ("cells", key): rules.cells[key],
                         ("cells", ("nobody", "nothing")): MISSING}
    assert len(list(seen.named)) == len(rules.named)
    assert seen.read["named"] == rules.named, "iterating a mapping reads all of it"
    with pytest.raises(AttributeError):
        seen.stick_minimum = 3
    assert unwrapped(Recorded(seen)) is rules


def test_reads_equal_compares_only_what_was_read() -> None:
    ruleset = load_ruleset(TINY / "tiny-pagat.yaml")
    rules = compile_rules(ruleset)
    seen = Recorded(rules)
    _ = seen.stick_minimum
    other = changed(ruleset, "player.stick_minimum", rules.stick_minimum + 1)
    assert not reads_equal(seen.read, other)
    assert reads_equal({"max_cards": rules.max_cards}, other)
    assert reads_equal({("cells", ("nobody", "nothing")): MISSING}, other)
    assert not reads_equal({("cells", next(iter(rules.cells))): MISSING}, other)
    outer = Recorded(other)
    replay(seen.read, outer)
    assert set(outer.read) == {"stick_minimum"}


def test_values_that_do_not_compare_plainly_are_not_equal() -> None:
    assert not _equal(np.array([1, 2]), np.array([1, 2]))
    assert not _equal(1, 1.0)
    assert not _equal(MISSING, None)
    assert _equal(MISSING, MISSING)
    assert _equal((1, 2), (1, 2))


@pytest.mark.parametrize("name", SOUND)
def test_a_variant_with_the_same_reads_has_the_same_edge(name: str) -> None:
    """Every cost variant that gives the ruleset's own solve the same values is solved
    anyway: its edge is the ruleset's, to the last bit; and some variants do differ."""
    ruleset = load_ruleset(TINY / name)
    seen = Recorded(compile_rules(ruleset))
    base = edge_of(seen)
    data = ruleset.model_dump(mode="python")
    same = differ = 0
    for path in ruleset_paths(ruleset):
        if skip_reason(path):
            continue
        for new in alternatives(value_at(ruleset, path), path):
            variant = _variant(data, path, new)
            if not isinstance(variant, Ruleset):
                continue
            rules = compile_rules(variant)
            if reads_equal(seen.read, rules):
                same += 1
                try:
                    assert edge_of(rules) == base, (path, new)
                except UnsupportedFeatureError as e:  # a rule it never read: refused
                    assert path in str(e), (path, new)
            else:
                differ += 1
    assert same and differ


def test_costs_takes_the_own_edge_for_a_change_the_solve_never_reads() -> None:
    """Buying where nobody may buy: the row is the ruleset's own edge, exactly."""
    ruleset = load_ruleset(TINY / "tiny-rescue.yaml")
    assert ruleset.stakes.buy.value == "none"
    table = rule_costs(ruleset, paths=["stakes.first_buy_max", "banker.stand_on"])
    rows = {(r.path, r.new): r for r in table.rows}
    assert rows[("stakes.first_buy_max", 2)].change == 0.0
    moved = [r for r in table.rows if r.path == "banker.stand_on"]
    assert moved and all(r.change != 0.0 for r in moved)


def test_rules_that_read_alike_share_one_state_graph() -> None:
    """A change of what a hand pays reuses the graph (and values it as a fresh graph
    would); a change of when a hand may stand makes a new one."""
    ruleset = load_ruleset(TINY / "tiny-pagat.yaml")
    compiled.GRAPHS.clear()
    edge_of(compile_rules(ruleset))
    first = compiled.GRAPHS[0]
    pays = changed(ruleset, "settlement.pays", "2:1")
    shared = edge_of(pays)
    assert compiled.GRAPHS[0] is first and len(compiled.GRAPHS) == 1
    compiled.GRAPHS.clear()
    assert edge_of(pays) == shared
    edge_of(changed(ruleset, "player.stick_minimum", ruleset.player.stick_minimum + 1))
    assert len(compiled.GRAPHS) == 2 and compiled.GRAPHS[0] is not compiled.GRAPHS[1]


def test_another_shoe_shares_the_graph_unless_a_hand_reads_its_suits() -> None:
    """The hand states read the number of packs only through a named hand's suits: with
    none, a shoe of more packs reuses the graph (and values it as a fresh graph would)."""
    ruleset = load_ruleset(TINY / "tiny-pagat.yaml")
    compiled.GRAPHS.clear()
    edge_of(compile_rules(ruleset))
    first = compiled.GRAPHS[0]
    more = changed(ruleset, "pack.decks", 3)
    shared = edge_of(more)
    assert compiled.GRAPHS[0] is first and len(compiled.GRAPHS) == 1
    compiled.GRAPHS.clear()
    assert edge_of(more) == shared


def test_a_suited_hand_reads_the_shoe_only_up_to_the_packs_its_ranks_take() -> None:
    """With a suited hand (7-7-7 of one suit), the graph reads the packs only as far as the
    most cards of one rank a hand follows (`named.suit_count`): a shoe of more packs shares
    it, priced with its own suits' chances (another edge, a fresh graph's); a shoe too small
    for the suited 7-7-7 (two packs, unvalidated: the loader refuses it) has its own,
    whose rows never name the hands it cannot hold."""
    suited = load_ruleset(TINY / "tiny-suited.yaml")
    assert suited.pack.decks == 3
    compiled.GRAPHS.clear()
    own = edge_of(compile_rules(suited))
    first = compiled.GRAPHS[0]
    more = changed(suited, "pack.decks", 4)
    more_packs = edge_of(more)
    assert compiled.GRAPHS[0] is first and len(compiled.GRAPHS) == 1 and more_packs != own
    compiled.GRAPHS.clear()
    assert edge_of(more) == more_packs
    two = suited.model_copy(update={"pack": suited.pack.model_copy(update={"decks": 2})})
    edge_of(compile_rules(two))
    assert len(compiled.GRAPHS) == 2
    named_in = [_named_in_rows(g) for g in compiled.GRAPHS]
    assert named_in[0] < named_in[1]  # the two packs' graph, the three packs'
    rules = compile_rules(suited)
    assert all(rules.named[i].suits != ANY_SUITS for i in named_in[1] - named_in[0])


def _named_in_rows(graph: compiled.Graph) -> set[str]:
    """The hand ids a graph's payout rows name (a blend's every member)."""
    return {i for key, _, rescued in graph.rows if not rescued for i, _ in members(key[0][0])}


FRESH = """
import sys
from pontoon_rules.analysis.edge import edge_of
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled
ruleset = load_bundled("spanish-21")
decks = int(sys.argv[1])
print(repr(edge_of(compile_rules(ruleset.model_copy(
    update={"pack": ruleset.pack.model_copy(update={"decks": decks})})))))
"""


def counted_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gets one item for each hand-state graph built from now on."""
    builds: list[int] = []
    build = compiled._build

    def counted(*args: Any) -> compiled.Graph:
        builds.append(1)
        return build(*args)

    monkeypatch.setattr(compiled, "_build", counted)
    return builds


def test_spanish_21_at_eight_packs_prices_the_graph_of_six(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 51: spanish-21 changed from 6 packs to 8 builds no graph (its suited hands read
    the shoe only up to 3 packs), and its edge is a fresh process's to the bit; at one pack
    (unvalidated: no suited 7-7-7 there) it builds its own, whose edge is a fresh
    process's too."""
    from pontoon_rules.ruleset.loading.registry import load_bundled

    fresh = {d: subprocess.Popen([sys.executable, "-c", FRESH, str(d)], stdout=subprocess.PIPE,
                                 text=True) for d in (8, 1)}
    builds = counted_builds(monkeypatch)
    six = load_bundled("spanish-21")
    assert six.pack.decks == 6
    compiled.GRAPHS.clear()
    base = compile_rules(six)
    edge_of(base)
    made = len(builds)
    eight_rules = changed(six, "pack.decks", 8)
    eight = edge_of(eight_rules)
    assert len(builds) == made and not graph_changed(base, eight_rules)
    one = compile_rules(six.model_copy(update={"pack": six.pack.model_copy(update={"decks": 1})}))
    single = edge_of(one)
    assert len(builds) > made and graph_changed(base, one)
    compiled.GRAPHS.clear()
    assert [repr(eight), repr(single)] == [fresh[d].communicate(timeout=120)[0].strip()
                                          for d in (8, 1)]


def test_a_payout_change_shares_the_graphs_of_hands_held_by_up_card_or_stake() -> None:
    """Where named hands hold against some up cards or stakes (one solve per group of up
    cards, `analysis.upcards`), a change of what a hand pays still reuses each group's
    graph: the hand states read which hands are such (`Rules.conditional`), not the whole
    ruleset, which every change makes another (each variant built its own graphs before);
    the edge is the one fresh graphs give."""
    ruleset = load_ruleset(TINY / "tiny-up-card.yaml")
    compiled.GRAPHS.clear()
    edge_of(compile_rules(ruleset))
    graphs = list(compiled.GRAPHS)
    pays = changed(ruleset, "hands.definitions.twenty-one.pays", "3:1")
    shared = edge_of(pays)
    assert len(graphs) == 2  # the up card 7, any other
    assert sorted(map(id, compiled.GRAPHS)) == sorted(map(id, graphs))
    compiled.GRAPHS.clear()
    assert edge_of(pays) == shared


def test_rules_that_pay_alike_share_their_payout_cells() -> None:
    """A change of when a hand may stand keeps every hand's cells against the banker's
    finals (taken, not computed again, and valued as fresh cells would be); a change of
    what a win pays computes its own."""
    from pontoon_rules.analysis.composition import hands

    ruleset = load_ruleset(TINY / "tiny-pagat.yaml")
    hands._CELLS.clear()
    edge_of(compile_rules(ruleset))
    kept = {key: list(entries) for key, entries in hands._CELLS.items()}
    assert kept and all(len(entries) == 1 for entries in kept.values())
    stick = changed(ruleset, "player.stick_minimum", ruleset.player.stick_minimum + 1)
    shared = edge_of(stick)
    assert all(hands._CELLS[key][0] is kept[key][0] for key in kept)
    hands._CELLS.clear()
    assert edge_of(stick) == shared  # the same figure from cells computed afresh
    edge_of(compile_rules(ruleset))
    pays = changed(ruleset, "settlement.pays", "2:1")
    paid = edge_of(pays)
    assert any(len(hands._CELLS[key]) == 2 for key in kept)
    hands._CELLS.clear()
    assert edge_of(pays) == paid


def test_rules_read_through_a_wrapper_share_the_bankers_trees() -> None:
    """The banker's trees are kept by the values of what they read, a mapping read through
    `Recorded` (every cost variant's and up-card group's rules) by what it holds: keyed by
    the wrapper (its address in the key) no variant found another's trees. Found or made,
    the wrapper notes what making them reads (the whole named hands: `costs` shares a solve
    only between rules equal in them)."""
    from pontoon_rules.analysis.composition import banker
    from pontoon_rules.analysis.composition.outlook import ShoeOutlook

    rules = compile_rules(load_ruleset(TINY / "tiny-pagat.yaml"))
    shoe = ShoeOutlook(rules)
    asked = (tuple(shoe.kinds), shoe.policy, tuple(shoe.visibles))
    banker._TABLES.clear()
    first, second, direct = Recorded(rules), Recorded(rules), Recorded(rules)
    made = banker.banker_tables(first, *asked)  # type: ignore[arg-type]
    found = banker.banker_tables(second, *asked)  # type: ignore[arg-type]
    assert found is made and len(banker._TABLES) == 1
    banker._banker_tables(direct, *asked)  # type: ignore[arg-type]
    assert "named" in direct.read and second.read == first.read
    assert all(_equal(second.read[what], value) for what, value in direct.read.items())
    other = changed(load_ruleset(TINY / "tiny-pagat.yaml"), "banker.max_cards", 3)
    assert banker.banker_tables(Recorded(other), *asked) is not made  # type: ignore[arg-type]


def test_a_graph_found_again_notes_the_whole_mapping_its_making_read() -> None:
    """A whole mapping the making of a state graph read (iterated: `named`) is noted on the
    wrapper of rules that find the graph again, as on those that made it: replayed, a
    wrapper hands a mapping back unnoted, and a variant changing it would have read alike
    and been given another's edge (`costs._reads_alike`)."""
    rules = compile_rules(load_ruleset(TINY / "tiny-pagat.yaml"))
    made = Recorded(rules)
    len(made.named)
    assert "named" in made.read
    found = Recorded(rules)
    replay(made.read, found)
    assert found.read.keys() == made.read.keys()
    assert all(_equal(found.read[what], value) for what, value in made.read.items())
    compiled.GRAPHS.clear()
    first, again = Recorded(rules), Recorded(rules)
    edge_of(first)  # type: ignore[arg-type]
    edge_of(again)  # type: ignore[arg-type]
    assert "named" in first.read and again.read.keys() == first.read.keys()


@pytest.mark.parametrize("source", ["tiny-rescue.yaml", "tiny-suited.yaml", "tiny-up-card.yaml",
                                    "belarus-ponton", "blackjack-reference"])
def test_every_field_a_state_graph_reads_is_a_graph_field(source: str) -> None:
    """`compiled.GRAPH_FIELDS` holds every field of `Rules` a graph of hand states reads
    (the variants changing one are the helper's, with the graphs it built ahead:
    `costs.graph_changed`, `sharing.helper_first`): a field it missed would leave such a
    variant to this process, which builds its graph in the table's wait."""
    from pontoon_rules.ruleset.loading.registry import load_bundled

    ruleset = (load_ruleset(TINY / source) if source.endswith(".yaml")
               else load_bundled(source))
    compiled.GRAPHS.clear()
    edge_of(compile_rules(ruleset))
    read = {read_name(key) for graph in compiled.GRAPHS for key in graph.read}
    coarse = {(key.field, key.derive) for graph in compiled.GRAPHS for key in graph.read
              if isinstance(key, Coarse)}  # compared as `costs.graph_changed` compares them
    compiled.GRAPHS.clear()
    assert read and read <= compiled.GRAPH_FIELDS, sorted(read - compiled.GRAPH_FIELDS)
    assert all(compiled.COARSE.get(name) is derive for name, derive in coarse)
    assert ("decks" in read) == (source == "tiny-suited.yaml")  # read only for suits


def test_a_named_hands_payout_alone_shares_spanish_21s_graphs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 51: what a named hand pays is no part of a graph of hand states (a definition
    as the graph reads it, `engine.round.named.NamedHand`, holds no payout; the payout rows
    are priced per model, `compiled._priced`): spanish-21 at 8 packs with its blackjack and
    its suited 7-7-7 paid otherwise builds no graph, and its edge is the one graphs built
    afresh give, to the bit; a change of when a hand is held (a five-card 21 of any
    number of cards) is read, and differs."""
    from pontoon_rules.ruleset.loading.registry import load_bundled

    builds = counted_builds(monkeypatch)
    eight = _variant(load_bundled("spanish-21").model_dump(mode="python"), "pack.decks", 8)
    assert isinstance(eight, Ruleset)
    base = compile_rules(eight)
    pays = changed(changed_ruleset(eight, "hands.definitions.pontoon.pays", "6:5"),
                   "hands.definitions.suited-sevens.pays", "5:2")
    assert base.named == pays.named and base.cells != pays.cells
    compiled.GRAPHS.clear()
    base_edge = edge_of(base)
    made = len(builds)
    shared = edge_of(pays)
    assert len(builds) == made > 0 and graph_changed(base, pays) == 0.0
    assert shared != base_edge
    compiled.GRAPHS.clear()
    assert repr(edge_of(pays)) == repr(shared) and len(builds) == 2 * made
    held = changed(eight, "hands.definitions.five-card-21.max_cards", None)
    assert graph_changed(base, held) == 1.0


def changed_ruleset(ruleset: Ruleset, path: str, value: Any) -> Ruleset:
    """`ruleset` with one field changed, validated."""
    found = _variant(ruleset.model_dump(mode="python"), path, value)
    assert isinstance(found, Ruleset), found
    return found


def test_a_bust_settled_alike_at_once_or_not_shares_the_graph(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A graph reads what a bust is paid only as whether it nets the same whatever the
    banker holds (`compiled.BUST_ALIKE`: its states' `bust`): belarus-ponton's bust lost at
    the end of the round instead of at once (lost to every banker's hand alike) builds no
    graph, and its edge is the one a graph built afresh gives, to the bit; with ties a push
    (both bust: a push) it is not settled alike, and builds its own."""
    from pontoon_rules.ruleset.loading.registry import load_bundled

    builds = counted_builds(monkeypatch)
    ruleset = load_bundled("belarus-ponton")
    assert ruleset.settlement.player_bust_loses_at_once
    base = compile_rules(ruleset)
    later = changed_ruleset(ruleset, "settlement.player_bust_loses_at_once", False)
    waits = compile_rules(later)
    compiled.GRAPHS.clear()
    edge_of(base)
    made = len(builds)
    shared = edge_of(waits)
    assert len(builds) == made > 0 and graph_changed(base, waits) == 0.0
    compiled.GRAPHS.clear()
    assert repr(edge_of(waits)) == repr(shared) and len(builds) == 2 * made
    push = changed(later, "settlement.ties", "push")
    edge_of(push)
    assert len(builds) > 2 * made and graph_changed(base, push) == 1.0
    compiled.GRAPHS.clear()
