"""Stick the dealer in an auction (making.auction.stuck_dealer;
examples/house-rules/pepper-stuck-dealer-chooses.yaml): when every other player has passed and
nobody has bid, the dealer may not pass but makes any bid open to it, an ordinary bid."""

from __future__ import annotations

import pytest

from hasenpfeffer import Game, IllegalActionError
from hasenpfeffer.events import HandScored, MakerForced
from hasenpfeffer.format.loader import load_variant, load_variant_data
from hasenpfeffer.format.variant import Variant
from support.paths import HOUSE_RULES as HOUSE

LADDER = ["1", "2", "3", "4", "5", "little-pepper", "big-pepper"]


def variant() -> Variant:
    return load_variant(str(HOUSE / "pepper-stuck-dealer-chooses.yaml"))


def test_after_three_passes_the_dealer_must_bid_any_bid() -> None:
    g = Game(variant(), seed=1)
    dealer = g.view().dealer
    for k in (1, 2, 3):
        g.apply(f"{(dealer + k) % 4} pass")
    assert g.to_move == dealer
    assert [str(a) for a in g.legal_actions()] == [f"{dealer} bid {b}" for b in LADDER]
    before = len(g.events)
    with pytest.raises(IllegalActionError, match="the dealer may not pass"):
        g.apply(f"{dealer} pass")
    assert len(g.events) == before and g.to_move == dealer
    g.apply(f"{dealer} bid 4")  # a bid it chose, not one it is forced to
    assert g.phase == "trump" and g.to_move == dealer
    assert not any(type(e) is MakerForced for e in g.events)


def test_the_dealer_may_pass_once_someone_has_bid() -> None:
    g = Game(variant(), seed=1)
    dealer = g.view().dealer
    g.apply(f"{(dealer + 1) % 4} bid 2")
    g.apply(f"{(dealer + 2) % 4} pass")
    g.apply(f"{(dealer + 3) % 4} pass")
    assert g.to_move == dealer and f"{dealer} pass" in g.legal_actions()


def test_the_stuck_dealers_bid_is_scored_as_an_ordinary_bid() -> None:
    g = Game(variant(), seed=1)
    dealer = g.view().dealer
    for k in (1, 2, 3):
        g.apply(f"{(dealer + k) % 4} pass")
    g.apply(f"{dealer} bid 1")
    while not g.hand_results:
        g.apply(g.legal_actions()[0])
    r = next(e for e in g.events if type(e) is HandScored).result
    assert r.maker == dealer and r.bid == "1" and r.forced is False


def test_without_the_rule_three_passes_and_the_dealers_pass_throw_the_hand_in() -> None:
    g = Game(load_variant("pepper"), seed=1)
    dealer = g.view().dealer
    for k in (1, 2, 3, 4):
        g.apply(f"{(dealer + k) % 4} pass")
    assert g.hand_results[-1].thrown_in


def test_a_dealer_with_no_bid_open_to_it_may_pass() -> None:
    v = load_variant_data(
        {
            "extends": "pepper",
            "name": "stuck-but-barred",
            "making": {
                "auction": {
                    "stuck_dealer": True,
                    "ladder": [{"name": "3", "tricks": 3, "positions": [1, 2, 3]}],
                },
            },
        }
    )
    g = Game(v, seed=1)
    dealer = g.view().dealer
    for k in (1, 2, 3):
        g.apply(f"{(dealer + k) % 4} pass")
    assert [str(a) for a in g.legal_actions()] == [f"{dealer} pass"]  # 3 is not open to the dealer


def test_a_one_round_auction_sticks_the_dealer_too() -> None:
    v = load_variant_data(
        {
            "extends": "pepper",
            "name": "one",
            "making": {"auction": {"stuck_dealer": True, "style": "one-round"}},
        }
    )
    g = Game(v, seed=2)
    dealer = g.view().dealer
    for k in (1, 2, 3):
        g.apply(f"{(dealer + k) % 4} pass")
    assert f"{dealer} pass" not in g.legal_actions() and len(g.legal_actions()) == len(LADDER)
