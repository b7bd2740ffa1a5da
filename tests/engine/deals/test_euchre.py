"""Euchre and its house rules on hand-worked deals.

Seats 0-3 clockwise, partners 0 and 2 (team 0) against 1 and 3 (team 1). A deal
gives the hands by seat and the kitty, whose first card is the turned-up one.
Each trick is written as the cards in play order with the expected winner and why.
"""

from __future__ import annotations

import pytest

from hasenpfeffer import Game, IllegalActionError, Variant
from hasenpfeffer.format.cards import Card
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import OrderUp
from support.paths import HOUSE_RULES
from support.scripted import run_script

EUCHRE = load_variant("euchre")


def house(name: str) -> Variant:
    return load_variant(HOUSE_RULES / f"euchre-{name}.yaml")


def deal(dealer: int, hands: list[str], kitty: str, variant: Variant = EUCHRE) -> Game:
    return Game(
        variant, seed=3, deal={"dealer": dealer, "hands": [h.split() for h in hands], "widow": kitty.split()}
    )


def play(g: Game, script: str) -> list[int]:
    """Apply comma-separated actions; return the winners of the tricks completed before the hand ends."""
    return run_script(g, script, last_trick=False)


def legal(g: Game) -> set[str]:
    return {str(a) for a in g.legal_actions()}


# Deal A: dealer 3, the 9 of hearts turned. Seat 0 holds both bowers and A K Q of hearts.
DEAL_A = (
    3,
    ["JH JD AH KH QH", "AS KS QS JS TS", "AC KC QC JC TC", "AD KD QD TD 9D"],
    "9H 9S 9C TH",
)


def test_variant_is_the_published_game() -> None:
    v = EUCHRE
    assert (v.players, v.pack.size, v.hand_size, v.deal.kitty.size, v.deal.kitty.use) == (
        4,
        24,
        5,
        4,
        "turn-up",
    )
    assert v.making.method == "order-up" and v.making.all_pass.rule == "throw-in"
    assert v.game.target == 10


def test_order_up_dealer_takes_turned_card_and_discards_then_march_scores_2() -> None:
    g = deal(*DEAL_A)
    assert g.phase == "order-up" and g.to_move == 0
    assert legal(g) == {"0 pass", "0 order-up", "0 order-up alone"}
    g.apply("0 order-up")
    # The dealer now holds the turned 9H and discards one card (the 9H itself is allowed).
    assert g.phase == "discard" and g.to_move == 3
    assert legal(g) == {f"3 discard {c}" for c in ["AD", "KD", "QD", "TD", "9D", "9H"]}
    winners = play(
        g,
        "3 discard 9D,"
        "0 play JH, 1 play AS, 2 play AC, 3 play 9H,"  # right bower; seat 3 must follow trump
        "0 play JD, 1 play KS, 2 play KC, 3 play AD,"  # left bower is trump: 3 has none, AD is plain
        "0 play AH, 1 play QS, 2 play QC, 3 play KD,"
        "0 play KH, 1 play JS, 2 play JC, 3 play QD,"
        "0 play QH, 1 play TS, 2 play TC, 3 play TD",
    )
    assert winners == [0, 0, 0, 0]
    r = g.hand_results[0]
    assert (r.maker, r.bid, r.trump, r.tricks, r.made) == (0, "order-up", "H", (5, 0), True)
    assert r.score_change == (2, 0) and tuple(g.scores) == (2, 0)


def test_left_bower_must_follow_trump_and_not_its_printed_suit() -> None:
    g = deal(*DEAL_A)
    play(g, "0 order-up, 3 discard TD, 0 play AH")
    # Seat 1 holds no heart: anything goes. Seat 3 holds the 9H (trump) and must play it.
    assert legal(g) == {f"1 play {c}" for c in ["AS", "KS", "QS", "JS", "TS"]}
    play(g, "1 play TS, 2 play TC")
    assert legal(g) == {"3 play 9H"}


