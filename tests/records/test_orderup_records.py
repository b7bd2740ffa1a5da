"""Records of the order-up twists replay, and the replay says what happened: a turned club trump
at once (dirty clubs), the suit a dealer named for a turned Joker."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hasenpfeffer import records
from hasenpfeffer.cli import main
from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.loader import load_variant

HOUSE = Path(__file__).parents[2] / "examples" / "house-rules"
HANDS = ["JH JD AH KH QH", "AS KS QS JS TS", "AD KD QD TD 9D", "AC KC QC JC 9S"]


def replayed(g: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str], *more: str) -> str:
    path = tmp_path / "game.yaml"
    records.save(g.record(), path)
    assert records.replay(g.record()).events == g.events
    assert main(["replay", str(path), "--allow-path", str(HOUSE), *more]) == 0
    return capsys.readouterr().out


def test_a_turned_club_trump_at_once_is_told(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = Game(
        load_variant(str(HOUSE / "euchre-dirty-clubs.yaml")),
        deal={"dealer": 3, "hands": HANDS, "widow": ["9C", "9H", "TC", "TH"]},
    )
    g.apply("3 discard 9S")
    out = replayed(g, tmp_path, capsys)
    assert "clubs turned: trump at once, the dealer (seat 3) the maker" in out
    assert "trump C, maker 3 (turned-trump)" in out
    hand = json.loads(replayed(g, tmp_path, capsys, "--json"))["hands"][0]
    assert (hand["trump_turned"], hand["maker"], hand["bid"], hand["forced"], hand["making"]) == (
        "C",
        3,
        "turned-trump",
        True,
        [],
    )


def test_the_dealers_suit_for_a_turned_joker_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deal = {
        "dealer": 3,
        "hands": ["AH KH QH TH 9H", "AD KD QD TD 9C", "JH JD AC KC QC", "JS JC AS KS 9D"],
        "widow": ["JK", "TC", "QS", "TS", "9S"],
    }
    g = Game(load_variant(str(HOUSE / "euchre-turned-joker-dealer-names.yaml")), deal=deal)
    for a in ("3 suit S", "0 pass", "1 pass", "2 order-up"):
        g.apply(a)
    out = replayed(g, tmp_path, capsys)
    assert "the Joker turned: the dealer names spades" in out
    assert "making trump: 0 pass, 1 pass, 2 order-up" in out
    hand = json.loads(replayed(g, tmp_path, capsys, "--json"))["hands"][0]
    assert (hand["turned_suit_named"], hand["trump_turned"], hand["trump"]) == ("S", None, "S")
