"""Declarations, on hand-worked deals: the Jamboree (examples/house-rules/euchre-jamboree.yaml;
docs/variant-format.md, "Writing a declaration"). The five highest trumps, held once trump is
made, may be shown before the first lead for 16 points and the hand ends unplayed; a hand
without them (or whose holder sits out) is played as usual; records replay and say what happened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hasenpfeffer import Game, IllegalActionError, Phase, records
from hasenpfeffer.bots.greedy import GreedyBot
from hasenpfeffer.cli import main
from hasenpfeffer.cli.commands.replay import show, summary
from hasenpfeffer.events import Declared, HandScored, Passed
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.reach import best
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.observe.bounds import hand_points, making_decisions
from hasenpfeffer.rules.actionspace import action_space
from hasenpfeffer.sim.stats import Stats
from support.invariants import expected_change
from support.paths import HOUSE_RULES as HOUSE


def variant() -> Variant:
    return load_variant(str(HOUSE / "euchre-jamboree.yaml"))


def deal(hands: list[str], kitty: str, dealer: int = 3) -> dict[str, object]:
    return {"dealer": dealer, "hands": [h.split() for h in hands], "widow": kitty.split()}


# Seat 0 holds the five highest hearts (both red jacks, ace, king, queen); the 9 of hearts is turned.
TOP = deal(["JH JD AH KH QH", "9C TC QC KC AC", "9D TD QD KD AD", "9S TS JS JC TH"], "9H QS KS AS")
# The dealer (seat 3) holds four of them; the turned queen of hearts makes the fifth once taken.
PICKED = deal(["9C TC QC KC AC", "9D TD QD KD AD", "TS JS JC TH 9H", "JH JD AH KH 9S"], "QH QS KS AS")


def test_the_maker_shows_the_five_highest_trumps_and_scores_16_unplayed() -> None:
    g = Game(variant(), seed=1, deal=TOP)
    g.apply("0 order-up")
    g.apply("3 discard 9H")
    assert g.phase == Phase.DECLARE and g.to_move == 0
    assert [str(a) for a in g.legal_actions()] == ["0 declare jamboree", "0 pass"]
    events = g.apply("0 declare jamboree")
    assert events[0] == Declared(0, "jamboree", events[0].cards, 16)
    assert [str(c) for c in events[0].cards] == ["JH", "JD", "AH", "KH", "QH"]
    r = g.hand_results[0]
    # Scored as made by the holder, its bid the set's name, no trick played.
    assert (r.maker, r.maker_side, r.bid, r.trump, r.made) == (0, 0, "jamboree", "H", True)
    assert r.tricks == (0, 0) and r.score_change == (16, 0) and g.scores == (16, 0)
    assert expected_change(g.variant, r) == (16, 0)  # the random-play checks' oracle agrees
    assert g.is_over  # 16 reaches the target of 10 at once
    assert g.winner == 0


def test_a_defender_may_declare_too_and_its_side_scores() -> None:
    g = Game(variant(), seed=1, deal=TOP)
    g.apply("0 pass")
    g.apply("1 order-up")
    g.apply("3 discard 9H")
    assert g.to_move == 0 and g.view(0).phase == Phase.DECLARE
    g.apply("0 declare jamboree")
    r = g.hand_results[0]
    assert (r.maker, r.maker_side, r.made, r.score_change) == (0, 0, True, (16, 0))


def test_the_dealer_is_asked_after_the_discard_that_completes_the_set() -> None:
    g = Game(variant(), seed=1, deal=PICKED)
    g.apply("0 order-up")
    assert g.phase == Phase.DISCARD  # before the discard the dealer holds only four
    g.apply("3 discard 9S")
    assert [str(a) for a in g.legal_actions()] == ["3 declare jamboree", "3 pass"]


def test_a_pass_keeps_the_hand_to_be_played() -> None:
    g = Game(variant(), seed=1, deal=TOP)
    g.apply("0 order-up")
    g.apply("3 discard 9H")
    assert g.apply("0 pass") == [Passed(0, "declare")]
    assert g.phase == Phase.PLAY and g.to_move == 0 and g.scores == (0, 0)


def test_no_set_is_offered_at_another_trump_or_to_a_seat_that_sits_out() -> None:
    g = Game(variant(), seed=1, deal=TOP)
    for a in ["0 pass", "1 pass", "2 pass", "3 pass", "0 pass", "1 pass", "2 trump D"]:
        g.apply(a)
    assert g.phase == Phase.PLAY  # diamonds: seat 0's hearts are not the top trumps
    g = Game(variant(), seed=1, deal=TOP)
    g.apply("0 pass")
    g.apply("1 pass")
    g.apply("2 order-up alone")  # seat 0, seat 2's partner, sits out
    g.apply("3 discard 9H")
    assert g.phase == Phase.PLAY and not any(type(e) is Declared for e in g.events)


def test_an_illegal_declaration_says_what_is_legal_and_changes_nothing() -> None:
    g = Game(variant(), seed=1, deal=TOP)
    g.apply("0 order-up")
    g.apply("3 discard 9H")
    before = list(g.events)
    with pytest.raises(IllegalActionError) as info:
        g.apply("1 declare jamboree")
    assert "0 declare jamboree" in [str(a) for a in info.value.legal]
    assert g.events == before and g.to_move == 0


def test_records_replay_and_the_replay_says_what_was_shown(capsys: pytest.CaptureFixture[str]) -> None:
    g = Game(variant(), seed=1, deal=TOP)
    for a in ["0 order-up", "3 discard 9H", "0 declare jamboree"]:
        g.apply(a)
    again = records.replay(json.loads(json.dumps(g.record())))
    assert again.events == g.events and again.scores == (16, 0)
    first = summary(g)["hands"][0]
    assert first["declarations"] == [
        {"seat": 0, "name": "jamboree", "cards": ["JH", "JD", "AH", "KH", "QH"], "points": 16}
    ]
    assert first["tricks"] == [] and first["bid"] == "jamboree" and first["made"] is True
    show(g)
    assert "seat 0 declared jamboree: JH JD AH KH QH, 16 points" in capsys.readouterr().out


def test_greedy_declares_and_statistics_count_it() -> None:
    g = Game(variant(), seed=1, deal=TOP)
    g.apply("0 order-up")
    g.apply("3 discard 9H")
    assert str(GreedyBot(0).choose(g.view(0), g.legal_actions())) == "0 declare jamboree"
    g.apply("0 declare jamboree")
    stats = Stats(sides=2)
    stats.add_game(g)
    assert stats.declarations == {"jamboree": 1} and stats.summary()["declarations"] == {"jamboree": 1}
    assert Stats.from_raw(stats.raw()) == stats
    assert sum(type(e) is HandScored for e in g.events) == 1


def test_the_action_space_bounds_and_reach_know_the_declaration() -> None:
    v, plain = variant(), load_variant("euchre")
    space = action_space(v)
    assert space.groups[-1].name == "declare" and space.names[-1] == "declare jamboree"
    assert action_space(plain).names == space.names[:-1]
    assert making_decisions(v) == making_decisions(plain) + 4 and hand_points(v)[1] == 16
    top = best(v)
    assert top is not None and (top.points, top.what) == (16, "declaration `jamboree` shown")


def test_a_record_file_replays_by_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = Game(variant(), seed=1, deal=TOP)
    for a in ["0 pass", "1 order-up", "3 discard 9H", "0 declare jamboree"]:
        g.apply(a)
    path = tmp_path / "jamboree.json"
    records.save(g.record(), path)
    assert main(["replay", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # as read, whatever the terminal's width
    assert "making trump: 0 pass, 1 order-up trump H seat 0 declared jamboree" in out
    assert "team 0 scored jamboree, the tricks not played; tricks [0, 0]; score change [16, 0]" in out
    assert main(["replay", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"][0]["declarations"][0]["cards"] == ["JH", "JD", "AH", "KH", "QH"]
    assert data["scores"] == [16, 0] and data["winner"] == 0


def test_analyze_says_the_hand_was_not_played_and_its_table_plays_it_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = Game(variant(), seed=1, deal=TOP)
    for a in ["0 order-up", "3 discard 9H", "0 declare jamboree"]:
        g.apply(a)
    path = tmp_path / "jamboree.json"
    records.save(g.record(), path)
    assert main(["analyze", str(path)]) == 0
    assert (
        "Hand 1 (dealer 3): trump H, maker 0 (jamboree); not played (a set declared)"
        in capsys.readouterr().out
    )
    assert main(["analyze", "--table", str(path)]) == 0
    rows = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    assert "H seat 0 5 tricks made score change [2, 0]" in rows  # the five top trumps, played out
