"""Any variant as an OpenSpiel game: ``python_hasenpfeffer``, registered when this module is imported.

Parameters: ``variant`` (a built-in name or a path; default ``hasenpfeffer``, as for the
PettingZoo environment), ``episode`` (``hand``, the default, or ``game``) and ``max_hands`` (a
game episode's most hands, default 100). The deal is chance (see :mod:`~hasenpfeffer.rl.table`); actions are the ids of the
variant's action space; observations and information states come from an observer
writing the seat's view (:mod:`~hasenpfeffer.observe.layout`, with every card played in order for
the information state) and, as text, what the seat has seen. With two sides the game is
zero-sum (a side's score change minus the other's, as OpenSpiel's ``euchre``); with more it
is general-sum. ``resample_from_infostate`` gives a state that the player cannot tell apart
from this one (for information-set search).

>>> import pyspiel
>>> game = pyspiel.load_game("python_hasenpfeffer", {"variant": "euchre"})
>>> game.num_players(), game.num_distinct_actions(), game.get_type().utility
(4, 59, <Utility.ZERO_SUM: 0>)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 4)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ..format.variant import Variant
from ..observe.bounds import decisions_per_hand, difference_bound, hand_points
from ..observe.layout import layout
from ..observe.observation import encoder
from ..rules.actionspace import action_space
from . import DEFAULT_VARIANT
from .table import EPISODES, Table, variant_named

DEFAULTS: dict[str, Any] = {"variant": DEFAULT_VARIANT, "episode": "hand", "max_hands": 100}
"""The parameters and their defaults."""
RESAMPLES = 10
"""Episodes drawn by :meth:`HasenpfefferState.resample_from_infostate` before it gives up (each
one the player should not be able to tell apart: one it can is drawn again)."""
_Type = pyspiel.GameType


def game_type(variant: Variant | None = None, episode: str = "hand") -> Any:
    """The ``GameType`` of a variant (the registered one when None): zero-sum with two sides."""
    two = variant is None or len(variant.teams) == 2
    return _Type(
        short_name="python_hasenpfeffer",
        long_name="Python Hasenpfeffer" + ("" if variant is None else f" ({variant.name})"),
        dynamics=_Type.Dynamics.SEQUENTIAL,
        chance_mode=_Type.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_Type.Information.IMPERFECT_INFORMATION,
        utility=_Type.Utility.ZERO_SUM if two else _Type.Utility.GENERAL_SUM,
        reward_model=_Type.RewardModel.TERMINAL if episode == "hand" else _Type.RewardModel.REWARDS,
        max_num_players=8 if variant is None else variant.players,
        min_num_players=2 if variant is None else variant.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


class HasenpfefferGame(pyspiel.Game):  # type: ignore[misc]
    """A variant as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        spec, episode, max_hands = str(params["variant"]), str(params["episode"]), int(params["max_hands"])
        if episode not in EPISODES:
            raise ValueError(f"episode must be 'hand' or 'game', read {episode!r}")
        if max_hands < 1:
            raise ValueError(f"max_hands must be 1 or more, read {max_hands}")
        self.variant = v = variant_named(spec)
        self.spec, self.episode = spec, episode
        self.max_hands = hands = 1 if episode == "hand" else max_hands
        n = v.players
        if len(v.teams) == 2:
            top = float(difference_bound(v) * hands)
            low, high, total = -top, top, 0.0
        else:
            lo, hi = hand_points(v)
            low, high, total = float(lo * hands), float(hi * hands), None
        info = pyspiel.GameInfo(
            num_distinct_actions=action_space(v).size,
            max_chance_outcomes=max(n, len(layout(v).cards)),
            num_players=n,
            min_utility=min(low, -1.0),
            max_utility=max(high, 1.0),
            utility_sum=total,
            max_game_length=decisions_per_hand(v) * hands,
        )
        super().__init__(
            game_type(v, episode), info, {"variant": spec, "episode": episode, "max_hands": max_hands}
        )

    def new_initial_state(self) -> HasenpfefferState:
        """A game before the first dealer is drawn."""
        return HasenpfefferState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer: the observation, or with perfect recall the information state."""
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.variant, recall)


class HasenpfefferState(pyspiel.State):  # type: ignore[misc]
    """A state: chance deals, seats decide (see :class:`~hasenpfeffer.rl.table.Table`)."""

    def __init__(self, game: HasenpfefferGame) -> None:
        super().__init__(game)
        self.table = Table(game.variant, game.spec, game.episode, game.max_hands)

    def current_player(self) -> int:
        """The player to decide, or chance, or terminal."""
        t = self.table
        if t.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if t.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        seat = t.to_move()
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal's next outcomes and their probabilities."""
        return self.table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.table.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.table.action_text(action, chance=player == pyspiel.PlayerId.CHANCE)

    def is_terminal(self) -> bool:
        """The episode is over."""
        return self.table.over

    def returns(self) -> list[float]:
        """Each player's total so far."""
        return self.table.returns[:]

    def rewards(self) -> list[float]:
        """Each player's reward since the last decision."""
        return self.table.rewards[:]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HasenpfefferState:
        """A state ``player_id`` cannot tell from this one (the same information state), the
        hidden cards of the current hand drawn anew (see :meth:`~.table.Table.resample`); the
        draw is seeded by ``probability_sampler()``, so a seeded sampler repeats it."""
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else random.getrandbits(31)
        rng = random.Random(seed)
        seen = self.information_state_string(player_id)
        for _ in range(RESAMPLES):
            state = self.get_game().new_initial_state()
            for a in self.table.resample(player_id, rng):
                state.apply_action(a)
            if state.information_state_string(player_id) == seen:
                return state  # type: ignore[no-any-return]
        raise RuntimeError(f"no state found for player {player_id} in {RESAMPLES} draws")

    def __str__(self) -> str:
        return str(self.table)


