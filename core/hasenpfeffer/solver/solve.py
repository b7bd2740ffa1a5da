"""Double-dummy answers for a game in the play phase: the tricks with best play, the best cards.

Every hand is seen. With two sides the value is exact: each side plays its best against the
other. With more sides (each player for themselves) a side's value is *paranoid*: the tricks
it takes when every other player plays against it together (so the values of the sides may
add up to fewer than the tricks left).

>>> from hasenpfeffer import Game, load_variant
>>> deal = {"dealer": 3, "widow": ["9C"], "hands": [
...     "JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]}
>>> g = Game(load_variant("hasenpfeffer"), deal=deal)
>>> for a in ["0 bid 4", "1 pass", "2 pass", "3 pass", "0 trump H", "0 discard 9C"]:
...     _ = g.apply(a)
>>> r = solve(g)
>>> r.tricks, [str(a) for a in r.best]
((6, 0), ['0 play QH', '0 play KH', '0 play AH', '0 play JD', '0 play JH', '0 play JK'])
>>> _ = g.apply("0 play QH"); _ = g.apply("1 play 9S")
>>> {str(a): v for a, v in analyse_moves(g).items()}
{'2 play TC': 6, '2 play 9D': 6, '2 play TD': 6, '2 play QD': 6, '2 play KD': 6, '2 play AD': 6}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from .. import accel
from ..rules.actions import Action
from . import layout
from .layout import Layout, bits
from .position import Position, after, position
from .search import Search, Searcher

if TYPE_CHECKING:
    from ..engine.game import Game


class Result(NamedTuple):
    """Tricks per side from here on with best play (the trick on the table included), the
    tricks each side has already taken this hand, and the best cards for the seat to move."""

    tricks: tuple[int, ...]
    taken: tuple[int, ...]
    best: tuple[Action, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Tricks per side for the whole hand: taken plus still to take."""
        return tuple(a + b for a, b in zip(self.taken, self.tricks, strict=True))


def fits_compiled(p: Position) -> bool:
    """Whether the compiled search takes the deal of ``p`` (a pack of at most
    :data:`~.layout.MAX_BITS` physical cards).

    >>> from hasenpfeffer.format.variant import Variant
    >>> from hasenpfeffer.rules.ruleset import compile_variant
    >>> from .position import from_cards
    >>> p = from_cards(compile_variant(Variant(name="x")), "H", [["JK"], ["AS"], ["JH"], ["AD"]], leader=1)
    >>> fits_compiled(p), Solver(compiled=False).tricks(p)
    (True, (1, 0))
    """
    return p.layout.size <= layout.MAX_BITS


