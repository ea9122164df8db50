"""Worked examples of every rule and variant difference, as data for vectors.

Each example: ruleset id, slug, description, stakes, the stacked shoe and the
plan: actions separated by commas, `!` before a probe the implementation must
refuse (the code comes from the engine). Deal orders: pagat (two seats) p1, p2,
banker, p1, p2, banker; casino-ochko and blackjack p1, dealer, p1, dealer;
belarus p1, dealer, p1.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Example:
    """One worked example of a rule."""

    ruleset: str
    slug: str
    description: str
    stakes: tuple[int, ...]
    shoe: str
    plan: str = ""

    def plan_entries(self) -> list[tuple[str, str]]:
        """The plan as ("do" | "reject", "p1 twist") entries."""
        out = []
        for text in (t.strip() for t in self.plan.split(",")):
            if text:
                out.append(("reject", text[1:]) if text.startswith("!") else ("do", text))
        return out


E = Example
EXAMPLES: tuple[Example, ...] = (
    # -- pagat-british and its variations ---------------------------------------------
    E("pagat-british", "banker-on-17-pays-18",
      "A banker who stays on 17 pays 18 and more and collects 17 and less.",
      (100, 100), "TS TH TD 8S 7H 7D", "!p2 stick, p1 stick, p2 stick, banker stick"),
    E("pagat-british", "ties-go-to-the-banker", "Equal totals: the banker wins.",
      (100,), "TS TD 8S 8D", "!banker stick, p1 stick, banker stick"),
    E("pagat-british", "banker-trick-collects-double-pays-pontoon",
      "A banker's five-card trick collects double, but a player's pontoon still wins double.",
      (100, 100), "AS 2H 2C KS 3H 3C 4H 2D 3D 4C 2S 5S",
      "p2 twist, p2 twist, p2 twist, banker twist, banker twist, banker twist"),
    E("pagat-british", "banker-pontoon-at-once",
      "A banker's pontoon is shown at once and collects double from everyone.",
      (100, 50), "AS 9H AD KS 9C QD"),
    E("pagat-british", "banker-21-pays-only-pontoon-and-trick",
      "A banker on 21 collects from 21 (ties to the banker) and pays only pontoons.",
      (100, 100), "5S AH 9D 6S KH 5D TS 7C", "p1 twist, banker twist"),
    E("pagat-british", "banker-bust-pays-double-to-pontoon-and-trick",
      "A bust banker pays pontoons and five-card tricks double.",
      (100, 100), "AS 2H TD KS 3H 6D 2D 4D 3S 9C",
      "p2 twist, p2 twist, p2 twist, banker twist"),
    E("pagat-british", "buy-limits-first-then-previous",
      "The first buy is between the stake and twice it; a later buy is at most the previous.",
      (100,), "2S TD 3S 8D 4H 6H",
      "!p1 buy 250, p1 buy 175, !p1 buy 200, p1 buy 150, p1 stick, banker stick"),
    E("pagat-british", "no-buy-after-twist", "Once a hand has twisted it may not buy.",
      (100,), "2S TD 3S 8D 2H KH", "p1 twist, !p1 buy 100, p1 twist, p1 stick, banker stick"),
    E("pagat-british", "stick-needs-15", "A hand under 15 may not stick.",
      (100,), "TS TD 4S 8D 2H", "!p1 stick, p1 twist, p1 stick, banker stick"),
    E("pagat-stick-16", "stick-needs-16", "The stick-on-16 variation refuses a stick on 15.",
      (100,), "TS TD 5S 8D 2H", "!p1 stick, p1 twist, p1 stick, banker stick"),
    E("pagat-british", "bust-loses-at-once",
      "A bust hand loses at once, even when the banker busts too.",
      (100, 100), "TS TH 6D 5S 9H TD KH 9C", "p1 twist, p2 stick, banker twist"),
    E("pagat-british", "banker-idle-when-every-hand-is-bust",
      "With every hand bust the banker does not play.", (100,), "TS 6D 5S TD KH", "p1 twist"),
    E("pagat-british", "split-same-rank-only", "King and jack are not a pair here.",
      (100,), "KS 5D JS 8D 9C", "!p1 split, p1 stick, banker twist"),
    E("pagat-british", "split-two-kings", "Two kings split; each hand gets its card when played.",
      (100,), "KS 5D KH 8D 9S 7S 9C", "p1 split, p1 stick, p1 stick, banker twist"),
    E("pagat-aces-only-split", "only-aces-split", "The aces-only variation refuses two kings.",
      (100,), "KS 5D KH 8D 9C", "!p1 split, p1 stick, banker twist"),
    E("pagat-british", "split-up-to-four-hands", "Splits and resplits up to four hands.",
      (100,), "8S 5D 8H 9D 8D 8C 9S 9H TS TH",
      "p1 split, p1 split, p1 stick, p1 stick, p1 split, p1 stick, p1 stick, banker stick"),
    E("pagat-british", "split-ace-ten-is-pontoon",
      "An ace and a ten on a split hand is a pontoon here.",
      (100,), "AS 9D AH 8D KS QH", "p1 split, banker stick"),
    E("pagat-british", "two-card-21-is-offered-nothing",
      "A pontoon may not buy or twist (only under 21): the turn passes to the banker.",
      (100,), "AS 9D KS 8D", "!p1 twist, banker stick"),
    E("pagat-british", "banker-decides-by-choice", "The banker may stick or twist by choice.",
      (100,), "TS 5D 9S 8D", "p1 stick, banker stick"),
    # -- casino-ochko ---------------------------------------------------------------------
    E("casino-ochko", "split-ace-king-is-pontoon-2-to-1",
      "An ace and a king on a split hand is a pontoon and pays 2:1 (it may draw; it sticks).",
      (100,), "AS 5D AH 9D KD 9C 3C", "p1 split, p1 stick, p1 stick"),
    E("casino-ochko", "soft-21-of-three-cards-may-double-and-draw",
      "A three-card soft 21 may still twist or double (player.draw_on_21): doubled, it "
      "draws to a five-card hand that pays 2:1 on the doubled stake.",
      (100,), "AS TD 5S 8D 5H 2C 3C", "p1 twist, p1 double, p1 twist"),
    E("casino-ochko", "a-pontoon-may-draw",
      "A two-card pontoon may still twist (hands.definitions.pontoon.may_draw_on), and is then no "
      "longer a pontoon.",
      (100,), "AS TD KS 8D 5C", "p1 twist, p1 stick"),
    E("casino-ochko", "split-to-three-hands",
      "Splits stop at three hands (player.split.max_hands 3), even on a third pair.",
      (100,), "8S 5D 8H 6D 8D 8C 8S TS 5C TC",
      "p1 split, p1 split, !p1 split, p1 stick, p1 stick, !p1 split, p1 stick"),
    E("casino-ochko", "ties-go-to-the-dealer", "Equal totals: the dealer wins.",
      (100,), "TS TD 9S 9D", "p1 stick"),
    E("casino-ochko", "dealer-peeks-for-pontoon",
      "The dealer's pontoon ends the round at once and takes the stake, single.",
      (100,), "AS AD KS KD"),
    E("casino-ochko", "dealer-hits-soft-17", "The dealer draws to a soft 17.",
      (100,), "TS AS 8S 6D 2C", "p1 stick"),
    E("casino-ochko", "double-on-four-cards-makes-a-trick",
      "A double on four cards; the five-card hand pays 2:1 on the doubled stake.",
      (100,), "2S TD 3S 8D 2H 3H 4H", "p1 twist, p1 twist, p1 double"),
    E("casino-ochko", "five-card-trick-pays-2-to-1", "Five cards of 21 or less pay 2:1.",
      (100,), "2S TD 3S 8D 2H 3H 4H", "p1 twist, p1 twist, p1 twist"),
    E("casino-ochko", "double-once-then-keep-drawing",
      "A doubled hand may keep drawing but may not double again.",
      (100,), "2S TD 3S 8D 2H 3H 9C", "p1 double, !p1 double, p1 twist, p1 twist"),
    E("casino-ochko", "split-by-value-queen-king", "A queen and a king split (equal value).",
      (100,), "QS TD KS 8D 9S 8S", "p1 split, p1 stick, p1 stick"),
    E("casino-ochko", "only-one-split-hand-splits-again",
      "Only one of the hands a split makes may split again.",
      (100,), "8S 5D 8H 6D 8D 8C TS TH 2C 5C",
      "p1 split, p1 split, p1 stick, p1 stick, !p1 split, p1 stick"),
    E("casino-ochko", "stick-needs-15", "A hand under 15 may not stick.",
      (100,), "TS TD 4S 8D 5C", "!p1 stick, p1 twist, p1 stick"),
    E("casino-ochko", "bust-loses-even-if-dealer-busts",
      "A bust hand loses even when the dealer busts.",
      (100, 100), "TS TH 6D 5S 9H TD KH 9C", "p1 twist, p2 stick"),
    E("casino-ochko", "no-buying", "There is no buying of cards.",
      (100,), "TS TD 5S 8D 4C", "!p1 buy 100, p1 stick"),
    # -- belarus-ponton ------------------------------------------------------------------
    E("belarus-ponton", "trick-beats-dealer-pontoon-3-to-2",
      "Five cards beat a dealer's pontoon and pay 3:2.",
      (100,), "2S AS 3S 2H 3H 4S KD", "p1 decline, p1 twist, p1 twist, p1 twist"),
    E("belarus-ponton", "fifth-card-is-always-a-twist",
      "Cards may be bought up to the fourth; the fifth is a twist.",
      (100,), "2S 9D 3S 2H 3H 4S 8C", "p1 buy 100, p1 buy 100, !p1 buy 100, p1 twist"),
    E("belarus-ponton", "odd-stake-rounds-down", "3:2 on an odd stake rounds down.",
      (101,), "2S 9D 3S 2H 3H 4S 8C", "p1 twist, p1 twist, p1 twist"),
    E("belarus-ponton", "buy-is-a-fixed-equal-stake", "A buy is exactly the stake.",
      (100,), "2S 9D 3S 2H KD 8C", "!p1 buy 150, p1 buy 100, p1 twist, p1 stick"),
    E("belarus-ponton", "no-buy-after-twist", "A twisted third card closes buying.",
      (100,), "2S 9D 3S 2H 3H 4S 8C", "p1 twist, !p1 buy 100, p1 twist, p1 twist"),
    E("belarus-ponton", "insurance-pays-2-to-1",
      "Insurance of exactly half the stake pays 2:1 on a dealer's pontoon.",
      (100,), "TS AD 9S KD", "!p1 insure 60, !p1 insure 25, p1 insure 50, p1 stick"),
    E("belarus-ponton", "insurance-lost", "Insurance is lost without a dealer's pontoon.",
      (100,), "TS AD 9S 6D", "p1 insure 50, p1 stick"),
    E("belarus-ponton", "even-money-pays-at-once", "A pontoon against an ace takes even money.",
      (100,), "AS AD KS", "p1 even-money"),
    E("belarus-ponton", "pontoon-loses-to-dealer-pontoon",
      "A pontoon loses to the dealer's pontoon.", (100,), "AS AD KS KD", "p1 decline"),
    E("belarus-ponton", "three-of-a-kind-always-wins",
      "Three sevens win whatever the dealer holds.",
      (100,), "7S AD 7H 7D KD", "p1 decline, p1 twist"),
    E("belarus-ponton", "ties-lose", "Equal totals: the dealer wins.",
      (100,), "TS 9D 9S TD", "p1 stick"),
    E("belarus-ponton", "no-stick-minimum", "Any total may stick.",
      (100,), "2S TD 3S 9D", "p1 stick"),
    E("belarus-ponton", "split-aces-one-card-each",
      "Split aces get one card each, and an ace and a ten there is not a pontoon.",
      (100,), "AS 9D AH AD KS 8C", "p1 split"),
    E("belarus-ponton", "dealer-stands-on-soft-17", "The dealer stands on a soft 17.",
      (100,), "TS AD 8S 6C", "p1 decline, p1 stick"),
    # -- blackjack-reference -----------------------------------------------------------
    E("blackjack-reference", "blackjack-pays-3-to-2", "A blackjack pays 3:2.",
      (100,), "AS 9D KS 7D 5C"),
    E("blackjack-reference", "ties-push", "Equal totals push.", (100,), "TS TD 8S 8D", "p1 stick"),
    E("blackjack-reference", "double-takes-one-card", "A double draws exactly one card.",
      (100,), "5S TD 6S 7D 2C", "p1 double"),
    E("blackjack-reference", "peek-with-insurance",
      "Insurance pays 2:1 when the dealer peeks a blackjack.",
      (100,), "TS AD 9S KD", "p1 insure 50"),
    E("blackjack-reference", "dealer-stands-on-soft-17", "The dealer stands on a soft 17.",
      (100,), "TS AD 9S 6D", "p1 decline, p1 stick"),
    E("blackjack-reference", "split-aces-one-card-each", "Split aces take one card each.",
      (100,), "AS 9D AH 8D KS 8C", "p1 split"),
)
"""Every worked example; `export` turns each into a vector."""
