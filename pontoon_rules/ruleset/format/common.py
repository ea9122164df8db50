"""Shared building blocks of the ruleset schema: the base model, enums and odds."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationInfo

from pontoon_rules.text import hidden_characters


class RuleModel(BaseModel):
    """Base of every ruleset model: immutable, unknown fields rejected.

    Validators are built at the first validation, not at import (`defer_build`): a
    command that loads one ruleset builds the one schema it uses, once."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_enum_values=False,
                              defer_build=True)


CONTENTS_KEPT = 512
"""Models whose `content_json` is kept (the last ones asked about)."""

_CONTENTS: dict[int, tuple[BaseModel, str]] = {}


def content_json(model: BaseModel) -> str:
    """`model`'s JSON (`model_dump_json`, without warnings: a copy may hold a list where a
    tuple is declared), the key of the caches by content (the outcome table, a base's
    sentences, the worked rounds, a sheet's view), which ask for it again and again for the
    same objects: dumped once per model object. A model is frozen and its entry holds it,
    so no other object takes its id while it is kept."""
    kept = _CONTENTS.get(id(model))
    if kept is None or kept[0] is not model:
        if len(_CONTENTS) >= CONTENTS_KEPT:
            _CONTENTS.clear()
        kept = _CONTENTS[id(model)] = (model, model.model_dump_json(warnings=False))
    return kept[1]


QUIET = {"suggest": False}
"""Validation context for a caller that reads no error message, only whether data is valid
(the example search's trial flips): checks leave out their costly 'did you mean' hints."""


def suggests(info: ValidationInfo) -> bool:
    """Whether a validator's message should carry its 'did you mean' hint (not under QUIET)."""
    return not (isinstance(info.context, dict) and info.context.get("suggest") is False)


MAX_NAME_LENGTH = 80
"""The longest name a ruleset (or a translation, or a named hand) may have: one line of a
sheet's title."""


def shown_as_written(name: str) -> str:
    """A name whose every character is visible: no control, bidi or zero-width character
    (a ruleset's name, a suit's or a rank's and its letter: `text.hidden_characters`)."""
    hidden = hidden_characters(name)
    if hidden:
        raise ValueError(
            f"a name may not hold {', '.join(hidden)}: it would make the name look like "
            "another one or reorder the text around it")
    return name


TERM_DIGITS = 3
"""The most digits of either term of odds ('999:1') or of a fraction of the stake
([998, 999]): the one bound on every multiplier of a stake, so that a stake times any one
term fits the compiled simulator's 64-bit integers (`AMOUNT_MAX` x 999 < 2**63)."""

TERM_MAX = 10**TERM_DIGITS - 1
"""The largest term of odds or of a fraction (999)."""

AMOUNT_DIGITS = 15
"""The most digits of an amount of money in a ruleset (a stake, a bank): 999 trillion
minor units, a sane number a rule sheet prints on its line, and one that times any one
odds or fraction term fits the simulator's 64-bit integers."""

AMOUNT_MAX = 10**AMOUNT_DIGITS - 1
"""The largest amount of money a ruleset may name, in minor units."""

Odds = Annotated[
    str,
    Field(
        pattern=rf"^[0-9]{{1,{TERM_DIGITS}}}:[1-9][0-9]{{0,{TERM_DIGITS - 1}}}$",
        description="Odds written as 'won:staked', e.g. '1:1' (evens), '3:2', '2:1' (double).",
        examples=["1:1", "3:2", "2:1"],
    ),
]

Term = Annotated[StrictInt, Field(ge=0, le=TERM_MAX)]
"""One term of a fraction of the stake: 0 to 999, as odds' terms."""

StakeFraction = tuple[Term, Term]
"""A part of the stake as (num, den), each term bounded as odds' are (`TERM_MAX`)."""

Amount = Annotated[StrictInt, Field(ge=1, le=AMOUNT_MAX)]
"""An amount of money in minor units: 1 to `AMOUNT_MAX`."""


def odds_fraction(odds: str) -> Fraction:
    """The multiple of the stake that odds such as '3:2' pay (3:2 -> 3/2)."""
    won, staked = odds.split(":")
    return Fraction(int(won), int(staked))


class Rank(StrEnum):
    """A card rank, by its one-letter code (T is the ten)."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"


ALL_RANKS: tuple[Rank, ...] = tuple(Rank)


class Suit(StrEnum):
    """A card suit, by its one-letter code."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


ALL_SUITS: tuple[Suit, ...] = tuple(Suit)


class SuitRule(StrEnum):
    """What a named hand asks of its cards' suits."""

    ANY = "any"
    MIXED = "mixed"
    SUITED = "suited"
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"


class CompareRule(StrEnum):
    """How two hands of the same named kind compare."""

    EQUAL = "equal"
    BY_TOTAL = "by-total"
    LOWER_TOTAL = "lower-total"
    """The lower total wins (Xi dach: of two five-card hands under 21)."""


class AgainstTotal(StrEnum):
    """How a named hand fares against an ordinary hand (`total`) on the other side."""

    RANKING = "ranking"
    BY_TOTAL = "by-total"


