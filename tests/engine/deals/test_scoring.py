"""Scoring and game-end rules, worked by hand from the variant's fields."""

from __future__ import annotations

import pytest

from hasenpfeffer.engine.game import Game
from hasenpfeffer.engine.scoring import game_winner, score_hand
from hasenpfeffer.format.variant import AllPass, Failed, GameEnd, Leads, Making, Points, Scoring, Variant


def v(**fields: object) -> Variant:
    return Variant(name="s", **fields)  # type: ignore[arg-type]


def test_failed_bid_variants() -> None:
    lose_bid = v(scoring=Scoring(failed=Failed(per_bid_trick=1)))
    assert score_hand(lose_bid, 0, (2, 4), required=4) == (False, (-4, 0))
    flat = v(scoring=Scoring(failed=Failed(fixed=6)))
    assert score_hand(flat, 1, (5, 1), required=6, multiplier=2) == (False, (0, -12))  # big pepper set
    to_opponents = v(scoring=Scoring(failed=Failed(fixed=2, to="opponents")))
    assert score_hand(to_opponents, 0, (2, 3), required=3) == (False, (0, 2))


def test_defenders_score_their_tricks_every_hand() -> None:
    s = v(scoring=Scoring(defenders=Points(per_trick=1)))
    assert score_hand(s, 0, (4, 2), required=4) == (True, (4, 2))
    assert score_hand(s, 0, (3, 3), required=4) == (False, (-3, 3))


def test_lone_scoring() -> None:
    doubled = v()
    assert score_hand(doubled, 0, (6, 0), required=5, alone=True) == (True, (12, 0))
    assert score_hand(doubled, 0, (4, 2), required=5, alone=True) == (False, (-8, 0))
    table = v(
        scoring=Scoring(
            made=Points(table={3: 1, 4: 1, 5: 2}),
            made_alone=Points(table={3: 1, 4: 1, 5: 4}),
            failed=Failed(fixed=2, to="opponents"),
            failed_alone_defence=Failed(fixed=4, to="opponents"),
            alone_multiplier=1,
        )
    )
    assert score_hand(table, 1, (0, 5), required=3, alone=True) == (True, (0, 4))
    assert score_hand(table, 1, (3, 2), required=3, alone=True, defender_alone=True) == (False, (4, 0))


def test_forced_failure_multiplier_rounds_half_away_from_zero() -> None:
    half = v(making=Making(all_pass=AllPass(forced="dealer", failure_multiplier=0.5)))
    assert score_hand(half, 0, (3, 3), required=4, forced=True) == (False, (-2, 0))  # 1.5 -> 2
    assert score_hand(half, 0, (2, 4), required=4, forced=True) == (False, (-1, 0))


def test_per_player_sides() -> None:
    three = v(players=3, partnerships="none", scoring=Scoring(failed=Failed(fixed=2, to="opponents")))
    assert score_hand(three, 1, (1, 2, 2), required=3) == (False, (2, 0, 2))


@pytest.mark.parametrize(
    ("game", "scores", "maker", "made", "winner"),
    [
        (GameEnd(), (10, 11), 0, True, 0),  # both reach: the makers win
        (GameEnd(tie="higher"), (10, 11), 0, True, 1),
        (GameEnd(tie="higher"), (11, 11), 0, True, None),
        (GameEnd(tie="play-on"), (10, 11), 0, True, None),
        (GameEnd(target=15), (14, 9), 0, True, None),
        (GameEnd(must_bid_out=True), (3, 10), 0, True, None),  # defenders cannot go out
        (GameEnd(must_bid_out=True), (10, 3), 0, True, 0),
    ],
)
def test_game_end(game: GameEnd, scores: tuple[int, int], maker: int, made: bool, winner: int | None) -> None:
    assert game_winner(v(game=game), scores, maker, made) == winner


def test_maker_leads_first_when_the_variant_says_so() -> None:
    deal = {
        "dealer": 3,
        "hands": ["JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"],
        "widow": ["9C"],
    }
    g = Game(v(leads=Leads(first="maker")), deal=deal)
    for a in ["0 pass", "1 pass", "2 bid 2", "3 pass", "2 trump D", "2 discard 9C"]:
        g.apply(a)
    assert (g.phase, g.to_move) == ("play", 2)
