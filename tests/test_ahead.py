"""The command line's solve started ahead (`analysis.composition.ahead`): inputs kept, then
compared byte for byte, so a kept file can only ever save time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pontoon_rules.analysis.composition import ahead
from pontoon_rules.analysis.edge import house_edge
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.ruleset.loading.registry import load_bundled

ROOT = Path(__file__).resolve().parent.parent
TAKE = ahead.take


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty cache folder, and this process as a command line that has not started."""
    monkeypatch.setenv("PONTOON_RULES_CACHE", str(tmp_path))
    monkeypatch.delenv("PONTOON_RULES_AHEAD", raising=False)
    monkeypatch.setattr(ahead, "_AHEAD", ahead._Ahead())
    return tmp_path / "prepared"


def _figures(ruleset_id: str) -> dict[str, Any]:
    figures = house_edge(compile_rules(load_bundled(ruleset_id))).to_json()
    figures.pop("seconds", None)
    return figures


def _command(monkeypatch: pytest.MonkeyPatch, argv: list[str], ruleset_id: str,
             taken: list[bool]) -> dict[str, Any]:
    """`argv`'s start (`ahead.start`), then the edge of `ruleset_id` as its command would
    compute it; what `take` answered is added to `taken`."""
    monkeypatch.setattr(ahead, "_AHEAD", ahead._Ahead())
    def spy(*args: Any) -> bool:
        taken.append(TAKE(*args))
        return taken[-1]

    monkeypatch.setattr(ahead, "take", spy)
    ahead.start(argv)
    return _figures(ruleset_id)


