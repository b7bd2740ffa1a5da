"""Pepper (Bid Euchre) on hand-worked deals: maker leads, flat sets, defenders' tricks.

Seats 0-3 clockwise, partners 0 and 2 (team 0) against 1 and 3 (team 1); 24 cards,
all dealt, six each.
"""

from __future__ import annotations

from hasenpfeffer import Game
from hasenpfeffer.format.loader import load_variant

V = load_variant("pepper")
# Dealer 0. Seat 2 holds both red jacks and A K Q 10 of hearts.
HANDS = ["AC KC QC JC TC 9C", "AD KD QD TD 9D 9H", "JH JD AH KH QH TH", "AS KS QS JS TS 9S"]
DEAL = {"dealer": 0, "hands": [h.split() for h in HANDS], "widow": []}
# Seat 2 makes hearts and takes every trick (seat 1 must give up its 9H at once).
HEARTS_MARCH = (
    "2 trump H,"
    "2 play JH, 3 play 9S, 0 play 9C, 1 play 9H,"
    "2 play JD, 3 play TS, 0 play TC, 1 play 9D,"
    "2 play AH, 3 play JS, 0 play JC, 1 play TD,"
    "2 play KH, 3 play QS, 0 play QC, 1 play QD,"
    "2 play QH, 3 play KS, 0 play KC, 1 play KD,"
    "2 play TH, 3 play AS, 0 play AC, 1 play AD"
)
# Seat 1 makes diamonds: seat 2 holds both bowers; seat 1 takes 3 tricks.
DIAMONDS = (
    "1 trump D,"
    "1 play AD, 2 play JD, 3 play 9S, 0 play 9C,"  # right bower
    "2 play JH, 3 play TS, 0 play TC, 1 play KD,"  # left bower
    "2 play AH, 3 play JS, 0 play JC, 1 play 9H,"  # seat 1 must follow hearts
    "2 play KH, 3 play QS, 0 play QC, 1 play QD,"  # seat 1 trumps
    "1 play TD, 2 play QH, 3 play KS, 0 play KC,"
    "1 play 9D, 2 play TH, 3 play AS, 0 play AC"
)


def run(script: str) -> Game:
    g = Game(V, seed=13, deal=DEAL)
    for text in script.split(","):
        g.apply(text.strip())
    return g


def test_variant_shape() -> None:
    assert (V.pack.size, V.hand_size, V.deal.kitty.size, V.game.target) == (24, 6, 0, 30)
    ladder = " ".join(b.name for b in V.making.auction.ladder)
    assert ladder == "1 2 3 4 5 little-pepper big-pepper"


def test_auction_maker_leads_and_makers_score_tricks_taken() -> None:
    g = Game(V, seed=13, deal=DEAL)
    for a in ("1 pass", "2 bid 4", "3 pass", "0 pass"):
        g.apply(a)
    assert g.phase == "trump" and g.to_move == 2
    assert "2 trump NT" in {str(a) for a in g.legal_actions()}
    g.apply("2 trump H")
    assert g.phase == "play" and g.to_move == 2  # the maker leads, not the dealer's left (seat 1)
    g = run("1 pass, 2 bid 4, 3 pass, 0 pass," + HEARTS_MARCH)
    r = g.hand_results[0]
    assert (r.maker, r.bid, r.tricks, r.made, r.score_change) == (2, "4", (6, 0), True, (6, 0))


def test_failed_bid_costs_a_flat_6_and_defenders_score_their_tricks() -> None:
    g = run("1 bid 4, 2 pass, 3 pass, 0 pass," + DIAMONDS)
    r = g.hand_results[0]
    assert (r.maker, r.tricks, r.made, r.score_change) == (1, (3, 3), False, (3, -6))


def test_made_bid_still_gives_defenders_their_tricks() -> None:
    g = run("1 bid 3, 2 pass, 3 pass, 0 pass," + DIAMONDS)
    assert g.hand_results[0].score_change == (3, 3)


def test_big_pepper_set_costs_12_and_little_pepper_made_scores_6() -> None:
    g = run("1 bid big-pepper," + DIAMONDS)  # the top bid ends the auction at once
    assert g.hand_results[0].score_change == (3, -12)
    g = run("1 pass, 2 bid little-pepper, 3 pass, 0 pass," + HEARTS_MARCH)
    assert g.hand_results[0].score_change == (6, 0)


def test_game_is_30() -> None:
    g = Game(V, seed=13, deal=DEAL)
    for _ in range(2):
        g.queue_deal(DEAL)
    for n in range(3):
        for text in ("1 pass, 2 bid big-pepper," + HEARTS_MARCH).split(","):
            g.apply(text.strip())
        assert g.hand_results[-1].score_change == (12, 0)
        assert g.is_over == (n == 2)
    assert tuple(g.scores) == (36, 0) and g.winner == 0
