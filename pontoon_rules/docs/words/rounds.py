"""Sample rounds found by the engine: seeded deals played by the automatic policies.

A rule sheet shows one or two of them as worked examples. They are found by
playing seeded rounds under the ruleset itself (no ruleset is special-cased) and
kept as round scripts, so every example shown can be replayed with
`pontoon-rules play --script`.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pontoon_rules.docs.words.showings import (
    Showing,
    Shows,
    returned,
    shoot_lost,
    showings,
    takes_part,
)
from pontoon_rules.engine.round.actions import (
    BUY,
    DOUBLE,
    HIDE,
    INSURE,
    PAIR,
    RAISE,
    RESCUE,
    SHOOT,
    SPLIT,
    SURRENDER,
    Action,
    LegalAction,
)
from pontoon_rules.engine.round.cards import parse_cards
from pontoon_rules.engine.round.hand import points
from pontoon_rules.engine.round.phase import BANKER, Phase
from pontoon_rules.engine.round.policies import automatic
from pontoon_rules.engine.round.results import RoundResult
from pontoon_rules.engine.round.rules import Rules, compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.record import record_round
from pontoon_rules.engine.scripts.script import play
from pontoon_rules.errors import PontoonError
from pontoon_rules.ruleset.format.common import content_json
from pontoon_rules.ruleset.format.model import Ruleset

STAKE = 100
"""The stake an example round uses when the ruleset's limits allow it."""
SEARCH_LIMIT = 400

Wanted = Callable[[RoundResult], bool]


class ExampleError(PontoonError):
    """The engine could not play an example round under a ruleset (named in the message)."""


def _player_wins_special(result: RoundResult) -> bool:
    hand = result.seats[0].hands[0]
    return hand.net > 0 and hand.hand_class != "total"


def _player_buys_and_loses(result: RoundResult) -> bool:
    hand = result.seats[0].hands[0]
    return hand.net < 0 and len(hand.cards) >= 3


WANTED: tuple[Wanted, ...] = (_player_wins_special, _player_buys_and_loses)
"""The two rounds a ruleset page shows: a special hand that wins, a drawn hand that loses."""


@dataclass(frozen=True)
class Teaching:
    """A special rule of a game shown by a worked example: when the game has it, the
    decision word the example's player takes, and when the player prefers it."""

    key: str
    has: Callable[[Ruleset], bool]
    word: str
    prefer: Callable[[RoundState, int], bool]
    first: str | None = None
    """A decision taken, where it is open and `first_prefer` holds, before `word`: a
    rescue's double (and a redouble where the game has one), so one example shows both."""
    first_prefer: Callable[[RoundState, int], bool] = lambda s, p: False
    shown: Shows = lambda ruleset, result: True
    """What the example's replayed round should show as well, where a round within the
    search does (a pair bet that wins, a hidden bust against a banker who busts too)."""
    only_shown: bool = False
    """No example where no round shows `shown` (a buy whose bet a banker's hand returns:
    a round of a plain buy is the "buy" example's)."""


def _points(state: RoundState) -> int:
    seat = state.seats[state.seat_cursor]
    return points(seat.hands[state.hand_cursor], state.rules)


TEACHING: tuple[Teaching, ...] = (
    Teaching("shoot", lambda r: r.shoot.enabled, SHOOT, lambda s, p: True, shown=shoot_lost),
    Teaching("buy", lambda r: r.stakes.buy.value != "none", BUY, lambda s, p: p < 15),
    Teaching("double", lambda r: r.player.double.allowed, DOUBLE,
             lambda s, p: 9 <= p <= 11),
    Teaching("split", lambda r: r.player.split.allowed, SPLIT, lambda s, p: True),
    Teaching("insurance", lambda r: r.player.insurance.allowed, INSURE, lambda s, p: True),
    Teaching("surrender", lambda r: r.player.surrender.allowed, SURRENDER,
             lambda s, p: 15 <= p <= 16),
    Teaching("raise", lambda r: bool(r.stakes.raise_up_to), RAISE,
             lambda s, p: _unraised(s) and s.rules.bust_limit - 3 * s.rules.unit <= p),
    Teaching("rescue", lambda r: r.player.double.allowed and r.player.double.rescue.allowed,
             RESCUE, lambda s, p: 12 <= p <= 16, first=DOUBLE,
             first_prefer=lambda s, p: 9 <= p <= 11 and _doubles(s) < _doubles_shown(
                 s.rules.ruleset)),
    Teaching("hide", lambda r: r.settlement.hidden_bust_pays is not None, HIDE,
             lambda s, p: True, shown=lambda r, res: res["banker"]["class"] == "bust"),
    Teaching("buy-returned", lambda r: r.stakes.buy.value != "none" and takes_part(r), BUY,
             lambda s, p: p < 15, shown=returned, only_shown=True),
    Teaching("pair", lambda r: r.side_bets.pair.allowed, PAIR, lambda s, p: True,
             shown=lambda r, res: any(b.get("net", 0) > 0 for b in (
                 res["seats"][0].get("side_bets") or {}).values())),
)
"""The special rules a sheet shows in a worked example each, where the game has them."""


