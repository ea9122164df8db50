"""Cards as small integers, and their two-character codes (`AS`, `TD`/`10D`, `KH`).

A card is `rank_index * 4 + suit_index`, ranks in the order A 2 … 9 T J Q K and
suits in the order S H D C, so `card >> 2` is the rank index.
"""

from __future__ import annotations

from pontoon_rules.errors import ScriptError

RANK_CODES = "A23456789TJQK"
SUIT_CODES = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
ACE = 0
CARDS_PER_PACK = 52
"""Card numbers run over a full 52-card pack; a stripped pack leaves some out."""
RANK_WORDS = {"A": "aces", "2": "twos", "3": "threes", "4": "fours", "5": "fives",
              "6": "sixes", "7": "sevens", "8": "eights", "9": "nines", "T": "tens",
              "J": "jacks", "Q": "queens", "K": "kings"}
"""Each rank's name in the plural, for messages."""
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def rank_of(card: int) -> int:
    """The rank index (0 = ace … 12 = king) of `card`."""
    return card >> 2


CODES: tuple[str, ...] = tuple(r + s for r in RANK_CODES for s in SUIT_CODES)


def card_code(card: int) -> str:
    """The two-character code of `card`, e.g. 'KS'."""
    return CODES[card]


def parse_card(code: str) -> int:
    """Parse a card code such as 'AS', 'TD', '10D' or 'kh'.

    Raises:
        ScriptError: the code is not a card.
    """
    text = code.strip().upper() if isinstance(code, str) else ""
    if text.startswith("10"):
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANK_CODES or text[1] not in SUIT_CODES:
        raise ScriptError(
            f"unknown card {code!r}: expected a rank (A 2-9 T/10 J Q K) then a suit (S H D C)"
        )
    return RANK_CODES.index(text[0]) * 4 + SUIT_CODES.index(text[1])


def parse_cards(codes: list[str]) -> list[int]:
    """Parse a list of card codes (see `parse_card`)."""
    return [parse_card(c) for c in codes]


def pretty(card: int) -> str:
    """A card with its suit symbol, e.g. 'K♠' or '10♥'."""
    rank = RANK_CODES[card >> 2]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUIT_CODES[card & 3]]
