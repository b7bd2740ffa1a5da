"""A plain minimax of the play phase, for checking the solver: no pruning, no table, no merging.

It plays the cards of lists of card ids by the ruleset's tables (follow the effective suit led,
the first of the strongest cards wins), every line of play to the end, and returns the tricks a
side takes from here on when it plays for the most and every other seat plays against it. In a
contract to take no trick (misère) the maker's side plays for the fewest of its own and every
other seat for its most; a defender's value is then the tricks of all the defenders. Where the
leader of the Joker in no-trump names the suit to follow, it tries every suit. Imported by path
from the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from hasenpfeffer.engine.game import Game, actual_state
from hasenpfeffer.rules.mechanisms import joker_names_suit
from hasenpfeffer.rules.plan import plan_for
from hasenpfeffer.rules.ruleset import Ruleset
from hasenpfeffer.solver.position import misere_side

SUIT = -1
"""The first of a move ``(SUIT, s)``: naming suit ``s`` after leading the Joker."""


@dataclass
class Deal:
    """The cards still held, the trick on the table, and the seating of a game in phase play;
    ``led``: the suit the trick's Joker named (None: not named, or no Joker led); ``calling``:
    the seat to move names it now; ``misere``: the side that plays for no trick (or None)."""

    rules: Ruleset
    ti: int
    hands: list[list[int]]
    seat: int
    trick: list[tuple[int, int]]
    next: list[int]
    active: int
    side_of: tuple[int, ...]
    led: int | None = None
    calling: bool = False
    misere: int | None = None

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
        d = cls(
            g.rules, now.trump_i, hands, g.to_move, list(now.trick), nxt, active, plan.hand_sides(now.maker)
        )
        d.calling, d.misere = now.calling, misere_side(g)
        if now.trick and not now.calling and names_suit(d) and now.trick[0][1] == g.rules.joker:
            d.led = now.led
        return d

    def legal(self) -> list[int]:
        """The distinct cards the seat to move may play (no card while it names a suit)."""
        if self.calling:
            return []
        hand = self.hands[self.seat]
        if self.trick:
            eff = self.rules.eff[self.ti]
            led = self.led if self.led is not None else eff[self.trick[0][1]]
            hand = [c for c in hand if eff[c] == led] or hand
        return sorted(set(hand))


def names_suit(d: Deal) -> bool:
    """Leading the Joker names the suit to follow."""
    return d.ti == d.rules.ns and d.rules.joker is not None and joker_names_suit(d.rules.variant)


def minimax(d: Deal, side: int) -> int:
    """The tricks ``side`` takes from here on with best play (the others all against it)."""
    if d.calling:
        values = [named(d, s, side) for s in range(d.rules.ns)]
    else:
        values = [after(d, c, side) for c in d.legal()]
    return max(values) if _maximises(d, d.seat, side) else min(values)


def _maximises(d: Deal, seat: int, side: int) -> bool:
    if d.misere is None:
        return d.side_of[seat] == side
    mine = d.side_of[seat] == d.misere
    return not mine if side == d.misere else mine  # (a defender's value counts all defenders)


def after(d: Deal, card: int, side: int) -> int:
    """The tricks ``side`` takes from here on when the seat to move plays ``card``."""
    return _walk(d, side).play(d.seat, list(d.trick), card, d.led)


def named(d: Deal, suit: int, side: int) -> int:
    """The tricks ``side`` takes from here on when the leader of the Joker names ``suit``."""
    return _walk(d, side).value(d.next[d.seat], list(d.trick), suit)


def _walk(d: Deal, side: int) -> _Walk:
    hands = [h[:] for h in d.hands]
    rules = d.rules
    seats = range(len(hands))
    if d.misere is None or side == d.misere:
        count = [d.side_of[s] == side for s in seats]
    else:
        count = [d.side_of[s] != d.misere for s in seats]
    return _Walk(
        rules.eff[d.ti],
        rules.key[d.ti],
        hands,
        d.next,
        d.active,
        count,
        [_maximises(d, s, side) for s in seats],
        rules.joker if names_suit(d) else None,
        rules.ns,
    )


class _Walk:
    """Every line of play from a deal, cards played and taken back in place: ``count``, the
    seats whose tricks count; ``mine``, those that play for the most of them."""

    def __init__(
        self,
        eff: list[int],
        key: list[list[int]],
        hands: list[list[int]],
        nxt: list[int],
        active: int,
        count: list[bool],
        mine: list[bool],
        joker: int | None,
        ns: int,
    ) -> None:
        self.eff, self.key, self.hands, self.next, self.active = eff, key, hands, nxt, active
        self.count, self.mine, self.joker, self.ns = count, mine, joker, ns

    def value(self, seat: int, trick: list[tuple[int, int]], led: int | None) -> int:
        hand = self.hands[seat]
        if trick:
            suit = self.eff[trick[0][1]] if led is None else led
            legal = [c for c in hand if self.eff[c] == suit] or hand
        else:
            legal = hand
        values = [self.play(seat, trick, c, led) for c in dict.fromkeys(legal)]
        return max(values) if self.mine[seat] else min(values)

    def play(self, seat: int, trick: list[tuple[int, int]], card: int, led: int | None) -> int:
        hand = self.hands[seat]
        i = hand.index(card)
        del hand[i]
        trick.append((seat, card))
        if len(trick) == 1 and card == self.joker:  # the leader names the suit to follow
            values = [self.value(self.next[seat], trick, s) for s in range(self.ns)]
            v = max(values) if self.mine[seat] else min(values)
        elif len(trick) < self.active:
            v = self.value(self.next[seat], trick, led)
        else:
            key = self.key[self.eff[trick[0][1]] if led is None else led]
            winner, top = trick[0][0], key[trick[0][1]]
            for q, c in trick[1:]:
                if key[c] > top:
                    winner, top = q, key[c]
            v = int(self.count[winner])
            if self.hands[winner]:
                v += self.value(winner, [], None)
        trick.pop()
        hand.insert(i, card)
        return v
