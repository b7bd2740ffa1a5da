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

from typing import NamedTuple, TypeAlias

from ..rules.actions import Action
from .view import HandResult


class HandDealt(NamedTuple):
    """A new hand: the dealer, every seat's cards and the kitty (for order-up the turned card first)."""

    hand: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    kitty: tuple[str, ...]
    turned: str | None = None

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


class BidMade(NamedTuple):
    """A bid of the auction."""

    seat: int
    bid: str

    @property
    def action(self) -> Action:
        return Action(self.seat, "bid", self.bid)


class Passed(NamedTuple):
    """A pass: in the auction, an order-up round, or declining lone defence."""

    seat: int
    phase: str

    @property
    def action(self) -> Action:
        return Action(self.seat, "pass")


class MakerForced(NamedTuple):
    """Everybody passed and a player is made maker (``bid`` the bid they must make)."""

    seat: int
    bid: str

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


class WidowTaken(NamedTuple):
    """The maker takes the widow."""

    seat: int
    cards: tuple[str, ...]

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


class OrderedUp(NamedTuple):
    """The turned card's suit is made trump (``alone``: the orderer goes alone)."""

    seat: int
    trump: str
    alone: bool = False

    @property
    def action(self) -> Action:
        return Action(self.seat, "order-up", "", self.alone)


class TrumpNamed(NamedTuple):
    """The maker names trump (a suit or ``NT``)."""

    seat: int
    trump: str
    alone: bool = False

    @property
    def action(self) -> Action:
        return Action(self.seat, "trump", self.trump, self.alone)


class CardsDiscarded(NamedTuple):
    """Cards laid away (after the widow, or by the dealer who took the turned card)."""

    seat: int
    cards: tuple[str, ...]

    @property
    def action(self) -> Action:
        return Action(self.seat, "discard", self.cards[0])


class CardsGiven(NamedTuple):
    """Cards passed in a lone player's exchange with a partner."""

    seat: int
    to: int
    cards: tuple[str, ...]

    @property
    def action(self) -> Action:
        return Action(self.seat, "give", self.cards[0])


class DefendedAlone(NamedTuple):
    """A defender goes alone against the makers."""

    seat: int

    @property
    def action(self) -> Action:
        return Action(self.seat, "alone")


class CardPlayed(NamedTuple):
    """A card played to the trick."""

    seat: int
    card: str

    @property
    def action(self) -> Action:
        return Action(self.seat, "play", self.card)


class TrickWon(NamedTuple):
    """A trick is complete: who won it, with which card, and why (``"Joker"``, ``"left bower"``...)."""

    winner: int
    card: str
    reason: str
    leader: int
    cards: tuple[tuple[int, str], ...]

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


class HandScored(NamedTuple):
    """A hand is over (played out, or thrown in): its result, scores included."""

    result: HandResult

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


class GameWon(NamedTuple):
    """A side has won the game."""

    side: int
    scores: tuple[int, ...]

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


Event: TypeAlias = (
    HandDealt
    | BidMade
    | Passed
    | MakerForced
    | WidowTaken
    | OrderedUp
    | TrumpNamed
    | CardsDiscarded
    | CardsGiven
    | DefendedAlone
    | CardPlayed
    | TrickWon
    | HandScored
    | GameWon
)
"""Any event."""
ACTION_EVENTS = (
    BidMade,
    Passed,
    OrderedUp,
    TrumpNamed,
    CardsDiscarded,
    CardsGiven,
    DefendedAlone,
    CardPlayed,
)
"""The events that record a decision (their ``action`` is the decision)."""
HIDDEN = (CardsDiscarded, CardsGiven)
"""Events whose cards only their own seat (and, for a gift, its receiver) may see."""
