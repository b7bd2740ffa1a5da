"""The mutable state of a game: plain attributes in slots, so that copies are cheap.

The phases (:mod:`~hasenpfeffer.engine.auction`, :mod:`~hasenpfeffer.engine.orderup`, ...)
read and change it; the :class:`~hasenpfeffer.engine.game.Game` wraps it. Cards are the ids
of the compiled :class:`~hasenpfeffer.rules.ruleset.Ruleset`.
"""

from __future__ import annotations

import random

from ..format.variant import Variant
from ..rules.actions import LegalActions
from ..rules.plan import Plan
from ..rules.ruleset import Ruleset
from .events import Event
from .view import HandResult

FixedDeal = tuple[int | None, list[list[int]], list[int]]
"""A given deal: the dealer (or None), hands and kitty as card ids."""
Played = tuple[int, tuple[tuple[int, int], ...], int]
"""A finished trick: leader, (seat, card) in play order, winner."""


class State:
    """Everything that changes during a game."""

    __slots__ = (
        "active",
        "alone",
        "bid_name",
        "dealer",
        "deals",
        "def_alone",
        "discards",
        "discards_left",
        "eff",
        "events",
        "exch",
        "forced",
        "hand_events",
        "hand_results",
        "hands",
        "high",
        "high_seat",
        "keys",
        "kitty",
        "leader",
        "led",
        "legal",
        "maker",
        "multiplier",
        "next",
        "offer",
        "out",
        "passed",
        "phase",
        "plan",
        "redeal_same",
        "required",
        "rng",
        "rng_shared",
        "rules",
        "scores",
        "seed",
        "spoken",
        "to_move",
        "trick",
        "tricks",
        "trump_i",
        "turned",
        "variant",
        "widow_taken",
        "winner",
        "won",
    )

    variant: Variant
    rules: Ruleset
    plan: Plan
    rng: random.Random
    rng_shared: bool
    seed: int | None
    phase: str
    dealer: int
    to_move: int | None
    scores: tuple[int, ...]
    hand_results: list[HandResult]
    winner: int | None
    deals: list[FixedDeal]
    legal: LegalActions | None
    events: list[Event]
    hand_events: int
    # the hand
    hands: list[list[int]]
    kitty: list[int]
    turned: int | None
    widow_taken: tuple[int, ...]
    discards: list[tuple[int, int]]
    high: int
    high_seat: int | None
    passed: list[bool]
    redeal_same: bool
    spoken: int
    maker: int | None
    bid_name: str | None
    required: int
    multiplier: int
    forced: bool
    trump_i: int | None
    alone: bool
    def_alone: int | None
    out: list[bool]
    discards_left: int
    exch: list[tuple[int, int]]
    offer: list[int]
    # play
    active: int
    next: list[int]
    eff: list[int]
    keys: list[list[int]]
    led: int
    leader: int
    trick: list[tuple[int, int]]
    tricks: list[Played]
    won: list[int]

    def go(self, trigger: str) -> None:
        """Change phase through the variant's phase machine."""
        self.plan.trigger[trigger](self)

    def copy(self) -> State:
        """An independent copy; the random generator is shared until either deals again."""
        new = State.__new__(State)
        for slot in _SHARED:
            setattr(new, slot, getattr(self, slot))
        for slot in _LISTS:
            setattr(new, slot, getattr(self, slot)[:])
        new.hands = [h[:] for h in self.hands]
        self.rng_shared = new.rng_shared = True
        return new


_LISTS = (
    "discards",
    "deals",
    "events",
    "exch",
    "hand_results",
    "kitty",
    "next",
    "offer",
    "out",
    "passed",
    "trick",
    "tricks",
    "won",
)
_SHARED = tuple(s for s in State.__slots__ if s not in _LISTS and s != "hands")
