"""Hand-worked deals for the auction mechanisms: ladders, styles, all-pass rules, widow, lone play."""

from __future__ import annotations

import pytest

from hasenpfeffer.engine.game import Game, actual_state
from hasenpfeffer.format.variant import AllPass, Auction, Bid, Making, Variant

# Dealer 3, so seat 0 bids and leads first. Seat 0 holds the top hearts, seat 1 all spades.
DEAL = {
    "dealer": 3,
    "hands": ["JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"],
    "widow": ["9C"],
}
# The Joker lies in the widow.
DEAL_JOKER_WIDOW = {**DEAL, "hands": ["9C JH JD AH KH QH", *DEAL["hands"][1:]], "widow": ["JK"]}

HEARTS_SWEEP = (
    "0 play JK, 1 play 9S, 2 play 9D, 3 play 9H, 0 play JH, 1 play TS, 2 play TD, 3 play TH,"
    " 0 play JD, 1 play JS, 2 play QD, 3 play AC, 0 play AH, 1 play QS, 2 play KD, 3 play KC,"
    " 0 play KH, 1 play KS, 2 play AD, 3 play QC, 0 play QH, 1 play AS, 2 play TC, 3 play JC"
)


def run(g: Game, script: str) -> None:
    for text in script.split(","):
        g.apply(text.strip())


def variant(**making: object) -> Variant:
    return Variant(name="t", making=Making(**making))  # type: ignore[arg-type]


def test_the_top_bid_ends_the_auction_and_the_maker_sweeps() -> None:
    g = Game(Variant(name="t"), deal=DEAL)
    run(g, "0 bid 4, 1 bid 5, 2 pass, 3 pass, 0 bid 6")
    assert (g.phase, g.to_move, g.view().maker, g.view().bid) == ("trump", 0, 0, "6")
    assert [str(c) for c in g.view(0).widow] == ["9C"] and g.view(1).widow == ()
    assert len(g.view(0).hand) == 7
    run(g, "0 trump H, 0 discard 9C")
    assert (g.phase, g.to_move) == ("play", 0)
    run(g, HEARTS_SWEEP)
    r = g.hand_results[0]
    assert (r.maker, r.bid, r.trump, r.tricks, r.made, r.score_change) == (0, "6", "H", (6, 0), True, (6, 0))
    assert g.scores == (6, 0) and g.dealer == 0 and g.phase == "bidding" and g.to_move == 1


def test_bidding_goes_round_until_all_but_one_have_passed() -> None:
    g = Game(Variant(name="t"), deal=DEAL)
    run(g, "0 bid 1, 1 bid 2, 2 pass, 3 bid 3, 0 pass")
    assert g.to_move == 1  # seat 2 has passed for good
    assert [str(a) for a in g.legal_actions()] == ["1 pass", "1 bid 4", "1 bid 5", "1 bid 6"]
    run(g, "1 bid 4, 3 pass")
    assert (g.phase, g.view().maker, g.view().bid) == ("trump", 1, "4")


def test_a_failed_bid_loses_a_point_per_trick_taken() -> None:
    g = Game(Variant(name="t"), deal=DEAL)
    run(g, "0 pass, 1 bid 6, 1 trump S, 1 discard 9C")
    # The Joker is a spade now and seat 3 must follow trump with the left bower (jack of clubs).
    run(g, "0 play JK, 1 play 9S, 2 play 9D")
    assert [str(a) for a in g.legal_actions()] == ["3 play JC"]
    run(g, "3 play JC")
    run(g, "0 play AH, 1 play TS, 2 play TD, 3 play 9H")  # seat 1 trumps the ace
    run(g, "1 play JS, 2 play QD, 3 play TH, 0 play KH, 1 play AS, 2 play KD, 3 play QC, 0 play QH")
    run(g, "1 play KS, 2 play AD, 3 play KC, 0 play JD, 1 play QS, 2 play TC, 3 play AC, 0 play JH")
    r = g.hand_results[0]
    assert g.record()["hands"][0]["result"]["trick_winners"] == [0, 1, 1, 1, 1, 1]
    assert (r.tricks, r.made, r.score_change, g.scores) == ((1, 5), False, (0, -5), (0, -5))


def test_one_round_auction_dealer_speaks_last() -> None:
    g = Game(variant(auction=Auction(style="one-round")), deal=DEAL)
    run(g, "0 bid 2, 1 pass, 2 bid 3")
    assert g.to_move == 3 and "3 bid 4" in g.legal_actions()
    run(g, "3 pass")
    assert (g.phase, g.view().maker, g.view().bid) == ("trump", 2, "3")


