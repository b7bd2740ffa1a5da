"""The phases of a hand as a Mermaid state diagram, each step labelled in plain words.

Drawn from the variant's course (:mod:`.machine`), so it shows exactly the machine that plays.

>>> from hasenpfeffer.format.variant import Variant
>>> print(mermaid(Variant(name="x")).splitlines()[-4])
  play --> scoring: last trick played
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..format.variant import Variant
from ..rules.ruleset import compile_variant
from .machine import course_for
from .phases.base import PhaseRules
from .phases.plan import PLAN


def _ident(state: str) -> str:
    """A Mermaid state id (no hyphens); the phase name is kept as the label."""
    return state.replace("-", "_")


def mermaid(v: Variant, plan: Sequence[PhaseRules] = PLAN) -> str:
    """The phases of a hand of ``v`` as a Mermaid ``stateDiagram-v2``."""
    course = course_for(compile_variant(v), tuple(plan))
    states = course.states
    lines = ["---", f"title: {json.dumps(v.name + ': phases of a hand')}", "---", "stateDiagram-v2"]
    lines.append("  direction LR")
    lines += [f'  state "{s}" as {_ident(s)}' for s in states]
    lines.append(f"  [*] --> {_ident(states[0])}")
    lines += [f"  {_ident(e.source)} --> {_ident(e.dest)}: {e.words}" for e in course.edges]
    lines += [f"  {_ident(s)} --> [*]" for s in states if not course.edges_from(s)]
    return "\n".join(lines)
