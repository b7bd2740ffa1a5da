"""Every family variant and its house rules: valid, playable to the end, simulable.

Random legal play from many seeds must always finish a game, keep the score equal
to the sum of the hands' score changes, and deal every card exactly once per hand.
"""

from __future__ import annotations

import random

import pytest

from hasenpfeffer import Action, Game, LegalActions, Variant
from hasenpfeffer.engine.events import GameWon, Termination
from hasenpfeffer.format.checks import check
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.records.record import dump, loads, replay
from hasenpfeffer.sim.simulate import simulate
from support import paths
from support.play import play_random

BUILTINS = [
    "euchre",
    "three-handed-euchre",
    "railroad-euchre",
    "double-hasenpfeffer",
    "double-hasenpfeffer-6",
    "pepper",
]
HOUSE_RULES = sorted(p.name for p in paths.HOUSE_RULES.glob("euchre-*.yaml")) + [
    f"pepper-{n}.yaml" for n in ("lose-the-bid", "stick-the-dealer", "one-round")
]
HOUSE_RULES += [
    "railroad-euchre-to-5.yaml",
    "three-handed-euchre-stick-the-dealer.yaml",
    "double-hasenpfeffer-open-auction.yaml",
]
ALL = BUILTINS + HOUSE_RULES


def variant(name: str) -> Variant:
    return load_variant(paths.HOUSE_RULES / name if name.endswith(".yaml") else name)


def random_game(v: Variant, seed: int, max_hands: int = 3000) -> Game:
    """Random legal play, but modest: only the opening bid is made (the lowest), lone play is rare."""
    rng = random.Random(seed)
    g = Game(v, seed=seed)
    lowest = v.making.auction.ladder[0].name

    def choose(legal: LegalActions) -> Action:
        assert legal and g.to_move is not None and all(a.seat == g.to_move for a in legal)
        modest = [a for a in legal if (a.verb != "bid" or a.arg == lowest) and not a.alone]
        return rng.choice(modest if modest and rng.random() < 0.9 else legal)

    play_random(g, rng, hands=max_hands, choose=choose)
    return g


def test_builtins_are_listed() -> None:
    assert set(BUILTINS) <= set(builtin_names())


@pytest.mark.parametrize("name", ALL)
def test_validates_without_problems(name: str) -> None:
    v = variant(name)
    assert check(v) == []
    assert v.description


@pytest.mark.parametrize("name", ALL)
def test_random_play_reaches_the_end(name: str) -> None:
    v = variant(name)
    for seed in range(4):
        g = random_game(v, seed)
        assert g.is_over and g.winner is not None and g.to_move is None
        assert tuple(g.scores) == g.hand_results[-1].scores
        if v.match is None:  # (a match starts each game again from nothing, or from its laps)
            totals = [sum(r.score_change[i] for r in g.hand_results) for i in range(len(v.teams))]
            assert tuple(g.scores) == tuple(totals)
        won = [e for e in g.events if isinstance(e, GameWon)]
        reached = v.game.target is not None and max(g.scores) >= v.game.target
        assert reached or won[-1].reason in (Termination.BARRED, Termination.DEALS, Termination.DECLARED)
        shown = {d.name for d in v.scoring.declarations}  # a set declared: the hand not played
        for r in g.hand_results:
            assert r.thrown_in or r.bid in shown or sum(r.tricks) == v.tricks_per_hand


@pytest.mark.parametrize("name", BUILTINS)
def test_simulates_with_bots(name: str) -> None:
    v = variant(name)
    stats = simulate(v, games=2, bots=["greedy"] * v.players, seed=1, workers=1)
    assert stats.games == 2


@pytest.mark.parametrize("name", ALL)
def test_record_replays_through_yaml(name: str) -> None:
    g = random_game(variant(name), seed=7)
    record = g.record()
    again = replay(loads(dump(record)))
    assert again.record() == record
    assert again.hand_results == g.hand_results and again.winner == g.winner
