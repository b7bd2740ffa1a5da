"""The course of a hand in one variant: the phases it uses, and the machine built from their exits.

Nothing here knows a phase: the states are the phases of the plan that the variant uses, and
the transitions are what the phases declare (:mod:`.phases.base`). From each phase, its exits
that the variant has, then "going on": a transition to each later phase that may follow it,
up to the first that always does. The ``transitions`` machine is built once per variant and
shared: a game's state keeps its phase in ``phase``, and only the machine's transitions change
it. Each way out of a phase reads its transition's destination from the machine once, when the
course is built (a way the machine has not fails then), so that leaving a phase at run time is
a condition and an assignment, not a trigger's call.

>>> from hasenpfeffer.format.variant import Variant
>>> states, _ = phase_spec(Variant(name="x"))
>>> states
['deal', 'bidding', 'trump', 'discard', 'defence', 'play', 'scoring', 'over']
>>> course = course_for(compile_variant(Variant(name="x")))
>>> [e for e in course.edges if e.source == "trump"]
[Edge(trigger='to_discard', source='trump', dest='discard', words='trump named, the maker discards 1 card')]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from transitions import Machine
from transitions.core import Event, MachineError

from ..format.variant import Variant
from ..rules.ruleset import Ruleset, compile_variant
from .phases.base import Entry, PhaseRules, always
from .phases.names import Phase
from .phases.plan import PLAN
from .state import State

Transition = dict[str, Any]
Condition = Callable[[State], bool] | None
"""Whether a way out of a phase is taken now (None: always)."""
Way = tuple[Condition, str, str]
"""A way out of a phase, as declared: its condition, the machine's trigger, the phase it leads to."""
Step = tuple[Condition, Phase, PhaseRules]
"""A way out of a phase at run time: its condition, the phase its transition leads to, and the
object that plays that phase."""


class Edge(NamedTuple):
    """A transition of the machine, with its words for the diagram."""

    trigger: str
    source: str
    dest: str
    words: str


class PhaseEvent(Event):
    """A trigger that checks the source phase and sets the destination.

    The phase machine has no callbacks or conditions (the phases decide which exit to take),
    so the stock event's processing (callbacks, logging, about 8 µs a trigger) reduces to a
    look-up of the destination from the source.
    """

    dests: dict[str, Phase]
    """The destination from each source (the phase's own name), once the machine is built."""

    def trigger(self, model: Any, *args: Any, **kwargs: Any) -> bool:
        dest = self.dests.get(model.phase)
        if dest is None:
            raise MachineError(f"Can't trigger event {self.name} from state {model.phase}!")
        model.phase = dest
        return True


