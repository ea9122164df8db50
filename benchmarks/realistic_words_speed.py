"""The CPU of a changed draft's realistic rows in words (`docs.words.costview.
realistic_view`: each row's change as the sheet says the rule before and after), for every
bundled ruleset whose realistic variations the analysis makes: the workbench's last step
before it draws the table, unless the rows were worded ahead while the table was solved
(`workbench.rowwords`).

For each ruleset, in one process: the draft is the ruleset with its first realistic change
(as `workbench_speed.py` makes it; `--field` another), and its rows are the planned rows
(`rowwords.word_planned`'s: the table's rows without their edges, which the words do not
read). Printed: the CPU seconds of the rows' words cold (nothing of this draft worded
before), of wording them ahead (`word_planned`, on another draft of the same change, so
that it is cold too), and of the panel's words after that (what is left for the end), with
the number of rows.

    python benchmarks/realistic_words_speed.py [RULESET ...] [--lang ru] [--field PATH]
"""

from __future__ import annotations

import argparse
import time
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rulesets", nargs="*", help="bundled ids (default: every analysed one)")
    parser.add_argument("--lang", default="en", help="the page's language (default en)")
    parser.add_argument("--field", default="", help="change this field where it can be")
    args = parser.parse_args()
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
    from pontoon_rules.ruleset.resolving.features import refused_names

    ids = args.rulesets or [i for i in bundled_ids() if not refused_names(load_bundled(i),
                                                                          "costs")]
    print(f"{'ruleset':<26} {'change':<40} {'rows':>4} {'cold cpu':>8} {'ahead cpu':>9} "
          f"{'after cpu':>9}", flush=True)
    for ruleset_id in ids:
        print(_measured(ruleset_id, args.lang, args.field), flush=True)


def _measured(ruleset_id: str, lang: str, field: str) -> str:
    from pontoon_rules.analysis.present.costs import variant_of
    from pontoon_rules.docs.words.costview import realistic_view
    from pontoon_rules.docs.words.i18n import translations
    from pontoon_rules.ruleset.loading.registry import load_bundled
    from pontoon_rules.workbench.rowwords import planned_table, word_planned

    base = load_bundled(ruleset_id)
    change = _change(base, field)
    if change is None:
        return f"{ruleset_id:<26} {'(no realistic change)':<40}"
    path, value = change
    data = base.model_dump(mode="json", exclude_unset=True)
    word_planned(base, lang)  # the templates, catalogs and family loaded: not counted
    one = variant_of(data, path, value)
    two = variant_of({**data, "name": f"{data.get('name', '')} (ahead)"}, path, value)
    gettext = translations(lang).gettext
    table = planned_table(one)  # the panel has its table: not counted
    start = time.process_time()
    realistic_view(one, table, gettext, lang)
    cold = time.process_time() - start
    start = time.process_time()
    word_planned(two, lang)  # the thread's: its plan counted too
    ahead = time.process_time() - start
    table = planned_table(two)
    start = time.process_time()
    realistic_view(two, table, gettext, lang)
    after = time.process_time() - start
    said = f"{path} → {value}"
    return (f"{ruleset_id:<26} {said[:40]:<40} {len(table.rows):>4} {cold:>8.3f} "
            f"{ahead:>9.3f} {after:>9.3f}")


def _change(ruleset: Any, field: str) -> tuple[str, Any] | None:
    """The first realistic one-field change that makes a valid ruleset (of `field`, where
    there is one), as `workbench_speed.py` takes it."""
    from pontoon_rules.analysis.present.costs import variant_of
    from pontoon_rules.analysis.present.realistic import bundled_family, one_field_changes

    data = ruleset.model_dump(mode="python")
    valid = [(c.path, c.new) for _kind, c, _games in one_field_changes(ruleset, bundled_family())
             if not isinstance(variant_of(data, c.path, c.new), str)]
    return next((c for c in valid if c[0] == field), valid[0] if valid else None)


if __name__ == "__main__":
    main()
