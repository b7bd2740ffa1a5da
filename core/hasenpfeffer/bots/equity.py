"""The chance of winning the game from a score: what a hand's points are worth at this moment.

A point is not always worth a point: at 9-9 in euchre any made hand wins, at 8 a march does
what a lone march would, and a side about to lose must gamble. :class:`Equity` gives, for a
two-side variant, the chance that each side goes on to win from any scores with any seat
dealing next. It is computed once per variant from a sample of hands played by greedy bots
(what a hand tends to score, by the dealer's side) and the variant's own end of the game
(:func:`~hasenpfeffer.engine.scoring.game_winner`): the chance of winning from a position is
the mean, over the sample's hand outcomes, of the chance from the position each leads to.

>>> from hasenpfeffer import load_variant
>>> eq = equity_for(load_variant("euchre"))
>>> round(eq.win((0, 0), dealer=0, side=0) + eq.win((0, 0), dealer=0, side=1), 6)
1.0
>>> eq.win((9, 0), dealer=0, side=0) > eq.win((0, 9), dealer=0, side=0)
True
>>> eq.after((9, 8), (1, 0), maker_side=0, made=True, dealer=0, side=0)  # the game is won
1.0
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ..engine.game import Game
from ..engine.scoring import game_winner
from ..format.variant import Variant
from ..rules.plan import plan_for
from ..rules.ruleset import compile_variant
from .greedy import GreedyBot

HANDS = 600
"""Hands of greedy self-play sampled for the distribution of a hand's outcome."""
SEED = 7
"""The sample's seed: the table of a variant is the same in every process."""
SWEEPS = 200
"""At most this many passes of value iteration (scores that can fall make the chain cyclic)."""
TOLERANCE = 1e-5
"""Value iteration stops once no chance moved by more than this in a pass."""
STATES = 20_000
"""The largest table built: a game to so many points that its table would be larger (double
hasenpfeffer's 62) has none, and a hand's points are worth their number there."""

Outcome = tuple[int, int, bool, bool]
"""A hand's outcome seen from the dealer's side: its change, the other side's, whether the
dealer's side made trump, and whether the makers made it."""


Key = tuple[int, int, tuple[int, ...]]
"""A position before a hand: side 0's score, side 1's, and the sides of the dealers to come."""


class Equity:
    """Chances of winning the game by scores and next dealer, for a variant of two sides."""

    def __init__(self, variant: Variant, outcomes: Counter[Outcome]) -> None:
        self.variant = variant
        plan = plan_for(compile_variant(variant))
        self.side_of = plan.side_of
        self.step = plan.dealer_step
        self.seats = plan.n
        total = sum(outcomes.values())
        self.outcomes = [(o, n / total) for o, n in sorted(outcomes.items())]
        self.low, self.high = bounds(variant, outcomes)
        """Scores below ``low`` are taken as ``low``, above ``high`` as ``high``."""
        period = next(
            k
            for k in range(1, self.seats + 1)
            if all(
                self.side_of[(d + k * self.step) % self.seats] == self.side_of[d] for d in range(self.seats)
            )
        )
        self.turn = [
            tuple(self.side_of[(d + k * self.step) % self.seats] for k in range(period))
            for d in range(self.seats)
        ]
        """The dealers' sides from each seat on (one period): seats alike here have one future."""
        self.table: dict[Key, float] = {}
        """Side 0's chance to win before a hand, by (side 0's score, side 1's, the dealers' turn)."""
        self._solve()

    def win(self, scores: tuple[int, ...], dealer: int, side: int) -> float:
        """The chance that ``side`` wins the game from ``scores`` before a hand ``dealer`` deals."""
        p = self.table[(self._clamp(scores[0]), self._clamp(scores[1]), self.turn[dealer])]
        return p if side == 0 else 1.0 - p

    def after(
        self,
        scores: tuple[int, ...],
        change: tuple[int, ...],
        maker_side: int | None,
        made: bool | None,
        dealer: int,
        side: int,
    ) -> float:
        """``side``'s chance to win once a hand ``dealer`` dealt from ``scores`` changes them by
        ``change`` (1 or 0 when that ends the game); the next hand is dealt by the next seat."""
        to = self._step(scores, change, maker_side, made, self.turn[(dealer + self.step) % self.seats])
        if isinstance(to, int):
            return 1.0 if to == side else 0.0
        return self.table[to] if side == 0 else 1.0 - self.table[to]

    def _clamp(self, score: int) -> int:
        return max(self.low, min(self.high, score))

    def _step(
        self,
        scores: tuple[int, ...],
        change: tuple[int, ...],
        maker_side: int | None,
        made: bool | None,
        turn: tuple[int, ...],
    ) -> Key | int:
        """Where a hand leaves the game: the side that has won it, or the position before the
        next hand (``turn``: the sides of the dealers from the next hand on)."""
        new = (scores[0] + change[0], scores[1] + change[1])
        winner = game_winner(self.variant, new, maker_side, made)
        if winner is not None:
            return winner
        return (self._clamp(new[0]), self._clamp(new[1]), turn)

    def _solve(self) -> None:
        """Value iteration over every clamped score pair and dealer, the highest scores first."""
        scores = range(self.high, self.low - 1, -1)
        turns = sorted(set(self.turn))
        keys = [(a, b, t) for a in scores for b in scores for t in turns]
        table = self.table = dict.fromkeys(keys, 0.5)
        moves: dict[Key, list[tuple[float, Key | None, float]]] = {}
        for a, b, t in keys:
            ds = t[0]
            nd = (*t[1:], t[0])
            row: list[tuple[float, Key | None, float]] = []
            for (mine, theirs, dealer_made, made), p in self.outcomes:
                change = (mine, theirs) if ds == 0 else (theirs, mine)
                to = self._step((a, b), change, ds if dealer_made else 1 - ds, made, nd)
                row.append((p, None, 1.0 if to == 0 else 0.0) if isinstance(to, int) else (p, to, 0.0))
            moves[(a, b, t)] = row
        for _ in range(SWEEPS):
            moved = 0.0
            for key in keys:
                value = 0.0
                for p, nxt, fixed in moves[key]:
                    value += p * (fixed if nxt is None else table[nxt])
                moved = max(moved, abs(value - table[key]))
                table[key] = value
            if moved < TOLERANCE:
                break


