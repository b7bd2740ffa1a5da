"""Turned cards that must be ordered up (``making.order_up.must_order``;
examples/house-rules/euchre-wacky-suits.yaml, euchre-wacky-suits-alone.yaml and
euchre-red-black-suicide.yaml): only the players named by place from the dealer's left may
order the turned card up (alone, where the entry says), the others only pass, and the last of
them to speak may not pass; the first entry the turned card meets holds."""

from __future__ import annotations

import random
from typing import Any

import pytest
import yaml

from hasenpfeffer import Game, IllegalActionError, records
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant, load_variant_data
from support.deals import turned_up
from support.paths import HOUSE_RULES as HOUSE
from support.play import legal, play_random, refused

HANDS = ["JH JD AH KH QH", "AS KS QS JS TS", "AC KC QC JC TC", "AD KD QD TD 9D"]
WACKY = load_variant(HOUSE / "euchre-wacky-suits.yaml")
RED_BLACK = load_variant(HOUSE / "euchre-red-black-suicide.yaml")
WACKY_ALONE = load_variant(HOUSE / "euchre-wacky-suits-alone.yaml")


def deal(turned: str, dealer: int = 3) -> dict[str, Any]:
    """Dealer ``dealer``; ``turned`` is turned up (swapped with the 9H, turned otherwise)."""
    return turned_up(HANDS, ["9H", "9S", "9C", "TH"], turned, dealer)


def test_a_turned_heart_must_be_taken_up_by_the_dealer() -> None:
    g = Game(WACKY, seed=5, deal=deal("9H"))
    for seat in (0, 1, 2):
        assert legal(g) == [f"{seat} pass"]
        g.apply(f"{seat} pass")
    assert legal(g) == ["3 order-up", "3 order-up alone"]
    with pytest.raises(
        IllegalActionError, match=r"must be ordered up by the dealer, and this is the last"
    ) as caught:
        g.apply("3 pass")
    assert "legal: 3 order-up, 3 order-up alone" in str(caught.value) and g.to_move == 3  # nothing changed
    g.apply("3 order-up")
    assert g.phase == "discard" and "9H" in [str(c) for c in g.view(3).hand]


def test_each_suit_names_its_player() -> None:
    # places from dealer 3's left: 1 is seat 0, 2 seat 1, 3 seat 2, 4 the dealer
    for turned, seat in (("9D", 0), ("9C", 1), ("9S", 2), ("9H", 3)):
        g = Game(WACKY, seed=5, deal=deal(turned))
        while g.to_move != seat:
            assert legal(g) == [f"{g.to_move} pass"]
            g.apply(f"{g.to_move} pass")
        assert f"{seat} pass" not in legal(g) and f"{seat} order-up" in legal(g)
    # the places turn with the deal: dealer 0, a turned diamond is seat 1's to order up
    g = Game(WACKY, seed=5, deal=deal("9D", dealer=0))
    assert legal(g) == ["1 order-up", "1 order-up alone"]


def test_the_player_named_goes_alone_where_the_entry_says() -> None:
    g = Game(WACKY_ALONE, seed=5, deal=deal("9C"))  # clubs: the dealer's partner, seat 1
    assert legal(g) == ["0 pass"]
    g.apply("0 pass")
    assert legal(g) == ["1 order-up alone"]
    assert "legal: 1 order-up alone" in refused(
        g, "1 order-up", r"the turned 9C is ordered up alone \(must_order\)"
    )
    g.apply("1 order-up alone")
    # the maker plays alone: the dealer, its partner, takes the card up and then sits out
    assert g.view(0).maker == 1 and g.view(0).alone and g.phase == "discard" and g.to_move == 3
    # a side named: either may order it up, alone only, and the last may not pass
    side = load_variant_data(
        {
            "extends": "euchre",
            "name": "x",
            "making": {
                "order_up": {"must_order": [{"suits": ["H", "D"], "positions": [2, 4], "alone": True}]}
            },
        }
    )
    g = Game(side, seed=5, deal=deal("9H"))
    g.apply("0 pass")
    assert legal(g) == ["1 order-up alone", "1 pass"]
    g.apply("1 pass")
    g.apply("2 pass")
    assert legal(g) == ["3 order-up alone"]


def test_a_player_not_named_may_not_order_up_and_the_state_is_unchanged() -> None:
    g = Game(WACKY, seed=5, deal=deal("9S"))
    before = g.record()
    with pytest.raises(IllegalActionError, match=r"may be ordered up only by place 3 from the dealer's left"):
        g.apply("0 order-up")
    assert g.record() == before and g.to_move == 0


