"""What happened in a game: events, appended to ``Game.events`` and returned by ``apply``,
and the results they carry (:class:`HandResult`, :class:`Trick`).

An *action event* records a decision and carries its :class:`~hasenpfeffer.rules.actions.Action`
(``BidMade``, ``Passed``, ``OrderedUp``, ``TurnedSuitNamed``, ``TrumpNamed``, ``CardsDiscarded``, ``CardsGiven``,
``DefendedAlone``, ``DroppedOut``, ``PartnerCalled``, ``CardPlayed``, ``SuitNamed``; ``Redealt`` and ``CardsSwapped`` unless the
rule made them; ``Declared``); the others follow from the rules (``HandDealt``,
``WidowTaken``, ``MakerForced``, ``TrumpTurned``, ``PassedOut``, ``HandShown``, ``PartnerRevealed``, ``DummyPlayed``,
``DummyTaken``, ``TrickWon``, ``HandScored``, ``GameWon``). Records, views,
the replay printout and statistics are built from these, never by applying a rule again.

>>> from hasenpfeffer import Game, Variant
>>> deal = {"dealer": 3, "widow": ["9C"], "hands": [
...     "JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]}
>>> g = Game(Variant(name="x"), deal=deal)
>>> g.apply("0 bid 6")
[BidMade(seat=0, bid='6'), WidowTaken(seat=0, cards=(9C,))]
>>> g.apply("0 trump H")
[TrumpNamed(seat=0, trump='H', alone=False)]
>>> g.apply("0 discard 9C")
[CardsDiscarded(seat=0, cards=(9C,))]
>>> [type(e).__name__ for e in g.events]
['HandDealt', 'BidMade', 'WidowTaken', 'TrumpNamed', 'CardsDiscarded']

Events are values: immutable, hashable, and equal only to an event of the same type with the
same fields (never to a plain tuple, nor to another type's event with the same fields):

>>> BidMade(0, "6") == BidMade(0, "6"), BidMade(0, "6") == MakerForced(0, "6"), BidMade(0, "6") == (0, "6")
(True, False, False)
>>> len({BidMade(0, "6"), MakerForced(0, "6")})
2
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, TypeAlias, TypeVar

from ..format.cards import Card
from ..rules.actions import Action

T = TypeVar("T", bound=tuple[Any, ...])


def _eq(self: tuple[Any, ...], other: object) -> bool:
    return type(other) is type(self) and tuple.__eq__(self, other)


def _ne(self: tuple[Any, ...], other: object) -> bool:
    return type(other) is not type(self) or tuple.__ne__(self, other)


def _hash(self: tuple[Any, ...]) -> int:
    return hash((type(self), tuple.__hash__(self)))


def value(cls: type[T]) -> type[T]:
    """Make a named tuple class a value type: equal (and hashed) with its type, so that an event
    never equals a plain tuple or an event of another type with the same fields. Making one
    costs what a named tuple costs (the tuple's own constructor is kept)."""
    cls.__eq__ = _eq  # type: ignore[method-assign]
    cls.__ne__ = _ne  # type: ignore[assignment,method-assign]
    cls.__hash__ = _hash  # type: ignore[method-assign]
    return cls


class Trick(NamedTuple):
    """A completed trick: who led, the cards in play order, who won."""

    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand (``thrown_in`` hands have no maker and change no score; a hand
    played without a maker, when all pass or after a turned trump nobody makes, has a ``trump``
    but no maker, and ``made`` None).

    ``maker_side`` is the side of the maker's seat (a team, or the player without
    partnerships), None when there is no maker.
    """

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
    maker_side: int | None = None
    partner: int | None = None
    """The maker's called partner (``partnerships: called``), None where nobody held the called
    card, the maker called none, or partners are not called."""
    second_partner: int | None = None
    """The second partner the maker named (``making.call.two_partners_from``), else None."""


@value
class HandDealt(NamedTuple):
    """A new hand: the dealer, every seat's cards and the kitty (for order-up the turned card first)."""

    hand: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    turned: Card | None = None

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class BidMade(NamedTuple):
    """A bid of the auction."""

    seat: int
    bid: str

    @property
    def action(self) -> Action:
        return Action(self.seat, "bid", self.bid)


@value
class Passed(NamedTuple):
    """A pass: in the auction, an order-up round, or declining lone defence."""

    seat: int
    phase: str

    @property
    def action(self) -> Action:
        return Action(self.seat, "pass")


