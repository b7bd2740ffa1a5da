"""Bids ranked by tricks alone (``making.auction.rank: tricks``): a bid names its trump, and only
a bid of more tricks overcalls, whatever its suit ("Simplified bid euchre": no hierarchy in the
suits; examples/house-rules/bid-euchre-suits-unranked.yaml), worked by hand; a bid to take no
trick keeps its place in the ladder; and the field acts only in an auction."""

from __future__ import annotations

import pytest

from hasenpfeffer import Game, IllegalActionError
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant, load_variant_data
from support.paths import HOUSE_RULES as HOUSE

V = load_variant(HOUSE / "bid-euchre-suits-unranked.yaml")
RANKED = load_variant(HOUSE / "bid-euchre-suit-in-bid.yaml")  # the same ladder, ranked by suit


def bids(g: Game) -> list[str]:
    return [str(a).split()[-1] for a in g.legal_actions() if " bid " in str(a)]


def test_after_three_hearts_only_a_bid_of_four_or_more_overcalls_in_any_suit() -> None:
    g = Game(V, seed=3)  # seat 3 deals: seat 0 speaks first
    first = g.to_move
    assert bids(g)[:6] == ["1S", "1C", "1D", "1H", "1NT", "2S"]
    g.apply(f"{first} bid 3H")
    # 3NT comes after 3H in the ladder but is for three tricks too: it does not overcall
    assert bids(g) == [f"{t}{s}" for t in (4, 5, 6) for s in ("S", "C", "D", "H", "NT")]
    with pytest.raises(IllegalActionError, match="3NT is not for more tricks than 3H"):
        g.apply(f"{g.to_move} bid 3NT")
    # ranked by the ladder, the same auction lets 3NT overcall 3H
    h = Game(RANKED, seed=3)
    h.apply(f"{first} bid 3H")
    assert bids(h)[0] == "3NT"


def test_the_auction_goes_round_once_and_the_highest_tricks_win_with_their_suit() -> None:
    g = Game(V, seed=3)
    seats = [g.to_move]
    for word in ("bid 2D", "pass", "bid 3C", "bid 5NT"):
        seats.append(g.to_move)
        g.apply(f"{g.to_move} {word}")
    view = g.view()
    assert g.phase != "bidding" and (view.maker, view.bid, view.trump) == (seats[4], "5NT", "NT")


def test_a_bid_to_take_no_trick_ranks_by_the_ladder() -> None:
    data = {
        "name": "x",
        "extends": "five-hundred",
        "making": {"auction": {"rank": "tricks"}},
    }
    g = Game(load_variant_data(data), seed=2)
    g.apply(f"{g.to_move} bid 7S")
    after = bids(g)
    assert "7C" not in after and "8S" in after and "misere" in after  # misère: later in the ladder
    g.apply(f"{g.to_move} bid misere")
    assert bids(g)[0] == "8C"  # any later bid of tricks overcalls a misère (8S is before it)


def test_rank_acts_only_in_an_auction() -> None:
    with pytest.raises(
        VariantError, match=r"making\.auction\.rank.*acts only when making\.method is auction"
    ):
        load_variant_data({"name": "x", "extends": "euchre", "making": {"auction": {"rank": "tricks"}}})
