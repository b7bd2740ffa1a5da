"""Engine speed: random playouts beside OpenSpiel's euchre, the cost of a new game and a copy.

Every loop plays uniformly random legal actions. The loops take turns (so that both sides see
the same load on the machine), time is this process's processor time (so that a busy machine
slows both alike), and the medians of the runs are printed, with ratios:

- hands per second of whole games (``Game`` until a side wins) and of one ``Game`` per hand;
- the same through integer actions (``legal_action_ids`` / ``apply_id``) beside text actions;
- OpenSpiel's ``euchre`` through its Python API: chance (the deal) drawn from
  ``legal_actions()`` (its faster loop) and from ``chance_outcomes()``;
- microseconds for ``Game(variant)`` of an already compiled variant and for ``game.copy()``;
- with ``--compiled``, the compiled batch engine (``hasenpfeffer.batch``, numba: the extra
  ``fast``) playing whole games of the variant, ``hasenpfeffer`` and ``five-hundred`` over its
  stepped kernel (numba's compiling is left out: a first call warms each up), and ``simulate``
  of the variant on it
  with its statistics (the user's path), beside OpenSpiel's C++ loop (``pyspiel.evaluate_bots``
  with uniform random bots, one euchre hand a call);
- with ``--floor``, a stand-in engine that knows no rules beside them: each decision only
  appends one frozen event and hands back a fixed list of legal ids, as many decisions a hand
  as the variant's random hands take. No engine with a typed event per action can be faster
  through this loop, so its ratio to OpenSpiel bounds what any rules could reach.

```sh
python benchmarks/engine.py                      # euchre, 5 runs of 1 s
python benchmarks/engine.py hasenpfeffer --seconds 2 --runs 7
python benchmarks/engine.py --profile            # cProfile of the engine loop
python benchmarks/engine.py --floor              # and the rule-less stand-in beside them
python benchmarks/engine.py --compiled --seconds 1 --runs 3   # the compiled batch engine
```
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import timeit
from collections.abc import Callable
from dataclasses import dataclass

from hasenpfeffer import Game
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant

CLOCK = time.process_time
"""Processor time of this process: both sides are measured alike even on a busy machine."""
Chunk = Callable[[random.Random], tuple[int, int]]
"""Plays a batch of random decisions; returns (decisions, finished hands)."""
Loop = Callable[[float, int], tuple[int, int, float]]
CPP = "open_spiel euchre, evaluate_bots (C++)"


def timed(make_chunk: Callable[[], Chunk]) -> Loop:
    """A run: batches of ``make_chunk()`` until ``seconds`` have passed; (decisions, hands, time)."""

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng, chunk = random.Random(seed), make_chunk()
        decisions = hands = 0
        start = CLOCK()
        while CLOCK() - start < seconds:
            d, h = chunk(rng)
            decisions, hands = decisions + d, hands + h
        return decisions, hands, CLOCK() - start

    return run


def whole_games(variant: Variant) -> Loop:
    """Games played to the end, a new one when a side has won."""

    def make_chunk() -> Chunk:
        games = [Game(variant, seed=0)]

        def chunk(rng: random.Random) -> tuple[int, int]:
            g, choice, hands = games[0], rng.choice, 0
            done = len(g.hand_results)
            for _ in range(256):
                if g.is_over:
                    hands += len(g.hand_results) - done
                    g = games[0] = Game(variant, seed=rng.randrange(1 << 30))
                    done = 0
                g.apply(choice(g.legal_actions()))
            return 256, hands + len(g.hand_results) - done

        return chunk

    return timed(make_chunk)


def game_per_hand(variant: Variant, ids: bool = False) -> Loop:
    """One ``Game`` per hand (as a simulation of single hands would): create, play one hand."""

    def chunk(rng: random.Random) -> tuple[int, int]:
        choice, decisions = rng.choice, 0
        for _ in range(20):
            g = Game(variant, seed=rng.randrange(1 << 30))
            results = g.hand_results
            if ids:
                while not results:
                    g.apply_id(choice(g.legal_action_ids()))
                    decisions += 1
            else:
                while not results:
                    g.apply(choice(g.legal_actions()))
                    decisions += 1
        return decisions, 20

    return timed(lambda: chunk)


def openspiel_loop(chance_from_outcomes: bool) -> Loop | None:
    """OpenSpiel's euchre stepped through its Python API, one hand a state."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    first = game.new_initial_state()
    assert len({p for _, p in first.chance_outcomes()}) == 1, "euchre's deal is uniform"

    def chunk(rng: random.Random) -> tuple[int, int]:
        choice, decisions = rng.choice, 0
        for _ in range(20):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    # Euchre's chance nodes (the deal) are uniform: any outcome equally.
                    if chance_from_outcomes:
                        state.apply_action(choice(state.chance_outcomes())[0])
                    else:
                        state.apply_action(choice(state.legal_actions()))
                else:
                    state.apply_action(choice(state.legal_actions()))
                    decisions += 1
        return decisions, 20

    return timed(lambda: chunk)


