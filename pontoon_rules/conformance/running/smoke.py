"""`conformance smoke`: does the harness speak the protocol? (Bowtie's `smoke`.)

One round per ruleset the harness lists (a `*` gets one round of an embedded ruleset),
each with a checkpoint, an action, a probe and a checkpoint after the end, run with
every reply validated against the published schemas. Protocol problems (a bad start
reply, a reply that breaks the schema, a crash, a timeout) are reported apart from
rule differences (a reply that speaks the protocol but plays the round otherwise),
which are the business of `conformance run`.

Given ruleset files (or ids), it plays one round of each instead, embedded when not
bundled: a harness that plays a ruleset of its own (`"rulesets": ["my-house"]`) lists
an id the kit cannot know, which is not a protocol problem; it is told to name the file.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pontoon_rules.conformance.running.runner import Outcome, RunOptions, RunResult, run_vectors

HARNESS_PROBLEMS = ("protocol", "crash", "timeout", "internal", "not-run")
"""Statuses that say the harness (not the rules it plays) is broken."""
EMBEDDED_FOR_STAR = "blackjack-reference"
"""The ruleset whose round, embedded, stands for `*` in the harness's list."""


@dataclass
class SmokeReport:
    """What the smoke test found."""

    meta: dict[str, Any] = field(default_factory=dict)
    start: list[str] = field(default_factory=list)
    """Problems of the start reply (schema, unknown fields)."""
    harness: list[dict[str, str]] = field(default_factory=list)
    rounds: list[tuple[str, Outcome]] = field(default_factory=list)
    """(ruleset, outcome) per round played."""
    unknown: list[str] = field(default_factory=list)
    """Listed ids that are not bundled, when no ruleset file was given for them."""

    @property
    def protocol_problems(self) -> list[str]:
        """Every problem that says the harness does not speak the protocol."""
        out = [f"start reply: {p}" for p in self.start]
        out += [f"harness {h['status']}: {h['message']}" for h in self.harness]
        out += [f"{rid}: {o.status}: {o.message}" for rid, o in self.rounds
                if o.status in HARNESS_PROBLEMS]
        return out

    @property
    def differences(self) -> list[tuple[str, Outcome]]:
        """Rounds the harness played by the protocol, but otherwise than the rules."""
        return [(rid, o) for rid, o in self.rounds if o.status == "fail"]

    @property
    def ok(self) -> bool:
        """The harness speaks the protocol and played at least one round."""
        played = any(o.status in ("pass", "fail") for _, o in self.rounds)
        return not self.protocol_problems and played


def smoke(command: str, timeout: float = 2.0, one_shot: bool = False,
          cwd: str | None = None, rulesets: list[str] | None = None) -> SmokeReport:
    """Start the harness, check its start reply, play one round per listed ruleset (or
    per ruleset of `rulesets`, ids or files, when given).

    Raises:
        RulesetError: a ruleset of `rulesets` cannot be loaded.
    """
    from pontoon_rules.conformance.running.replies import start_violation
    from pontoon_rules.conformance.running.selection import listed_rulesets

    report = SmokeReport()
    try:
        listed, report.meta = listed_rulesets(command, one_shot, timeout, cwd)
    except Exception as e:  # noqa: BLE001 - ConformanceError: the harness failed to start
        report.harness.append({"status": "protocol", "message": str(e)})
        return report
    if report.meta:
        found = start_violation(report.meta, strict=True)
        if found:
            report.start.append(found)
    vectors = given_vectors(rulesets) if rulesets else smoke_vectors(listed)
    if not rulesets:
        report.unknown = unknown_ids(listed)
    if not vectors:
        if not report.unknown:
            report.start.append("the start reply lists no ruleset (bundled ids, ids of your "
                                "own rulesets, or '*' for embedded rulesets)")
        return report
    result: RunResult = run_vectors(vectors, RunOptions(command, one_shot=one_shot,
                                                        timeout=timeout, cwd=cwd, strict=True))
    report.harness.extend(result.harness)
    for vector, played in zip(vectors, result.outcomes, strict=True):
        rid = str(vector["ruleset"]["id"])
        label = f"* (embedded {rid})" if vector["ruleset"].get("embedded") and not rulesets \
            else rid
        report.rounds.append((label, played))
    return report


def unknown_ids(listed: set[str]) -> list[str]:
    """The listed ids that are not bundled (a harness's own rulesets: files to name)."""
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    return sorted(listed - set(bundled_ids()) - {"*"})


def given_vectors(refs: list[str]) -> list[dict[str, Any]]:
    """One smoke round for each ruleset id or file in `refs` (embedded when not bundled)."""
    from pontoon_rules.conformance.vectors.export import resolve

    return [smoke_round(rules, embed) for rules, embed in resolve(refs)]


def smoke_vectors(listed: set[str]) -> list[dict[str, Any]]:
    """One round for each bundled ruleset in `listed` (and one embedded round for `*`)."""
    from pontoon_rules.conformance.vectors.export import resolve
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    out = []
    for rid in sorted(set(bundled_ids()) & listed):
        ((rules, _),) = resolve([rid])
        out.append(smoke_round(rules, False))
    if "*" in listed:
        ((rules, _),) = resolve([EMBEDDED_FOR_STAR])
        out.append(smoke_round(rules, True))
    return out


def smoke_round(rules: Any, embed: bool) -> dict[str, Any]:
    """A seeded one-seat round with a probe before a decision and a checkpoint and a
    probe after the end."""
    from pontoon_rules.conformance.vectors.build import build
    from pontoon_rules.conformance.vectors.generate import random_plan

    rng = random.Random(f"smoke:{rules.ruleset.id}")
    stake = rules.min_stake
    shoe, plan = random_plan(rules, [stake], rng)
    plan = [("reject", {"actor": "p1", "action": "no-such-action"}), *plan,
            ("reject", "p1 stick")]
    slug = f"{rules.ruleset.id}/smoke{'-embedded' if embed else ''}"
    return build(rules, slug, "The smoke round: a checkpoint, a probe, the round, and a "
                 "checkpoint and a probe after the end.", [stake], shoe, plan, embed)
