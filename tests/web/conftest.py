"""Fixtures of the web tests: the served folder, the server, the browser."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web tests need the web extra: pip install '.[web]'")
sys.path.insert(0, str(Path(__file__).parent))

from browser import chrome, missing, server


@pytest.fixture(scope="module", autouse=True)
def python_twins() -> Iterator[None]:
    """The web tests play on the pure-Python twins (no compile), and only they: the setting is
    undone after each module, so that other tests see the environment as it was."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HASENPFEFFER_ENGINE", os.environ.get("HASENPFEFFER_ENGINE", "python"))
        yield


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A served folder, empty at first."""
    return tmp_path_factory.mktemp("served")


@pytest.fixture(scope="module")
def url(folder: Path) -> Iterator[str]:
    """The server's URL with its token."""
    why = missing()
    if why is not None:
        pytest.skip(why)
    with server(folder) as found:
        yield found


@pytest.fixture(scope="module")
def driver(url: str) -> Iterator[Any]:
    """Headless Chromium."""
    d = chrome()
    d.implicitly_wait(0)
    try:
        yield d
    finally:
        d.quit()