@value
class MakerForced(NamedTuple):
    """Everybody passed and a player is made maker (``bid`` the bid they must make)."""

    seat: int
    bid: str

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class WidowTaken(NamedTuple):
    """The maker takes the widow."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class OrderedUp(NamedTuple):
    """The turned card's suit is made trump (``alone``: the orderer goes alone)."""

    seat: int
    trump: str
    alone: bool = False

    @property
    def action(self) -> Action:
        return Action(self.seat, "order-up", "", self.alone)


@value
class TrumpTurned(NamedTuple):
    """The turned card's suit is trump at once (``order_up.turned_trump``, dirty clubs): nobody
    orders up, and the dealer (``seat``) is the maker, or nobody is (``turned_trump_maker: nobody``)."""

    seat: int
    trump: str

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class TurnedSuitNamed(NamedTuple):
    """The dealer names the suit a turned Joker proposes (``order_up.turned_joker: dealer-names``)."""

    seat: int
    suit: str

    @property
    def action(self) -> Action:
        return Action(self.seat, "suit", self.suit)


@value
class TrumpNamed(NamedTuple):
    """The maker names trump (a suit or ``NT``)."""

    seat: int
    trump: str
    alone: bool = False

    @property
    def action(self) -> Action:
        return Action(self.seat, "trump", self.trump, self.alone)


@value
class CardsDiscarded(NamedTuple):
    """Cards laid away (after the widow, or by the dealer who took the turned card)."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def action(self) -> Action:
        return Action(self.seat, "discard", str(self.cards[0]))


@value
class CardsGiven(NamedTuple):
    """Cards passed in a lone player's exchange with a partner."""

    seat: int
    to: int
    cards: tuple[Card, ...]

    @property
    def action(self) -> Action:
        return Action(self.seat, "give", str(self.cards[0]))


@value
class DefendedAlone(NamedTuple):
    """A defender goes alone against the makers."""

    seat: int

    @property
    def action(self) -> Action:
        return Action(self.seat, "alone")


@value
class DroppedOut(NamedTuple):
    """A player drops out for the hand once trump is made (``alone.drop_out``): its cards are
    out of play and it scores nothing for the hand."""

    seat: int

    @property
    def action(self) -> Action:
        return Action(self.seat, "drop")


@value
class PartnerCalled(NamedTuple):
    """The maker calls a card (``partnerships: called``): its holder, unknown to the others, is
    the maker's partner for the hand; or names the ``partner`` by seat (``making.call.by:
    seat``), known to all. Both None: the maker calls none and plays alone."""

    seat: int
    card: Card | None
    partner: int | None = None

    @property
    def action(self) -> Action:
        if self.partner is not None:
            return Action(self.seat, "call", str(self.partner))
        if self.card is None:
            return Action(self.seat, "call", "", True)
        return Action(self.seat, "call", str(self.card))


@value
class PartnerRevealed(NamedTuple):
    """The maker's partner is known to all: ``seat`` played the called ``card``."""

    seat: int
    card: Card
    maker: int

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class CardPlayed(NamedTuple):
    """A card played to the trick."""

    seat: int
    card: Card

    @property
    def action(self) -> Action:
        return Action(self.seat, "play", str(self.card))


@value
class SuitNamed(NamedTuple):
    """The leader of the Joker in no-trump names the suit the others must follow."""

    seat: int
    suit: str

    @property
    def action(self) -> Action:
        return Action(self.seat, "suit", self.suit)


@value
class HandShown(NamedTuple):
    """A hand laid open to every seat (an open contract): its cards then."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class DummyTaken(NamedTuple):
    """A dummy (``deal.dummies.play: merged``) taken into ``by``'s hand once trump is made, who
    then lays away as many cards; ``cards``: the dummy's hand, seen by ``by`` alone."""

    seat: int
    by: int
    cards: tuple[Card, ...]

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class DummyPlayed(NamedTuple):
    """A dummy (``deal.dummies``) plays this hand, its cards played by ``by``, its controller;
    ``cards``: its hand laid face up to every seat, where the dummy is exposed (else empty)."""

    seat: int
    by: int
    cards: tuple[Card, ...]

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class Redealt(NamedTuple):
    """A seat's weak hand (``why``: the rule's name) has the hand thrown in to be dealt again
    (``forced``: by the rule, not a decision)."""

    seat: int
    why: str
    forced: bool = False

    @property
    def action(self) -> Action | None:
        return None if self.forced else Action(self.seat, "redeal")


