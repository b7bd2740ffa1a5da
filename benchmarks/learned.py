"""A learned policy's strength, speed and learning curve.

    python benchmarks/learned.py policies/euchre.policy --games 1000         # against greedy
    python benchmarks/learned.py policies/euchre.policy --plot docs/learned-euchre.png
    python benchmarks/learned.py policies/euchre.policy --speed

Strength: whole games of the learned bot's side against greedy's over the same seeds with the
sides swapped (each seed twice), in the compiled seat environment, the learned bot choosing as
``--bots learned:FILE`` does (its best legal id, tested alike in tests/rl/test_train.py): the
share of games won with a Wilson 95% interval. Speed: decisions a second of the learned bot in
the Python engine, one view at a time (``LearnedBot.choose``), beside greedy's; then in the
compiled engine's whole games (``--games`` a process, every seat learned, beside every seat
greedy), on one core and on two processes at once, as a study's workers play. The plot is the
learning curve written in the file (share of evaluation games won against greedy by minutes of
training). These are measurements, not tests: they print figures and assert nothing.
"""

from __future__ import annotations

import argparse
import textwrap
import time

import numpy as np

from hasenpfeffer import Game, load_variant
from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.bots.learned import LearnedBot, load_policy
from hasenpfeffer.rl.ppo import params_of
from hasenpfeffer.rl.train import win_share
from hasenpfeffer.sim.stats import wilson


def strength(path: str, games: int, seed: int, variant_name: str | None = None) -> tuple[int, int]:
    """Games won by the policy's side, and games played: ``games`` seeds from each side (the
    variant of the policy's header, or ``variant_name``: a house rule's file)."""
    policy = load_policy(path)
    variant = load_variant(variant_name or policy.header["variant"])
    policy.check(variant)
    share = win_share(params_of(policy), variant, 2 * games, seed)  # the trainer's evaluation
    return round(share * 2 * games), 2 * games


def speed(path: str, decisions: int = 2000) -> dict[str, float]:
    """Decisions a second, one view at a time, of the learned bot and of greedy."""
    variant = load_variant(load_policy(path).header["variant"])
    out = {}
    for name, bot in (("learned", LearnedBot(1, path)), ("greedy", GreedyBot(1))):
        game, spent, n = Game(variant, seed=1), 0.0, 0
        while n < decisions:
            if game.is_over:
                game = Game(variant, seed=n)
            view = game.view(game.to_move)
            start = time.process_time()
            action = bot.choose(view, view.legal)
            spent += time.process_time() - start
            game.apply(action)
            n += 1
        out[name] = n / spent
    return out


def _batch(args: tuple[str, list[str], int, int]) -> tuple[int, float]:
    """Decisions taken in ``games`` compiled games from ``seed``, and the seconds they took."""
    from hasenpfeffer.batch.run import play

    name, bots, games, seed = args
    variant = load_variant(name)
    play(variant, 1, seed=seed, bots=bots)  # the kernel loaded (or compiled) first
    start = time.perf_counter()
    batch = play(variant, games, seed=seed, bots=bots)
    return batch.decisions, time.perf_counter() - start


def compiled_speed(path: str, games: int = 1000, workers: int = 2) -> dict[str, float]:
    """Decisions a second in the compiled engine's games, every seat learned (and, beside it,
    every seat greedy), on one core and on ``workers`` processes at once (a study's workers)."""
    from concurrent.futures import ProcessPoolExecutor

    name = load_policy(path).header["variant"]
    out = {}
    for who, spec in (("learned", f"learned:{path}"), ("greedy", "greedy")):
        bots = [spec] * load_variant(name).players
        decisions, seconds = _batch((name, bots, games, 1))
        out[f"{who}, one core"] = decisions / seconds
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_batch, [(name, bots, games, 1 + w) for w in range(workers)]))
        out[f"{who}, {workers} processes"] = sum(d for d, _ in parts) / max(s for _, s in parts)
    return out


def plot(path: str, to: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    header = load_policy(path).header
    curve = np.array(header["evaluation"]["curve"])
    t = header["training"]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(curve[:, 0], 100 * curve[:, 2], marker="o", markersize=3)
    ax.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    ax.axvline(
        curve[min(len(curve), t["imitate"] // t["eval_every"]) - 1, 0],
        color="grey",
        linewidth=0.8,
        linestyle=":",
    )
    ax.set_xlabel("minutes of training (two cores; the dotted line: imitation ends)")
    ax.set_ylabel(f"% of {t['eval_games']} games won against greedy")
    ax.set_title("\n".join(textwrap.wrap(f"{header['variant']}: {t['command']}", 90)), fontsize=8)
    fig.tight_layout()
    fig.savefig(to, dpi=110)
    print(f"wrote {to}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("policy")
    parser.add_argument("--games", type=int, default=1000, help="seeds, each played from both sides")
    parser.add_argument("--seed", type=int, default=20261207)
    parser.add_argument("--plot", metavar="PNG")
    parser.add_argument("--speed", action="store_true")
    parser.add_argument("--variant", help="the variant file a house rule's policy was trained on")
    args = parser.parse_args()
    if args.plot:
        plot(args.policy, args.plot)
        return
    if args.speed:
        for name, rate in speed(args.policy).items():
            print(
                f"{name:>8}: {rate:,.0f} decisions/s, {1e3 / rate:.3f} ms a decision (Python engine, one view at a time)"
            )
        for name, rate in compiled_speed(args.policy, args.games).items():
            print(
                f"{name:>21}: {rate:,.0f} decisions/s (compiled engine, whole games, {args.games:,} a process)"
            )
        return
    won, played = strength(args.policy, args.games, args.seed, args.variant)
    low, high = wilson(won, played)
    header = load_policy(args.policy).header
    print(
        f"{header['variant']}: learned won {won} of {played} games against greedy, {won / played:.1%}"
        f" (95% interval {low:.1%}-{high:.1%}), seeds from {args.seed}, each from both sides"
    )


if __name__ == "__main__":
    main()
