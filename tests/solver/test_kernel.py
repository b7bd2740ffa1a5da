"""The compiled search (numba, the extra ``fast``) gives the pure-Python search's values: on
whole deals of every built-in from the opening lead, on random variants mid-play, and with a
table so small that its entries keep replacing each other. (Both are compared with the plain
minimax in tests/solver/test_solver.py.)"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import accel
from hasenpfeffer.format.loader import builtin_names, load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rules.ruleset import compile_variant
from hasenpfeffer.solver import Solver, layout, solve
from hasenpfeffer.solver.position import Position, from_cards, position
from hasenpfeffer.solver.search import Search
from hasenpfeffer.solver.solve import fits_compiled
from support.play import contract_in_play, game_in_play
from support.random_variants import engine_variants, loaded

pytest.importorskip("numba", exc_type=ImportError)
kernel = importlib.import_module("hasenpfeffer.solver.search_compiled")

RANDOM_LIMIT = 24
"""Most cards left in the hands of a random variant's position (a Hasenpfeffer deal's 24): a
random variant may deal 60 cards, and one such whole deal kept the compiled search busy for
over 20 minutes."""


def same_answers(p: Position) -> None:
    """Every card's value and every side's tricks, compiled and pure-Python."""
    compiled, python = Solver(compiled=True), Solver(compiled=False)
    assert compiled.moves(p) == python.moves(p)
    assert compiled.tricks(p) == python.tricks(p)
    assert compiled.best(p) == python.best(p)


@pytest.mark.parametrize("name", builtin_names())
def test_compiled_equals_python_on_whole_deals(name: str) -> None:
    v = load_variant(name)
    rng = random.Random(f"kernel {name}")
    done = tries = 0
    while done < 12 and tries < 400:
        tries += 1
        g = game_in_play(v, rng, limit=None)
        if g is not None:
            same_answers(position(g))
            done += 1
    assert done == 12


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(data=engine_variants(), seed=st.integers(0, 2**32))
def test_compiled_equals_python_on_random_variants(data: dict[str, Any], seed: int) -> None:
    v = loaded(data)
    rng = random.Random(seed)
    for _ in range(10):
        g = game_in_play(v, rng, limit=RANDOM_LIMIT)
        if g is not None and fits_compiled(position(g)):
            same_answers(position(g))
            return


@pytest.mark.parametrize("misere", [True, False], ids=["misere", "no-trump"])
def test_compiled_equals_python_in_contracts(misere: bool) -> None:
    """Five Hundred's misère and no-trump with the Joker naming the suit, whole deals and mid-play."""
    v = load_variant("five-hundred")
    rng = random.Random(f"kernel contracts {misere}")
    done = 0
    while done < 8:
        g = contract_in_play(v, rng, misere, limit=40 if done < 4 else 20)
        if g is not None:
            same_answers(position(g))
            done += 1


def test_a_crowded_table_keeps_values_exact() -> None:
    """Two slots for a whole deal: entries overwrite each other, values stay the same."""
    v = load_variant("hasenpfeffer")
    rng = random.Random(7)
    for _ in range(10):
        g = game_in_play(v, rng, limit=None)
        if g is None:
            continue
        p = position(g)
        for side in range(p.sides):
            assert kernel.Compiled(p, side, slots=2).exact(p) == Search(p, side).exact(p)


def test_hand_worked_ending() -> None:
    """The Joker and the right bower draw the last trumps; the ace of spades takes the third trick."""
    rules = compile_variant(Variant(name="x"))
    p = from_cards(
        rules, "H", [["JK", "JH", "AS"], ["QH", "9S", "TS"], ["AD", "KD", "QD"], ["9H", "KS", "QS"]], 0
    )
    assert kernel.Compiled(p, side=0).exact(p) == 3
    assert Solver(compiled=True).tricks(p) == (3, 0)


def test_a_pack_too_large_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(layout, "MAX_BITS", 10)
    rng = random.Random(3)
    g = None
    while g is None:
        g = game_in_play(load_variant("euchre"), rng, limit=None)
    solver = Solver(compiled=True)
    r = solve(g, solver)
    assert all(isinstance(s, Search) for s in solver.searches.values())
    assert r == solve(g, Solver(compiled=False))
    with pytest.raises(ValueError, match="at most 10 cards"):
        kernel.Compiled(position(g), 0)


def test_asking_for_it_without_numba_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accel, "installed", lambda: False)
    with pytest.raises(
        ValueError, match=r"the compiled search cannot run: numba is not installed .*\[fast\]"
    ):
        Solver(compiled=True)
    assert Solver().compiled is False


def test_numba_loads_only_when_the_compiled_search_is_used() -> None:
    """Importing the solver and the bots leaves numba (half a second to import) unloaded."""
    import subprocess
    import sys

    code = (
        "import sys, hasenpfeffer.solver, hasenpfeffer.bots.pimc, hasenpfeffer.bots.greedy, hasenpfeffer.cli;"
        " print('numba' in sys.modules, 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
