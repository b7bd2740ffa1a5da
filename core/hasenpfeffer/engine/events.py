"""What happened in a game: frozen events, appended to ``Game.events`` and returned by ``apply``.

An *action event* records a decision and carries its :class:`~hasenpfeffer.rules.actions.Action`
(``BidMade``, ``Passed``, ``OrderedUp``, ``TrumpNamed``, ``CardsDiscarded``, ``CardsGiven``,
``DefendedAlone``, ``CardPlayed``); the others follow from the rules (``HandDealt``,
``WidowTaken``, ``MakerForced``, ``TrickWon``, ``HandScored``, ``GameWon``). Records, views,
the replay printout and statistics are built from these, never by applying a rule again.

>>> from hasenpfeffer import Game, Variant
>>> deal = {"dealer": 3, "widow": ["9C"], "hands": [
...     "JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]}
>>> g = Game(Variant(name="x"), deal=deal)
>>> g.apply("0 bid 6")
[BidMade(seat=0, bid='6'), WidowTaken(seat=0, cards=('9C',))]
>>> g.apply("0 trump H")
[TrumpNamed(seat=0, trump='H', alone=False)]
>>> g.apply("0 discard 9C")
[CardsDiscarded(seat=0, cards=('9C',))]
>>> [type(e).__name__ for e in g.events]
['HandDealt', 'BidMade', 'WidowTaken', 'TrumpNamed', 'CardsDiscarded']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.actions import Action
from .view import HandResult


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened."""

    @property
    def action(self) -> Action | None:
        """The decision this event records (None for events that follow from the rules)."""
        return None


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A new hand: the dealer, every seat's cards and the kitty (for order-up the turned card first)."""

    hand: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    kitty: tuple[str, ...]
    turned: str | None = None


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """A bid of the auction."""

    seat: int
    bid: str

    @property
    def action(self) -> Action:
        return Action(self.seat, "bid", self.bid)


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A pass: in the auction, an order-up round, or declining lone defence."""

    seat: int
    phase: str

    @property
    def action(self) -> Action:
        return Action(self.seat, "pass")


@dataclass(frozen=True, slots=True)
class MakerForced(Event):
    """Everybody passed and a player is made maker (``bid`` the bid they must make)."""

    seat: int
    bid: str


@dataclass(frozen=True, slots=True)
class WidowTaken(Event):
    """The maker takes the widow."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OrderedUp(Event):
    """The turned card's suit is made trump (``alone``: the orderer goes alone)."""

    seat: int
    trump: str
    alone: bool = False

    @property
    def action(self) -> Action:
        return Action(self.seat, "order-up", "", self.alone)


@dataclass(frozen=True, slots=True)
class TrumpNamed(Event):
    """The maker names trump (a suit or ``NT``)."""

    seat: int
    trump: str
    alone: bool = False

    @property
    def action(self) -> Action:
        return Action(self.seat, "trump", self.trump, self.alone)


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """Cards laid away (after the widow, or by the dealer who took the turned card)."""

    seat: int
    cards: tuple[str, ...]

    @property
    def action(self) -> Action:
        return Action(self.seat, "discard", self.cards[0])


@dataclass(frozen=True, slots=True)
class CardsGiven(Event):
    """Cards passed in a lone player's exchange with a partner."""

    seat: int
    to: int
    cards: tuple[str, ...]

    @property
    def action(self) -> Action:
        return Action(self.seat, "give", self.cards[0])


@dataclass(frozen=True, slots=True)
class DefendedAlone(Event):
    """A defender goes alone against the makers."""

    seat: int

    @property
    def action(self) -> Action:
        return Action(self.seat, "alone")


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card played to the trick."""

    seat: int
    card: str

    @property
    def action(self) -> Action:
        return Action(self.seat, "play", self.card)


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A trick is complete: who won it, with which card, and why (``"Joker"``, ``"left bower"``...)."""

    winner: int
    card: str
    reason: str
    leader: int
    cards: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """A hand is over (played out, or thrown in): its result, scores included."""

    result: HandResult


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """A side has won the game."""

    side: int
    scores: tuple[int, ...]


HIDDEN = (CardsDiscarded, CardsGiven)
"""Events whose cards only their own seat (and, for a gift, its receiver) may see."""
