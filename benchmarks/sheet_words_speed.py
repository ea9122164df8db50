"""The CPU of the rule sentences: every bundled ruleset's Markdown sheet in every language
it is written in (`sheet_languages`), in a fresh process, first the cold round (the
templates compiled, the catalogs read) then a second round in the same process.

    python benchmarks/sheet_words_speed.py                 # the CPU seconds of both rounds
    python benchmarks/sheet_words_speed.py --write DIR     # also each sheet's Markdown, to diff
    python benchmarks/sheet_words_speed.py --other TREE    # TREE's figures beside ours

With `--other`, each tree runs in its own fresh process, alternately (`--rounds` each), so
both are measured in the same minutes on a machine whose load changes; the median of each
is printed, and whether every sheet's Markdown is the same to the byte in both trees.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

_ONE_RUN = """
import hashlib, json, sys, time
from pathlib import Path
start = time.process_time()
from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.ruleset.format.languages import sheet_languages
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
rulesets = [load_bundled(i) for i in bundled_ids()]
loaded = time.process_time()
out = Path(sys.argv[1]) if len(sys.argv) > 1 else None
digest, rounds = hashlib.sha256(), []
for round_ in range(2):
    began = time.process_time()
    for ruleset in rulesets:
        for lang in sheet_languages(ruleset):
            text = sheet_markdown(ruleset, lang, find_base(ruleset))
            if round_ == 0:
                digest.update(f"{ruleset.id} {lang}\\n{text}".encode())
                if out is not None:
                    (out / f"{ruleset.id}.{lang}.md").write_text(text, encoding="utf-8")
    rounds.append(time.process_time() - began)
sheets = sum(len(sheet_languages(r)) for r in rulesets)
print(json.dumps({"import_load": loaded - start, "first": rounds[0], "second": rounds[1],
                  "sheets": sheets, "digest": digest.hexdigest()}))
"""


def one_run(tree: Path, write: Path | None) -> dict[str, object]:
    """One fresh process of `tree`'s Python making every sheet twice; its figures."""
    python = tree / ".venv" / "bin" / "python"
    args = [str(python), "-c", _ONE_RUN] + ([str(write)] if write else [])
    done = subprocess.run(args, cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _line(name: str, runs: list[dict[str, object]]) -> str:
    def median(key: str) -> float:
        return statistics.median(float(r[key]) for r in runs)  # type: ignore[arg-type]

    return (f"{name:<12} first round {median('first'):6.2f} s CPU, second {median('second'):6.2f}"
            f" s, import+load {median('import_load'):5.2f} s ({runs[0]['sheets']} sheets, "
            f"median of {len(runs)}; Markdown sha256 {str(runs[0]['digest'])[:16]})")


def main() -> None:
    """Print the CPU of making every sheet × language, ours and another tree's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", type=Path, help="another tree (with its .venv) beside ours")
    parser.add_argument("--rounds", type=int, default=3, help="fresh processes per tree")
    parser.add_argument("--write", type=Path, help="write each sheet's Markdown here")
    options = parser.parse_args()
    here = Path(__file__).resolve().parents[1]
    trees = {"this tree": here} | ({"other tree": options.other.resolve()}
                                   if options.other else {})
    runs: dict[str, list[dict[str, object]]] = {name: [] for name in trees}
    for round_ in range(options.rounds):
        for name, tree in trees.items():
            write = options.write if options.write and round_ == 0 and name == "this tree" \
                else None
            if write:
                write.mkdir(parents=True, exist_ok=True)
            runs[name].append(one_run(tree, write))
    for name, found in runs.items():
        print(_line(name, found))
    if options.other:
        same = {r["digest"] for found in runs.values() for r in found}
        print("every sheet's Markdown the same in both trees" if len(same) == 1
              else "the sheets' Markdown DIFFERS between the trees")


if __name__ == "__main__":
    sys.exit(main())