def test_a_side_named_either_player_may_and_the_last_must() -> None:
    # a red card: the dealer's side (places 2 and 4: seat 1 and the dealer, seat 3)
    g = Game(RED_BLACK, seed=5, deal=deal("9H"))
    assert legal(g) == ["0 pass"]
    g.apply("0 pass")
    assert legal(g) == ["1 order-up", "1 order-up alone", "1 pass"]
    g.apply("1 pass")
    assert legal(g) == ["2 pass"]
    g.apply("2 pass")
    assert "3 pass" not in legal(g)
    # the partner assists: the partner is the maker, and the dealer takes the card up
    g = Game(RED_BLACK, seed=5, deal=deal("9H"))
    g.apply("0 pass")
    g.apply("1 order-up")
    assert g.view(0).maker == 1 and g.phase == "discard" and g.to_move == 3
    # a black card: the other side, seat 0 may, and seat 2 must
    g = Game(RED_BLACK, seed=5, deal=deal("9C"))
    assert legal(g) == ["0 order-up", "0 order-up alone", "0 pass"]
    g.apply("0 pass")
    assert legal(g) == ["1 pass"]
    g.apply("1 pass")
    assert legal(g) == ["2 order-up", "2 order-up alone"]


def test_ranks_name_the_players_and_the_first_entry_holds() -> None:
    # Royal Suicide: J, Q, K by the dealer's side; 9, T, A by the other side
    royal = load_variant_data(
        {
            "extends": "euchre",
            "name": "royal-suicide",
            "making": {
                "order_up": {
                    "must_order": [
                        {"ranks": ["J", "Q", "K"], "positions": [2, 4]},
                        {"ranks": ["9", "T", "A"], "positions": [1, 3]},
                        {"positions": [4]},  # never met: every rank is listed above
                    ]
                }
            },
        }
    )
    g = Game(royal, seed=5, deal=deal("9H"))
    assert legal(g) == ["0 order-up", "0 order-up alone", "0 pass"]
    g = Game(royal, seed=5, deal=deal("KD"))
    assert legal(g) == ["0 pass"]
    # an entry with suits and ranks holds only for a card of both; others are free
    both = load_variant_data(
        {
            "extends": "euchre",
            "name": "x",
            "making": {"order_up": {"must_order": [{"suits": ["H"], "ranks": ["9"], "positions": [2]}]}},
        }
    )
    assert legal(Game(both, seed=5, deal=deal("9H"))) == ["0 pass"]
    assert legal(Game(both, seed=5, deal=deal("9D"))) == ["0 order-up", "0 order-up alone", "0 pass"]


def test_random_games_replay_and_every_hand_is_ordered_up_by_a_named_player() -> None:
    places = {"H": 4, "D": 1, "C": 2, "S": 3}
    for seed in range(6):
        g = Game(WACKY, seed=seed)
        play_random(g, random.Random(seed))
        rec = g.record()
        for hand in rec["hands"]:
            turned, dealer = hand["widow"][0], hand["dealer"]
            orders = [a for a in hand["actions"] if " order-up" in a]
            assert len(orders) == 1 and not any(" trump " in a for a in hand["actions"])
            assert int(orders[0].split()[0]) == (dealer + places[turned[-1]]) % 4
        assert records.replay(records.loads(records.dump(rec))).record() == rec


@pytest.mark.parametrize(
    ("order_up", "extra", "message"),
    [
        (
            {"must_order": [{"suits": ["H"], "positions": [5]}]},
            {},
            r"place 5 is beyond the dealer \(4 players",
        ),
        ({"must_order": [{"suits": ["H"], "positions": [1, 1]}]}, {}, r"a place is listed twice"),
        ({"must_order": [{"ranks": ["8"], "positions": [1]}]}, {}, r"rank `8` is not in the pack"),
        (
            {"must_order": [{"suits": ["H"], "positions": [1], "alone": True}]},
            {"alone": {"allowed": "nobody"}},
            r"must_order\.0\.alone: the players named go alone, but a maker may not go alone \(alone\.allowed is nobody\)",
        ),
        (
            {"turned_trump": ["C"], "must_order": [{"suits": ["C"], "positions": [1]}]},
            {},
            r"must_order\.0\.suits: a turned `C` is trump at once",
        ),
    ],
)
def test_entries_that_cannot_act_are_refused_at_their_line(
    order_up: dict[str, Any], extra: dict[str, Any], message: str
) -> None:
    with pytest.raises(VariantError, match=message):
        load_variant_data({"extends": "euchre", "name": "x", "making": {"order_up": order_up}, **extra})


def test_an_auction_and_dummies_refuse_it() -> None:
    entry = {"must_order": [{"suits": ["H"], "positions": [1]}]}
    with pytest.raises(
        VariantError, match=r"making\.order_up\.must_order: .*acts only when making\.method is order-up"
    ):
        load_variant_data({"extends": "hasenpfeffer", "name": "x", "making": {"order_up": entry}})
    with pytest.raises(VariantError, match=r"making\.order_up\.must_order: places count the players"):
        dummy = yaml.safe_load((HOUSE / "three-handed-euchre-dummy.yaml").read_text(encoding="utf-8"))
        load_variant_data({**dummy, "making": {**dummy.get("making", {}), "order_up": entry}})
