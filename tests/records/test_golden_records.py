"""Records written before the engine was rebuilt still replay, to the same results and record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer.events import HandDealt
from hasenpfeffer.records import load, replay
from support.paths import GOLDEN

RECORDS = GOLDEN / "records"
OLDER = sorted(RECORDS.iterdir())


def begun(hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The hands of a record as records are now written: older ones wrote the deal that
    followed the last finished hand as a hand with no actions."""
    last = hands[-1]
    if len(hands) > 1 and not last["actions"] and "result" not in last:
        return hands[:-1]
    return hands


@pytest.mark.parametrize("path", OLDER, ids=lambda p: p.name)
def test_an_older_record_replays_to_itself(path: Path) -> None:
    game = replay(path)
    written = load(path)
    again = game.record()
    assert again["hands"] == begun(written["hands"])
    assert again.get("result") == written.get("result")
    assert again["variant"] == written["variant"]


def test_the_next_deal_an_older_record_wrote_is_dealt_next() -> None:
    path = RECORDS / "euchre-two-hands-and-the-next-deal.yaml"
    written = load(path)
    game = replay(path)
    assert len(written["hands"]) == 3 and len(game.record()["hands"]) == 2
    dealt = game.events[-1]
    assert isinstance(dealt, HandDealt) and dealt.hand == 3
    assert [list(h) for h in dealt.hands] == written["hands"][2]["hands"]