def _doubles(state: RoundState) -> int:
    return state.seats[state.seat_cursor].hands[state.hand_cursor].doubles


def _doubles_shown(ruleset: Ruleset) -> int:
    """How many doubles a rescue's example takes: two (a redouble) where a hand may."""
    return 2 if ruleset.player.double.times_per_hand > 1 else 1


def _unraised(state: RoundState) -> bool:
    return not state.seats[state.seat_cursor].hands[state.hand_cursor].raised


def _amount(option: LegalAction, state: RoundState, word: str) -> int | None:
    """The amount an example takes: the most insurance, half the stake on a shoot bet,
    a raise or a buy of the stake once more (a buy of 1 on a stake of 100, where any
    amount is open, reads as a misprint), each inside what is open."""
    if option.low is None:
        return None
    if word == INSURE:
        return option.high
    if word in (RAISE, BUY, PAIR):
        stake = state.seats[state.seat_cursor].hands[0].stakes[0]
        return min(max(stake, option.low), option.high or option.low)
    if word == SHOOT:
        half = state.seats[state.seat_cursor].hands[0].stakes[0] // 2
        return min(max(half, option.low), option.high or option.low)
    return option.low


def _preferring(teaching: Teaching) -> Callable[[RoundState], Action]:
    """The automatic play, but taking `teaching`'s decision whenever it is open and the
    player prefers it (the highest insurance, a buy of the stake once more)."""
    def decide(state: RoundState) -> Action:
        if state.current_player() != BANKER:
            legal = state.legal_actions()
            first = next((o for o in legal if o.kind == teaching.first), None)
            if first is not None and teaching.first_prefer(state, _points(state)):
                amount = _amount(first, state, first.kind)
                return Action(first.kind, amount) if amount is not None else Action(first.kind)
            option = next((o for o in legal if o.kind == teaching.word), None)
            if option is not None and (state.phase in (Phase.INSURANCE, Phase.SHOOT)
                                       or teaching.prefer(state, _points(state))):
                amount = _amount(option, state, teaching.word)
                return Action(option.kind, amount) if amount is not None else Action(
                    option.kind)
        return automatic(state)
    return decide


def example_stake(ruleset: Ruleset, wanted: int = STAKE) -> int:
    """`wanted`, moved inside the ruleset's stake limits (min_stake, max_stake)."""
    low, high = ruleset.stakes.limits()
    stake = max(wanted, low)
    if high is not None:
        stake = min(stake, high)
    return stake


def example_kitty(ruleset: Ruleset) -> int | None:
    """The kitty an example round of Shoot Pontoon puts up (twice the stake, inside the
    stake limits where the kitty must be), else None."""
    if not ruleset.shoot.enabled:
        return None
    wanted = 2 * example_stake(ruleset)
    return example_stake(ruleset, wanted) if ruleset.shoot.kitty_within_stake_limits \
        else wanted


def _seeded_round(rules: Rules, rng: random.Random,
                  decide: Callable[[RoundState], Action] = automatic, seats: int = 1
                  ) -> dict[str, Any]:
    """One round of seeded play under `rules` (compiled once by the search that plays
    hundreds: compiling is most of a round's time) with `seats` players, as its script."""
    ruleset = rules.ruleset
    return record_round(rules, [example_stake(ruleset)] * seats, rng, decide,
                        kitty=example_kitty(ruleset))


def replay(ruleset: Ruleset, script: dict[str, Any]) -> dict[str, Any]:
    """Replay `script` under `ruleset`: the contract's JSON (seats, banker, transcript)."""
    return _replayed(compiled(ruleset), script)


def _replayed(rules: Rules, script: dict[str, Any]) -> dict[str, Any]:
    """`replay` under rules already compiled, with `takes_bank` ("p1") where a seat takes
    the bank for the next deal (`engine.round.rotation`), for the example to say so."""
    run = play(rules, list(script["stakes"]), parse_cards(script["shoe"]),
               list(script["actions"]), script.get("kitty"))
    out = run.to_json()
    if run.takes_bank is not None:
        out["takes_bank"] = out["seats"][run.takes_bank]["seat"]
    return out


_FOUND: dict[str, tuple[str, ...]] = {}
_FOUND_LOCK = threading.Lock()
FOUND_KEPT = 256
"""The most rulesets each search's rounds are kept for (the oldest go first; more than a
site build plays, every bundled ruleset and example overlay): a workbench
analyses a new draft at each change."""


