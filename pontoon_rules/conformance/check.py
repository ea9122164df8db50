"""Check a suite: schema-valid, unique ids, ids that match the content, the rulesets'
hashes, cards the packs can hold, money conserved, and the reference engine passing all.

Every problem is collected before reporting, as `<file>: <message>`.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pontoon_rules.conformance.export import MANIFEST, load_suite, read_manifest, sha256_text
from pontoon_rules.conformance.judge import expected_steps, judge
from pontoon_rules.conformance.model import Vector, sha256_of, vector_id
from pontoon_rules.conformance.reference import TraceError, rules_for, trace_vector
from pontoon_rules.engine.cards import parse_card
from pontoon_rules.engine.rules import Rules
from pontoon_rules.engine.state import full_counts
from pontoon_rules.errors import PontoonError


def check_suite(folder: Path, partial: bool = False) -> tuple[int, list[str]]:
    """The number of vectors under `folder` and every problem found.

    Unless `partial`, every folder of vectors must hold the manifest an export writes
    last, listing exactly its vector files with their sha256: an export that did not
    finish, a missing file or a changed one is reported.
    """
    problems: list[str] = []
    valid: list[tuple[str, dict[str, Any]]] = []
    suite = load_suite(folder)
    if not partial and folder.is_dir():
        problems.extend(manifest_problems(sorted({path.parent for path, _ in suite}
                                                 | _manifest_folders(folder))))
    for path, data in suite:
        name = str(path)
        if isinstance(data, str):
            problems.append(f"{name}: {data}")
            continue
        found = schema_problems(data)
        if found:
            problems.extend(f"{name}: {p}" for p in found)
            continue
        valid.append((name, data))
        problems.extend(f"{name}: {p}" for p in vector_problems(data))
    problems.extend(_duplicates(valid, "id") + _duplicates(valid, "slug"))
    if not valid and not problems:
        problems.append(f"{folder}: no vectors found")
    return len(valid), problems


def schema_problems(data: Any) -> list[str]:
    """Where `data` breaks the vector schema."""
    try:
        Vector.model_validate(data)
    except ValidationError as e:
        return [f"{'.'.join(str(p) for p in err['loc']) or '<root>'}: {err['msg']}"
                for err in e.errors()]
    return []


def vector_problems(vector: dict[str, Any]) -> list[str]:
    """Problems of one schema-valid vector."""
    if vector_id(vector) != vector["id"]:
        return ["the id does not match the content: a changed expectation is a new vector "
                "(a new id that `reimplements` the old one); re-export"]
    try:
        rules = rules_for(vector["ruleset"])
    except (TraceError, PontoonError, ValueError) as e:
        return [f"ruleset: {e}"]
    problems = _ruleset_hash(vector) + card_problems(rules, vector["shoe"])
    problems += money_problems(vector["final"])
    return problems or _reference_problems(vector)


def _ruleset_hash(vector: dict[str, Any]) -> list[str]:
    ref = vector["ruleset"]
    embedded = ref.get("embedded")
    if embedded is not None and sha256_of(embedded) != ref["sha256"]:
        return ["ruleset.sha256 does not match the embedded ruleset"]
    return []


def card_problems(rules: Rules, shoe: list[str]) -> list[str]:
    """Cards the ruleset's packs do not hold, or hold fewer copies of."""
    try:
        cards = Counter(parse_card(c) for c in shoe)
    except PontoonError as e:
        return [f"shoe: {e}"]
    full = full_counts(rules)
    from pontoon_rules.engine.cards import card_code

    if rules.decks is None:
        return [f"shoe: {card_code(card)} is not in the infinite deck's ranks"
                for card in sorted(cards) if not full[card]]
    return [f"shoe: {n} × {card_code(card)}, but the {rules.decks}-pack shoe holds {full[card]}"
            for card, n in sorted(cards.items()) if n > full[card]]


def money_problems(final: dict[str, Any]) -> list[str]:
    """Where the settlement creates or loses money."""
    out = []
    total = 0
    for seat in final["seats"]:
        hands = sum(h["net"] for h in seat.get("hands") or [] if h.get("net") is not None)
        insurance = (seat.get("insurance") or {}).get("net", 0)
        if seat.get("net") is not None and seat["net"] != hands + insurance:
            out.append(f"final: {seat['seat']} nets {seat['net']}, but its hands and insurance "
                       f"make {hands + insurance}")
        total += seat.get("net") or 0
    banker = final["banker"].get("net")
    if banker is not None and banker != -total:
        out.append(f"final.banker.net is {banker}, but the seats' nets sum to {total}")
    return out


def _reference_problems(vector: dict[str, Any]) -> list[str]:
    try:
        seen = trace_vector(vector)
    except TraceError as e:
        return [f"the reference engine cannot play it: {e}"]
    found = judge(expected_steps(vector), vector["final"], seen)
    return [f"the reference engine differs: {found}"] if found else []


def _duplicates(valid: list[tuple[str, dict[str, Any]]], key: str) -> list[str]:
    counts = Counter(v[key] for _, v in valid)
    return [f"{name}: duplicate {key} {v[key]}" for name, v in valid if counts[v[key]] > 1]


def _manifest_folders(folder: Path) -> set[Path]:
    return {m.parent for m in folder.rglob(MANIFEST)}


def manifest_problems(folders: list[Path]) -> list[str]:
    """Where the vector folders differ from the manifests their export wrote."""
    out = []
    for folder in folders:
        manifest = read_manifest(folder)
        files = manifest.get("files") if isinstance(manifest, dict) else None
        if not isinstance(files, dict):
            out.append(f"{folder}: incomplete export: no readable {MANIFEST} (an export writes "
                       "it last; re-export, or pass --partial for a hand-picked subset)")
            continue
        present = {p.name for p in folder.glob("*.json")
                   if not p.name.startswith(("_", ".")) and not p.name.endswith(".schema.json")}
        missing = sorted(set(files) - present)
        if missing:
            out.append(f"{folder}: incomplete export: {len(missing)} of {len(files)} files "
                       f"missing ({', '.join(missing[:5])}{' …' if len(missing) > 5 else ''})")
        for name in sorted(present - set(files)):
            out.append(f"{folder / name}: not listed in {MANIFEST} (not written by this export)")
        for name in sorted(set(files) & present):
            if sha256_text((folder / name).read_text(encoding="utf-8")) != files[name]:
                out.append(f"{folder / name}: changed since the export (sha256 differs from "
                           f"{MANIFEST})")
    return out
