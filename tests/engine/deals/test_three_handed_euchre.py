"""Three-handed (cut-throat) Euchre on hand-worked deals: per-player scores.

Seats 0-2 clockwise, each for themselves. The maker plays alone against the other
two. The kitty's first card is the turned-up one; the other eight are not used.
"""

from __future__ import annotations

from hasenpfeffer import Game
from hasenpfeffer.format.loader import load_variant

V = load_variant("three-handed-euchre")


def run(hands: list[str], kitty: str, script: str) -> tuple[Game, list[int]]:
    """Dealer 2; play the hand; return the game and the winners of the tricks before the last card."""
    g = Game(V, seed=5, deal={"dealer": 2, "hands": [h.split() for h in hands], "widow": kitty.split()})
    *most, last = (a.strip() for a in script.split(","))
    for a in most:
        g.apply(a)
    winners = [t.winner for t in g.view(0).tricks]
    g.apply(last)
    return g, winners


def test_variant_shape() -> None:
    assert (V.players, V.partnerships, V.hand_size, V.deal.kitty.size) == (3, "none", 5, 9)
    assert V.teams == ((0,), (1,), (2,))
    g = Game(V, seed=1)
    assert len(g.scores) == 3
    assert all(a.verb in ("order-up", "pass") and not a.alone for a in g.legal_actions())


def test_maker_taking_4_scores_1_for_themselves() -> None:
    g, winners = run(
        ["JH JD AH KH 9C", "AS KS QS JS TS", "AC KC QC JC TC"],
        "9H 9S 9D TD QD KD AD TH QH",
        "0 order-up, 2 discard TC,"  # the dealer takes the 9H
        "0 play JH, 1 play AS, 2 play 9H,"
        "0 play JD, 1 play KS, 2 play AC,"
        "0 play AH, 1 play QS, 2 play KC,"
        "0 play KH, 1 play JS, 2 play QC,"
        "0 play 9C, 1 play TS, 2 play JC",  # seat 2 follows clubs and wins
    )
    assert winners == [0, 0, 0, 0]
    r = g.hand_results[0]
    assert (r.maker, r.tricks, r.made, r.score_change) == (0, (4, 0, 1), True, (1, 0, 0))


def test_march_scores_3() -> None:
    g, _ = run(
        ["JH JD AH KH QH", "AS KS QS JS TS", "AC KC QC JC TC"],
        "9H 9S 9C 9D TD QD KD AD TH",
        "0 order-up, 2 discard TC,"
        "0 play JH, 1 play AS, 2 play 9H,"
        "0 play JD, 1 play KS, 2 play AC,"
        "0 play AH, 1 play QS, 2 play KC,"
        "0 play KH, 1 play JS, 2 play QC,"
        "0 play QH, 1 play TS, 2 play JC",
    )
    assert g.hand_results[0].score_change == (3, 0, 0)


def test_euchred_maker_gives_each_opponent_2() -> None:
    g, winners = run(
        ["JH JD AH KH 9C", "AS KS QS JS TS", "AC KC QC JC TC"],
        "9H 9S 9D TD QD KD AD TH QH",
        "0 pass, 1 pass, 2 pass,"
        "0 trump S,"  # round two: seat 0 names spades, holding none
        "0 play AH, 1 play TS, 2 play TC,"  # seat 1 trumps
        "1 play JS, 2 play JC, 0 play 9C,"  # right bower; the JC is the left bower and must follow
        "1 play AS, 2 play AC, 0 play KH,"
        "1 play KS, 2 play KC, 0 play JD,"
        "1 play QS, 2 play QC, 0 play JH",
    )
    assert winners == [1, 1, 1, 1]
    r = g.hand_results[0]
    assert (r.tricks, r.made, r.score_change) == ((0, 5, 0), False, (0, 2, 2))
