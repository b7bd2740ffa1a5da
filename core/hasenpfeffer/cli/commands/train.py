"""``hasenpfeffer train VARIANT``: learn a policy for a variant by self-play, on the CPU.

The policy file it writes plays as ``--bots learned:FILE`` (docs/bots.md#learned-bots).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

DESCRIPTION = (
    "Train a policy for a variant (a built-in or a house-rule file the vector environment plays):"
    " first it learns the greedy bot's choices, then masked PPO in the compiled games, against"
    " itself and the greedy bot. Every --eval-every updates it plays whole games against greedy on"
    " fixed deals and writes the file (weights, settings, progress, the learning curve), so a run"
    " stopped by Ctrl-C or --minutes goes on with --resume. Needs the learn and fast extras"
    " (pip install '.[rl,fast,learn]')."
)


def _widths(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected widths such as 256,256, read {text!r}") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The variant, the file, the budget and the method's settings."""
    from ..common import add_allow_path

    parser.description = DESCRIPTION
    parser.add_argument("variant", metavar="VARIANT", help="a built-in name or a variant file")
    parser.add_argument("--out", metavar="FILE", help="the policy file (default: VARIANT.policy here)")
    parser.add_argument("--resume", action="store_true", help="go on training the policy in --out")
    parser.add_argument("--seed", type=int, help="the run's seed (default 1)")
    parser.add_argument(
        "--updates", type=int, default=1500, help="updates in all, the run's length (default 1500)"
    )
    parser.add_argument(
        "--minutes", type=float, help="stop after this many minutes of training, wherever it is"
    )
    parser.add_argument("--imitate", type=int, help="first updates learning greedy's choices (300)")
    parser.add_argument(
        "--opponents",
        help="whom it plays after that: self, greedy, random, learned:FILE (a policy file's bot,"
        " a frozen parent say; self,greedy)",
    )
    parser.add_argument("--games", type=int, help="games stepped together per opponent (256)")
    parser.add_argument("--steps", type=int, help="decisions per game per update (16)")
    parser.add_argument("--hidden", type=_widths, help="hidden layers' widths (256,256)")
    parser.add_argument("--eval-games", type=int, help="games against greedy per evaluation (400)")
    parser.add_argument("--eval-every", type=int, help="updates between evaluations (50)")
    parser.add_argument(
        "--reward",
        choices=("hand", "game"),
        help="what a decision is credited with: its hand's margin (hand, the default) or its game's"
        " result, 1 won and -1 lost (game)",
    )
    add_allow_path(parser)
    parser.epilog = (
        "With --resume the run goes on with its file's settings; those given change from there on"
        " (the file's header keeps each earlier stage's command), but not --hidden."
    )


def run(args: argparse.Namespace) -> int:
    """Train; 0 when done, 1 for a variant or file that cannot be trained, 2 for a usage problem,
    130 when stopped by Ctrl-C (the file written, ready for --resume)."""
    from ..common import error, load_or_report

    try:
        import jax  # noqa: F401
        import optax  # noqa: F401
    except ImportError:
        error("hasenpfeffer train needs jax and optax: pip install 'hasenpfeffer[rl,fast,learn]'")
        return 2
    from ...bots.learned import PolicyError
    from ...rl.train import CHANGEABLE, Progress, Settings, train
    from ...rl.vector import refusal

    variant = load_or_report(args.variant, args.allow_path)
    if variant is None:
        return 1
    why = refusal(variant)
    if why is not None:
        error(f"{args.variant}: cannot train: {why}")
        return 1
    out = args.out or f"{variant.name}.policy"
    if args.resume and not os.path.exists(out):
        error(f"{out}: no such policy file to resume")
        return 2
    if not args.resume and os.path.exists(out):
        error(f"{out} exists: give --resume to go on training it, or another --out")
        return 2
    base = Settings()

    def given(name: str) -> Any:
        value = getattr(args, name)
        return getattr(base, name) if value is None else value

    opponents = given("opponents")
    if isinstance(opponents, str):
        opponents = tuple(o.strip() for o in opponents.split(",") if o.strip())
    settings = Settings(
        seed=given("seed"), updates=args.updates, minutes=args.minutes, imitate=given("imitate"),
        opponents=opponents, games=given("games"), steps=given("steps"), hidden=given("hidden"),
        eval_games=given("eval_games"), eval_every=given("eval_every"), reward=given("reward"),
    )  # fmt: skip
    try:
        settings.check()
    except ValueError as exc:
        error(str(exc))
        return 2
    shown = {"at": 0.0}

    def report(p: Progress, s: Settings, won: float | None) -> None:
        now = time.monotonic()
        last = p.updates == s.updates or p.updates % s.eval_every == 0
        if not last and now - shown["at"] < 10:
            return
        shown["at"] = now
        done, total = p.updates, s.updates
        left = p.seconds / max(1, done) * (total - done)
        if s.minutes is not None:
            left = min(left, max(0.0, s.minutes * 60 - p.seconds))
        rate = "" if won is None else f", won {won:.1%} of {s.eval_games} games against greedy"
        stage = "imitating greedy" if done <= s.imitate else "self-play"
        print(
            f"update {done}/{total} ({stage}): {p.games:,} games, {p.decisions:,} decisions"
            f"{rate}; {p.seconds / 60:.1f} min, about {left / 60:.1f} min left",
            flush=True,
        )

    try:
        changes = {k: getattr(settings, k) for k in CHANGEABLE if getattr(args, k) is not None}
        policy = train(variant, out, settings, args.resume, report, args.variant, changes)
    except PolicyError as exc:  # the file resumed, or an opponent's
        error(f"--resume: {exc}" if args.resume else str(exc))
        return 1
    except ValueError as exc:  # a setting the file fixes, or an opponent refused
        error(f"--resume: {exc}" if args.resume else str(exc))
        return 2
    t = policy.header["training"]
    won = policy.header["evaluation"].get("won")
    print(
        f"wrote {out}: {t['updates_done']} updates, {t['games']:,} games, {t['seconds'] / 60:.1f} min", end=""
    )
    print(
        ""
        if won is None
        else f"; the last evaluation won {won:.1%} of {t['eval_games']} games against greedy"
    )
    if t["updates_done"] < t["updates"]:
        print(
            f"stopped before update {t['updates']}: go on with hasenpfeffer train {args.variant} --out {out} --resume"
        )
        if t.get("interrupted"):
            return 130
    print(f"play it: hasenpfeffer play {args.variant} --bots learned:{out}", file=sys.stdout)
    return 0
