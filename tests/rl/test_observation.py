"""Observations: the layout, the view written out, the tracker that keeps it, the bounds.

Over random games of every built-in, the example house rules and random variants: the
tracker's vector equals the encoding of ``game.view(seat)`` for every seat after every action;
the hand's decisions fit the history rows; score changes stay within the bounds; nothing a
seat may not know changes its observation (the same game with the hidden cards dealt anew).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from hasenpfeffer import Action  # noqa: E402
from hasenpfeffer.engine.game import Game, actual_state  # noqa: E402
from hasenpfeffer.events import Event  # noqa: E402
from hasenpfeffer.format.loader import builtin_names, load_variant  # noqa: E402
from hasenpfeffer.format.variant import Variant  # noqa: E402
from hasenpfeffer.observe.bounds import decisions_per_hand, hand_points, making_decisions  # noqa: E402
from hasenpfeffer.observe.layout import IN_PLAY, layout  # noqa: E402
from hasenpfeffer.observe.observation import encoder  # noqa: E402
from hasenpfeffer.rl.handend import hand_end_view  # noqa: E402
from hasenpfeffer.rl.table import Table  # noqa: E402
from hasenpfeffer.rl.tracker import Tracker  # noqa: E402
from support.paths import HOUSE_RULES  # noqa: E402
from support.play import play_random  # noqa: E402
from support.random_variants import engine_variants, loaded  # noqa: E402

HOUSE = sorted(HOUSE_RULES.glob("*.yaml"))
NAMES = [*builtin_names(), *(str(p) for p in HOUSE)]


def play_and_check(variant: Variant, seed: int, hands: int = 4) -> None:
    """Random actions; at each step every seat's tracked vector is its view's, and bounds hold."""
    game = Game(variant, seed=seed)
    enc, n = encoder(variant), variant.players
    tracker = Tracker(variant)
    tracker.start(game)
    low, high = hand_points(variant)
    decisions = seen = 0

    def check(game: Game, action: Action, events: list[Event]) -> None:
        nonlocal decisions, seen
        tracker.feed(events)
        decisions += 1
        for seat in range(n):
            got, want = tracker.observe(game, seat), enc.encode(game.view(seat))
            assert (got == want).all(), [
                p.name for p in enc.layout.pieces if (got[p.start : p.stop] != want[p.start : p.stop]).any()
            ]
        view = game.view(0)
        assert sum(a.verb not in IN_PLAY for a in view.history) <= making_decisions(variant)
        if len(game.hand_results) > seen:
            assert decisions <= decisions_per_hand(variant)
            decisions = 0
            for result in game.hand_results[seen:]:
                assert all(low <= c <= high for c in result.score_change)
            lay = layout(variant)
            for seat in range(n):
                end = enc.encode(hand_end_view(game, seat, seen))
                assert ((end >= lay.bounds()[0]) & (end <= lay.bounds()[1])).all()
            seen = len(game.hand_results)

    play_random(game, random.Random(seed), hands=hands, after=check)


@pytest.mark.parametrize("name", NAMES)
def test_tracker_equals_the_view_written_out(name: str) -> None:
    variant = load_variant(name)
    for seed in range(3):
        play_and_check(variant, seed)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(engine_variants(), st.integers(0, 1000))
def test_tracker_and_bounds_on_random_variants(data: dict[str, Any], seed: int) -> None:
    variant = loaded(data)
    play_and_check(variant, seed, hands=2)


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(engine_variants(), st.integers(0, 1000))
def test_tracker_and_bounds_on_random_variants_with_contracts(data: dict[str, Any], seed: int) -> None:
    """Random variants whose contracts the observation shows: terms, an open hand, a named suit."""
    variant = loaded(data)
    assume({"terms", "shown", "calling"} & {p.name for p in layout(variant).pieces})
    play_and_check(variant, seed, hands=3)


def test_observation_is_within_its_bounds_and_sized_by_the_layout() -> None:
    variant = load_variant("hasenpfeffer-pepper")
    lay = layout(variant)
    low, high = (np.array(b, np.float32) for b in lay.bounds())
    assert lay.size == sum(p.stop - p.start for p in lay.pieces) == len(low)
    game = Game(variant, seed=4)

    def check(game: Game) -> None:
        obs = encoder(variant).encode(game.view(game.to_move or 0))
        assert ((obs >= low) & (obs <= high)).all()

    play_random(game, random.Random(4), hands=20, before=check)


def test_pieces_are_what_the_seat_sees() -> None:
    deal = {
        "dealer": 3,
        "widow": ["9H", "TC", "QS", "KD"],
        "hands": ["JH JD AH KH 9S", "AS KS JS TS 9C", "AD QD TD 9D JC", "AC KC QC TH QH"],
    }
    variant = load_variant("euchre")
    game = Game(variant, seed=7, deal=deal)
    for action in ["0 order-up alone", "3 discard QC", "1 play AS"]:
        game.apply(action)
    enc = encoder(variant)
    names = layout(variant).cards
    seen = enc.pieces(enc.encode(game.view(1)))
    assert [names[i] for i in np.flatnonzero(seen["hand"])] == ["9C", "TS", "JS", "KS"]
    assert seen["dealer"].tolist() == [0, 0, 1, 0]  # seat 3 is two to seat 1's left
    assert seen["maker"].tolist() == [0, 0, 0, 1] and seen["alone"].tolist() == [0, 0, 0, 1]
    assert seen["sitting_out"].tolist() == [0, 1, 0, 0]  # seat 2, the maker's partner
    assert names[int(np.flatnonzero(seen["trick"][0])[0])] == "AS" and seen["leader"].tolist() == [1, 0, 0, 0]
    assert names[int(np.flatnonzero(seen["turned"])[0])] == "9H"
    history = seen["history"]
    columns = layout(variant).history_column
    assert history[0][3] == 1 and history[0][4 + columns[("order-up", "", True)]] == 1
    # the dealer's discard: seat 1 sees that seat 3 discarded, not what
    assert history[1][2] == 1 and history[1][4 + columns[("discard", "", False)]] == 1
    assert history[1][4 + columns[("discard", "QC", False)]] == 0
    dealer = enc.pieces(enc.encode(game.view(3)))["history"]
    assert dealer[1][4 + columns[("discard", "QC", False)]] == 1


@pytest.mark.parametrize("name", builtin_names())
def test_hidden_cards_do_not_change_an_observation(name: str) -> None:
    """The same game with the cards a seat cannot see dealt anew: its observation is the same."""
    variant = load_variant(name)
    rng = random.Random(11)
    checked = differed = 0
    for _ in range(6):
        table = Table(variant, name)
        while not table.over:
            if table.is_chance():
                outcomes = table.chance_outcomes()
                table.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            seat = table.to_move()
            assert seat is not None
            if rng.random() < 0.3:
                other = Table(variant, name)
                for a in table.resample(seat, rng):
                    other.apply(a)
                assert other.game is not None and table.game is not None
                differed += actual_state(other.game).hands != actual_state(table.game).hands
                for info in (False, True):
                    enc = encoder(variant, info)
                    assert (enc.encode(other.game.view(seat)) == enc.encode(table.game.view(seat))).all()
                checked += 1
            table.apply(rng.choice(table.legal()))
    assert checked > 5 and differed > checked // 2
