"""The compiled learned bot against the Python ``LearnedBot``: the same choices, the same games.

Games are played compiled with learned seats beside greedy ones (one kind of kernel, compiled
once), recorded with every decision's legal ids, and replayed through the Python ``Game``
(:func:`hasenpfeffer.batch.replay.check_batch`): at each decision of a learned seat the Python
bot, asked with its own view, must choose the compiled action. The shipped euchre policy is
checked, and a small untrained policy on every file the compiled engine plays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hasenpfeffer import load_variant
from hasenpfeffer.batch.coverage import refusal
from support.paths import ROOT

pytest.importorskip("numba", exc_type=ImportError)
pytest.importorskip("safetensors", exc_type=ImportError)

from hasenpfeffer.batch.replay import check_batch
from hasenpfeffer.batch.run import play, policies
from hasenpfeffer.bots.learned import Policy, PolicyError, save_policy

FILES = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "examples").rglob("*.yaml"))
PLAYED = [f for f in FILES if refusal(load_variant(f)) is None]
EUCHRE = f"learned:{ROOT / 'policies' / 'euchre.policy'}"


def seats(spec: str, players: int) -> list[str]:
    """The learned bot at the even seats, greedy at the others."""
    return [spec if q % 2 == 0 else "greedy" for q in range(players)]


def test_every_shipped_file_is_played() -> None:
    assert len(PLAYED) >= 60
    assert {"euchre", "hasenpfeffer-pepper", "five-hundred"} <= {f.stem for f in PLAYED}


def test_the_shipped_euchre_policy_plays_as_the_python_bot() -> None:
    batch = play(load_variant("euchre"), 12, seed=5, debug=True, bots=seats(EUCHRE, 4))
    assert batch.bots == tuple(seats(EUCHRE, 4))
    assert check_batch(batch) == len(batch.hands) >= 12


@pytest.mark.parametrize("path", PLAYED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_every_file_replays_with_a_learned_bot(path: Path, tmp_path: Path) -> None:
    variant = load_variant(path)
    file = tmp_path / "small.policy"
    save_policy(file, Policy.initial(variant, hidden=(16, 8), seed=len(path.stem)))
    batch = play(variant, 2, seed=9, debug=True, max_hands=6, bots=seats(f"learned:{file}", variant.players))
    assert check_batch(batch) == len(batch.hands)


def test_a_policy_of_other_rules_is_refused_before_playing() -> None:
    with pytest.raises(PolicyError, match="trained on euchre, not hasenpfeffer"):
        play(load_variant("hasenpfeffer"), 1, bots=seats(EUCHRE, 4))


def test_the_seats_kernel_codes() -> None:
    assert policies(load_variant("euchre"), ["learned:x", "greedy", "random", "learned:y"]).tolist() == [
        2,
        1,
        0,
        2,
    ]
    with pytest.raises(ValueError, match="plays only random, greedy, learned bots, not mc"):
        policies(load_variant("euchre"), ["mc"] * 4)