class NaturalTakes(StrEnum):
    """What a banker's hand takes from the hands that lose to it, of what they staked.

    It matters where the banker's hand is known only after the players have doubled,
    split or bought (no hole card, no peek): a casino may then take only the original
    bets.
    """

    EVERYTHING = "everything"
    ORIGINAL_BETS = "original-bets"
    BUSTED_PLUS_ONE = "busted-plus-one"


class BankerRole(StrEnum):
    """Who holds the bank."""

    ROTATING = "rotating"
    HOUSE_DEALER = "house-dealer"


class PairRule(StrEnum):
    """What makes two cards a pair that may be split."""

    SAME_RANK = "same-rank"
    SAME_VALUE = "same-value"


class SplitDealOrder(StrEnum):
    """When the hands made by a split receive their second cards."""

    EACH_WHEN_PLAYED = "each-when-played"
    ALL_AT_ONCE = "all-at-once"


class BuyMode(StrEnum):
    """How buying a card (adding to the stake) works."""

    NONE = "none"
    RANGE = "range"
    FIXED = "fixed"


class LaterBuyCap(StrEnum):
    """The most a later buy (fourth or fifth card) may add."""

    PREVIOUS_BUY = "previous-buy"
    """What the card before it cost (the fifth card: the fourth card's price)."""
    FIRST_BUY = "first-buy"
    """What the first bought card cost (the fifth card too: the third card's price)."""
    FIRST_BUY_LIMIT = "first-buy-limit"
    """The first buy's own limit (stakes.first_buy_max)."""


class BankerMode(StrEnum):
    """How the banker decides to draw."""

    BY_CHOICE = "by-choice"
    FIXED_RULE = "fixed-rule"


class TieRule(StrEnum):
    """Who wins when a player's hand equals the banker's."""

    BANKER_WINS = "banker-wins"
    PUSH = "push"


class HandClass(StrEnum):
    """The hand ids every ruleset knows: the classic named hands, `total` and `bust`.

    A ruleset names its own hands (`hands.definitions`), by any id; these four are the
    ids of the classic hands the bundled rulesets define, `total` (an ordinary hand,
    compared by its points) and `bust`. A hand id is a plain string: these members
    compare and hash equal to their values.
    """

    PONTOON = "pontoon"
    FIVE_CARD_TRICK = "five-card-trick"
    THREE_OF_A_KIND = "three-of-a-kind"
    TWENTY_ONE = "twenty-one"
    TOTAL = "total"
    BUST = "bust"


class ShufflePolicy(StrEnum):
    """When the pack is shuffled between deals."""

    EVERY_DEAL = "every-deal"
    AFTER_PONTOON = "after-pontoon"
    PENETRATION = "penetration"


class Cut(StrEnum):
    """Who cuts the pack after it is shuffled (words only: the engine's shuffle is uniformly
    random, and a cut of a uniformly shuffled pack leaves every order as likely)."""

    PLAYER = "player"
    """As is usual: a player, the one on the banker's (or the house dealer's) right where
    play goes to the left (`table.direction`), on the banker's left where it goes to the
    right: the last to play."""
    PLAYER_LEFT = "player-left"
    """The player on the banker's (the house dealer's) left."""
    PLAYER_RIGHT = "player-right"
    """The player on the banker's (the house dealer's) right."""
    DEALER = "dealer"
    """Whoever shuffles (the house dealer, or the banker) cuts too."""
    NOBODY = "nobody"
    """Nobody: a shuffling machine, or an online game's random shuffle."""


class RotationTieBreak(StrEnum):
    """Which pontoon maker takes the bank when several made one."""

    FIRST_IN_PLAY = "first-in-play"
    """The first of them in the order of play (nearest the banker's left when play goes
    to the left, `table.direction`)."""
    LAST_IN_PLAY = "last-in-play"
    """The last of them in the order of play (nearest the banker's other side)."""


class PackRunsOut(StrEnum):
    """What happens when the pack runs out in the middle of a deal."""

    SHUFFLE_DISCARDS = "shuffle-discards"
    NEW_PACK = "new-pack"


class BankerHidden(StrEnum):
    """Which of the banker's dealt cards lie face down (when not all are face up)."""

    LAST = "last"
    FIRST = "first"


class RotationRule(StrEnum):
    """How the bank passes between players."""

    NONE = "none"
    PONTOON_MAKER = "pontoon-maker"


class Status(StrEnum):
    """How firmly a source supports a rule."""

    STATED = "stated"
    IMPLIED = "implied"
    OUR_READING = "our-reading"


class Face(StrEnum):
    """Whether a card lies face up (seen by everyone) or face down (seen by its holder)."""

    FACE_UP = "face-up"
    FACE_DOWN = "face-down"


class PontoonShown(StrEnum):
    """What a player shows when declaring a pontoon before the banker plays."""

    NONE = "none"
    ACE = "ace"
    BOTH = "both"


class DealOrder(StrEnum):
    """How the cards of the deal go round the table."""

    ROUND_BY_ROUND = "round-by-round"
    HAND_BY_HAND = "hand-by-hand"


class ShootLimit(StrEnum):
    """How all shoot bets together compare with the kitty."""

    BELOW_KITTY = "below-kitty"
    UP_TO_KITTY = "up-to-kitty"


class OutcomeResult(StrEnum):
    """How a player hand of one class fares against a banker hand of another."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    BY_TOTAL = "by-total"