class PhaseMachine(Machine):
    """The engine's machine class: stock transitions with :class:`PhaseEvent` triggers; the
    phase they set is the phase's own name (a :class:`Phase`), from ``phase_names``."""

    event_cls = PhaseEvent

    def __init__(self, phase_names: dict[str, Phase], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for event in self.events.values():
            assert isinstance(event, PhaseEvent)
            event.dests = {source: phase_names[str(t[0].dest)] for source, t in event.transitions.items()}

    def dest(self, trigger: str, source: str) -> Phase:
        """The phase the transition ``trigger`` leads to from ``source`` (KeyError: none)."""
        event = self.events[trigger]
        assert isinstance(event, PhaseEvent)
        return event.dests[source]


def going_on(phase: str) -> str:
    """The trigger that goes on to ``phase``."""
    return "to_" + phase.replace("-", "_")


class Course:
    """A variant's phases (of ``plan``, those it uses), the machine built from their
    declarations, and at run time the way out of each phase (:meth:`leave`)."""

    def __init__(self, rules: Ruleset, plan: Sequence[PhaseRules] = PLAN) -> None:
        used = [p for p in plan if p.used(rules)]
        self.rules = rules
        self.plan = tuple(plan)
        self.phases: dict[str, PhaseRules] = {p.name: p.specialized(rules) for p in used}
        """The phases the variant uses, by name, in plan order: each the object that plays it
        for this variant (:meth:`~.phases.base.PhaseRules.specialized`)."""
        self.states: tuple[Phase, ...] = tuple(p.name for p in used)
        edges: list[Edge] = []
        ways: dict[str, list[Way]] = {}
        for i, a in enumerate(used):
            mine: list[Way] = []
            ways[a.name] = mine
            for x in a.exits:
                if x.exists(rules):
                    if x.to not in self.phases:
                        raise ValueError(
                            f"the {a.name} phase leads to {x.to}, which {rules.variant.name} has not"
                        )
                    edges.append(Edge(x.trigger, str(a.name), str(x.to), x.label(rules)))
                    mine.append((None if x.taken is always else x.taken, x.trigger, x.to))
            for b in used[i + 1 :]:
                entry = b.follows(rules, a.name)
                if entry is Entry.NEVER:
                    continue
                words = b.arriving(rules, a.name) or a.leaving_words(rules)
                edges.append(Edge(going_on(b.name), str(a.name), str(b.name), words))
                wanted = self.phases[b.name].wanted
                mine.append((None if entry is Entry.ALWAYS else wanted, going_on(b.name), b.name))
                if entry is Entry.ALWAYS:
                    break
        self.edges = tuple(edges)
        """Every transition, phase by phase: its exits, then going on."""
        self.machine = PhaseMachine(
            {str(p.name): p.name for p in used},
            model=None,
            states=[str(s) for s in self.states],
            transitions=[{"trigger": e.trigger, "source": e.source, "dest": e.dest} for e in edges],
            initial=str(self.states[0]),
            auto_transitions=False,
            model_attribute="phase",
        )
        first = self.phases[self.states[0]]
        self._first = (first.name, first)
        """The first phase of the plan (the deal) and the object that plays it."""
        dest = self.machine.dest
        self._ways: dict[str, tuple[Step, ...]] = {
            name: tuple([(when, dest(t, name), self.phases[to]) for when, t, to in out])
            for name, out in ways.items()
        }
        """For each phase, its exits, then the phases it may go on to, in order: the condition,
        the phase the machine's transition leads to (read from the machine once, here), and
        the object that plays it."""

    def start(self, s: State) -> None:
        """Put a new game in the first phase of the plan (the deal) and enter it."""
        s.phase, first = self._first
        s.current = first
        s.entering = 0
        self._enter(s)

    def leave(self, s: State) -> None:
        """The current phase is done: take the first of its exits whose condition holds now,
        or go on to the next phase of the plan that is wanted now, and enter it."""
        for when, to, current in self._ways[s.phase]:
            if when is None or when(s):
                s.phase, s.current = to, current
                self._enter(s)
                return
        raise MachineError(f"no way on from the {s.phase} phase")

    @staticmethod
    def _enter(s: State) -> None:
        """Enter the current phase. A phase done as soon as it is entered (a weak hand redealt
        at once, a hand thrown in) leaves from inside its ``enter``: the phase it goes on to is
        entered here in turn, not deeper in the stack, so that a run of hands dealt again is a
        loop, however long."""
        if s.entering:  # called from inside an enter: the loop below enters it next
            s.entering = 2
            return
        s.entering = 1
        try:
            s.current.enter(s)
            while s.entering == 2:
                s.entering = 1
                s.current.enter(s)
        finally:
            s.entering = 0

    def edges_from(self, phase: str) -> tuple[Edge, ...]:
        """The transitions out of a phase."""
        return tuple(e for e in self.edges if e.source == phase)

    def uses(self, phase: str) -> bool:
        """Whether the variant has the phase."""
        return phase in self.phases

    def spec(self) -> tuple[list[str], list[Transition]]:
        """The states and transitions (``trigger``, ``source`` list, ``dest``), one per trigger
        and destination."""
        grouped: dict[tuple[str, str], list[str]] = {}
        for e in self.edges:
            grouped.setdefault((e.trigger, e.dest), []).append(e.source)
        trans = [{"trigger": t, "source": sources, "dest": d} for (t, d), sources in grouped.items()]
        return [str(s) for s in self.states], trans


@functools.lru_cache(maxsize=64)
def course_for(rules: Ruleset, plan: tuple[PhaseRules, ...] = PLAN) -> Course:
    """The (cached) course of a compiled variant through a phase plan."""
    return Course(rules, plan)


def phase_spec(v: Variant) -> tuple[list[str], list[Transition]]:
    """The states and transitions (``trigger``, ``source``, ``dest``) of a variant's machine."""
    return course_for(compile_variant(v)).spec()


def phase_machine(v: Variant) -> Machine:
    """The (cached) phase machine of a variant; models keep their phase in ``phase``."""
    return course_for(compile_variant(v)).machine
