"""Candidate rounds for the example search: seeded stacked shoes and a policy.

Shoes come from templates (a random deal, a pair for the player, an ace for the
banker, small cards for five-card tricks, …) filled from one pack of the cards
both rulesets hold, so every shoe is possible under both packs. The order is
fixed: the same rulesets always give the same candidates.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from pontoon_rules.compare.policy import POLICIES, Policy, is_relevant
from pontoon_rules.engine.round.cards import CARDS_PER_PACK, RANK_CODES, RANK_VALUES, SUIT_CODES
from pontoon_rules.ruleset.format.model import Ruleset

SHOE_LENGTH = 26
"""Cards in a candidate shoe (unused ones are dropped from an example)."""

Positions = dict[int, int]
"""Shoe position -> rank index, fixed by a template."""
Template = Callable[[random.Random, int], Positions]


@dataclass(frozen=True)
class Candidate:
    """One round to try: the seats' stakes, a stacked shoe and the policy that decides."""

    stakes: tuple[int, ...]
    shoe: tuple[int, ...]
    policy: Policy
    template: str
    seed: int
    _hash: int = field(init=False, repr=False, compare=False)
    """The hash, worked out once: the example search looks each candidate up in the outcome
    cache about three times per ruleset played (a shoe of 26 cards and a policy to hash)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.stakes, self.shoe, self.policy,
                                                self.template, self.seed)))

    def __hash__(self) -> int:
        return self._hash


def _ranks(*codes: str) -> list[int]:
    return [RANK_CODES.index(c) for c in codes]


_TENS = _ranks("T", "J", "Q", "K")
_SMALL = _ranks("A", "2", "3", "4", "5")


def _random(rng: random.Random, seats: int) -> Positions:
    return {}


def _pair(rng: random.Random, seats: int) -> Positions:
    rank = rng.randrange(13)
    return {0: rank, seats + 1: rank}


def _ace_pair(rng: random.Random, seats: int) -> Positions:
    return {0: 0, seats + 1: 0, 2 * seats + 1: rng.choice(_TENS)}


def _ten_mix(rng: random.Random, seats: int) -> Positions:
    first, second = rng.sample(_TENS, 2)
    return {0: first, seats + 1: second}


def _pontoon(rng: random.Random, seats: int) -> Positions:
    return {0: 0, seats + 1: rng.choice(_TENS)}


def _banker_ace(rng: random.Random, seats: int) -> Positions:
    return {seats: 0}


def _banker_pontoon(rng: random.Random, seats: int) -> Positions:
    return {seats: 0, 2 * seats + 1: rng.choice(_TENS)}


def _both_pontoon(rng: random.Random, seats: int) -> Positions:
    return {0: 0, seats + 1: rng.choice(_TENS), seats: 0, 2 * seats + 1: rng.choice(_TENS)}


def _banker_soft(rng: random.Random, seats: int) -> Positions:
    return {seats: 0, 2 * seats + 1: RANK_CODES.index("6")}


def _triple(rng: random.Random, seats: int) -> Positions:
    rank = rng.randrange(1, 7)
    return {0: rank, seats + 1: rank, 2 * seats + 1: rank, 2 * seats + 2: rank}


def _four_of_a_kind(rng: random.Random, seats: int) -> Positions:
    rank = rng.randrange(13)
    return {0: rank, seats + 1: rank, 2 * seats + 2: rank, 2 * seats + 3: rank}


def _triple_against_pontoon(rng: random.Random, seats: int) -> Positions:
    rank = rng.randrange(4, 7)
    return {0: rank, seats + 1: rank, 2 * seats + 1: rank, seats: 0,
            2 * seats + 2: rng.choice(_TENS)}


def _split_aces_against_21(rng: random.Random, seats: int) -> Positions:
    five, six = RANK_CODES.index("5"), RANK_CODES.index("6")
    return {0: 0, seats + 1: 0, seats: five, 2 * seats + 1: six,
            2 * seats + 2: rng.choice(_TENS), 2 * seats + 4: rng.choice(_TENS)}


def _small(rng: random.Random, seats: int) -> Positions:
    return {i: rng.choice(_SMALL) for i in range(14)}


def _small_pair(rng: random.Random, seats: int) -> Positions:
    out = _small(rng, seats)
    out[seats + 1] = out[0]
    return out


TEMPLATES: tuple[tuple[str, Template, int], ...] = (
    ("random", _random, 40),
    ("pair", _pair, 12),
    ("ten-mix", _ten_mix, 6),
    ("ace-pair", _ace_pair, 6),
    ("pontoon", _pontoon, 8),
    ("banker-ace", _banker_ace, 10),
    ("banker-pontoon", _banker_pontoon, 6),
    ("both-pontoon", _both_pontoon, 4),
    ("banker-soft-17", _banker_soft, 8),
    ("triple", _triple, 8),
    ("triple-vs-pontoon", _triple_against_pontoon, 4),
    ("four-of-a-kind", _four_of_a_kind, 6),
    ("split-aces-vs-21", _split_aces_against_21, 4),
    ("small", _small, 16),
    ("small-pair", _small_pair, 8),
)
"""Shoe templates in search order, with how many seeded shoes each gives."""


def _soft_two(rng: random.Random, seats: int) -> Positions:
    return {0: 0, seats + 1: rng.randrange(1, 8)}


def _double_twice(rng: random.Random, seats: int) -> Positions:
    five, four, two = RANK_CODES.index("5"), RANK_CODES.index("4"), RANK_CODES.index("2")
    return {0: five, seats + 1: four, 2 * seats + 2: two,
            2 * seats + 3: rng.choice(_ranks("2", "3", "4", "5"))}


FAMILY_TEMPLATES: tuple[tuple[str, Template, int], ...] = (
    ("soft-two", _soft_two, 8),
    ("double-twice", _double_twice, 6),
)
"""Shoes for the casino family's decisions (a soft double, a redouble and its rescue),
tried only where a ruleset has them (`has_family_decisions`), after every other shoe
of the same policy, so comparisons without them search exactly as before."""


def has_family_decisions(rulesets: tuple[Ruleset, ...]) -> bool:
    """Whether a ruleset surrenders, rescues, redoubles or doubles by total or ace low."""
    return any(r.player.surrender.allowed or r.player.double.rescue.allowed
               or r.player.double.totals is not None or r.player.double.aces_count_one
               or r.player.double.times_per_hand > 1 for r in rulesets)


def common_pool(rulesets: tuple[Ruleset, ...]) -> tuple[int, ...]:
    """One copy of each card every ruleset's pack holds (its rank and its suit)."""
    ranks, suits = set(range(13)), set(range(4))
    for r in rulesets:
        ranks &= {RANK_CODES.index(x.value) for x in r.pack.ranks}
        suits &= {SUIT_CODES.index(x.value) for x in r.pack.suits}
    return tuple(c for c in range(CARDS_PER_PACK) if c >> 2 in ranks and c & 3 in suits)


