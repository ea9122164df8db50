"""Which vectors a run plays: folders read and checked (a vector `check` would refuse is
never played), or the built-in suite generated only for the rulesets a harness lists.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from pontoon_rules.conformance import ConformanceError, InvalidVectorsError

SHOWN_PROBLEMS = 20
"""How many problems of invalid vectors a refusal lists."""


def load_vectors(folders: list[Path]) -> list[dict[str, Any]]:
    """Every vector under `folders`, each checked as `conformance check --partial` does.

    Raises:
        InvalidVectorsError: a file is not a valid vector, or two share an id (nothing runs).
    """
    from pontoon_rules.conformance.vectors.check import file_problems
    from pontoon_rules.conformance.vectors.suitefiles import load_suite

    vectors: list[dict[str, Any]] = []
    problems: list[str] = []
    for folder in folders:
        for path, data in load_suite(folder):
            found = file_problems(data)
            if found:
                problems.extend(f"{path}: {p}" for p in found)
            else:
                vectors.append(data)
    counts = Counter(v["id"] for v in vectors)
    problems.extend(f"{v['slug']}: duplicate id {v['id']} (in two of the folders?)"
                    for v in vectors if counts[v["id"]] > 1)
    if problems:
        shown = problems[:SHOWN_PROBLEMS]
        more = len(problems) - len(shown)
        raise InvalidVectorsError(
            f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in the vectors; "
            "nothing was run (a vector `conformance check` refuses is never played; fix it, "
            "or leave it out with --skip or by moving it away):\n  " + "\n  ".join(shown)
            + (f"\n  … and {more} more (`conformance check --partial` lists them)" if more
               else ""))
    return vectors


def reachable(ruleset_id: str, globs: list[str]) -> bool:
    """Whether a `--run` glob can match a vector of `ruleset_id` (slugs are `ruleset/name`)."""
    if not globs:
        return True
    for glob in globs:
        head = glob.split("/", 1)[0] if "/" in glob else "*"
        if fnmatchcase(ruleset_id, head):
            return True
    return False


@dataclass
class BuiltIn:
    """The built-in suite for a harness: what was generated, and what was left out."""

    vectors: list[dict[str, Any]] = field(default_factory=list)
    generated: list[str] = field(default_factory=list)
    """The bundled rulesets whose vectors were generated."""
    unlisted: list[str] = field(default_factory=list)
    """Bundled rulesets the harness does not list (not generated)."""
    notes: list[str] = field(default_factory=list)


def builtin_vectors(listed: set[str], globs: list[str],
                    progress: Callable[[str, int, int], None] | None = None) -> BuiltIn:
    """The built-in suite of the bundled rulesets the harness lists (all for `*`) that a
    `--run` glob can reach; the others are not generated."""
    from pontoon_rules.conformance.vectors.export import resolve, suite_vectors
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    out = BuiltIn()
    wanted = []
    for rid in bundled_ids():
        if "*" not in listed and rid not in listed:
            out.unlisted.append(rid)
        elif reachable(rid, globs):
            wanted.append(rid)
    for n, rid in enumerate(wanted, start=1):
        if progress is not None:
            progress(rid, n, len(wanted))
        ((rules, embed),) = resolve([rid])
        out.vectors.extend(suite_vectors(rules, embed, out.notes))
        out.generated.append(rid)
    return out


def listed_rulesets(command: str, one_shot: bool, timeout: float, cwd: str | None = None
                    ) -> tuple[set[str], dict[str, Any]]:
    """The rulesets a persistent harness lists in its start reply (and the reply).

    One-shot harnesses have no start reply: every ruleset counts as listed.

    Raises:
        ConformanceError: the harness cannot be started or gives no valid start reply.
    """
    if one_shot:
        return {"*"}, {}
    from pontoon_rules.conformance.running.runner import RunOptions, Session

    meta: dict[str, Any] = {}
    session = Session(RunOptions(command, timeout=timeout, cwd=cwd), meta)
    try:
        problem = session.start()
    finally:
        if session.proc is not None:
            session.proc.stop()
    if problem is not None:
        raise ConformanceError(f"the harness failed ({problem['status']}): {problem['message']}")
    return set(session.rulesets), meta


def skipped_note(outcomes: list[Any], listed: list[str]) -> str | None:
    """How many vectors were skipped because the harness lists none of their rulesets."""
    unlisted = [o for o in outcomes if o.status == "skipped"
                and o.message.startswith("the harness does not list")]
    if not unlisted:
        return None
    rulesets = sorted({o.slug.split("/", 1)[0] for o in unlisted})
    return (f"{len(unlisted)} vector{'s' if len(unlisted) != 1 else ''} skipped: the harness "
            f"does not list {_names(rulesets)}; it lists: {_names(listed) or 'nothing'}")


def _names(names: list[str], most: int = 8) -> str:
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")
