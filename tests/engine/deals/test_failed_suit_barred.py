"""Suits barred after a failed contract (``making.order_up.failed_suit_barred``;
examples/house-rules/euchre-failed-suit-barred.yaml): a suit made trump by makers who failed
may not be made trump again in the game; with every suit barred the higher score wins, level
scores lift the bars; the game's views, observations and records show what it remembers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hasenpfeffer import Game, IllegalActionError, records
from hasenpfeffer.engine.events import GameWon, HandScored, Termination
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant, load_variant_data
from hasenpfeffer.observe.observation import encoder
from support.paths import HOUSE_RULES as HOUSE
from support.play import legal, play_random

BARRED = load_variant(HOUSE / "euchre-failed-suit-barred.yaml")
# Dealer 3 turns the 9H; seat 1 holds five hearts and takes every trick whoever orders up.
EUCHRED = {
    "dealer": 3,
    "hands": [h.split() for h in ["AS KS QS AC KC", "JH JD AH KH QH", "JS TS 9S QC JC", "AD KD QD TD 9D"]],
    "widow": ["9H", "TH", "TC", "9C"],
}


def with_turned(turned: str, dealer: int) -> dict[str, Any]:
    """The same cards, dealer ``dealer``, ``turned`` swapped with the 9H and turned up."""
    hands = [h[:] for h in EUCHRED["hands"]]
    widow = list(EUCHRED["widow"])
    for cards in (widow, *hands):
        if turned in cards:
            cards[cards.index(turned)] = "9H"
    widow[0] = turned
    return {"dealer": dealer, "hands": hands, "widow": widow}


def euchred_in_hearts(deals: list[dict[str, Any]], variant: Any = BARRED) -> Game:
    """Seat 0 orders hearts up and is euchred (seat 1's five trumps win every trick)."""
    g = Game(variant, seed=5, deals=[EUCHRED, *deals])
    g.apply("0 order-up")
    g.apply("3 discard 9D")
    rng = random.Random(1)
    while not g.hand_results:
        g.apply(rng.choice(list(g.legal_actions())))
    return g


def test_a_euchred_suit_is_barred_for_the_game() -> None:
    g = euchred_in_hearts([with_turned("9H", dealer=0), with_turned("9S", dealer=0)])
    result = g.hand_results[0]
    assert (result.trump, result.made, result.tricks) == ("H", False, (0, 5))
    assert g.barred == ("H",) and g.view(2).barred == ("H",) and g.view().barred == ("H",)
    # hand 2, a turned heart: nobody may order it up
    for seat in (1, 2, 3, 0):
        assert legal(g) == [f"{seat} pass"]
        with pytest.raises(
            IllegalActionError, match=r"the turned 9H's suit is barred for the game"
        ) as caught:
            g.apply(f"{seat} order-up")
        assert f"legal: {seat} pass" in str(caught.value)
        g.apply(f"{seat} pass")
    # round two: hearts may not be named either (the turned suit is barred in round two anyway)
    assert g.phase == "name-trump" and not any(" trump H" in a for a in legal(g))
    for seat in (1, 2, 3, 0):
        g.apply(f"{seat} pass")
    # hand 3, a turned spade passed: round two offers clubs and diamonds only, hearts barred
    for seat in (1, 2, 3, 0):
        g.apply(f"{seat} pass")
    assert {a.split()[2] for a in legal(g) if " trump " in a} == {"C", "D"}
    with pytest.raises(IllegalActionError, match=r"trump H is barred for the game after a failed contract"):
        g.apply("1 trump H")
    assert g.barred == ("H",)


def test_without_the_rule_hearts_stay_open() -> None:
    g = euchred_in_hearts([with_turned("9H", dealer=0)], load_variant("euchre"))
    assert g.hand_results[0].made is False and g.barred == ()
    assert "1 order-up" in legal(g)


def test_the_observation_shows_the_suits_barred() -> None:
    g = euchred_in_hearts([with_turned("9H", dealer=0)])
    enc = encoder(BARRED)
    piece = enc.layout["barred"]
    obs = enc.encode(g.view(1))
    assert list(obs[piece.start : piece.start + 4]) == [1.0 if x == "H" else 0.0 for x in enc.layout.suits]


def independent_bars(g: Game) -> None:
    """Replays the rule over a finished game's events: no hand makes a barred suit trump, and a
    game ends by ``barred`` exactly when the fourth suit is barred with one side ahead."""
    bars: set[str] = set()
    ended_by_bars = 0
    for e in g.events:
        if isinstance(e, HandScored):
            r = e.result
            assert r.trump is None or r.trump not in bars, (r, bars)
            if r.made is False and r.trump in "SHDC":
                bars.add(r.trump)
            full = len(bars) == 4
            if full and len(set(r.scores)) == 1:
                bars = set()  # level: the bars are lifted
        elif isinstance(e, GameWon):
            if e.reason == Termination.BARRED:
                ended_by_bars += 1
                assert len(bars) == 4 and e.scores[e.side] == max(e.scores) and len(set(e.scores)) == 2
            bars = set()  # a match's next game starts with none barred
    return None


def test_random_games_keep_the_rule_and_replay() -> None:
    reasons = []
    for seed in range(12):
        g = Game(BARRED, seed=seed)
        play_random(g, random.Random(seed))
        independent_bars(g)
        reasons += [e.reason for e in g.events if isinstance(e, GameWon)]
        rec = g.record()
        assert records.replay(records.loads(records.dump(rec))).record() == rec
    assert Termination.BARRED in reasons and Termination.TARGET in reasons


def test_an_auction_and_a_turned_trump_refuse_it() -> None:
    with pytest.raises(
        VariantError, match=r"failed_suit_barred: .*acts only when making\.method is order-up"
    ):
        load_variant_data(
            {"extends": "hasenpfeffer", "name": "x", "making": {"order_up": {"failed_suit_barred": True}}}
        )
    with pytest.raises(VariantError, match=r"a barred suit would still be trump at once when turned"):
        load_variant_data(
            {
                "extends": "euchre",
                "name": "x",
                "making": {"order_up": {"failed_suit_barred": True, "turned_trump": ["C"]}},
            }
        )


def test_a_stuck_dealer_with_the_turned_suit_barred_passes_and_the_hand_is_thrown_in() -> None:
    # one round and stick the dealer: the dealer may not pass, unless nothing is open to it
    stuck = load_variant_data(
        {
            "extends": "euchre",
            "name": "x",
            "making": {"all_pass": {"rule": "forced"}, "order_up": {"rounds": 1, "failed_suit_barred": True}},
        }
    )
    g = euchred_in_hearts([with_turned("9H", dealer=0)], stuck)
    assert g.barred == ("H",) and g.hand_results[0].made is False
    for seat in (1, 2, 3):
        g.apply(f"{seat} pass")
    assert legal(g) == ["0 pass"]  # the dealer, stuck, has nothing open
    g.apply("0 pass")
    assert g.hand_results[1].thrown_in and g.hand_results[1].maker is None and g.hand_number == 3