def test_round_two_bars_the_turned_suit_and_a_euchre_gives_defenders_2() -> None:
    g = deal(
        0,
        ["AD KD QD TD 9D", "JH 9H AC KC QC", "JD AH KH QH TH", "AS KS QS JS TS"],
        "9S JC TC 9C",
    )
    play(g, "1 pass, 2 pass, 3 pass, 0 pass")
    assert g.phase == "name-trump" and g.to_move == 1
    assert "1 trump S" not in legal(g) and "1 trump S alone" not in legal(g)
    assert {"1 pass", "1 trump C", "1 trump D", "1 trump H", "1 trump H alone"} <= legal(g)
    with pytest.raises(IllegalActionError):
        g.apply("1 trump S")
    winners = play(
        g,
        "1 trump H,"  # no discard in round two; the dealer's left (seat 1) leads
        "1 play JH, 2 play TH, 3 play TS, 0 play 9D,"  # right bower
        "1 play 9H, 2 play AH, 3 play KS, 0 play TD,"  # ace of trump beats the nine
        "2 play JD, 3 play QS, 0 play QD, 1 play QC,"  # left bower
        "2 play KH, 3 play JS, 0 play KD, 1 play KC,"
        "2 play QH, 3 play AS, 0 play AD, 1 play AC",
    )
    assert winners == [1, 2, 2, 2]
    r = g.hand_results[0]
    assert (r.maker, r.trump, r.tricks, r.made, r.score_change) == (1, "H", (4, 1), False, (2, 0))


def test_all_pass_twice_throws_in_and_the_deal_passes_left() -> None:
    g = deal(*DEAL_A)
    play(g, "0 pass, 1 pass, 2 pass, 3 pass")
    assert g.phase == "name-trump" and g.to_move == 0
    play(g, "0 pass, 1 pass, 2 pass")
    assert "3 pass" in legal(g)  # the dealer may pass: no stick the dealer
    g.apply("3 pass")
    r = g.hand_results[0]
    assert r.thrown_in and r.maker is None and r.score_change == (0, 0)
    assert g.phase == "order-up" and g.view(0).dealer == 0 and g.to_move == 1


def test_lone_march_scores_4_and_the_lone_makers_left_leads() -> None:
    g = deal(*DEAL_A)
    g.apply("0 order-up alone")
    winners = play(
        g,
        "3 discard 9D,"
        "1 play AS, 3 play AD, 0 play QH,"  # seat 2 sits out; seat 0 trumps the ace
        "0 play JH, 1 play KS, 3 play 9H,"
        "0 play JD, 1 play QS, 3 play KD,"
        "0 play AH, 1 play JS, 3 play QD,"
        "0 play KH, 1 play TS, 3 play TD",
    )
    assert winners == [0, 0, 0, 0]
    r = g.hand_results[0]
    assert (r.alone, r.tricks, r.score_change) == (True, (5, 0), (4, 0))


def test_lone_maker_taking_3_scores_1() -> None:
    # Seat 0 goes alone with hearts; seat 1 holds A K of clubs and the A of diamonds.
    hands = ["JH JD AH 9C 9D", "AC KC AD KS QS", "KH QH TH JC TC", "AS JS TS KD QD"]
    g = deal(3, hands, "9H 9S QC TD", EUCHRE)
    winners = play(
        g,
        "0 order-up alone, 3 discard TS,"
        "1 play AC, 3 play AS, 0 play 9C,"  # no club with seat 3: it plays any card
        "1 play KC, 3 play JS, 0 play AH,"  # seat 0 trumps
        "0 play JH, 1 play KS, 3 play 9H,"  # seat 3 must follow trump
        "0 play JD, 1 play QS, 3 play KD,"
        "0 play 9D, 1 play AD, 3 play QD",  # the 9 of diamonds is plain: the ace wins
    )
    assert winners == [1, 0, 0, 0]
    r = g.hand_results[0]
    assert (r.alone, r.tricks, r.made, r.score_change) == (True, (3, 2), True, (1, 0))


def test_stick_the_dealer_house_rule() -> None:
    g = deal(*DEAL_A, variant=house("stick-the-dealer"))
    play(g, "0 pass, 1 pass, 2 pass, 3 pass, 0 pass, 1 pass, 2 pass")
    assert legal(g) == {f"3 trump {s}" + a for s in "CDS" for a in ("", " alone")}
    g.apply("3 trump S")
    assert g.phase == "play"


def test_lone_defence_house_rule_scores_4_for_euchring_a_loner() -> None:
    # Seat 0 orders up alone; seat 1 defends alone and leads; seat 3 sits out.
    hands = ["JH AH KH QH 9C", "JD TH AC KC QC", "AS KS QS JS TS", "AD KD QD TD 9D"]
    g = deal(3, hands, "9H 9S JC TC", house("lone-defence"))
    play(g, "0 order-up alone, 3 discard 9D")
    assert g.phase == "defence" and g.to_move == 1 and legal(g) == {"1 alone", "1 pass"}
    g.apply("1 alone")
    assert g.view(0).sitting_out == frozenset({2, 3}) and g.to_move == 1
    winners = play(
        g,
        "1 play AC, 0 play 9C,"  # seat 0 must follow clubs
        "1 play KC, 0 play KH,"  # seat 0 trumps
        "0 play JH, 1 play TH,"  # right bower; seat 1 must follow trump
        "0 play AH, 1 play JD,"  # the left bower beats the ace
        "1 play QC, 0 play QH",  # seat 0 trumps the last club
    )
    assert winners == [1, 0, 0, 1]
    r = g.hand_results[0]
    # The maker takes 3: made, a lone defender changes nothing.
    assert (r.alone, r.defender_alone, r.tricks, r.score_change) == (True, True, (3, 2), (1, 0))


