"""Who beats whom in words, generated from the resolved outcome table alone.

The sentences of a sheet's settlement (the ranking, what wins are paid, equal hands, a banker
who busts, a player who busts, a banker's pontoon at the peek, the exceptions) are written here
from `ruleset.resolving.outcomes.outcome_table`, the table the engine settles by, never from a
field that a later rule overrides (`settlement.ties` beside an exception in
`settlement.outcomes`). Each sentence carries its meaning as `Claim`s: what it says about pairs
of a player's hand and a banker's hand. General sentences (level 0: the ranking, the odds) are
read as overridden by more specific ones (level 1: equal hands, busts, the peek; level 2: the
exceptions, pair by pair). The general sentences are chosen first; every pair of the table where
their claims would mislead a reader is then said as an exception, so that the claims, read so,
give the table back exactly (`expected_cell`). The property test plays random overlays through
the engine and checks each settled hand against these claims.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from pontoon_rules.docs.words import claims as claim_words
from pontoon_rules.docs.words import ranking_sides as sides
from pontoon_rules.docs.words.between_words import banker_naturals_dealt
from pontoon_rules.docs.words.claims import Claim, Pair, Said, cell_says, conflicts, expected_cell
from pontoon_rules.docs.words.family_words import lower_aces_words, peek_words, same_total_words
from pontoon_rules.docs.words.hands import names_or
from pontoon_rules.docs.words.losing_words import losing_exceptions
from pontoon_rules.docs.words.marks import after_colon, either, in_parts, listed, odds, odds_example
from pontoon_rules.docs.words.outright import (
    names_order,
    outright_first,
    outright_then_chain,
)
from pontoon_rules.docs.words.reach import decided_table
from pontoon_rules.docs.words.reading import reading
from pontoon_rules.docs.words.settlement_messages import (
    BOTH_BUST_OPEN,
    EXCEPTIONS_TO,
    HIDDEN_BUST,
    HIDDEN_DEBT,
    HIDDEN_HELD,
    LOWER_ITEMS,
    MESSAGES,
    NATURAL_AT_ONCE,
    ONE_SIDE,
    ORDINARY,
    PAIRS,
    PLAIN_TOTAL,
    TIE_ITEMS,
    banker_bust_words,
    both_bust_open,
    bust_loses,
    hidden_paid,
    natural_shown_words,
)
from pontoon_rules.ruleset.format.common import AgainstTotal, OutcomeResult, odds_fraction
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import (
    BUST,
    BY_TOTAL,
    LOSE,
    PUSH,
    TOTAL,
    WIN,
    OutcomeCell,
    OutcomeTable,
    collect,
    outcome_table,
    payout,
)

Gettext = Callable[[str], str]
__all__ = ["Claim", "Pair", "Said", "cell_says", "conflicts", "expected_cell", "settlement_said"]


def python_messages() -> list[str]:
    """The translatable strings defined here (for the catalog)."""
    return list(MESSAGES)


def _misleads(claims: list[Claim], pair: Pair, cell: OutcomeCell) -> bool:
    said = expected_cell(claims, pair)
    return any(said.get(k) != v for k, v in cell_says(cell).items())


# -- the sentences ------------------------------------------------------------------------
class _Words:
    """The ruleset, its table (`reach.decided`: totals that never cross) and hands' words."""

    def __init__(self, ruleset: Ruleset, gettext: Gettext,
                 name: Callable[[str], str], lang: str = "en") -> None:
        self.r, self.ruleset, self.gettext, self._name = ruleset, ruleset, gettext, name
        self.lang = lang
        self.table: OutcomeTable = decided_table(ruleset, outcome_table(ruleset))

    def said(self, write: Callable[[_Words], Said | None]) -> Said | None:
        """The sentence `write` writes, covering the fields it names (said through the
        outcome table) and, after them, every field its words read (`self.r`: `reading`)."""
        seen: set[str] = set()
        self.r = reading(self.ruleset, seen)
        try:
            found = write(self)
        finally:
            self.r = self.ruleset
        if found is None:
            return None
        return replace(found, paths=tuple(dict.fromkeys([*found.paths, *sorted(seen)])))

    def name(self, hand_id: str) -> str:
        if hand_id == TOTAL:
            return self.gettext(ORDINARY)
        return self._name(hand_id)

    def pairs(self, test: Callable[[str, str], bool]) -> frozenset[Pair]:
        return frozenset(p for p in self.table if test(*p))

    def row(self, player: str, bust: bool = True) -> frozenset[Pair]:
        """The pairs of a player's hand `player` (against a banker's bust too if `bust`)."""
        return frozenset(p for p in self.table if p[0] == player and (bust or p[1] != BUST))

    def column(self, banker: str) -> frozenset[Pair]:
        """The pairs of a banker's hand `banker` against every player's hand but a bust."""
        return frozenset(p for p in self.table if p[1] == banker and p[0] != BUST)