def test_all_pass_makes_the_joker_holder_bid_three() -> None:
    g = Game(Variant(name="t"), deal=DEAL)
    run(g, "0 pass, 1 pass, 2 pass, 3 pass")
    assert (g.phase, g.to_move, g.view().maker, g.view().bid, g.view().forced) == ("trump", 0, 0, "3", True)
    assert [str(a) for a in g.view(0).history] == ["0 pass", "1 pass", "2 pass", "3 pass"]
    run(g, "0 trump H, 0 discard 9C")
    run(g, HEARTS_SWEEP)
    r = g.hand_results[0]
    assert (r.forced, r.bid, r.score_change) == (True, "3", (6, 0))


def test_all_pass_with_the_joker_in_the_widow_throws_in_to_the_same_dealer() -> None:
    g = Game(Variant(name="t"), deal=DEAL_JOKER_WIDOW)
    run(g, "0 pass, 1 pass, 2 pass, 3 pass")
    r = g.hand_results[0]
    assert (r.thrown_in, r.maker, r.score_change, r.made) == (True, None, (0, 0), None)
    assert (g.dealer, g.phase, g.to_move, g.hand_number) == (3, "bidding", 0, 2)


def test_all_pass_dealer_forced() -> None:
    g = Game(variant(all_pass=AllPass(forced="dealer", bid="2")), deal=DEAL)
    run(g, "0 pass, 1 pass, 2 pass, 3 pass")
    assert (g.phase, g.view().maker, g.view().bid, g.view().forced) == ("trump", 3, "2", True)


def test_all_pass_throw_in_next_dealer() -> None:
    g = Game(variant(all_pass=AllPass(rule="throw-in", redeal="next-dealer")), deal=DEAL)
    run(g, "0 pass, 1 pass, 2 pass, 3 pass")
    assert g.hand_results[0].thrown_in and g.dealer == 0 and g.to_move == 1


PEPPER = (1, 2, 3, 4, 5, Bid(name="little-pepper", tricks=6), Bid(name="big-pepper", tricks=6, multiplier=2))


def test_big_pepper_doubles_and_may_be_bid_at_once() -> None:
    g = Game(variant(auction=Auction(ladder=PEPPER)), deal=DEAL)
    assert "0 bid big-pepper" in g.legal_actions()
    run(g, "0 bid big-pepper, 0 trump H, 0 discard 9C")
    run(g, HEARTS_SWEEP)
    assert g.hand_results[0].score_change == (12, 0) and g.is_over and g.winner == 0


def test_little_pepper_is_overbid_by_big_pepper() -> None:
    g = Game(variant(auction=Auction(ladder=PEPPER)), deal=DEAL)
    run(g, "0 bid little-pepper")
    assert [str(a) for a in g.legal_actions()] == ["1 pass", "1 bid big-pepper"]
    run(g, "1 bid big-pepper")
    contract = actual_state(g)
    assert (g.view().maker, g.view().bid, contract.multiplier, contract.required) == (1, "big-pepper", 2, 6)


def test_lone_maker_partner_sits_out_and_left_leads() -> None:
    g = Game(Variant(name="t"), deal=DEAL)
    run(g, "0 bid 6, 0 trump H alone, 0 discard 9C")
    assert (g.phase, g.to_move) == ("defence", 1)
    assert [str(a) for a in g.legal_actions()] == ["1 alone", "1 pass"]
    run(g, "1 pass, 3 pass")
    v = g.view(1)
    assert (g.phase, g.to_move, v.sitting_out, v.alone) == ("play", 1, frozenset({2}), frozenset({0}))
    run(
        g, "1 play AS, 3 play AC, 0 play QH, 0 play JK, 1 play 9S, 3 play 9H, 0 play JH, 1 play TS, 3 play TH"
    )
    run(
        g, "0 play JD, 1 play JS, 3 play JC, 0 play AH, 1 play QS, 3 play KC, 0 play KH, 1 play KS, 3 play QC"
    )
    r = g.hand_results[0]
    assert (r.alone, r.tricks, r.score_change) == (True, (6, 0), (12, 0))
    assert g.is_over and g.winner == 0 and g.to_move is None and len(g.legal_actions()) == 0


def test_two_lone_players_defender_leads() -> None:
    g = Game(Variant(name="t"), deal=DEAL)
    run(g, "0 bid 6, 0 trump H alone, 0 discard 9C, 1 alone")
    assert (g.phase, g.to_move, g.view(0).sitting_out) == ("play", 1, frozenset({2, 3}))
    run(g, "1 play AS, 0 play QH")
    assert g.to_move == 0 and g.view(0).tricks[0].winner == 0


@pytest.mark.parametrize("mode", ["maker", "defender"])
def test_both_alone_lead_rule(mode: str) -> None:
    from hasenpfeffer.format.variant import Leads

    g = Game(Variant(name="t", leads=Leads(both_alone=mode)), deal=DEAL)  # type: ignore[arg-type]
    run(g, "0 bid 6, 0 trump H alone, 0 discard 9C, 1 pass, 3 alone")
    assert g.view(0).sitting_out == frozenset({1, 2})
    assert g.to_move == (0 if mode == "maker" else 3)