T = TypeVar("T")


def kept(cache: dict[str, T], ruleset: Ruleset, make: Callable[[Ruleset], T],
         part: str = "", name: str | None = None) -> T:
    """`make(ruleset)`, once per ruleset content (and `part`: what else `make` reads, a
    language); at most `FOUND_KEPT` kept, the oldest going first (a long-lived process,
    the workbench, sees many drafts, from several threads). `name`: a name of the
    content the caller has already (a hash: one name, one content), which spares dumping
    the ruleset for the key (a cost table's 3,400 variants, each said once)."""
    content = f"named:{name}" if name is not None else content_json(ruleset)
    key = f"{part}|{content}" if part else content
    with _FOUND_LOCK:
        if key in cache:
            return cache[key]
    made = make(ruleset)
    with _FOUND_LOCK:
        while len(cache) >= FOUND_KEPT:
            cache.pop(next(iter(cache)))
        cache[key] = made
    return made


def _found_once(cache: dict[str, tuple[str, ...]], ruleset: Ruleset,
                search: Callable[[Ruleset], tuple[str, ...]]) -> tuple[str, ...]:
    """`search(ruleset)`, once per ruleset content; a ruleset whose rounds cannot be played
    is an `ExampleError` naming it."""
    def searched(r: Ruleset) -> tuple[str, ...]:
        try:
            return search(r)
        except PontoonError as e:
            raise ExampleError(f"ruleset {r.id!r}: cannot play an example round: "
                               f"{e}") from e

    return kept(cache, ruleset, searched)


_COMPILED: dict[str, Rules] = {}


def compiled(ruleset: Ruleset) -> Rules:
    """`ruleset`'s rules, compiled once per ruleset content for all the searches, replays
    and tellings of its worked examples (kept as `_FOUND` keeps the rounds found)."""
    return kept(_COMPILED, ruleset, compile_rules)


def _sample_scripts(ruleset: Ruleset) -> tuple[str, ...]:
    return _found_once(_FOUND, ruleset, _search)


def _search(ruleset: Ruleset) -> tuple[str, ...]:
    rng = random.Random(f"sheet:{ruleset.id}")
    rules = compiled(ruleset)
    found: dict[int, dict[str, Any]] = {}
    for _ in range(SEARCH_LIMIT):
        script = _seeded_round(rules, rng)
        result = _result(rules, script)
        for i, wanted in enumerate(WANTED):
            if i not in found and wanted(result) and reads_naturally(_replayed(rules, script)):
                found[i] = script
        if len(found) == len(WANTED):
            break
    return tuple(json.dumps(found[i]) for i in sorted(found))


def reads_naturally(result: dict[str, Any]) -> bool:
    """Whether no card shows twice in a round (its replayed JSON): with several packs the
    same card may well come again, but on a sheet a player's 7♠ 4♠ and then 7♠ on the
    double reads as a misprint, so the searches pass such a round by for the next one."""
    shown = [c for seat in result["seats"] for hand in seat["hands"] for c in hand["cards"]]
    shown += result["banker"]["cards"]
    return len(shown) == len(set(shown))


def _result(rules: Rules, script: dict[str, Any]) -> RoundResult:
    return play(rules, script["stakes"], parse_cards(script["shoe"]),
                script["actions"], script.get("kitty")).result


def _takes(script: dict[str, Any], word: str) -> bool:
    return any(a.split()[:2] == ["p1", word] for a in script["actions"])


def _took_first(ruleset: Ruleset, script: dict[str, Any], teaching: Teaching) -> bool:
    """Whether player 1 took `teaching.first` as often as the example shows it: a double
    before a rescue twice where the game lets a hand double again (a redouble)."""
    if teaching.first is None:
        return True
    wanted = _doubles_shown(ruleset) if teaching.first == DOUBLE else 1
    actions: list[str] = script["actions"]
    return sum(a.split()[:2] == ["p1", teaching.first] for a in actions) >= wanted


def _teaching_search(ruleset: Ruleset) -> tuple[str, ...]:
    """One round for each special rule of the game (`TEACHING`) where player 1 takes
    that decision, found by seeded play."""
    found = []
    rules = compiled(ruleset)
    for teaching in (t for t in TEACHING if t.has(ruleset)):
        rng = random.Random(f"sheet:{ruleset.id}:{teaching.key}")
        taken: list[dict[str, Any]] = []  # the first round taking it, where none shows more
        for _ in range(SEARCH_LIMIT):
            script = _seeded_round(rules, rng, _preferring(teaching))
            if not (_takes(script, teaching.word) and _took_first(ruleset, script, teaching)):
                continue
            result = _replayed(rules, script)
            if reads_naturally(result):
                taken = taken or ([] if teaching.only_shown else [script])
                if teaching.shown(ruleset, result):
                    taken = [script]
                    break
        found += [json.dumps(s) for s in taken]
    return tuple(found)


