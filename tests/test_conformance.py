"""The conformance suite itself: vectors, ids, export, check, judging, levels."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import once, shared_folder

from pontoon_rules.conformance.running.judge import expected_steps, judge
from pontoon_rules.conformance.vectors.build import strip
from pontoon_rules.conformance.vectors.check import check_suite
from pontoon_rules.conformance.vectors.export import (
    export,
    generate_vectors,
    load_suite,
    resolve,
    suite_vectors,
)
from pontoon_rules.conformance.vectors.model import Vector, schema_text, vector_id
from pontoon_rules.conformance.vectors.reference import trace_vector
from pontoon_rules.ruleset.loading.registry import bundled_ids


@cache
def suite_dir() -> Path:
    """Every bundled ruleset's vectors, exported once per test run (`conftest.once`: the
    workers of a parallel run share one export, and the run starts it in the background)."""
    return once(shared_folder(BUNDLED_SUITE), export_bundled)


BUNDLED_SUITE = "bundled-suite"
"""The shared folder of the bundled rulesets' exported vectors."""


def export_bundled(folder: Path) -> None:
    """Export every bundled ruleset's vectors into `folder`, with no notes."""
    report = export([], folder)
    assert not report.notes, report.notes


@cache
def suite() -> tuple[dict[str, Any], ...]:
    """The exported vectors, parsed."""
    return tuple(data for _, data in load_suite(suite_dir()))


def by_slug() -> dict[str, dict[str, Any]]:
    """The exported vectors by slug."""
    return {v["slug"]: v for v in suite()}


def rewrite(path: Path, change: Any) -> None:
    """Apply `change` to the JSON of `path`."""
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def as_if_exported(path: Path) -> None:
    """Record `path`'s current text in its folder's manifest, as the export that wrote it
    would have (so that a re-export owns it)."""
    from pontoon_rules.conformance.vectors.suitefiles import MANIFEST, sha256_text

    manifest = json.loads((path.parent / MANIFEST).read_text())
    manifest["files"][path.name] = sha256_text(path.read_text())
    (path.parent / MANIFEST).write_text(json.dumps(manifest))


class TestExport:
    def test_every_bundled_ruleset_has_examples_and_random_rounds(self) -> None:
        slugs = by_slug()
        rulesets = {s.split("/")[0] for s in slugs}
        assert rulesets == set(bundled_ids())
        for rid in rulesets:
            assert any(s.startswith(f"{rid}/random-") for s in slugs)
        assert "casino-ochko/ties-go-to-the-dealer" in slugs

    def test_exporting_twice_gives_identical_files(self, tmp_path: Path) -> None:
        export(["casino-ochko", "belarus-ponton"], tmp_path / "a")
        export(["casino-ochko", "belarus-ponton"], tmp_path / "b")
        first = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.json"))
        second = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*.json"))
        assert first == second and len(first) > 40
        for rel in first:
            assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes()

    def test_the_cached_vectors_are_what_a_fresh_generation_makes(self) -> None:
        """The export reads each ruleset's vectors from the cache (`suite_vectors`): two
        fresh generations are equal (the export above then compares cached files only),
        and equal to what the cache gives back, notes too."""
        ((rules, embed),) = resolve(["casino-ochko"])
        fresh = generate_vectors(rules, embed)
        assert generate_vectors(rules, embed) == fresh and len(fresh["vectors"]) > 40
        notes: list[str] = []
        assert suite_vectors(rules, embed, notes) == fresh["vectors"]
        assert notes == fresh["notes"]

    def test_vectors_match_the_schema_and_their_ids(self) -> None:
        for vector in suite():
            Vector.model_validate(vector)
            assert vector_id(vector) == vector["id"]
        assert len({v["id"] for v in suite()}) == len(suite())

    def test_schema_text_is_json_schema(self) -> None:
        schema = json.loads(schema_text())
        assert schema["$schema"].endswith("2020-12/schema")
        assert "steps" in schema["properties"]
        assert (suite_dir() / "vector.schema.json").read_text() == schema_text()

    def test_a_changed_expectation_reimplements_the_old_id(self, tmp_path: Path) -> None:
        export(["blackjack-reference"], tmp_path)
        path = tmp_path / "blackjack-reference" / "ties-push.json"
        original = json.loads(path.read_text())["id"]
        old = "00000000-0000-4000-8000-000000000000"
        rewrite(path, lambda v: v.update(id=old))
        as_if_exported(path)
        export(["blackjack-reference"], tmp_path)
        again = json.loads(path.read_text())
        assert (again["id"], again["reimplements"]) == (original, old)
        export(["blackjack-reference"], tmp_path)
        assert json.loads(path.read_text())["reimplements"] == old

    def test_embedded_ruleset_for_a_file(self, tmp_path: Path) -> None:
        source = Path(__file__).resolve().parent.parent / "rulesets" / "pagat-stick-16.yaml"
        text = source.read_text().replace("pagat-british.yaml", str(
            source.parent / "pagat-british.yaml"))
        copy = tmp_path / "house.yaml"
        copy.write_text(text.replace("id: pagat-stick-16", "id: house-stick-16"))
        export([str(copy)], tmp_path / "out")
        vector = json.loads(next((tmp_path / "out").rglob("*stick-needs-16.json")).read_text())
        assert vector["ruleset"]["embedded"]["id"] == "house-stick-16"
        assert trace_vector(strip(vector))["final"] is not None
        same = tmp_path / "same.yaml"
        same.write_text(text)
        export([str(same)], tmp_path / "bundled")
        vector = json.loads(next((tmp_path / "bundled").rglob("stick-needs-16.json")).read_text())
        assert "embedded" not in vector["ruleset"], "the bundled rules, under the bundled id"


