"""All-pass play in an order-up game (``making.all_pass.rule: play``): Buck Euchre played out
at no-trump when all pass twice (examples/house-rules/buck-euchre-all-pass-no-trump.yaml;
rule6.info "Buck Euchre"), and Euchre played at a suit after one round of passes, on
hand-worked deals. Nobody takes the turned card, nobody drops out, the dealer's left leads,
each player scores its tricks less five where it took none; records replay."""

from __future__ import annotations

import random

from hasenpfeffer import Game, records
from hasenpfeffer.engine.events import DroppedOut, Passed, PassedOut
from hasenpfeffer.engine.game import actual_state
from hasenpfeffer.format.loader import load_variant, load_variant_data
from hasenpfeffer.format.reach import outcomes
from support.paths import HOUSE_RULES as HOUSE

V = load_variant(HOUSE / "buck-euchre-all-pass-no-trump.yaml")

# The nine of hearts turned, seat 3 dealing (the hands of tests/engine/deals/test_buck_euchre.py).
HEARTS = {
    "dealer": 3,
    "hands": [s.split() for s in ("JH AH KH 9C TS", "JD QH TH AS KS", "AD KD QD 9D TD", "9S QS AC KC JS")],
    "widow": ["9H", "TC", "JC", "QC"],
}

# At no-trump the jacks are plain cards: seat 0 runs its three hearts (the jack of hearts is no
# bower), then leads a club to the dealer's ace, who wins the last trick with the king.
PLAY = ["0 play AH", "1 play TH", "2 play 9D", "3 play 9S",
        "0 play KH", "1 play QH", "2 play TD", "3 play QS",
        "0 play JH", "1 play JD", "2 play QD", "3 play JS",
        "0 play 9C", "1 play KS", "2 play KD", "3 play AC",
        "3 play KC", "0 play TS", "1 play AS", "2 play AD"]  # fmt: skip


def all_pass(g: Game) -> None:
    for seat in (0, 1, 2, 3, 0, 1, 2):
        g.apply(f"{seat} pass")


def test_all_pass_twice_plays_the_hand_at_no_trump_and_a_player_without_a_trick_loses_five() -> None:
    g = Game(V, seed=1, deal=HEARTS)
    all_pass(g)
    assert g.phase == "name-trump" and "3 pass" in g.legal_actions()  # the dealer is not stuck
    assert g.apply("3 pass") == [Passed(3, "name-trump"), PassedOut("NT")]
    # no maker and nobody asked to drop out: the play at once, the dealer's left leading
    assert (g.phase, g.to_move) == ("play", 0)
    view = g.view(3)
    assert (view.trump, view.maker, len(view.hand)) == ("NT", None, 5)  # the dealer took no card
    assert actual_state(g).kitty == [actual_state(g).rules.cid(c) for c in ("9H", "TC", "JC", "QC")]
    for a in PLAY:
        g.apply(a)
    r = g.hand_results[0]
    assert (r.maker, r.trump, r.thrown_in, r.made, r.tricks) == (None, "NT", False, None, (3, 0, 0, 2))
    # a trick a point; seats 1 and 2 are a trick short: five each
    assert r.score_change == (3, -5, -5, 2) and g.scores == (3, -5, -5, 2)
    assert not any(type(e) is DroppedOut for e in g.events)


def test_a_hand_played_out_replays_and_its_outcomes_are_listed() -> None:
    g = Game(V, seed=1, deal=HEARTS)
    all_pass(g)
    g.apply("3 pass")
    for a in PLAY:
        g.apply(a)
    rec = g.record()
    again = records.replay(records.loads(records.dump(rec)))
    assert again.record() == rec and again.hand_results == g.hand_results
    found = {(o.points, o.what) for o in outcomes(V)}
    assert (-5, "a turned trump, or a hand all passed, played without a maker, 0 tricks, 1 short") in found


def test_one_round_of_passes_plays_the_hand_at_the_named_suit() -> None:
    v = load_variant_data(
        {
            "name": "x",
            "extends": "euchre",
            "making": {"order_up": {"rounds": 1}, "all_pass": {"rule": "play", "trump": "S"}},
            "scoring": {"no_maker": {"per_trick": 1}},
        }
    )
    g = Game(v, seed=1, deal=HEARTS)
    for seat in (0, 1, 2):
        g.apply(f"{seat} pass")
    assert g.apply("3 pass") == [Passed(3, "order-up"), PassedOut("S")]
    assert (g.phase, g.to_move, g.view(0).trump) == ("play", 0, "S")
    g.apply("0 play 9C")
    # spades are trump: the jack of spades is the right bower and the jack of clubs the left
    g.apply("1 play AS")
    g.apply("2 play 9D")
    g.apply("3 play AC")
    assert actual_state(g).leader == 1  # the ace of spades trumps the club


def test_worlds_of_a_hand_played_out_leave_the_turned_card_in_the_kitty() -> None:
    """Nobody took the turned card: a world of the hand (the bots' sampling) keeps it in the
    kitty, as it does not after a turned club, which the dealer takes up."""
    from hasenpfeffer.worlds import Worlds

    g = Game(V, seed=1, deal=HEARTS)
    all_pass(g)
    g.apply("3 pass")
    g.apply("0 play AH")
    rng = random.Random(1)
    for seat in (1, 2, 3):
        w = Worlds(g.view(seat)).sample(rng)
        assert w is not None and actual_state(w).rules.cid("9H") in actual_state(w).kitty
