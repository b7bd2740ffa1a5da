"""The phases of a hand as a Mermaid state diagram, each step labelled in plain words.

>>> from hasenpfeffer.format.variant import Variant
>>> print(mermaid(Variant(name="x")).splitlines()[-4])
  play --> scoring: last trick played
"""

from __future__ import annotations

import json

from ..format.variant import Variant
from .machine import phase_spec


def _throw_in(v: Variant, source: str) -> str:
    """Why a hand is thrown in from ``source``."""
    ap, ou = v.making.all_pass, v.making.order_up
    if source == "bidding":
        if ap.rule == "throw-in":
            return "everyone passed, thrown in"
        return "everyone passed and the Joker is in the widow, thrown in"
    if source == "name-trump":
        return "everyone passed again, thrown in"
    reasons = []
    if ap.rule == "throw-in" and ou.rounds == 1:
        reasons.append("everyone passed")
    if v.pack.jokers > 0 and ou.turned_joker is None and v.deal.kitty.size > 0:
        reasons.append("the Joker turned up")
    if v.deal.kitty.size == 0:
        reasons.append("no card to turn up")
    return " or ".join(reasons) + ", thrown in"


def label(v: Variant, trigger: str, source: str) -> str:
    """What happens, in words, when the hand moves on by ``trigger`` from ``source``."""
    widow = v.deal.kitty.use == "widow" and v.deal.kitty.size > 0
    discards = v.deal.kitty.size
    if trigger == "throw_in":
        return _throw_in(v, source)
    if trigger == "to_play":
        return {
            "trump": "trump named",
            "name-trump": "trump named",
            "order-up": "card ordered up",
            "discard": "discarded",
            "exchange": "cards exchanged",
            "defence": "defenders answered",
        }[source]
    if trigger == "to_exchange":
        if source == "defence":
            return "a defender goes alone, exchanges with the partner"
        return "the maker goes alone, exchanges with the partner"
    if trigger == "to_defence":
        if v.alone.lone_defence_against == "lone-maker" and source != "exchange":
            return "the maker goes alone, a defender may too"
        return "a defender may go alone"
    if trigger == "to_discard":
        if source == "order-up":
            return "ordered up, the dealer takes the card and discards one"
        return f"trump named, the maker discards {discards} card{'s' * (discards > 1)}"
    if trigger == "take_widow":
        return "auction won, the maker takes the widow" if widow else "auction won"
    if trigger == "turn_up":
        return "cards dealt, a card turned up" if v.deal.kitty.size > 0 else "cards dealt"
    return {
        "open_bidding": "cards dealt",
        "turn_down": "nobody ordered up, the card turned down",
        "score": "last trick played",
        "next_hand": "game not over, next deal",
        "end_game": "game won",
    }[trigger]


def _ident(state: str) -> str:
    """A Mermaid state id (no hyphens); the phase name is kept as the label."""
    return state.replace("-", "_")


def mermaid(v: Variant) -> str:
    """The phases of a hand of ``v`` as a Mermaid ``stateDiagram-v2``."""
    states, transitions = phase_spec(v)
    lines = ["---", f"title: {json.dumps(v.name + ': phases of a hand')}", "---", "stateDiagram-v2"]
    lines.append("  direction LR")
    lines += [f'  state "{s}" as {_ident(s)}' for s in states]
    lines.append(f"  [*] --> {_ident(states[0])}")
    for t in transitions:
        for source in t["source"]:
            text = label(v, t["trigger"], source)
            lines.append(f"  {_ident(source)} --> {_ident(t['dest'])}: {text}")
    lines.append("  over --> [*]")
    return "\n".join(lines)
