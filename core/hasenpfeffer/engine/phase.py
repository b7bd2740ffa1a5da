"""What every phase of a hand provides: its legal actions and their effects.

A phase object holds no game state: one object serves every game of a variant (and their
copies). The game asks the object of its current phase, chosen once from the phase plan.
"""

from __future__ import annotations

from typing import Protocol

from ..rules.actions import Action, LegalActions
from .state import State


class PhaseRules(Protocol):
    """A phase of a hand."""

    @property
    def verbs(self) -> frozenset[str]:
        """The verbs of its actions."""
        ...

    def legal(self, s: State) -> LegalActions:
        """The actions the seat to move may take."""
        ...

    def apply(self, s: State, a: Action) -> None:
        """Carry out a legal action (events go to ``s.events``)."""
        ...

    def why(self, s: State, a: Action) -> str:
        """Why an action of a verb this phase knows, by the seat to move, is refused."""
        ...


def cards_legal(s: State, table: tuple[tuple[Action, ...], ...], cards: list[int]) -> LegalActions:
    """One action per distinct card (a pinochle pack holds two of each)."""
    seat = s.to_move
    assert seat is not None
    acts = table[seat]
    if s.plan.copies:
        return LegalActions([acts[c] for c in dict.fromkeys(cards)])
    return LegalActions([acts[c] for c in cards])


def not_held(s: State, a: Action) -> str | None:
    """The reason a card action is refused when the seat does not hold the card."""
    held = {s.rules.names[c] for c in s.hands[a.seat]}
    return None if a.arg in held else f"seat {a.seat} does not hold {a.arg}"
