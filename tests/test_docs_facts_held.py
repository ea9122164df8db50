"""Issue 49: every sentence says only what a field holds, in the language's own marks.

Each test renders an overlay that changes a field and checks the words follow it."""

from __future__ import annotations

from pathlib import Path

from pontoon_rules.docs.words.sentences import compared, sentences, text_lines
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
    assert "«pagat-stick-16». player.stick_minimum" in armenian
    assert "pagat-stick-16:" not in armenian
    urdu = text_lines(load_ruleset(path), "ur", base=base)[1]
    assert "player.stick_minimum، stakes.min_stake" in urdu
    english = text_lines(load_ruleset(path), "en", base=base)[1]
    assert english.endswith("pagat-stick-16: player.stick_minimum, stakes.min_stake")


def _said(path: Path, lang: str) -> dict[str, str]:
    return {s.key: s.text for s in sentences(load_ruleset(path), lang)}


def test_twenty_one_is_named_without_a_card_count_a_field_holds(tmp_path: Path) -> None:
    """«21 (из трёх и более карт)» named the hand with a card count of its own: an overlay
    whose twenty-one takes two or more cards still read "three or more" in Russian (the
    casino page's words and the catalog's), Armenian, Punjabi and Urdu."""
    path = _overlay(tmp_path, "casino-ochko",
                    "hands:\n  definitions:\n    twenty-one:\n      min_cards: 2\n")
    russian = _said(path, "ru")
    assert russian["hand:twenty-one"].startswith("21: 2 карты и больше")
    assert "трёх" not in russian["ranking"] + russian["ties"]
    for lang, name in (("ru@ruwiki", "21: "), ("hy", "21 միավոր. "), ("pa", "21: "),
                       ("ur", "21: ")):
        named = _said(path, lang)["hand:twenty-one"]
        assert named.startswith(f"{name}2 "), (lang, named)


def test_the_soft_or_hard_sentence_says_no_aces_value(tmp_path: Path) -> None:
    """The Russian "soft or hard" sentence added «туз считается за 11», a value an overlay
    changes (`pack.ace_values`: an ace 1 or 10)."""
    path = _overlay(tmp_path, "casino-ochko",
                    "pack:\n  ace_values: [1, 10]\nbanker:\n  hit_soft_17: false\n")
    for lang in ("ru", "ru@ponton-ru", "ru@ochko-ru"):
        said = _said(path, lang)["banker_draws"]
        assert "16 очках и меньше" in said and "17 и больше" in said, said
        assert "11" not in said, (lang, said)


def test_when_a_one_on_one_tables_stakes_go_down_follows_a_field(tmp_path: Path) -> None:
    """Siebzehn und Vier's sheet said every player stakes before the banker deals to the
    first of them for any game of a rotating banker and one seat: a fact of its source no
    field held. It is `table.stakes_before_first_deal`, which an overlay changes."""
    words = {s.key: s.text for s in sentences(load_bundled("siebzehn-und-vier"))}
    assert words["stake_when"] == ("Every player puts down a stake before the banker deals "
                                   "to the first of them, not when their turn comes.")
    path = _overlay(tmp_path, "siebzehn-und-vier",
                    "table:\n  stakes_before_first_deal: false\n")
    said = _said(path, "en")["stake_when"]
    assert said == ("Each player puts down a stake when their turn comes, before the banker "
                    "deals to them.")
    assert "когда подходит его очередь" in _said(path, "ru")["stake_when"]
    assert "an der Reihe" in _said(path, "de")["stake_when"]
    found, _gone = compared(load_ruleset(path), load_bundled("siebzehn-und-vier"))
    assert next(s for s in found if s.key == "stake_when").changed


def test_a_payout_cell_of_cards_counted_as_another_hand_leaves_exceptions_to_sentences(
        tmp_path: Path) -> None:
    """Checked, no fix needed (issue 49, `sheet_view._as_other_hand`): a cell of a hand one
    side may not hold gives the usual odds of the hand its cards count as, exactly as that
    hand's own row does; an outcome exception changing one pair of it is said by its own
    sentence, and the sentences, read as a reader reads them, give the engine's table."""
    from pontoon_rules.docs.sheet.sheet_view import payout_rows
    from pontoon_rules.docs.words.i18n import translations
    from pontoon_rules.docs.words.reach import decided_table
    from pontoon_rules.docs.words.sentences import settlement_claims
    from pontoon_rules.docs.words.settlement import cell_says, conflicts, expected_cell
    from pontoon_rules.ruleset.resolving.outcomes import outcome_table

    path = _overlay(tmp_path, "australian-pontoon", "settlement:\n  outcomes:\n    - "
                    "{player: twenty-one, banker: total, result: lose, pays: \"2:1\"}\n")
    ruleset = load_ruleset(path)
    rows = {row["key"]: row for row in payout_rows(ruleset, translations("en").gettext)}
    # the banker never holds it: its cards count as a total (g49aa)
    assert rows["sevens-in-spades"]["takes"] == "1:1 (as a total)"
    assert rows["total"]["takes"] == "1:1"
    said = _said(path, "en")["outcomes"]
    assert "A player's twenty-one against the banker's ordinary total loses, paying the " \
           "banker 2:1." in said
    claims = [c for s in settlement_claims(ruleset, "en").values() for c in s.claims]
    assert conflicts(claims) == []
    for pair, cell in decided_table(ruleset, outcome_table(ruleset)).items():
        expected = expected_cell(claims, pair)
        assert {k: expected.get(k) for k in cell_says(cell)} == cell_says(cell), pair


def test_a_soft_total_is_an_ace_counted_11_only_where_an_ace_may_count_11(
        tmp_path: Path) -> None:
    """The soft-17 sentence defined a soft total as "one with an ace counted 11" whatever
    `pack.ace_values` says: an ace 1 or 10 makes a soft total counted 10."""
    bundled = {s.key: s.text for s in sentences(load_bundled("casino-ochko"))}
    assert "(one with an ace counted 11)" in bundled["banker_draws"]
    path = _overlay(tmp_path, "casino-ochko", "pack:\n  ace_values: [1, 10]\n")
    english = _said(path, "en")["banker_draws"]
    assert "on a soft 17 (one with an ace counted above its lowest value)" in english
    for lang in ("en", "ru", "ru@ochko-ru", "ru@ponton-ru"):
        said = _said(path, lang)["banker_draws"]
        assert "11" not in said and "17" in said, (lang, said)
