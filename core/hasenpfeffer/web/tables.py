"""Games played in the page: one person at a seat, bots at the others, each game its
own session (its own game, bots and lock), reached by an id nobody else knows.

Every action since the game's starting point is kept, so a move is taken back by starting
again and applying all but the last of the person's moves and what followed: the game draws
the same random numbers, so it is the same game.

>>> from hasenpfeffer import Game, load_variant
>>> t = Table(lambda: Game(load_variant("euchre"), seed=2), seat=0, bots={1: "random", 2: "random", 3: "random"})
>>> while not t.game.is_over and t.game.actor != 0:
...     _ = t.step()
>>> first = t.game.legal_actions()[0]
>>> _ = t.move(str(first)); t.undo(); t.game.actor
0
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..bots.base import Bot
from ..bots.registry import load_bot
from ..cli.ui.table import PERSON
from ..engine.game import Game
from ..rules.actions import ActionSyntaxError, IllegalActionError, as_action
from .errors import ApiError
from .handend import hand_summary
from .state import seat_state

MAX_TABLES = 200
"""Games kept at once; the one least recently used goes first."""


class Table:
    """One game in the page: the person's seat, the bots by seat (their specs, made by ``load``),
    every action since ``start``."""

    def __init__(
        self,
        start: Callable[[], Game],
        seat: int,
        bots: Mapping[int, str],
        scored: bool = True,
        save_to: Path | None = None,
        load: Callable[[str, int], Bot] = load_bot,
    ) -> None:
        self.start, self.seat, self.specs = start, seat, dict(bots)
        self.scored, self.save_to = scored, save_to
        self.game = start()
        self.moves: list[tuple[str, bool]] = []
        """Each action since the start, and whether the person took it."""
        base = self.game.seed if isinstance(self.game.seed, int) else 0
        self.bots = {s: load(spec, base * 101 + s) for s, spec in self.specs.items()}
        self.summaries: dict[int, dict[str, Any]] = {}
        self.lock = threading.Lock()
        self.used = time.monotonic()
        self.first_hand = self.saved_hands = len(self.game.hand_results)

    def state(self) -> dict[str, Any]:
        """The game as the person sees it, with the last finished hand laid open."""
        out = seat_state(self.game, self.seat)
        done = len(self.game.hand_results)
        out["scored"] = self.scored
        out["bots"] = {str(s): spec for s, spec in self.specs.items()}
        out["can_undo"] = any(person for _, person in self.moves)
        out["saved"] = None if self.save_to is None else self.save_to.name
        if done > self.first_hand:
            if done not in self.summaries:
                self.summaries[done] = hand_summary(self.game, done - 1, self.seat)
            out["last_hand"] = self.summaries[done]
        return out

    def move(self, text: str) -> dict[str, Any]:
        """The person's action (as ``0 play JH``): 409 when it is not the person's turn, 422
        with the engine's reason when it is not legal."""
        game = self.game
        if game.is_over or game.actor != self.seat:
            raise ApiError(409, "it is not your turn")
        try:
            action = as_action(text)
        except ActionSyntaxError as exc:
            raise ApiError(400, str(exc)) from None
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise ApiError(422, exc.why or str(exc)) from None
        self.moves.append((str(action), True))
        self._autosave()
        return self.state()

    def step(self) -> dict[str, Any]:
        """One bot's action, when a bot is to move (409 otherwise)."""
        game = self.game
        actor, mover = game.actor, game.to_move
        if game.is_over or actor is None or mover is None or actor == self.seat:
            raise ApiError(409, "no bot is to move")
        action = self.bots[actor].choose(game.view(mover), list(game.legal_actions()))
        game.apply(action)
        self.moves.append((str(action), False))
        self._autosave()
        return self.state()

    def undo(self) -> None:
        """Take back the person's last move and everything after it (409 when there is none)."""
        last = max((i for i, (_, person) in enumerate(self.moves) if person), default=None)
        if last is None:
            raise ApiError(409, "no move of yours to take back")
        kept = self.moves[:last]
        game = self.start()
        for text, _ in kept:
            game.apply(text)
        self.game, self.moves = game, kept
        done = len(game.hand_results)
        self.summaries = {n: s for n, s in self.summaries.items() if n <= done}

    def record(self) -> dict[str, Any]:
        """The game record, as ``play --save`` writes it (the person's seat named ``person``)."""
        record = self.game.record()
        players = range(self.game.variant.players)
        record["players"] = [PERSON if s == self.seat else self.specs.get(s, "bot") for s in players]
        return record

    def save(self) -> Path | None:
        """Write the record where this game is saved (None for a game that is not scored)."""
        from ..records.record import save

        if self.save_to is None or not self.scored:
            return None
        self.save_to.parent.mkdir(parents=True, exist_ok=True)
        save(self.record(), self.save_to)
        return self.save_to

    def _autosave(self) -> None:
        """Saved at the end of each hand and of the game."""
        done = len(self.game.hand_results)
        if done != self.saved_hands or self.game.is_over:
            self.saved_hands = done
            self.save()


class Store:
    """Sessions (games, reviews) by id, the least recently used dropped beyond ``limit``."""

    def __init__(self, limit: int = MAX_TABLES) -> None:
        self.limit = limit
        self._items: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, item: Any) -> str:
        """Keep ``item``; its new id."""
        key = secrets.token_urlsafe(12)
        with self._lock:
            self._items[key] = item
            while len(self._items) > self.limit:
                self._items.popitem(last=False)
        return key

    def get(self, key: str, what: str = "game") -> Any:
        """The item with this id (404: none, or dropped)."""
        with self._lock:
            item = self._items.get(key)
            if item is None:
                raise ApiError(404, f"no such {what} (it may have ended when the server restarted)")
            self._items.move_to_end(key)
            return item

    def __len__(self) -> int:
        return len(self._items)