def settlement_said(ruleset: Ruleset, gettext: Gettext, name: Callable[[str], str],
                    lang: str = "en") -> dict[str, Said]:
    """The settlement sentences of `ruleset` by rule key, from its outcome table.

    `name(hand_id)` names a named hand in the sheet's language. Keys: `ranking`, `payouts`,
    `ties`, `banker_bust`, `player_bust`, `banker_pontoon` (left out where the game's deal
    cannot show one), `outcomes` (left out where there is no exception), its words after the
    heading's colon cased as `lang` writes them (`marks.after_colon`)."""
    w = _Words(ruleset, gettext, name, lang)
    said = {s.key: s for s in map(w.said, (_ranking, _payouts, _ties, _banker_bust,
                                           _player_bust, _banker_pontoon)) if s is not None}
    claims = [c for s in said.values() for c in s.claims]
    if (exceptions := w.said(lambda w: _exceptions(w, claims))) is not None:
        said["outcomes"] = exceptions
    return said


def _rank(w: _Words) -> dict[str, int]:
    return {hand_id: i for i, hand_id in enumerate(w.r.hands.ranking)}


def _outright_hands(w: _Words, order: dict[str, int]) -> list[str]:
    """The named hands of a player that win whatever the banker holds although the ranking
    puts a hand the banker can hold above them: the ranking sentence names them as its
    exception, so that no sentence says they lose to a higher hand."""
    winners = [p for p in w.r.hands.ranking if p != TOTAL and sides.wins_whatever(w.table, p)]
    beaten = any(b in order and order[b] < order[p] for p in winners for q, b in w.table
                 if q == p)
    return winners if beaten else []


def _ranking(w: _Words) -> Said:
    outright = _outright_hands(w, _rank(w))
    order = sides.chain_order(w.r, w.table, outright)
    below = w.pairs(lambda p, b: p in order and b in order and order[p] < order[b])
    above = w.pairs(lambda p, b: p in order and b in order and order[p] > order[b]
                    and p not in outright)
    claims = [Claim(below, 0, WIN), Claim(above, 0, LOSE)]
    claims += [Claim(w.row(p, bust=False), 0, WIN) for p in outright]
    if list(w.r.hands.ranking) == [TOTAL]:
        text = w.gettext("Hands rank by total alone: the higher total wins.")
    elif sides.names_only(w.r, outright):
        text = outright_first(w.r, w.gettext, w.name, outright)
        if sides.overlapping(w.r):
            text += " " + names_order(w.gettext, w.name, [h for h in order if h != TOTAL])
    elif outright:
        text = outright_then_chain(w.r, w.gettext, w.name, outright, lambda: _chain(w, order),
                                   list(w.table), {h: n for h, n in _rank(w).items()
                                                   if h != TOTAL})
    else:
        chain = _chain(w, order)
        text = w.gettext("%(chain)s (of two totals the higher wins). A player's hand beats a "
                         "lower banker's hand and loses to a higher one.") % {
            "chain": chain[:1].upper() + chain[1:]}
    for side, (never, held) in sides.one_side_only(w.r).items():
        form, hands = ("never", never) if len(never) <= len(held) else (
            ("only", held) if held else ("none", []))
        if form == "never" and not sides.next_name(w.r, side, never):
            form = "total"
        text += " " + w.gettext(ONE_SIDE[side, form]) % {
            "hands": either([w.name(h) for h in hands], w.gettext) if hands else ""}
    if sides.overlapping(w.r) and not sides.names_only(w.r, outright):
        text += " " + w.gettext("A hand that fits several of these names counts as the "
                                "highest of them.")
    paths = ("hands.ranking", *(f"hands.definitions.{p}.wins_outright" for p in outright))
    return Said("ranking", text, tuple(claims), paths)


def _chain(w: _Words, order: dict[str, int]) -> str:
    """'pontoon beats five-card trick, which beats any other total' (each name as the
    sheet first glosses it, so made only where said)."""
    names = [w.name(h) for h in order]
    chain = w.gettext("%(best)s beats %(next)s") % {"best": names[0], "next": names[1]} \
        if len(names) > 1 else names[0]
    for name in names[2:]:
        chain += w.gettext(", which beats %(next)s") % {"next": name}
    return chain


