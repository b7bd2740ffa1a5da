"""Buck Euchre (variants/buck-euchre.yaml; pagat.com "Buck Euchre") on hand-worked deals: a
player drops out once trump is made, a player who stayed in and took no trick is bucked, a
euchred maker loses five, a turned club is trump at once and nobody may drop out, and the
first to 15 wins. Records replay and say who dropped out."""

from __future__ import annotations

import json

import pytest

from hasenpfeffer import Game, IllegalActionError, records
from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.cli.commands.replay import show, summary
from hasenpfeffer.engine.game import actual_state
from hasenpfeffer.events import DroppedOut, HandScored, Passed, TrumpTurned
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.reach import outcomes
from hasenpfeffer.rules.actionspace import action_space
from hasenpfeffer.sim.stats import Stats

V = load_variant("buck-euchre")


def deal(hands: list[str], kitty: str, dealer: int = 3) -> dict[str, object]:
    return {"dealer": dealer, "hands": [h.split() for h in hands], "widow": kitty.split()}


# The nine of hearts turned. Seat 0 holds the right bower, ace and king of hearts; seat 2 holds
# only diamonds; the dealer (3) takes the nine up and lays the nine of spades away.
HEARTS = deal(["JH AH KH 9C TS", "JD QH TH AS KS", "AD KD QD 9D TD", "9S QS AC KC JS"], "9H TC JC QC")
# The same hands with the nine of clubs turned (and the nine of hearts in seat 3's hand).
CLUBS = deal(["JH AH KH 9H TS", "JD QH TH AS KS", "AD KD QD 9D TD", "9S QS AC KC JS"], "9C TC JC QC")

# Seat 0 takes the first three tricks with its hearts; the dealer wins the ace of clubs and the
# queen of spades; seat 2, out of hearts, clubs and spades, takes none.
PLAY = ["0 play JH", "2 play TD", "3 play 9H", "0 play AH", "2 play 9D", "3 play JS", "0 play KH",
        "2 play QD", "3 play KC", "0 play 9C", "2 play KD", "3 play AC", "3 play QS", "0 play TS",
        "2 play AD"]  # fmt: skip


def ordered(g: Game, who: str = "0") -> None:
    for seat in range(int(who)):
        g.apply(f"{seat} pass")
    g.apply(f"{who} order-up")
    g.apply("3 discard 9S")


def result(g: Game) -> HandScored:
    return next(e for e in g.events if type(e) is HandScored)


def test_a_player_drops_out_and_one_who_stayed_in_is_bucked() -> None:
    g = Game(V, seed=1, deal=HEARTS)
    ordered(g)
    assert g.phase == "drop-out" and [str(a) for a in g.legal_actions()] == ["1 drop", "1 pass"]
    with pytest.raises(IllegalActionError, match="it is seat 1's turn, not seat 2's"):
        g.apply("2 drop")
    assert g.apply("1 drop") == [DroppedOut(1)]
    assert g.apply("2 pass") == [Passed(2, "drop-out")]
    g.apply("3 pass")
    assert g.phase == "play" and g.view(0).sitting_out == frozenset({1})
    for a in PLAY:
        g.apply(a)
    r = result(g).result
    # seat 0 made (3 tricks: +3), seat 1 dropped out (0), seat 2 bucked (-5), seat 3 two tricks.
    assert r.tricks == (3, 0, 0, 2) and r.made
    assert r.score_change == (3, 0, -5, 2) and g.scores == (3, 0, -5, 2)


def test_a_euchred_maker_loses_five_and_takes_nothing_for_its_tricks() -> None:
    g = Game(V, seed=1, deal=HEARTS)
    ordered(g, "2")  # seat 2, holding no heart, orders hearts up
    assert g.to_move == 3  # the maker's left answers first
    for a in ("3 pass", "0 pass", "1 drop"):
        g.apply(a)
    while not g.hand_results:
        g.apply(g.legal_actions()[0])
    r = g.hand_results[0]
    assert r.maker == 2 and not r.made and r.tricks[1] == 0
    expected = tuple(-5 if seat == 2 or t == 0 else t for seat, t in enumerate(r.tricks))
    assert r.score_change == (*expected[:1], 0, *expected[2:])  # the dropped seat scores nothing
    assert r.score_change[2] == -5


