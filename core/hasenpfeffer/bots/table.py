"""What the rule-based policies choose a card from: the seat's view of the table, by card id
(:mod:`.policy` builds it; :mod:`.misereplay` reads it too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Table(NamedTuple):
    """What a card is chosen from: ``ti`` the trump option (no-trump: the number of suits),
    ``trick`` the cards on the table (seat, card id); for each effective suit, how many of its
    cards the other players may still hold (``left``) and the strength of the highest (``top``,
    -1 for none); ``hand`` the seat's cards, ``unseen`` the copies of each card the others may
    hold, ``active`` the seats playing the hand, ``misere`` whether the makers must take no
    trick, ``shown`` a hand open to all (its seat and cards) or None, ``voids`` the effective
    suits the maker has shown it holds none of (read in misère only)."""

    seat: int
    ti: int
    maker: int | None
    friends: frozenset[int]
    trick: Sequence[tuple[int, int]]
    left: Sequence[int]
    top: Sequence[int]
    hand: Sequence[int] = ()
    unseen: Sequence[int] = ()
    active: int = 0
    misere: bool = False
    shown: tuple[int, Sequence[int]] | None = None
    voids: frozenset[int] = frozenset()
