"""The last hand's maker only passes (``making.order_up.last_maker_passes``;
examples/house-rules/euchre-no-call-twice.yaml): the player who made trump in the game's last
hand with a maker may neither order up nor name a suit in this one; a hand thrown in leaves it
so; the game's views, observations, records and worlds show whom it remembers."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hasenpfeffer import Game, IllegalActionError, load_variant, records
from hasenpfeffer.cli.commands.replay import hand
from hasenpfeffer.engine.events import GameWon, HandScored
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant_data
from hasenpfeffer.observe.observation import encoder
from hasenpfeffer.rl.handend import hand_end_view
from hasenpfeffer.rl.tracker import Tracker
from hasenpfeffer.web.state import seat_state
from hasenpfeffer.worlds.sampler import sample_world
from support.deals import same_cards as dealt
from support.paths import HOUSE_RULES as HOUSE
from support.play import legal, piece_seen, play_random, refused

RESTS = load_variant(HOUSE / "euchre-no-call-twice.yaml")


def seat_0_made_hearts(v: Any = RESTS, tracker: Tracker | None = None) -> Game:
    """Hand 1 (dealer 3): seat 0 orders the 9H up and the hand is played out; hand 2 (dealer 0)
    and hand 3 (dealer 1) are dealt the same cards. ``tracker`` is fed the game's events."""
    g = Game(v, seed=5, deals=[dealt(3), dealt(0), dealt(1, turned="9S")])
    feed = (lambda _: None) if tracker is None else tracker.feed
    if tracker is not None:
        tracker.start(g)
    feed(g.apply("0 order-up"))
    feed(g.apply("3 discard 9D"))
    rng = random.Random(1)
    while not g.hand_results:
        feed(g.apply(rng.choice(list(g.legal_actions()))))
    return g


def test_the_last_maker_only_passes_in_both_rounds_and_the_state_is_unchanged() -> None:
    g = seat_0_made_hearts()
    assert g.hand_results[0].maker == 0 and g.resting == 0 and g.view(2).resting == 0
    # hand 2, dealer 0: seats 1, 2 and 3 may order up; seat 0, the dealer, only passes
    for seat in (1, 2, 3):
        assert f"{seat} order-up" in legal(g)
        g.apply(f"{seat} pass")
    assert legal(g) == ["0 pass"]
    error = refused(g, "0 order-up", r"made trump in the last hand and may not make it twice running")
    assert "legal: 0 pass" in error and g.to_move == 0
    g.apply("0 pass")
    # round two: the others may name a suit; seat 0 still only passes
    assert g.phase == "name-trump" and "1 trump S" in legal(g)
    for seat in (1, 2, 3):
        g.apply(f"{seat} pass")
    assert legal(g) == ["0 pass"]
    with pytest.raises(IllegalActionError, match=r"twice running \(last_maker_passes\)"):
        g.apply("0 trump S")
    g.apply("0 pass")
    # thrown in: nobody made trump, so seat 0 still rests in hand 3 (dealer 1)
    assert g.hand_results[1].thrown_in and g.resting == 0 and g.hand_number == 3
    assert legal(g) == ["2 order-up", "2 order-up alone", "2 pass"]
    g.apply("2 pass")
    g.apply("3 pass")
    assert legal(g) == ["0 pass"]
    g.apply("0 pass")
    # the dealer, seat 1, orders up: seat 0 is free again and seat 1 rests in the next hand
    g.apply("1 order-up")
    assert g.resting == 0  # until the hand is scored
    rng = random.Random(2)
    while len(g.hand_results) < 3:
        g.apply(rng.choice(list(g.legal_actions())))
    assert g.hand_results[2].maker == 1 and g.resting == 1


def test_without_the_rule_the_maker_may_order_up_again() -> None:
    g = seat_0_made_hearts(load_variant("euchre"))
    assert g.resting is None and g.view(0).resting is None
    for seat in (1, 2, 3):
        g.apply(f"{seat} pass")
    assert legal(g) == ["0 order-up", "0 order-up alone", "0 pass"]


def test_views_records_and_the_observation_show_it() -> None:
    tracker = Tracker(RESTS)
    g = seat_0_made_hearts(tracker=tracker)
    # seat 2 sees seat 0 two places on; seat 0 sees itself
    assert piece_seen(g, tracker, 2, "resting") == [0.0, 0.0, 1.0, 0.0]
    assert piece_seen(g, tracker, 0, "resting") == [1.0, 0.0, 0.0, 0.0]
    assert "resting" not in encoder(load_variant("euchre")).layout
    assert hand_end_view(g, 1).resting == 0  # what the hand's end showed
    assert seat_state(g, 2)["resting"] == 0  # the web app's table
    # the replay's hands say who rested when each was dealt
    out = json.loads(json.dumps([hand(g, i) for i in range(2)]))
    assert [h["resting"] for h in out] == [None, 0]
    assert "resting" not in hand(seat_0_made_hearts(load_variant("euchre")), 1)
    # a world goes on from the view, the same seat resting
    w = sample_world(g.view(1), random.Random(3))
    assert w is not None and w.resting == 0 and "0 order-up" not in [str(a) for a in w.legal_actions()]


def test_game_takes_a_resting_seat_only_where_the_rule_is() -> None:
    g = Game(RESTS, seed=1, deal=dealt(3), resting=2)
    g.apply("0 pass")
    g.apply("1 pass")
    assert legal(g) == ["2 pass"]
    with pytest.raises(ValueError, match=r"seat 2 cannot be kept from making trump in euchre"):
        Game(load_variant("euchre"), seed=1, resting=2)
    with pytest.raises(ValueError, match=r"seat 4 cannot"):
        Game(RESTS, seed=1, resting=4)


def test_random_games_never_let_a_maker_make_twice_running_and_replay() -> None:
    for seed in range(10):
        g = Game(RESTS, seed=seed)
        play_random(g, random.Random(seed))
        last = None
        for e in g.events:
            if isinstance(e, HandScored) and e.result.maker is not None:
                assert e.result.maker != last, (seed, e.result)
                last = e.result.maker
            elif isinstance(e, GameWon):
                last = None  # a match's next game starts with nobody resting
        rec = g.record()
        assert records.replay(records.loads(records.dump(rec))).record() == rec


@pytest.mark.parametrize(
    ("making", "message"),
    [
        (
            {"all_pass": {"rule": "forced"}, "order_up": {"last_maker_passes": True}},
            r"making\.order_up\.last_maker_passes: the last hand's maker only passes, but a stuck dealer may not pass",
        ),
        (
            {"order_up": {"last_maker_passes": True, "must_order": [{"suits": ["H"], "positions": [1]}]}},
            r"but the last player named by making\.order_up\.must_order may not pass",
        ),
    ],
)
def test_rules_that_could_leave_no_action_are_refused(making: dict[str, Any], message: str) -> None:
    with pytest.raises(VariantError, match=message):
        load_variant_data({"extends": "euchre", "name": "x", "making": making})
    with pytest.raises(VariantError, match=r"last_maker_passes: .*acts only when making\.method is order-up"):
        load_variant_data(
            {"extends": "hasenpfeffer", "name": "x", "making": {"order_up": {"last_maker_passes": True}}}
        )
