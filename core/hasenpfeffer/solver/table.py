"""The double-dummy table of a deal: for each trump, maker, and lone hand or not, the tricks the
makers take with every hand seen, and what that scores.

Each row is played through the engine from the deal: the maker bids the lowest bid (or orders
up, or names trump in round two) while the others pass; the maker takes the widow and, like
the dealer who takes the turned card, discards the cards best for its side (every choice is
searched); a lone maker's exchange with the partner is chosen for the makers too; lone defence
is declined. The contract scored is the bid that scores the makers best with those tricks
(``order-up`` when ordering up); of bids that score alike, the highest made or the lowest
failed.

>>> from hasenpfeffer import Game, load_variant
>>> deal = {"dealer": 3, "widow": ["9C"], "hands": [
...     "JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]}
>>> g = Game(load_variant("hasenpfeffer"), deal=deal)
>>> [r for r in table(g.variant, g.events[0]) if r.trump == "H" and r.maker == 0]
[Row(trump='H', maker=0, alone=False, tricks=6, bid='6', made=True, score=6, score_change=(6, 0)),
 Row(trump='H', maker=0, alone=True, tricks=6, bid='6', made=True, score=12, score_change=(12, 0))]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..engine.events import CardsDiscarded, CardsGiven, Event
from ..engine.scoring import score_hand
from ..rules.actions import Action, Verb
from ..rules.plan import plan_for
from ..rules.ruleset import compile_variant
from .deals import hand_game
from .position import position
from .solve import Solver

if TYPE_CHECKING:
    from ..engine.events import HandDealt
    from ..engine.game import Game
    from ..format.variant import Variant

MAKING = ("bidding", "trump", "order-up", "name-trump")
"""The phases in which trump is made (the maker's choices are scripted)."""


class Row(NamedTuple):
    """One line of the table: ``tricks`` the makers' side takes (paranoid beyond two sides), the
    ``bid`` scored, whether it is ``made``, the makers' ``score`` and, for two sides, the
    ``score_change`` of each."""

    trump: str
    maker: int
    alone: bool
    tricks: int
    bid: str
    made: bool
    score: int
    score_change: tuple[int, ...] | None


def trumps(variant: Variant) -> list[str]:
    """The trumps a maker may name: each suit, and ``NT`` where allowed."""
    return [*variant.pack.suits, *(["NT"] if variant.making.no_trump else [])]


def made_trump(variant: Variant, dealt: HandDealt, trump: str, maker: int, alone: bool) -> Game | None:
    """The hand after ``maker`` made ``trump`` (alone or not), the others passing; None when the
    variant does not let it happen."""
    g = hand_game(variant, dealt)
    bid = False
    while g.phase in MAKING and g.hand_number == 1:
        seat = g.to_move
        legal = g.legal_actions()
        want = Action(seat or 0, Verb.PASS)
        if seat == maker:
            if g.phase == "bidding" and not bid:
                want, bid = next(a for a in legal if a.verb == Verb.BID), True
            elif g.phase in ("trump", "name-trump"):
                want = Action(maker, Verb.TRUMP, trump, alone)
            elif g.phase == "order-up":
                up = Action(maker, Verb.ORDER_UP, "", alone)
                if up in legal:
                    test = g.copy()
                    test.apply(up)
                    if test.view().trump == trump:
                        want = up
        if want not in legal:
            return None
        g.apply(want)
    made = g.view()
    if g.hand_number != 1 or made.maker != maker or made.trump != trump or made.maker_alone != alone:
        return None  # (a hand thrown in as dealt, by a turned Joker that proposes no suit)
    return g


def tricks(g: Game, side: int, solver: Solver, alpha: int, beta: int) -> int:
    """The tricks ``side`` takes from a hand after trump is made: the discards and exchanges
    searched for the side that makes them, lone defence declined, then the play solved
    (fail-soft between ``alpha`` and ``beta``)."""
    if g.phase == "play":
        return solver.bounded(position(g), side, alpha, beta)
    seat = g.to_move
    assert seat is not None
    if g.phase == "defence":
        g = g.copy()
        g.apply(Action(seat, Verb.PASS))
        return tricks(g, side, solver, alpha, beta)
    mine = plan_for(g.rules).side_of[seat] == side
    best = -1 if mine else g.variant.hand_size + 1  # (kept by a dead end: see in_order)
    before = g.events[-1]
    for a in g.legal_actions():
        child = g.copy()
        if not in_order(g.rules.card_id, before, child.apply(a)[0]):
            continue
        v = tricks(child, side, solver, alpha, beta)
        if mine and v > best:
            best, alpha = v, max(alpha, v)
        elif not mine and v < best:
            best, beta = v, min(beta, v)
        if alpha >= beta:
            break
    return best


def in_order(ids: dict[str, int], before: Event, event: Event) -> bool:
    """False for a card laid away or given after another by the same seat (to the same
    seat) that comes earlier in the pack: each set of cards is tried once, in pack order.
    A seat left with no card late enough is a dead end, worth nothing to its side.

    >>> ids = {"9H": 0, "AH": 1}
    >>> in_order(ids, CardsGiven(1, 0, ("AH",)), CardsGiven(1, 0, ("9H",)))
    False
    >>> in_order(ids, CardsGiven(1, 0, ("AH",)), CardsGiven(1, 2, ("9H",)))
    True
    >>> in_order(ids, CardsDiscarded(0, ("9H",)), CardsDiscarded(0, ("AH",)))
    True
    """
    if isinstance(before, CardsDiscarded) and isinstance(event, CardsDiscarded):
        same = before.seat == event.seat
    elif isinstance(before, CardsGiven) and isinstance(event, CardsGiven):
        same = (before.seat, before.to) == (event.seat, event.to)
    else:
        return True
    return not same or ids[event.cards[0]] >= ids[before.cards[0]]


def contract(variant: Variant, maker: int, alone: bool, taken: int) -> tuple[str, bool, tuple[int, ...]]:
    """The bid that scores best for the makers when they take ``taken`` tricks: its name, whether
    it is made, and the score change of each side (the defenders take the other tricks; with more
    than two sides they are not shared out, so only the makers' change is meaningful)."""
    plan = plan_for(compile_variant(variant))
    side = plan.side_of[maker]
    split = [0] * plan.sides
    split[side] = taken
    if plan.sides == 2:
        split[1 - side] = variant.hand_size - taken
    if variant.making.method == "auction":
        bids = [(b.name, b.tricks, b.multiplier) for b in variant.making.auction.ladder]
    else:
        bids = [("order-up", variant.making.order_up.tricks_required, 1)]
    best: tuple[tuple[int, int, bool, int], str, bool, tuple[int, ...]] | None = None
    for name, required, multiplier in bids:
        made, change = score_hand(variant, side, tuple(split), required, multiplier, alone)
        others = max((c for s, c in enumerate(change) if s != side), default=0)
        # the best score; of equal scores, the highest bid made or the lowest failed
        key = (change[side] - others, change[side], made, required if made else -required)
        if best is None or key > best[0]:
            best = (key, name, made, change)
    assert best is not None
    return best[1], best[2], best[3]


def table(variant: Variant, dealt: HandDealt, solver: Solver | None = None) -> list[Row]:
    """Every row the variant allows for the deal of ``dealt``: by trump, then maker, then alone."""
    solver = solver or Solver()
    plan = plan_for(compile_variant(variant))
    rows = []
    for trump in trumps(variant):
        for maker in range(plan.n):
            for alone in (False, True):
                g = made_trump(variant, dealt, trump, maker, alone)
                if g is None:
                    continue
                side = plan.side_of[maker]
                taken = tricks(g, side, solver, -1, variant.hand_size + 1)
                bid, made, change = contract(variant, maker, alone, taken)
                rows.append(
                    Row(
                        trump,
                        maker,
                        alone,
                        taken,
                        bid,
                        made,
                        change[side],
                        change if plan.sides == 2 else None,
                    )
                )
    return rows
