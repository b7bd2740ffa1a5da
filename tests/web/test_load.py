"""Load on the loopback address, bounded: 20 games and 2 studies at once for a short window
(``HASENPFEFFER_LOAD_SECONDS``, default 8; ``python benchmarks/web.py --load 60`` runs the full
minute): no error, memory flat, every game's record replaying."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser import server

pytest.importorskip("httpx")


def test_twenty_games_and_two_studies(tmp_path: Path) -> None:
    from hasenpfeffer.web.load import run_load

    seconds = float(os.environ.get("HASENPFEFFER_LOAD_SECONDS", "8"))
    with server(tmp_path) as url:
        load = run_load(url, tmp_path, games=20, studies=2, seconds=seconds)
    assert not load.errors, load.errors[:5]
    assert load.moves > 100 and load.replayed >= 20
    warm, end = load.memory
    assert end - warm < 80, f"memory grew from {warm:.0f} to {end:.0f} MiB"
