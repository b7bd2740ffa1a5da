"""Card notation: ranks ``2-9 T J Q K A``, suits ``C D H S``, the Joker ``JK``; the ranks ``11``,
``12`` and ``13`` of bigger packs (six-handed Five Hundred's) rank between the ten and the jack.

Input is forgiving (``10`` for ``T``, lower case, suit symbols); output is
always canonical.

>>> Card.parse("10h")
TH
>>> str(Card.parse("j♦"))
'JD'
>>> str(Card.parse("joker"))
'JK'
>>> Card.parse("12♠"), Card.parse("13h").rank
(12S, '13')
>>> Card.parse("1X")
Traceback (most recent call last):
...
hasenpfeffer.format.cards.CardError: '1X' is not a card: expected a rank (2-9, T, 11-13, J, Q, K, A) and a suit (C, D, H, S), or JK
"""

from __future__ import annotations

from .errors import quote

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A")
"""Every rank the notation knows, low to high (``11``-``13``: the spot cards of bigger packs)."""
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

    >>> parse_rank(10), parse_rank("q"), parse_rank(12)
    ('T', 'Q', '12')
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


class Card(str):
    """A card face: its canonical text (``JH``, ``TD``, the Joker ``JK``), with its rank and suit.

    A card is the text it is written as, so it equals that text and hashes like it (records
    write it as it is, and ``card in {"JH", "JD"}`` holds). ``Card(text)`` reads any accepted
    spelling, as :meth:`parse` does; ``Card(rank, suit)`` builds one from its parts. The
    compiled rules make every face of a variant once
    (:attr:`~hasenpfeffer.rules.ruleset.Ruleset.faces`): events and views hand those out.

    >>> Card("10h"), Card("J", "D"), Card("JH") == "JH", Card("JK").is_joker
    (TH, JD, True, True)
    >>> Card("TH").rank, Card("TH").suit, Card("JK").rank, Card("JK").suit
    ('T', 'H', 'JK', '')
    """

    __slots__ = ()

    def __new__(cls, text: str, suit: str | None = None) -> Card:
        raw = str(text) if suit is None else str(text) + suit
        known = _CANONICAL.get(raw)
        return str.__new__(cls, known if known is not None else _read(text if suit is None else raw))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in any accepted spelling."""
        return cls(text)

    @property
    def rank(self) -> str:
        """``2``-``9``, ``T``, ``11``-``13``, ``J``, ``Q``, ``K``, ``A``, or ``JK`` for the Joker."""
        return JOKER if self == JOKER else self[:-1]

    @property
    def suit(self) -> str:
        """``C``, ``D``, ``H`` or ``S``; empty for the Joker."""
        return "" if self == JOKER else self[-1]

    @property
    def is_joker(self) -> bool:
        """True for the Joker."""
        return self == JOKER

    def __repr__(self) -> str:
        return str.__str__(self)

    def pretty(self) -> str:
        """The card with its suit symbol.

        >>> Card.parse("TH").pretty()
        '10♥'
        """
        if self == JOKER:
            return "🃏"
        rank = "10" if self[0] == "T" else self[:-1]
        return rank + SUIT_SYMBOLS[self[-1]]


_CANONICAL = {r + s: r + s for s in SUITS for r in RANKS} | {JOKER: JOKER}
"""Every card's canonical text, read without parsing."""


def _read(text: str) -> str:
    """The canonical text of a card in any accepted spelling; CardError if it is not one."""
    raw = str(text).strip()
    if raw.upper() in ("JK", "JOKER", "🃏"):
        return JOKER
    if len(raw) >= 2:
        try:
            return parse_rank(raw[:-1]) + parse_suit(raw[-1])
        except CardError:
            pass
    raise CardError(
        f"{quote(repr(text))} is not a card: expected a rank (2-9, T, 11-13, J, Q, K, A) and a suit (C, D, H, S), or JK"
    )


def parse_cards(text: str | list[str]) -> list[Card]:
    """Cards from a list or a space- or comma-separated string.

    >>> parse_cards("JH, 10d 9c")
    [JH, TD, 9C]
    """
    items = text if isinstance(text, list) else text.replace(",", " ").split()
    return [Card.parse(t) for t in items]
