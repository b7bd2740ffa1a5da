"""A called partner (``partnerships: called``) in the compiled engines: each way of calling
replays through the Python engine with random and greedy seats, and every hand of the
five-handed house rule scores as its rules say, worked out here apart from the engines."""

from __future__ import annotations

from typing import Any

import pytest

from hasenpfeffer import load_variant
from hasenpfeffer.format.variant import Variant
from support.paths import ROOT

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch.replay import check_batch
from hasenpfeffer.batch.run import play

CALLED = load_variant(str(ROOT / "examples/house-rules/five-handed-call-your-partner.yaml"))


def _with(v: Variant, **fields: Any) -> Variant:
    return Variant.model_validate({**v.model_dump(), "name": v.name + "-x", **fields})


VARIATIONS = {
    "plain, or alone": CALLED,
    "any card, the maker's own too, never alone": _with(
        CALLED, making={**CALLED.making.model_dump(), "call": {"cards": "any", "own": True, "alone": False}}
    ),
    "the best trump the maker lacks": _with(
        CALLED, making={**CALLED.making.model_dump(), "call": {"cards": "best-trump", "alone": True}}
    ),
    "an auction's contracts (five hundred)": _with(load_variant("five-hundred"), partnerships="called"),
}


@pytest.mark.parametrize("name", sorted(VARIATIONS))
@pytest.mark.parametrize("seats", ["random", "mixed"])
def test_each_way_of_calling_replays_in_python(name: str, seats: str) -> None:
    v = VARIATIONS[name]
    bots = ["random" if seats == "random" or q % 2 else "greedy" for q in range(v.players)]
    batch = play(v, 12, seed=3, debug=True, bots=bots, max_hands=30)
    assert check_batch(batch) == len(batch.hands)
    results = batch.results()
    assert any(r.partner is not None for r in results)  # some hands were played with a partner


def _expected(maker: int, partner: int | None, tricks: tuple[int, ...]) -> tuple[int, ...]:
    """The house rule's score of a hand, from its text: the maker and the partner each score 1
    for 3 or 4 tricks, 2 for all five; a lone maker 1 for 3 or 4, 5 for all five; euchred,
    each of the others scores 2."""
    makers = {maker} if partner is None else {maker, partner}
    taken = sum(tricks[q] for q in makers)
    if taken < 3:
        return tuple(0 if q in makers else 2 for q in range(len(tricks)))
    points = (5 if partner is None else 2) if taken == 5 else 1
    return tuple(points if q in makers else 0 for q in range(len(tricks)))


def test_every_hand_scores_as_the_house_rule_says() -> None:
    batch = play(CALLED, 40, seed=9, bots=["greedy", "random"] * 2 + ["greedy"], max_hands=40)
    played = [r for r in batch.results() if r.maker is not None]
    assert len(played) > 100
    for r in played:
        assert r.maker is not None
        assert r.score_change == _expected(r.maker, r.partner, r.tricks), r
        assert r.alone == (r.partner is None)
    kinds = {(r.partner is None, r.made) for r in played}  # alone or not, made or not: all four
    assert kinds == {(False, True), (False, False), (True, True), (True, False)}
    assert all(r.made == (r.score_change[r.maker] > 0) for r in played if r.maker is not None)
