"""The phases of a hand, one module each, and the plan that orders them.

Each module declares one phase (:class:`~.base.PhaseRules`): its name, its verbs, whether a
variant uses it, how it is entered, its legal actions and their effects, why an action is
refused, and its exits. :data:`.plan.PLAN` lists them in order; the engine's machine
(:mod:`hasenpfeffer.engine.machine`) is built from these declarations alone.

- :mod:`.deal`: the cards are dealt (a step: no decision);
- :mod:`.weakhand`: a seat dealt a weak hand calls a redeal or swaps with the kitty;
- :mod:`.bidding`, then :mod:`.trump`: the auction, and the winner naming trump;
- :mod:`.orderup`, then :mod:`.nametrump`: order-up's two rounds (with :mod:`.takeover`, a
  partner asked to take the contract just made alone);
- :mod:`.discard`: the maker lays away what the widow brought (or the dealer, after taking the
  turned card);
- :mod:`.call`: the maker calls a card whose holder is the partner for the hand;
- :mod:`.exchange`: a lone player's exchange with the partners who sit out;
- :mod:`.defence`: defenders are offered to go alone;
- :mod:`.dropout`: players other than the maker may drop out for the hand;
- :mod:`.declare`: once trump is made, a seat holding a set of ``scoring.declarations`` shows it
  and scores at once (before play);
- :mod:`.play`: the tricks;
- :mod:`.scoring` (the hand is scored, or thrown in) and :mod:`.over` (a side has won): steps.

This package's own namespace holds only :class:`Phase`, so that the game's state can name
phases without loading the phases.
"""

from .names import Phase

__all__ = ["Phase"]
