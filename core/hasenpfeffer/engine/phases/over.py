"""The game is over: a step, entered by scoring's exit once a side has won."""

from __future__ import annotations

from ...rules.ruleset import Ruleset
from ..events import GameWon
from ..state import State
from .base import Entry, PhaseRules, emit
from .names import Phase


class Over(PhaseRules):
    """Phase ``over``: nobody moves again."""

    name = Phase.OVER

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """Only scoring's exit leads here."""
        return Entry.NEVER

    def enter(self, s: State) -> None:
        """Announce the winner."""
        assert s.winner is not None
        s.to_move = None
        emit(s, GameWon(s.winner, s.scores))
