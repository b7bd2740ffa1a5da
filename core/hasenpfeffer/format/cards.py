"""Card notation: ranks ``2-9 T J Q K A``, suits ``C D H S``, the Joker ``JK``.

Input is forgiving (``10`` for ``T``, lower case, suit symbols); output is
always canonical.

>>> Card.parse("10h")
Card(rank='T', suit='H')
>>> str(Card.parse("j♦"))
'JD'
>>> str(Card.parse("joker"))
'JK'
>>> Card.parse("1X")
Traceback (most recent call last):
...
hasenpfeffer.format.cards.CardError: '1X' is not a card: expected a rank (2-9, T, J, Q, K, A) and a suit (C, D, H, S), or JK
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import quote

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
"""Every rank the notation knows, low to high."""
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
"""Clubs, diamonds, hearts, spades."""
JOKER = "JK"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RED_SUITS = frozenset({"D", "H"})

_SUIT_ALIASES = {s: s for s in SUITS} | {v: k for k, v in SUIT_SYMBOLS.items()}
_SUIT_ALIASES |= {"♧": "C", "♢": "D", "♡": "H", "♤": "S"}
_RANK_ALIASES = {r: r for r in RANKS} | {"10": "T"}


class CardError(ValueError):
    """Text that is not a card, rank or suit in the notation."""


def parse_rank(text: str | int) -> str:
    """Canonical rank from ``9``, ``"10"``, ``"t"``...

    >>> parse_rank(10), parse_rank("q")
    ('T', 'Q')
    """
    key = str(text).strip().upper()
    try:
        return _RANK_ALIASES[key]
    except KeyError:
        raise CardError(
            f"{quote(repr(text))} is not a rank: expected one of {' '.join(RANKS)} (or 10)"
        ) from None


def parse_suit(text: str) -> str:
    """Canonical suit from ``"h"``, ``"♥"``...

    >>> parse_suit("♠")
    'S'
    """
    key = str(text).strip().upper()
    try:
        return _SUIT_ALIASES[key]
    except KeyError:
        raise CardError(f"{quote(repr(text))} is not a suit: expected one of C D H S (or ♣ ♦ ♥ ♠)") from None


def same_colour(a: str, b: str) -> bool:
    """True when two suits share a colour.

    >>> same_colour("H", "D"), same_colour("H", "S")
    (True, False)
    """
    return (a in RED_SUITS) == (b in RED_SUITS)


class Card(NamedTuple):
    """A card face. The Joker has rank ``JK`` and an empty suit."""

    rank: str
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in any accepted spelling."""
        raw = str(text).strip()
        up = raw.upper()
        if up in ("JK", "JOKER", "🃏"):
            return cls(JOKER, "")
        if len(raw) >= 2:
            try:
                return cls(parse_rank(raw[:-1]), parse_suit(raw[-1]))
            except CardError:
                pass
        raise CardError(
            f"{quote(repr(text))} is not a card: expected a rank (2-9, T, J, Q, K, A) and a suit (C, D, H, S), or JK"
        )

    @property
    def is_joker(self) -> bool:
        """True for the Joker."""
        return self.rank == JOKER

    def __str__(self) -> str:
        return self.rank + self.suit

    def pretty(self) -> str:
        """The card with its suit symbol.

        >>> Card.parse("TH").pretty()
        '10♥'
        """
        if self.is_joker:
            return "🃏"
        rank = "10" if self.rank == "T" else self.rank
        return rank + SUIT_SYMBOLS[self.suit]


def parse_cards(text: str | list[str]) -> list[Card]:
    """Cards from a list or a space- or comma-separated string.

    >>> [str(c) for c in parse_cards("JH, 10d 9c")]
    ['JH', 'TD', '9C']
    """
    items = text if isinstance(text, list) else text.replace(",", " ").split()
    return [Card.parse(t) for t in items]
