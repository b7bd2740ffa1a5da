"""The mutable state of a game: plain attributes in slots, so copies are cheap."""

from __future__ import annotations

import random
from typing import Any

from ..format.variant import Variant
from ..rules.actions import Action, LegalActions
from ..rules.plan import Plan
from ..rules.ruleset import Ruleset
from .view import HandResult

FixedDeal = tuple[int | None, list[list[int]], list[int]]
"""A given deal: the dealer (or None), hands and kitty as card ids."""


class GameState:
    """Slots shared by the engine's parts; see :class:`hasenpfeffer.engine.game.Game`."""

    __slots__ = (
        "_actions",
        "_active",
        "_deal_log",
        "_deals",
        "_discards",
        "_eff",
        "_exch",
        "_keys",
        "_led",
        "_legal",
        "_log",
        "_next",
        "_offer",
        "_p",
        "_passed",
        "_rec",
        "_redeal_same",
        "_rng_shared",
        "_spoken",
        "alone",
        "bid_name",
        "dealer",
        "def_alone",
        "discards_left",
        "forced",
        "hand_results",
        "hands",
        "high",
        "high_seat",
        "kitty",
        "leader",
        "maker",
        "multiplier",
        "out",
        "required",
        "rng",
        "rules",
        "scores",
        "seed",
        "state",
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
    _p: Plan
    rng: random.Random
    _rng_shared: bool
    seed: int | None
    state: str
    dealer: int
    to_move: int | None
    scores: tuple[int, ...]
    hand_results: list[HandResult]
    winner: int | None
    _log: list[dict[str, Any]]
    _rec: list[dict[str, Any]]
    _deals: list[FixedDeal]
    _legal: LegalActions | None
    # the hand
    _deal_log: dict[str, Any]
    _actions: list[Action]
    hands: list[list[int]]
    kitty: list[int]
    turned: int | None
    widow_taken: tuple[int, ...]
    _discards: list[tuple[int, int]]
    high: int
    high_seat: int | None
    _passed: list[bool]
    _redeal_same: bool
    _spoken: int
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
    _exch: list[tuple[int, int]]
    _offer: list[int]
    # play
    _active: int
    _next: list[int]
    _eff: list[int]
    _keys: list[list[int]]
    _led: int
    leader: int
    trick: list[tuple[int, int]]
    tricks: list[tuple[int, tuple[tuple[int, int], ...], int]]
    won: list[int]

    def _go(self, trigger: str) -> None:
        """Change phase through the phase machine."""
        self._p.trigger[trigger](self)

    def _start_play(self) -> None:
        raise NotImplementedError

    def _throw_in(self, same_dealer: bool | None = None) -> None:
        raise NotImplementedError
