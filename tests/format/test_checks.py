"""Semantic checks on variants built directly (hand-worked expectations)."""

from __future__ import annotations

from typing import Any

import pytest

from hasenpfeffer.format.checks import CHECKS, check, related
from hasenpfeffer.format.variant import Variant

EUCHRE: dict[str, Any] = {
    "name": "euchre",
    "pack": {"jokers": 0},
    "deal": {"hand_size": 5, "kitty": {"size": 4, "use": "turn-up"}},
    "making": {"method": "order-up", "all_pass": {"rule": "throw-in", "forced": "dealer"}},
    "scoring": {"made": {"table": {3: 1, 4: 1, 5: 2}}, "failed": {"fixed": 2, "to": "opponents"}},
}


def problems(**fields: Any) -> list[tuple[tuple[str | int, ...], str]]:
    return check(Variant.model_validate({"name": "t", **fields}))


def test_defaults_and_family_shapes_are_clean() -> None:
    assert problems() == []
    assert check(Variant.model_validate(EUCHRE)) == []
    pepper = {"pack": {"jokers": 0}, "deal": {"hand_size": "all", "kitty": {"size": 0}}}
    assert problems(**pepper, making={"all_pass": {"forced": "dealer"}}) == []
    cutthroat = {"players": 3, "partnerships": "none", "alone": {"allowed": "nobody"}}
    assert (
        problems(
            **cutthroat,
            pack={"jokers": 0},
            deal={"hand_size": 8, "kitty": {"size": 0}},
            making={"auction": {"ladder": [1, 2, 3, 4, 5, 6, 7, 8]}, "all_pass": {"forced": "dealer"}},
        )
        == []
    )


def test_pinochle_pack_six_players_deal_all() -> None:
    pinochle = {"copies": 2, "jokers": 0}
    deal = {"hand_size": "all", "kitty": {"size": 0}}
    making = {"auction": {"ladder": [3, 4, 5, 6, 7, 8]}, "all_pass": {"forced": "dealer"}}
    assert problems(players=6, pack=pinochle, deal=deal, making=making) == []
    assert problems(players=5, pack=pinochle, deal=deal, making=making) == [
        (
            ("deal", "hand_size"),
            "dealing all deals 48 cards (48 in the pack - 0 left over), which 5 players cannot share equally",
        ),
        (("partnerships",), "alternate partnerships need an even number of players, read 5"),
    ]


def test_same_tricks_higher_multiplier_is_higher() -> None:
    little, big = {"name": "little", "tricks": 6}, {"name": "big", "tricks": 6, "multiplier": 2}
    assert problems(making={"auction": {"ladder": [5, little, big]}, "all_pass": {"bid": 5}}) == []
    assert problems(making={"auction": {"ladder": [5, big, little]}, "all_pass": {"bid": 5}}) == [
        (
            ("making", "auction", "ladder", 2),
            "bid `little` (6 tricks x1) must be higher than the bid before it, `big` (6 tricks x2)",
        ),
    ]


def test_target_reachable_through_defenders_or_opponents() -> None:
    nothing: dict[str, Any] = {"made": {"per_trick": 0}, "failed": {"per_trick": 1}}
    message = "the target cannot be reached: no result scores positive points (the best a side gains in a hand is 0)"
    assert problems(scoring=nothing) == [(("game", "target"), message)]
    assert problems(scoring={**nothing, "defenders": {"per_trick": 1}}) == []
    assert problems(scoring={**nothing, "failed": {"fixed": 2, "to": "opponents"}}) == []
    assert problems(scoring={**nothing, "made_alone": {"fixed": 4}}) == []
    assert problems(scoring={"made": {"fixed": -1, "table": {6: 1}}}) == []


def test_order_up_checks_refuse_the_unused_ladder_and_check_nothing_in_it() -> None:
    euchre = {**EUCHRE, "making": {**EUCHRE["making"], "auction": {"ladder": [9]}}}
    assert check(Variant.model_validate(euchre)) == [  # no check of its 9 tricks in a hand of 5
        (("making", "auction", "ladder"), "acts only when making.method is auction, but it is order-up")
    ]
    stick = {**EUCHRE, "making": {"method": "order-up", "all_pass": {"rule": "forced"}}}
    assert check(Variant.model_validate(stick)) == [
        (
            ("making", "all_pass", "forced"),
            "with order-up the dealer is the forced player: set forced to dealer",
        )
    ]


