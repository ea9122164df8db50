"""Tests of the ruleset loader: the malformed corpus, extends, round trips, the registry.

The corpus in tests/malformed/ holds one small broken ruleset per case and, in
expected.yaml, the exact problems each must produce. After a deliberate change
to the messages, regenerate it with `python3 -m tests.test_loader --regenerate`
and review the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from pontoon_rules.errors import Problem, RulesetError
from pontoon_rules.ruleset.format.fields import provenance_for
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading import registry
from pontoon_rules.ruleset.loading.loader import dump_ruleset, load_path, load_ruleset, load_text
from pontoon_rules.ruleset.loading.registry import bundled_ids, bundled_path, load_bundled

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path("tests/malformed")
EXPECTED: dict[str, list[str]] = yaml.safe_load((ROOT / CORPUS / "expected.yaml").read_text()) or {}
BASE_TEXT = (ROOT / CORPUS / "_base.yaml").read_text()


@pytest.fixture
def in_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the repository root, so that problems name files as tests/malformed/…."""
    monkeypatch.chdir(ROOT)


def problems_of(load: Any, *args: Any) -> list[Problem]:
    """The problems a load raises (failing the test when it loads)."""
    with pytest.raises(RulesetError) as caught:
        load(*args)
    return caught.value.problems


# --- the malformed corpus ---------------------------------------------------------------


def case_files() -> list[str]:
    return sorted(p.name for p in (ROOT / CORPUS).glob("[0-9]*.yaml"))


def test_corpus_has_an_expectation_for_every_case() -> None:
    assert case_files() == sorted(EXPECTED)
    assert len(EXPECTED) >= 25


@pytest.mark.usefixtures("in_root")
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_malformed_case_reports_exactly_the_expected_problems(name: str) -> None:
    problems = problems_of(load_ruleset, str(CORPUS / name))
    assert [str(p) for p in problems] == EXPECTED[name]


@pytest.mark.usefixtures("in_root")
def test_the_corpus_base_is_valid() -> None:
    assert load_ruleset(str(CORPUS / "_base.yaml")).id == "test-base"


def test_python_tags_are_refused_and_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = BASE_TEXT.replace(
        "summary: A fixture for the loader tests.",
        f'summary: !!python/object/apply:os.system ["touch {marker}"]',
    )
    problems = problems_of(load_text, text, "evil.yaml")
    assert [p.message for p in problems] == [
        "unsupported YAML tag '!!python/object/apply:os.system' (a ruleset holds plain data only)"
    ]
    assert not marker.exists()


@pytest.mark.parametrize(
    "text",
    [
        "!!python/object:collections.OrderedDict {}",
        "id: !!python/name:os.system x",
        "id: !custom x",
        "id: !!binary aGVsbG8=",
        "pack: !!set {a, b}",
        "id: !!int abc",
    ],
)
def test_tags_outside_plain_data_are_problems(text: str) -> None:
    (problem,) = problems_of(load_text, text)
    assert problem.line == 1


# --- problems carry positions ------------------------------------------------------------


def test_a_problem_carries_file_line_column_and_path() -> None:
    text = BASE_TEXT.replace("  decks: 1\n", "  decks: many\n")
    (problem,) = problems_of(load_text, text, "mine.yaml")
    line = BASE_TEXT.splitlines().index("  decks: 1") + 1
    assert problem == Problem(
        "mine.yaml", line, 10, "pack.decks",
        "expected a whole number of packs from 1 to 16, or 'infinite', got 'many'"
    )


def test_a_missing_field_points_at_its_section() -> None:
    text = BASE_TEXT.replace("  max_players: 8\n", "")
    (problem,) = problems_of(load_text, text)
    assert (problem.line, problem.path) == (
        BASE_TEXT.splitlines().index("table:") + 1,
        "table.max_players",
    )
    assert problem.message == "missing required field"