def bounds(variant: Variant, outcomes: Counter[Outcome]) -> tuple[int, int]:
    """The scores a table keeps: from the lower of minus the target and the worst hand's loss,
    to the target plus the best hand's gain."""
    target = variant.game.target
    assert target is not None  # equity_for keeps tables of games to a target
    gain = max([0, *(max(a, b) for a, b, _, _ in outcomes)])
    loss = min([0, *(min(a, b) for a, b, _, _ in outcomes)])
    return min(loss, -target), target + gain


def sample_outcomes(variant: Variant, hands: int = HANDS, seed: int = SEED) -> Counter[Outcome]:
    """The outcomes of ``hands`` hands of greedy self-play (hands thrown in are left out)."""
    bots = [GreedyBot(seed * 100 + s) for s in range(variant.players)]
    found: Counter[Outcome] = Counter()
    played, game_seed = 0, seed
    while played < hands:
        g = Game(variant, seed=game_seed)
        game_seed += 1
        while not g.is_over and len(g.hand_results) < hands - played:
            s = g.to_move
            assert s is not None
            v = g.view(s)
            g.apply(bots[s].choose(v, v.legal))
        played += len(g.hand_results)
        for r in g.hand_results:
            if r.thrown_in or r.maker is None:
                continue
            ds = variant.side_of(r.dealer)
            found[(r.score_change[ds], r.score_change[1 - ds], r.maker_side == ds, bool(r.made))] += 1
    return found


@lru_cache(maxsize=16)
def equity_for(variant: Variant) -> Equity | None:
    """The (cached) equity table of a two-side variant; None for more sides, a game of a
    number of deals (``game.deals``: the table knows no deals left), or a game whose table
    would have more than :data:`STATES` positions.

    >>> from hasenpfeffer import load_variant
    >>> equity_for(load_variant("three-handed-euchre")) is None
    True
    """
    target = variant.game.target
    if target is None or variant.game.deals is not None:  # a game of deals: the deals left count too
        return None
    if len(variant.teams) != 2 or (2 * target + 1) ** 2 * 2 > STATES:
        return None
    outcomes = sample_outcomes(variant)
    low, high = bounds(variant, outcomes)
    if (high - low + 1) ** 2 * 2 > STATES:
        return None
    return Equity(variant, outcomes)