def _payouts(w: _Words) -> Said:
    claims = [Claim(w.row(h), 0, pays=payout(w.r, h))
              for h in {p for p, _b in w.table if p != BUST}]
    claims += [Claim(w.column(h), 0, collects=collect(w.r, h))
               for h in {b for _p, b in w.table if b != BUST}]
    pays = {c.pays for c in claims if c.pays is not None}
    collects = {c.collects for c in claims if c.collects is not None}
    words = {"pays": odds(payout(w.r, TOTAL), w.gettext),
             "collects": odds(collect(w.r, TOTAL), w.gettext)}
    if len(pays) <= 1 and len(collects) <= 1:
        text = w.gettext("Every winning hand is paid %(pays)s; every losing hand pays the "
                         "banker %(collects)s.") % words
    elif len(collects) <= 1:
        text = w.gettext("A winning hand is paid the odds of its hand (%(example)s), any "
                         "other total %(pays)s; every losing hand pays the banker "
                         "%(collects)s.") % {**words, "example": odds_example(pays, w.gettext)}
    else:
        text = w.gettext("A winning hand is paid the odds of its hand, a losing one pays the "
                         "odds of the banker's hand (%(example)s). Any other total wins "
                         "%(pays)s; the banker's other total collects %(collects)s.") % {
            **words, "example": odds_example(pays | collects, w.gettext)}
    text += losing_exceptions(w.r, w.table, collects, w.gettext)
    hidden = ("settlement.hidden_bust_pays",) if w.r.settlement.hidden_bust_pays else ()
    return Said("payouts", text, tuple(claims), ("settlement.pays", "settlement.collects",
                                                 *hidden))


def _same_against_same(w: _Words, ids: list[str]) -> str:
    """'pontoon against pontoon, five-card trick against five-card trick or two totals'."""
    return either([w.gettext("two ordinary totals") if h == TOTAL else
                   w.gettext("%(hand)s against %(hand)s") % {"hand": w.name(h)} for h in ids],
                  w.gettext)


def _ties(w: _Words) -> Said | None:
    groups: dict[tuple[OutcomeResult, bool | None, bool], list[str]] = {}
    naturals = {h for h, d in w.r.hands.ranked() if d.natural and d.banker_can_hold}
    for hand_id in w.r.hands.ranking:
        cell = w.table.get((hand_id, hand_id))
        # said against itself: the top hand ("beats a lower" leaves it open) and a natural
        # the banker too can hold ('pontoon against pontoon, the player wins', r49h)
        if cell is None or (hand_id not in (TOTAL, w.r.hands.ranking[0], *naturals)
                            and sides.wins_whatever(w.table, hand_id)):
            continue
        tie = cell.tie_push if cell.result is BY_TOTAL else None
        groups.setdefault((cell.result, tie, cell.lower_wins), []).append(hand_id)
    if not groups:
        return None
    items, claims = [], []
    for (result, tie, lower), ids in groups.items():
        message = LOWER_ITEMS[bool(tie)] if lower else TIE_ITEMS[(result, tie)]
        items.append(w.gettext(message) % {"pairs": _same_against_same(w, ids)})
        claims.append(Claim(frozenset((h, h) for h in ids), 1, result, tie,
                            lower_wins=True if lower else None))
    extra, more = same_total_words(w.r, w.table, w.gettext, w.name)
    if any(lower for _result, _tie, lower in groups):
        extra = lower_aces_words(w.r, w.gettext) + extra
    text = w.gettext("Ties: %(items)s.") % {"items": in_parts(items, w.gettext)} + extra
    return Said("ties", text, (*claims, *more), ("settlement.ties",))


def _banker_bust(w: _Words) -> Said | None:
    pairs = w.pairs(lambda p, b: b == BUST and p != BUST)
    cells = [w.table[p] for p in pairs]
    if not cells or any(c.result is not WIN for c in cells):
        return None
    # one player with one hand: the banker plays only a player who has not bust
    alone = w.r.table.max_players == 1 and not w.r.player.split.allowed
    words = banker_bust_words(w.r, alone)
    if all(w.table[(p, b)].pays == payout(w.r, p) for p, b in pairs):
        text = w.gettext(words[False])
        claims = [Claim(frozenset([pair]), 1, WIN, pays=payout(w.r, pair[0])) for pair in pairs]
    else:
        paid = odds_fraction(w.r.settlement.pays)
        text = w.gettext(words[True]) % {"odds": odds(paid, w.gettext)}
        claims = [Claim(pairs, 1, WIN, pays=paid)]
    return Said("banker_bust", text, tuple(claims), ("settlement.banker_bust_pays_by_class",))


