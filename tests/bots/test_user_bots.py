"""A bot of one's own: a subclass of ``hasenpfeffer.Bot`` with no ``__init__`` takes its seed
from the base class, on the command line and from Python; bots with their own ``__init__``,
or with no base class at all, load as before."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import hasenpfeffer
from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.bots.montecarlo import MonteCarloBot
from hasenpfeffer.bots.pimc import PimcBot
from hasenpfeffer.bots.registry import load_bot
from hasenpfeffer.bots.simple import RandomBot
from hasenpfeffer.cli import main
from hasenpfeffer.engine.draws import BOT, stream
from hasenpfeffer.engine.view import View
from hasenpfeffer.rules.actions import Action
from hasenpfeffer.sim.simulate import game_seed
from support.botmodules import module_here

Capsys = pytest.CaptureFixture[str]

SEEDLESS = """
import hasenpfeffer

SEEDS = set()


class Mine(hasenpfeffer.Bot):
    def choose(self, view, legal):
        SEEDS.add(self.seed)
        return legal[self.rng.randrange(len(legal))]
"""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A current folder holding ``seedless_bots.py``; the import path restored afterwards."""
    return module_here(tmp_path, "seedless_bots", SEEDLESS, monkeypatch)


def test_a_subclass_without_init_plays_from_the_command_line(capsys: Capsys, here: Path) -> None:
    argv = ["simulate", "euchre", "--bots", "seedless_bots:Mine,greedy", "--games", "2", "--seed", "3"]
    code = main([*argv, "--workers", "1", "--engine", "python", "--json"])
    assert code == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["games"] == 2
    # seats 0 and 2 of each game, seeded as every bot of the run is
    games = [game_seed(3, i) for i in range(2)]
    seen = sys.modules["seedless_bots"].SEEDS
    assert seen == {stream(g, BOT, seat) for g in games for seat in (0, 2)}


def test_a_subclass_without_init_keeps_its_seed_and_draws_from_it(here: Path) -> None:
    sys.path.append(str(here))  # the fixture's copy of the path: restored afterwards
    bot = load_bot("seedless_bots:Mine", 5)
    assert isinstance(bot, hasenpfeffer.Bot) and bot.seed == 5
    assert bot.rng.random() == random.Random(5).random()
    assert load_bot("seedless_bots:Mine").seed is None
    stats = hasenpfeffer.simulate("euchre", 2, ["seedless_bots:Mine", "greedy"] * 2, seed=1, workers=1)
    assert stats.games == 2


class OwnInit(hasenpfeffer.Bot):
    """A subclass with an ``__init__`` of its own that never calls the base class."""

    def __init__(self, seed: int | None = None) -> None:
        self.mine = seed

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]


class Extra(hasenpfeffer.Bot):
    """A subclass that keeps more, passing the seed on."""

    def __init__(self, seed: int | None = None, depth: int = 2) -> None:
        super().__init__(seed)
        self.depth = depth

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[-1]


class Duck:
    """No base class: a ``choose`` method is enough."""

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[0]


class NoChoice(hasenpfeffer.Bot):
    """A subclass that forgot ``choose``."""


def test_bots_with_their_own_init_or_no_base_load_as_before() -> None:
    assert load_bot(f"{__name__}:OwnInit", 4).mine == 4  # type: ignore[attr-defined]
    extra = load_bot(f"{__name__}:Extra", 4)
    assert isinstance(extra, Extra) and (extra.seed, extra.depth) == (4, 2)
    assert isinstance(load_bot(f"{__name__}:Duck", 4), Duck)
    with pytest.raises(ValueError, match="cannot be made: TypeError: Can't instantiate abstract class"):
        load_bot(f"{__name__}:NoChoice", 4)
    with pytest.raises(ValueError, match="has no choose"):
        load_bot("fractions:Fraction", 4)


def test_the_built_in_bots_keep_their_seed() -> None:
    for bot in (RandomBot(6), GreedyBot(6), MonteCarloBot(6), PimcBot(6)):
        assert isinstance(bot, hasenpfeffer.Bot) and bot.seed == 6
