"""``hasenpfeffer play``: a person plays one seat against bots in the terminal."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from .common import add_allow_path, error, seed_type

if TYPE_CHECKING:
    from ..bots.base import Bot
    from ..engine.game import Game
    from ..rules.actions import Action

Ask = Callable[[str], str]
QUIT_WORDS = ("quit", "exit", "q")
DEFAULT_SAVE = "hasenpfeffer-game.yaml"
PERSON = "person"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``hasenpfeffer play``."""
    parser.add_argument(
        "variant", nargs="?", default=None, help="built-in name or file (default hasenpfeffer)"
    )
    parser.add_argument("--seat", type=int, default=None, help="the seat you play (default 0)")
    parser.add_argument(
        "--bots", default=None, help="bot for every other seat (greedy, random, mc, pkg.mod:Class) or A,B,C"
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
    from ..bots.registry import BUILTIN
    from ..format.errors import quote

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
    from ..bots.registry import builtin_spec

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


class Session:
    """One person at the table: renders for their seat, reads their moves, runs the bots."""

    def __init__(
        self,
        game: Game,
        seat: int,
        bots: Mapping[int, Bot],
        console: Console,
        ask: Ask,
        save_to: Path | None = None,
        delay: float = 0.0,
        specs: Mapping[int, str] | None = None,
    ) -> None:
        from .render import Namer

        self.game, self.seat, self.bots = game, seat, bots
        self.console, self.ask = console, ask
        self.save_to, self.delay = save_to, delay
        self.names = Namer(game.view(seat).variant, seat)
        self.players = self.names.variant.players
        self.default_save = DEFAULT_SAVE  # offered when saving on quit
        self.specs = dict(specs or {})  # bot spec by seat, kept in a saved record
        self.hands_shown = len(game.hand_results)

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end of the game or until the person quits: 0, or 1 if saving or a bot fails.

        After Ctrl-C the person is offered to save, then 130; after SIGTERM (raised as
        ``interrupt.Terminated``) the game is saved to ``--save`` if given, then 143.
        """
        from ..sim.interrupt import Terminated

        self._hand_header()
        try:
            failed = self._play()
        except KeyboardInterrupt:
            self.console.print()
            self._quit()
            return 130
        except Terminated:
            self.console.print("\nTerminated.")
            if self.save_to is not None:
                self._save(self.save_to)
            return 143
        if failed is None:
            return self._game_over()
        return max(self._quit(), failed)

    def _play(self) -> int | None:
        """Play until the game is over (None), the person quits (0) or a bot fails (1)."""
        game = self.game
        while not game.is_over:
            mover = game.to_move
            assert mover is not None
            if mover == self.seat:
                action = self._person_move()
                if action is None:
                    return 0
            else:
                legal = list(game.legal_actions())
                action = self.bots[mover].choose(game.view(mover), legal)
                if self.delay:
                    time.sleep(self.delay)
                if not game.can_apply(action):
                    self.console.print(
                        f"[red]The bot at seat {mover} chose {action}, which is not legal.[/red]"
                    )
                    return 1
            self._apply(action)
        return None

    def _apply(self, action: Action) -> None:
        from ..engine.events import TrickWon
        from ..format.cards import Card
        from .render import trick_won_text

        game = self.game
        before = game.view(self.seat)
        events = game.apply(action)
        # Others' discards and gives stay hidden, except a card given to the person.
        received = (
            action.verb == "give"
            and len(game.hand_results) == self.hands_shown
            and game.view(self.seat).hand.count(Card.parse(action.arg))
            > before.hand.count(Card.parse(action.arg))
        )
        hidden = action.seat != self.seat and action.verb in ("discard", "give") and not received
        shown = action._replace(arg="") if hidden else action
        self.console.print(self.names.action(shown, before.trump, to_you=received))
        for event in events:
            if isinstance(event, TrickWon):
                self.console.print(
                    trick_won_text(event.winner, Card.parse(event.card), self.names, before.trump)
                )
        if len(game.hand_results) > self.hands_shown:
            self._hand_over()

    def _hand_header(self) -> None:
        if self.game.is_over:
            return
        view = self.game.view(self.seat)
        title = f"Hand {self.game.hand_number} · dealer {self.names.seat(view.dealer)}"
        if view.turned is not None:
            title += f" · turned up {view.turned.pretty()}"
        self.console.rule(Text(title))

    def _hand_over(self) -> None:
        from .render import hand_result_text

        for i in range(self.hands_shown, len(self.game.hand_results)):
            self.console.print(hand_result_text(self.game.hand_results[i], self.names, i + 1))
        self.hands_shown = len(self.game.hand_results)
        self._hand_header()

    def _game_over(self) -> int:
        from .render import scores_text

        game = self.game
        scores = scores_text(game.scores, self.names)
        if game.winner is None:
            self.console.print(f"[bold]Game over[/bold], no winner. Score: {scores}.")
        else:
            side = self.names.side(game.winner)
            mine = self.seat in self.names.variant.teams[game.winner]
            verdict = "You win!" if mine else "You lose."
            self.console.print(f"[bold]Game over: {side} won.[/bold] Score: {scores}. [bold]{verdict}[/bold]")
        return 0 if self.save_to is None else self._save(self.save_to)

    # ------------------------------------------------------------------ the person

    def _person_move(self) -> Action | None:
        from .read import InputError, action_text, explain, ordered_choices, read_choice
        from .render import choices_line, choices_text, table_view

        game = self.game
        view = game.view(self.seat)
        legal = ordered_choices(game.legal_actions(), view)
        self.console.print(table_view(view, hand_no=game.hand_number))
        self.console.print(choices_line(legal, view.trump, view.variant, self.console.width))
        while True:
            try:
                line = self.ask("Your move (? for help): ")
            except EOFError:
                self.console.print()
                return None
            text = line.strip()
            if text.lower() in QUIT_WORDS:
                return None
            if text in ("?", "help", "h?"):
                rows = [(action_text(a), explain(a, view)) for a in legal]
                self.console.print(choices_text(rows))
                self.console.print(
                    "[dim]Type a number, a card (jh, 10d, JK) or an action; quit to stop.[/dim]"
                )
                continue
            try:
                return read_choice(text, view, legal)
            except InputError as exc:
                self.console.print(Text(str(exc), style="red"), soft_wrap=True)

    # ------------------------------------------------------------------ saving

    def _quit(self) -> int:
        """Offer to save (or save to ``--save``): 0, 1 if an automatic save fails, 130 after Ctrl-C."""
        if self.save_to is not None:
            return self._save(self.save_to)
        code = 0
        try:
            answer = self.ask("Save the game record to resume later? (y/n) ")
            while answer.strip().lower().startswith("y"):
                path = self.ask(f"File [{self.default_save}]: ").strip() or self.default_save
                if self._save(Path(path)) == 0:
                    return 0
                answer = self.ask("Try another file? (y/n) ")
        except EOFError:
            self.console.print()
        except KeyboardInterrupt:
            self.console.print()
            code = 130
        self.console.print("Not saved.")
        return code

    def _save(self, path: Path) -> int:
        from ..records.record import save

        record = self.game.record()
        record["players"] = [
            PERSON if s == self.seat else self.specs.get(s, "bot") for s in range(self.players)
        ]
        try:
            save(record, path)
        except OSError as exc:
            self.console.print(
                f"[red]Cannot save to {escape(str(path))}: {escape(exc.strerror or str(exc))}[/red]",
                soft_wrap=True,
            )
            return 1
        where = escape(str(path))
        self.console.print(
            f"Game record saved to {where}; continue it with: hasenpfeffer play --resume {where}"
        )
        return 0


class SetupError(Exception):
    """Arguments that do not make a game; ``code`` is the exit status."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def session_from_args(args: argparse.Namespace, console: Console, ask: Ask) -> Session:
    """The game (new, or resumed from a saved record) and its bots, ready to play."""
    from ..bots.registry import load_bot
    from ..engine.game import Game
    from ..format.errors import VariantError
    from ..format.loader import load_variant

    seat: int | None = args.seat
    specs: str | None = args.bots
    if args.resume and args.variant:
        raise SetupError("give a VARIANT or --resume FILE, not both (a record names its variant)", 2)
    try:
        if args.resume:
            from ..records.record import load, replay

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
        by_seat = bot_specs(specs or "greedy", variant.players, seat)
        bots = {s: load_bot(name, seed=base * 101 + s) for s, name in by_seat.items()}
    except (ValueError, ImportError, AttributeError) as exc:
        raise SetupError(str(exc), 2) from None
    terminal = console.is_terminal and sys.stdin.isatty()
    delay = args.delay if args.delay is not None else (0.5 if terminal else 0.0)
    save_to = Path(args.save) if args.save else None
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