def test_a_kept_solve_is_taken_and_gives_the_same_figures(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    taken: list[bool] = []
    plain = _figures("blackjack-reference")
    first = _command(monkeypatch, ["edge", "blackjack-reference"], "blackjack-reference", taken)
    assert taken == [False] and len(list(cache.glob("*.bin"))) == 1
    second = _command(monkeypatch, ["edge", "blackjack-reference"], "blackjack-reference",
                      taken)
    assert taken == [False, True]
    assert first == plain and second == plain


def test_other_inputs_under_the_key_are_solved_anew_and_replaced(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept file whose inputs differ from the command's (an edited ruleset): the early
    solve is not read, the figures are the command's own, its inputs replace the file."""
    taken: list[bool] = []
    argv = ["edge", "blackjack-reference"]
    _command(monkeypatch, argv, "pagat-british", taken)  # pagat's inputs under this key
    (kept,) = cache.glob("*.bin")
    pagat = kept.read_bytes()
    figures = _command(monkeypatch, argv, "blackjack-reference", taken)
    assert taken == [False, False]
    assert figures == _figures("blackjack-reference")
    assert kept.read_bytes() != pagat
    _command(monkeypatch, argv, "blackjack-reference", taken)
    assert taken[-1] is True


@pytest.mark.parametrize("damage", ["flip", "truncate", "empty", "foreign"])
def test_a_damaged_kept_file_starts_nothing(cache: Path, monkeypatch: pytest.MonkeyPatch,
                                            damage: str) -> None:
    taken: list[bool] = []
    argv = ["edge", "pagat-british"]
    _command(monkeypatch, argv, "pagat-british", taken)
    (kept,) = cache.glob("*.bin")
    data = bytearray(kept.read_bytes())
    damaged = {"flip": bytes(data[:100]) + bytes([data[100] ^ 1]) + bytes(data[101:]),
               "truncate": bytes(data[:len(data) // 2]), "empty": b"",
               "foreign": b"PRSOLVE1" + os.urandom(4096)}[damage]
    kept.write_bytes(damaged)
    monkeypatch.setattr(ahead, "_AHEAD", ahead._Ahead())
    ahead.start(argv)
    assert ahead._AHEAD.thread is None
    assert _command(monkeypatch, argv, "pagat-british", taken) == _figures("pagat-british")
    assert ahead.sealed(kept.read_bytes())  # written anew, whole


def _blob(lanes: int = 1) -> bytes:
    """A solve's inputs as `pack` writes them, of the sizes `pr_solve` reads (but `lanes`:
    the length of the lanes array, one per visible tuple)."""
    import numpy as np

    dims = np.array([2, 1, 3, 1, 2, 1, 1, -1, 0, 1, 1], dtype=np.int64)
    k, v, s, o, f, r, ns = 2, 1, 3, 1, 2, 1, 1
    ints = [np.zeros(n, dtype=np.int64) for n in (v * k, v, 2 * k, s, s * o, s * o * k, s, s, s)]
    for size in (4, 0, 2):
        ints += [np.zeros(v + 1, dtype=np.int64)] + [np.zeros(size, dtype=np.int64)] * 5
    ints.append(np.ones(lanes, dtype=np.int64))
    floats = [np.zeros(r * f * ns)] + [np.zeros(size) for size in (4, 0, 2)]
    rest = [np.zeros(n, dtype=np.int64) for n in (k, 1, 1, 1, k * k, k)]
    return ahead.pack(dims, ints, floats, rest)


def test_unpack_reads_what_pack_wrote_and_refuses_anything_else() -> None:
    blob = _blob()
    spans, n_ints, n_floats = ahead.unpack(blob)
    assert (n_ints, n_floats, len(spans)) == (28, 4, 39)
    assert ahead.sealed(ahead.seal(blob)) == blob
    bad = [blob[:-8], blob + b"\0" * 8, b"PRSOLVE2" + blob[8:], blob[:40],
           blob.replace(b"PRSOLVE1", b"PRSOLVE1", 1)[:24] + (10**6).to_bytes(8, "little")
           + blob[32:]]
    for each in bad:
        with pytest.raises(ValueError):
            ahead.unpack(each)
    with pytest.raises(ValueError):
        ahead.sealed(ahead.seal(blob)[:-1])


def test_unpack_refuses_arrays_the_dimensions_disagree_with() -> None:
    import numpy as np

    blob = _blob()
    spans, _, _ = ahead.unpack(blob)
    offset = spans[0][0]
    dims = np.frombuffer(blob[offset:offset + 88], dtype=np.int64).copy()
    dims[2] = 4  # four hand states: every per-state array is one short
    changed = blob[:offset] + dims.tobytes() + blob[offset + 88:]
    with pytest.raises(ValueError, match="array"):
        ahead.unpack(changed)
    with pytest.raises(ValueError, match="array 28: 2 numbers, not 1"):
        ahead.unpack(_blob(lanes=2))  # a lane for a visible tuple that is not there


def test_only_our_own_least_recently_used_files_are_removed(tmp_path: Path) -> None:
    for i in range(ahead.KEEP + 5):
        path = tmp_path / f"{i:032x}.bin"
        path.write_bytes(b"x")
        os.utime(path, ns=(i * 10**9, i * 10**9))
    foreign = [tmp_path / "notes.txt", tmp_path / "mine.bin", tmp_path / ("g" * 32 + ".bin")]
    for path in foreign:
        path.write_bytes(b"keep me")
    ahead._prune(tmp_path)
    left = sorted(p.name for p in tmp_path.glob("*.bin") if p not in foreign)
    assert left == [f"{i:032x}.bin" for i in range(5, ahead.KEEP + 5)]
    assert all(path.read_bytes() == b"keep me" for path in foreign)


def _cli_edge(cache: Path, **env: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-m", "pontoon_rules", "edge", "pagat-british",
                          "--json"], capture_output=True, text=True, timeout=300, cwd=ROOT,
                         env={**os.environ, "PONTOON_RULES_CACHE": str(cache), **env},
                         check=False)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    figures.pop("seconds", None)
    return figures


def test_the_command_keeps_its_inputs_and_gives_the_same_figures(tmp_path: Path) -> None:
    off = _cli_edge(tmp_path / "off", PONTOON_RULES_AHEAD="0")
    assert not (tmp_path / "off" / "prepared").exists()
    first = _cli_edge(tmp_path / "on")
    assert len(list((tmp_path / "on" / "prepared").glob("*.bin"))) == 1
    assert _cli_edge(tmp_path / "on") == first == off
