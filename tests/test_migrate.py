"""Files that keep working across versions: `schema_version`, `pontoon-rules migrate`, and
what `validate` says of a file of an earlier format (issue 50, item 4).

The old-format rulesets of tests/fixtures/old_rulesets/ (manifest.yaml: copies of the
bundled rulesets from the history, and users' overlays written in format 1) each
migrate, validate, and play the same seeded rounds as the ruleset they stand for.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

import pontoon_rules
from pontoon_rules.cli import cli
from pontoon_rules.cli.errors import run_with_errors
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.record import deal_random, random_action
from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.format import renamed
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.loading.loader import load_path, load_ruleset, load_text, read_document
from pontoon_rules.ruleset.loading.migrate import migrate_text
from pontoon_rules.ruleset.loading.registry import bundled_dir, bundled_ids, bundled_path
from pontoon_rules.ruleset.resolving.canonical import behaviour_form

ROOT = Path(__file__).resolve().parent.parent
OLD = ROOT / "tests" / "fixtures" / "old_rulesets"
MANIFEST: list[dict[str, Any]] = yaml.safe_load((OLD / "manifest.yaml").read_text())
MALFORMED = ROOT / "tests" / "malformed"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`pontoon-rules ARGS` in this process: exit code, stdout, stderr."""
    code = run_with_errors(cli, list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def old(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the old-format fixtures, the current folder (nothing of the install)."""
    target = tmp_path / "old"
    shutil.copytree(OLD, target)
    monkeypatch.chdir(target)
    return target


def transcript(ruleset: Ruleset, rounds: int = 200, seed: str = "migrate") -> list[Any]:
    """Seeded rounds of random legal play: every card, decision and what each seat won."""
    rules = compile_rules(ruleset)
    rng = random.Random(seed)
    out: list[Any] = []
    for _ in range(rounds):
        stakes = [rng.choice([100, 150, 200]) for _ in range(min(2, rules.max_players))]
        state = RoundState(rules, stakes)
        steps: list[str] = []
        while not state.is_terminal():
            if state.is_chance_node():
                steps.append(deal_random(state, rng))
            else:
                action = random_action(rng.choice(state.legal_actions()), rng)
                steps.append(f"{state.actor_name()} {action}")
                state.apply_action(action)
        out.append((stakes, steps, state.returns()))
    return out


def plays_as(entry: dict[str, Any], folder: Path) -> Ruleset:
    target = entry["plays_as"]
    return load_path(folder / target) if target.endswith(".yaml") else load_ruleset(target)


# -- every old-format fixture migrates, validates and plays as before --------------------


@pytest.mark.parametrize("entry", MANIFEST, ids=[e["file"] for e in MANIFEST])
def test_an_old_fixture_migrates_then_validates_then_plays_identically(
        entry: dict[str, Any], old: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = entry["file"]
    code, out, err = run(capsys, "migrate", name)
    assert (code, err) == (0, ""), err
    assert out.startswith(f"{name}: ")
    code, out, err = run(capsys, "validate", name)
    assert (code, err) == (0, ""), err
    migrated, expected = load_path(old / name), plays_as(entry, old)
    assert migrated.schema_version == renamed.SCHEMA_VERSION
    assert behaviour(migrated) == behaviour(expected)
    assert transcript(migrated) == transcript(expected)


def behaviour(ruleset: Ruleset) -> dict[str, Any]:
    """The rules as the conformance digest reads them, the id left out."""
    form = behaviour_form(ruleset)
    form.pop("id")
    return form


@pytest.mark.parametrize("name", sorted(p.name for p in (OLD / "overlays-v1").glob("house-*")))
def test_a_users_old_overlay_changes_its_base_once_migrated(name: str, old: Path) -> None:
    """The fixtures are no empty test: each overlay plays otherwise than its base."""
    migrated = migrate_text((old / "overlays-v1" / name).read_text(), name, old / "overlays-v1")
    ruleset = load_text(migrated.after, name, old / "overlays-v1")
    assert behaviour(ruleset) != behaviour(load_ruleset(str(ruleset.extends)))


FORMAT_1 = [e["file"] for e in MANIFEST  # libyaml's parser: collection reads every fixture
            if renamed.file_version(yaml.load((OLD / e["file"]).read_text(),
                                              Loader=yaml.CSafeLoader)) == 1]


@pytest.mark.parametrize("name", FORMAT_1)
def test_a_format_1_fixture_does_not_load_before_it_is_migrated(name: str, old: Path) -> None:
    with pytest.raises(RulesetError) as caught:
        load_path(old / name)
    assert "pontoon-rules migrate" in caught.value.hints[0]


def test_the_bundled_rulesets_say_the_current_schema_version() -> None:
    for ruleset_id in bundled_ids():
        data = yaml.safe_load(bundled_path(ruleset_id).read_text())  # type: ignore[union-attr]
        assert data["schema_version"] == renamed.SCHEMA_VERSION, ruleset_id


def test_a_file_without_schema_version_is_read_as_the_version_its_fields_fit() -> None:
    assert renamed.file_version({"id": "x", "hands": {"ranking": ["total"]}}) == 2
    assert renamed.file_version({"id": "x", "player": {"pontoon_may_draw": True}}) == 1
    assert renamed.file_version({"provenance": {"settlement.player_payouts": {}}}) == 1
    assert renamed.file_version({"schema_version": 1}) == 1


# -- the rewrite: surgical, atomic, provenance with its field, a dry run ------------------


def test_migrate_keeps_comments_key_order_and_every_other_line(old: Path,
                                                               capsys: pytest.CaptureFixture[str]
                                                               ) -> None:
    name = "overlays-v1/house-trick-wins.yaml"
    before = (old / name).read_text()
    assert run(capsys, "migrate", name)[0] == 0
    after = (old / name).read_text()
    assert "    wins_outright: true  # even against the banker's pontoon" in after
    assert "  # the banker pays a pontoon 3:2, not double" in after
    assert "      pays: \"3:2\"" in after  # the value as written, quotes and all
    untouched = [line for line in before.splitlines()
                 if not any(word in line for word in ("five_card_trick", "always_wins",
                                                      "settlement", "player_payouts",
                                                      "pontoon: ", "# the banker"))]
    kept = [line for line in after.splitlines() if line in untouched]
    assert kept == untouched  # every other line, in its order


def test_a_big_file_changes_only_in_its_old_fields(old: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    name = "v1-2026-12-01/pagat-british.yaml"
    before = (old / name).read_text().splitlines()
    assert run(capsys, "migrate", name)[0] == 0
    after = (old / name).read_text().splitlines()
    comments = [line for line in before if line.lstrip().startswith("#")]
    assert [line for line in after if line.lstrip().startswith("#")] == comments
    gone = set(before) - set(after)  # the old fields' lines and renamed provenance keys
    assert len(before) == 648 and len(gone) < 60


def test_provenance_moves_with_its_field(old: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "migrate", "overlays-v1/house-three-of-a-kind.yaml")[0] == 0
    provenance = yaml.safe_load((old / "overlays-v1/house-three-of-a-kind.yaml").read_text())[
        "provenance"]
    assert provenance == {
        "hands.definitions.pontoon.may_draw_on": {
            "source": "club", "quote": "you may draw to a pontoon", "status": "stated"},
        "hands.definitions.three-of-a-kind": {
            "source": "club", "quote": "three alike beat twenty-one", "status": "stated"},
        "hands.definitions.three-of-a-kind.pays": {
            "source": "club", "quote": "three alike pay double", "status": "stated"},
    }
    ruleset = load_path(old / "overlays-v1/house-three-of-a-kind.yaml")
    assert ruleset.provenance["hands.definitions.three-of-a-kind.pays"].quote == (
        "three alike pay double")


def test_provenance_of_an_old_section_goes_to_each_field_it_became(
        old: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "v1-2026-12-01/casino-online-pontoon.yaml"
    assert run(capsys, "migrate", name)[0] == 0
    provenance = yaml.safe_load((old / name).read_text())["provenance"]
    moved = ["hands.definitions.pontoon.pays", "hands.definitions.five-card-trick.pays",
             "hands.definitions.twenty-one.pays", "settlement.pays"]
    assert "settlement.player_payouts" not in provenance
    assert all(provenance[p]["quote"] == "pontoon and five-card trick pay 2:1" for p in moved)


def test_a_hand_switched_off_leaves_the_ranking(old: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    name = "overlays-v1/house-no-twenty-one.yaml"
    assert run(capsys, "migrate", name)[0] == 0
    data = yaml.safe_load((old / name).read_text())
    assert data["hands"] == {"ranking": ["pontoon", "five-card-trick", "total"]}


def test_dry_run_shows_the_diff_and_writes_nothing(old: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    name = "overlays-v1/house-old-hands.yaml"
    before = (old / name).read_bytes()
    code, out, err = run(capsys, "migrate", "--dry-run", name)
    assert (code, err) == (0, "")
    assert f"--- {name} (version 1)\n+++ {name} (version 2)\n" in out
    assert "-    ace_ten_is_pontoon: false\n" in out
    assert "+      on_split_hand: false\n" in out
    assert out.endswith(f"{name}: would be migrated from version 1 to 2 (nothing written)\n")
    assert (old / name).read_bytes() == before


def test_a_current_file_is_left_alone_and_migrating_twice_changes_nothing(
        old: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(bundled_path("pagat-british"), old / "pagat.yaml")  # type: ignore[arg-type]
    before = (old / "pagat.yaml").read_bytes()
    code, out, _ = run(capsys, "migrate", "pagat.yaml")
    assert (code, out) == (0, "pagat.yaml: already in the current format (version 2)\n")
    assert (old / "pagat.yaml").read_bytes() == before
    name = "overlays-v1/house-blackjack-trick.yaml"
    assert run(capsys, "migrate", name)[0] == 0
    once = (old / name).read_bytes()
    assert run(capsys, "migrate", name)[1].endswith("already in the current format (version 2)\n")
    assert (old / name).read_bytes() == once


def test_migrate_is_atomic_and_keeps_the_file_mode(old: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    name = old / "overlays-v1/house-trick-wins.yaml"
    name.chmod(0o600)
    assert run(capsys, "migrate", str(name))[0] == 0
    assert name.stat().st_mode & 0o777 == 0o600
    assert not [p for p in name.parent.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize(("text", "message"), [
    ("id: [unclosed\n", "YAML syntax error"),
    ("schema_version: 9\nid: x\n", "written in format 9, newer than this pontoon-rules"),
    ("extends: pagat-british\nid: x\nname: X\nsettlement: {player_payouts: {pontoon: '3:2'}}\n",
     "flow style"),
    ("extends: no-such-base\nid: x\nname: X\nplayer:\n  pontoon_may_draw: true\n",
     "migrate the base first"),
    ("extends: pagat-british\nid: x\nname: X\nplayer:\n  pontoon_may_draw: true\n"
     "  stick_minimum: 40\n", "player.stick_minimum: expected a number <= 21"),
])
def test_invalid_input_exits_2_and_writes_nothing(text: str, message: str, old: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (old / "bad.yaml").write_text(text)
    code, out, err = run(capsys, "migrate", "bad.yaml", "missing.yaml")
    assert code == 2 and out == ""
    assert message in err and "missing.yaml: no such file" in err
    assert err.splitlines()[0].startswith("bad.yaml")
    assert (old / "bad.yaml").read_text() == text


def test_the_table_of_moves_covers_what_the_loader_reports() -> None:
    """One place: every old field the loader names is one the migration moves."""
    for path in renamed.MOVED:
        assert any(m.old == path or m.old.startswith(path + ".") for m in renamed.MOVES), path
    for move in renamed.MOVES:
        assert any(move.old == p or move.old.startswith(p + ".") for p in renamed.MOVED)


def test_migrate_text_names_the_file_as_given() -> None:
    text = "extends: pagat-british\nid: x\nname: X\nplayer:\n  pontoon_may_draw: true\n"
    migration = migrate_text(text, "mine.yaml", bundled_dir())
    assert migration.version == 1 and migration.changed
    assert "pontoon_may_draw" not in migration.after
    assert "hands:\n  definitions:\n    pontoon:\n      may_draw_on: true\n" in migration.after


# -- validate of an old file: one line per problem, in the user's file, and the hint ------


def test_validate_of_an_old_file_says_each_problem_once_in_the_file_and_suggests_migrate(
        old: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "overlays-v1/house-three-of-a-kind.yaml"
    code, out, err = run(capsys, "validate", name)
    lines = err.splitlines()
    assert code == 2 and out == ""
    assert lines[:-2] == [
        f"{name}:10:3: player.pontoon_may_draw: unknown field 'pontoon_may_draw': now "
        "hands.definitions.pontoon.may_draw_on",
        f"{name}:13:3: hands.three_of_a_kind: unknown field 'three_of_a_kind': hands are now "
        "defined by their cards: write it under hands.definitions.three-of-a-kind "
        "(min_cards: 3, max_cards: 3, same_rank: true)",
        f"{name}:17:3: settlement.player_payouts: unknown field 'player_payouts': what a "
        "hand pays is now its own `pays` (hands.definitions.ID.pays; an ordinary total: "
        "settlement.pays)",
    ]
    assert lines[-2] == "3 problems found"
    assert f"`pontoon-rules migrate {name}`" in lines[-1]


def test_validate_of_a_whole_old_ruleset_says_one_line_per_old_field(
        old: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "v1-2026-11-30/blackjack-reference.yaml"
    code, _, err = run(capsys, "validate", name)
    problems = err.splitlines()[:-2]
    data = yaml.safe_load((old / name).read_text())
    assert code == 2 and len(problems) == len(renamed.old_blocks(data)) == 9
    assert all(line.startswith(f"{name}:") for line in problems)
    assert "migrate" in err.splitlines()[-1]


def test_a_bundled_base_is_named_without_the_install_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    document = read_document(bundled_path("pagat-british"))  # type: ignore[arg-type]
    assert document.file == "<bundled>/pagat-british.yaml"


def test_no_message_of_the_malformed_corpus_holds_the_install_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    install = [str(Path(pontoon_rules.__file__).resolve().parent), str(bundled_dir()),
               str(ROOT)]
    corpus = tmp_path / "corpus"
    shutil.copytree(MALFORMED, corpus)
    shutil.copytree(OLD, corpus / "old")
    monkeypatch.chdir(tmp_path)
    files = sorted(str(p.relative_to(tmp_path)) for p in corpus.rglob("*.yaml"))
    messages = []
    for name in files:
        for command in ("validate", "migrate"):
            code, out, err = run(capsys, command, "--dry-run", name) if command == "migrate" \
                else run(capsys, command, name)
            messages.append(out + err)
    assert len(messages) > 100
    assert not [m for m in messages if any(path in m for path in install)]


def test_an_overlay_and_its_old_base_migrate_together_in_any_order(
        old: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(old / "v1-2026-11-30/blackjack-reference.yaml", old / "base.yaml")
    (old / "top.yaml").write_text("extends: base.yaml\nid: top\nname: Top\n"
                                  "settlement:\n  player_payouts:\n    pontoon: \"2:1\"\n")
    code, _, err = run(capsys, "validate", "top.yaml")
    hints = err.splitlines()[-2:]
    assert code == 2 and hints[0].startswith("base.yaml is written in an earlier format")
    assert hints[1].startswith("top.yaml is written in an earlier format")
    code, out, err = run(capsys, "migrate", "top.yaml", "base.yaml")
    assert (code, err) == (0, "")
    assert out == ("top.yaml: migrated from version 1 to 2\n"
                   "base.yaml: migrated from version 1 to 2\n")
    top = load_path(old / "top.yaml")
    assert top.hands.definitions["pontoon"].pays == "2:1"


def test_validate_says_a_file_of_a_newer_format_is_newer(old: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    (old / "new.yaml").write_text("schema_version: 3\nextends: pagat-british\nid: x\nname: X\n")
    code, _, err = run(capsys, "validate", "new.yaml")
    assert code == 2
    assert err.splitlines()[0] == ("new.yaml:1:1: schema_version: written in format 3, newer "
                                   "than this pontoon-rules reads (2): upgrade pontoon-rules")


def test_a_windows_file_keeps_its_line_ends(old: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = old / "overlays-v1/house-old-hands.yaml"
    name.write_bytes(name.read_bytes().replace(b"\n", b"\r\n"))
    assert run(capsys, "migrate", str(name))[0] == 0
    data = name.read_bytes()
    assert b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    assert load_path(name).hands.definitions["pontoon"].ties is not None
