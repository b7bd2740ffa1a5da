"""``hasenpfeffer serve [FOLDER] [--port N]``: play, review and write house rules in the browser.

The page is served from the package (no file is fetched from elsewhere) on 127.0.0.1 by
default, and every request needs the random token of the URL printed. Needs the extra ``web``.
See docs/web.md.
"""

from __future__ import annotations

import argparse
import os

from ..cli.common import bounded, error


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The folder served and where."""
    parser.add_argument(
        "folder",
        nargs="?",
        default=".",
        help="the folder of variant files and records served; games are saved in its games/ (default .)",
    )
    parser.add_argument(
        "--port", type=bounded(0, 65535, "port"), default=8765, help="port (default 8765; 0: any free)"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; anything else exposes the folder)",
    )
    parser.add_argument("--token", default=None, help="the token the URL carries (default: a new random one)")


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C; 1 when the folder is not one, 2 without the extra."""
    from ..sim.extras import missing

    for module in ("starlette", "uvicorn"):
        line = missing("serve", "web", module)
        if line is not None:
            error(line)
            return 2
    if not os.path.isdir(args.folder):
        error(f"{args.folder}: not a folder")
        return 1
    if args.token is not None and len(args.token) < 8:
        error("--token: give at least 8 characters")
        return 2
    from .server import serve

    serve(args.folder, args.host, args.port, args.token)
    return 0