_TAUGHT: dict[str, tuple[str, ...]] = {}
_SHOWN: dict[str, tuple[str, ...]] = {}
SHOWING_LIMIT = 2500
"""How many seeded rounds are played looking for the game's own rules (`showings`)."""
MAX_EXAMPLES = 8
"""The most worked examples a sheet shows: the game's own rules fill the room the others
leave, in order (a sheet stays within its pages: a ninth, with the home bank's own chapter,
took Spanish 21's Russian sheet to three pages; Filipino Pontoon's buy bets returned and
pair bet then leave out its five-card 21 round, whose rule the ranking shows)."""


def _showing_search(ruleset: Ruleset) -> tuple[str, ...]:
    """Rounds showing each rule of the game's own (`showings.showings`: its own named
    hands, a wild card, aces by the hand's cards, an opened hand, a call-off) that no
    round before them shows, found by seeded automatic play (with two players for a rule
    between players, `Showing.seats`); a round showing several counts once, and no more
    than `MAX_EXAMPLES` in all: of the rounds found until they fill that room, those of the
    first showings (`_chosen`). A rule no round within `SHOWING_LIMIT` shows gets none."""
    classic = [r["result"] for r in sample_rounds(ruleset)]
    rules = compiled(ruleset)
    before = classic + [
        _replayed(rules, json.loads(s)) for s in _found_once(_TAUGHT, ruleset, _teaching_search)]
    wanted = [s for s in showings(ruleset) if len(before) < s.room
              and not any(s.shows(ruleset, r) for r in before)]
    firsts: list[tuple[Showing, int, dict[str, Any]]] = []  # each's first round, found when
    room = MAX_EXAMPLES - len(before)
    for seats in sorted({s.seats for s in wanted}):
        rng = random.Random(f"sheet:{ruleset.id}:own" + (f":{seats}" if seats > 1 else ""))
        group = [s for s in wanted if s.seats == seats]
        for i in range(SHOWING_LIMIT):
            if not group or len({id(f[2]) for f in firsts}) >= room:
                break  # as many rounds as there is room for: the first showings' are chosen
            script = _seeded_round(rules, rng, seats=seats)
            result = _replayed(rules, script)
            shown = [s for s in group if s.shows(ruleset, result)] \
                if reads_naturally(result) else []
            firsts += [(s, i, script) for s in shown]
            group = [s for s in group if s not in shown]
    return _chosen(wanted, firsts, room, len(before))

def _chosen(wanted: list[Showing], firsts: list[tuple[Showing, int, dict[str, Any]]],
            room: int, before: int) -> tuple[str, ...]:
    """The rounds of `firsts` (each showing's first round, the round's number in its
    search) that show the first showings of `wanted` (in its order: a game's own hands and
    rules before the family's), a round showing several counted once, at most `room`, each
    only where fewer than its `chosen_room` come before it (`before` the sheet's others),
    in the order found."""
    chosen: list[tuple[int, int, dict[str, Any]]] = []
    for showing in wanted:
        for s, i, script in firsts:
            most = room if s.chosen_room is None else min(room, s.chosen_room - before)
            if s is showing and len(chosen) < most \
                    and all(c[2] is not script for c in chosen):
                chosen.append((len(script["stakes"]), i, script))
    return tuple(json.dumps(c[2]) for c in sorted(chosen, key=lambda c: c[:2]))


def teaching_rounds(ruleset: Ruleset) -> list[dict[str, Any]]:
    """The worked examples of a sheet: a special hand that wins, one round for each
    special rule of the game (a shoot bet, a buy, a double, a split, insurance, a
    surrender, a raise), one for each rule of the game's own no other shows (`showings`),
    then a drawn hand that loses; each a script and its replayed result."""
    classic = sample_rounds(ruleset)
    scripts = _found_once(_TAUGHT, ruleset, _teaching_search) + _found_once(
        _SHOWN, ruleset, _showing_search)
    rules = compiled(ruleset)
    taught = [{"script": s, "result": _replayed(rules, s)} for s in map(json.loads, scripts)]
    return classic[:1] + taught + classic[1:]


def sample_rounds(ruleset: Ruleset) -> list[dict[str, Any]]:
    """One or two illustrative rounds under `ruleset`: each a script and its replayed result."""
    rounds = []
    scripts = _sample_scripts(ruleset)  # a ruleset no round plays under: its ExampleError
    rules = compiled(ruleset)
    for text in scripts:
        script = json.loads(text)
        rounds.append({"script": script, "result": _replayed(rules, script)})
    return rounds