def openspiel_cpp_loop() -> Loop | None:
    """OpenSpiel's euchre played by its C++ loop, ``evaluate_bots`` with uniform random bots: one
    hand a call (its decisions are not counted: 0)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")

    def make_chunk() -> Chunk:
        bots = [pyspiel.make_uniform_random_bot(p, p + 1) for p in range(game.num_players())]

        def chunk(rng: random.Random) -> tuple[int, int]:
            for _ in range(200):
                pyspiel.evaluate_bots(game.new_initial_state(), bots, rng.randrange(1 << 30))
            return 0, 200

        return chunk

    return timed(make_chunk)


def compiled_games(variant: Variant) -> Loop | None:
    """Whole games of uniformly random actions by the compiled batch engine, a batch a call
    (sized on the first call to about 4,000 hands); None without numba."""
    from hasenpfeffer import accel
    from hasenpfeffer.batch.coverage import refusal

    if not accel.installed() or refusal(variant) is not None:
        return None
    from hasenpfeffer.batch.run import play

    size = [64]

    def make_chunk() -> Chunk:
        def chunk(rng: random.Random) -> tuple[int, int]:
            batch = play(variant, size[0], rng.randrange(1 << 62))
            hands = len(batch.hands)
            size[0] = max(1, min(100_000, size[0] * 4000 // max(hands, 1)))
            return batch.decisions, hands

        return chunk

    return timed(make_chunk)


def simulated_games(variant: Variant) -> Loop | None:
    """The user's path: ``simulate`` of random bots on the compiled engine and one worker, its
    statistics counted (as ``hasenpfeffer simulate V --bots random --engine compiled --workers
    1``), a run of about 4,000 hands a call; None without numba."""
    from hasenpfeffer import accel
    from hasenpfeffer.batch.coverage import refusal
    from hasenpfeffer.sim.simulate import simulate

    if not accel.installed() or refusal(variant) is not None:
        return None
    size, bots = [64], ["random"] * variant.players

    def make_chunk() -> Chunk:
        def chunk(rng: random.Random) -> tuple[int, int]:
            stats = simulate(
                variant, size[0], bots, seed=rng.randrange(1 << 30), workers=1, engine="compiled"
            )
            size[0] = max(1, min(100_000, size[0] * 4000 // max(stats.hands, 1)))
            return 0, stats.hands

        return chunk

    return timed(make_chunk)


@dataclass(frozen=True, slots=True)
class StubEvent:
    """The stand-in's event: who acted and the action's id."""

    seat: int
    action: int


class Stub:
    """A stand-in engine with no rules: the floor of any engine stepped through this loop."""

    __slots__ = ("events", "n")
    LEGAL = (0, 1, 2, 3, 4)

    def __init__(self) -> None:
        self.events: list[StubEvent] = []
        self.n = 0

    def legal_action_ids(self) -> tuple[int, ...]:
        return self.LEGAL

    def apply_id(self, i: int) -> StubEvent:
        event = StubEvent(self.n & 3, i)
        self.events.append(event)
        self.n += 1
        return event


def floor_loop(per_hand: int) -> Loop:
    """One :class:`Stub` per hand of ``per_hand`` decisions, stepped like the engine's loops."""

    def chunk(rng: random.Random) -> tuple[int, int]:
        choice = rng.choice
        for _ in range(20):
            g = Stub()
            while g.n < per_hand:
                g.apply_id(choice(g.legal_action_ids()))
        return 20 * per_hand, 20

    return timed(lambda: chunk)


def decisions_per_hand(variant: Variant, hands: int = 400) -> int:
    """The mean decisions of a random hand of ``variant``, rounded."""
    rng, decisions = random.Random(0), 0
    for _ in range(hands):
        g = Game(variant, seed=rng.randrange(1 << 30))
        while not g.hand_results:
            g.apply_id(rng.choice(g.legal_action_ids()))
            decisions += 1
    return round(decisions / hands)


