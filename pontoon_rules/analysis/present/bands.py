"""The house edge band by band of stakes, where a named hand is held at some stakes only.

One figure at the least stake (`analysis.upcards.valued_stake`) values a game whose named
hands hold in bands of stakes (Spanish 21's and Australian Pontoon's Super Bonus: $5 to
$24.99 and $25 or more) where no band may hold: at a cent, the bonus never pays. The
table's stakes fall into bands where every such hand is held alike (`stake_bands`: cut
where any hand's band begins or ends, within the ruleset's own stake limits), and each
band is valued at its least stake (`band_edges`), as `--agree stakes.min_stake=LOW`
values it: a prize in a band is odds of the stake, so its least stake is where the band
pays most. `edge` (text and JSON), the site's analysis and rules pages and the workbench
print them; a ruleset whose hands hold at every stake alike has none (one figure).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from pontoon_rules.analysis.deck import Deck
from pontoon_rules.analysis.edge import EDGE_DECIMALS, EdgeResult, edge_of
from pontoon_rules.analysis.upcards import (
    BY_BAND,
    band_edges_words,
    conditional,
    valued_stake,
)
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.ruleset.format.money import Money


@dataclass(frozen=True)
class StakeBand:
    """Stakes from `low` to `high` (None: no limit) at which every named hand held by the
    stake is held alike."""

    low: int
    high: int | None


def stake_bands(rules: Rules) -> tuple[StakeBand, ...]:
    """The bands of the stakes `rules` allow (`stakes.min_stake` to `stakes.max_stake`),
    cut where a named hand's band of stakes begins or ends; none where fewer than two
    (every stake plays alike, or a prize without a band: the one figure says it)."""
    if valued_stake(rules) is None:
        return ()
    least, most = rules.min_stake, rules.max_stake
    cuts = {least}
    for _i, d in conditional(rules):
        for cut in (d.min_stake, None if d.max_stake is None else d.max_stake + 1):
            if cut is not None and cut > least and (most is None or cut <= most):
                cuts.add(cut)
    starts = sorted(cuts)
    if len(starts) < 2:
        return ()
    ends: list[int | None] = [s - 1 for s in starts[1:]]
    return tuple(StakeBand(low, high) for low, high in zip(starts, [*ends, most],
                                                            strict=True))


def at_stake(rules: Rules, stake: int) -> Rules:
    """`rules` with the least stake `stake`, as `--agree stakes.min_stake=STAKE` plays them
    (`ruleset.format.agreed.settle_agreed`)."""
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.ruleset.format.agreed import settle_agreed

    return compile_rules(settle_agreed(rules.ruleset, {"stakes.min_stake": stake}))


def band_edges(rules: Rules, deck: Deck | None = None, policy: str | None = None,
               first: float | None = None) -> list[dict[str, Any]]:
    """Each band of `stake_bands(rules)` with its house edge in percent of the original
    stake, valued at its least stake (`analysis.edge.edge_of`); `first`: the first band's,
    already known (the figure at the least stake, `rules`' own)."""
    out = []
    for band in stake_bands(rules):
        known = first if band.low == rules.min_stake else None
        edge = known if known is not None else edge_of(at_stake(rules, band.low), deck, policy)
        out.append({"min_stake": band.low, "max_stake": band.high,
                    "valued_at_stake": band.low, "house_edge_percent": edge})
    return out


def with_bands(result: EdgeResult, rules: Rules, deck: Deck | None = None,
               policy: str | None = None) -> EdgeResult:
    """`result` (of `rules`, at their least stake) with the edge of each band of stakes
    (`band_edges`; JSON `stake_bands`, `edge_lines` prints them)."""
    bands = band_edges(rules, deck or result.deck, policy, result.house_edge)
    return replace(result, stake_bands=bands) if bands else result


def bands_text(bands: list[dict[str, Any]], money: Money | None,
               words: Callable[[str], str] = str, join: str = "; ",
               lang: str = "en", decimals: int = EDGE_DECIMALS) -> str | None:
    """'by band of stakes, each valued at its least stake: stakes of $0.01 to $4.99:
    0.5693%; ...': an edge result's `stake_bands` in a reader's words (None where none),
    each edge to `decimals` places (`edge`'s by default; a page gives its own)."""
    if not bands:
        return None
    each = band_edges_words(bands, money, decimals, words, lang)
    return words(BY_BAND) % {"bands": join.join(each)}