class BotPlayer(pyspiel.Bot):  # type: ignore[misc]
    """One of our bots, by its spec (``greedy``, ``pimc``, ``learned:FILE``...), as an OpenSpiel
    bot for a seat of ``python_hasenpfeffer``: it chooses from the seat's view, as in ``play``
    and ``simulate``, and answers with the action's id (so ``evaluate_bots`` can set it against
    OpenSpiel's own bots).

    >>> from open_spiel.python.algorithms import evaluate_bots
    >>> game = pyspiel.load_game("python_hasenpfeffer", {"variant": "euchre"})
    >>> bots = [BotPlayer("greedy", seat, seed=seat) for seat in range(4)]
    >>> returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    >>> len(returns), sum(returns)
    (4, 0.0)
    """

    def __init__(self, spec: str, player_id: int, seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        from ..bots.registry import load_bot

        self.bot, self.player_id, self.spec = load_bot(spec, seed), player_id, spec

    def step(self, state: HasenpfefferState) -> int:
        """The id of the bot's choice in ``state`` (its seat to move)."""
        game = state.table.game
        if game is None or game.to_move != self.player_id:
            raise ValueError(f"bot {self.spec!r} of seat {self.player_id} asked to move out of turn")
        from ..bots.registry import check_fits

        check_fits(self.bot, game.variant)
        view = game.view(self.player_id)
        return int(game.action_space.encode(self.bot.choose(view, view.legal)))

    def restart_at(self, state: HasenpfefferState) -> None:
        """Nothing kept between episodes."""

    def inform_action(self, state: HasenpfefferState, player_id: int, action: int) -> None:
        """The bot reads everything from the seat's view: nothing to note."""


class Observer:
    """Writes a player's view into ``tensor`` (and its named pieces in ``dict``), or as text."""

    def __init__(self, variant: Variant, perfect_recall: bool) -> None:
        self.encoder = encoder(variant, perfect_recall)
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.encoder.layout.size, np.float32)
        self.dict = self.encoder.pieces(self.tensor)

    def set_from(self, state: HasenpfefferState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into the tensor."""
        view = state.table.view(player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoder.encode(view)

    def string_from(self, state: HasenpfefferState, player: int) -> str:
        """The information state (everything seen, in order) or the observation, as text."""
        t = state.table
        return t.info_string(player) if self.perfect_recall else t.observation_string(player)


pyspiel.register_game(game_type(), HasenpfefferGame)
