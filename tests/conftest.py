"""Test configuration: under CI, hypothesis runs a fixed sequence of examples.

Locally each run draws new examples (and keeps failures in its database); with the ``CI``
environment variable set, runs are derandomized so that a landing is judged on the same
examples every time. Explicit ``@settings`` on a test still choose its example count.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
