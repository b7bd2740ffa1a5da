"""A plain minimax of the play phase, for checking the solver: no pruning, no table, no merging.

It plays the cards of lists of card ids by the ruleset's tables (follow the effective suit led,
the first of the strongest cards wins), every line of play to the end, and returns the tricks a
side takes from here on when it plays for the most and every other seat plays against it.
Imported by path from the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from hasenpfeffer.engine.game import Game, actual_state
from hasenpfeffer.rules.plan import plan_for
from hasenpfeffer.rules.ruleset import Ruleset


@dataclass
class Deal:
    """The cards still held, the trick on the table, and the seating of a game in phase play."""

    rules: Ruleset
    ti: int
    hands: list[list[int]]
    seat: int
    trick: list[tuple[int, int]]
    next: list[int]
    active: int
    side_of: tuple[int, ...]

    @classmethod
    def of(cls, g: Game) -> Deal:
        """The deal of a game in phase ``play``."""
        now = actual_state(g)
        assert g.phase == "play" and now.trump_i is not None and g.to_move is not None
        plan = plan_for(g.rules)
        nxt = []
        for s in range(plan.n):
            q = plan.left[s]
            while now.out[q]:
                q = plan.left[q]
            nxt.append(q)
        hands = [[] if now.out[s] else list(h) for s, h in enumerate(now.hands)]
        active = plan.n - sum(now.out)
        return cls(g.rules, now.trump_i, hands, g.to_move, list(now.trick), nxt, active, plan.side_of)

    def legal(self) -> list[int]:
        """The distinct cards the seat to move may play."""
        hand = self.hands[self.seat]
        if self.trick:
            eff = self.rules.eff[self.ti]
            led = eff[self.trick[0][1]]
            hand = [c for c in hand if eff[c] == led] or hand
        return sorted(set(hand))


def minimax(d: Deal, side: int) -> int:
    """The tricks ``side`` takes from here on with best play (the others all against it)."""
    values = [after(d, c, side) for c in d.legal()]
    return max(values) if d.side_of[d.seat] == side else min(values)


def after(d: Deal, card: int, side: int) -> int:
    """The tricks ``side`` takes from here on when the seat to move plays ``card``."""
    hands = [h[:] for h in d.hands]
    rules = d.rules
    walk = _Walk(
        rules.eff[d.ti],
        rules.key[d.ti],
        hands,
        d.next,
        d.active,
        [d.side_of[s] == side for s in range(len(hands))],
    )
    return walk.play(d.seat, list(d.trick), card)


class _Walk:
    """Every line of play from a deal, cards played and taken back in place."""

    def __init__(
        self,
        eff: list[int],
        key: list[list[int]],
        hands: list[list[int]],
        nxt: list[int],
        active: int,
        mine: list[bool],
    ) -> None:
        self.eff, self.key, self.hands, self.next, self.active, self.mine = eff, key, hands, nxt, active, mine

    def value(self, seat: int, trick: list[tuple[int, int]]) -> int:
        hand = self.hands[seat]
        if trick:
            led = self.eff[trick[0][1]]
            legal = [c for c in hand if self.eff[c] == led] or hand
        else:
            legal = hand
        values = [self.play(seat, trick, c) for c in dict.fromkeys(legal)]
        return max(values) if self.mine[seat] else min(values)

    def play(self, seat: int, trick: list[tuple[int, int]], card: int) -> int:
        hand = self.hands[seat]
        i = hand.index(card)
        del hand[i]
        trick.append((seat, card))
        if len(trick) < self.active:
            v = self.value(self.next[seat], trick)
        else:
            key = self.key[self.eff[trick[0][1]]]
            winner, top = trick[0][0], key[trick[0][1]]
            for q, c in trick[1:]:
                if key[c] > top:
                    winner, top = q, key[c]
            v = int(self.mine[winner])
            if self.hands[winner]:
                v += self.value(winner, [])
        trick.pop()
        hand.insert(i, card)
        return v
