"""Analysis: exact house edge, best strategy, rule costs and simulation.

The analysis, by method (moved from ARCHITECTURE.md):

analysis/                 imports only downward in this list (tests/test_architecture.py)
  deck, nogc              card kinds (ranks merged where the rules cannot tell them apart; a
                          rank a named hand names is a kind of its own)
  reads                   what a solve reads of Rules (Recorded: each field, each key of the
                          outcome table), so that rules equal there share its result: costs'
                          variants, the compiled recursion's hand-state graphs
  assumed                 what a method assumes of a rule it never reads: a figure over a
                          rule played at another value, never read, is refused naming the
                          field (both exact methods, the compiled simulator's compile)
  outcomes                a finished hand as (hand id or Blend, total), what it pays against
                          the banker's, from the one outcome table (Rules.cells), and what a
                          banker's hand takes (staked_net: OBBO; taken_share: BB+1)
  named                   which named hand a hand is, as the engine says (HandBook: the first
                          definition of the ranking whose conditions hold), and the hand's
                          pattern (its sorted kinds while a rank-defined hand may be completed);
                          suited hands as blends, their suits' chances given the ranks
  hand, dealer            one hand played best (HandState, HandSolver); banker policies, outlooks
  split, engine_view      splits and resplits; engine hands and policies in these words
  giving_up               a surrender of the dealt hand, late (void against an unchecked
                          pontoon: the banker's second card) or early (before the check,
                          beside insurance), the double-down rescue, valued
  side_bets               the side bets on the first two cards, exactly, apart from the
                          hand; best play takes one only where it pays
  seat_takes              BB+1 from a seat that splits: one stake in all, added back to the
                          split's sum (the `taken` statistic; a product carried beside it)
  context                 one information set: banker outlook, hand and split solvers
  infinite/               constant chances: round.RoundModel (exact), policy (as an engine policy)
  composition/            the ruleset's own shoe, composition-dependent, exact:
    outlook -> hands -> model   the shoe and banker, one hand, the deal and the round
    banker, split         the banker's finished-hand trees; CDZ- splits
    compiled              the same recursion bottom up, as tables (options: stand, draw, or
                          end on a fixed row: FIXED, the rescue; the state graph kept for
                          rules that read alike, priced per ruleset from each hand's
                          cells, kept for rules that pay alike: `hands.shared_cells`);
                          policy (engine policy)
    native                its kernels in C (`pontoon_rules/native/analysis.c`) through
                          ctypes, equal to the memoised recursion (to rounding) and to the
                          exact fractions (tests/test_native.py, tests/test_cdfast.py);
                          a solve keeps its nodes and banker outlooks for the next of equal
                          inputs (costs' variants), `value_only` carries the EV alone,
                          `lanes` values some visible tuples only (an up-card group's); its
                          banker outlooks walked by every core (`set_threads`; one a worker
                          in costs' and the summaries' pools)
    ahead                 `edge`/`strategy` from the command line: the solve's inputs kept
                          in the cache (`prepared/`, sealed), solved on a thread at the next
                          run while the command imports; taken only where the command's own
                          inputs are equal byte for byte (PONTOON_RULES_AHEAD=0: off)
  upcards                 named hands held against some up cards or stakes, or paid a
                          fixed prize (the Super Bonus): valued at stakes.min_stake (said in
                          each header), one model per group of up cards, each valuing the
                          deals of its up cards (UpCardModel, UpCardRound, UpCardPolicy); the
                          Envy Bonus left out of one seat's figure, said
  edge                    house_edge: chooses the method, states it (EdgeResult)
  present/                chart + tdchart (upcard_chart: each column from its up card's
                          group), costs + costdata, bankerpolicies, bands (the edge of
                          each band of stakes, at its least stake), summary,
                          packs (a ruleset's figures by pack count); realistic (the changes
                          a table would make: the family's values, open readings, published
                          rows, each priced by costs.solve_variants, kept per ruleset)

Above it, `sim/` (the compiled simulator; `sim.runs.engine` plays the same strategies through
`RoundState`) reads the analysis's strategy; nothing in `analysis/` imports `sim/`.
"""

from __future__ import annotations

from typing import Any


def docs_summary() -> list[dict[str, Any]]:
    """The site's analysis of every bundled ruleset (see `summary.docs_summary`)."""
    from pontoon_rules.analysis.present.summary import docs_summary as summarise

    return summarise()


__all__ = ["docs_summary"]