def _player_bust(w: _Words) -> Said:
    at_once = w.r.settlement.player_bust_loses_at_once
    both = w.table.get((BUST, BUST))
    rest = w.pairs(lambda p, b: p == BUST and b != BUST)
    claims: tuple[Claim, ...]
    if at_once or both is None or both.result is LOSE:
        most = max((collect(w.r, b) for _p, b in w.table if b != BUST), default=Fraction(1))
        others = any(d.paid_by_players for _h, d in w.r.hands.ranked())  # a bust pays them too
        shown = w.r.faces.bust_shown  # a hidden bust that pays more has its own sentence
        more = most > 1 and (shown or w.r.settlement.hidden_bust_pays is None)
        alone = w.r.table.max_players == 1 and not (
            w.r.player.split.allowed or w.r.banker.draws_when_no_live_hands)
        text = w.gettext(bust_loses(at_once, shown, more, others, alone,
                                    w.r.settlement.hidden_bust_pays is not None))
        if both_bust_open(w.r):
            text += " " + w.gettext(BOTH_BUST_OPEN)
        claims = (Claim(rest | w.pairs(lambda p, b: p == b == BUST), 1, LOSE,
                        collects=Fraction(1)),)
    else:
        text = w.gettext("If you bust, your stake waits for the banker: when the banker busts "
                         "too, it is returned.")
        claims = (Claim(rest, 1, LOSE, collects=Fraction(1)),
                  Claim(frozenset([(BUST, BUST)]), 1, both.result))
    if (hidden := w.r.settlement.hidden_bust_pays) is not None:
        bank = w.r.table.bank
        held = bank.amount is not None and bank.cap.value == "as-it-stands"
        text += " " + w.gettext(HIDDEN_BUST) % hidden_paid(hidden, odds(hidden, w.gettext)) + (
            " " + w.gettext(HIDDEN_HELD) if held else "") + (
            " " + w.gettext(HIDDEN_DEBT) if odds_fraction(hidden) > 1 else "")
    return Said("player_bust", text, claims, ("settlement.player_bust_loses_at_once",
                                             "settlement.hidden_bust_pays"))


def _dealt_hands(w: _Words) -> list[str]:
    """The player's hands that two (or as many as the deal gives) dealt cards can be."""
    n = w.r.deal.player_cards
    out = [TOTAL]
    for hand_id, d in w.r.hands.ranked():
        low, high = d.cards_range
        if d.player_can_hold and low <= n and (high is None or n <= high):
            out.append(hand_id)
    return out


def _banker_pontoon(w: _Words) -> Said | None:
    """A banker's natural in the deal: checked when the banker plays, or shown at once; where
    every hand dealt loses to it at one rate of the outcome table, the sentence says it."""
    naturals = banker_naturals_dealt(w.r)
    if not naturals:
        return None
    paths = ("deal.banker_pontoon_at_once",)
    natural = names_or((w.name(h) for h in naturals), w.gettext)  # each it can be dealt
    renamed = natural != w.gettext("pontoon")  # the game's own name for its natural
    words = {"natural": natural}
    if not w.r.deal.banker_pontoon_at_once:
        return Said("banker_pontoon", w.gettext(NATURAL_AT_ONCE["later", renamed]) % words,
                    (), paths)
    dealt, peek = _dealt_hands(w), peek_words(w.r, w.gettext)
    pairs = w.pairs(lambda p, b: b in naturals and p in dealt)
    rates = {w.table[p].collects for p in pairs}
    lose = all(w.table[p].result is LOSE for p in pairs)
    kind = "settled" if not lose else "rate" if len(rates) == 1 else "collects"
    rate = min(rates) if kind == "rate" else None
    words["odds"] = odds(rate, w.gettext) if rate is not None else ""
    claims = (Claim(pairs, 1, LOSE, collects=rate),) if lose else ()
    return Said("banker_pontoon", w.gettext(natural_shown_words(w.r)[kind, renamed]) % words + peek,
                claims, paths)


