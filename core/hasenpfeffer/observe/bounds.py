"""Bounds a learning environment needs: decisions per hand and points per hand.

>>> from hasenpfeffer.format.loader import load_variant
>>> v = load_variant("hasenpfeffer")
>>> making_decisions(v), decisions_per_hand(v), hand_points(v)
(16, 40, (-10, 12))
>>> e = load_variant("euchre")
>>> making_decisions(e), decisions_per_hand(e), hand_points(e), difference_bound(e)
(9, 29, (0, 4), 4)
"""

from __future__ import annotations

import functools
import itertools

from ..engine.machine import phase_spec
from ..engine.scoring import score_hand
from ..format.variant import Bid, Variant
from ..rules import mechanisms as has


@functools.lru_cache(maxsize=64)
def making_decisions(v: Variant) -> int:
    """Most decisions of one hand that are not card plays (bids, passes, trump, discards...)."""
    n = v.players
    states = phase_spec(v)[0]
    auction = v.making.auction
    k = n * ("weak-hand" in states)  # each seat answers a weak hand's offer at most once
    if "bidding" in states:
        bids = len(auction.ladder)
        if auction.style == "one-round":
            k += n
        else:  # each bid after at most n - 1 passes (any number of them again, unless a pass is final)
            k += bids + n if auction.pass_final else bids * n + n
    k += "trump" in states and has.names_trump(v)  # not where every bid names its trump
    k += n * ("order-up" in states) + n * ("name-trump" in states) + has.dealer_names_joker(v)
    if "discard" in states:
        k += v.deal.kitty.size if "bidding" in states else 1  # the widow, or the turned card
        if has.merges_dummies(v):  # the cards of the dummies taken into hand
            k += sum(v.dealt_sizes[q] for q in set(v.deal.dummies.seats))
    if "exchange" in states:
        partners = max(len(team) for team in v.teams) - 1  # a lone maker's, and a lone defender's
        k += 4 * v.alone.exchange.cards * partners
    k += n * ("defence" in states)
    k += n * ("declare" in states)  # each seat in play answers a declaration's offer at most once
    k += (n - 1) * ("drop-out" in states)  # each player but the maker answers once
    k += "call" in states  # the maker calls a partner
    return k


def decisions_per_hand(v: Variant) -> int:
    """Most decisions of one hand: the making of trump, every card played, and the suit named
    after each Joker led where its leader names one.

    >>> from hasenpfeffer.format.loader import load_variant
    >>> f = load_variant("five-hundred")
    >>> making_decisions(f), decisions_per_hand(f)
    (34, 75)
    """
    return making_decisions(v) + v.players * v.hand_size + v.pack.jokers * has.joker_names_suit(v)


def _outcomes(v: Variant) -> list[tuple[int, ...]]:
    """Every score change per side a hand can give (an over-approximation where rules exclude some)."""
    sides = len(v.teams)
    tricks_in_hand = v.tricks_per_hand
    contracts: list[tuple[int, int, Bid | None]]
    if has.auction(v):
        contracts = [(b.tricks, b.multiplier, b) for b in v.making.auction.ladder]
    else:
        contracts = [(v.making.order_up.tricks_required, 1, None)]
    partners = v.partnerships == "alternate"
    # a maker goes alone by an action (partners sit out, or a dummy stays untaken), or plays
    # alone where nobody holds the called card
    lone = (False, True) if has.may_go_alone(v) or v.calling is not None else (False,)
    defended = (False, True) if partners and v.alone.lone_defence else (False,)
    out = []
    for required, multiplier, bid in contracts:
        alones = (True,) if bid is not None and bid.alone else lone  # a contract played alone
        for taken in range(tricks_in_hand + 1):
            rest = tricks_in_hand - taken
            splits = [(taken, rest)] if sides == 2 else [(taken, d, rest - d) for d in range(rest + 1)]
            for split in splits:
                tricks = (*split, *[0] * (sides - len(split)))
                for alone, def_alone, forced in itertools.product(alones, defended, (False, True)):
                    _, change = score_hand(v, 0, tricks, required, multiplier, alone, def_alone, forced, bid)
                    out.append(change)
    for d in v.scoring.declarations:  # a set shown scores its holder's side at once
        out.append((d.points, *[0] * (sides - 1)))
    return out


@functools.lru_cache(maxsize=64)
def hand_points(v: Variant) -> tuple[int, int]:
    """The lowest and highest score change of one side in one hand."""
    changes = [c for change in _outcomes(v) for c in change]
    return min(0, *changes), max(0, *changes)


@functools.lru_cache(maxsize=64)
def difference_bound(v: Variant) -> int:
    """With two sides: the largest difference between their score changes in one hand."""
    return max(abs(c[0] - c[1]) for c in _outcomes(v)) if len(v.teams) == 2 else 0
