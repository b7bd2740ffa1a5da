"""What a game tells the outside: finished hands, tricks, and one seat's view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..format.cards import Card
from ..format.variant import Variant
from ..rules.actions import Action
from ..rules.ruleset import compile_variant

HIDDEN_VERBS = frozenset({"discard", "give"})
"""The verbs whose card only the seat that acts sees."""


class Trick(NamedTuple):
    """A completed trick: who led, the cards in play order, who won."""

    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand (``thrown_in`` hands have no maker and change no score)."""

    dealer: int
    maker: int | None
    bid: str | None
    trump: str | None
    alone: bool
    defender_alone: bool
    thrown_in: bool
    forced: bool
    tricks: tuple[int, ...]
    made: bool | None
    score_change: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class View:
    """What one seat may know of the game at this moment."""

    seat: int
    phase: str
    to_move: int | None
    dealer: int
    hand: tuple[Card, ...]
    history: tuple[Action, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    trump: str | None
    maker: int | None
    bid: str | None
    alone: frozenset[int]
    sitting_out: frozenset[int]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    widow: tuple[Card, ...]
    turned: Card | None
    legal: tuple[Action, ...]
    variant: Variant

    @property
    def hand_ids(self) -> tuple[int, ...]:
        """The hand as card ids: places in the variant's compiled faces
        (:attr:`~hasenpfeffer.rules.ruleset.Ruleset.faces`), as the tables of the rules index them."""
        cid = compile_variant(self.variant).cid
        return tuple([cid(c) for c in self.hand])

    @property
    def trick_ids(self) -> tuple[tuple[int, int], ...]:
        """The trick on the table as (seat, card id) pairs (the ids of :attr:`hand_ids`)."""
        cid = compile_variant(self.variant).cid
        return tuple([(s, cid(c)) for s, c in self.trick])

    @property
    def set_aside(self) -> tuple[Action, ...]:
        """This seat's own discards and gifts of the hand, with their cards: the actions that
        the other seats see only the verb of."""
        seat = self.seat
        return tuple(a for a in self.history if a.seat == seat and a.arg and a.verb in HIDDEN_VERBS)