@value
class CardsSwapped(NamedTuple):
    """A seat's weak hand (``why``: the rule's name) gives ``given`` (shown to all) for the
    kitty's hidden cards ``taken`` (seen by the seat alone)."""

    seat: int
    given: tuple[Card, ...]
    taken: tuple[Card, ...]
    why: str
    forced: bool = False

    @property
    def action(self) -> Action | None:
        return None if self.forced else Action(self.seat, "swap")


@value
class Declared(NamedTuple):
    """A seat shows a set of ``scoring.declarations`` (``name``: its name), its ``cards`` seen by
    all, and its side scores ``points`` at once."""

    seat: int
    name: str
    cards: tuple[Card, ...]
    points: int

    @property
    def action(self) -> Action:
        return Action(self.seat, "declare", self.name)


@value
class TrickWon(NamedTuple):
    """A trick is complete: who won it, with which card, and why (``"Joker"``, ``"left bower"``...)."""

    winner: int
    card: Card
    reason: str
    leader: int
    cards: tuple[tuple[int, Card], ...]

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class HandScored(NamedTuple):
    """A hand is over (played out, or thrown in): its result, scores included."""

    result: HandResult

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class PassedOut(NamedTuple):
    """Everyone passed: the hand is played without a maker at ``trump``, each side scoring its
    tricks (``making.all_pass.rule: play``)."""

    trump: str

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


@value
class MatchWon(NamedTuple):
    """A side has won the match (``games``: the games each side won, shut-outs counted as the
    variant says)."""

    side: int
    games: tuple[int, ...]

    @property
    def action(self) -> None:
        """None: this event follows from the rules, it is not a decision."""
        return None


class Termination(StrEnum):
    """Why a game ended: the ``reason`` of :class:`GameWon`, decided with the winner by the
    variant's ``game`` rules (a match's end is :class:`MatchWon`, after its last game's).

    >>> Termination.LOSE_AT, Termination.LOSE_AT.words
    (<Termination.LOSE_AT: 'lose-at'>, 'another side fell to the losing score')
    """

    TARGET = "target"
    """A side reached ``game.target`` (with ``game.must_bid_out``, on a bid it made)."""
    DEFEATED_BID = "defeated-bid"
    """A side reached ``game.target`` on a hand that set the makers, which wins only with
    ``game.must_bid_out`` and ``game.win_by_defeat``."""
    LOSE_AT = "lose-at"
    """A side fell to ``game.lose_at`` or below and lost; the best of the others won."""
    DEALS = "deals"
    """The game's ``game.deals`` were dealt: the higher score won."""
    BARRED = "barred"
    """Every suit was barred after failed contracts (``making.order_up.failed_suit_barred``):
    the higher score won."""
    DECLARED = "declared"
    """A set was declared that wins the game outright (``scoring.declarations[].wins_game``)."""

    @property
    def words(self) -> str:
        """The reason in words, after "won": ``team 0 won: reached the target``."""
        return _TERMINATION_WORDS[self]


_TERMINATION_WORDS = {
    Termination.TARGET: "reached the target",
    Termination.DEFEATED_BID: "reached the target by setting the makers",
    Termination.LOSE_AT: "another side fell to the losing score",
    Termination.DEALS: "had the higher score after the last deal",
    Termination.BARRED: "had the higher score when every suit was barred",
    Termination.DECLARED: "declared a set that wins the game",
}


@value
class GameWon(NamedTuple):
    """A side has won the game, for ``reason``."""

    side: int
    scores: tuple[int, ...]
    reason: Termination

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
    | TrumpTurned
    | TurnedSuitNamed
    | TrumpNamed
    | CardsDiscarded
    | CardsGiven
    | DefendedAlone
    | CardPlayed
    | SuitNamed
    | HandShown
    | DummyPlayed
    | DummyTaken
    | DroppedOut
    | Redealt
    | CardsSwapped
    | Declared
    | TrickWon
    | HandScored
    | GameWon
    | MatchWon
    | PassedOut
    | PartnerCalled
    | PartnerRevealed
)
"""Any event."""
ACTION_EVENTS = (
    BidMade,
    Passed,
    OrderedUp,
    TurnedSuitNamed,
    TrumpNamed,
    CardsDiscarded,
    CardsGiven,
    DefendedAlone,
    CardPlayed,
    SuitNamed,
    Redealt,
    CardsSwapped,
    Declared,
    DroppedOut,
    PartnerCalled,
)
"""The events that record a decision (their ``action`` is the decision)."""
HIDDEN = (CardsDiscarded, CardsGiven)
"""Events whose cards only their own seat (and, for a gift, its receiver) may see."""
