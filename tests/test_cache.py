"""The cache folder (`pontoon_rules.cache`): results named by their sources' hash, computed
once across processes, never losing a file that is not ours."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pontoon_rules import cache
from pontoon_rules.cache import cached_json, source_hash

K1, K2 = "0123456789abcdef0001", "0123456789abcdef0002"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    here = tmp_path / "cache"
    monkeypatch.setenv(cache.CACHE_ENV, str(here))
    return here


def counting(value: object) -> tuple[list[int], object]:
    calls: list[int] = []

    def compute() -> object:
        calls.append(1)
        return value

    return calls, compute


def test_an_entry_is_computed_once_then_read_back(folder: Path) -> None:
    calls, compute = counting({"a": [1, 2], "b": "ü"})
    assert cached_json("thing", K1, compute) == {"a": [1, 2], "b": "ü"}
    assert cached_json("thing", K1, compute) == {"a": [1, 2], "b": "ü"}
    assert len(calls) == 1
    assert json.loads((folder / f"thing-{K1}.json").read_text(encoding="utf-8"))["b"] == "ü"


def test_a_new_key_replaces_only_our_older_entries(folder: Path) -> None:
    folder.mkdir()
    theirs = [folder / "thing-notes.txt", folder / "thing-my-own.json", folder / "other-k1.json"]
    for path in theirs:
        path.write_text("a user's file")
    cached_json("thing", K1, lambda: 1)
    cached_json("thing", K2, lambda: 2)
    assert not (folder / f"thing-{K1}.json").exists()
    assert json.loads((folder / f"thing-{K2}.json").read_text()) == 2
    assert all(p.read_text() == "a user's file" for p in theirs)


def test_a_damaged_entry_is_computed_again(folder: Path) -> None:
    folder.mkdir()
    (folder / f"thing-{K1}.json").write_text('{"half": ')
    calls, compute = counting([3])
    assert cached_json("thing", K1, compute) == [3]
    assert calls == [1]
    assert json.loads((folder / f"thing-{K1}.json").read_text()) == [3]


def test_a_cache_that_cannot_be_written_only_costs_the_work(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(cache.CACHE_ENV, str(blocked / "cache"))
    calls, compute = counting("v")
    assert cached_json("thing", K1, compute) == "v"
    assert cached_json("thing", K1, compute) == "v"
    assert len(calls) == 2
    assert blocked.read_text() == "not a folder"


def test_a_name_that_is_not_a_plain_word_is_refused(folder: Path) -> None:
    with pytest.raises(ValueError, match="letters, digits and hyphens"):
        cached_json("../escape", K1, lambda: 1)


def test_processes_asking_at_once_compute_once(folder: Path, tmp_path: Path) -> None:
    log = tmp_path / "computed.log"
    script = (
        "import sys, time\n"
        "from pontoon_rules.cache import cached_json\n"
        "def compute():\n"
        f"    open({str(log)!r}, 'a').write('x')\n"
        "    time.sleep(1.0)\n"
        "    return [42]\n"
        f"print(cached_json('slow', {K1!r}, compute))\n")
    runs = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
            for _ in range(3)]
    outputs = [run.communicate(timeout=60)[0].strip() for run in runs]
    assert outputs == ["[42]"] * 3
    assert log.read_text() == "x"


def test_the_hash_follows_every_source_and_extra_file(tmp_path: Path) -> None:
    extra = tmp_path / "rules.yaml"
    extra.write_text("a: 1\n")
    first = source_hash([extra])
    assert source_hash([extra]) == first
    extra.write_text("a: 2\n")
    assert source_hash([extra]) != first
    assert source_hash() != first


def test_a_comparison_is_searched_once_and_read_back_unchanged(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`compare.cached`: what the cache gives back is what `compare_all` finds, and a
    changed ruleset is searched again."""
    import pontoon_rules.compare.cached as cached
    from pontoon_rules.compare import compare_all
    from pontoon_rules.ruleset.loading.registry import load_bundled

    pair = [load_bundled("pagat-british"), load_bundled("pagat-stick-16")]
    fresh = [c.to_json() for c in compare_all(pair)]
    assert cached.comparisons_json(pair) == fresh
    assert fresh[0]["examples"], "the pair differs: there is an example to keep"

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(cached, "compare_rulesets", no_search)
    assert cached.comparisons_json(pair) == fresh
    changed = pair[1].model_copy(update={"name": "renamed"})
    with pytest.raises(AssertionError, match="searched again"):
        cached.comparisons_json([pair[0], changed])
    with pytest.raises(AssertionError, match="searched again"):
        cached.comparisons_json(pair, stake=200)


