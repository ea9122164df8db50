"""One or two sentences saying what a worked example shows, from a template.

"Under casino-ochko (who wins when hands are equal: banker-wins) p1 holds 19
against the banker's 19 and loses 100; under blackjack-reference (push) p1 breaks
even with the same cards. Changing only this rule in casino-ochko gives
blackjack-reference's result."
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from pontoon_rules.engine.round.results import HandResult, RoundResult, SeatResult
from pontoon_rules.ruleset.format.common import HandClass
from pontoon_rules.ruleset.format.money import Money
from pontoon_rules.ruleset.format.points import total_text
from pontoon_rules.ruleset.resolving.money import money_text

_CLASS_WORDS: dict[str, str] = {
    HandClass.PONTOON: "pontoon",
    HandClass.FIVE_CARD_TRICK: "five-card trick of {total}",
    HandClass.THREE_OF_A_KIND: "three of a kind ({total})",
    HandClass.TWENTY_ONE: "21 in {cards} cards",
    HandClass.TOTAL: "{total}",
    HandClass.BUST: "bust {total}",
}
_ARTICLE = (HandClass.PONTOON, HandClass.FIVE_CARD_TRICK, HandClass.BUST)


def hand_words(cls: str, total: int | Fraction, cards: int, article: bool = True) -> str:
    """A hand in words: 'a pontoon', '19', 'a five-card trick of 17', 'a bust 24'; a hand
    the ruleset names itself by its id ('a five-card-21 (21)')."""
    template = _CLASS_WORDS.get(cls, cls.replace("-", " ") + " ({total})")
    words = template.format(total=total_text(total), cards=cards)
    return f"a {words}" if article and (cls in _ARTICLE or cls not in _CLASS_WORDS) else words


def rule_words(description: str) -> str:
    """A field description as a phrase: no final stop, no 'null for …' aside, lower case."""
    phrase = re.sub(r";\s*null for [^.;]*", "", description.rstrip("."))
    phrase = re.sub(r"\s*\([^)]*=[^)]*\)", "", phrase)
    return phrase[:1].lower() + phrase[1:]


def _hands(seat: SeatResult) -> str:
    words = [hand_words(h.hand_class, h.total, len(h.cards)) for h in seat.hands]
    if len(words) == 1:
        return words[0]
    return "hands of " + ", ".join(words[:-1]) + " and " + words[-1]


def _banker(result: RoundResult) -> str:
    words = hand_words(result.banker_class, result.banker_total, len(result.banker_cards),
                       article=False)
    return words + (", shown at once" if result.ended_early else "")


def money_words(net: int, money: Money | None = None) -> str:
    """'wins 100', 'loses 100' or 'breaks even' (in the ruleset's money where it names one:
    'wins $1')."""
    if net > 0:
        return f"wins {money_text(net, money)}"
    return f"loses {money_text(-net, money)}" if net < 0 else "breaks even"


def _extras(seat: SeatResult, hands: Sequence[HandResult], money: Money | None = None) -> str:
    notes = []
    if seat.even_money:
        notes.append("taking even money")
    if seat.insurance:
        notes.append(f"with {money_text(seat.insurance, money)} on insurance")
    staked = sum(h.staked for h in hands)
    if staked != sum(h.stakes[0] for h in hands if h.stakes):
        notes.append(f"having staked {money_text(staked, money)} in all")
    return (" (" + ", ".join(notes) + ")") if notes else ""


def seat_story(result: RoundResult, seat_index: int, money: Money | None = None) -> str:
    """'p1 holds 19 against the banker's 19 and loses 100'."""
    seat = result.seats[seat_index]
    return (f"{seat.seat} holds {_hands(seat)} against the banker's {_banker(result)}"
            f"{_extras(seat, seat.hands, money)} and {money_words(seat.net, money)}")


def _same_cards(first: RoundResult, second: RoundResult, seat_index: int) -> bool:
    one, two = first.seats[seat_index], second.seats[seat_index]
    return ([h.cards for h in one.hands] == [h.cards for h in two.hands]
            and first.banker_cards == second.banker_cards)


def explain(ids: tuple[str, str], rule: str, texts: tuple[str, str],
            results: tuple[RoundResult, RoundResult], attribution: str,
            money: tuple[Money | None, Money | None] = (None, None)) -> str:
    """The example's explanation: what happens under each ruleset, then the attribution.

    Args:
        ids: the two ruleset ids.
        rule: the field's description (a sentence from the schema).
        texts: the field's value in words under each ruleset.
        results: the round's settlement under each ruleset.
        attribution: the sentence that says how the field was checked.
        money: each ruleset's money (`stakes.money`), that amounts are said in.
    """
    seat = most_changed_seat(*results)
    first = seat_story(results[0], seat, money[0])
    if _same_cards(*results, seat):
        other = results[1].seats[seat]
        second = (f"{other.seat} {money_words(other.net, money[1])} with the same cards"
                  f"{_extras(other, other.hands, money[1])}")
    else:
        second = seat_story(results[1], seat, money[1])
    rule = rule_words(rule)
    return (f"Under {ids[0]} ({rule}: {texts[0]}) {first}; under {ids[1]} ({texts[1]}) "
            f"{second}. {attribution}")


def most_changed_seat(first: RoundResult, second: RoundResult) -> int:
    """The seat whose net differs most between the two results (the first on a tie)."""
    gaps = [abs(a.net - b.net) for a, b in zip(first.seats, second.seats, strict=True)]
    return gaps.index(max(gaps))


def attribution_sentence(base: str, other: str, flipped: Sequence[str], exact: bool) -> str:
    """How the difference was pinned on the field."""
    what = "only this rule"
    if len(flipped) > 1:
        what = f"this rule (with {', '.join(flipped[1:])}, which it needs to be valid)"
    if exact:
        return f"Changing {what} in {base} gives {other}'s result."
    return (f"Changing {what} in {base} changes the result too; other differences also "
            "play a part.")
