"""Learning environments: the PettingZoo environment stepped beside OpenSpiel's own euchre.

Every loop plays uniformly random legal actions for a fixed time and counts agent steps:

- ``pettingzoo env()``: the usual AEC loop over ``env(variant)`` (PettingZoo's order-checking
  wrapper included), one hand an episode: ``for agent in env.agent_iter(): obs, ... =
  env.last(); env.step(masked random id or None)``; every ``step`` is an agent step (the
  ``None`` steps of agents whose episode is over included), a decision is a step with an id;
- ``pettingzoo raw_env``: the same without the wrapper;
- ``pettingzoo env(), episode=game``: whole games;
- ``seat SeatEnv, random`` and ``greedy``: the one-seat Gymnasium environment
  (:mod:`hasenpfeffer.rl.seat`), seat 0 against that bot at the three other seats, one hand an
  episode: ``env.step(masked random id)``; each ``step`` is an agent step, and the decisions
  count every seat's (the bots' between two steps too);
- ``open_spiel python_hasenpfeffer``: our OpenSpiel game through OpenSpiel's Python API
  (chance drawn from ``chance_outcomes()``);
- ``open_spiel euchre``: OpenSpiel's own C++ euchre through its Python API, chance drawn from
  ``legal_actions()``; each ``apply_action`` at a decision is a step;
- ``open_spiel euchre, tensor + mask``: the same, reading at each decision what a learner reads,
  the information-state tensor and the legal-action mask of the player to move;
- ``vector VectorEnv, N=256``: the compiled vector environment (:mod:`hasenpfeffer.rl.vector`,
  the variants the compiled engine covers), 256 games stepped together with ``random_actions()``: each ``step`` is
  256 agent steps, each returning the game's observation and action mask;
- ``seat vector SeatVectorEnv, N=256, greedy`` and ``random``: the compiled one-seat vector
  environment (:mod:`hasenpfeffer.rl.seatvector`), seat 0 of 256 games against that bot at the
  other seats, played in the kernel, the learner's ids from ``random_actions()``: each ``step``
  is 256 agent steps, each a learner decision with its observation and mask; the decisions
  count every seat's.

Runs of the loops alternate (so that a change in the machine's load touches them alike), time
is this process's processor time, and the medians of the runs are printed.

```sh
python benchmarks/rl.py                    # euchre, 5 runs of 1 s
python benchmarks/rl.py hasenpfeffer --seconds 2 --runs 7
```
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from hasenpfeffer.rl.pettingzoo import env, raw_env

CLOCK = time.process_time
Loop = Callable[[float, int], tuple[int, int, float]]
"""A run: (agent steps, decisions, seconds) in about ``seconds`` from ``seed``."""


def pettingzoo_loop(make: Callable[[], Any]) -> Loop:
    """The AEC loop with masked random actions, a new episode when one ends."""

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        e = make()
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        steps = decisions = 0
        start = CLOCK()
        while CLOCK() - start < seconds:
            for _ in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                else:
                    e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                    decisions += 1
                steps += 1
            e.reset()
        return steps, decisions, CLOCK() - start

    return run


def seat_loop(name: str, bot: str) -> Loop | None:
    """The one-seat environment against ``bot``, masked random ids, a new hand when one ends."""
    try:
        from hasenpfeffer.rl.seat import SeatEnv
    except ImportError:
        return None

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        e = SeatEnv(name, opponents=bot, episode="hand")
        rng = np.random.default_rng(seed)
        _, info = e.reset(seed=seed)
        steps = decisions = 0
        start = CLOCK()
        while CLOCK() - start < seconds:
            _, _, terminated, truncated, info = e.step(int(rng.choice(info["legal_ids"])))
            steps += 1
            if terminated or truncated:
                assert e.game is not None
                decisions += sum(1 for x in e.game.events if x.action is not None)
                _, info = e.reset()
        return steps, decisions, CLOCK() - start

    return run


def vector_loop(name: str, games: int = 256) -> Loop | None:
    """The vector environment: ``games`` games a step, masked random ids (None where it does not
    cover the variant, or numba is missing)."""
    try:
        from hasenpfeffer.rl.vector import VectorEnv
    except ImportError:
        return None
    try:
        venv = VectorEnv(name, num_envs=games)
    except ValueError:
        return None

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        venv.reset(seed=seed)
        steps = 0
        start = CLOCK()
        while CLOCK() - start < seconds:
            for _ in range(20):
                venv.step(venv.random_actions())
            steps += 20 * games
        return steps, steps, CLOCK() - start

    return run


def seat_vector_loop(name: str, bot: str, games: int = 256) -> Loop | None:
    """The seat vector environment against ``bot``: ``games`` learner decisions a step (None
    where it does not cover the variant, or numba is missing)."""
    try:
        from hasenpfeffer.rl.seatvector import SeatVectorEnv
    except ImportError:
        return None
    try:
        venv = SeatVectorEnv(name, num_envs=games, opponents=bot)
    except ValueError:
        return None

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        venv.reset(seed=seed)
        steps = decisions = 0
        start = CLOCK()
        while CLOCK() - start < seconds:
            for _ in range(20):
                venv.step(venv.random_actions())
                decisions += int(venv.b["ln"].sum())
            steps += 20 * games
        return steps, decisions, CLOCK() - start

    return run


def openspiel_loop(name: str, params: dict[str, Any], tensors: bool = False) -> Loop | None:
    """An OpenSpiel game stepped through its Python API, one episode a state (``tensors``: the
    information-state tensor and the legal-action mask read at each decision)."""
    try:
        import pyspiel

        import hasenpfeffer.rl.openspiel  # noqa: F401  (registers python_hasenpfeffer)
    except ImportError:
        return None
    game = pyspiel.load_game(name, params)
    ours = name.startswith("python_")

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng = random.Random(seed)
        choice, decisions = rng.choice, 0
        start = CLOCK()
        while CLOCK() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if not state.is_chance_node():
                    if tensors:
                        state.information_state_tensor()
                        state.legal_actions_mask()
                    state.apply_action(choice(state.legal_actions()))
                    decisions += 1
                elif ours:
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, probs)[0])
                else:
                    state.apply_action(choice(state.legal_actions()))  # euchre's deal is uniform
        return decisions, decisions, CLOCK() - start

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="euchre", help="built-in name or path (default euchre)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each run (default 1)")
    parser.add_argument("--runs", type=int, default=5, help="runs; medians are printed (default 5)")
    args = parser.parse_args(argv)
    name = args.variant
    loops: dict[str, Loop | None] = {
        f"pettingzoo env({name})": pettingzoo_loop(lambda: env(name, episode="hand")),
        f"pettingzoo raw_env({name})": pettingzoo_loop(lambda: raw_env(name, episode="hand")),
        f"pettingzoo env({name}), episode=game": pettingzoo_loop(lambda: env(name, episode="game")),
        f"seat SeatEnv({name}), random": seat_loop(name, "random"),
        f"seat SeatEnv({name}), greedy": seat_loop(name, "greedy"),
        f"open_spiel python_hasenpfeffer({name})": openspiel_loop("python_hasenpfeffer", {"variant": name}),
        "open_spiel euchre (C++)": openspiel_loop("euchre", {}),
        "open_spiel euchre (C++), tensor + mask": openspiel_loop("euchre", {}, tensors=True),
        f"vector VectorEnv({name}), N=256": vector_loop(name),
        f"seat vector SeatVectorEnv({name}), N=256, greedy": seat_vector_loop(name, "greedy"),
        f"seat vector SeatVectorEnv({name}), N=256, random": seat_vector_loop(name, "random"),
    }
    present = {label: loop for label, loop in loops.items() if loop is not None}
    for loop in present.values():
        loop(0.2, 99)  # warm up: compile the ruleset, import everything
    runs: dict[str, list[tuple[int, int, float]]] = {label: [] for label in present}
    for seed in range(args.runs):
        for label, loop in present.items():
            runs[label].append(loop(args.seconds, seed))
    print(f"{'loop (median of ' + str(args.runs) + ' runs)':<48} {'agent steps/s':>14} {'decisions/s':>12}")
    medians = {}
    for label, rs in runs.items():
        steps = medians[label] = statistics.median(s / t for s, _, t in rs)
        decisions = statistics.median(d / t for _, d, t in rs)
        print(f"{label:<48} {steps:>14,.0f} {decisions:>12,.0f}")
    base, vector = (
        medians.get("open_spiel euchre (C++), tensor + mask"),
        medians.get(f"vector VectorEnv({name}), N=256"),
    )
    if base and vector:
        print(
            f"vector environment / OpenSpiel euchre with tensor and mask: {vector / base:.2f}x agent steps/s"
        )
    if "open_spiel euchre (C++)" not in present:
        print("open-spiel is not installed: no comparison (pip install '.[rl]' in a clone)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
