"""Railroad Euchre on hand-worked deals: the Joker, calling for best, lone defence.

Seats 0-3 clockwise, partners 0 and 2 against 1 and 3; 25 cards, five each and a
five-card kitty whose first card is turned up.
"""

from __future__ import annotations

from hasenpfeffer import Game
from hasenpfeffer.format.cards import Card
from hasenpfeffer.format.loader import load_variant
from support.scripted import run_script

V = load_variant("railroad-euchre")


def start(hands: list[str], kitty: str) -> Game:
    return Game(V, seed=9, deal={"dealer": 3, "hands": [h.split() for h in hands], "widow": kitty.split()})


def apply_all(g: Game, script: str) -> list[int]:
    """Apply the actions; return the winners of the tricks completed before the hand ends."""
    return run_script(g, script, last_trick=False)


def test_variant_shape() -> None:
    assert (V.pack.size, V.pack.jokers, V.deal.kitty.size, V.ranking.joker) == (25, 1, 5, "highest")
    assert V.alone.lone_defence and V.alone.exchange.cards == 1 and V.alone.exchange.lone_defender


def test_lone_maker_calls_for_partners_best_card_and_the_joker_wins() -> None:
    g = start(["JK JH AH KH 9C", "KS QS JS TS 9S", "JD QH AS AC AD", "KC QC JC TC KD"], "9H TH 9D TD QD")
    apply_all(g, "0 order-up alone, 3 discard KD")
    # The partner chooses the card to give; then the maker gives one back.
    assert g.phase == "exchange" and g.to_move == 2
    assert {str(a) for a in g.legal_actions()} == {f"2 give {c}" for c in ["JD", "QH", "AS", "AC", "AD"]}
    apply_all(g, "2 give JD")
    assert g.to_move == 0 and Card.parse("JD") in g.view(0).hand
    apply_all(g, "0 give 9C")
    assert g.phase == "defence" and g.to_move == 1
    winners = apply_all(
        g,
        "1 pass, 3 pass,"
        "1 play KS, 3 play 9H, 0 play JK,"  # seat 3 trumps; the Joker beats any trump
        "0 play JH, 1 play QS, 3 play KC,"
        "0 play JD, 1 play JS, 3 play QC,"
        "0 play AH, 1 play TS, 3 play JC,"
        "0 play KH, 1 play 9S, 3 play TC",
    )
    assert winners == [0, 0, 0, 0]
    r = g.hand_results[0]
    assert (r.alone, r.tricks, r.score_change) == (True, (5, 0), (4, 0))


def test_lone_defender_calls_for_best_and_euchres_the_loner_for_4() -> None:
    g = start(["JH AH KH 9C 9D", "JK JD AS AC AD", "QH KS QS KC QC", "TH KD QD JC TC"], "9H TD 9S TS JS")
    apply_all(g, "0 order-up alone, 3 discard TC, 2 give QH, 0 give 9D, 1 alone")
    # The lone defender's partner gives a card and gets one back.
    assert g.phase == "exchange" and g.to_move == 3
    winners = apply_all(
        g,
        "3 give 9H, 1 give AS,"
        "1 play JK, 0 play QH,"  # the defender leads; the Joker
        "1 play JD, 0 play KH,"  # left bower
        "1 play 9H, 0 play JH,"  # right bower
        "0 play AH, 1 play AD,"
        "0 play 9C, 1 play AC",  # the loner is out of trumps: the ace of clubs wins
    )
    assert winners == [1, 1, 0, 0]
    r = g.hand_results[0]
    assert (r.alone, r.defender_alone, r.tricks, r.made, r.score_change) == (
        True,
        True,
        (2, 3),
        False,
        (0, 4),
    )
