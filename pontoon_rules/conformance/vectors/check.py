"""Check a suite: schema-valid, unique ids, ids that match the content, the rulesets'
hashes, cards the packs can hold, money conserved, and the reference engine passing all.

Every problem is collected before reporting, as `<file>: <message>`.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from pontoon_rules.conformance.running.judge import expected_steps, judge
from pontoon_rules.conformance.vectors.model import sha256_of, vector_id
from pontoon_rules.conformance.vectors.reference import TraceError, rules_for, trace_vector
from pontoon_rules.conformance.vectors.suitefiles import (
    MANIFEST,
    MAX_VECTOR_BYTES,
    PARTIAL,
    is_vector_name,
    load_suite,
    manifest_files,
    part_digests,
    read_manifest,
    read_text_file,
    sha256_text,
)
from pontoon_rules.conformance.vectors.validate import schema_problems
from pontoon_rules.engine.round.cards import parse_card
from pontoon_rules.engine.round.rules import Rules
from pontoon_rules.engine.round.state import full_counts
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
    parts: dict[Path, dict[str, Any]] = {}
    for path, data in suite:
        if not isinstance(data, str) and not schema_problems(data):
            valid.append((str(path), data))
        if path.parent not in parts:
            parts[path.parent] = _recorded_parts(path.parent)
        before = parts[path.parent].get(path.name)
        problems.extend(f"{path}: {p}" for p in file_problems(
            data, before if isinstance(before, dict) else None))
    problems.extend(_duplicates(valid, "id") + _duplicates(valid, "slug"))
    if not valid and not problems:
        problems.append(f"{folder}: no vectors found")
    return len(valid), problems


def file_problems(data: Any, before: dict[str, str] | None = None) -> list[str]:
    """Every problem of one vector file (`data`: its JSON, or why it could not be read;
    `before`: the digests of its parts its export recorded)."""
    if isinstance(data, str):
        return [data]
    found = schema_problems(data)
    if found:
        return found
    return vector_problems(data, before)


def vector_problems(vector: dict[str, Any], before: dict[str, str] | None = None) -> list[str]:
    """Problems of one schema-valid vector (`before`: its parts' digests when exported)."""
    given = vector_id(vector)
    if given != vector["id"]:
        return [id_problem(vector, given, before)]
    try:
        rules = rules_for(vector["ruleset"])
    except (TraceError, PontoonError, ValueError) as e:
        return [f"ruleset: {e}"]
    problems = _ruleset_hash(vector) + card_problems(rules, vector["shoe"])
    problems += money_problems(vector["final"])
    return problems or _reference_problems(vector)


def id_problem(vector: dict[str, Any], given: str, before: dict[str, str] | None) -> str:
    """Why the id does not match, saying which part of the content changed when the
    export's manifest recorded the parts."""
    fix = ("a changed expectation is a new vector: `pontoon-rules conformance id --fix FILE` "
           "gives it the id its content gives, naming the old one in `reimplements`")
    if before:
        now = part_digests(vector)
        changed = [part for part in before if now.get(part) != before[part]]
        if changed:
            what = ", ".join(changed)
            return (f"the id does not match the content: {what} changed since the export "
                    f"(the content gives {given}); {fix}")
    return f"the id does not match the content (the content gives {given}); {fix}"


def _recorded_parts(folder: Path) -> dict[str, Any]:
    data = read_manifest(folder)
    parts = data.get("parts") if isinstance(data, dict) else None
    return parts if isinstance(parts, dict) else {}


def _ruleset_hash(vector: dict[str, Any]) -> list[str]:
    ref = vector["ruleset"]
    embedded = ref.get("embedded")
    if embedded is not None and sha256_of(embedded) != ref["sha256"]:
        return ["ruleset.sha256 does not match the embedded ruleset"]
    return []


def card_problems(rules: Rules, shoe: list[str]) -> list[str]:
    """Cards the ruleset's packs do not hold, or hold fewer copies of.

    Copies are counted over the first pack's worth of cards: after that the pack may
    have run out and come back (`between_deals.pack_runs_out`), which the reference
    engine's replay checks card by card.
    """
    from pontoon_rules.engine.round.cards import card_code

    try:
        cards = [parse_card(c) for c in shoe]
    except PontoonError as e:
        return [f"shoe: {e}"]
    full = full_counts(rules)
    if rules.decks is None:
        return [f"shoe: {card_code(card)} is not in the infinite deck's ranks"
                for card in sorted(set(cards)) if not full[card]]
    counts = Counter(cards[:sum(full)])
    absent = [f"shoe: {card_code(card)} is not in the packs' ranks"
              for card in sorted(set(cards)) if not full[card]]
    return absent + [f"shoe: {n} × {card_code(card)}, but the {rules.decks}-pack shoe holds "
                     f"{full[card]}" for card, n in sorted(counts.items())
                     if full[card] and n > full[card]]


def money_problems(final: dict[str, Any]) -> list[str]:
    """Where the settlement creates or loses money."""
    out = []
    total = 0
    for seat in final["seats"]:
        hands = sum(h["net"] for h in seat.get("hands") or [] if h.get("net") is not None)
        insurance = (seat.get("insurance") or {}).get("net", 0)
        insurance += seat.get("between_players", 0) - seat.get("entry", 0)
        insurance += sum(bet.get("net", 0) for bet in (seat.get("side_bets") or {}).values()
                         if isinstance(bet, dict))
        if seat.get("net") is not None and seat["net"] != hands + insurance:
            out.append(f"final: {seat['seat']} nets {seat['net']}, but its hands, insurance, "
                       f"side bets, entry and payments between players make "
                       f"{hands + insurance}")
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
    import os

    out = set()
    for root, dirs, files in os.walk(folder, followlinks=False):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        if MANIFEST in files or PARTIAL in files:
            out.add(Path(root))
    return out


def manifest_problems(folders: list[Path]) -> list[str]:
    """Where the vector folders differ from the manifests their export wrote."""
    out = []
    for folder in folders:
        manifest = read_manifest(folder)
        if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict):
            out.append(f"{folder}: incomplete export: no readable {MANIFEST} (an export writes "
                       "it last; re-export, or pass --partial for a hand-picked subset)")
            continue
        out.extend(_listed_problems(folder, manifest_files(manifest),
                                    manifest_files(manifest, "added")))
    return out


def _listed_problems(folder: Path, files: dict[str, Any], added: dict[str, Any]) -> list[str]:
    out = []
    present = {p.name for p in folder.iterdir() if is_vector_name(p.name)}
    missing = sorted(set(files) - present)
    if missing:
        out.append(f"{folder}: incomplete export: {len(missing)} of {len(files)} files "
                   f"missing ({', '.join(missing[:5])}{' …' if len(missing) > 5 else ''})")
    for name in sorted(set(added) - present):
        out.append(f"{folder / name}: listed in {MANIFEST} as added, but missing")
    for name in sorted(present - set(files) - set(added)):
        out.append(f"{folder / name}: not listed in {MANIFEST} (not written by this export; "
                   "`conformance id --fix` adds a vector of your own)")
    for name in sorted((set(files) | set(added)) & present):
        text = read_text_file(folder / name, MAX_VECTOR_BYTES)
        want = added.get(name, files.get(name))
        if isinstance(text, ValueError):
            out.append(f"{folder / name}: {text}")
        elif sha256_text(text) != want:
            how = ("changed since `conformance id --fix` added it" if name in added
                   else "changed since the export")
            out.append(f"{folder / name}: {how} (sha256 differs from {MANIFEST}); "
                       "`conformance id --fix` records it")
    return out