def test_an_unreadable_file_is_a_problem_without_a_line(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    (problem,) = problems_of(load_ruleset, missing)
    assert problem.line is None
    assert problem.message == "no such file (and not a bundled id)"
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00id")
    (problem,) = problems_of(load_ruleset, binary)
    assert (problem.line, problem.message) == (None, "cannot read file: not UTF-8 text")


def test_an_unknown_reference_names_what_was_tried() -> None:
    (problem,) = problems_of(load_ruleset, "no-such-ruleset")
    assert problem.message.startswith("unknown ruleset 'no-such-ruleset': not a bundled id")
    assert "bundled: " in problem.message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty ruleset file"),
        ("# only a comment\n", "empty ruleset file"),
        (
            "a: 1\n---\nb: 2\n",
            "YAML syntax error: expected a single document in the stream, "
            "but found another document",
        ),
        ("just text", "expected a mapping of ruleset fields, got 'just text'"),
        ("a: &x [*x]\n", "a YAML alias refers to itself"),
        (
            "id: x\x01\n",
            "YAML syntax error: unacceptable character #x0001: special characters are not allowed",
        ),
        pytest.param("[" * 2000, "YAML nesting too deep", id="deep-nesting"),
    ],
)
def test_broken_documents_give_one_clear_problem(text: str, message: str) -> None:
    (problem,) = problems_of(load_text, text)
    assert problem.message == message


def test_an_alias_bomb_is_refused_not_expanded() -> None:
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    levels += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 7)]
    (problem,) = problems_of(load_text, "\n".join(levels))
    assert problem.message == "more than 1000 YAML aliases; a ruleset needs no more than a few"


def test_problems_are_in_file_order_and_the_error_lists_them_all() -> None:
    text = BASE_TEXT.replace("  decks: 1\n", "  decks: 0\n").replace(
        "settlement:\n  ties: banker-wins", "settlement:\n  ties: x"
    )
    with pytest.raises(RulesetError) as caught:
        load_text(text, "f.yaml")
    lines = [p.line or 0 for p in caught.value.problems]
    assert lines == sorted(lines) and len(lines) == 2
    assert str(caught.value) == "\n".join(str(p) for p in caught.value.problems)
    assert isinstance(caught.value, ValueError)


# --- the scalar schema ------------------------------------------------------------------


def test_unquoted_odds_and_norwegian_stay_text() -> None:
    text = BASE_TEXT.replace('  pays: "1:1"\n  collects', "  pays: 3:2\n  collects").replace(
        "language: en", "language: no")
    ruleset = load_text(text)
    assert ruleset.settlement.pays == "3:2"
    assert ruleset.sources["pagat"].language == "no"


# --- extends ------------------------------------------------------------------------------


def write_chain(folder: Path) -> Path:
    """Three files: a grandchild, its base in a subfolder, and that one's base beside it.

    Each `extends` is relative to the file that names it: c.yaml names sub/b.yaml,
    and sub/b.yaml names a.yaml, which is sub/a.yaml.
    """
    (folder / "sub").mkdir()
    (folder / "sub" / "a.yaml").write_text(BASE_TEXT)
    (folder / "sub" / "b.yaml").write_text(
        "extends: a.yaml\nid: b\nname: B\nkind: variation\n"
        "player:\n  stick_minimum: 16\nprovenance:\n  player.stick_minimum:\n"
        "    source: pagat\n    status: our-reading\n"
    )
    (folder / "c.yaml").write_text(
        "extends: sub/b.yaml\nid: c\nname: C\nplayer:\n  split:\n    max_hands: 2\n"
        "hands:\n  ranking: [pontoon, total]\n"
    )
    return folder / "c.yaml"


def test_an_extends_chain_of_three_files_merges_over_each_base(tmp_path: Path) -> None:
    ruleset = load_ruleset(write_chain(tmp_path))
    base = load_path(tmp_path / "sub" / "a.yaml")
    assert (ruleset.id, ruleset.name, ruleset.kind, ruleset.summary) == ("c", "C", "house", "")
    assert ruleset.extends == "sub/b.yaml"
    assert ruleset.player.stick_minimum == 16
    assert ruleset.player.split.max_hands == 2
    assert ruleset.player.split.resplit == base.player.split.resplit
    assert ruleset.hands.ranking == ("pontoon", "total")
    assert ruleset.provenance["player.stick_minimum"].status == "our-reading"
    assert ruleset.provenance["table"] == base.provenance["table"]
    assert ruleset.pack == base.pack


