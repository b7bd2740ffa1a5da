"""Bots' decisions valued on the true deal: paired comparisons with a fraction of a match's noise.

    python benchmarks/decisions.py --variant euchre --games 40 --probe pimc --probe mc --probe greedy
    python benchmarks/decisions.py --probe pimc --probe pimc:worlds=64 --games 80 --workers 2
    python benchmarks/decisions.py --variant hasenpfeffer-pepper --kind making --probe pimc --probe mc

``--bot`` (pimc) plays the seats of the first team against ``--against`` (mc). At each of that
team's decisions with more than one legal action, every probe (a bot spec, its own object for
each seat, so that what it keeps from one decision to the next stays its own) chooses from the
same view, and every legal action is valued on the true deal: a card by the tricks its side
then takes with best play, every hand seen (double dummy, as ``hasenpfeffer analyze`` values
it); a making choice (a bid, a pass, an order-up, a trump, a discard...) by the score margin
of the side when greedy finishes the making and the play is solved double dummy, the way pimc
values a choice in each of its worlds. A probe's *regret* at a decision is the best action's
value minus its choice's. The table prints each probe's mean regret and its difference from
the first probe's over the same decisions, with standard errors: the luck of the deals, which
dominates a match, falls on every probe alike. Only the table's actions are played; the
probes' choices are valued, not played on.

What it does not see: how a choice fares against the real play that follows (double dummy is
the same for every probe), and the value of a choice that only shows later (a pass that lets
a partner's better contract come). Matches (``bots.py``) remain the measure of strength; this
tells quickly whether a change chooses better. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import math
import statistics
from concurrent.futures import ProcessPoolExecutor

from hasenpfeffer.bots.base import Bot
from hasenpfeffer.bots.pimc import PimcBot
from hasenpfeffer.bots.registry import load_bot
from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.rules.actions import Action, Verb
from hasenpfeffer.rules.plan import plan_for
from hasenpfeffer.sim.simulate import game_seed
from hasenpfeffer.solver import Solver, analyse_moves

Row = tuple[str, list[float]]
"""One decision: its kind ("play" or "making") and each probe's regret."""
HANDS = 200
"""Hands after which a game is given up (as the matches do)."""


def values(game: Game, judge: PimcBot) -> dict[Action, float]:
    """Every legal action of the seat to move, valued on the true deal."""
    s = game.to_move
    assert s is not None
    legal = game.legal_actions()
    if legal[0].verb == Verb.PLAY:
        return {a: float(v) for a, v in analyse_moves(game.copy(), Solver()).items()}
    side = plan_for(game.rules).side_of[s]
    solver = Solver()
    return {a: judge.outcome(game.copy(), a, s, side, None, solver, None)[0] for a in legal}


def play(variant_name: str, bot: str, against: str, probes: list[str], kind: str, seed: int) -> list[Row]:
    """One game of ``bot`` (first team) against ``against``; the probes' regrets at the first
    team's decisions of ``kind`` ("play", "making" or "all")."""
    variant = load_variant(variant_name)
    game = Game(variant, seed=seed)
    ours = {s for s in range(variant.players) if variant.team_of(s) == 0}
    table: list[Bot] = [
        load_bot(bot if s in ours else against, game_seed(seed, s, "bot")) for s in range(variant.players)
    ]
    probing = {s: [load_bot(p, game_seed(seed, s, f"probe{i}")) for i, p in enumerate(probes)] for s in ours}
    judge = PimcBot(seed)
    rows: list[Row] = []
    while not game.is_over and len(game.hand_results) < HANDS:
        s = game.to_move
        assert s is not None
        view = game.view(s)
        legal = view.legal
        which = "play" if legal[0].verb == Verb.PLAY else "making"
        if s in ours and len(legal) > 1 and kind in (which, "all"):
            worth = values(game, judge)
            best = max(worth.values())
            rows.append((which, [best - worth[p.choose(view, legal)] for p in probing[s]]))
        game.apply(table[s].choose(view, legal))
    return rows


def report(kind: str, unit: str, probes: list[str], rows: list[list[float]]) -> None:
    """Each probe's mean regret, and its difference from the first probe's, with standard errors."""
    n = len(rows)
    print(f"  {kind}: {n} decisions (regret in {unit})")
    if not n:
        return
    for i, probe in enumerate(probes):
        mine = [r[i] for r in rows]
        line = f"    {probe:<28} regret {statistics.fmean(mine):7.4f} ± {_se(mine):.4f}"
        if i:
            diff = [r[i] - r[0] for r in rows]
            changed = sum(1 for d in diff if d)
            line += f"   minus {probes[0]}: {statistics.fmean(diff):+.4f} ± {_se(diff):.4f} ({changed} differ in value)"
        print(line)


def _se(xs: list[float]) -> float:
    return statistics.pstdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--variant", default="euchre")
    parser.add_argument("--bot", default="pimc", help="the first team's bot, whose game is played")
    parser.add_argument("--against", default="mc")
    parser.add_argument("--probe", action="append", help="a bot spec whose choices are valued (repeatable)")
    parser.add_argument("--kind", choices=("all", "play", "making"), default="all")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    probes = args.probe or [args.bot, args.against]
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    jobs = [(args.variant, args.bot, args.against, probes, args.kind, s) for s in seeds]
    with ProcessPoolExecutor(args.workers) as pool:
        found = [row for rows in pool.map(play, *zip(*jobs, strict=True)) for row in rows]
    print(
        f"{args.variant}: {args.games} games, {args.bot} against {args.against}, seed {args.seed};"
        f" the decisions of {args.bot}'s seats"
    )
    if args.kind in ("all", "play"):
        report("play", "tricks, double dummy", probes, [r for k, r in found if k == "play"])
    if args.kind in ("all", "making"):
        report(
            "making",
            "points, greedy finishing the making, double dummy",
            probes,
            [r for k, r in found if k == "making"],
        )


if __name__ == "__main__":
    main()