def _exceptions(w: _Words, claims: list[Claim]) -> Said | None:
    """Every pair the other sentences would mislead about, said one by one (a hand that
    wins against everything the banker holds in one sentence)."""
    wrong = [pair for pair, cell in w.table.items() if _misleads(claims, pair, cell)]
    if not wrong:
        return None
    texts, said, paths = [], [], {"settlement.outcomes"}
    done: set[Pair] = set()
    outright: list[str] = []  # the hands that win whatever the banker holds, at their odds
    for p in dict.fromkeys(p for p, _b in wrong):
        if p != BUST and sides.wins_whatever(w.table, p) and _blanket_agrees(w, p, claims):
            row = w.row(p, bust=False)
            pays = {w.table[pair].pays for pair in row}
            # a blanket sentence is as general as the ranking (level 0: the two must agree);
            # its own odds are specific (level 2)
            claim = Claim(row, 2, pays=pays.pop() if len(pays) == 1 else None)
            if claim.pays is not None and claim.pays != payout(w.r, p):
                texts.append(w.gettext("A player's %(p)s wins whatever the banker holds, paid "
                                       "%(pays)s.") % {"p": w.name(p),
                                                       "pays": odds(claim.pays, w.gettext)})
                said.append(Claim(row, 0, WIN))
            else:
                outright.append(p)
                if len(outright) == 1:
                    texts.append(OUTRIGHT_PLACE)
                claim = Claim(row, 0, WIN)
            said.append(claim)
            done |= row
            if p in w.r.hands.definitions:
                paths.add(f"hands.definitions.{p}.wins_outright")
    for pair in wrong:
        paths.update(f"hands.definitions.{h}.against_total" for h in pair
                     if (d := w.r.hands.definitions.get(h)) is not None
                     and d.against_total is AgainstTotal.BY_TOTAL)
        if pair in done and not _misleads([*claims, *said], pair, w.table[pair]):
            continue
        text, claim = _pair_sentence(w, pair, w.table[pair], [*claims, *said])
        texts.append(text)
        said.append(claim)
    texts = [_outright_text(w, outright) if t is OUTRIGHT_PLACE else t for t in texts]
    # every sentence here departs from the ranking or the payouts: said so, once, before
    texts[0] = after_colon(texts[0], w.lang)  # the first: "above: a player's"
    texts.insert(0, w.gettext(EXCEPTIONS_TO[claim_words.departs(claims, w.table, wrong)]))
    return Said("outcomes", " ".join(texts), tuple(said), tuple(sorted(paths)))


def _blanket_agrees(w: _Words, p: str, claims: list[Claim]) -> bool:
    """Whether "a player's `p` wins whatever the banker holds" agrees with the ranking's
    sentences (a blanket is as general as they are); where it does not, each pair is said
    as an exception of its own."""
    return not conflicts([*claims, Claim(w.row(p, bust=False), 0, WIN)])


OUTRIGHT_PLACE = "\0"
"""Where the one sentence of the hands that win whatever the banker holds goes."""


def _outright_text(w: _Words, hands: list[str]) -> str:
    """The hands that win whatever the banker holds, at their own odds, in one sentence
    (every named hand a player can hold: said so, without the list)."""
    if len(hands) == 1:
        return w.gettext("A player's %(p)s wins whatever the banker holds.") % {
            "p": w.name(hands[0])}
    named = [h for h, d in w.r.hands.ranked() if d.player_can_hold]
    if len(hands) > 2 and sorted(hands) == sorted(named):
        return w.gettext("Every named hand of a player (each hand the ranking names above any "
                         "other total) wins whatever the banker holds.")
    return w.gettext("Each of these hands of a player wins whatever the banker holds: "
                     "%(hands)s.") % {"hands": listed((w.name(h) for h in hands), w.gettext)}


def _pair_sentence(w: _Words, pair: Pair, cell: OutcomeCell, claims: list[Claim]
                   ) -> tuple[str, Claim]:
    """One pair in words: its result, and its odds where the other sentences do not
    already give them."""
    p, b = pair
    # 'the banker's ordinary total', not 'the banker's any other total'
    words = {h: w.gettext(PLAIN_TOTAL) if x == TOTAL else w.name(x)
             for h, x in (("p", p), ("b", b))}
    pairs = frozenset([pair])
    plain = Claim(pairs, 2, cell.result, cell.tie_push if cell.result is BY_TOTAL else None)
    odds_said = not _misleads([*claims, plain], pair, cell)
    if cell.result is WIN and odds_said:
        return w.gettext(PAIRS["win", False]) % words, plain
    if cell.result is WIN:
        return (w.gettext(PAIRS["win", True]) % {**words, "pays": odds(cell.pays, w.gettext)},
                Claim(pairs, 2, WIN, pays=cell.pays))
    if cell.result is LOSE and odds_said:
        return w.gettext(PAIRS["lose", False]) % words, plain
    if cell.result is LOSE:
        return (w.gettext(PAIRS["lose", True])
                % {**words, "pays": odds(cell.collects, w.gettext)},
                Claim(pairs, 2, LOSE, collects=cell.collects))
    if cell.result is PUSH:
        return w.gettext(PAIRS["push", False]) % words, plain
    return (w.gettext(PAIRS["by-total", cell.tie_push]) % words,
            Claim(pairs, 2, BY_TOTAL, cell.tie_push, pays=cell.pays, collects=cell.collects))
