"""The dealer keeps the turned card (``making.order_up.dealer_keeps_turned``;
examples/house-rules/euchre-dealer-keeps-turned.yaml): the dealer who takes the turned card
into hand lays away one of the others; where the dealer did not take it (round two), nothing
changes."""

from __future__ import annotations

import random

import pytest

from hasenpfeffer import Game, IllegalActionError, records
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant, load_variant_data
from support.paths import HOUSE_RULES as HOUSE
from support.play import play_random

# Dealer 3 holds five diamonds; the nine of hearts is turned.
DEAL = {
    "dealer": 3,
    "hands": [h.split() for h in ["JH JD AH KH QH", "AS KS QS JS TS", "AC KC QC JC TC", "AD KD QD TD 9D"]],
    "widow": ["9H", "9S", "9C", "TH"],
}
KEEPS = load_variant(HOUSE / "euchre-dealer-keeps-turned.yaml")


def test_the_dealer_lays_away_one_of_the_others() -> None:
    g = Game(KEEPS, seed=5, deal=DEAL)
    g.apply("0 order-up")
    assert [str(a) for a in g.legal_actions()] == [f"3 discard {c}" for c in ["9D", "TD", "QD", "KD", "AD"]]
    assert "3 discard 9H" not in g.legal_actions()
    with pytest.raises(IllegalActionError, match=r"the dealer keeps the turned card") as caught:
        g.apply("3 discard 9H")
    assert "legal: 3 discard 9D" in str(caught.value) and g.phase == "discard"  # nothing changed
    g.apply("3 discard 9D")
    assert "9H" in [str(c) for c in g.view(3).hand]


def test_without_the_rule_the_dealer_may_bury_the_turned_card() -> None:
    g = Game(load_variant("euchre"), seed=5, deal=DEAL)
    g.apply("0 order-up")
    assert "3 discard 9H" in g.legal_actions()


def test_random_games_replay_and_the_dealer_never_lays_it_away() -> None:
    for seed in range(6):
        g = Game(KEEPS, seed=seed)
        play_random(g, random.Random(seed))
        for hand in g.record()["hands"]:
            turned, dealer = hand["widow"][0], hand["dealer"]
            assert f"{dealer} discard {turned}" not in hand["actions"]
        rec = g.record()
        assert records.replay(records.loads(records.dump(rec))).record() == rec


def test_a_pack_of_copies_is_refused_at_the_field() -> None:
    with pytest.raises(VariantError, match=r"making\.order_up\.dealer_keeps_turned: the dealer keeping"):
        load_variant_data(
            {
                "extends": "euchre",
                "name": "x",
                "pack": {"copies": 2},
                "deal": {"hand_size": 10, "packets": [5, 5], "kitty": {"size": 8}},
                "making": {"order_up": {"dealer_keeps_turned": True}},
            }
        )
