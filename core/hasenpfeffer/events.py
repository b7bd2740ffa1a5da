"""The events of a game, and the results they carry: what ``Game.apply`` returns and
``Game.events`` holds (the same classes as :mod:`hasenpfeffer.engine.events`).

>>> from hasenpfeffer import Game, load_variant
>>> from hasenpfeffer.events import CardPlayed, HandDealt
>>> g = Game(load_variant("euchre"), seed=1)
>>> type(g.events[0]) is HandDealt, CardPlayed(0, "JH") == CardPlayed(0, "JH"), CardPlayed(0, "JH") == (0, "JH")
(True, True, False)
"""

from .engine.events import (
    ACTION_EVENTS,
    HIDDEN,
    BidMade,
    CardPlayed,
    CardsDiscarded,
    CardsGiven,
    CardsSwapped,
    Declared,
    DefendedAlone,
    DroppedOut,
    DummyPlayed,
    DummyTaken,
    Event,
    GameWon,
    HandDealt,
    HandResult,
    HandScored,
    HandShown,
    MakerForced,
    MatchWon,
    OrderedUp,
    PartnerCalled,
    PartnerRevealed,
    Passed,
    PassedOut,
    Redealt,
    SuitNamed,
    Trick,
    TrickWon,
    TrumpNamed,
    TrumpTurned,
    TurnedSuitNamed,
    WidowTaken,
)
from .engine.phases.names import Phase

__all__ = [
    "ACTION_EVENTS",
    "HIDDEN",
    "BidMade",
    "CardPlayed",
    "CardsDiscarded",
    "CardsGiven",
    "CardsSwapped",
    "Declared",
    "DefendedAlone",
    "DroppedOut",
    "DummyPlayed",
    "DummyTaken",
    "Event",
    "GameWon",
    "HandDealt",
    "HandResult",
    "HandScored",
    "HandShown",
    "MakerForced",
    "MatchWon",
    "OrderedUp",
    "PartnerCalled",
    "PartnerRevealed",
    "Passed",
    "PassedOut",
    "Phase",
    "Redealt",
    "SuitNamed",
    "Trick",
    "TrickWon",
    "TrumpNamed",
    "TrumpTurned",
    "TurnedSuitNamed",
    "WidowTaken",
]
