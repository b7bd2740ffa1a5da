"""The API of games: start one (new, resumed from a record of the folder), read it, move, let
a bot move, take back, save, and ask a bot for its move with its reasons."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.routing import Route

from ..bots.base import Bot
from ..bots.reasons import reasons
from ..cli.commands.play import bot_specs
from ..cli.ui.table import PERSON
from ..engine.game import Game
from ..format.variant import Variant
from ..records.errors import RecordError
from ..records.record import load, replay
from . import seats
from .context import ctx
from .errors import ApiError, field
from .folder import GAMES, Folder
from .tables import Table

if TYPE_CHECKING:
    from starlette.requests import Request


def seat_bots(spec: str, variant: Variant, seat: int, folder: Folder) -> dict[int, str]:
    """Bots by seat from ``NAME`` or one per other seat: built-ins, or ``learned:NAME`` policies
    of the folder that fit ``variant`` (400 or 422 otherwise; no code is ever loaded from a request).

    >>> import tempfile
    >>> from hasenpfeffer import load_variant
    >>> seat_bots("greedy", load_variant("euchre"), 1, Folder(tempfile.mkdtemp()))
    {0: 'greedy', 2: 'greedy', 3: 'greedy'}
    """
    players = variant.players
    if not 0 <= seat < players:
        raise ApiError(400, f"seat: choose a seat from 0 to {players - 1}")
    try:
        found = bot_specs(spec, players, seat)
    except ValueError as exc:
        raise ApiError(400, f"bots: {exc}") from None
    for name in set(found.values()):
        seats.check(folder, name, [variant])
    return found


def loader(folder: Folder) -> Callable[[str, int], Bot]:
    """How a table of the folder loads its bots (a learned one from the folder's policy file)."""
    return lambda spec, seed: seats.load(folder, spec, seed)


def record_bots(players: object) -> str | None:
    """The bots a saved game names for the seats but the person's, or None."""
    if not isinstance(players, list) or PERSON not in players:
        return None
    return ",".join(str(p) for p in players if p != PERSON)


def new_game(request: Request, data: dict[str, Any]) -> Any:
    """A new game of a variant (built-in, or a file of the folder), or a saved one resumed."""
    c = ctx(request)
    resume = field(data, "resume", str)
    seat = field(data, "seat", int)
    bots = field(data, "bots", str)
    from_record = resume is not None and bots is None
    if resume is not None:
        path = c.folder.path(resume, must_exist=True)
        try:
            record = load(path)
            replay(record, base_dir=path.parent, allow=(c.folder.root,))
        except RecordError as exc:
            raise ApiError(422, str(exc)) from None
        players = record.get("players")
        if seat is None:
            seat = players.index(PERSON) if isinstance(players, list) and PERSON in players else 0
        bots = record_bots(players) if bots is None else bots

        def start() -> Game:
            return replay(record, base_dir=path.parent, allow=(c.folder.root,))

        save_to = path
    else:
        variant = c.folder.variant(field(data, "variant", str, "hasenpfeffer"))
        seed = field(data, "seed", int)
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed

        def start() -> Game:
            return Game(variant, seed=seed)

        stamp = time.strftime("%Y%m%d-%H%M%S")
        save_to = c.folder.path(f"{GAMES}/{variant.name}-{stamp}-{seed}.yaml")
    probe = start()
    seat = 0 if seat is None else seat
    try:
        specs = seat_bots(bots or "greedy", probe.variant, seat, c.folder)
    except ApiError as exc:
        if not from_record:
            raise
        raise ApiError(422, f"the record's players: {exc}") from None  # the record's fault
    table = Table(start, seat, specs, True, save_to, loader(c.folder))
    key = c.tables.add(table)
    return {"id": key} | table.state() | {"saved": c.folder.relative(Path(save_to))}


def _table(request: Request) -> Table:
    table: Table = ctx(request).tables.get(request.path_params["key"])
    return table


def on_table(act: Callable[[Table, dict[str, Any]], Any]) -> Callable[[Request, dict[str, Any]], Any]:
    """A handler that runs ``act`` on the request's game, holding the game's lock."""

    def handler(request: Request, data: dict[str, Any]) -> Any:
        t = _table(request)
        with t.lock:
            return act(t, data)

    handler.__doc__ = act.__doc__
    return handler


def _undo(t: Table, data: dict[str, Any]) -> Any:
    """Take back the person's last move."""
    t.undo()
    return t.state()


get_game = on_table(lambda t, data: t.state())
"""The game as the person sees it."""
move = on_table(lambda t, data: t.move(field(data, "action", str, required=True)))
"""The person's move: ``{"action": "0 play JH"}``."""
step = on_table(lambda t, data: t.step())
"""One bot's move."""
undo = on_table(_undo)


def save(request: Request, data: dict[str, Any]) -> Any:
    """Save the record now (a game from a review is not saved: it is not scored)."""
    t = _table(request)
    with t.lock:
        path = t.save()
    if path is None:
        raise ApiError(409, "a game played on from a review is practice: it is not saved")
    return {"saved": ctx(request).folder.relative(path)}


def hint(request: Request, data: dict[str, Any]) -> Any:
    """A bot's move for the person, with its reasons: ``{"bot": "pimc"}``, or a policy of the
    served folder, ``{"bot": "learned:NAME"}``."""
    t = _table(request)
    with t.lock:
        g = t.game
        if g.is_over or g.actor != t.seat or g.to_move is None:
            raise ApiError(409, "it is not your turn")
        return hint_json(field(data, "bot", str, "greedy"), g, ctx(request).folder)


def hint_json(bot: str, g: Game, folder: Folder) -> dict[str, Any]:
    """What ``bot`` would do for the seat to move of ``g`` and why (a learned bot's policy a
    file of ``folder``, checked against the variant as for a seat)."""
    from ..cli.ui.render import Namer

    assert g.to_move is not None
    view = g.view(g.to_move)
    loaded = None
    if seats.policy_of(folder, bot) is not None:
        seats.check(folder, bot, [g.variant])
        loaded = seats.load(folder, bot, seed=len(g.events))
    try:
        r = reasons(bot, view, g.legal_actions(), seed=len(g.events), bot=loaded)
    except ValueError as exc:
        raise ApiError(400, f"bot: {exc}") from None
    names = Namer(g.variant, g.to_move)
    from ..rules.actions import Action

    def words(text: str) -> str:
        return names.action(Action.parse(text), view.trump).plain

    return {
        "bot": r.bot,
        "choice": r.choice,
        "choice_words": words(r.choice),
        "meaning": r.meaning,
        "rows": [
            {"action": row.action, "words": words(row.action), "value": row.value, "note": row.note}
            for row in r.rows
        ],
        "ms": round(1000 * r.seconds, 1),
    }


def routes(api: Callable[[Callable[..., Any]], Any]) -> list[Route]:
    """The routes of games."""
    return [
        Route("/api/games", api(new_game), methods=["POST"]),
        Route("/api/games/{key}", api(get_game)),
        Route("/api/games/{key}/move", api(move), methods=["POST"]),
        Route("/api/games/{key}/step", api(step), methods=["POST"]),
        Route("/api/games/{key}/undo", api(undo), methods=["POST"]),
        Route("/api/games/{key}/save", api(save), methods=["POST"]),
        Route("/api/games/{key}/hint", api(hint), methods=["POST"]),
    ]
