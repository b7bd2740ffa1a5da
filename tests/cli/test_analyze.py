"""``hasenpfeffer analyze``: a record's plays double dummy, and the table of a deal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer import records
from hasenpfeffer.cli import main
from hasenpfeffer.engine.events import HandDealt
from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.loader import load_variant, load_variant_data
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.rules.plan import plan_for
from hasenpfeffer.sim.simulate import play_game
from hasenpfeffer.solver import solve
from hasenpfeffer.solver.table import Row, made_trump, table
from support.paths import ROOT

EXAMPLE = ROOT / "docs" / "records" / "first-trick.yaml"
Capsys = pytest.CaptureFixture[str]

WIDOW_DEAL = {
    "dealer": 3,
    "widow": ["JK"],
    "hands": ["JH JD AH KH QH 9S", "AS KS QS JS TS TD", "AD KD QD 9D TC 9C", "AC KC QC JC TH 9H"],
}


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["analyze", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_each_play_with_its_cost(capsys: Capsys) -> None:
    code, out, _ = run(capsys, str(EXAMPLE))
    assert code == 0
    lines = out.splitlines()
    assert "Hand 1 (dealer 3): trump C, maker 0 (4); from the first lead team 0 3, team 1 3" in lines
    # KH lets the partner's TC ruff it (a trick thrown away); the Joker first keeps 3
    assert "  hand 1, trick 1: seat 0 played KH and lost a trick; JK kept 3 (JD 2, AH 2, QH 2, JH 2)" in lines
    assert "  hand 1, trick 1: seat 1 played QS and lost a trick; JS kept 4 (AS 3, KS 3, TS 3, 9S 3)" in lines
    assert "  hand 1, trick 1: seat 3 played TH and kept 4 (9H 4)" in lines
    assert lines[-4:] == [
        "  seat 0: a trick (1 mistake in 1 play)",
        "  seat 1: a trick (1 mistake in 1 play)",
        "  seat 2: a trick (1 mistake in 1 play)",
        "  seat 3: none (0 mistakes in 1 play)",
    ]


def test_json_gives_every_value(capsys: Capsys) -> None:
    code, out, _ = run(capsys, str(EXAMPLE), "--json")
    data = json.loads(out)
    assert code == 0 and data["format"] == 1 and data["variant"] == "hasenpfeffer"
    hand = data["hands"][0]
    assert (hand["number"], hand["maker"], hand["trump"], hand["first_lead"]) == (1, 0, "C", [3, 3])
    first = hand["plays"][0]
    assert first == {
        "trick": 1,
        "seat": 0,
        "side": 0,
        "card": "KH",
        "value": 2,
        "values": {"JK": 3, "JD": 2, "AH": 2, "KH": 2, "QH": 2, "JH": 2},
        "best": ["JK"],
        "cost": 1,
    }
    assert data["seats"][2] == {"seat": 2, "plays": 1, "mistakes": 1, "tricks_lost": 1}


def test_a_whole_game_played_by_bots(tmp_path: Path, capsys: Capsys) -> None:
    """Every play of every hand is valued, and the best cards keep what the hand is worth."""
    game = play_game(load_variant("euchre"), ["greedy"] * 4, seed=5)
    path = tmp_path / "game.yaml"
    records.save(game.record(), path)
    data = json.loads(run(capsys, str(path), "--json")[1])
    played = [h for h in data["hands"] if h["trump"] is not None]
    assert played and all(len(h["plays"]) == 20 - 5 * h["alone"] for h in played)
    for h in played:
        worth = h["first_lead"]  # what each team takes with best play from here on
        for p in h["plays"]:
            assert max(p["values"].values()) == worth[p["side"]]
            assert p["value"] == p["values"][p["card"]] and p["cost"] == worth[p["side"]] - p["value"]
            worth = [5 - p["value"], 5 - p["value"]]
            worth[p["side"]] = p["value"]
    lost = sum(p["cost"] for h in played for p in h["plays"])
    assert sum(s["tricks_lost"] for s in data["seats"]) == lost


def test_a_hand_that_is_not_there(capsys: Capsys) -> None:
    code, _, err = run(capsys, str(EXAMPLE), "--hand", "2")
    assert code == 1 and "there is no hand 2: the record has 1" in err


def test_a_record_that_does_not_load(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("variant: hasenpfeffer\nhands: [{hands: [[AS]]}]\n")
    code, _, err = run(capsys, str(path))
    assert code == 1 and str(path) in err


# ---------------------------------------------------------------------- the table


def dealt(deal: dict[str, Any], variant: Variant | None = None) -> HandDealt:
    event = Game(variant or load_variant("hasenpfeffer"), deal=deal).events[0]
    assert isinstance(event, HandDealt)
    return event


def test_the_maker_takes_the_widow_and_lays_away_the_best_card() -> None:
    """The Joker in the widow makes seat 0's hearts six tricks: it takes the Joker, lays away
    9S, and leads its six trumps (alone, seat 1 leads, and seat 0 ruffs). Laying away a trump
    instead, or ignoring the widow, gives 5: the 9S loses to a spade."""
    v = load_variant("hasenpfeffer")
    rows = {(r.trump, r.maker, r.alone): r for r in table(v, dealt(WIDOW_DEAL))}
    assert rows["H", 0, False] == Row("H", 0, False, 6, "6", True, 6, (6, 0))
    assert rows["H", 0, True] == Row("H", 0, True, 6, "6", True, 12, (12, 0))
    assert {t for t, _, _ in rows} == {"C", "D", "H", "S"}  # no no-trump in hasenpfeffer
    assert len(rows) == 32
    g = made_trump(v, dealt(WIDOW_DEAL), "H", 0, False)
    assert g is not None and g.phase == "discard"
    g.apply("0 discard QH")
    assert solve(g).tricks == (5, 1)


def test_table_text_and_json(tmp_path: Path, capsys: Capsys) -> None:
    g = Game(load_variant("hasenpfeffer"), deal=WIDOW_DEAL)
    for a in ["0 bid 5", "1 pass", "2 pass", "3 pass", "0 trump H", "0 discard 9S"]:
        g.apply(a)
    path = tmp_path / "widow.yaml"
    records.save(g.record(), path)
    code, out, _ = run(capsys, str(path), "--table")
    assert code == 0
    assert "the maker takes the widow and lays away the cards best for its side" in out
    assert "  H  seat 0        6 tricks  bid 6 made       score change [6, 0]" in out.splitlines()
    assert "  played: seat 0 with 5 in H needs 5; double dummy it takes 6: makeable" in out
    data = json.loads(run(capsys, str(path), "--table", "--json", "--hand", "1")[1])
    assert data["format"] == 1 and len(data["tables"][0]["rows"]) == 32
    assert data["tables"][0]["played"] == {
        "maker": 0,
        "trump": "H",
        "alone": False,
        "bid": "5",
        "required": 5,
        "makeable": 6,
    }


def test_a_one_hand_record_has_one_table(tmp_path: Path, capsys: Capsys) -> None:
    g = Game(load_variant("hasenpfeffer"), seed=3, deal=WIDOW_DEAL)
    while not g.hand_results:
        g.apply(g.legal_actions()[0])
    assert g.hand_number == 2 and len(g.record()["hands"]) == 1  # the next deal is not a hand of the record
    path = tmp_path / "one.yaml"
    records.save(g.record(), path)
    code, out, _ = run(capsys, str(path), "--table")
    assert code == 0 and "Hand 1 " in out and "Hand 2" not in out
    code, _, err = run(capsys, str(path), "--table", "--hand", "2")
    assert code == 1 and "there is no hand 2: the record has 1" in err


MINI_SIX = {
    "extends": "double-hasenpfeffer-6",
    "name": "mini-six",
    "pack": {"ranks": ["Q", "K", "A"], "copies": 1, "jokers": 0},
    "ranking": {"bowers": False},
    "making": {"auction": {"ladder": [1, 2]}, "all_pass": {"bid": 1}},
    "alone": {"exchange": {"cards": 2}},
}
"""Six players of two cards: a lone maker takes both cards of each partner and gives two back."""


@pytest.mark.parametrize(
    "variant", ["hasenpfeffer", "euchre", "railroad-euchre", "three-handed-euchre", "mini-six"]
)
def test_a_row_is_the_best_choice_before_play(variant: str) -> None:
    """Each row: the discards and exchanges chosen for the side that makes them (tried one by
    one here, in every order, each play solved), when the table cuts the search short and
    tries each set of cards once."""
    v = load_variant_data(MINI_SIX) if variant == "mini-six" else load_variant(variant)
    game = Game(v, seed=11)
    side_of = plan_for(game.rules).side_of
    deal = game.events[0]
    assert isinstance(deal, HandDealt)
    rows = table(v, deal)
    for r in rows if variant == "mini-six" else rows[:8] + [r for r in rows if r.alone][:4]:
        g = made_trump(v, deal, r.trump, r.maker, r.alone)
        assert g is not None
        assert by_trial(g, side_of[r.maker]) == r.tricks, r


def by_trial(g: Game, side: int) -> int:
    """The makers' tricks when each discard or gift is tried in turn (lone defence declined)."""
    if g.phase == "play":
        return solve(g).tricks[side]
    options = [a for a in g.legal_actions() if not (g.phase == "defence" and a.verb == "alone")]
    values = []
    for a in options:
        child = g.copy()
        child.apply(a)
        values.append(by_trial(child, side))
    mine = plan_for(g.rules).side_of[g.to_move or 0] == side
    return max(values) if mine else min(values)


def test_a_deal_thrown_in_as_dealt_has_no_rows() -> None:
    """A turned Joker that proposes no suit throws the hand in before anyone speaks."""
    v = load_variant(ROOT / "examples" / "house-rules" / "railroad-euchre-to-5.yaml")
    first = Game(v, seed=1).events[0]
    assert isinstance(first, HandDealt)
    cards = [c for h in first.hands for c in h] + list(first.kitty)
    cards.remove("JK")
    hands = [cards[i * 5 : i * 5 + 5] for i in range(4)]
    deal = {"dealer": 0, "hands": hands, "widow": ["JK", *cards[20:]]}
    g = Game(v, deal=deal, seed=0)  # the next hand's deal is fixed too
    kinds = [type(e).__name__ for e in g.events]
    assert kinds[:3] == ["HandDealt", "HandScored", "HandDealt"]  # thrown in at once
    assert g.hand_number == 2
    assert table(v, dealt(deal, v)) == []