def micros(statement: Callable[[], object], number: int = 2000, repeat: int = 7) -> float:
    """Median microseconds of one call."""
    runs = timeit.repeat(statement, number=number, repeat=repeat, timer=CLOCK)
    return statistics.median(runs) / number * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="euchre", help="built-in name or path (default euchre)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each run (default 1)")
    parser.add_argument("--runs", type=int, default=5, help="runs; medians are printed (default 5)")
    parser.add_argument("--profile", action="store_true", help="profile the engine loop instead")
    parser.add_argument("--floor", action="store_true", help="measure the rule-less stand-in too")
    parser.add_argument(
        "--compiled",
        action="store_true",
        help="the compiled batch engine too (whole games of the variant, hasenpfeffer, five-hundred,"
        " over its stepped kernel; and simulate of the variant, its"
        " statistics counted)",
    )
    args = parser.parse_args(argv)
    variant = load_variant(args.variant)
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(game_per_hand(variant), args.seconds, 0)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0
    loops: dict[str, Loop | None] = {
        f"{args.variant}: whole games": whole_games(variant),
        f"{args.variant}: one Game per hand": game_per_hand(variant),
        f"{args.variant}: one Game per hand, ids": game_per_hand(variant, ids=True),
        "open_spiel euchre, legal_actions()": openspiel_loop(chance_from_outcomes=False),
        "open_spiel euchre, chance_outcomes()": openspiel_loop(chance_from_outcomes=True),
    }
    if args.compiled:
        for name in dict.fromkeys([args.variant, "hasenpfeffer", "five-hundred"]):
            loops[f"{name}: compiled whole games"] = compiled_games(load_variant(name))
        loops[f"{args.variant}: compiled simulate, statistics"] = simulated_games(variant)
        loops[CPP] = openspiel_cpp_loop()
    if args.floor:
        per_hand = decisions_per_hand(variant)
        loops[f"stand-in, no rules, {per_hand} decisions a hand"] = floor_loop(per_hand)
    present = {name: loop for name, loop in loops.items() if loop is not None}
    for loop in present.values():
        loop(0.2, 99)  # warm up: compile the ruleset, import everything
    runs: dict[str, list[tuple[int, int, float]]] = {name: [] for name in present}
    for seed in range(args.runs):
        for name, loop in present.items():
            runs[name].append(loop(args.seconds, seed))
    medians = {
        name: (
            statistics.median(d / s for d, _, s in rs),
            statistics.median(h / s for _, h, s in rs),
        )
        for name, rs in runs.items()
    }
    print(f"{'loop (median of ' + str(args.runs) + ' runs)':<42} {'decisions/s':>12} {'hands/s':>10}")
    for name, (dps, hps) in medians.items():
        print(f"{name:<42} {f'{dps:,.0f}' if dps else '-':>12} {hps:>10,.0f}")
    peer = medians.get("open_spiel euchre, legal_actions()")
    if peer is None:
        print("open-spiel is not installed: no comparison (pip install open-spiel)")
    else:
        print()
        print("hands/s against open_spiel's faster Python loop (legal_actions() at chance nodes):")
        for name, (_, hps) in medians.items():
            if not name.startswith("open_spiel"):
                print(f"  {name:<40} {hps / peer[1]:.2f}x")
        other = medians["open_spiel euchre, chance_outcomes()"]
        print(f"  {'(open_spiel, chance_outcomes() loop)':<40} {other[1] / peer[1]:.2f}x")
    cpp = medians.get(CPP)
    if cpp is not None:
        print()
        print("hands/s against open_spiel's C++ loop (evaluate_bots, uniform random bots):")
        for name, (_, hps) in medians.items():
            if "compiled" in name:
                print(f"  {name:<40} {hps / cpp[1]:.2f}x")
    elif args.compiled:
        print("open-spiel is not installed: no C++ loop to compare with (pip install open-spiel)")
    Game(variant, seed=1)
    created = micros(lambda: Game(variant, seed=1))
    mid = Game(variant, seed=1)
    for _ in range(7):
        mid.apply(mid.legal_actions()[0])
    copied = micros(mid.copy)
    print()
    print(f"Game(variant) of a compiled variant: {created:.1f} us (target 25 us)")
    print(f"game.copy() in the middle of a hand:  {copied:.1f} us (target 5 us)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
