"""The API of reviews: open a record of the folder or an uploaded one, read its hands
reviewed, a deal's table, play on from any point, ask a bot at any decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.routing import Route

from ..records.errors import RecordError
from ..records.record import load, loads
from .context import ctx
from .errors import ApiError, field
from .review import Review
from .routes_games import hint_json, loader, seat_bots
from .tables import Table

if TYPE_CHECKING:
    from starlette.requests import Request


def open_review(request: Request, data: dict[str, Any]) -> Any:
    """``{"path": "games/x.yaml"}`` of the folder, or ``{"text": ..., "name": ...}`` uploaded."""
    c = ctx(request)
    path, text = field(data, "path", str), field(data, "text", str)
    try:
        if path is not None:
            file = c.folder.path(path, must_exist=True)
            review = Review(load(file), file.parent, path)
        elif text is not None:
            name = field(data, "name", str, "upload.yaml")[:80]
            review = Review(loads(text, name), c.folder.root, name)
        else:
            raise ApiError(400, "give a path in the served folder or the text of a record")
    except RecordError as exc:
        raise ApiError(422, str(exc)) from None
    key = c.reviews.add(review)
    return {"id": key} | review.outline()


def _review(request: Request) -> Review:
    found: Review = ctx(request).reviews.get(request.path_params["key"], "review")
    return found


def _hand(request: Request) -> int:
    return int(request.path_params["hand"]) - 1


def outline(request: Request, data: dict[str, Any]) -> Any:
    """The record's hands."""
    return _review(request).outline()


def hand(request: Request, data: dict[str, Any]) -> Any:
    """A hand step by step, reviewed."""
    return _review(request).hand(_hand(request))


def table(request: Request, data: dict[str, Any]) -> Any:
    """A deal's table of makeable bids."""
    return _review(request).table(_hand(request))


def branch(request: Request, data: dict[str, Any]) -> Any:
    """Play on from a point, practice against bots: ``{"hand": 1, "step": 12, "seat": 0, "bots": "greedy"}``."""
    r = _review(request)
    index = field(data, "hand", int, required=True) - 1
    at = field(data, "step", int, required=True)
    game = r.game_at(index, at)
    if game.is_over:
        raise ApiError(409, "the game is over there")
    seat = field(data, "seat", int)
    seat = game.actor if seat is None else seat
    assert seat is not None
    c = ctx(request)
    bots = seat_bots(field(data, "bots", str, "greedy"), game.variant, seat, c.folder)
    t = Table(lambda: r.game_at(index, at), seat, bots, scored=False, load=loader(c.folder))
    key = c.tables.add(t)
    return {"id": key} | t.state()


def hint(request: Request, data: dict[str, Any]) -> Any:
    """A bot's move at a point of the record, with its reasons."""
    r = _review(request)
    game = r.game_at(field(data, "hand", int, required=True) - 1, field(data, "step", int, required=True))
    if game.is_over or game.to_move is None:
        raise ApiError(409, "nobody moves there")
    return hint_json(field(data, "bot", str, "greedy"), game, ctx(request).folder)


def routes(api: Callable[[Callable[..., Any]], Any]) -> list[Route]:
    """The routes of reviews."""
    return [
        Route("/api/reviews", api(open_review), methods=["POST"]),
        Route("/api/reviews/{key}", api(outline)),
        Route("/api/reviews/{key}/hands/{hand:int}", api(hand)),
        Route("/api/reviews/{key}/hands/{hand:int}/table", api(table)),
        Route("/api/reviews/{key}/branch", api(branch), methods=["POST"]),
        Route("/api/reviews/{key}/hint", api(hint), methods=["POST"]),
    ]
