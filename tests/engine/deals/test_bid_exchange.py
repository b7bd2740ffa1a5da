"""An exchange tied to one bid (``making.auction.ladder[].exchange``): Pepper's little pepper
played as "give me your best", the partner passing its best card to the lone maker, and big
pepper played alone without it (examples/house-rules/pepper-give-me-your-best.yaml; Wikipedia,
"Bid Euchre"), on a hand-worked deal; and the checks of the field."""

from __future__ import annotations

import pytest

from hasenpfeffer import Game, IllegalActionError, records
from hasenpfeffer.engine.events import CardsGiven
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant, load_variant_data
from support.paths import HOUSE_RULES as HOUSE

V = load_variant(HOUSE / "pepper-give-me-your-best.yaml")

# Seat 3 deals; seat 0 holds five hearts but the right bower, which its partner (2) holds.
DEAL = {
    "dealer": 3,
    "hands": [
        ["JD", "AH", "KH", "QH", "AS", "KS"],
        ["TD", "9D", "AC", "KC", "QC", "JC"],
        ["JH", "9H", "AD", "KD", "QD", "9C"],
        ["TH", "TC", "9S", "TS", "JS", "QS"],
    ],
    "widow": [],
}

# The lone maker's left (seat 1) leads; seat 0 ruffs the ace of clubs, draws the ten of hearts
# with the right bower, and takes every trick.
PLAY = ["1 play AC", "3 play TC", "0 play QH",
        "0 play JH", "1 play 9D", "3 play TH",
        "0 play JD", "1 play TD", "3 play 9S",
        "0 play AH", "1 play KC", "3 play TS",
        "0 play KH", "1 play QC", "3 play JS",
        "0 play AS", "1 play JC", "3 play QS"]  # fmt: skip


def bid(g: Game, name: str) -> None:
    g.apply(f"0 bid {name}")
    while g.phase == "bidding":  # (big pepper, the top of the ladder, ends the auction)
        g.apply(f"{g.to_move} pass")
    g.apply("0 trump H")


def test_little_pepper_the_partner_gives_its_best_and_the_maker_takes_all_six_alone_for_12() -> None:
    g = Game(V, seed=1, deal=DEAL)
    bid(g, "little-pepper")
    assert g.phase == "exchange" and [str(a) for a in g.legal_actions()] == ["2 give JH"]
    with pytest.raises(IllegalActionError, match="seat 2 must give their best card"):
        g.apply("2 give 9H")
    g.apply("2 give JH")
    assert g.to_move == 0 and len(g.legal_actions()) == 7  # any of its seven cards back
    g.apply("0 give KS")
    assert [e for e in g.events if type(e) is CardsGiven] == [
        CardsGiven(2, 0, ("JH",)),
        CardsGiven(0, 2, ("KS",)),
    ]
    assert g.phase == "play" and g.to_move == 1 and g.view(1).sitting_out == frozenset({2})
    for a in PLAY:
        g.apply(a)
    r = g.hand_results[0]
    assert (r.bid, r.alone, r.made, r.tricks) == ("little-pepper", True, True, (6, 0))
    assert r.score_change == (12, 0)  # the bid's own points; the defenders score nothing
    rec = g.record()
    assert records.replay(records.loads(records.dump(rec))).record() == rec


def test_big_pepper_is_played_alone_without_the_exchange_for_14() -> None:
    g = Game(V, seed=1, deal=DEAL)
    bid(g, "big-pepper")
    assert g.phase == "play" and g.to_move == 1 and g.view(1).sitting_out == frozenset({2})
    assert not any(type(e) is CardsGiven for e in g.events)
    play = ["1 play AC", "3 play TC", "0 play QH", "0 play JD", "1 play 9D", "3 play TH",
            "0 play AH", "1 play TD", "3 play 9S", "0 play KH", "1 play KC", "3 play TS",
            "0 play AS", "1 play QC", "3 play JS", "0 play KS", "1 play JC", "3 play QS"]  # fmt: skip
    for a in play:
        g.apply(a)
    r = g.hand_results[0]
    assert (r.bid, r.alone, r.made, r.tricks, r.score_change) == ("big-pepper", True, True, (6, 0), (14, 0))


def test_the_field_acts_only_at_a_bid_played_alone_with_cards_to_exchange() -> None:
    base = {"name": "x", "extends": "pepper"}
    ladder = [1, 2, 3, {"name": "moon", "tricks": 6, "exchange": True}]
    with pytest.raises(VariantError, match="bid `moon` is never played alone"):
        load_variant_data(
            {**base, "making": {"auction": {"ladder": ladder}}, "alone": {"exchange": {"cards": 1}}}
        )
    ladder[3] = {"name": "moon", "tricks": 6, "alone": True, "exchange": True}
    with pytest.raises(VariantError, match=r"alone\.exchange\.cards is 0"):
        load_variant_data({**base, "making": {"auction": {"ladder": ladder}}})
    ladder[3] = {"name": "moon", "tricks": 6, "alone": True}
    with pytest.raises(VariantError, match="no bid played alone says exchange: true"):
        load_variant_data(
            {**base, "making": {"auction": {"ladder": ladder}}, "alone": {"exchange": {"cards": 1}}}
        )
