"""Buck Euchre (variants/buck-euchre.yaml; pagat.com "Buck Euchre") on hand-worked deals: a
player drops out once trump is made, a player who stayed in and took no trick is bucked, a
euchred maker loses five, a turned club is trump at once with no maker, nobody may drop out
and each player without a trick is charged five, and the first to 15 wins. Records replay and
say who dropped out and who was short."""

from __future__ import annotations

import json

import pytest

from hasenpfeffer import Game, IllegalActionError, records
from hasenpfeffer.bots import policy
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


# Clubs turned: nobody is maker and seat 0 leads. The dealer (3) trumps the ace of hearts and
# draws with the left bower (JS); seat 1's ace of spades takes the queen; the dealer trumps seat
# 1's jack of diamonds and wins the last trick with the king of clubs. Seats 0 and 2 take none.
CLUBS_PLAY = ["0 play AH", "1 play QH", "2 play 9D", "3 play 9C", "3 play JS", "0 play 9H",
              "1 play KS", "2 play TD", "3 play QS", "0 play TS", "1 play AS", "2 play KD",
              "1 play JD", "2 play AD", "3 play AC", "0 play KH", "3 play KC", "0 play JH",
              "1 play TH", "2 play QD"]  # fmt: skip


def dirty_clubs() -> Game:
    g = Game(V, seed=1, deal=CLUBS)
    g.apply("3 discard 9S")
    for a in CLUBS_PLAY:
        g.apply(a)
    return g


def test_dirty_clubs_nobody_makes_it_and_each_player_without_a_trick_is_charged_five() -> None:
    g = Game(V, seed=1, deal=CLUBS)
    assert TrumpTurned(3, "C") in g.events and g.phase == "discard"
    g.apply("3 discard 9S")
    assert g.phase == "play" and g.to_move == 0  # nobody drops out; the dealer's left leads
    assert g.view(0).maker is None and g.view(0).trump == "C"
    for a in CLUBS_PLAY:
        g.apply(a)
    r = g.hand_results[0]
    assert r.maker is None and r.made is None and not r.forced and not r.thrown_in
    # A trick is a point; players 0 and 2, a trick short each, are charged five.
    assert r.tricks == (0, 1, 0, 4) and r.score_change == (-5, 1, -5, 4) and g.scores == (-5, 1, -5, 4)


def test_dirty_clubs_replay_says_who_was_short(capsys: pytest.CaptureFixture[str]) -> None:
    g = dirty_clubs()
    again = records.replay(json.loads(json.dumps(g.record())))
    assert again.events == g.events
    first = summary(g)["hands"][0]
    assert first["maker"] is None and first["trump_turned"] == "C" and first["short"] == [1, 0, 1, 0]
    show(g)
    out = capsys.readouterr().out
    assert "clubs turned: trump at once, played without a maker" in out
    assert "short of 1 trick: player 0 (1), player 2 (1)" in out and "all passed" not in out


def test_dirty_clubs_stats_and_reach() -> None:
    g = dirty_clubs()
    stats = Stats(sides=4)
    stats.add_game(g)
    assert stats.played_out == 1 and stats.short_hands == 1 and stats.short_sides == 2
    assert stats.bucks == 0  # short, not bucked: the buck is a rule of hands with a maker
    assert Stats.from_raw(stats.raw()) == stats and stats.summary()["short_sides"] == 2
    found = {o.what: o.points for o in outcomes(V)}
    assert found["a turned trump played without a maker, 0 tricks, 1 short"] == -5
    assert found["a turned trump played without a maker, 5 tricks"] == 5


def test_greedy_short_of_a_trick_leads_its_strongest_card() -> None:
    # Seat 0 holds no boss card: greedy would lead low from its shortest suit (the nine of
    # diamonds); short of the trick it must take, it leads its strongest card instead.
    no_boss = deal(["KH QH TS 9S 9D", "AH JH TH 9H AS", "AD KD QD JD TD", "KS QS JS AC KC"], "9C TC JC QC")
    g = Game(V, seed=1, deal=no_boss)
    g.apply("3 discard QS")
    bot = GreedyBot(0)
    assert str(bot.choose(g.view(0), g.legal_actions())) == "0 play KH"
    ev = bot.evaluator(g.view(0))
    assert str(policy.play(ev.rules, policy.seen_table(ev, g.view(0)), g.legal_actions())) == "0 play 9D"


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
