"""What the routes share: the served folder, the games, the reviews, the studies."""

from __future__ import annotations

import os

from starlette.requests import Request

from .folder import Folder
from .studies import Studies
from .tables import Store


class Context:
    """The application's state, one per application."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Folder(folder)
        self.tables = Store()
        self.reviews = Store(limit=50)
        self.studies = Studies()


def ctx(request: Request) -> Context:
    """The context of the application answering ``request``."""
    found: Context = request.app.state.context
    return found
