"""The last trick names the next trump (``making.order_up.last_trick_suit``;
examples/house-rules/euchre-last-trick-suit.yaml): the suit of the card that won the last
trick of the game's last hand played (a bower of trump: the trump suit) is the only suit the
next hand may make trump, ordered up or named; a hand thrown in leaves it so; the game's
views, observations, records and worlds show the suit imposed."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hasenpfeffer import Game, load_variant, records
from hasenpfeffer.cli.commands.replay import hand
from hasenpfeffer.cli.ui.render import suit_label
from hasenpfeffer.engine.events import GameWon, HandDealt, HandScored, TrickWon
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

LAST = load_variant(HOUSE / "euchre-last-trick-suit.yaml")
# seat 1 holds both bowers and three more hearts: it plays the left bower (the JD) last
SEAT_1_PLAYS = ["JH", "AH", "KH", "QH", "JD"]


def hearts_made_and_won_by_the_left_bower(v: Any = LAST, tracker: Tracker | None = None) -> Game:
    """Hand 1 (dealer 3): seat 0 orders the 9H up; seat 1 wins the last trick with the JD, a
    heart while hearts are trump. Hand 2 (dealer 0) turns the 9S, hand 3 (dealer 1) the 9H."""
    g = Game(v, seed=5, deals=[dealt(3), dealt(0, turned="9S"), dealt(1)])
    feed = (lambda _: None) if tracker is None else tracker.feed
    if tracker is not None:
        tracker.start(g)
    feed(g.apply("0 order-up"))
    feed(g.apply("3 discard 9D"))
    while not g.hand_results:
        options = legal(g)
        mine = [f"1 play {c}" for c in SEAT_1_PLAYS if f"1 play {c}" in options]
        feed(g.apply(mine[0] if mine else options[0]))
    return g


def test_the_suit_of_the_last_tricks_winner_is_the_only_trump_of_the_next_hand() -> None:
    g = hearts_made_and_won_by_the_left_bower()
    last = [e for e in g.events if type(e) is TrickWon][-1]
    assert (last.winner, str(last.card), g.hand_results[0].trump) == (1, "JD", "H")
    assert g.imposed == "H" and g.view(0).imposed == "H"  # the left bower is a heart, not a diamond
    # hand 2, dealer 0, a spade turned: nobody may order it up
    for seat in (1, 2, 3, 0):
        assert legal(g) == [f"{seat} pass"]
        if seat == 1:
            error = refused(
                g,
                "1 order-up",
                r"the turned 9S's suit may not be made trump: only H, which took the last trick",
            )
            assert "legal: 1 pass" in error
        g.apply(f"{seat} pass")
    # round two: hearts only, alone or not; no other suit
    assert g.phase == "name-trump" and legal(g) == ["1 trump H", "1 trump H alone", "1 pass"]
    refused(
        g, "1 trump D", r"trump D may not be made trump: only H, which took the last trick of the last hand"
    )
    for seat in (1, 2, 3, 0):
        g.apply(f"{seat} pass")
    # thrown in: hearts stay imposed, and hand 3 turns a heart: it may be ordered up
    assert g.hand_results[1].thrown_in and g.imposed == "H" and g.hand_number == 3
    assert legal(g) == ["2 order-up", "2 order-up alone", "2 pass"]


def test_without_the_rule_any_suit_is_open() -> None:
    g = hearts_made_and_won_by_the_left_bower(load_variant("euchre"))
    assert g.imposed is None and g.view(0).imposed is None
    assert legal(g) == ["1 order-up", "1 order-up alone", "1 pass"]


def test_views_records_observations_and_worlds_show_it() -> None:
    tracker = Tracker(LAST)
    g = hearts_made_and_won_by_the_left_bower(tracker=tracker)
    hearts = [1.0 if x == "H" else 0.0 for x in tracker.enc.layout.suits]
    assert piece_seen(g, tracker, 2, "imposed") == hearts
    assert "imposed" not in encoder(load_variant("euchre")).layout
    assert hand_end_view(g, 1).imposed == "H"
    assert seat_state(g, 0)["imposed"] == suit_label("H")  # the web app's table
    out = json.loads(json.dumps([hand(g, i) for i in range(2)]))
    assert [h["imposed"] for h in out] == [None, "H"]
    w = sample_world(g.view(1), random.Random(3))
    assert w is not None and w.imposed == "H" and [str(a) for a in w.legal_actions()] == ["1 pass"]


def test_game_takes_an_imposed_suit_only_where_the_rule_is() -> None:
    g = Game(LAST, seed=1, deal=dealt(3), imposed="S")
    assert legal(g) == ["0 pass"]
    with pytest.raises(ValueError, match=r"trump S cannot be imposed in euchre"):
        Game(load_variant("euchre"), seed=1, imposed="S")
    with pytest.raises(ValueError, match=r"trump X cannot"):
        Game(LAST, seed=1, imposed="X")


def independent_trumps(g: Game) -> int:
    """Replays the rule over a game's events: each hand's trump is the suit that won the last
    trick of the last hand played, or any where none is (the first hand, a Joker of no suit);
    how many hands it bound."""
    rules, imposed, last, bound = g.rules, None, None, 0
    for e in g.events:
        if type(e) is HandDealt:
            last = None
        elif type(e) is TrickWon:
            last = e
        elif type(e) is HandScored:
            r = e.result
            if r.trump is not None and imposed is not None:
                assert r.trump == imposed, (r, imposed)
                bound += 1
            if last is not None:
                suit = rules.effective_suit(last.card, r.trump)
                imposed = None if suit == "JK" else suit
        elif type(e) is GameWon:
            imposed = None
    return bound


def test_random_games_keep_the_rule_and_replay() -> None:
    bound = 0
    for seed in range(8):
        g = Game(LAST, seed=seed)
        play_random(g, random.Random(seed))
        bound += independent_trumps(g)
        rec = g.record()
        assert records.replay(records.loads(records.dump(rec))).record() == rec
    assert bound > 20


def test_a_turned_trump_and_an_auction_refuse_it() -> None:
    with pytest.raises(
        VariantError, match=r"last_trick_suit: a turned card of making\.order_up\.turned_trump"
    ):
        load_variant_data(
            {
                "extends": "euchre",
                "name": "x",
                "making": {"order_up": {"last_trick_suit": True, "turned_trump": ["C"]}},
            }
        )
    with pytest.raises(VariantError, match=r"last_trick_suit: .*acts only when making\.method is order-up"):
        load_variant_data(
            {"extends": "hasenpfeffer", "name": "x", "making": {"order_up": {"last_trick_suit": True}}}
        )
