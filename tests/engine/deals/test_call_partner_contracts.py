"""A called partner with contracts, on hand-worked deals: Five Hundred with `partnerships: called`
(each player keeps its own score; the maker calls a card once the kitty is laid away). A contract
scores as it does between fixed partnerships (docs/variant-format.md, "Writing a contract" and
"Calling a partner"): a made 6S gives the maker and the partner its 40 each, a set one costs
each of them 40, the defenders each score 10 a trick of their side; a misère is played alone, no
card called, made only with no trick, and its defenders score nothing."""

from __future__ import annotations

from hasenpfeffer import Game, HandResult
from hasenpfeffer.engine.scoring import called_change
from hasenpfeffer.events import PartnerCalled, PartnerRevealed
from hasenpfeffer.format.loader import load_variant_data
from hasenpfeffer.format.variant import Variant


def five_hundred_called() -> Variant:
    return load_variant_data(
        {"extends": "five-hundred", "name": "five-hundred-called", "partnerships": "called"}
    )


# Seat 0 holds the Joker, both black jacks and the top spades; seat 1 three middle spades and
# the diamonds; seat 2 the top hearts and clubs; seat 3 the rest. The kitty holds the low spades.
HANDS = [
    "JK JS JC AS KS QS 5D 6D 5H 6H",
    "TS 9S 8S 7D 8D 9D TD JD QD KD",
    "AH KH QH JH TH 9H AC KC QC TC",
    "AD 4D 4H 7H 8H 9C 8C 7C 6C 5C",
]
DEAL = {"dealer": 3, "widow": ["7S", "6S", "5S"], "hands": [h.split() for h in HANDS]}


def won(maker: int, bid: str, discards: str, call: str | None = None) -> Game:
    """The deal's auction won by ``maker`` on ``bid`` (the others passing), the kitty laid away,
    ``call`` called where given; then every seat plays its first legal card to the end of the hand."""
    g = Game(five_hundred_called(), seed=1, deal=DEAL)
    for seat in range(4):
        g.apply(f"{seat} bid {bid}" if seat == maker else f"{seat} pass")
        if g.phase != "bidding":
            break
    for card in discards.split():
        g.apply(f"{maker} discard {card}")
    if call is not None:
        assert g.phase == "call"
        assert g.apply(f"{maker} call {call}") == [PartnerCalled(maker, call)]
    return g


def played(g: Game) -> HandResult:
    while not g.hand_results:
        g.apply(g.legal_actions()[0])
    return g.hand_results[0]


def test_a_made_6s_gives_the_maker_and_the_partner_its_40_each() -> None:
    r = played(won(0, "6S", "5D 6D 5H", call="AH"))  # seat 2 holds the ace of hearts
    assert (r.maker, r.partner, r.alone, r.bid) == (0, 2, False, "6S")
    assert r.tricks == (8, 1, 1, 0) and r.made  # the side's 9 tricks; the defenders' side 1
    assert r.score_change == (40, 10, 40, 10)  # 40 to each maker, 10 a trick of their side to each defender


def test_a_set_6s_costs_the_maker_and_the_partner_40_each() -> None:
    r = played(won(1, "6S", "7D 8D 9D", call="AD"))  # seat 3 holds the ace of diamonds
    assert (r.maker, r.partner) == (1, 3)
    assert r.tricks == (6, 2, 1, 1) and r.made is False  # the makers' side took 3 of 6
    assert r.score_change == (70, -40, 70, -40)  # the defenders' side took 7: 70 to each


def test_a_misere_is_played_alone_without_a_call_and_made_with_no_trick() -> None:
    g = won(3, "misere", "AD 9C 8H")
    assert g.phase == "play"  # no card is called: the contract is played alone
    r = played(g)
    assert not any(type(e) in (PartnerCalled, PartnerRevealed) for e in g.events)
    assert (r.maker, r.partner, r.alone, r.tricks[3]) == (3, None, True, 0) and r.made
    assert r.score_change == (0, 0, 0, 250)  # defenders_score: false, the defenders score nothing


def test_a_misere_maker_taking_a_trick_fails_it() -> None:
    r = played(won(0, "misere", "JK AS KS"))
    assert (r.partner, r.alone, r.tricks) == (None, True, (1, 1, 7, 1)) and r.made is False
    assert r.score_change == (-250, 0, 0, 0)


def test_a_misere_maker_taking_every_trick_fails_it() -> None:
    v = five_hundred_called()
    assert called_change(v, 0, None, (10, 0, 0, 0), 0, alone=True, contract=v.bid("misere")) == (
        False,
        (-250, 0, 0, 0),
    )


def test_the_scoring_section_scores_a_bid_without_points_times_its_multiplier_for_both_makers() -> None:
    v = load_variant_data(
        {
            "extends": "five-hundred",
            "name": "five-hundred-called-plain",
            "partnerships": "called",
            "making": {"auction": {"ladder": [6, {"name": "7x2", "tricks": 7, "multiplier": 2}, 8]}},
            "scoring": {"made": {"per_trick": 10}, "failed": {"fixed": 50}, "slam": None},
        }
    )
    double = v.bid("7x2")
    # made with 8 of 10: 10 a trick x2 to each maker, 10 a trick to each defender for its side's 2
    assert called_change(v, 1, 3, (1, 5, 1, 3), 7, double.multiplier, contract=double) == (
        True,
        (20, 160, 20, 160),
    )
    # set with 6: 50 x2 lost by each maker, 40 to each defender
    assert called_change(v, 1, 3, (3, 3, 1, 3), 7, double.multiplier, contract=double) == (
        False,
        (40, -100, 40, -100),
    )
    # forced and set, a lone maker (nobody held the card): the scoring section's loss, not doubled
    # for going alone where multiply_failed_alone is false
    lone = v.model_copy(update={"scoring": v.scoring.model_copy(update={"multiply_failed_alone": False})})
    assert called_change(lone, 0, None, (5, 2, 2, 1), 6, forced=True) == (False, (-50, 50, 50, 50))
