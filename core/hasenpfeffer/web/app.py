"""The application: the page, its static files and the JSON API, behind the token.

>>> from starlette.testclient import TestClient
>>> import tempfile
>>> client = TestClient(create_app(tempfile.mkdtemp(), token="t"))
>>> client.get("/api/files").status_code
403
>>> client.get("/api/files?token=t").json()["builtins"][0]
{'name': 'buck-euchre'}
>>> client.get("/api/nothing").json()
{'error': 'not found: /api/nothing'}
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import routes_games, routes_lab, routes_review
from .auth import TokenMiddleware
from .context import Context, ctx
from .errors import ApiError, read_json

STATIC = Path(__file__).parent / "static"
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
"""Nothing the page loads may come from elsewhere."""

Handler = Callable[[Request, dict[str, Any]], Any]


def api(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint: the request's JSON (for a POST) read bounded, ``handler`` run on a worker
    thread with it, its answer sent as JSON."""

    async def endpoint(request: Request) -> Response:
        data = await read_json(request) if request.method == "POST" else {}
        return JSONResponse(await run_in_threadpool(handler, request, data))

    return endpoint


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return JSONResponse({"error": str(exc)}, status_code=exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    message = f"not found: {request.url.path}" if exc.status_code == 404 else str(exc.detail)
    return JSONResponse({"error": message}, status_code=exc.status_code)


async def _crash(request: Request, exc: Exception) -> Response:
    return JSONResponse(
        {"error": f"internal error ({type(exc).__name__}); the server goes on"}, status_code=500
    )


class Headers:
    """Adds the content security policy and no-sniffing to every answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def add(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [
                    (b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"cache-control", b"no-store"),
                ]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, add)


async def index(request: Request) -> Response:
    """The page."""
    return FileResponse(STATIC / "index.html")


def files(request: Request, data: dict[str, Any]) -> Any:
    """The built-in variants and the served folder's files."""
    return ctx(request).folder.files() | {"folder": str(ctx(request).folder.root)}


def create_app(folder: str | os.PathLike[str], token: str) -> Starlette:
    """The application serving ``folder`` to requests that carry ``token``."""
    routes = [
        Route("/", index),
        Route("/api/files", api(files)),
        *routes_games.routes(api),
        *routes_review.routes(api),
        *routes_lab.routes(api),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(Headers), Middleware(TokenMiddleware, token=token)],
        exception_handlers={ApiError: _api_error, HTTPException: _http_error, Exception: _crash},
    )
    app.state.context = Context(folder)
    return app
