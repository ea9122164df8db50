"""Where a ruleset's realistic variations spend the C kernel's time: the solves of the
table (`analysis.present.realistic`, in this process, one worker, as the workbench's
worker and helper solve their shares), counted by the kernel itself (`pr_counts`,
`native/analysis_counts.h`).

Printed per ruleset: the table's CPU seconds (this process; the kernel's outlook threads
included); how many solves reached the kernel, and of them how many enumerated their nodes
afresh (a variant that changes what the hand states read, or whose nodes the kernel kept no
more), took a kept solve's nodes with another banker's outlooks, or took a kept solve whole
(the values alone worked out again, or copied: the second up-card group); per solve that
enumerated, the main set's nodes, the split hands' nodes times their levels (each level one
more pair card out) and the outlooks (the banker's finals per composition); and the seconds
spent enumerating, working out outlooks and valuing (the kernel's clock, each stage within
its solve), with their sum's share of the table's CPU.

    python benchmarks/solve_parts.py                            # spanish-21
    python benchmarks/solve_parts.py --change pack.decks=8 spanish-21 belarus-ponton
    python benchmarks/solve_parts.py --all                      # every analysed ruleset

`--change FIELD=VALUE` (a YAML value): the table of the ruleset so changed, as after a
change in the workbench (no stored table holds its rows: every variant is solved). Without
it, each variant is solved too (the stored tables and stored edges are not read).
`--threads N`: each solve's kernel on N threads (as the workbench's realistic worker and
its helper solve: N = 1; the default, every core).
"""

from __future__ import annotations

import argparse
import os

import yaml


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*", help="bundled ids (default: spanish-21)")
    parser.add_argument("--all", action="store_true", help="every analysed bundled ruleset")
    parser.add_argument("--change", default="", help="FIELD=VALUE: the table so changed")
    parser.add_argument("--threads", type=int, default=0,
                        help="the kernel's threads per solve (default: every core; the "
                             "workbench's realistic worker and helper solve on one each)")
    args = parser.parse_args()
    if args.threads > 0:
        from pontoon_rules.analysis.composition.native import set_threads

        set_threads(args.threads)
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
    from pontoon_rules.ruleset.resolving.features import refused_names

    ids = bundled_ids() if args.all else (args.rulesets or ["spanish-21"])
    print(f"{'ruleset':<24} {'cpu s':>6} {'solves':>6} {'afresh':>6} {'nodes':>6} "
          f"{'whole':>6} {'main nodes':>10} {'split n*lvl':>11} {'outlooks':>9} "
          f"{'enum s':>7} {'outl. s':>7} {'values s':>8} {'share':>6}"
          f"{'  after ' + args.change if args.change else ''}", flush=True)
    for ruleset_id in ids:
        if refused_names(load_bundled(ruleset_id), "costs"):
            continue
        print(_measured(ruleset_id, args.change), flush=True)


def _measured(ruleset_id: str, change: str) -> str:
    """One ruleset's line: its table solved here, with the kernel's counts."""
    from pontoon_rules.analysis.composition.native import kernels
    from pontoon_rules.analysis.present import realistic
    from pontoon_rules.analysis.present.costs import variant_of
    from pontoon_rules.ruleset.loading.registry import load_bundled

    ruleset = load_bundled(ruleset_id)
    if change:
        field, _, value = change.partition("=")
        changed = variant_of(ruleset.model_dump(mode="json", exclude_unset=True), field,
                             yaml.safe_load(value))
        if isinstance(changed, str):
            return f"{ruleset_id:<24} {change}: {changed}"
        ruleset = changed
    stored = realistic.known_edges  # every row solved: no stored edge read back
    realistic.known_edges = lambda ruleset, planned: [  # type: ignore[assignment]
        v if isinstance(v, str) else None for _r, v, _k in planned]
    family, published = realistic.bundled_family(), realistic.published_rows(ruleset)
    kernels().counts(reset=True)  # counted from zero
    start = _cpu()
    try:  # family and published given: no table kept from another call is read
        realistic.realistic_variations(ruleset, family=family, published=published)
    finally:
        realistic.known_edges = stored
    cpu = _cpu() - start
    counts = kernels().counts(reset=True)
    afresh = max(1, counts["enumerated"])
    seconds = [counts[k] / 1e9 for k in ("enumerate_ns", "outlooks_ns", "values_ns")]
    return (f"{ruleset_id:<24} {cpu:>6.2f} {counts['solves']:>6} {counts['enumerated']:>6} "
            f"{counts['same_nodes']:>6} {counts['kept']:>6} "
            f"{counts['main_nodes'] // afresh:>10} {counts['split_levels'] // afresh:>11} "
            f"{counts['outlooks'] // afresh:>9} {seconds[0]:>7.2f} {seconds[1]:>7.2f} "
            f"{seconds[2]:>8.2f} {sum(seconds) / cpu if cpu else 0.0:>6.0%}")


def _cpu() -> float:
    """CPU seconds of this process (its threads included) so far."""
    times = os.times()
    return times.user + times.system


if __name__ == "__main__":
    main()
