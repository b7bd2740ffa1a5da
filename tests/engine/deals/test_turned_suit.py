"""Hand-worked: order-up with a pack of one suit, and a turned Joker proposing a suit.

Variants found by the random-variant tests: stick-the-dealer with the only suit barred in round
two, and a turned Joker proposing a suit the pack lacks, are refused by the checks; what they
still allow plays as the rules say.
"""

from __future__ import annotations

import pytest

from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.checks import check
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant_data
from hasenpfeffer.format.variant import Variant

ONE_SUIT = {
    "name": "one-suit",
    "players": 2,
    "partnerships": "none",
    "pack": {"suits": ["H"], "ranks": ["9", "T", "J", "Q", "K", "A"], "jokers": 1},
    "ranking": {"bowers": False},
    "deal": {"hand_size": 3, "kitty": {"size": 1, "use": "turn-up"}},
    "making": {"method": "order-up", "order_up": {"tricks_required": 2, "turned_joker": "H"}},
    "alone": {"allowed": "nobody"},
}
DEAL = {"dealer": 1, "hands": ["9H TH JH", "QH KH AH"], "widow": ["JK"]}


def variant(**making: object) -> Variant:
    data = {**ONE_SUIT, "making": {**ONE_SUIT["making"], **making}}
    return load_variant_data(data)


def test_one_suit_barred_in_round_two_throws_in_when_all_pass() -> None:
    v = variant(all_pass={"rule": "throw-in", "redeal": "next-dealer"})
    g = Game(v, deal=DEAL)
    # The turned Joker proposes hearts; both pass; round two offers no suit, only a pass.
    assert g.phase == "order-up" and g.to_move == 0
    g.apply("0 pass")
    g.apply("1 pass")
    assert g.phase == "name-trump"
    assert [str(a) for a in g.legal_actions()] == ["0 pass"]
    g.apply("0 pass")
    assert [str(a) for a in g.legal_actions()] == ["1 pass"]
    g.apply("1 pass")
    r = g.hand_results[0]
    assert r.thrown_in and r.score_change == (0, 0) and g.view(0).dealer == 0


def test_one_suit_with_no_trump_lets_a_stuck_dealer_name_it() -> None:
    v = variant(all_pass={"forced": "dealer"}, no_trump=True)
    g = Game(v, deal=DEAL)
    g.apply("0 pass")
    g.apply("1 pass")
    g.apply("0 pass")
    assert [str(a) for a in g.legal_actions()] == ["1 trump NT"]
    g.apply("1 trump NT")
    assert (g.phase, g.view().trump, g.view().maker, g.to_move) == ("play", "NT", 1, 0)


def test_stuck_dealer_with_nothing_to_name_is_refused() -> None:
    with pytest.raises(VariantError, match="turned_suit_barred: the dealer is stuck in round two"):
        variant(all_pass={"forced": "dealer"})
    # Letting the turned suit be named in round two makes it playable again.
    v = variant(all_pass={"forced": "dealer"}, order_up={"turned_suit_barred": False, "turned_joker": "H"})
    assert check(v) == []
    g = Game(v, deal=DEAL)
    for text in ("0 pass", "1 pass", "0 pass"):
        g.apply(text)
    assert [str(a) for a in g.legal_actions()] == ["1 trump H"]


def test_turned_joker_proposing_a_missing_suit_is_refused() -> None:
    with pytest.raises(VariantError, match="a turned Joker proposes `S`, but the pack has no such suit"):
        variant(order_up={"turned_joker": "S"}, all_pass={"rule": "throw-in"})