def make_shoe(pool: tuple[int, ...], fixed: Positions,
              rng: random.Random) -> tuple[int, ...] | None:
    """A shoe with the `fixed` ranks at their positions, the rest shuffled from `pool`;
    None where `pool` lacks a fixed rank or is too small to reach a fixed position."""
    length = min(SHOE_LENGTH, len(pool))
    if any(position >= length for position in fixed):
        return None
    left = list(pool)
    rng.shuffle(left)
    placed: dict[int, int] = {}
    for position, rank in sorted(fixed.items()):
        card = next((c for c in left if c >> 2 == rank), None)
        if card is None:
            return None
        left.remove(card)
        placed[position] = card
    shoe = []
    for position in range(length):
        shoe.append(placed[position] if position in placed else left.pop())
    return tuple(shoe)


@cache
def shoes(pool: tuple[int, ...], seats: int, family: bool = False
          ) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """Every template's seeded shoes for `seats` seats: (template, seed, shoe); with
    `family`, the family decisions' templates after them."""
    out = []
    templates = TEMPLATES + (FAMILY_TEMPLATES if family else ())
    for index, (name, template, count) in enumerate(templates):
        for seed in range(count if seats == 1 else max(2, count // 4)):
            rng = random.Random(1000 * index + seed + 7919 * seats)
            fixed = template(rng, seats)
            if all(RANK_VALUES[r] and r in {c >> 2 for c in pool} for r in fixed.values()):
                shoe = make_shoe(pool, fixed, rng)
                if shoe is not None:
                    out.append((name, seed, shoe))
    return tuple(out)


def common_stake(rulesets: tuple[Ruleset, ...], stake: int = 100) -> int:
    """`stake`, moved inside every ruleset's stake limits where it can be."""
    stake = max([stake] + [r.stakes.limits()[0] for r in rulesets])
    highs = [high for r in rulesets if (high := r.stakes.limits()[1]) is not None]
    return min([stake] + highs)


def candidates(rulesets: tuple[Ruleset, ...], stake: int = 100) -> list[Candidate]:
    """The candidate rounds for comparing `rulesets`, in search order.

    One seat first, then two seats; within each, policy by policy (the most natural
    first, skipping those that cannot play differently here), then shoe by shoe in
    template order.
    """
    pool = common_pool(rulesets)
    if len(pool) < 4:
        return []
    stake = common_stake(rulesets, stake)
    family = has_family_decisions(rulesets)
    out: list[Candidate] = []
    for seats in (1, 2):
        if any(r.table.max_players < seats for r in rulesets):
            break
        for policy in (p for p in POLICIES if is_relevant(p, rulesets)):
            for name, seed, shoe in shoes(pool, seats, family):
                out.append(Candidate((stake,) * seats, shoe, policy, name, seed))
    return out
