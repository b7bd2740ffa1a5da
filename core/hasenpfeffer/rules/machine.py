"""The phase machine of a variant: a ``transitions`` state machine over the phases of a hand.

States exist only for the phases a variant uses. The machine is built once per variant
and shared: a game (the model) keeps its phase in its ``state`` attribute, and only
phase changes go through the machine; card plays and bids are plain methods.

>>> from hasenpfeffer.format.variant import Variant
>>> states, _ = phase_spec(Variant(name="x"))
>>> states
['deal', 'bidding', 'trump', 'discard', 'defence', 'play', 'scoring', 'over']
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import Any

from transitions import Machine
from transitions.core import Event, MachineError

from ..format.variant import Variant

Transition = dict[str, Any]


class Phase(StrEnum):
    """The phases of a hand; a variant's machine has only those it uses."""

    DEAL = "deal"
    """Between hands: the cards are being dealt."""
    BIDDING = "bidding"
    """The auction: bids and passes (auction variants)."""
    TRUMP = "trump"
    """The auction's winner takes the widow and names trump."""
    ORDER_UP = "order-up"
    """Round one of order-up: order up the turned card's suit, or pass."""
    NAME_TRUMP = "name-trump"
    """Round two of order-up: name another suit, or pass."""
    DISCARD = "discard"
    """The maker (or the dealer who took the turned card) lays cards away."""
    EXCHANGE = "exchange"
    """A lone player and the partner who sits out exchange cards."""
    DEFENCE = "defence"
    """Defenders are offered to go alone."""
    PLAY = "play"
    """The tricks."""
    SCORING = "scoring"
    """The hand is scored (passing: the next hand is dealt, or the game ends)."""
    OVER = "over"
    """A side has won."""


def _has_partners(v: Variant) -> bool:
    return v.partnerships != "none"


def phase_spec(v: Variant) -> tuple[list[str], list[Transition]]:
    """The states and transitions (``trigger``, ``source``, ``dest``) for a variant."""
    auction = v.making.method == "auction"
    alone = v.alone.allowed != "nobody" and _has_partners(v)
    defence = _has_partners(v) and v.alone.lone_defence
    defence = defence and (alone or v.alone.lone_defence_against == "any-maker")
    widow = v.deal.kitty.use == "widow" and v.deal.kitty.size > 0
    discard = widow if auction else v.making.order_up.dealer_discards and v.deal.kitty.size > 0
    two_rounds = not auction and v.making.order_up.rounds == 2
    exchange = alone and v.alone.exchange.cards > 0
    making = ["bidding", "trump"] if auction else ["order-up"] + (["name-trump"] if two_rounds else [])
    states = ["deal", *making]
    states += ["discard"] * discard + ["defence"] * defence
    states += ["play", "scoring", "over"]

    trans: list[Transition] = []

    def add(trigger: str, source: list[str], dest: str) -> None:
        trans.append({"trigger": trigger, "source": source, "dest": dest})

    ap = v.making.all_pass
    if auction:
        add("open_bidding", ["deal"], "bidding")
        add("take_widow", ["bidding"], "trump")
        done = ["trump"]
        if ap.rule == "throw-in" or ap.forced == "joker-holder":  # the Joker may lie in the widow
            add("throw_in", ["bidding"], "scoring")
    else:
        add("turn_up", ["deal"], "order-up")
        done = ["order-up"]
        if two_rounds:
            add("turn_down", ["order-up"], "name-trump")
            done.append("name-trump")
        # all pass in the last round; a turned Joker that proposes no suit; no card to turn
        thrown = [done[-1]] if ap.rule == "throw-in" else []
        turned_joker = v.pack.jokers > 0 and v.making.order_up.turned_joker is None
        if "order-up" not in thrown and (turned_joker or v.deal.kitty.size == 0):
            thrown.insert(0, "order-up")
        if thrown:
            add("throw_in", thrown, "scoring")
    if discard:
        add("to_discard", [done[0]], "discard")
        done = [*done[1:], "discard"]
    defender_exchange = defence and v.alone.exchange.cards > 0 and v.alone.exchange.lone_defender
    if exchange or defender_exchange:
        states.insert(states.index("play") - defence, "exchange")
        add("to_exchange", list(done) + ["defence"] * defender_exchange, "exchange")
        done = [*done, "exchange"]
    if defence:
        add("to_defence", list(done), "defence")
        done = [*done, "defence"]
    add("to_play", done, "play")
    add("score", ["play"], "scoring")
    add("next_hand", ["scoring"], "deal")
    add("end_game", ["scoring"], "over")
    return states, trans


class PhaseEvent(Event):
    """A trigger that checks the source phase and sets the destination.

    The phase machine has no callbacks or conditions, so the stock event's
    processing (callbacks, logging, about 8 µs a trigger) reduces to this.
    """

    def trigger(self, model: Any, *args: Any, **kwargs: Any) -> bool:
        trans = self.transitions.get(model.phase)
        if not trans:
            raise MachineError(f"Can't trigger event {self.name} from state {model.phase}!")
        model.phase = trans[0].dest
        return True


class PhaseMachine(Machine):
    """The engine's machine class: stock transitions with :class:`PhaseEvent` triggers."""

    event_cls = PhaseEvent


@functools.lru_cache(maxsize=64)
def phase_machine(v: Variant) -> Machine:
    """The (cached) phase machine of a variant; models keep their phase in ``phase``."""
    states, trans = phase_spec(v)
    return PhaseMachine(
        model=None,
        states=states,
        transitions=trans,
        initial="deal",
        auto_transitions=False,
        model_attribute="phase",
    )
