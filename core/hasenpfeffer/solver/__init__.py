"""Double-dummy analysis of the play phase: every hand seen, the tricks with best play.

Imports :mod:`hasenpfeffer.engine`, :mod:`hasenpfeffer.rules` and :mod:`hasenpfeffer.format`,
nothing above them. See docs/analysis.md.
"""

from .solve import Result, Solver, analyse_moves, solve

__all__ = ["Result", "Solver", "analyse_moves", "solve"]