def test_lone_defender_euchring_a_loner_scores_4() -> None:
    hands = ["JH AH KH 9C 9D", "JD QH AC KC QC", "AS KS QS JS TS", "AD KD QD TD TH"]
    g = deal(3, hands, "9H 9S JC TC", house("lone-defence"))
    winners = play(
        g,
        "0 order-up alone, 3 discard TD, 1 alone,"
        "1 play AC, 0 play 9C,"
        "1 play KC, 0 play KH,"  # trumped
        "0 play JH, 1 play QH,"
        "0 play AH, 1 play JD,"  # left bower wins
        "1 play QC, 0 play 9D",  # seat 0 has no club and no trump left
    )
    assert winners == [1, 0, 0, 1]
    r = g.hand_results[0]
    assert (r.defender_alone, r.tricks, r.made, r.score_change) == (True, (2, 3), False, (0, 4))


def test_no_trump_house_rule_only_in_round_two() -> None:
    g = deal(*DEAL_A, variant=house("no-trump"))
    assert not any("NT" in a for a in legal(g))
    play(g, "0 pass, 1 pass, 2 pass, 3 pass")
    assert "0 trump NT" in legal(g)
    winners = play(g, "0 trump NT, 0 play JH, 1 play AS, 2 play AC, 3 play 9D")
    # Without trump the jack of hearts is a plain heart; nobody else holds a heart.
    assert winners == [0] and g.view().trump == "NT"


def test_canadian_loner_house_rule() -> None:
    # Dealer 3: seat 1 is the dealer's partner and may order up only alone.
    g = deal(*DEAL_A, variant=house("canadian-loner"))
    play(g, "0 pass")
    assert legal(g) == {"1 pass", "1 order-up alone"}
    g.apply("1 order-up alone")
    assert g.phase == "discard" and g.to_move == 3


def test_benny_joker_is_the_highest_trump() -> None:
    v = house("benny")
    assert v.pack.size == 25 and v.deal.kitty.size == 5
    hands = ["JH JD AH KH QH", "JK AS KS QS JS", "AC KC QC JC TC", "AD KD QD TD 9D"]
    g = deal(3, hands, "9H 9S TS 9C TH", v)
    winners = play(g, "0 order-up, 3 discard 9D, 0 play JH, 1 play JK, 2 play AC, 3 play 9H")
    assert winners == [1]  # the Joker beats the right bower


def test_benny_turned_joker_proposes_hearts() -> None:
    hands = ["JH JD AH KH QH", "9H AS KS QS JS", "AC KC QC JC TC", "AD KD QD TD 9D"]
    g = deal(3, hands, "JK 9S TS 9C TH", house("benny"))
    assert g.view(0).turned == Card.parse("JK")
    g.apply("0 order-up")
    assert g.view().trump == "H"
    g.apply("3 discard 9D")
    assert Card.parse("JK") in g.view(3).hand


def test_benny_turned_joker_bars_hearts_in_round_two() -> None:
    hands = ["JH JD AH KH QH", "9H AS KS QS JS", "AC KC QC JC TC", "AD KD QD TD 9D"]
    g = deal(3, hands, "JK 9S TS 9C TH", house("benny"))
    play(g, "0 pass, 1 pass, 2 pass, 3 pass")
    assert g.phase == "name-trump" and not any(" H" in a for a in legal(g))
    assert {"0 trump C", "0 trump D", "0 trump S"} <= legal(g)


def test_benny_turned_joker_without_a_suit_throws_in() -> None:
    v = house("benny")
    v = v.model_copy(update={"making": v.making.model_copy(update={"order_up": OrderUp(turned_joker=None)})})
    hands = ["JH JD AH KH QH", "9H AS KS QS JS", "AC KC QC JC TC", "AD KD QD TD 9D"]
    g = deal(3, hands, "JK 9S TS 9C TH", v)
    assert g.hand_results and g.hand_results[0].thrown_in
    assert g.view(0).dealer == 3
