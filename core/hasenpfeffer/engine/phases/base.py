"""What a phase of a hand declares, and the helpers the phases share.

A phase object holds no game state: one serves every game of a variant (and their copies).
It declares, as attributes and methods of :class:`PhaseRules`:

- ``name``, a :class:`~.names.Phase`, and ``verbs``, those of its actions (none for a step);
- ``used(rules)``: whether a variant has the phase at all (over the compiled variant);
- how it is entered: ``follows(rules, source)`` says whether the hand may go on to it from an
  earlier phase of the plan (:class:`Entry`: never, when ``wanted(s)`` holds, or always),
  and ``enter(s)`` sets it up (who moves, what is dealt or taken);
- ``legal(s)``, ``apply(s, action)`` and ``why(s, action)``: its actions, their effects and
  why one is refused;
- ``exits``: the ways out other than going on (:class:`Exit`), each with a condition over
  the compiled variant (does the transition exist), one over the state (is it taken now)
  and words for the diagram; ``leaving`` and ``arriving(rules, source)`` word the rest;
- ``specialized(rules)``: the object that plays the phase for a variant, by default the phase
  itself; a phase whose actions serve mechanisms that a variant may not use gives such a
  variant a leaner object, with the same declarations, that never checks for them.

A phase that is done calls ``s.course.leave(s)``: the first of its exits whose condition
holds is taken, else the hand goes on to the next phase of the plan that the variant uses and
that is wanted now (:class:`hasenpfeffer.engine.machine.Course`).

>>> from hasenpfeffer.engine.phases.plan import PLAN
>>> defence = next(p for p in PLAN if p.name == Phase.DEFENCE)
>>> sorted(map(str, defence.verbs)), [(x.trigger, str(x.to), x.words) for x in defence.exits]
(['alone', 'pass'], [('to_exchange', 'exchange', 'a defender goes alone, exchanges with the partner')])
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import NamedTuple

from ...format.cards import Card
from ...rules.actions import Action, LegalActions
from ...rules.ruleset import Ruleset
from ..events import Event
from ..state import State
from .names import Phase

NONE = LegalActions(())
"""No legal action (a step, or the game over)."""


class Entry(Enum):
    """Whether the hand goes on to a phase from an earlier one (by the variant, before play)."""

    NEVER = "never"
    """Only an exit of another phase leads there."""
    WANTED = "when wanted"
    """When the phase's ``wanted(s)`` holds; else the hand goes on past it."""
    ALWAYS = "always"
    """Always: the phases after it are not reached by going on from the earlier one."""


class Exit(NamedTuple):
    """A way out of a phase other than going on: to ``to`` by the machine's ``trigger``.

    ``exists(rules)`` says whether the variant has the transition, ``taken(s)`` whether it is
    taken now (tried in the order declared, before going on); ``words`` label it in the diagram.
    """

    trigger: str
    to: Phase
    exists: Callable[[Ruleset], bool]
    taken: Callable[[State], bool]
    words: str | Callable[[Ruleset], str]

    def label(self, rules: Ruleset) -> str:
        """The words of the transition for a variant."""
        return self.words if isinstance(self.words, str) else self.words(rules)


def always(_: object) -> bool:
    """A condition that always holds."""
    return True


class PhaseRules:
    """A phase of a hand; subclasses override what differs from these defaults.

    By default a phase is used by every variant, always follows the phase before it, has no
    action and no exit of its own.
    """

    name: Phase
    verbs: frozenset[str] = frozenset()
    exits: tuple[Exit, ...] = ()
    leaving = ""
    """Words for the diagram when the hand goes on from here (unless the next phase's
    :meth:`arriving` has words of its own)."""

    def used(self, rules: Ruleset) -> bool:
        """Whether the variant has this phase."""
        return True

    def follows(self, rules: Ruleset, source: Phase) -> Entry:
        """Whether the hand may go on to this phase from ``source``, an earlier used phase."""
        return Entry.ALWAYS

    def wanted(self, s: State) -> bool:
        """Whether the hand, going on, enters this phase now (asked when it may: ``Entry.WANTED``)."""
        return True

    def leaving_words(self, rules: Ruleset) -> str:
        """The words of :attr:`leaving` for a variant."""
        return self.leaving

    def arriving(self, rules: Ruleset, source: Phase) -> str:
        """Words for the diagram when the hand goes on to this phase from ``source`` ("": the
        source's :attr:`leaving`)."""
        return ""

    def specialized(self, rules: Ruleset) -> PhaseRules:
        """The object that plays this phase for a variant (chosen once, when the variant's course
        is built): the phase itself, or one that leaves out the checks of mechanisms the
        variant does not use. It declares the same ``name``, ``verbs``, ``exits`` and ``why``."""
        return self

    def enter(self, s: State) -> None:
        """Set the phase up: who moves, and what is dealt, taken or offered."""

    def legal(self, s: State) -> LegalActions:
        """The actions the seat to move may take."""
        return NONE

    def apply(self, s: State, a: Action) -> None:
        """Carry out a legal action (events go to ``s.events``)."""
        raise AssertionError(f"no action is legal in the {self.name} phase")

    def why(self, s: State, a: Action) -> str:
        """Why an action of a verb this phase knows, by the seat to move, is refused."""
        return "not allowed here"

    def __repr__(self) -> str:
        return f"<phase {self.name}>"


def emit(s: State, event: Event) -> None:
    """Add an event to the game's history."""
    s.events.append(event)


def names(s: State, cards: list[int] | tuple[int, ...]) -> tuple[Card, ...]:
    """Card ids as their cards (the variant's faces, as events carry them)."""
    faces = s.rules.faces
    return tuple([faces[c] for c in cards])


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
