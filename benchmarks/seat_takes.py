"""BB+1 from a seat that splits (`analysis.seat_takes`): how far each method's figure is
from its own play, and how far that play is from the best, on the tests' tiny packs.

    python benchmarks/seat_takes.py

For tests/rulesets/tiny-bb1.yaml (a 12-card pack: aces, eights, tens; splits to three
hands) and the same with a banker's three-card 21 that also takes BB+1 (aces, sevens,
tens), it prints, per original stake:
- the infinite-deck model's value and its own play enumerated through the engine (equal:
  the method is exact there);
- the ruleset's own shoe: the model's value and its own play through the engine (the
  approximation of `seat_takes.APPROXIMATION`), the same game with OBBO (hand by hand,
  exact), and the best play by brute force (`tests/analysis_reference.py`), which may
  play a seat's split hands together.

The brute force comes from the checkout's `tests/` folder; it takes a few seconds a game.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from analysis_reference import policy_value, reference_value  # noqa: E402

from pontoon_rules.analysis.composition.model import CompositionModel  # noqa: E402
from pontoon_rules.analysis.composition.policy import CompositionPolicy  # noqa: E402
from pontoon_rules.analysis.infinite.policy import ModelPolicy  # noqa: E402
from pontoon_rules.analysis.infinite.round import RoundModel  # noqa: E402
from pontoon_rules.engine.round.rules import Rules, compile_rules  # noqa: E402
from pontoon_rules.ruleset.format.model import Ruleset  # noqa: E402
from pontoon_rules.ruleset.loading.loader import load_ruleset  # noqa: E402

TINY = ROOT / "tests" / "rulesets" / "tiny-bb1.yaml"


def game(takes: str = "busted-plus-one", two_takers: bool = False) -> Rules:
    """tiny-bb1 with the pontoon taking `takes`; with `two_takers`, sevens for eights and
    a banker's three-card 21 that takes `takes` too, collecting 2:1."""
    data: dict[str, Any] = load_ruleset(TINY).model_dump(mode="python")
    data["hands"]["definitions"]["pontoon"]["takes"] = takes
    if two_takers:
        data["pack"]["ranks"] = ["A", "7", "T"]
        data["player"]["split"]["ranks"] = ["7", "T"]
        data["hands"]["ranking"] = ["pontoon", "twenty-one", "total"]
        data["hands"]["definitions"]["twenty-one"] = {
            "min_cards": 3, "min_total": 21, "banker_can_hold": True, "pays": "1:1",
            "collects": "2:1", "takes": takes}
    return compile_rules(Ruleset.model_validate(data))


def report(words: str, two_takers: bool) -> None:
    start = time.process_time()
    rules, obbo = game(two_takers=two_takers), game("original-bets", two_takers)
    infinite = RoundModel(rules, "infinite", exact=True)
    inf_value, inf_played = infinite.value(), policy_value(rules, ModelPolicy(infinite))
    value = float(CompositionModel(rules, exact=True).value_of_round())
    played = float(policy_value(rules, CompositionPolicy(CompositionModel(rules)), finite=True))
    hand_by_hand = float(CompositionModel(obbo, exact=True).value_of_round())
    best = float(reference_value(rules, finite=True))
    best_obbo = float(reference_value(obbo, finite=True))
    print(f"{words}:")
    print(f"  infinite deck: model {float(inf_value):+.6f}, its play through the engine "
          f"{float(inf_played):+.6f} ({'equal' if inf_value == inf_played else 'DIFFERENT'})")
    print(f"  own shoe: model {value:+.6f}, its play through the engine {played:+.6f}: "
          f"{100 * abs(value - played):.4f}% of a stake apart")
    print(f"  own shoe, OBBO instead: model {hand_by_hand:+.6f}; BB+1 moves the game by "
          f"{100 * (value - hand_by_hand):.2f}%")
    print(f"  best play (brute force): BB+1 {best:+.6f}, {100 * (best - played):.2f}% above "
          f"ours; OBBO {best_obbo:+.6f}, {100 * (best_obbo - hand_by_hand):.2f}% above ours  "
          f"({time.process_time() - start:.1f} cpu s)", flush=True)


def main() -> None:
    report("tiny-bb1 (12 cards; the pontoon takes BB+1)", two_takers=False)
    report("tiny-bb1 with a banker's three-card 21 taking BB+1 at 2:1", two_takers=True)


if __name__ == "__main__":
    main()
