"""A worked example in words: what each hand did, and why it won or lost.

A replayed round (the script contract's JSON, with its transcript) told line by line:
"Player 1 stakes 100, is dealt 6♣ 5♠, twists A♥: …: 20 with 5 cards, five-card trick."
then the banker's line ("draws", "stands", "does not play"), each hand's cause from the
outcome table the engine settled by ("20 beats 18"), what it won or lost, and what players
paid each other. Nothing here is written by hand: every word follows the round."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pontoon_rules.docs.words.amounts import Amount, amount_of
from pontoon_rules.docs.words.example_needs import NOTES, banker_idle, others_bust
from pontoon_rules.docs.words.hands import hand_name
from pontoon_rules.docs.words.i18n import as_unit
from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.docs.words.lacking import gives_whole
from pontoon_rules.docs.words.losing_words import hidden_cause
from pontoon_rules.docs.words.marks import COLON, SEMICOLON, capital, in_parts, listed, stopped
from pontoon_rules.docs.words.opened import opened_against
from pontoon_rules.docs.words.pack_words import rank_letters
from pontoon_rules.docs.words.paid_words import PAID_MESSAGES, paid_in_round, returned_rest
from pontoon_rules.docs.words.values import COUNTED, Gettext, actor_text, card_view
from pontoon_rules.ruleset.format.common import BankerMode, Rank
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.format.points import parse_points, points_text, total_text
from pontoon_rules.ruleset.resolving.outcomes import (
    BUST,
    BY_TOTAL,
    LOSE,
    PUSH,
    TOTAL,
    WIN,
    outcome_table,
)

Ngettext = Callable[[str, str, int], str]

STEPS: dict[str, str] = {
    "stake": _("stakes %(amount)s"),
    "dealt": _("is dealt %(cards)s"),
    "dealt-one": _("is dealt %(card)s"),  # one card: a singular verb (pa «ਮਿਲਦਾ ਹੈ»)
    "twist": _("twists %(cards)s"),
    "buy": _("buys %(cards)s for %(amount)s"),
    "stick": _("sticks"),
    "double": _("doubles and gets %(cards)s"),
    "split": _("splits the pair into two hands"),
    "gets": _("gets %(cards)s"),
    "shoot": _("makes a shoot bet of %(amount)s"),
    "insure": _("insures for %(amount)s"),
    "even-money": _("takes even money"),
    "surrender": _("surrenders"),
    "free-hand": _("takes a free hand"),
    "rescue": _("gives the doubled hand up (a rescue)"),
    "raise": _("raises the stake by %(amount)s"),
    "hide": _("hides the bust"),
    "show": _("shows the bust at once"),
    "business": _("gives up the last %(amount)s buy bets"),
    "pair": _("bets %(amount)s on a pair"),
    "match": _("bets %(amount)s on a match"),
    "draws": _("draws %(cards)s"),
    "stands": _("stands"),
    "kitty": _("puts up a kitty of %(amount)s"),
    "kitty-held": _("has a kitty of %(amount)s on the table"),
    "call-off": _("calls the whole deal off"),
    "open": _("opens the hand of player %(amount)s"),
    "plays-on": _("plays on"),
    "idle": _("does not play"),  # every player bust (`example_needs.banker_idle`)
}
"""Each step of a hand in words (`draws`, `stands`: the banker's own words)."""

TAKES_CARDS = ("dealt", "twist", "buy", "double", "gets", "draws")  # the next cards' steps
OTHERS_HANDS = ("open",)
"""The steps about another seat's hand: where no card comes to the actor after them, the
actor's own total is said before them ("is dealt 6♠ Q♠: 16 with 2 cards; opens the hand of
player 1, sticks"), so that it never reads as that seat's total."""

HAND_ENDS = (("%(total)s with %(count)s card", "%(total)s with %(count)s cards"), (
    "%(total)s with %(count)s card: %(hand)s", "%(total)s with %(count)s cards: %(hand)s"))
WILD = _("%(end)s; %(card)s is wild and counts %(value)s")
"""A hand's end with the wild card it holds (`Narrator._wild`)."""
CAUSES: dict[str, str] = {
    "player-bust": _("%(who)s is bust"),
    "banker-bust": _("the banker is bust"),
    "outright": _("%(hand)s wins whatever the banker holds"),
    "beats": _("%(better)s beats %(worse)s"),
    "stand-off": _("%(hand)s against %(other)s is a stand-off"),
    "equal-banker": _("equal hands go to the banker"),
    "equal-player": _("equal hands go to the player"),
    "equal-push": _("equal hands are a stand-off"),
    "totals-banker": _("equal totals go to the banker"),
    "totals-push": _("equal totals are a stand-off"),
    "surrender": _("%(who)s surrendered"),
    "free-hand": _("%(who)s took a free hand"),
    "rescue": _("%(who)s gave the hand up"),
    "even-money": _("%(who)s took even money"),
    "called-off": _("the banker called the deal off"),
}
MONEY: dict[str, str] = {
    "wins": _("%(who)s wins %(amount)s"),
    "loses": _("%(who)s loses %(amount)s"),
    "even": _("%(who)s gets the stake back"),
}
EXTRAS: dict[str, str] = {
    "hand": _("hand %(number)s"),
    "shoot-wins": _("the shoot bet wins %(amount)s from the kitty"),
    "shoot-loses": _("the shoot bet of %(amount)s goes into the kitty"),
    "insurance-wins": _("the insurance wins %(amount)s"),
    "insurance-loses": _("the insurance of %(amount)s is lost"),
    "side-wins": _("the side bet wins %(amount)s"),
    "side-loses": _("the side bet of %(amount)s is lost"),
    "in-all-wins": _("in all %(who)s wins %(amount)s"),
    "in-all-loses": _("in all %(who)s loses %(amount)s"),
    "in-all-even": _("in all %(who)s neither wins nor loses"),
    "line": _("%(who)s: %(steps)s."),
    "assumed-most": _("The examples take this table's largest stake to be %(amount)s or "
                      "more, so that a kitty of %(amount)s is allowed."),
    "cause": _("%(cause)s: %(money)s."),
    "takes-bank": _("%(who)s takes the bank for the next deal."),
}


@dataclass
class _Step:
    kind: str
    amount: int | None = None
    cards: list[str] = field(default_factory=list)
    hand: int | None = None
    """Which hand of a split seat the step is for (None: before any split)."""


def _cards(cards: list[str], gettext: Gettext, lang: str,
           letters: dict[str, str] | None = None) -> str:
    """The cards as text, each one unit in a language written right to left (`as_unit`)."""
    return " ".join(as_unit(f"{v['rank']}{v['suit']}", lang)
                    for v in (card_view(c, gettext, letters=letters) for c in cards))


def _steps(actor: str, result: dict[str, Any], dealt: int, by_choice: bool = False
           ) -> list[_Step]:
    """The steps of `actor` in the order of the transcript: its decisions, each with the
    cards dealt after it to the same hand (the banker's cards past the deal are draws). A
    banker who draws by choice sticks in the players' word; one bound by a fixed drawing
    rule stands, as the rule's sentence says."""
    steps: list[_Step] = []
    held = 0
    stop = "stick" if by_choice else "stands"
    for event in result.get("transcript", []):
        if event.get("event") == "decision" and event.get("actor") == actor:
            kind, _space, amount = str(event["action"]).partition(" ")
            if actor == "banker":
                kind = {"twist": "draws", "stick": stop, "decline": "plays-on"}.get(kind, kind)
            if _ends_a_double(kind, event, steps):
                continue
            if kind in STEPS:
                steps.append(_Step(kind, int(amount) if amount.isdigit() else None,
                                   hand=event.get("hand")))
        elif event.get("event") == "deal" and str(event.get("to")).split()[0] == actor:
            held += 1
            _deal(steps, event, held, dealt, actor == "banker")
    return steps


def _ends_a_double(kind: str, event: dict[str, Any], steps: list[_Step]) -> bool:
    """Whether a stick closes a doubled hand that may draw no more: the engine asks only
    whether to keep the hand or give it up (a rescue, a redouble), and a reader told the
    player "stands" after "After doubling you get one card and stop" reads an action the
    rules do not offer."""
    return (kind == "stick" and bool(steps) and steps[-1].kind == "double"
            and steps[-1].hand == event.get("hand")
            and not any(str(a).startswith("twist") for a in event.get("legal", ["twist"])))


def _deal(steps: list[_Step], event: dict[str, Any], held: int, dealt: int,
          banker: bool) -> None:
    """Put a dealt card with the step of its hand that takes it (a new one if none)."""
    to = str(event["to"]).split()
    hand = int(to[2]) if len(to) == 3 and to[2].isdigit() else None
    open_steps = [s for s in steps if s.kind in TAKES_CARDS and s.hand == hand]
    if held <= dealt and steps and steps[-1].kind not in TAKES_CARDS:
        open_steps = []  # a card of the deal after a bet on the first (a shoot bet)
    if hand is not None and (not open_steps or steps[-1].hand != hand):
        open_steps = [] if not open_steps or open_steps[-1] is not steps[-1] else open_steps
    if not open_steps or (banker and held > dealt and open_steps[-1].kind == "dealt"):
        kind = "gets" if hand is not None else "dealt" if held <= dealt else "draws"
        steps.append(_Step(kind, hand=hand))
        open_steps = [steps[-1]]
    _in_play_order(steps, open_steps[-1])
    open_steps[-1].cards.append(event["card"])


def _in_play_order(steps: list[_Step], taking: _Step) -> None:
    """Move `taking`, a step still without its card, after the steps decided since it (a
    shoot bet before a fourth card: the engine holds the card back while the bet is offered),
    so the words keep the order of play: "makes a shoot bet of 100, twists 2♠", never the
    card before the bet it was held back for."""
    if not taking.cards and steps[-1] is not taking:
        steps.remove(taking)
        steps.append(taking)


def _trailing_others(steps: list[_Step]) -> int:
    """How many steps at the end of `steps` take the actor no card, at least one of them
    about another seat's hand (`OTHERS_HANDS`), with a step of the actor's own before them:
    the actor's total, the same after them, is said before them."""
    count = 0
    while count < len(steps) - 1 and steps[-1 - count].kind not in TAKES_CARDS:
        count += 1
    while count and steps[-count].kind not in OTHERS_HANDS:
        count -= 1  # the part said after the total begins with another seat's hand
    return count


def _stake_after_first_card(r: Ruleset, steps: list[_Step]) -> tuple[list[_Step], int]:
    """`steps` with the stake's place among them: after the first card dealt where the
    player stakes on seeing it (`deal.stake_after_first_card`: "is dealt 6♦, stakes 100,
    is dealt 5♥"; r49l read "stakes 100, is dealt 6♦" as breaking that rule), else first."""
    if not (r.deal.stake_after_first_card and steps and steps[0].kind == "dealt"
            and steps[0].cards):
        return steps, 0
    first, rest = steps[0].cards[:1], steps[0].cards[1:]
    split = [_Step("dealt", cards=first, hand=steps[0].hand)]
    if rest:
        split.append(_Step("dealt", cards=rest, hand=steps[0].hand))
    return split + steps[1:], 1


def _step_text(step: _Step, gettext: Gettext, buys: list[int], lang: str,
               letters: dict[str, str] | None = None, money: Amount = str) -> str:
    amount = step.amount if step.amount is not None else (buys.pop(0) if step.kind == "buy"
                                                          and buys else None)
    said = "" if amount is None else str(amount) if step.kind in COUNTED else money(amount)
    kind = "dealt-one" if step.kind == "dealt" and len(step.cards) == 1 else step.kind
    cards = _cards(step.cards, gettext, lang, letters) or "—"
    return gettext(STEPS[kind]) % {"cards": cards, "card": cards, "amount": said}


class Narrator:
    """The words for one ruleset in one language."""

    def __init__(self, ruleset: Ruleset, gettext: Gettext, ngettext: Ngettext,
                 lang: str) -> None:
        self.r, self.gettext, self.ngettext, self.lang = ruleset, gettext, ngettext, lang
        self.colon = gettext(COLON)
        self.table = outcome_table(ruleset)
        self.amount = amount_of(ruleset, lang)
        self.free_hand = gives_whole(ruleset)  # the whole stake back: not a surrender (r49w)

    def name(self, hand_class: str) -> str:
        return hand_name(self.r, hand_class, self.gettext, self.lang)

    def hand_end(self, hand: dict[str, Any]) -> str:
        """'21 with 3 cards: twenty-one': the total, the count and the hand's name, but for
        an ordinary total, and for a name that is the total itself (Punjabi and Urdu call
        twenty-one «21»: never '21 with 3 cards: 21')."""
        count, total, cls = len(hand["cards"]), total_text(hand["total"]), hand["class"]
        name = self.name(cls)
        words = {"total": total, "count": count, "hand": name}
        plain = cls == TOTAL or name.strip() == total
        end = self.ngettext(*HAND_ENDS[0 if plain else 1], count) % words
        return self._wild(hand, end)

    def _wild(self, hand: dict[str, Any], end: str) -> str:
        """The hand's end with its one wild card named and valued (Sette e mezzo's matta:
        what it counts here, the total less the other cards); else as it is."""
        pack = self.r.pack
        wild = [c for c in hand["cards"] if c in pack.wild_cards]
        if len(wild) != 1:
            return end
        others = [Rank(c[:-1]) for c in hand["cards"] if c not in pack.wild_cards]
        if Rank.ACE in others and len(pack.ace_values) > 1:
            return end
        value = parse_points(hand["total"]) - sum(pack.value_of(rank) for rank in others)
        return self.gettext(WILD) % {"end": end, "value": points_text(value),
                                     "card": _cards(wild, self.gettext, self.lang,
                                                    rank_letters(self.r, self.lang))}

    def line(self, actor: str, who: str, steps: list[_Step], hands: list[dict[str, Any]],
             stake: int | None) -> str:
        buys = [b for h in hands for b in h.get("stakes", [])[1:]]
        for step in steps:  # a stick on a bust shows it (the other choice hides it)
            held = hands[(step.hand or 1) - 1] if len(hands) >= (step.hand or 1) else None
            if step.kind == "stick" and held is not None and held["class"] == BUST:
                step.kind = "show"
            step.kind = "free-hand" if step.kind == "surrender" and self.free_hand else step.kind
        steps, at = _stake_after_first_card(self.r, steps) if stake else (steps, 0)
        texts = []
        hand = None
        for step in steps:
            text = _step_text(step, self.gettext, buys, self.lang,
                              rank_letters(self.r, self.lang), self.amount)
            if step.hand is not None and step.hand != hand:
                text = self.gettext(EXTRAS['hand']) % {'number': step.hand} + self.colon + text
            hand = step.hand
            texts.append(text)
        if stake:  # where the rules put it: before the cards, or after the first one
            texts.insert(at, self.gettext(STEPS["stake"]) % {"amount": self.amount(stake)})
        ends = [self.hand_end(h) for h in hands]
        trailing = _trailing_others(steps) if len(ends) == 1 else 0  # one total to say first
        text = listed(texts[:len(texts) - trailing], self.gettext)
        if len(ends) == 1:
            text += self.colon + ends[0]
            if trailing:
                text += self.gettext(SEMICOLON) + listed(texts[-trailing:], self.gettext)
        else:
            text += self.gettext(SEMICOLON) + in_parts((
                self.gettext(EXTRAS['hand']) % {'number': i} + self.colon + end
                for i, end in enumerate(ends, 1)), self.gettext)
        return self.gettext(EXTRAS["line"]) % {"who": capital(who), "steps": text}

    def _side(self, hand: dict[str, Any], total: bool) -> str:
        if hand["class"] == TOTAL and total:
            return total_text(hand["total"])
        return self.name(hand["class"])

    def cause(self, who: str, hand: dict[str, Any], banker: dict[str, Any],
              seat: dict[str, Any]) -> str:
        p, b = hand["class"], banker["class"]
        words = {"who": who, "hand": self._side(hand, True), "other": self._side(banker, True)}
        if banker.get("called_off"):
            return self.gettext(CAUSES["called-off"])
        if hand.get("surrendered"):
            return self.gettext(CAUSES["free-hand" if self.free_hand else "surrender"]) % words
        if hand.get("rescued"):
            return self.gettext(CAUSES["rescue"]) % words
        if seat.get("even_money"):
            return self.gettext(CAUSES["even-money"]) % words
        if p == BUST:
            return hidden_cause(self.r, hand, self.gettext) or self.gettext(
                CAUSES["player-bust"]) % words
        cell = self.table.get((p, b))
        if cell is not None and cell.result is WIN and self._outright(p):
            return self.gettext(CAUSES["outright"]) % words  # whatever the banker made
        if b == BUST:
            return self.gettext(CAUSES["banker-bust"]) % words
        if cell is None:
            return ""
        if cell.result is BY_TOTAL and hand["total"] == banker["total"]:
            return self.gettext(CAUSES["totals-push" if cell.tie_push else "totals-banker"])
        if cell.result is BY_TOTAL:
            better, worse = sorted((hand, banker), key=lambda h: -parse_points(h["total"]))
            return self.gettext(CAUSES["beats"]) % {"better": self._side(better, True),
                                                    "worse": self._side(worse, True)}
        if p == b and p != TOTAL:
            key = {WIN: "equal-player", LOSE: "equal-banker", PUSH: "equal-push"}[cell.result]
            return self.gettext(CAUSES[key])
        if cell.result is PUSH:
            return self.gettext(CAUSES["stand-off"]) % words
        better, worse = (hand, banker) if cell.result is WIN else (banker, hand)
        return self.gettext(CAUSES["beats"]) % {"better": self._side(better, True),
                                                "worse": self._side(worse, True)}

    @staticmethod
    def hand_bust(hand: dict[str, Any], banker: dict[str, Any], seat: dict[str, Any]) -> bool:
        """Whether the hand's cause is its own bust (`cause`'s order): a split hand then
        says "hand 1 is bust", not "hand 1: player 1 is bust"."""
        return hand["class"] == BUST and not (
            banker.get("called_off") or hand.get("surrendered") or hand.get("rescued")
            or seat.get("even_money"))

    def _outright(self, hand_class: str) -> bool:
        cells = [c for (p, b), c in self.table.items() if p == hand_class and b != BUST]
        return bool(cells) and all(c.result is WIN for c in cells)

    def money(self, who: str, net: int) -> str:
        key = "wins" if net > 0 else "loses" if net < 0 else "even"
        return self.gettext(MONEY[key]) % {"who": who, "amount": self.amount(abs(net))}

    def outcome(self, who: str, hand: dict[str, Any], banker: dict[str, Any],
                seat: dict[str, Any], subject: str | None = None) -> str:
        text = self.money(who, hand["net"])
        cause = self.cause(subject or who, hand, banker, seat)
        said = self.gettext(EXTRAS["cause"]) % {"cause": cause, "money": text} if cause \
            else stopped(text, self.gettext)
        if more := [e for e in (self._bet("shoot", hand.get("shoot")), returned_rest(
                self.r, hand, banker, self, self.gettext)) if e]:
            said = stopped(in_parts([said[:-1], *more], self.gettext), self.gettext)
        return capital(said)

    def _bet(self, kind: str, bet: dict[str, Any] | None) -> str:
        if not bet or not bet.get("staked"):
            return ""
        net = int(bet["net"])
        key = f"{kind}-wins" if net > 0 else f"{kind}-loses"
        return self.gettext(EXTRAS[key]) % {
            "amount": self.amount(net if net > 0 else int(bet["staked"]))}

    def seat_extras(self, who: str, seat: dict[str, Any]) -> list[str]:
        out = [self._bet("insurance", seat.get("insurance"))]
        out += [self._bet("side", bet) for bet in (seat.get("side_bets") or {}).values()]
        out = [stopped(capital(e), self.gettext) for e in out if e]
        stake_nets = sum(h["net"] for h in seat["hands"])
        if out or len(seat["hands"]) > 1 or stake_nets != seat["net"]:
            net = seat["net"]  # said as a player would, not a signed figure ('ends -200')
            key = "in-all-wins" if net > 0 else "in-all-loses" if net < 0 else "in-all-even"
            out.append(stopped(capital(self.gettext(EXTRAS[key]) % {
                "who": who, "amount": self.amount(abs(net))}), self.gettext))
        return out


def narrate(ruleset: Ruleset, script: dict[str, Any], result: dict[str, Any],
            gettext: Gettext, ngettext: Ngettext, lang: str = "en") -> list[str]:
    """The round in lines: each seat's, the banker's, each hand's outcome and its cause."""
    n = Narrator(ruleset, gettext, ngettext, lang)
    lines, outcomes = [], []
    if script.get("kitty"):  # put up before the deal (the round starts with it), or held
        step = _Step("kitty-held" if script.get("kitty_held") else "kitty", int(script["kitty"]))
        lines.append(gettext(EXTRAS["line"]) % {"who": capital(actor_text("banker", gettext)),
                     "steps": _step_text(step, gettext, [], lang, money=n.amount)})
    opened = opened_against(ruleset, result)
    for i, seat in enumerate(result["seats"]):
        who = actor_text(seat["seat"], gettext)
        steps = _steps(seat["seat"], result, ruleset.deal.player_cards)
        stake = script["stakes"][i] if i < len(script["stakes"]) else None
        lines.append(n.line(seat["seat"], who, steps, seat["hands"], stake))
        banker = opened.get(seat["seat"]) or dict(result["banker"],
                                                  called_off=bool(result.get("called_off")))
        for number, hand in enumerate(seat["hands"], 1):
            label = gettext(EXTRAS["hand"]) % {"number": number}
            if len(seat["hands"]) > 1 and n.hand_bust(hand, banker, seat):
                said = n.outcome(who, hand, banker, seat, subject=label)
            else:
                said = n.outcome(who, hand, banker, seat)
                if len(seat["hands"]) > 1:
                    said = capital(label) + gettext(COLON) + said
            outcomes.append(said)
        outcomes += [*paid_in_round(ruleset, result, i, gettext, n), *n.seat_extras(who, seat)]
    steps = _steps("banker", result, ruleset.deal.banker_cards,
                   ruleset.banker.mode is BankerMode.BY_CHOICE)
    steps += [_Step("idle")] if banker_idle(ruleset, result) else []
    lines.append(n.line("banker", actor_text("banker", gettext), steps, [result["banker"]], None))
    outcomes += others_bust(ruleset, result, gettext)
    if result.get("takes_bank"):  # the rule a session passes the bank by (`_replayed`)
        outcomes.append(capital(gettext(EXTRAS["takes-bank"]) % {
            "who": actor_text(result["takes_bank"], gettext)}))
    return lines + outcomes


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return [*STEPS.values(), *CAUSES.values(), *MONEY.values(), *EXTRAS.values(), WILD, *NOTES,
            *PAID_MESSAGES]


def plural_messages() -> list[tuple[str, str]]:
    """The plural messages defined here (for the catalog)."""
    return list(HAND_ENDS)
