"""Which build of the search a solver uses: the compiled one (:mod:`.kernel`, numba, the extra
``fast``) when numba is installed and the pack fits it, else the pure-Python one
(:mod:`.search`). numba is imported only when the compiled search is first used.

>>> from hasenpfeffer.format.variant import Variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> from .position import from_cards
>>> rules = compile_variant(Variant(name="x"))
>>> p = from_cards(rules, "H", [["JK"], ["AS"], ["JH"], ["AD"]], leader=1)
>>> searcher(p, 0, compiled=False).exact(p)
1
"""

from __future__ import annotations

import functools
from importlib.util import find_spec

from . import layout
from .position import Position
from .search import Search, Searcher


@functools.cache
def available() -> bool:
    """Whether numba is installed, so that the compiled search can be used (not importing it)."""
    return find_spec("numba") is not None


def fits(p: Position) -> bool:
    """Whether the compiled search takes the deal of ``p``."""
    return available() and p.layout.size <= layout.MAX_BITS


def searcher(p: Position, side: int, compiled: bool, relative: bool | None = None) -> Searcher:
    """A search of ``side`` for positions like ``p``: compiled if asked for and ``p`` fits."""
    if compiled and fits(p):
        from .kernel import Compiled  # numba loads here, on first use

        return Compiled(p, side)
    return Search(p, side, relative)