def test_dirty_clubs_nobody_drops_out_and_the_dealer_owes_a_trick() -> None:
    g = Game(V, seed=1, deal=CLUBS)
    assert TrumpTurned(3, "C") in g.events and g.phase == "discard"
    g.apply("3 discard 9S")
    assert g.phase == "play"  # straight to the play: nobody may drop out
    while not g.hand_results:
        g.apply(g.legal_actions()[0])
    r = g.hand_results[0]
    assert r.forced and r.maker == 3
    dealer = r.tricks[3]
    assert r.score_change[3] == (-5 if dealer == 0 else 0 if dealer < 3 else dealer)
    for seat in range(3):
        assert r.score_change[seat] == (-5 if r.tricks[seat] == 0 else r.tricks[seat])


def test_the_first_to_fifteen_wins() -> None:
    g = Game(V, seed=1, deal=HEARTS)
    actual_state(g).scores = (13, 14, 10, 14)
    ordered(g)
    for a in ("1 drop", "2 pass", "3 pass", *PLAY):
        g.apply(a)
    # Seats 0 and 3 both reach 16 on one hand: a tie, played on (`tie: higher`).
    assert g.scores == (16, 14, 5, 16) and not g.is_over and g.hand_number == 2
    g = Game(V, seed=1, deal=HEARTS)
    actual_state(g).scores = (13, 14, 10, 12)
    ordered(g)
    for a in ("1 drop", "2 pass", "3 pass", *PLAY):
        g.apply(a)
    assert g.is_over and g.winner == 0 and g.scores == (16, 14, 5, 14)


def test_records_replay_and_say_who_dropped_out(capsys: pytest.CaptureFixture[str]) -> None:
    g = Game(V, seed=1, deal=HEARTS)
    ordered(g)
    for a in ("1 drop", "2 pass", "3 pass", *PLAY):
        g.apply(a)
    again = records.replay(json.loads(json.dumps(g.record())))
    assert again.events == g.events
    first = summary(g)["hands"][0]
    assert first["drop_out"] == [
        {"seat": 1, "action": "drop"},
        {"seat": 2, "action": "stay"},
        {"seat": 3, "action": "stay"},
    ]
    assert first["lone_defence"] == []
    show(g)
    assert "seat 1 dropped out, seat 2 stayed in, seat 3 stayed in" in capsys.readouterr().out


def test_greedy_drops_a_hand_worth_less_than_a_trick() -> None:
    g = Game(V, seed=1, deal=HEARTS)
    ordered(g)
    assert str(GreedyBot(1).choose(g.view(1), g.legal_actions())) == "1 pass"  # both red jacks
    g.apply("1 pass")
    assert str(GreedyBot(2).choose(g.view(2), g.legal_actions())) == "2 drop"  # no heart at all


def test_action_space_stats_and_reach() -> None:
    space = action_space(V)
    assert space.groups[-1].name == "drop" and space.names[-1] == "drop"
    g = Game(V, seed=1, deal=HEARTS)
    ordered(g)
    for a in ("1 drop", "2 pass", "3 pass", *PLAY):
        g.apply(a)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    stats = Stats(sides=4)
    stats.add_game(g)
    drops = sum(type(e) is DroppedOut for e in g.events)
    assert drops >= 1 and stats.drop_outs == drops and stats.bucks >= 1
    assert Stats.from_raw(stats.raw()) == stats and stats.summary()["bucks"] == stats.bucks
    assert any(o.what.startswith("bucked") and o.points == -5 for o in outcomes(V))
