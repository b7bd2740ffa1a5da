"""The compiled greedy bot chooses as the Python ``GreedyBot`` at every decision: compiled
games replayed through the Python engine, which asks the Python bot each time (the memo of a
seat's bidding estimates through an auction included: pepper bidding asks a seat many times)."""

from __future__ import annotations

import pytest

from hasenpfeffer import load_variant

pytest.importorskip("numba", exc_type=ImportError)

from hasenpfeffer.batch.greedytables import build_greedy, empty_greedy
from hasenpfeffer.batch.replay import replay_game
from hasenpfeffer.batch.run import play


@pytest.mark.parametrize("name", ["hasenpfeffer-pepper", "euchre", "pepper", "three-handed-euchre"])
def test_compiled_greedy_chooses_as_the_python_bot(name: str) -> None:
    v = load_variant(name)
    for bots in (["greedy"] * v.players, ["greedy" if q % 2 == 0 else "random" for q in range(v.players)]):
        batch = play(v, games=3, seed=11, bots=bots, record=True, max_hands=40)
        for game in range(len(batch)):
            replay_game(batch, game)


def test_each_build_has_working_arrays_of_its_own_and_the_layout_of_the_empty_tables() -> None:
    v = load_variant("hasenpfeffer-pepper")
    first, second, empty = build_greedy(v).arrays, build_greedy(v).arrays, empty_greedy(v).arrays
    assert all(a is b for a, b in zip(first[:11], second[:11], strict=True))  # the tables, shared
    assert all(a is not b for a, b in zip(first[11:], second[11:], strict=True))

    def layout(arrays: tuple[object, ...]) -> list[object]:
        return [layout(a) if isinstance(a, tuple) else (a.dtype, a.ndim) for a in arrays]  # type: ignore[attr-defined]

    assert layout(first) == layout(empty)
