"""Double-dummy answers for a game in the play phase: the tricks with best play, the best cards.

Every hand is seen. With two sides the value is exact: each side plays its best against the
other. With more sides (each player for themselves) a side's value is *paranoid*: the tricks
it takes when every other player plays against it together (so the values of the sides may
add up to fewer than the tricks left). In a contract to take no trick (misère) the maker's
side plays for the fewest tricks and everyone else, as one side, for the maker's most: a
defender's value is the tricks of all the defenders, and for every side fewer is better
(:attr:`Result.fewest`).

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
from .position import Position, after, named, position, suits_to_name
from .search import Search, Searcher

if TYPE_CHECKING:
    from ..engine.game import Game


class Result(NamedTuple):
    """Tricks per side from here on with best play (the trick on the table included), the
    tricks each side has already taken this hand, and the best cards for the seat to move (or
    the best suits to name, after leading the Joker); ``fewest``: a contract to take no trick,
    in which every side's value is better low (see the module's description)."""

    tricks: tuple[int, ...]
    taken: tuple[int, ...]
    best: tuple[Action, ...]
    fewest: bool = False

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
        self.searches: dict[tuple[Layout, tuple[int, ...], int, int], Searcher] = {}
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
        key = (p.layout, p.next, side, p.misere)
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
        """The tricks ``side`` takes from ``p`` on with best play (paranoid beyond two sides;
        in misère, a defender's are all the defenders'); a ``guess`` of it, when there is one,
        makes the search cheaper."""
        if p.left == 0:
            return 0
        counted, flip = searched(p, side)
        if flip:
            return p.left - self.search(p, counted).exact(p, None if guess is None else p.left - guess)
        return self.search(p, counted).exact(p, guess)

    def bounded(self, p: Position, side: int, alpha: int, beta: int) -> int:
        """:meth:`value` if it lies between ``alpha`` and ``beta``, else a bound beyond them
        (at most ``alpha``, or at least ``beta``): cheaper than the exact value."""
        if p.left == 0:
            return 0
        counted, flip = searched(p, side)
        if flip:
            return p.left - self.search(p, counted).run(p, p.left - beta, p.left - alpha)
        return self.search(p, counted).run(p, alpha, beta)

    def tricks(self, p: Position) -> tuple[int, ...]:
        """:meth:`value` for every side."""
        if p.sides == 2 or p.misere >= 0:
            counted = 0 if p.misere < 0 else p.misere
            v = self.value(p, counted)
            return tuple(v if s == counted else p.left - v for s in range(p.sides))
        return tuple(self.value(p, side) for side in range(p.sides))

    def moves(self, p: Position) -> dict[int, int]:
        """The value for the side to move of each card it may play (a bit), after playing it."""
        counted, flip = searched(p, p.side_of[p.seat])
        search = self.search(p, counted)
        legal = self.legal(p)
        values: dict[int, int] = {}
        guess = None
        for x in runs(p, legal):
            child, winner = after(p, x)
            won = 1 if winner is not None and p.side_of[winner] == counted else 0
            rest = search.exact(child, guess) if child.left else 0
            guess = rest
            v = won + rest
            values[x] = p.left - v if flip else v
        return {x: values[_top_of(p, x, values)] for x in bits(legal)}

    def suits(self, p: Position) -> dict[int, int]:
        """The value for the side to move of each suit it may name (``p.calling``), after naming it."""
        counted, flip = searched(p, p.side_of[p.seat])
        search = self.search(p, counted)
        values = {}
        for suit in suits_to_name(p):
            v = search.exact(named(p, suit))
            values[suit] = p.left - v if flip else v
        spare = next((v for s, v in values.items() if not _held_by_others(p, s)), 0)
        return {s: values.get(s, spare) for s in range(p.layout.rules.ns)}

    @staticmethod
    def legal(p: Position) -> int:
        """The cards the seat to move may play (none while it names a suit)."""
        if p.calling:
            return 0
        h = p.hands[p.seat]
        return (h & p.layout.suit_mask[p.led] if p.count else 0) or h

    def best(self, p: Position) -> tuple[int, list[int]]:
        """The value for the side to move, and its best cards (bits): those that keep it
        (one test per run of equivalent cards, cheaper than valuing each); while it names a
        suit, its best suits (indices)."""
        side = p.side_of[p.seat]
        counted, flip = searched(p, side)
        search = self.search(p, counted)
        top = self.value(p, side)
        if p.calling:
            values = self.suits(p)
            return top, [s for s, v in values.items() if v == top]
        target = p.left - top if flip else top  # the searched side's tricks
        most = not search.is_max[p.seat]  # the mover keeps them at most target (else at least)
        legal = self.legal(p)
        tops = runs(p, legal)
        best = set()
        for x in tops:
            child, winner = after(p, x)
            want = target - (1 if winner is not None and p.side_of[winner] == counted else 0)
            if not child.left:
                ok = want >= 0 if most else want <= 0
            elif most:
                ok = search.run(child, want, want + 1) <= want
            else:
                ok = search.run(child, want - 1, want) >= want
            if ok:
                best.add(x)
        return top, [x for x in bits(legal) if _top_of(p, x, tops) in best]


def searched(p: Position, side: int) -> tuple[int, bool]:
    """The side whose tricks are searched for the value of ``side``, and whether that value is
    the tricks left less the searched side's: with two sides, side 0 is searched for both; in
    misère, the side playing for no trick, for everyone."""
    if p.misere >= 0:
        return p.misere, side != p.misere
    if p.sides == 2:
        return 0, side == 1
    return side, False


def taken(p: Position) -> tuple[int, ...]:
    """The tricks each side has taken, as the values count them (in misère, a defender's are
    all the defenders')."""
    if p.misere < 0:
        return p.taken
    mine = p.taken[p.misere]
    return tuple(mine if s == p.misere else sum(p.taken) - mine for s in range(p.sides))


def _held_by_others(p: Position, suit: int) -> bool:
    mask = p.layout.suit_mask[suit]
    return any(h & mask for s, h in enumerate(p.hands) if s != p.seat)


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
    """The card of bit ``x`` played by the seat to move, or suit ``x`` named while it calls."""
    lay = p.layout
    if p.calling:
        return Action(p.seat, "suit", lay.rules.suits[x])
    return Action(p.seat, "play", lay.rules.names[lay.face_of[x]])


def solve(game: Game, solver: Solver | None = None) -> Result:
    """Tricks per side from here with best play, and the best cards for the seat to move (the
    best suits to name, after leading the Joker where its leader names one)."""
    p = position(game)
    solver = solver or Solver()
    top, cards = solver.best(p)
    best = dict.fromkeys(_action(p, x) for x in cards)
    side = p.side_of[p.seat]
    if p.sides == 2 or p.misere >= 0:
        counted, flip = searched(p, side)
        v = p.left - top if flip else top
        tricks = [v if s == counted else p.left - v for s in range(p.sides)]
    else:
        tricks = [top if s == side else solver.value(p, s) for s in range(p.sides)]
    return Result(tuple(tricks), taken(p), tuple(best), p.misere >= 0)


def analyse_moves(game: Game, solver: Solver | None = None) -> dict[Action, int]:
    """Each legal card of the seat to move (each suit it may name, after leading the Joker
    where its leader names one), and the tricks its side takes from here after it."""
    p = position(game)
    solver = solver or Solver()
    values = solver.suits(p) if p.calling else solver.moves(p)
    return {_action(p, x): v for x, v in values.items()}
