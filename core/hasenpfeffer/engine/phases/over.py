"""The game (or the match) is over: a step, entered by scoring's exit once a side has won."""

from __future__ import annotations

from ...rules.ruleset import Ruleset
from ..state import State
from .base import Entry, PhaseRules
from .names import Phase


class Over(PhaseRules):
    """Phase ``over``: nobody moves again."""

    name = Phase.OVER

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """Only scoring's exit leads here."""
        return Entry.NEVER

    def enter(self, s: State) -> None:
        """Nobody moves again (scoring announced the winner)."""
        assert s.winner is not None
        s.to_move = None
