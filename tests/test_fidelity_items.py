"""Rules as the sources say them (issue 23): the items tests/test_sources.py leaves out.

Item 2 (a Belarusian pontoon against a dealer's 21 of three or more cards), the
digest's corrections, and the seeds themselves: every provenance quote of a seed's
ruleset occurs in that seed. Each test quotes the sentence it rests on in the source's
own language; the tests never need ../shared (the one that reads the seeds skips
without them).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from engine_helpers import nets, run

from pontoon_rules.docs.words.sentences import sentences
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import parse_step
from pontoon_rules.ruleset.format.common import AgainstTotal, HandClass, OutcomeResult, Status
from pontoon_rules.ruleset.format.fields import provenance_for
from pontoon_rules.ruleset.format.model import Provenance, Ruleset
from pontoon_rules.ruleset.loading.loader import load_ruleset
from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled
from pontoon_rules.ruleset.resolving.outcomes import outcome_table

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


def legal_after(ruleset: str, stakes: list[int], shoe: str, actions: str = "") -> list[str]:
    """The legal actions (words with their ranges) at the first decision after `actions`."""
    state = RoundState(compile_rules(load_ruleset(ruleset)), stakes)
    cards = parse_cards(shoe.split())
    steps = [a.strip() for a in actions.split(",") if a.strip()]
    while state.is_chance_node() or steps:
        if state.is_chance_node():
            state.apply_action(cards.pop(0))
        else:
            state.apply_action(parse_step(steps.pop(0), 0)[1])
    return [str(a) for a in state.legal_actions()]


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
    assert "Whoever holds it, it also beats an ordinary 21 in the other's hand." in found[0].text
    russian = [s for s in sentences(r, "ru") if s.key == found[0].key]
    # seed 003's «дилер», and whose hand beats what (reader 5)
    assert "У кого бы она ни была, она бьёт и обычные 21 у другой стороны." in russian[0].text


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
    assert said and "a player's pontoon against the banker's ordinary total: the higher " \
        "total wins, equal totals go to the banker." in said[0].text  # small after the colon
    hand = next(s for s in sentences(load_ruleset(path)) if s.key == "hand:pontoon")
    assert "also beats" not in hand.text


def test_2_a_pontoon_says_nothing_of_a_21_where_every_banker_21_is_named() -> None:
    # pagat: «3 կամ 4 քարտ է, որոնք ընդհանուր 21 են» (21 of three or four cards) and the
    # five-card trick name every banker's 21 but the pontoon: no ordinary 21 to beat
    for ruleset_id in ("pagat-british", "casino-ochko"):
        hand = next(s for s in sentences(load_bundled(ruleset_id)) if s.key == "hand:pontoon")
        assert "also beats" not in hand.text, ruleset_id


def test_2_the_literal_reading_keeps_the_stated_exceptions(tmp_path: Path) -> None:
    table = outcome_table(load_ruleset(overlay(tmp_path, "belarus-ponton", LITERAL)))
    # «"понтун", а у дилера 5 карт, то выигрывает игрок»; «5 карт ... выигрывают» always
    assert table[("pontoon", "five-card-trick")].result is OutcomeResult.WIN
    assert table[("five-card-trick", "pontoon")].result is OutcomeResult.WIN
    assert table[("pontoon", "pontoon")].result is OutcomeResult.LOSE  # equal: the dealer's
    assert table[("total", "pontoon")].result is OutcomeResult.BY_TOTAL  # a 21 ties it: lost


BY_TOTAL_HANDS = {
    ("sette-e-mezzo", "sette-e-mezzo"): "against any total it counts its points",
    ("casino-filipino-pontoon", "soft-twenty-one"):
        "against the dealer's ordinary hand by total",
}
"""The named hands of the bundled rulesets that count their points against an ordinary
hand, each with the words of its provenance note that say so: Sette e mezzo's 7½ of three
cards or more (the sources' «s. semplice») is no natural; it is named only so that a
two-card reale is paid once against it; Manila's soft 21, which "never loses, but will tie
with Dealer's Pontoon and 21", plays by its total against the dealer's ordinary hands."""


def test_2_every_other_ruleset_ranks_its_pontoon_above_every_total() -> None:
    by_total = {}
    for ruleset_id in bundled_ids():
        r = load_bundled(ruleset_id)
        for hand_id, d in r.hands.ranked():
            if d.against_total is not AgainstTotal.RANKING:
                by_total[(ruleset_id, hand_id)] = d
    assert sorted(by_total) == sorted(BY_TOTAL_HANDS)
    for (ruleset_id, hand_id), d in by_total.items():
        assert not d.natural, (ruleset_id, hand_id)  # a natural always beats a total
        prov = provenance_for(load_bundled(ruleset_id), f"hands.definitions.{hand_id}")
        assert prov is not None and prov.note, (ruleset_id, hand_id)
        assert BY_TOTAL_HANDS[(ruleset_id, hand_id)] in " ".join(prov.note.split())


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
SEED_OF_SOURCE = {"pagat-hy": "000", "pagat-pa": "001", "ochko-ru": "002", "ponton-ru": "003",
                  "pagat-ur": "004"}
"""The seed text behind each source key of the seed rulesets (the files say it in a comment
only: readers never see "seed")."""


def _seed_of(r: Ruleset, source: str) -> str | None:
    return SEED_OF_SOURCE.get(source) if source in r.sources else None


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
    assert "splitting pairs" in prov.note and "(30)" in prov.note
    seven = run("belarus-ponton", [100], "7S 9D 7H 7C 8D", "p1 twist")
    assert seven.result.seats[0].hands[0].hand_class == "three-of-a-kind"
    assert nets(seven) == [100, -100]


# -- the engine behind the readings of tests/test_sources.py ---------------------------------
SPLIT_002 = ("Ваша ставка будет удвоена, и Вы получите карту для каждой из двух сдач. Затем Вы "
             "сможете играть обе сдачи против одной сдачи дилера.")
SPLIT_ACES = "AS 9D AH 7C 5S 6H"  # p1 A A against the dealer's 9 (7 in the hole); then 5, 6


def test_3_casino_ochko_split_aces_play_on_and_the_other_reading_stops(tmp_path: Path) -> None:
    # "Затем Вы сможете играть обе сдачи": both hands are played; nothing says aces differ
    r = load_bundled("casino-ochko")
    quotes(SPLIT_002, reading(r, "player.split.aces_one_card"))
    assert legal_after("casino-ochko", [100], SPLIT_ACES, "p1 split") == [
        "stick", "twist", "double"]
    one_card = overlay(tmp_path, "casino-ochko", "player:\n  split:\n    aces_one_card: true\n")
    r = run(one_card, [100], SPLIT_ACES + " TD", "p1 split")  # no decision after the split
    assert [h.cards for h in r.result.seats[0].hands] == [["AS", "5S"], ["AH", "6H"]]
    assert r.result.banker_cards == ["9D", "7C", "TD"] and nets(r) == [200, -200]


BUST_WAITS = "settlement:\n  player_bust_loses_at_once: false\n"
# p1 10 6 twists a king (bust); p2 10 10 sticks; the dealer 6 draws 10, 9: bust too
BOTH_BUST = "TS TH 6D 6H KH KD TD 9C"


@pytest.mark.parametrize("body", ["", BUST_WAITS])
def test_9_a_bust_player_loses_to_a_bust_dealer_under_either_reading(tmp_path: Path,
                                                                     body: str) -> None:
    # «Если суммы карт игрока и дилера одинаковы, то игрок проигрывает»: the readings pay alike
    ruleset = overlay(tmp_path, "belarus-ponton", body) if body else "belarus-ponton"
    r = run(ruleset, [100, 100], BOTH_BUST, "p1 twist, p2 stick")
    assert r.result.banker_cards == ["6D", "TD", "9C"]
    assert nets(r) == [-100, 100, 0]


ACES_ONLY_001 = "ਦੋ ਸਧਾਰਨ ਭਿੰਨਤਾਵਾਂ ਲਈ ਸਿਰਫ ਏਸ ਸਪਿੱਲ ਕੀਤੇ ਜਾਣ ਦੀ ਲੋੜ ਹੁੰਦੀ ਹੈ ਅਤੇ ਕੋਈ ਹੋਰ ਜੋੜਾ ਨਹੀਂ।"


def test_16_the_aces_only_variation_splits_aces_and_no_other_pair() -> None:
    # "ਸਿਰਫ ਏਸ ਸਪਿੱਲ ... ਅਤੇ ਕੋਈ ਹੋਰ ਜੋੜਾ ਨਹੀਂ": only aces are split, no other pair
    quotes(ACES_ONLY_001, load_bundled("pagat-aces-only-split").provenance["player.split.ranks"])
    assert "split" in legal_after("pagat-aces-only-split", [100], "AS 9D AH 7C")
    assert "split" not in legal_after("pagat-aces-only-split", [100], "8S 9D 8H 7C")
    assert "split" in legal_after("pagat-british", [100], "8S 9D 8H 7C")


SPLIT_NOTE_003 = ("Под сплитом понимается ситуация в игре, когда первые две полученные карты "
                  "игрока имеют одинаковое достоинство и игрок может разделить их на две "
                  "отдельные руки.")


def test_17_belarus_split_eights_get_one_card_each_and_play_on() -> None:
    # «разделить их на две отдельные руки»: each new hand gets one card, then plays as any hand
    r = load_bundled("belarus-ponton")
    quotes(SPLIT_NOTE_003, reading(r, "player.split.cards_to_each_hand"))
    # p1 8 8 against the dealer's 9; the first hand is dealt a 2 (10) and may twist or buy
    legal = legal_after("belarus-ponton", [100], "8S 9D 8H 2C", "p1 split")
    assert "twist" in legal and any(a.startswith("buy") for a in legal)


def test_2_against_total_is_not_in_the_game_of_a_hand_that_wins_outright() -> None:
    from pontoon_rules.ruleset.resolving.relevance import applies

    r = load_bundled("belarus-ponton")  # three of a kind: a player's, wins outright
    assert not applies(r, "hands.definitions.three-of-a-kind.against_total")
    assert applies(r, "hands.definitions.pontoon.against_total")
    assert applies(r, "hands.definitions.five-card-trick.against_total")  # the dealer's too
