"""Realistic variations (`analysis.present.realistic`, `costs --realistic`): the changes the
family itself makes to a rule, in words, sorted by effect, each edge what `edge` says of the
overlay file the row describes."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from in_process import command_line
from lastbits import same_to_last_bits
from solves import count_solves

from pontoon_rules.analysis.present.realistic import (
    FAMILY,
    OPEN,
    STRUCTURAL_FIELDS,
    published_rows,
    realistic_variations,
)
from pontoon_rules.ruleset.format.fields import plain, value_at
from pontoon_rules.ruleset.loading.registry import load_bundled

ROOT = Path(__file__).resolve().parent.parent
RULESET = "pagat-british"
RAW = re.compile(r"[{}\[\]]|[A-Za-z0-9]_|_[A-Za-z0-9]|'[^' ]+'|\b(?:None|True|False)\b|"
                 r"\b[a-z]+-(?:wins|total|stake|buy|rule|choice|once|played|limit|rank|value|"
                 r"bets|double|original)\b")
"""What a raw value looks like in a line: a mapping, a quote, a field name (an underscore
inside a word: a sheet's blank to fill in, ____, is words), a Python constant, an enum value
written with a hyphen ('banker-wins', 'by-total')."""


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`pontoon-rules ARGS` in this process (`in_process`: what it prints needs no process of
    its own), on a wide terminal (no row wrapped)."""
    return command_line(*args, env={"COLUMNS": "400"}, cwd=ROOT)


@pytest.fixture(scope="module")
def as_text() -> str:
    done = cli("costs", RULESET, "--realistic", "--workers", "1")
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def as_json() -> dict[str, Any]:
    done = cli("costs", RULESET, "--realistic", "--workers", "1", "--json")
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_rows_are_in_words_with_points_explained_once(as_text: str) -> None:
    lines = as_text.splitlines()
    rows = [line.strip() for line in lines if " → " in line]
    assert len(rows) >= 10
    for row in rows:
        assert not RAW.search(row), row
    assert as_text.count("percentage points of the stake") == 1
    assert any(row.startswith("You may stick on 15 or more; below 15 you must draw.")
               and " → You may stick on 16 or more; below 16 you must draw." in row
               for row in rows)  # the rule's own sentence, before → after
    assert len({row.split(" → ")[0] for row in rows}) > len(rows) // 2  # not one boilerplate


def test_rows_are_sorted_by_effect(as_json: dict[str, Any]) -> None:
    changes = [v["change_points"] for v in as_json["variations"]]
    known = [abs(c) for c in changes if c is not None]
    assert known == sorted(known, reverse=True)
    assert all(c is None for c in changes[len(known):])  # rows without an edge last


def test_every_row_is_a_change_the_family_makes(as_json: dict[str, Any]) -> None:
    """A family row's new value is what the games it names play; an open row is a field the
    sources leave open; nothing that makes another game (a card count, a one-game hand)."""
    ruleset = load_bundled(RULESET)
    for row in as_json["variations"]:
        for change in row["changes"]:
            assert change["field"] not in STRUCTURAL_FIELDS
            if row["kind"] == FAMILY:
                assert row["sources"]
                for game in row["sources"]:
                    assert plain(value_at(load_bundled(game), change["field"])) == change["to"]
            elif row["kind"] == OPEN:
                assert ruleset.provenance[change["field"]].open
    fields = {c["field"] for row in as_json["variations"] for c in row["changes"]}
    assert "hands.definitions.five-card-trick.min_cards" not in fields  # no 4-card tricks


def _overlay(tmp_path: Path, field: str, value: Any) -> Path:
    node: Any = value
    for part in reversed(field.split(".")):
        node = {part: node}
    path = tmp_path / f"{field.replace('.', '-')}.yaml"
    path.write_text(json.dumps({"id": "house-change", "schema_version": 2, "name": "A change",
                                "kind": "house", "extends": RULESET, **node}), encoding="utf-8")
    return path


@pytest.mark.parametrize("field", ["player.stick_minimum", "settlement.ties"])
def test_each_edge_is_what_edge_says_of_the_overlay(as_json: dict[str, Any], field: str,
                                                    tmp_path: Path) -> None:
    row = next(v for v in as_json["variations"] if v["changes"][0]["field"] == field)
    overlay = _overlay(tmp_path, field, row["changes"][0]["to"])
    done = cli("edge", str(overlay), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["house_edge_percent"] == pytest.approx(
        row["house_edge_percent"], abs=1e-9)


def test_the_published_tables_are_rows_of_their_own_game() -> None:
    names = [name for name, _r in published_rows(load_bundled("australian-pontoon"))]
    assert "examples/australian-pontoon/australian-pontoon-bb1-spl1-nlc.yaml" in names
    assert not published_rows(load_bundled(RULESET))


def test_the_published_rows_are_loaded_once_until_a_file_changes(monkeypatch, tmp_path) -> None:
    """`published_rows` loads each folder's files once per id (the workbench asks again at
    each change of the rules), and again once a file is added or changed."""
    from pontoon_rules.analysis.present import realistic
    from pontoon_rules.ruleset.loading import loader

    folder = tmp_path / "australian-pontoon"
    folder.mkdir()
    source = ROOT / "examples" / "australian-pontoon"
    first = sorted(source.glob("*.yaml"))[0]
    (folder / first.name).write_bytes(first.read_bytes())
    monkeypatch.setattr(realistic, "published_folder", lambda: tmp_path)
    loads: list[Path] = []
    load_path = loader.load_path
    monkeypatch.setattr(loader, "load_path", lambda path: loads.append(path) or load_path(path))
    ruleset = load_bundled("australian-pontoon")
    once = published_rows(ruleset)
    assert [name for name, _r in once] == [f"examples/australian-pontoon/{first.name}"]
    assert published_rows(ruleset) == once and len(loads) == 1
    second = sorted(source.glob("*.yaml"))[1]
    (folder / second.name).write_bytes(second.read_bytes())
    assert len(published_rows(ruleset)) == 2 and len(loads) == 3


def test_a_small_family_gives_only_its_values() -> None:
    """The family is data: with one other game, only that game's values are rows."""
    ruleset = load_bundled(RULESET)
    table = realistic_variations(ruleset, family=[load_bundled("pagat-stick-16")],
                                 published=[])
    assert [(c.path, c.old, c.new) for v in table.rows for c in v.changes
            if v.kind == FAMILY] == [("player.stick_minimum", 15, 16)]


def test_a_change_the_stored_full_table_holds_is_not_solved_again(monkeypatch) -> None:
    """Where the ruleset's stored full cost table (`costdata`, current by its hash) already
    holds a one-field change at the same deck and policy, the realistic row takes that edge
    instead of solving the variant again: fewer variants are solved, and the table is the one
    solving every variant gives (to 1e-12: `same_to_last_bits`)."""
    import pontoon_rules.analysis.present.realistic as realistic

    ruleset = load_bundled("casino-ochko")
    solved = count_solves(monkeypatch)
    monkeypatch.setattr(realistic, "stored_realistic", lambda r: None)  # the full table's alone
    family, published = realistic.bundled_family(), published_rows(ruleset)
    reused = realistic._computed(ruleset, None, None, family, published, 1).to_json()
    stored = realistic.stored_edges(ruleset)
    monkeypatch.setattr(realistic, "stored_edges", lambda r: {})
    fresh = realistic._computed(ruleset, None, None, family, published, 1).to_json()
    assert stored and solved[0] < solved[1]
    assert same_to_last_bits(reused, fresh)



def test_a_changed_ruleset_has_no_stored_edges() -> None:
    """A ruleset whose rules differ from the one its stored table was made for (a user's
    edit in the workbench) reuses nothing: every variant is solved for its own rules."""
    from pontoon_rules.analysis.present.realistic import stored_edges

    base = load_bundled("casino-ochko")
    data = base.model_dump(mode="json")
    data["player"]["stick_minimum"] = data["player"]["stick_minimum"] + 1
    assert stored_edges(base) and stored_edges(type(base).model_validate(data)) == {}


def test_a_variant_equal_in_compiled_fields_but_playing_otherwise_is_solved_alone() -> None:
    """The compiled fields (`costs._model_key`) leave out the ruleset itself, which the
    analysis still reads: Spanish 21 at 8 packs and its Super Bonus page at 6 (whose least
    stake, 500, values the bonus) once shared the row of the plain 6-pack change, 0.3932
    against the page's own 0.3746 (w51y). Each now has its own edge, the one `edge` gives."""
    from pontoon_rules.analysis.edge import edge_of
    from pontoon_rules.analysis.present.costs import solve_variants
    from pontoon_rules.engine.round.rules import compile_rules

    base = load_bundled("spanish-21")
    eight = base.model_copy(update={"pack": base.pack.model_copy(update={"decks": 8})})
    six = base
    bonus = base.model_copy(update={"stakes": base.stakes.model_copy(update={"min_stake": 500})})
    solved = solve_variants(eight, [six, bonus])
    (six_edge, _), (bonus_edge, _) = solved.found
    assert six_edge == pytest.approx(edge_of(compile_rules(six)), abs=1e-12)
    assert bonus_edge == pytest.approx(edge_of(compile_rules(bonus)), abs=1e-12)
    assert abs(six_edge - bonus_edge) > 0.01
    (alone, _), = solve_variants(six, [bonus]).found  # the least stake its one change
    assert alone == bonus_edge
