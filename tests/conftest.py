"""Test configuration: under CI, hypothesis runs a fixed sequence of examples.

The commands the tests run compile the batch engine where they need it
(``HASENPFEFFER_BUILD=foreground``) rather than play a short run in Python while it compiles in
the background: the tests of that choice set it themselves (``tests/project/test_build.py``).

Locally each run draws new examples (and keeps failures in its database); with the ``CI``
environment variable set, runs are derandomized so that a landing is judged on the same
examples every time. Explicit ``@settings`` on a test still choose its example count.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

os.environ.setdefault("HASENPFEFFER_BUILD", "foreground")
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--long``: the longer runs of some tests (the compiled engine's twin checks)."""
    parser.addoption(
        "--long", action="store_true", default=False, help="longer runs (also HASENPFEFFER_LONG=1)"
    )
