"""Running the application: on the loopback address by default, with a random token in the URL."""

from __future__ import annotations

import os
import secrets
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager


def free_port(host: str) -> int:
    """A port free on ``host`` now."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


def url(host: str, port: int, token: str) -> str:
    """The address to open, token included.

    >>> url("127.0.0.1", 8765, "abc")
    'http://127.0.0.1:8765/?token=abc'
    """
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?token={token}"


def serve(
    folder: str | os.PathLike[str], host: str = "127.0.0.1", port: int = 8765, token: str | None = None
) -> None:
    """Serve ``folder`` until interrupted, printing the URL first."""
    import uvicorn

    from .app import create_app

    token = token or secrets.token_urlsafe(24)
    port = port or free_port(host)
    app = create_app(folder, token)
    print(f"Serving {os.path.realpath(folder)}\nOpen {url(host, port, token)}\nStop with Ctrl-C.", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)


@contextmanager
def serving(folder: str | os.PathLike[str], token: str) -> Iterator[str]:
    """The application served on a free loopback port on a thread; yields its URL with the token."""
    import uvicorn

    from .app import create_app

    port = free_port("127.0.0.1")
    config = uvicorn.Config(create_app(folder, token), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield url("127.0.0.1", port, token)
    finally:
        server.should_exit = True
        thread.join(5)