def test_left_bower_needs_a_partner_suit_and_bowers_off_is_fine() -> None:
    three = {"suits": ["C", "D", "H"], "ranks": [9, "T", "J", "Q", "K", "A", 8, 7], "jokers": 0}
    making = {"all_pass": {"forced": "dealer"}}
    deal = {"kitty": {"size": 0}}
    assert problems(pack=three, making=making, deal=deal) == [
        (
            ("ranking", "bowers"),
            "the left bower is the other jack of trump's colour, but `C` has no suit of its"
            " colour in the pack",
        )
    ]
    assert problems(pack=three, making=making, deal=deal, ranking={"bowers": False}) == []


def test_related_locations() -> None:
    assert related(("making", "auction", "ladder", 0, "tricks")) == (("deal", "hand_size"),)
    assert related(("scoring", "made", "table", "7")) == (("deal", "hand_size"),)
    assert related(("pack", "suits")) == ()


@pytest.mark.parametrize("line", CHECKS)
def test_checks_list_names_a_location_and_a_message(line: str) -> None:
    loc, message = line.split(": ", 1)
    assert loc.split(".")[0] in Variant.model_fields or loc == "{field}"  # any field acting under another
    assert message and "``" not in message


def test_the_best_hand_counts_every_way_of_scoring() -> None:
    """A slam, a forced set paid to the opponents, a set that pays the makers: each can reach."""
    nothing: dict[str, Any] = {"made": {"per_trick": 0}, "failed": {"per_trick": 0}}
    assert problems(scoring={**nothing, "slam": {"points": 3}}) == []
    assert problems(scoring={**nothing, "failed": {"fixed": -1}}) == []  # the makers "lose" -1
    far = {"target": 20_000}
    assert problems(game=far, scoring={"made": {"fixed": 5}, "alone_multiplier": 2}) == [
        (
            ("game", "target"),
            "the target 20000 cannot be reached within 1000 hands (the most a game plays): a hand"
            " scores at most 10 points (bid `1` made alone with 1 trick)",
        )
    ]
    forced = {"failure_multiplier": 3, "rule": "forced", "bid": 1}
    paid = {"made": {"fixed": 5}, "failed": {"fixed": 4, "to": "opponents"}, "alone_multiplier": 2}
    assert problems(game=far, making={"all_pass": forced}, scoring=paid) == []  # 24 x 1000
    assert problems(game={"target": 30_000}, making={"all_pass": forced}, scoring=paid) == [
        (
            ("game", "target"),
            "the target 30000 cannot be reached within 1000 hands (the most a game plays): a hand"
            " scores at most 24 points (bid `1` set alone when forced with 0 tricks, the defenders' gain)",
        )
    ]


def test_a_game_that_ends_by_losing_is_not_flagged() -> None:
    losing: dict[str, Any] = {"made": {"per_trick": 0}, "failed": {"per_trick": 1}}
    assert problems(scoring=losing, game={"lose_at": -100}) == []
    assert problems(scoring=losing, game={"lose_at": -100_000})[0][0] == ("game", "target")


def test_a_match_counts_its_games_and_shut_outs() -> None:
    twelve = {"made": {"fixed": 6}, "alone_multiplier": 2}
    long: dict[str, Any] = {"game": {"target": 3_000}, "scoring": twelve}
    assert problems(**long, match={"wins": 4}) == []  # 12 points x 1000 hands: just enough
    assert problems(**long, match={"wins": 5}) == [
        (
            ("match", "wins"),
            "the match cannot be won within 1000 hands (the most a match plays): 5 games to 3000 need"
            " 15000 points, and a hand scores at most 12 points (bid `1` made alone with 1 trick)",
        )
    ]
    assert problems(**long, match={"wins": 5, "shut_out": 2}) == []  # three shut-outs
