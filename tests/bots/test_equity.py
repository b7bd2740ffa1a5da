"""The chance of winning the game from a score (``bots/equity.py``) and pimc playing to it:
hand-worked tables, the variant's own end of the game, and choices that change with the score."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from hasenpfeffer.bots.equity import Equity, Outcome, equity_for, sample_outcomes
from hasenpfeffer.bots.pimc import POINT, PimcBot
from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import GameEnd, Variant

TO_TWO = Variant(name="to-two", game=GameEnd(target=2))


def test_a_game_to_two_where_the_dealers_side_scores_two_hands_in_three() -> None:
    """Each hand one side scores a point: the dealer's side two times in three. Worked by hand,
    with side 0 dealing at 0-0 and the deal passing to the other side each hand:
    from 1-1 the dealer's side wins with 2/3; from 1-0 (side 1 dealing) side 0 wins 1/3 at once,
    else reaches 1-1 dealing: 1/3 + 2/3 * 2/3 = 7/9; from 0-1 (side 1 dealing) it must score
    (1/3), then wins from 1-1 dealing with 2/3: 2/9; from 0-0, 2/3 * 7/9 + 1/3 * 2/9 = 16/27."""
    outcomes: Counter[Outcome] = Counter({(1, 0, True, True): 2, (0, 1, False, True): 1})
    eq = Equity(TO_TWO, outcomes)
    assert eq.win((0, 0), dealer=0, side=0) == pytest.approx(16 / 27, abs=1e-4)
    assert eq.win((0, 0), dealer=1, side=1) == pytest.approx(16 / 27, abs=1e-4)
    assert eq.win((1, 0), dealer=1, side=0) == pytest.approx(7 / 9, abs=1e-4)
    assert eq.win((0, 1), dealer=1, side=0) == pytest.approx(2 / 9, abs=1e-4)
    assert eq.win((1, 1), dealer=2, side=0) == pytest.approx(2 / 3, abs=1e-4)
    # After a hand: reaching the target wins outright; otherwise the next seat deals.
    assert eq.after((1, 0), (1, 0), maker_side=0, made=True, dealer=3, side=0) == 1.0
    assert eq.after((1, 0), (1, 0), maker_side=0, made=True, dealer=3, side=1) == 0.0
    assert eq.after((0, 0), (1, 0), maker_side=0, made=True, dealer=0, side=0) == pytest.approx(
        7 / 9, abs=1e-4
    )


def test_the_end_of_the_game_is_the_variants_own() -> None:
    """With ``must_bid_out`` a side that reaches the target on the others' bid plays on."""
    bid_out = Variant(name="bid-out", game=GameEnd(target=2, must_bid_out=True))
    outcomes: Counter[Outcome] = Counter({(1, 0, True, True): 1, (0, 1, False, True): 1})
    eq = Equity(bid_out, outcomes)
    assert eq.after((1, 0), (1, 0), maker_side=0, made=True, dealer=0, side=0) == 1.0
    # Side 0 took its point from side 1's failed bid: no win yet, but much the better place.
    after = eq.after((1, 0), (1, 0), maker_side=1, made=False, dealer=0, side=0)
    assert 0.5 < after < 1.0


def test_more_sides_or_a_long_game_have_no_table() -> None:
    assert equity_for(load_variant("three-handed-euchre")) is None
    assert equity_for(load_variant("double-hasenpfeffer-6")) is None


def test_the_sample_counts_only_hands_played_out() -> None:
    variant = load_variant("euchre")
    outcomes = sample_outcomes(variant, hands=60, seed=3)
    assert 0 < sum(outcomes.values()) <= 60
    assert sample_outcomes(variant, hands=60, seed=3) == outcomes
    for mine, theirs, _, made in outcomes:
        # Euchre scores one side a hand: 1, 2 or 4 to the makers, 2 to euchring defenders.
        assert (mine == 0) != (theirs == 0)
        assert made or max(mine, theirs) == 2


def test_a_table_is_the_same_chance_seen_from_either_side() -> None:
    eq = equity_for(load_variant("euchre"))
    assert eq is not None
    for scores in [(0, 0), (3, 7), (9, 9), (8, 2)]:
        for dealer in range(4):
            total = eq.win(scores, dealer, 0) + eq.win(scores, dealer, 1)
            assert total == pytest.approx(1.0)
    assert eq.win((9, 0), 0, 0) > eq.win((6, 0), 0, 0) > eq.win((0, 0), 0, 0) > eq.win((0, 6), 0, 0)


def test_pimc_values_points_by_what_they_do_for_the_game() -> None:
    """In euchre at 8 a march (2) wins as a lone march (4) does: the two are worth the same,
    but for the points' tie-break; at 0-0 the lone march is worth more. Counting points
    (``equity=0``) the difference is the two points either way."""
    view = Game(load_variant("euchre"), seed=1).view(0)
    at_eight = PimcBot(1).worth(dataclasses.replace(view, scores=(8, 3)))
    assert at_eight is not None
    march, lone = at_eight((2, 0), 0, True), at_eight((4, 0), 0, True)
    assert lone - march == pytest.approx(2 * POINT)
    at_zero = PimcBot(1).worth(view)
    assert at_zero is not None
    assert at_zero((4, 0), 0, True) - at_zero((2, 0), 0, True) > 0.05
    assert PimcBot(1, equity=0).worth(view) is None