class TestCheck:
    def test_the_exported_suite_is_clean(self) -> None:
        count, problems = check_suite(suite_dir())
        assert problems == [] and count == len(suite())

    def test_problems_are_all_found(self, tmp_path: Path) -> None:
        export(["blackjack-reference"], tmp_path)
        folder = tmp_path / "blackjack-reference"
        rewrite(folder / "ties-push.json", lambda v: v["final"]["seats"][0].update(net=5))

        def fix_id(v: dict[str, Any]) -> None:
            v["shoe"] = ["AS"] * 9 + v["shoe"]
            v["id"] = vector_id(v)

        rewrite(folder / "double-takes-one-card.json", fix_id)
        rewrite(folder / "blackjack-pays-3-to-2.json", lambda v: v.update(
            id=json.loads((folder / "dealer-stands-on-soft-17.json").read_text())["id"]))
        rewrite(folder / "split-aces-one-card-each.json", lambda v: v.pop("final"))
        _, problems = check_suite(tmp_path)
        text = "\n".join(problems)
        assert "ties-push.json: the id does not match the content" in text
        assert "9 × AS, but the 6-pack shoe holds 6" in text
        assert "duplicate id" in text
        assert "split-aces-one-card-each.json: final: Field required" in text

    def test_money_and_the_reference_are_checked(self, tmp_path: Path) -> None:
        export(["blackjack-reference"], tmp_path)
        path = tmp_path / "blackjack-reference" / "ties-push.json"

        def change(v: dict[str, Any]) -> None:
            v["final"]["seats"][0]["hands"][0]["net"] = 100
            v["final"]["seats"][0]["net"] = 100
            v["id"] = vector_id(v)

        rewrite(path, change)
        _, problems = check_suite(tmp_path)
        assert any("banker.net is 0, but the seats' nets sum to 100" in p for p in problems)
        rewrite(path, lambda v: (v["final"]["banker"].update(net=-100), v.update(id=vector_id(v))))
        _, problems = check_suite(tmp_path)
        assert any("the reference engine differs: final.seats[0].hands[0].net" in p
                   for p in problems)


class TestJudge:
    def test_the_reference_passes_every_vector_in_process(self) -> None:
        for vector in suite():
            seen = trace_vector(strip(vector))
            assert judge(expected_steps(vector), vector["final"], seen) is None, vector["slug"]

    def test_legal_actions_compare_as_sets_and_only_given_fields(self) -> None:
        want = [{"actor": "p1", "legal": [{"action": "stick"}, {"action": "twist"}]}]
        got = {"steps": [{"actor": "p1", "legal": [{"action": "twist"}, {"action": "stick"}],
                          "hands": {"p1": [["TS"]]}}],
               "final": {"seats": [], "banker": {"net": 0, "cards": []}}}
        assert judge(want, {"seats": [], "banker": {"net": 0}}, got) is None

    def test_first_differing_path(self) -> None:
        want = [{"actor": "p1"}, {"code": None}, {"code": "bad_amount"}]
        got = {"steps": [{"actor": "p1"}, {"code": None}, {"code": "illegal_action"}],
               "final": {}}
        found = judge(want, {}, got)
        assert found is not None and str(found) == (
            'steps[2].code: expected "bad_amount", got "illegal_action"')
        short = judge(want, {}, {"steps": [{"actor": "p1"}]})
        assert short is not None and short.path == "steps[1]" and short.got == "<missing>"
        assert judge([], {"seats": [{"net": 1}]}, {"steps": [], "final": None}) is not None


