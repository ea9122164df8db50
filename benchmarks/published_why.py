"""Why two rows of Wikipedia's Australian Pontoon table differ from ours, in figures
(`site/analysis-methods.md`, "Published house edges, and ours"; issue 45).

    python benchmarks/published_why.py

Rows 6 and 7 (doubling on 9-11 only, or on any total): for every two-card hand the
player may be dealt and every banker's card, the best double outside 9-11 against the
best other play (the exact composition-dependent values of row 7's shoe). Under the
rules as the ruleset reads them (an ace held when doubling counts 1) no such double is
ever best, so the two rows take the same decisions and give the same edge to the last
digit; with the ace counting 11 when doubling (how the table reads) some are.

Rows 3 and 4 (BB+1, SPL1, NLC at 6 and 8 packs): the exact edge of the same rules at 4,
6 and 8 packs, against the table's 0.41% at 6 and 0.38% at 8.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np

from pontoon_rules.analysis.composition.model import CompositionModel
from pontoon_rules.analysis.edge import house_edge
from pontoon_rules.analysis.hand import DOUBLE, start_state
from pontoon_rules.analysis.outcomes import total_of
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "australian-pontoon"
NINE_TO_ELEVEN = (9, 10, 11)


def _example(name: str) -> Ruleset:
    return load_ruleset(str(EXAMPLES / f"{name}.yaml"))


def _changed(ruleset: Ruleset, **double: object) -> Ruleset:
    data = ruleset.model_dump(mode="python")
    data["player"]["double"].update(double)
    return Ruleset.model_validate(data)


def _name(kind: object) -> str:
    from pontoon_rules.engine.round.cards import RANK_CODES

    return "/".join(RANK_CODES[r] for r in kind.ranks)  # type: ignore[attr-defined]


def doubles_outside(ruleset: Ruleset) -> tuple[int, int, float, str]:
    """Over every dealt two-card hand and banker's card of `ruleset`'s shoe: the cases
    where a double on a total outside 9-11 is legal, those where it is best play, and the
    closest it comes (its value less the best other play's, in original stakes; the hand)."""
    rules = compile_rules(ruleset)
    m = CompositionModel(rules)
    m.stats()
    legal = best = 0
    closest, where = -np.inf, ""
    for cards in itertools.combinations_with_replacement(range(m.n_kinds), 2):
        s = start_state(m.kinds, cards, False, rules)
        counted = s.hard if rules.double_aces_low else total_of(s.hard, s.soft, rules)
        options = m.options_of(s)
        doubles = [c for c in options if c.kind == DOUBLE]
        if counted in NINE_TO_ELEVEN or not doubles:
            continue
        removed = m._removed(cards)
        double = np.max([m.option(removed, s, c)[:, 0] for c in doubles], axis=0)
        others = [m.option(removed, s, c)[:, 0] for c in options if c.kind != DOUBLE]
        margin = double - (np.max(others, axis=0) if others else -np.inf)
        legal += len(margin)
        best += int(np.sum(margin > 0))
        if float(np.max(margin)) > closest:
            v = int(np.argmax(margin))
            closest = float(np.max(margin))
            hand = "-".join(_name(m.kinds[k]) for k in cards)
            where = f"{hand} against {'-'.join(_name(m.kinds[x]) for x in m.visibles[v])}"
    return legal, best, closest, where


def rows_6_and_7() -> None:
    row7 = _example("australian-pontoon-obbo-spl2-spa1")
    six = house_edge(compile_rules(load_bundled("australian-pontoon")), with_stats=False)
    seven = house_edge(compile_rules(row7), with_stats=False)
    print("rows 6 (D9) and 7 (any total): published 0.62% and 0.50%; ours "
          f"{six.house_edge:.16f}% and {seven.house_edge:.16f}%")
    for words, ruleset in (("as the ruleset reads it (an ace counts 1 when doubling)", row7),
                           ("an ace counting 11 when doubling",
                            _changed(row7, aces_count_one=False))):
        legal, best, closest, where = doubles_outside(ruleset)
        print(f"  row 7, {words}: a double outside 9-11 legal in {legal} (dealt hand, banker's "
              f"card) cases, best play in {best}; the closest {closest:+.4f} stakes ({where})",
              flush=True)


def rows_3_and_4() -> None:
    base = _example("australian-pontoon-bb1-spl1-nlc")
    print("rows 3 and 4 (BB+1, SPL1, NLC): published 0.41% at 6 packs, 0.38% at 8; ours by "
          "packs:")
    for packs in (4, 6, 8):
        data = base.model_dump(mode="python")
        data["pack"]["decks"] = packs
        edge = house_edge(compile_rules(Ruleset.model_validate(data)), with_stats=False)
        print(f"  {packs} packs: {edge.house_edge:.4f}%", flush=True)


def main() -> None:
    rows_6_and_7()
    rows_3_and_4()


if __name__ == "__main__":
    main()
