"""The room for hands a batch of compiled games starts with: a batch that ran out of room is
played again with more, and the next batch of the same rules starts with the room the last one
needed (random Pepper games run some 800 hands, against the 12 a game the first batch guesses)."""

from __future__ import annotations

from typing import Any

import pytest

from hasenpfeffer import load_variant

pytest.importorskip("numba", exc_type=ImportError)


def test_a_batch_starts_with_the_room_the_last_one_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    from hasenpfeffer.batch import games_compiled, run

    calls: list[int] = []
    real = games_compiled.play

    def counted(*args: Any) -> None:
        calls.append(1)
        real(*args)

    monkeypatch.setattr(games_compiled, "play", counted)
    monkeypatch.setattr(run, "_HANDS", {})
    v = load_variant("hasenpfeffer-pepper")
    first = run.play(v, 16, seed=1, max_hands=300)
    assert len(calls) == 2  # 12 hands a game guessed, far fewer than played: played again
    assert first.games[:, 0].sum() > 16 * 12
    calls.clear()
    second = run.play(v, 16, seed=2, max_hands=300)
    assert len(calls) == 1
    again = run.play(v, 16, seed=2, max_hands=300)  # the room changes no game
    assert (again.games == second.games).all() and (again.hands == second.hands).all()
