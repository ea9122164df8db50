"""`docs build -d DIR` never loses files it did not write, and a failed build leaves the
old site; `--rulesets` refuses a missing folder or a bad ruleset with one clear error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pontoon_rules.docs.website import site
from pontoon_rules.docs.website.site import BUILD_MARKER, DEFAULT_CONFIG, build_site, check_site_dir
from pontoon_rules.errors import OutputError, RulesetError

ROOT = Path(__file__).resolve().parent.parent


def _fake_build(pages: dict[str, str], fail: bool = False) -> object:
    """A stand-in for mkdocs' build: writes `pages` into the config's site_dir, then maybe
    dies midway (as a killed or failing build would)."""

    def build(config: object) -> None:
        out = Path(config.site_dir)  # type: ignore[attr-defined]
        out.mkdir(parents=True, exist_ok=True)
        for name, text in pages.items():
            (out / name).write_text(text, encoding="utf-8")
        if fail:
            raise RuntimeError("killed midway")

    return build


@pytest.fixture
def fake_mkdocs(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    import mkdocs.commands.build

    monkeypatch.setattr(mkdocs.commands.build, "build", _fake_build({"index.html": "new"}))
    return monkeypatch


def test_a_folder_of_other_files_is_refused(tmp_path: Path, fake_mkdocs: object) -> None:
    target = tmp_path / "thesis"
    target.mkdir()
    (target / "thesis.tex").write_text("three years of work", encoding="utf-8")
    (target / "photo.jpg").write_bytes(b"\xff\xd8\xff")
    with pytest.raises(OutputError, match="not a site built by pontoon-rules"):
        build_site(DEFAULT_CONFIG, target)
    assert sorted(p.name for p in target.iterdir()) == ["photo.jpg", "thesis.tex"]
    assert (target / "thesis.tex").read_text(encoding="utf-8") == "three years of work"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thesis"]


def test_new_empty_and_previous_build_folders_are_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import mkdocs.commands.build

    monkeypatch.setattr(mkdocs.commands.build, "build",
                        _fake_build({"index.html": "new", "gone.html": "old page"}))
    new = build_site(DEFAULT_CONFIG, tmp_path / "new" / "site")
    assert (new / "index.html").read_text(encoding="utf-8") == "new"
    assert (new / BUILD_MARKER).is_file()
    empty = tmp_path / "empty"
    empty.mkdir()
    assert (build_site(DEFAULT_CONFIG, empty) / "index.html").is_file()
    (new / "mine.html").write_text("the user's own page", encoding="utf-8")
    monkeypatch.setattr(mkdocs.commands.build, "build", _fake_build({"index.html": "again"}))
    again = build_site(DEFAULT_CONFIG, new)
    # the page the old build wrote and the new one does not is gone; the user's stays
    assert sorted(p.name for p in again.iterdir()) == [BUILD_MARKER, "index.html", "mine.html"]
    assert (again / "mine.html").read_text(encoding="utf-8") == "the user's own page"
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["site"]


def test_a_build_that_dies_midway_leaves_the_old_site(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import mkdocs.commands.build

    monkeypatch.setattr(mkdocs.commands.build, "build", _fake_build({"index.html": "old"}))
    target = build_site(DEFAULT_CONFIG, tmp_path / "site")
    monkeypatch.setattr(mkdocs.commands.build, "build",
                        _fake_build({"index.html": "half", "a.html": "half"}, fail=True))
    with pytest.raises(RuntimeError, match="killed midway"):
        build_site(DEFAULT_CONFIG, target)
    assert (target / "index.html").read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in target.iterdir()) == [BUILD_MARKER, "index.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"], "temporary folder left"


def test_a_file_is_not_a_site_folder(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("keep me", encoding="utf-8")
    with pytest.raises(OutputError, match="is a file"):
        check_site_dir(target)
    assert target.read_text(encoding="utf-8") == "keep me"


def test_cli_refuses_a_foreign_folder_without_traceback(tmp_path: Path) -> None:
    target = tmp_path / "docs"
    target.mkdir()
    (target / "mine.txt").write_text("mine", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pontoon_rules", "docs", "build", "-d",
                          str(target)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 1 and "not a site built by pontoon-rules" in run.stderr
    assert "Traceback" not in run.stderr and (target / "mine.txt").read_text() == "mine"


def test_rulesets_folder_problems_are_reported_before_building(tmp_path: Path,
                                                               fake_mkdocs: object) -> None:
    with pytest.raises(RulesetError, match="no such folder"):
        build_site(DEFAULT_CONFIG, tmp_path / "out", rulesets=tmp_path / "missing")
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "bad.yaml").write_text("id: bad\nname: Bad\nkind: house\nextends: pagat-british\n"
                                     "player:\n  stick_minimum: 99\n", encoding="utf-8")
    (folder / "dup.yaml").write_text("id: pagat-british\nname: Dup\nkind: house\n"
                                     "extends: pagat-british\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        build_site(DEFAULT_CONFIG, tmp_path / "out", rulesets=folder)
    text = "\n".join(str(p) for p in caught.value.problems)
    assert "stick_minimum" in text and "already on the site" in text
    assert not (tmp_path / "out").exists()
    assert site.EXTRA_RULESETS_ENV not in __import__("os").environ


def test_a_build_from_before_the_marker_counts_as_previous(tmp_path: Path,
                                                           fake_mkdocs: object) -> None:
    old = tmp_path / "site-build"
    (old / "sheets").mkdir(parents=True)
    (old / "search").mkdir()
    (old / "index.html").write_text("old", encoding="utf-8")
    (old / "search" / "search_index.json").write_text("{}", encoding="utf-8")
    assert (build_site(DEFAULT_CONFIG, old) / "index.html").read_text(encoding="utf-8") == "new"
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "index.html").write_text("my own page", encoding="utf-8")
    with pytest.raises(OutputError):
        build_site(DEFAULT_CONFIG, tmp_path / "other")


def test_a_killed_builds_leftovers_are_cleared_next_time(tmp_path: Path,
                                                          fake_mkdocs: object) -> None:
    from pontoon_rules.docs.website import publish

    target = build_site(DEFAULT_CONFIG, tmp_path / "site")
    dead, _build = publish.new_work_folder(target)  # recorded for this target, then killed
    (dead / "site").mkdir()
    (dead / "site" / "half.html").write_text("half", encoding="utf-8")
    (tmp_path / ".site.building-abc" / "site").mkdir(parents=True)  # not recorded: not ours
    (tmp_path / "keep.txt").write_text("mine", encoding="utf-8")
    build_site(DEFAULT_CONFIG, target)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.building-abc", "keep.txt",
                                                          "site"]