class TestLevels:
    def test_blackjack_is_all_must_and_open_readings_lower_the_level(self) -> None:
        slugs = by_slug()
        assert all(v["level"] == "must" for s, v in slugs.items()
                   if s.startswith("blackjack-reference/"))
        # casino-ochko: the split's hand limit is an open reading of the source.
        assert slugs["casino-ochko/split-by-value-queen-king"]["level"] == "may"
        assert slugs["casino-ochko/ties-go-to-the-dealer"]["level"] == "must"

    def test_features_name_actions_classes_and_paths(self) -> None:
        tags = by_slug()["casino-ochko/five-card-trick-pays-2-to-1"]["features"]
        assert {"did:twist", "class:five-card-trick", "path:win:five-card-trick"} <= set(tags)


def test_comparison_records_become_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    from pontoon_rules.conformance.vectors.export import resolve
    from pontoon_rules.conformance.vectors.generate import compare_vectors

    try:
        module = importlib.import_module("pontoon_rules.compare")
    except ImportError:
        pytest.skip("pontoon_rules.compare is not there yet")
    script = {"ruleset": "casino-ochko", "stakes": [100], "shoe": ["TS", "TD", "9S", "9D"],
              "actions": ["p1 stick"]}
    records = [{"field": "settlement.ties", "description": "ties", "scripts": {"x": script}},
               {"field": "bad", "script": {**script, "actions": ["p1 split"]}}]
    monkeypatch.setattr(module, "conformance_records", lambda ruleset=None: records,
                        raising=False)
    ((rules, embed),) = resolve(["casino-ochko"])
    vectors, notes = compare_vectors(rules, embed)
    assert [v["slug"] for v in vectors] == ["casino-ochko/compare-settlement-ties"]
    assert len(notes) == 1 and "compare-bad" in notes[0]


def test_a_ruleset_no_record_can_be_for_skips_the_search(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    """The records are for the bundled source rulesets only: a file of another id (a peer
    implementation's ruleset) gets no comparison vectors without waiting for the search,
    and a source ruleset still gets them."""
    import pontoon_rules.compare as compare
    from pontoon_rules.conformance.vectors.export import resolve
    from pontoon_rules.conformance.vectors.generate import compare_vectors

    def no_search(ruleset: str | None = None) -> list[dict[str, Any]]:
        raise AssertionError("searched for records no script of which can be for this id")

    monkeypatch.setattr(compare, "conformance_records", no_search)
    assert "casino-ochko" in compare.conformance_record_rulesets()
    assert "blackjack-reference" not in compare.conformance_record_rulesets()
    own = tmp_path / "house-game.yaml"
    own.write_text("extends: casino-ochko\nid: house-game\nname: a house game\n")
    ((rules, embed),) = resolve([str(own)])
    assert rules.ruleset.id == "house-game"
    assert compare_vectors(rules, embed) == ([], [])
    ((source, embed),) = resolve(["casino-ochko"])
    with pytest.raises(AssertionError, match="searched"):
        compare_vectors(source, embed)


def test_the_records_for_one_ruleset_are_those_with_its_script(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """An export asks the comparison package for one ruleset's records at a time: those
    with a script for it, in the search's order, each a copy (the others are not copied)."""
    import pontoon_rules.compare.vectors as records_module

    def script(rid: str) -> dict[str, Any]:
        return {"ruleset": rid, "stakes": [100], "shoe": ["TS"], "actions": []}

    found = [{"slug": f"{a}-vs-{b}/f", "scripts": {a: script(a), b: script(b)}}
             for a, b in (("x", "y"), ("y", "z"), ("x", "z"))]
    monkeypatch.setattr(records_module, "_records", lambda: found)
    mine = records_module.conformance_records("z")
    assert [r["slug"] for r in mine] == ["y-vs-z/f", "x-vs-z/f"]
    assert records_module.conformance_records() == found
    mine[0]["scripts"]["z"]["actions"].append("p1 stick")
    assert found[1]["scripts"]["z"]["actions"] == []
