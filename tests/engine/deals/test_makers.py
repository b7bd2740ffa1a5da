"""Only some places may make trump (``making.order_up.makers``;
examples/house-rules/euchre-dealers-partner-calls.yaml): in both rounds the players at the listed
places from the dealer's left may order up or name a suit, and the others only pass; a partner
yet to speak takes a contract over only from such a place; the compiled engine plays it alike
(tests/batch)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hasenpfeffer import Game, IllegalActionError, load_variant
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant_data
from support.deals import same_cards as dealt
from support.paths import HOUSE_RULES as HOUSE
from support.play import legal, play_random, refused

PARTNER = load_variant(HOUSE / "euchre-dealers-partner-calls.yaml")


def test_only_the_dealers_partner_may_order_up_and_the_others_only_pass() -> None:
    g = Game(PARTNER, seed=1, deal=dealt(3))  # dealer 3: its partner is seat 1, place 2
    assert legal(g) == ["0 pass"]
    error = refused(g, "0 order-up", r"only place 2 from the dealer's left may make trump \(makers\)")
    assert "legal: 0 pass" in error
    g.apply("0 pass")
    assert legal(g) == ["1 order-up", "1 order-up alone", "1 pass"]
    g.apply("1 pass")
    assert legal(g) == ["2 pass"]
    g.apply("2 pass")
    assert legal(g) == ["3 pass"]  # the dealer too
    g.apply("3 pass")
    # round two: the dealer's partner alone may name a suit
    assert g.phase == "name-trump" and legal(g) == ["0 pass"]
    g.apply("0 pass")
    assert "1 trump S" in legal(g) and "1 trump H" not in legal(g)  # the turned-down suit barred
    g.apply("1 trump S")
    assert g.hand_results == [] and g.phase == "play"


def test_when_the_dealers_partner_passes_twice_the_hand_is_thrown_in() -> None:
    g = Game(PARTNER, seed=1, deals=[dealt(3), dealt(0)])
    for _ in range(6):
        g.apply(g.legal_actions()[-1])  # every player passes, round one and seats 0 and 1 of two
    assert g.phase == "name-trump" and legal(g) == ["2 pass"]
    with pytest.raises(IllegalActionError, match=r"only place 2 from the dealer's left may make trump"):
        g.apply("2 trump S")
    g.apply("2 pass")
    g.apply("3 pass")
    assert g.hand_results[0].thrown_in and g.dealer == 0
    # dealer 0: its partner, seat 2, is the one who may make trump now
    assert legal(g) == ["1 pass"]
    g.apply("1 pass")
    assert legal(g) == ["2 order-up", "2 order-up alone", "2 pass"]


def test_a_partner_takes_a_contract_over_only_from_a_place_that_may_make_trump() -> None:
    def with_makers(*places: int) -> Any:
        order_up = {"makers": list(places), "take_over": True}
        return load_variant_data({"extends": "euchre", "name": "x", "making": {"order_up": order_up}})

    g = Game(with_makers(1, 2), seed=1, deal=dealt(1))  # dealer 1: places 1 and 2 are seats 2 and 3
    g.apply("2 pass")
    g.apply("3 order-up")
    assert g.phase == "discard"  # seat 3's partner is the dealer, at place 4: not asked
    g = Game(with_makers(1, 3), seed=1, deal=dealt(3))  # dealer 3: places 1 and 3 are seats 0 and 2
    g.apply("0 order-up")
    assert legal(g) == ["2 order-up alone", "2 pass"]  # seat 2, place 3, may take it over


def test_random_games_never_let_another_place_make_trump() -> None:
    for seed in range(20):
        g = Game(PARTNER, seed=seed)
        play_random(g, random.Random(seed), hands=6)
        for r in g.hand_results:
            if not r.thrown_in:
                assert (r.maker - r.dealer) % 4 == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"makers": [5]}, "place 5 is beyond the dealer (4 players: places 1 to 4)"),
        ({"makers": [2, 2]}, "a place is listed twice"),
        ({"makers": [1, 2, 3, 4]}, "every place is listed: leave makers empty"),
    ],
)
def test_places_out_of_reach_are_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(VariantError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_variant_data({"extends": "euchre", "name": "x", "making": {"order_up": change}})
