"""Rules seen acting, counted from events (``hasenpfeffer.sim.happenings``), and carried through
the statistics: hand-worked event sequences, then a few simulated games."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from hasenpfeffer import Stats, load_variant, simulate
from hasenpfeffer.engine.events import (
    GameWon,
    HandDealt,
    HandResult,
    HandScored,
    MatchWon,
    Termination,
    TrumpTurned,
)
from hasenpfeffer.format.cards import Card
from hasenpfeffer.sim.happenings import happenings

HOUSE = Path(__file__).resolve().parents[2] / "examples" / "house-rules"


def _game(name: str, events: list[Any]) -> Any:
    return SimpleNamespace(variant=load_variant(HOUSE / f"{name}.yaml"), events=events)


def _result(maker_side: int, made: bool, scores: tuple[int, int]) -> HandResult:
    return HandResult(
        dealer=0,
        maker=maker_side,
        bid="2",
        trump="H",
        alone=False,
        defender_alone=False,
        thrown_in=False,
        forced=False,
        tricks=(1, 5) if maker_side == 0 else (5, 1),
        made=made,
        score_change=(0, 0),
        scores=scores,
        maker_side=maker_side,
    )


def test_laps_carry_what_a_game_winner_scored_beyond_the_target() -> None:
    # Game 1: team 0 ends at 12 of 10 against 3: the lap carries 2 points. Game 2: team 1 wins
    # 11 to 0, a shut-out, and the match (no lap carried out of the match's last game).
    events = [
        GameWon(0, (12, 3), Termination.TARGET),
        GameWon(1, (0, 11), Termination.TARGET),
        MatchWon(1, (1, 1)),
    ]
    found = happenings(_game("euchre-laps", events))
    assert found == {"match games": 2, "shut-outs": 1, "laps carried": 1, "points carried": 2}


def test_a_match_without_laps_counts_its_games_and_shut_outs_only() -> None:
    events = [
        GameWon(0, (10, 0), Termination.TARGET),
        GameWon(0, (10, 4), Termination.TARGET),
        MatchWon(0, (3, 0)),
    ]
    assert happenings(_game("euchre-skunk-counts-double", events)) == {"match games": 2, "shut-outs": 1}


def test_a_win_on_a_defeated_bid_is_the_defenders_reaching_the_target() -> None:
    # Team 1 bid and failed: team 0 reaches 21 on that hand and wins (one such win); then team 0
    # wins a second game on its own made bid (not counted).
    events = [
        HandScored(_result(1, False, (21, 8))),
        GameWon(0, (21, 8), Termination.TARGET),
        HandScored(_result(0, True, (22, 9))),
        GameWon(0, (22, 9), Termination.TARGET),
    ]
    assert happenings(_game("pepper-win-on-defeated-bid", events)) == {"won on a defeated bid": 1}


def test_turned_cards_count_by_hand() -> None:
    dealt = [HandDealt(n, 0, (), (), Card(turned)) for n, turned in enumerate(["JK", "9C", "AH"])]
    clubs = happenings(_game("euchre-dirty-clubs", [dealt[1], TrumpTurned(0, "C"), dealt[2]]))
    assert clubs == {"turned trump at once": 1}
    assert happenings(_game("euchre-benny", dealt)) == {"Joker turned": 1}
    assert happenings(_game("euchre-turned-joker-dealer-names", dealt))["Joker turned"] == 1


def test_variants_without_these_rules_count_nothing() -> None:
    game = SimpleNamespace(
        variant=load_variant("hasenpfeffer"), events=[GameWon(0, (10, 0), Termination.TARGET)]
    )
    assert happenings(game) == {}


def test_simulated_laps_reach_the_summary_and_survive_a_merge() -> None:
    stats = simulate(
        load_variant(HOUSE / "euchre-laps.yaml"), games=6, bots=["random"] * 4, seed=1, workers=1
    )
    happened = stats.summary()["happened"]
    assert happened["match games"] >= 12  # every match of best-of-three has at least two games
    assert happened["points carried"] >= happened["laps carried"]
    assert Stats.from_raw(stats.raw()) == stats
    twice = Stats.from_raw(stats.raw())
    twice.merge(stats)
    assert twice.happened == {k: 2 * n for k, n in happened.items()}


@pytest.mark.parametrize(
    "name",
    [
        "euchre-benny",
        "pepper-win-on-defeated-bid",
        "euchre-laps",
        "euchre-skunk-counts-double",
        "euchre-match-of-three",
        "euchre-dirty-clubs",
        "euchre-turned-joker-dealer-names",
        "railroad-euchre-to-5",
    ],
)
def test_compiled_games_count_what_their_python_replays_count(name: str) -> None:
    pytest.importorskip("numba", exc_type=ImportError)
    from hasenpfeffer.batch.replay import replay_game
    from hasenpfeffer.sim.arraystats import count_batch
    from hasenpfeffer.sim.compiled import play_batch

    variant = load_variant(HOUSE / f"{name}.yaml")
    batch = play_batch(variant, seeds=range(12), max_hands=60, record=True)
    stats = Stats(sides=len(variant.teams))
    count_batch(stats, batch)
    python: dict[str, int] = {}
    for g in range(len(batch)):
        for key, n in happenings(replay_game(batch, g)).items():
            python[key] = python.get(key, 0) + n
    assert stats.happened == python and python


@pytest.mark.parametrize(
    "name", ["euchre-nines-and-tens", "euchre-ace-no-face", "euchre-farmers-hand", "euchre-going-under"]
)
def test_compiled_games_count_the_weak_hands_their_python_replays_count(name: str) -> None:
    pytest.importorskip("numba", exc_type=ImportError)
    from hasenpfeffer.batch.replay import replay_game
    from hasenpfeffer.sim.arraystats import count_batch
    from hasenpfeffer.sim.compiled import play_batch

    variant = load_variant(HOUSE / f"{name}.yaml")
    seeds = [*range(30), 74, 138]  # nines and tens, rarely dealt, are dealt in games 74 and 138
    batch = play_batch(variant, seeds=seeds, max_hands=60, record=True)
    stats, python = Stats(sides=len(variant.teams)), Stats(sides=len(variant.teams))
    count_batch(stats, batch)
    for g in range(len(batch)):
        python.add_game(replay_game(batch, g))
    assert stats.weak_hands == python.weak_hands and python.weak_hands


def test_compiled_games_count_the_declarations_their_python_replays_count() -> None:
    """Jamboree's five highest trumps are seldom dealt: a short set of the same kind is declared
    in many hands."""
    pytest.importorskip("numba", exc_type=ImportError)
    from hasenpfeffer.batch.replay import replay_game
    from hasenpfeffer.format.variant import Declaration
    from hasenpfeffer.sim.arraystats import count_batch
    from hasenpfeffer.sim.compiled import play_batch

    base = load_variant(HOUSE / "euchre-jamboree.yaml")
    sets = (Declaration(name="bowers", cards=2, points=3), *base.scoring.declarations)
    variant = base.model_copy(update={"scoring": base.scoring.model_copy(update={"declarations": sets})})
    batch = play_batch(variant, seeds=range(20), max_hands=60, record=True)
    stats, python = Stats(sides=len(variant.teams)), Stats(sides=len(variant.teams))
    count_batch(stats, batch)
    for g in range(len(batch)):
        python.add_game(replay_game(batch, g))
    assert stats.declarations == python.declarations and python.declarations["bowers"]


@pytest.mark.parametrize("bots", [("random",) * 4, ("greedy", "random", "greedy", "greedy")])
def test_compiled_games_count_the_drop_outs_and_bucks_their_python_replays_count(
    bots: tuple[str, ...],
) -> None:
    """Buck Euchre's drop-outs and bucks, compiled with random and greedy seats: every hand
    replays, and the statistics count what they count from the Python replays' events."""
    pytest.importorskip("numba", exc_type=ImportError)
    from hasenpfeffer.batch.replay import check_batch, replay_game
    from hasenpfeffer.batch.run import play
    from hasenpfeffer.sim.arraystats import count_batch

    variant = load_variant("buck-euchre")
    batch = play(variant, seeds=range(16), record=True, debug=True, bots=bots)  # every game finished
    assert check_batch(batch) == len(batch.hands) and all(batch.winner(g) is not None for g in range(16))
    assert sum(len(batch.dropped(h)) for h in range(len(batch.hands))) > 0
    stats, python = Stats(sides=len(variant.teams)), Stats(sides=len(variant.teams))
    count_batch(stats, batch)
    for g in range(len(batch)):
        python.add_game(replay_game(batch, g))
    assert (stats.drop_outs, stats.bucks) == (python.drop_outs, python.bucks)
    assert python.drop_outs and python.bucks
    assert stats.raw() == python.raw()
