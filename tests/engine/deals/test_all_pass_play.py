"""A hand played when all pass (``making.all_pass.rule: play``): Five Hundred's house rule of
no-trump without a maker, 10 a trick to each side (docs/variant-format.md, "When everyone
passes"; examples/house-rules/five-hundred-all-pass-no-trump.yaml)."""

from __future__ import annotations

import random

import pytest

from hasenpfeffer import Game, records
from hasenpfeffer.engine.events import PassedOut, TrickWon
from hasenpfeffer.engine.game import actual_state
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant, load_variant_data
from support.deals import FIVE_HUNDRED_HEARTS as DEAL
from support.paths import HOUSE_RULES as HOUSE
from support.play import play_random

V = load_variant(HOUSE / "five-hundred-all-pass-no-trump.yaml")


def all_pass(g: Game) -> None:
    for seat in (0, 1, 2, 3):
        g.apply(f"{seat} pass")


def lead(g: Game, action: str) -> None:
    """Seat 0 leads; each other seat plays its first legal card."""
    g.apply(action)
    while actual_state(g).trick and g.phase == "play":
        g.apply(g.legal_actions()[0])


def test_all_pass_plays_the_hand_at_no_trump_without_a_maker_and_each_side_scores_its_tricks() -> None:
    g = Game(V, seed=1, deal=DEAL)
    all_pass(g)
    # no maker, no kitty taken, no discard: play at once, the dealer's left (seat 0) leading
    assert g.phase == "play" and g.to_move == 0
    view = g.view(0)
    assert (view.trump, view.maker, view.bid, len(view.hand)) == ("NT", None, None, 10)
    assert PassedOut("NT") in g.events and len(actual_state(g).kitty) == 3
    for card in ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H"]:
        lead(g, f"0 play {card}")  # nobody else holds a heart: eight tricks
    g.apply("0 play JK")
    assert g.legal_actions()[0].verb == "suit"  # at no-trump the Joker's leader names the suit
    g.apply("0 suit S")
    while actual_state(g).trick:
        g.apply(g.legal_actions()[0])
    lead(g, "0 play JD")  # a jack of diamonds, no bower at no-trump: seat 3's ace takes it
    won = [e for e in g.events if type(e) is TrickWon]
    assert [t.winner for t in won] == [0] * 9 + [3]
    r = g.hand_results[0]
    assert (r.maker, r.bid, r.trump, r.thrown_in, r.made, r.tricks) == (None, None, "NT", False, None, (9, 1))
    assert r.score_change == (90, 10) and r.maker_side is None


def test_points_from_a_hand_without_a_maker_never_win_where_only_a_made_contract_wins() -> None:
    g = Game(V, seed=1, deal=DEAL)
    actual_state(g).scores = (480, 0)
    all_pass(g)
    while g.hand_number == 1:
        g.apply(g.legal_actions()[0])
    assert g.view(0).scores[0] >= 500 and not g.is_over


def test_a_hand_played_out_replays_and_says_so() -> None:
    g = Game(V, seed=4)
    for _ in range(4):
        g.apply(g.legal_actions()[0])  # a pass
    play_random(g, random.Random(1), hands=3)
    rec = g.record()
    again = records.replay(records.loads(records.dump(rec)))
    assert again.record() == rec and again.hand_results == g.hand_results
    assert any(r.maker is None and not r.thrown_in for r in g.hand_results)


def test_the_all_pass_play_needs_a_suit_of_the_pack() -> None:
    with pytest.raises(VariantError, match=r"all_pass\.trump: 'X' is not a suit"):
        load_variant_data(
            {"name": "x", "extends": "five-hundred", "making": {"all_pass": {"rule": "play", "trump": "X"}}}
        )
