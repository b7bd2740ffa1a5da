"""Bots' decisions valued on the true deal: paired comparisons with a fraction of a match's noise.

    python benchmarks/decisions.py --variant euchre --games 40 --probe pimc --probe mc --probe greedy
    python benchmarks/decisions.py --probe pimc --probe pimc:worlds=64 --games 80 --workers 2
    python benchmarks/decisions.py --variant hasenpfeffer-pepper --kind making --probe pimc --probe mc

``--bot`` (pimc) plays the seats of the first team against ``--against`` (mc). At each of that
team's decisions with more than one legal action, every probe (a bot spec, its own object for
each seat, so that what it keeps from one decision to the next stays its own) chooses from the
same view, and every legal action is valued on the true deal: a card by the score margin of
its side, and by the tricks the side then takes, with best play, every hand seen (double dummy,
as ``hasenpfeffer analyze`` values it; points are what the bots play for, and a trick may count
for nothing or against the side: set makers in hasenpfeffer lose a point for each trick they
took); a making choice (a bid, a pass, an order-up, a trump, a discard...) by the score margin
of the side when greedy finishes the making and the play is solved double dummy, the way pimc
values a choice in each of its worlds. A probe's *regret* at a decision is the best action's
value minus its choice's. The table prints each probe's mean regret and its difference from
the first probe's over the same decisions, with standard errors clustered by game: the luck of
the deals, which dominates a match, falls on every probe alike. Only the table's actions are
played; the probes' choices are valued, not played on. Two probes of the same bot show the
noise floor: they differ only by the worlds they drew.

What it does not see: how a choice fares against the real play that follows (double dummy is
the same for every probe), and the value of a choice that only shows later. A making choice is
valued with greedy deciding the rest of the making for every seat, which is mc's own model of
it: in an auction, where the bids after a bid decide what it is worth, that model favours mc
(in hasenpfeffer-pepper mc's bids value better than pimc's by it, while pimc wins 64% of the
games against mc). Matches (``bots.py``) remain the measure of strength; this
tells quickly whether a change chooses better. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import math
import statistics
from concurrent.futures import ProcessPoolExecutor

from hasenpfeffer.bots.base import Bot
from hasenpfeffer.bots.pimc import PimcBot, hand_value, taken_by
from hasenpfeffer.bots.registry import load_bot
from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.rules.actions import Action, Verb
from hasenpfeffer.rules.plan import plan_for
from hasenpfeffer.sim.simulate import game_seed
from hasenpfeffer.solver import Solver, analyse_moves

Row = tuple[str, list[float], list[float], int]
"""One decision: its kind ("play" or "making"), each probe's regret in points and (of a card)
in tricks, and its game's seed."""
HANDS = 200
"""Hands after which a game is given up (as the matches do)."""


def values(game: Game, judge: PimcBot) -> dict[Action, tuple[float, float]]:
    """Every legal action of the seat to move, valued on the true deal: the side's score margin
    in points, and (of a card) the tricks the side takes from there."""
    s = game.to_move
    assert s is not None
    legal = game.legal_actions()
    if legal[0].verb == Verb.PLAY:
        taken = taken_by(game, s)
        return {
            a: (hand_value(game, s, taken + v), float(v)) for a, v in analyse_moves(game, Solver()).items()
        }
    side = plan_for(game.rules).side_of[s]
    solver = Solver()
    out = {}
    for a in legal:
        margin = judge.outcome(game.copy(), a, s, side, None, solver, None)[0]
        out[a] = (margin, margin)
    return out


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
            best = [max(v[i] for v in worth.values()) for i in (0, 1)]
            chosen = [worth[p.choose(view, legal)] for p in probing[s]]
            rows.append((which, [best[0] - c[0] for c in chosen], [best[1] - c[1] for c in chosen], seed))
        game.apply(table[s].choose(view, legal))
    return rows


def report(kind: str, probes: list[str], rows: list[Row]) -> None:
    """Each probe's mean regret, and its difference from the first probe's, with standard errors."""
    mine = [r for r in rows if r[0] == kind]
    print(f"  {kind}: {len(mine)} decisions")
    if not mine:
        return
    games = [r[3] for r in mine]
    units = ("points", "tricks") if kind == "play" else ("points",)
    for i, probe in enumerate(probes):
        line = f"    {probe:<24}"
        for u, unit in enumerate(units):
            own = [_regrets(r, u)[i] for r in mine]
            line += f" regret {statistics.fmean(own):.4f} ± {_se(own, games):.4f} {unit}"
            if i:
                diff = [_regrets(r, u)[i] - _regrets(r, u)[0] for r in mine]
                line += f" (minus {probes[0]}: {statistics.fmean(diff):+.4f} ± {_se(diff, games):.4f})"
            line += ";" if u + 1 < len(units) else ""
        print(line)


def _regrets(row: Row, unit: int) -> list[float]:
    """The probes' regrets of a decision in points (``unit`` 0) or tricks (1)."""
    return row[1] if unit == 0 else row[2]


def _se(xs: list[float], games: list[int]) -> float:
    """The standard error of the mean of ``xs``, clustered by game: the decisions of one hand
    share a bot's worlds and the cards, so they are not independent draws."""
    n = len(xs)
    if n < 2 or len(set(games)) < 2:
        return 0.0
    mean = statistics.fmean(xs)
    sums: dict[int, float] = {}
    for x, g in zip(xs, games, strict=True):
        sums[g] = sums.get(g, 0.0) + x - mean
    k = len(sums)
    return math.sqrt(k / (k - 1) * sum(v * v for v in sums.values())) / n


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
    for spec in {args.bot, args.against, *probes}:
        try:
            load_bot(spec)
        except ValueError as e:
            raise SystemExit(f"decisions.py: {e}") from None
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    jobs = [(args.variant, args.bot, args.against, probes, args.kind, s) for s in seeds]
    with ProcessPoolExecutor(args.workers) as pool:
        found = [row for rows in pool.map(play, *zip(*jobs, strict=True)) for row in rows]
    print(
        f"{args.variant}: {args.games} games, {args.bot} against {args.against}, seed {args.seed};"
        f" the decisions of {args.bot}'s seats"
    )
    for kind in ("play", "making"):
        if args.kind in ("all", kind):
            report(kind, probes, found)


if __name__ == "__main__":
    main()
