"""Running the application: on the loopback address by default, with a random token in the URL."""

from __future__ import annotations

import os
import secrets
import socket


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