def test_a_provenance_entry_replaces_the_base_entry_whole(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(BASE_TEXT)
    text = (
        "extends: a.yaml\nid: x\nname: X\n"
        "provenance:\n  table:\n    source: pagat\n    status: implied\n"
    )
    ruleset = load_text(text, base_dir=tmp_path)
    assert ruleset.provenance["table"].quote == ""


def test_a_problem_in_a_base_names_the_base_file(tmp_path: Path) -> None:
    write_chain(tmp_path)
    (tmp_path / "sub" / "a.yaml").write_text(
        BASE_TEXT.replace("  banker: rotating", "  banker: anyone"))
    (problem,) = problems_of(load_ruleset, tmp_path / "c.yaml")
    assert problem.file.endswith("sub/a.yaml") and problem.path == "table.banker"


@pytest.mark.skipif("pagat-british" not in bundled_ids(), reason="no bundled pagat-british")
def test_extends_a_bundled_id() -> None:
    ruleset = load_text(
        "extends: pagat-british\nid: mine\nname: Mine\nplayer:\n  stick_minimum: 16\n"
    )
    assert ruleset.extends == "pagat-british"
    assert ruleset.player.stick_minimum == 16
    assert ruleset.pack == load_bundled("pagat-british").pack


def test_a_file_extending_itself_is_a_cycle(tmp_path: Path) -> None:
    path = tmp_path / "self.yaml"
    path.write_text("extends: self.yaml\nid: s\nname: S\n")
    (problem,) = problems_of(load_ruleset, path)
    assert problem.message == "extends cycle: self -> self"
    assert (problem.line, problem.column, problem.path) == (1, 10, "extends")


# --- dump and round trip -----------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", bundled_ids())
def test_every_bundled_ruleset_loads_and_round_trips(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert ruleset.id == ruleset_id
    assert load_text(dump_ruleset(ruleset)) == ruleset


def test_a_resolved_ruleset_dumps_self_contained(tmp_path: Path) -> None:
    ruleset = load_ruleset(write_chain(tmp_path))
    text = dump_ruleset(ruleset)
    assert text.startswith("# resolved from sub/b.yaml\n")
    assert yaml.safe_load(text)["extends"] is None
    assert load_text(text, "elsewhere/copy.yaml") == ruleset


def test_the_corpus_base_round_trips() -> None:
    ruleset = load_text(BASE_TEXT)
    assert load_text(dump_ruleset(ruleset)) == ruleset


# --- the registry ---------------------------------------------------------------------------


def test_bundled_ids_skip_files_that_are_not_rulesets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("b.yaml", "a.yaml", "ruleset.schema.json", "_part.yaml", "x.schema.yaml"):
        (tmp_path / name).write_text("{}")
    monkeypatch.setattr(registry, "bundled_dir", lambda: tmp_path)
    assert registry.bundled_ids() == ["a", "b"]
    assert registry.bundled_path("a") == tmp_path / "a.yaml"
    assert registry.bundled_path("_part") is None


def test_the_bundled_folder_is_the_packaged_one_or_the_repository_one() -> None:
    folder = registry.bundled_dir()
    assert folder == ROOT / "rulesets" or folder.parts[-2:] == ("pontoon_rules", "bundled")


def test_load_bundled_caches_and_refuses_unknown_ids() -> None:
    for ruleset_id in bundled_ids():
        assert load_bundled(ruleset_id) is load_bundled(ruleset_id)
        assert bundled_path(ruleset_id) is not None
    (problem,) = problems_of(load_bundled, "no-such-id")
    assert problem.message.startswith("unknown bundled ruleset 'no-such-id'")


def test_a_bundled_ruleset_is_a_ruleset() -> None:
    for ruleset_id in bundled_ids():
        assert isinstance(load_ruleset(ruleset_id), Ruleset)


# --- regenerating the expectations -----------------------------------------------------------


def regenerate_expected() -> None:
    """Rewrite tests/malformed/expected.yaml from what the loader reports now."""

    def quoted(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
        return dumper.represent_scalar(
            "tag:yaml.org,2002:str", text, style='"' if "'" in text else None
        )

    class Dumper(yaml.SafeDumper):
        pass

    Dumper.add_representer(str, quoted)
    found: dict[str, list[str]] = {}
    for name in case_files():
        try:
            load_ruleset(str(CORPUS / name))
        except RulesetError as error:
            found[name] = [str(p) for p in error.problems]
        else:
            raise SystemExit(f"{name} loaded without a problem")
    header = (ROOT / CORPUS / "expected.yaml").read_text().split("\n\n", 1)[0]
    body = yaml.dump(found, Dumper=Dumper, sort_keys=False, width=1000, allow_unicode=True)
    (ROOT / CORPUS / "expected.yaml").write_text(header + "\n\n" + body)


# --- provenance of an overlay's own changes ----------------------------------------------


def house_overlay(folder: Path) -> Path:
    """A kitchen-table overlay of the bundled pagat rules: two changes, one with provenance."""
    path = folder / "kitchen.yaml"
    path.write_text(
        "extends: pagat-british\nid: kitchen\nname: Kitchen table\n"
        "player:\n  stick_minimum: 16\n  max_cards: 5\n"
        "settlement:\n  ties: push\n"
        "provenance:\n  settlement.ties:\n    source: pagat-hy\n    status: our-reading\n"
        "    note: we push ties\n"
    )
    return path


@pytest.mark.skipif("pagat-british" not in bundled_ids(), reason="no bundled pagat-british")
def test_an_overlay_change_without_provenance_is_credited_to_the_overlay(tmp_path: Path) -> None:
    base = load_bundled("pagat-british")
    ruleset = load_ruleset(house_overlay(tmp_path))
    credit = provenance_for(ruleset, "player.stick_minimum")
    assert credit is not None and credit.source == "house rule, kitchen.yaml"
    assert credit.source in ruleset.sources and "this file" in ruleset.sources[credit.source].title
    assert credit.quote == "" and "kitchen.yaml" in credit.note
    assert credit != base.provenance["player.stick_minimum"]
    # the overlay's own provenance stands; unchanged fields keep the base's source
    assert ruleset.provenance["settlement.ties"].note == "we push ties"
    assert ruleset.provenance["player.max_cards"] == base.provenance["player.max_cards"]
    assert provenance_for(ruleset, "pack.decks") == base.provenance["pack.decks"]


def test_each_file_of_a_chain_is_credited_with_its_own_changes(tmp_path: Path) -> None:
    ruleset = load_ruleset(write_chain(tmp_path))
    # b.yaml gave provenance for stick_minimum; c.yaml changed the others without any
    assert ruleset.provenance["player.stick_minimum"].status == "our-reading"
    for path in ("player.split.max_hands", "hands.ranking"):
        assert ruleset.provenance[path].source == "house rule, c.yaml", path
    assert load_text(dump_ruleset(ruleset)) == ruleset


def test_a_whole_section_given_provenance_by_the_overlay_is_not_credited_again(
        tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(BASE_TEXT)
    text = ("extends: a.yaml\nid: x\nname: X\nplayer:\n  stick_minimum: 17\n"
            "provenance:\n  player:\n    source: pagat\n    status: implied\n")
    ruleset = load_text(text, base_dir=tmp_path)
    # the base's own entry for stick_minimum no longer shadows the overlay's section entry
    assert provenance_for(ruleset, "player.stick_minimum") == ruleset.provenance["player"]
    assert provenance_for(ruleset, "table.max_players") == load_path(
        tmp_path / "a.yaml").provenance["table"]
    assert not any(key.startswith("house rule") for key in ruleset.sources)


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        import os

        os.chdir(ROOT)
        regenerate_expected()
