"""Rules as the sources say them (issue 23): the items tests/test_sources.py leaves out.

Item 2 (a Belarusian pontoon against a dealer's 21 of three or more cards), the
digest's corrections, and the seeds themselves: every provenance quote of a seed's
ruleset occurs in that seed. Each test quotes the sentence it rests on in the source's
own language; the tests never need ../shared (the one that reads the seeds skips
without them).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from engine_helpers import nets, run

from pontoon_rules.docs.sentences import sentences
from pontoon_rules.ruleset.common import AgainstTotal, HandClass, OutcomeResult, Status
from pontoon_rules.ruleset.fields import provenance_for
from pontoon_rules.ruleset.loader import load_ruleset
from pontoon_rules.ruleset.model import Provenance, Ruleset
from pontoon_rules.ruleset.outcomes import outcome_table
from pontoon_rules.ruleset.registry import bundled_ids, load_bundled

ROOT = Path(__file__).resolve().parents[1]
SEEDS = Path(os.environ.get("PONTOON_RULES_SEEDS", ROOT.parent / "shared" / "seeds"))
"""The seed texts: ../shared/seeds beside the checkout (or $PONTOON_RULES_SEEDS)."""
SEEDED = ("pagat-british", "pagat-aces-only-split", "pagat-stick-16", "shoot-pontoon",
          "casino-ochko", "belarus-ponton")
"""The rulesets whose sources are the seed texts (a source's note names its seed)."""


def quotes(seed_sentence: str, prov: Provenance) -> None:
    """Every part of the provenance quote (gaps written '...') is in the seed sentence."""
    assert prov.quote, "no quote"
    for part in (p.strip() for p in prov.quote.split("...") if p.strip()):
        assert " ".join(part.split()) in " ".join(seed_sentence.split()), part


def reading(ruleset: Ruleset, path: str) -> Provenance:
    """The provenance of `path`, which must be an open reading with a note."""
    prov = provenance_for(ruleset, path)
    assert prov is not None
    assert prov.status is Status.OUR_READING and prov.open and prov.note, (path, prov)
    return prov


def overlay(tmp_path: Path, base: str, body: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\nname: House\nkind: house\nextends: {base}\n{body}",
                    encoding="utf-8")
    return str(path)


# -- 2. belarus-ponton: a pontoon against a dealer's 21 of three or more cards -------------
TIES_003 = "Если суммы карт игрока и дилера одинаковы, то игрок проигрывает."
PONTOON_FIVE_003 = "Если у игрока \"понтун\", а у дилера 5 карт, то выигрывает игрок."
FIVE_ALWAYS_003 = "Во всех случаях 5 карт игрока выигрывают."
BLACKJACK_003 = ("По своим правилам игра сильно схожа с Блэкджеком, можно сказать, что является "
                 "его аналогом.")
PAYS_003 = "Выигрышными комбинациями являются: понтун 2:1, 5 карт - 3:2, обычные ставки - 1:1."
LITERAL = "hands:\n  definitions:\n    pontoon:\n      against_total: by-total\n"
# p1 A♠, the dealer 5♦, p1 K♥ (a pontoon); the dealer draws 6♦ 10♦: 21 of three cards
PONTOON_AGAINST_21 = "AS 5D KH 6D TD"
PONTOON_AGAINST_20 = "AS 5D KH 5C TD"  # the dealer 5 5 10: 20


def test_2_belarus_pontoon_against_a_dealers_21_is_an_open_reading_quoting_both() -> None:
    r = load_bundled("belarus-ponton")
    assert r.hands.definitions["pontoon"].against_total is AgainstTotal.RANKING
    prov = reading(r, "hands.definitions.pontoon.against_total")
    quotes(TIES_003, prov)
    note = " ".join(prov.note.split())
    for sentence in (PONTOON_FIVE_003, FIVE_ALWAYS_003, BLACKJACK_003, PAYS_003):
        words = sentence.rstrip(".").split(": понтун 2:1")[0]
        assert words.split(", можно")[0] in note, words
    assert "by-total" in note and "2.3273%" in note and "1.3546%" in note
    found = [s for s in sentences(r) if "hands.definitions.pontoon.against_total" in s.paths]
    assert found and all(s.open for s in found)  # the sheet's † on the pontoon


def test_2_belarus_pontoon_beats_a_dealers_21_of_three_cards_as_in_blackjack() -> None:
    r = run("belarus-ponton", [100], PONTOON_AGAINST_21)
    assert r.result.seats[0].hands[0].hand_class == HandClass.PONTOON
    assert r.result.banker_cards == ["5D", "6D", "TD"]
    assert nets(r) == [200, -200]


def test_2_the_literal_reading_loses_the_pontoon_to_an_equal_total(tmp_path: Path) -> None:
    path = overlay(tmp_path, "belarus-ponton", LITERAL)
    r = run(path, [100], PONTOON_AGAINST_21)
    assert r.result.seats[0].hands[0].hand_class == HandClass.PONTOON
    assert nets(r) == [-100, 100]  # "суммы ... одинаковы, то игрок проигрывает"
    assert nets(run(path, [100], PONTOON_AGAINST_20)) == [200, -200]  # still 2:1 over 20
    cell = outcome_table(load_ruleset(path))[("pontoon", "total")]
    assert cell.result is OutcomeResult.BY_TOTAL and not cell.tie_push and cell.pays == 2
    said = [s for s in sentences(load_ruleset(path))
            if "hands.definitions.pontoon.against_total" in s.paths and s.key == "outcomes"]
    assert said and "A player's pontoon against the banker's any other total: the higher " \
        "total wins, equal totals go to the banker." in said[0].text


def test_2_the_literal_reading_keeps_the_stated_exceptions(tmp_path: Path) -> None:
    table = outcome_table(load_ruleset(overlay(tmp_path, "belarus-ponton", LITERAL)))
    # «"понтун", а у дилера 5 карт, то выигрывает игрок»; «5 карт ... выигрывают» always
    assert table[("pontoon", "five-card-trick")].result is OutcomeResult.WIN
    assert table[("five-card-trick", "pontoon")].result is OutcomeResult.WIN
    assert table[("pontoon", "pontoon")].result is OutcomeResult.LOSE  # equal: the dealer's
    assert table[("total", "pontoon")].result is OutcomeResult.BY_TOTAL  # a 21 ties it: lost


def test_2_every_other_ruleset_ranks_its_pontoon_above_every_total() -> None:
    for ruleset_id in bundled_ids():
        r = load_bundled(ruleset_id)
        for hand_id, d in r.hands.ranked():
            assert d.against_total is AgainstTotal.RANKING, (ruleset_id, hand_id)


# -- the digest's corrections -------------------------------------------------------------
SHOOT_LIMIT_000 = ("պայմանով, որ բոլոր նկարահանումների խաղադրույքների գումարը փոքր է, քան "
                   "կատուը: Այսպիսով, եթե առաջին խաղացողը խաղադրույք է կատարում կատվի ընդհանուր "
                   "արժեքի համար, ոչ մի այլ խաղացող չի կարող խաղադրույք կատարել")


@pytest.mark.parametrize("ruleset_id", ["pagat-british", "shoot-pontoon"])
def test_digest_the_shoot_limit_is_less_than_the_kitty_read_by_the_example(
        ruleset_id: str) -> None:
    # "փոքր է, քան կատուը": less than the kitty, not "does not exceed"
    r = load_bundled(ruleset_id)
    prov = reading(r, "shoot.limit")
    quotes(SHOOT_LIMIT_000, prov)
    assert "less than" in prov.note and "below-kitty" in prov.note


def test_digest_004_has_no_shuffle_or_rotation_sentence_to_cite() -> None:
    for ruleset_id in ("pagat-british", "shoot-pontoon"):
        r = load_bundled(ruleset_id)
        cited = [path for path, prov in r.provenance.items()
                 if path.startswith("between_deals") and prov.source == "pagat-ur"]
        assert cited == [], (ruleset_id, cited)
    note = load_bundled("pagat-british").provenance["between_deals.rotation_tie_break"].note
    assert "004 has no such sentence" in " ".join(note.split())


PAIR_003 = "Разрешается сплитовать при выходе двух карт одного достоинства сколько угодно"
QUEEN_KING_002 = "даму с королём, как две карты одинакового достоинства в десять очков"


def test_digest_belarus_one_rank_or_one_value_is_open() -> None:
    # «одного достоинства» can mean rank or value (seed 002 uses it of a queen and a king)
    r = load_bundled("belarus-ponton")
    assert r.player.split.pair_rule.value == "same-rank"
    prov = reading(r, "player.split.pair_rule")
    quotes(PAIR_003, prov)
    assert QUEEN_KING_002 in " ".join(prov.note.split()) and "same-value" in prov.note


# -- the seeds: every quote is the source's own words ---------------------------------------
def _seed_of(r: Ruleset, source: str) -> str | None:
    found = re.search(r"seed (\d{3})", r.sources[source].note or "")
    return found.group(1) if found else None


@pytest.mark.parametrize("ruleset_id", SEEDED)
def test_every_stated_field_of_a_seed_ruleset_has_a_quote(ruleset_id: str) -> None:
    r = load_bundled(ruleset_id)
    assert any(_seed_of(r, s) for s in r.sources), ruleset_id
    bare = [p for p, prov in r.provenance.items() if prov.status is Status.STATED
            and not prov.quote]
    assert bare == []
    readings = [p for p, prov in r.provenance.items() if prov.open and not prov.note]
    assert readings == []  # an open reading says why


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts (../shared/seeds) are absent")
@pytest.mark.parametrize("ruleset_id", SEEDED)
def test_every_quote_occurs_word_for_word_in_its_seed(ruleset_id: str) -> None:
    texts = {p.name[:3]: " ".join(p.read_text(encoding="utf-8").split())
             for p in SEEDS.glob("*.txt")}
    r = load_bundled(ruleset_id)
    missing = []
    for path, prov in r.provenance.items():
        seed = _seed_of(r, prov.source)
        if not prov.quote or seed is None:
            continue
        missing += [(path, part) for part in (p.strip() for p in prov.quote.split("..."))
                    if part and " ".join(part.split()) not in texts[seed]]
    assert missing == []


THREE_003 = ("3 карты одного достоинства, сумма которых не более 21 оплачиваются 1:1 (если игрок "
             "не хочет больше набирать карт).")


def test_digest_belarus_three_of_a_kind_reads_the_same_by_rank_or_value() -> None:
    # «одного достоинства», rank or value: three cards of one value within 21 share a rank
    r = load_bundled("belarus-ponton")
    assert r.hands.definitions["three-of-a-kind"].same_rank
    prov = r.provenance["hands.definitions.three-of-a-kind.same_rank"]
    assert prov.status is Status.STATED and not prov.open
    quotes(THREE_003, prov)
    assert "player.split.pair_rule" in prov.note and "(30)" in prov.note
    seven = run("belarus-ponton", [100], "7S 9D 7H 7C 8D", "p1 twist")
    assert seven.result.seats[0].hands[0].hand_class == "three-of-a-kind"
    assert nets(seven) == [100, -100]
