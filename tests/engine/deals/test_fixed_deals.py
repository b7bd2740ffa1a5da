"""Games of a fixed number of deals (``game.deals``; examples/house-rules/progressive-euchre-round.yaml,
docs/variant-format.md, "game"): the game ends once that many hands are played (a hand thrown in
does not count), the higher score winning; a target, where there is one, ends it sooner; sides
level after the last deal go to the makers of that hand (``tie: makers``), else another deal.

The scores and the hands played before a hand are set through the engine's door
(``actual_state``), as a game that has run some hands would have them.
"""

from __future__ import annotations

import random

import pytest

from hasenpfeffer import Game, Variant, records
from hasenpfeffer.engine.events import GameWon, HandScored, Termination
from hasenpfeffer.engine.game import actual_state
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant, load_variant_data
from hasenpfeffer.observe.observation import encoder
from support.paths import HOUSE_RULES as HOUSE
from support.play import play_random

# Euchre, dealer 3, the 9 of hearts turned: seat 0 holds both bowers and A K Q of hearts.
DEAL = {
    "dealer": 3,
    "hands": [h.split() for h in ["JH JD AH KH QH", "AS KS QS JS TS", "AC KC QC JC TC", "AD KD QD TD 9D"]],
    "widow": ["9H", "9S", "9C", "TH"],
}
# Seat 0 orders up, the dealer lays the 9H away, seat 0 leads its five hearts: a march (2).
MARCH = ["0 order-up", "3 discard 9H"] + [
    f"{seat} play {card}"
    for trick in zip(
        ["JH", "JD", "AH", "KH", "QH"],
        ["AS", "KS", "QS", "JS", "TS"],
        ["AC", "KC", "QC", "JC", "TC"],
        ["AD", "KD", "QD", "TD", "9D"],
        strict=True,
    )
    for seat, card in enumerate(trick)
]
# Every seat passes twice: the hand is thrown in, and dealt again by the same dealer.
ALL_PASS = ["0 pass", "1 pass", "2 pass", "3 pass"] * 2


def round_of(**game: object) -> Variant:
    v = load_variant(HOUSE / "progressive-euchre-round.yaml")
    return Variant.model_validate({**v.model_dump(), "game": {**v.game.model_dump(), **game}})


def at_deal(v: Variant, played: int, scores: tuple[int, int]) -> Game:
    """A game that has played ``played`` hands to ``scores``, about to play the next."""
    g = Game(v, seed=5, deal=DEAL)
    now = actual_state(g)
    now.scores, now.game_played = scores, played  # type: ignore[misc]
    return g


def run(g: Game, actions: list[str]) -> None:
    for a in actions:
        g.apply(a)


def test_the_eighth_deal_ends_the_round_the_higher_score_winning() -> None:
    g = at_deal(round_of(), 7, (5, 6))
    assert g.view(0).deal == 8
    run(g, MARCH)  # 5 + 2 = 7 against 6
    assert g.is_over and g.winner == 0 and g.events[-1] == GameWon(0, (7, 6), Termination.DEALS)
    assert g.events[-1].reason.words == "had the higher score after the last deal"
    assert g.view(0).deal == 8  # none more once it is over


def test_before_the_last_deal_the_game_goes_on_whatever_the_scores() -> None:
    g = at_deal(round_of(), 6, (30, 0))  # far ahead, and no target: two deals still to play
    run(g, MARCH)
    assert not g.is_over and g.view(1).deal == 8 and g.view(1).scores == (32, 0)


def test_a_hand_thrown_in_does_not_count_and_the_same_dealer_deals_again() -> None:
    g = at_deal(round_of(), 7, (5, 6))
    run(g, ALL_PASS)
    thrown = [e.result for e in g.events if type(e) is HandScored]
    assert len(thrown) == 1 and thrown[0].thrown_in and not g.is_over
    assert g.view(0).deal == 8 and g.view(0).dealer == 3  # still the eighth deal, the same dealer


def test_level_after_the_last_deal_the_makers_of_it_win() -> None:
    g = at_deal(round_of(), 7, (4, 6))
    run(g, MARCH)  # 4 + 2 = 6 against 6: the makers (team 0) win
    assert g.is_over and g.events[-1] == GameWon(0, (6, 6), Termination.DEALS)


def test_level_after_the_last_deal_with_play_on_another_deal_is_played() -> None:
    g = at_deal(round_of(tie="play-on"), 7, (4, 6))
    run(g, MARCH)  # 6-6: play on
    assert not g.is_over and g.view(0).deal == 9
    assert g.view(1).to_move == 1 and g.view(1).dealer == 0  # the deal passed to seat 0
    run(g, ["1 pass"])  # the ninth deal is played like any other
    assert not g.is_over


def test_a_target_ends_the_game_before_its_deals() -> None:
    g = at_deal(round_of(target=6), 3, (5, 1))
    run(g, MARCH)  # 5 + 2 = 7 reaches 6 on the fourth deal of eight
    assert g.is_over and g.events[-1] == GameWon(0, (7, 1), Termination.TARGET)
    g = at_deal(round_of(target=20), 7, (5, 6))
    run(g, MARCH)  # nobody reached 20, but the eighth deal is played
    assert g.is_over and g.events[-1] == GameWon(0, (7, 6), Termination.DEALS)


def test_the_observation_shows_how_far_the_game_is() -> None:
    v = round_of()
    enc = encoder(v)
    at = enc.layout["deal"].start
    g = at_deal(v, 3, (1, 2))
    assert enc.encode(g.view(0))[at] == pytest.approx(4 / 8)
    scores = enc.layout["scores"].start  # without a target, scores are fractions of the deals
    assert enc.encode(g.view(0))[scores : scores + 2].tolist() == pytest.approx([1 / 8, 2 / 8])


def test_random_rounds_play_eight_hands_and_replay() -> None:
    v = load_variant(HOUSE / "progressive-euchre-round.yaml")
    for seed in range(12):
        g = Game(v, seed=seed)
        play_random(g, random.Random(seed))
        played = [r for r in g.hand_results if not r.thrown_in]
        won = g.events[-1]
        assert isinstance(won, GameWon) and won.reason == Termination.DEALS
        assert len(played) == 8  # two sides level always hold the last makers
        best = max(won.scores)
        assert won.scores[won.side] == best
        if won.scores.count(best) > 1:
            assert played[-1].maker_side == won.side
        rec = g.record()
        assert records.replay(records.loads(records.dump(rec))).record() == rec


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ({"target": None}, "game.target: a game needs a target, a number of deals (game.deals), or both"),
        (
            {"target": None, "deals": 8, "must_bid_out": True},
            "game.must_bid_out: acts only when game.target is set, but it is null",
        ),
        ({"deals": 0}, "game.deals: must be greater than or equal to 1; read 0"),
    ],
)
def test_a_game_without_an_end_is_refused_at_its_line(game: dict[str, object], line: str) -> None:
    with pytest.raises(VariantError, match=line.replace("(", r"\(").replace(")", r"\)")):
        load_variant_data({"extends": "euchre", "name": "x", "game": game})


def test_a_match_of_games_of_deals_is_refused() -> None:
    with pytest.raises(
        VariantError, match=r"game\.deals: a match of games of a number of deals is not supported yet"
    ):
        load_variant_data({"extends": "euchre", "name": "x", "game": {"deals": 8}, "match": {"wins": 2}})
