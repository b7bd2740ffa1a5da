"""``hasenpfeffer play``: a person plays one seat against bots in the terminal."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from ...bots import DEFAULT_BOT
from ..common import add_allow_path, error, find_bots_here, seed_type
from ..ui.table import DEFAULT_SAVE, PERSON, Ask, Session


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``hasenpfeffer play``."""
    parser.add_argument(
        "variant", nargs="?", default=None, help="built-in name or file (default hasenpfeffer)"
    )
    parser.add_argument("--seat", type=int, default=None, help="the seat you play (default 0)")
    parser.add_argument(
        "--bots",
        default=None,
        metavar="NAME | A,B,..",
        help="bot for every other seat, or one per other seat in seat order (built-ins: random, greedy, mc,"
        " pimc, with parameters as pimc:worlds=32; or module:Class, found in the current folder too;"
        f" default {DEFAULT_BOT})",
    )
    parser.add_argument("--seed", type=seed_type, default=None, help="seed of the deal and the bots")
    parser.add_argument(
        "--save", metavar="FILE", default=None, help="save the game record here at the end or on quit"
    )
    parser.add_argument("--resume", metavar="FILE", default=None, help="continue a saved game record")
    add_allow_path(parser)
    parser.add_argument(
        "--delay",
        type=seconds,
        default=None,
        help="seconds between bot actions (default 0.5 in a terminal, else 0)",
    )


def seconds(text: str) -> float:
    """A delay in seconds: a number from 0 to 60.

    >>> seconds("0.25")
    0.25
    >>> seconds("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: give seconds from 0 to 60, not -1
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a number of seconds, not {text!r}") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"give seconds from 0 to 60, not {text}")
    return value


def saved_bots(players: object) -> str:
    """The bots of a saved record's ``players`` (every name but ``person``): built-ins only.

    A record is data from anywhere, so a bot that is not built in is never loaded from it:
    that takes ``--bots`` on the command line.

    >>> saved_bots(["greedy", "person", "mc", "random"])
    'greedy,mc,random'
    >>> saved_bots(["person", "os:_exit", "greedy", "greedy"])
    Traceback (most recent call last):
    ...
    ValueError: the record names bot 'os:_exit' for seat 1, which is not a built-in bot (random, greedy, mc, pimc); a record never loads code: pass --bots explicitly to play on with it
    """
    from ...bots.registry import BUILTIN
    from ...format.errors import quote

    if not isinstance(players, list | tuple) or PERSON not in players:
        return ""
    for s, name in enumerate(players):
        if name != PERSON and not _builtin(name):
            raise ValueError(
                f"the record names bot {quote(repr(name))} for seat {s}, which is not a built-in bot"
                f" ({', '.join(BUILTIN)}); a record never loads code: pass --bots explicitly to play on with it"
            )
    return ",".join(str(p) for p in players if p != PERSON)


def _builtin(name: object) -> bool:
    """Whether ``name`` is a built-in bot's spec (with parameters in range)."""
    from ...bots.registry import builtin_spec

    if not isinstance(name, str):
        return False
    try:
        return builtin_spec(name) is not None
    except ValueError:
        return False


def bot_specs(spec: str, players: int, seat: int) -> dict[int, str]:
    """Bot spec per other seat from ``NAME`` or one name per other seat (``A,B,C``).

    >>> bot_specs("greedy", 4, 0)
    {1: 'greedy', 2: 'greedy', 3: 'greedy'}
    >>> bot_specs("random,mc,greedy", 4, 2)
    {0: 'random', 1: 'mc', 3: 'greedy'}
    """
    names = [s.strip() for s in spec.split(",") if s.strip()]
    others = [s for s in range(players) if s != seat]
    if len(names) == 1:
        names *= len(others)
    if len(names) != len(others):
        raise ValueError(f"--bots: give one bot or {len(others)} (one per other seat), not {len(names)}")
    return dict(zip(others, names, strict=True))


class SetupError(Exception):
    """Arguments that do not make a game; ``code`` is the exit status."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def session_from_args(args: argparse.Namespace, console: Console, ask: Ask) -> Session:
    """The game (new, or resumed from a saved record) and its bots, ready to play."""
    from ...bots.registry import check_fits, load_bot
    from ...engine.game import Game
    from ...format.errors import VariantError
    from ...format.loader import load_variant
    from ...output import WriteError, check_target

    seat: int | None = args.seat
    specs: str | None = args.bots
    if args.resume and args.variant:
        raise SetupError("give a VARIANT or --resume FILE, not both (a record names its variant)", 2)
    try:
        if args.resume:
            from ...records.record import load, replay

            record = load(args.resume)
            game = replay(args.resume, allow=getattr(args, "allow_path", None) or ())
            players = record.get("players")
            if seat is None and isinstance(players, list) and PERSON in players:
                seat = players.index(PERSON)
            if specs is None:
                specs = saved_bots(players) or None
            console.print(
                f"Resuming {args.resume} at hand {game.hand_number}; score {' to '.join(map(str, game.scores))}."
            )
        else:
            variant = load_variant(args.variant or "hasenpfeffer", getattr(args, "allow_path", None) or ())
            seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
            game = Game(variant, seed=seed)
    except (VariantError, OSError, ValueError) as exc:
        raise SetupError(str(exc), 1) from None
    variant = game.variant
    seat = 0 if seat is None else seat
    if not 0 <= seat < variant.players:
        raise SetupError(f"--seat: choose a seat from 0 to {variant.players - 1}", 2)
    base = game.seed if isinstance(game.seed, int) else 0
    try:
        by_seat = bot_specs(specs or DEFAULT_BOT, variant.players, seat)
        find_bots_here(by_seat.values())
        bots = {s: load_bot(name, seed=base * 101 + s) for s, name in by_seat.items()}
        for bot in bots.values():
            check_fits(bot, variant)
    except (ValueError, ImportError, AttributeError) as exc:
        raise SetupError(str(exc), 2) from None
    terminal = console.is_terminal and sys.stdin.isatty()
    delay = args.delay if args.delay is not None else (0.5 if terminal else 0.0)
    save_to = Path(args.save) if args.save else None
    if save_to is not None:
        try:
            check_target(save_to)  # said now, not after the game
        except WriteError as exc:
            raise SetupError(str(exc), 1) from None
    session = Session(game, seat, bots, console, ask, save_to, delay, by_seat)
    session.default_save = args.resume or DEFAULT_SAVE
    return session


def run(args: argparse.Namespace, console: Console | None = None, ask: Ask | None = None) -> int:
    """Set up the game from the arguments (or a saved record) and play it."""
    out = console or Console()
    if ask is None:

        def ask(prompt: str) -> str:
            return out.input(escape(prompt))

    try:
        session = session_from_args(args, out, ask)
    except SetupError as exc:
        if console is None:  # the command line: problems go to standard error
            error(str(exc))
        else:
            out.print(f"[red]{escape(str(exc))}[/red]", soft_wrap=True)
        return exc.code
    return session.run()
