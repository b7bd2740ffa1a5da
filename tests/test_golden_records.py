"""Records written before the engine was rebuilt still replay, to the same results and record."""

from __future__ import annotations

from pathlib import Path

import pytest

from hasenpfeffer.records import load, replay

GOLDEN = sorted((Path(__file__).parent / "golden" / "records").iterdir())


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_an_older_record_replays_to_itself(path: Path) -> None:
    game = replay(path)
    written = load(path)
    again = game.record()
    assert again["hands"] == written["hands"]
    assert again.get("result") == written.get("result")
    assert again["variant"] == written["variant"]
