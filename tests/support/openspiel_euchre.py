"""OpenSpiel's ``euchre`` in numbers: its card ids and its bidding actions.

Cards are ``rank * 4 + suit`` (ranks 9 T J Q K A, suits C D H S); actions 24 pass, 25-28 name
clubs..spades, 29 alone, 30 with partner.
"""

from __future__ import annotations

RANKS, SUITS = "9TJQKA", "CDHS"
PASS, ALONE, PARTNER = 24, 29, 30


def card_text(c: int) -> str:
    """OpenSpiel card id as our card text."""
    return RANKS[c // 4] + SUITS[c % 4]
