"""A hand's card play reviewed double dummy: at each play, the value of every legal card for
the side to move, the card played and the tricks it cost.

A value is the tricks the side to move takes in the whole hand (those it has already won, and
those it takes from here on with best play by everyone, every hand seen; paranoid beyond two
sides, see :mod:`.solve`). In a contract to take no trick (misère) fewer is better for every
side, a defender's tricks being all the defenders'. Where the leader of the Joker names the
suit to follow, the naming is reviewed too: each suit's value.

>>> from hasenpfeffer import Game, load_variant
>>> deal = {"dealer": 3, "widow": ["9C"], "hands": [
...     "JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]}
>>> g = Game(load_variant("hasenpfeffer"), deal=deal)
>>> for a in ["0 bid 4", "1 pass", "2 pass", "3 pass", "0 trump C", "0 discard 9C",
...           "0 play KH", "1 play QS", "2 play TC", "3 play TH"]:
...     _ = g.apply(a)
>>> r = review(g.variant, g.events[0], [e.action for e in g.events if e.action is not None])
>>> r.first_lead
(3, 3)
>>> [(p.seat, p.card, p.value, p.best, p.cost) for p in r.plays]
[(0, KH, 2, [JK], 1), (1, QS, 3, [JS], 1), (2, TC, 2, [AD, KD, QD, TD, 9D], 1), (3, TH, 4, [TH, 9H], 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..engine.events import HandDealt
from ..engine.game import Game, actual_state
from ..rules.actions import Action, Verb
from ..rules.plan import plan_for
from .deals import hand_game
from .position import misere_side, position
from .solve import Solver

if TYPE_CHECKING:
    from ..format.variant import Variant


class Play(NamedTuple):
    """One play: ``values`` of each legal card (trumps high to low, then each suit), the ``card`` played
    and its ``value``, and ``cost``: the tricks it gave away against the best card; ``fewest``:
    fewer tricks are better (misère); ``verb``: ``play``, or ``suit`` for the suit named after
    a Joker lead (``card`` and ``values`` are then suits)."""

    trick: int
    seat: int
    side: int
    card: str
    values: dict[str, int]
    value: int
    cost: int
    fewest: bool = False
    verb: str = "play"

    @property
    def best(self) -> list[str]:
        """The cards that keep the most (the fewest, in misère)."""
        top = min(self.values.values()) if self.fewest else max(self.values.values())
        return [c for c, v in self.values.items() if v == top]


class HandReview(NamedTuple):
    """A hand's contract, the tricks each side takes with best play from the first lead
    (None when the hand never reached play), and every play reviewed."""

    dealer: int
    maker: int | None
    bid: str | None
    trump: str | None
    alone: bool
    first_lead: tuple[int, ...] | None
    plays: list[Play]
    objective: str | None = None
    """``tricks``, or ``none`` for a contract to take no trick (None: no contract played)."""


def review(
    variant: Variant, dealt: HandDealt, actions: Sequence[Action], solver: Solver | None = None
) -> HandReview:
    """Replay a hand from its deal and review each of its plays."""
    solver = solver or Solver()
    g = hand_game(variant, dealt)
    sides = plan_for(g.rules).side_of
    first: tuple[int, ...] | None = None
    contract: tuple[int | None, str | None, str | None, bool] = (None, None, None, False)
    objective: str | None = None
    plays: list[Play] = []
    for a in actions:
        if g.phase == "play" and a.verb in (Verb.PLAY, Verb.SUIT):
            p = position(g)
            if first is None:
                first = tuple(t + u for t, u in zip(p.taken, solver.tricks(p), strict=True))
                contract = _contract(g)
                objective = "none" if p.misere >= 0 else "tricks"
            side = sides[a.seat]
            won = p.taken[side]
            card: str = a.arg
            if p.calling:
                values: dict[str, int] = {g.rules.suits[s]: won + v for s, v in solver.suits(p).items()}
            else:
                faces = {p.layout.face_of[x]: won + v for x, v in solver.moves(p).items()}
                order = g.rules.sort[p.layout.ti]  # trumps high to low, then each suit
                cards = g.rules.faces
                values = {cards[f]: faces[f] for f in sorted(faces, key=order.__getitem__)}
                card = cards[g.rules.card_id[a.arg]]
            fewest = p.misere >= 0
            best = min(values.values()) if fewest else max(values.values())
            cost = abs(best - values[card])
            trick = len(actual_state(g).tricks) + 1
            plays.append(Play(trick, a.seat, side, card, values, values[card], cost, fewest, a.verb))
        g.apply(a)
    done = g.hand_results[0] if g.hand_results else None
    if first is None and done is not None and not done.thrown_in:  # a declared set, not played
        return HandReview(dealt.dealer, done.maker, done.bid, done.trump, done.alone, None, plays)
    if first is None and g.phase != "play":  # the record stops before the first play, or thrown in
        return HandReview(dealt.dealer, None, None, None, False, None, plays)
    if first is None:
        contract = _contract(g)
        objective = "none" if misere_side(g) is not None else "tricks"
    return HandReview(dealt.dealer, *contract, first, plays, objective)


def _contract(g: Game) -> tuple[int | None, str | None, str | None, bool]:
    """The hand's maker, bid, trump, and whether the maker is alone."""
    public = g.view()
    return public.maker, public.bid, public.trump, public.maker_alone