def test_an_entry_that_is_a_pipe_or_too_large_is_computed_again(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    folder.mkdir()
    os.mkfifo(folder / f"piped-{K1}.json")  # never waited on
    calls, compute = counting([1])
    assert cached_json("piped", K1, compute) == [1]
    monkeypatch.setattr(cache, "ENTRY_LIMIT", 8)
    (folder / f"big-{K1}.json").write_text(json.dumps(list(range(100))))
    assert cached_json("big", K1, compute) == [1]
    assert calls == [1, 1]


def test_bytes_are_kept_as_they_are_and_only_their_older_entries_replaced(folder: Path) -> None:
    calls, compute = counting(b"%PDF-\x00\xff")
    assert cache.cached_bytes("sheet-x-en", K1, compute) == b"%PDF-\x00\xff"
    assert cache.cached_bytes("sheet-x-en", K1, compute) == b"%PDF-\x00\xff"
    assert len(calls) == 1 and (folder / f"sheet-x-en-{K1}.bin").read_bytes() == b"%PDF-\x00\xff"
    (folder / "sheet-x-en-k0.json").write_text("{}", encoding="utf-8")  # not a .bin entry
    cache.cached_bytes("sheet-x-en", K2, lambda: b"new")
    assert sorted(p.name for p in folder.iterdir() if p.suffix != ".lock") == [
        f"sheet-x-en-{K2}.bin", "sheet-x-en-k0.json"]


def test_a_sheet_pdf_is_laid_out_once_and_again_after_any_change(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same sheet is read back; another language, ruleset or font lays it out again."""
    from pontoon_rules.docs.sheet import sheets
    from pontoon_rules.ruleset.loading.registry import load_bundled

    laid: list[tuple[str, str]] = []

    def laid_out(ruleset: object, lang: str, base: object) -> bytes:
        laid.append((ruleset.id, lang))  # type: ignore[attr-defined]
        return f"%PDF {len(laid)}".encode()

    monkeypatch.setattr(sheets, "_laid_out_pdf", laid_out)
    british = load_bundled("pagat-british")
    first = sheets.sheet_pdf(british, "en")
    assert sheets.sheet_pdf(british, "en") == first == b"%PDF 1"
    assert sheets.render_sheet(british, "pdf", "en") == first
    sheets.sheet_pdf(british, "ru@ochko-ru")  # a source's words: a plain file name all the same
    changed = british.model_copy(update={"name": "British, changed"})
    assert sheets.sheet_pdf(changed, "en") == b"%PDF 3"
    monkeypatch.setattr(sheets, "_fonts_fingerprint", lambda: "another font")
    assert sheets.sheet_pdf(british, "en") == b"%PDF 4"
    assert laid == [("pagat-british", "en"), ("pagat-british", "ru@ochko-ru"),
                    ("pagat-british", "en"), ("pagat-british", "en")]
    assert all(p.name.startswith("sheet-pagat-british-") for p in folder.glob("*.bin"))


def test_a_strategy_card_is_laid_out_once_across_processes_and_again_after_a_change(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A warm site build reads every card back from the cache folder (a new process
    finds it: the memo of the process is emptied here); other figures, another ruleset
    or font lay it out again."""
    from pontoon_rules.docs.sheet import cards, sheets
    from pontoon_rules.ruleset.loading.registry import load_bundled

    laid: list[tuple[str, str]] = []

    def laid_out(ruleset: object, row: dict, lang: str, base: object) -> bytes:
        laid.append((ruleset.id, lang))  # type: ignore[attr-defined]
        return f"%PDF {len(laid)}".encode()

    monkeypatch.setattr(cards, "card_pdf", laid_out)
    british = load_bundled("pagat-british")
    row = {"chart_data": {"cells": [[1, 2]]}, "house_edge": 0.0066}

    def card(ruleset: object = british, figures: dict = row, lang: str = "en") -> bytes:
        cards._CARDS.clear()  # as a new process
        return cards.cached_card(ruleset, figures, lang)  # type: ignore[arg-type]

    assert card() == card() == b"%PDF 1"
    assert card(figures={**row, "house_edge": 0.0067}) == b"%PDF 2"
    assert card(lang="ru") == b"%PDF 3"
    assert card(british.model_copy(update={"name": "British, changed"})) == b"%PDF 4"
    monkeypatch.setattr(sheets, "_fonts_fingerprint", lambda: "another font")
    assert card() == b"%PDF 5"
    assert [lang for _, lang in laid] == ["en", "en", "ru", "en", "en"]
    names = {p.name.rsplit("-", 1)[0] for p in folder.glob("*.bin")}
    assert names == {"card-pagat-british-en", "card-pagat-british-ru"}
