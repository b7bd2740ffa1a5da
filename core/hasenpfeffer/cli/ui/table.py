"""The play table: one person at a seat, the bots at the others, in the terminal."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.text import Text

if TYPE_CHECKING:
    from ...bots.base import Bot
    from ...engine.game import Game
    from ...rules.actions import Action

Ask = Callable[[str], str]
"""Asks the person a question and returns the line typed."""
QUIT_WORDS = ("quit", "exit", "q")
DEFAULT_SAVE = "hasenpfeffer-game.yaml"
PERSON = "person"
"""A person's seat in a saved record's ``players``."""


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
        from ...sim.interrupt import Terminated

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
            mover, actor = game.to_move, game.actor
            assert mover is not None and actor is not None
            if actor == self.seat:  # the person's seat, or the dummy the person plays
                action = self._person_move(mover)
                if action is None:
                    return 0
            else:
                legal = list(game.legal_actions())
                action = self.bots[actor].choose(game.view(mover), legal)
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
        from ...engine.events import DummyTaken, TrickWon
        from ...format.cards import Card
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
                self.console.print(trick_won_text(event.winner, event.card, self.names, before.trump))
            elif isinstance(event, DummyTaken):  # its cards are the taker's to see
                who = self.names.seat(event.by, short=True)
                taken = ": " + " ".join(c.pretty() for c in event.cards) if event.by == self.seat else ""
                takes = "take" if event.by == self.seat else "takes"
                self.console.print(f"{who} {takes} the dummy at seat {event.seat} into hand{taken}")
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
        from ...engine.events import GameWon
        from .render import scores_text

        game = self.game
        scores = scores_text(game.scores, self.names)
        if game.winner is None:
            self.console.print(f"[bold]Game over[/bold], no winner. Score: {scores}.")
        else:
            side = self.names.side(game.winner)
            mine = self.seat in self.names.variant.teams[game.winner]
            verdict = "You win!" if mine else "You lose."
            last = next(e for e in reversed(game.events) if type(e) is GameWon)
            self.console.print(
                f"[bold]Game over: {side} won: {last.reason.words}.[/bold] Score: {scores}. [bold]{verdict}[/bold]"
            )
        return 0 if self.save_to is None else self._save(self.save_to)

    # ------------------------------------------------------------------ the person

    def _person_move(self, mover: int) -> Action | None:
        from .read import InputError, action_text, explain, ordered_choices, read_choice
        from .render import choices_line, choices_text, table_view

        game = self.game
        view = game.view(mover)
        legal = ordered_choices(game.legal_actions(), view)
        self.console.print(table_view(view, hand_no=game.hand_number))
        if mover != self.seat:
            self.console.print(f"You play the dummy at seat {mover}: its cards are the hand shown.")
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
        """Save the game record to ``path``: 0, or 1 after saying on stderr why it cannot be."""
        from ...output import WriteError
        from ...records.record import save
        from ..common import error

        record = self.game.record()
        record["players"] = [
            PERSON if s == self.seat else self.specs.get(s, "bot") for s in range(self.players)
        ]
        try:
            save(record, path)
        except WriteError as exc:
            error(str(exc))
            return 1
        where = escape(str(path))
        self.console.print(
            f"Game record saved to {where}; continue it with: hasenpfeffer play --resume {where}"
        )
        return 0
