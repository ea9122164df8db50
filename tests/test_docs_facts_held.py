"""Issue 49: every sentence says only what a field holds, in the language's own marks.

Each test renders an overlay that changes a field and checks the words follow it."""

from __future__ import annotations

from pathlib import Path

from pontoon_rules.docs.words.sentences import text_lines
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import load_bundled


def _overlay(tmp_path: Path, base: str, body: str) -> Path:
    path = tmp_path / "overlay.yaml"
    path.write_text(f"id: overlay\nname: Overlay\nkind: house\nextends: {base}\n{body}",
                    encoding="utf-8")
    return path


def test_the_overlay_line_uses_the_catalogs_colon_and_comma(tmp_path: Path) -> None:
    """Armenian's label mark is its own (its full stop looks like a Latin colon) and Urdu's
    comma is «،»: the terminal's overlay line wrote a Latin ": " and ", " in every language."""
    path = _overlay(tmp_path, "pagat-stick-16",
                    "player:\n  stick_minimum: 15\nstakes:\n  min_stake: 2\n")
    base = load_bundled("pagat-stick-16")
    armenian = text_lines(load_ruleset(path), "hy", base=base)[1]
    assert "pagat-stick-16. player.stick_minimum" in armenian
    assert "pagat-stick-16:" not in armenian
    urdu = text_lines(load_ruleset(path), "ur", base=base)[1]
    assert "player.stick_minimum، stakes.min_stake" in urdu
    english = text_lines(load_ruleset(path), "en", base=base)[1]
    assert english.endswith("pagat-stick-16: player.stick_minimum, stakes.min_stake")
