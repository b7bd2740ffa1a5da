"""The phase plan: the phases of a hand, in order.

Going on from a phase leads to the next phase of this plan that the variant uses and that is
wanted now; a phase's exits lead elsewhere. Adding a phase is its module and its place here
(docs/engine.md, "Adding a phase").

>>> [str(p.name) for p in PLAN]
['deal', 'weak-hand', 'bidding', 'trump', 'order-up', 'name-trump', 'discard', 'call', 'exchange', 'defence', 'drop-out', 'declare', 'play', 'scoring', 'over']
"""

from __future__ import annotations

from .base import PhaseRules
from .bidding import Bidding
from .call import CallPartner
from .deal import Deal
from .declare import Declare
from .defence import Defence
from .discard import Discard
from .dropout import DropOut
from .exchange import Exchange
from .nametrump import NameTrump
from .orderup import OrderUp
from .over import Over
from .play import Play
from .scoring import Scoring
from .trump import NamingTrump
from .weakhand import WeakHand

PLAN: tuple[PhaseRules, ...] = (
    Deal(),
    WeakHand(),
    Bidding(),
    NamingTrump(),
    OrderUp(),
    NameTrump(),
    Discard(),
    CallPartner(),
    Exchange(),
    Defence(),
    DropOut(),
    Declare(),
    Play(),
    Scoring(),
    Over(),
)
"""Every phase of the package, in the order a hand goes through them."""