class Solver:
    """Searches that keep their transposition tables between positions of one deal.

    Reuse one solver for the positions of one hand (they share most of their subtrees); a
    position of another trump or seating gets searches of its own.
    """

    def __init__(self, relative: bool | None = None, compiled: bool | None = None) -> None:
        self.searches: dict[tuple[Layout, tuple[int, ...], int], Searcher] = {}
        self.relative = relative
        """Key positions by relative ranks (None: when the deal is large); the compiled
        search keys them by the hands only."""
        if compiled:
            accel.require("the compiled search")
        self.compiled = accel.enabled() and not relative if compiled is None else compiled
        """Use the compiled twin of the search (:mod:`.search_compiled`) where the pack fits it
        (None: as :func:`hasenpfeffer.accel.enabled` says, unless ``relative`` is asked for)."""

    def search(self, p: Position, side: int) -> Searcher:
        """The search of ``side`` for positions like ``p``: the compiled twin where it is used
        and the pack fits it (:func:`fits_compiled`), else the pure-Python one."""
        key = (p.layout, p.next, side)
        s = self.searches.get(key)
        if s is None:
            if self.compiled and fits_compiled(p):
                from .search_compiled import Compiled  # numba loads here, on first use

                s = Compiled(p, side)
            else:
                s = Search(p, side, self.relative)
            self.searches[key] = s
        return s

    def value(self, p: Position, side: int, guess: int | None = None) -> int:
        """The tricks ``side`` takes from ``p`` on with best play (paranoid beyond two sides);
        a ``guess`` of it, when there is one, makes the search cheaper."""
        if p.left == 0:
            return 0
        if p.sides == 2 and side == 1:
            return p.left - self.search(p, 0).exact(p, None if guess is None else p.left - guess)
        return self.search(p, side).exact(p, guess)

    def bounded(self, p: Position, side: int, alpha: int, beta: int) -> int:
        """:meth:`value` if it lies between ``alpha`` and ``beta``, else a bound beyond them
        (at most ``alpha``, or at least ``beta``): cheaper than the exact value."""
        if p.left == 0:
            return 0
        if p.sides == 2 and side == 1:
            return p.left - self.search(p, 0).run(p, p.left - beta, p.left - alpha)
        return self.search(p, side).run(p, alpha, beta)

    def tricks(self, p: Position) -> tuple[int, ...]:
        """:meth:`value` for every side."""
        if p.sides == 2:
            v = self.value(p, 0)
            return (v, p.left - v)
        return tuple(self.value(p, side) for side in range(p.sides))

    def moves(self, p: Position) -> dict[int, int]:
        """The value for the side to move of each card it may play (a bit), after playing it."""
        side = p.side_of[p.seat]
        flip = p.sides == 2 and side == 1
        search = self.search(p, 0 if flip else side)
        h = p.hands[p.seat]
        legal = (h & p.layout.suit_mask[p.led] if p.count else 0) or h
        values: dict[int, int] = {}
        guess = None
        for x in runs(p, legal):
            child, winner = after(p, x)
            won = 1 if winner is not None and p.side_of[winner] == search.side else 0
            rest = search.exact(child, guess) if child.left else 0
            guess = rest
            v = won + rest
            values[x] = p.left - v if flip else v
        return {x: values[_top_of(p, x, values)] for x in bits(legal)}

    def best(self, p: Position) -> tuple[int, list[int]]:
        """The value for the side to move, and its best cards (bits): those that keep it
        (one test per run of equivalent cards, cheaper than valuing each)."""
        side = p.side_of[p.seat]
        flip = p.sides == 2 and side == 1
        search = self.search(p, 0 if flip else side)
        top = self.value(p, side)
        h = p.hands[p.seat]
        legal = (h & p.layout.suit_mask[p.led] if p.count else 0) or h
        tops = runs(p, legal)
        best = set()
        for x in tops:
            child, winner = after(p, x)
            won = 1 if winner is not None and p.side_of[winner] == search.side else 0
            if flip:  # side 0, searched, must take no more than the mover leaves it
                most = p.left - top - won
                ok = search.run(child, most, most + 1) <= most if child.left else most >= 0
            else:
                least = top - won
                ok = search.run(child, least - 1, least) >= least if child.left else least <= 0
            if ok:
                best.add(x)
        return top, [x for x in bits(legal) if _top_of(p, x, tops) in best]


def runs(p: Position, m: int) -> list[int]:
    """The highest card of each run of equivalent cards among ``m`` (cards of the seat to move):
    cards of one hand with no other card still live between them in their suit."""
    lay, h, live = p.layout, p.hands[p.seat], p.live
    out = []
    for x in bits(m):
        a = live & lay.above[x]
        y = a & -a
        sx, sy = lay.same[x], lay.same.get(y, 0)
        if y & h and (sx == sy or not (sx | sy) & live & ~h):
            continue
        out.append(x)
    return out


def _top_of(p: Position, x: int, tops: Iterable[int]) -> int:
    """The run of ``x``: the lowest of ``tops`` (the highest cards of runs) at or above it in its suit."""
    suit = p.layout.suit_of
    return min((r for r in tops if r >= x and suit[r] == suit[x]), default=0)


def _action(p: Position, x: int) -> Action:
    lay = p.layout
    return Action(p.seat, "play", lay.rules.names[lay.face_of[x]])


def solve(game: Game, solver: Solver | None = None) -> Result:
    """Tricks per side from here with best play, and the best cards for the seat to move."""
    p = position(game)
    solver = solver or Solver()
    top, cards = solver.best(p)
    best = dict.fromkeys(_action(p, x) for x in cards)
    side = p.side_of[p.seat]
    if p.sides == 2:
        tricks = [p.left - top] * 2
        tricks[side] = top
    else:
        tricks = [top if s == side else solver.value(p, s) for s in range(p.sides)]
    return Result(tuple(tricks), p.taken, tuple(best))


def analyse_moves(game: Game, solver: Solver | None = None) -> dict[Action, int]:
    """Each legal card of the seat to move, and the tricks its side takes from here after it."""
    p = position(game)
    values = (solver or Solver()).moves(p)
    return {_action(p, x): v for x, v in values.items()}
