"""``replay --json``: every hand with its tricks, the same game as the text output."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hasenpfeffer import records
from hasenpfeffer.cli import main
from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.sim.simulate import play_game
from support.paths import HOUSE_RULES
from support.play import play_random

Capsys = pytest.CaptureFixture[str]


def saved(tmp_path: Path, name: str, seed: int, actions: int) -> tuple[Path, Game]:
    game = Game(load_variant(name), seed=seed)
    play_random(game, random.Random(seed), steps=actions)
    path = tmp_path / f"{name}-{seed}.yaml"
    records.save(game.record(), path)
    return path, game


def both(path: Path, capsys: Capsys) -> tuple[str, dict[str, object]]:
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert main(["replay", str(path), "--json"]) == 0
    return text, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("name", ["hasenpfeffer", "euchre", "three-handed-euchre"])
def test_every_hand_has_its_tricks_as_in_the_text(name: str, tmp_path: Path, capsys: Capsys) -> None:
    path, game = saved(tmp_path, name, seed=3, actions=150)
    text, data = both(path, capsys)
    assert data["format"] == 1 and data["variant"] == name
    hands = data["hands"]
    assert isinstance(hands, list) and len(hands) == text.count("\nHand ") + text.startswith("Hand ")
    assert len([h for h in hands if h["finished"]]) == len(game.hand_results) >= 2
    for h in hands:
        assert f"Hand {h['number']} (dealer {h['dealer']})" in text
        for t in h["tricks"]:
            cards = " ".join(f"{c['seat']}:{c['card']}" for c in t["cards"])
            assert f"{cards} -> seat {t['winner']} ({t['why']})" in text
        if h["finished"] and not h["thrown_in"]:
            assert f"tricks {h['tricks_won']}; score change {h['score_change']}" in text
    tricks_in_text = text.count("  trick ")
    assert tricks_in_text == sum(len(h["tricks"]) for h in hands)
    assert data["scores"] == list(game.scores)


def test_top_level_keys_of_the_last_hand_are_kept(tmp_path: Path, capsys: Capsys) -> None:
    game = play_game(load_variant("hasenpfeffer"), ["greedy"] * 4, seed=5)
    path = tmp_path / "finished.yaml"
    records.save(game.record(), path)
    assert game.is_over
    _, data = both(path, capsys)
    hands = data["hands"]
    assert isinstance(hands, list) and all(h["finished"] for h in hands)
    last = hands[-1]
    assert data["hand"] == last["number"] == len(game.hand_results)
    assert data["tricks"] == last["tricks"] and data["tricks_won"] == last["tricks_won"]
    assert data["score_change"] == last["score_change"] == list(game.hand_results[-1].score_change)
    assert (data["over"], data["winner"]) == (True, game.winner)
    for h, r in zip(hands, game.hand_results, strict=True):
        assert (h["dealer"], h["maker"], h["bid"], h["trump"], h["made"]) == (
            r.dealer,
            r.maker,
            r.bid,
            r.trump,
            r.made,
        )
        assert h["tricks_won"] == (list(r.tricks) if not r.thrown_in else [0, 0])


def test_an_unfinished_hand_is_the_last_and_says_so(tmp_path: Path, capsys: Capsys) -> None:
    path, game = saved(tmp_path, "euchre", seed=1, actions=61)
    assert not game.is_over and game.view().trick
    text, data = both(path, capsys)
    hands = data["hands"]
    assert isinstance(hands, list)
    last = hands[-1]
    assert last["finished"] is False and last["made"] is None and last["score_change"] == [0, 0]
    on_table = " ".join(f"{c['seat']}:{c['card']}" for c in last["table"])
    assert f"on the table: {on_table}" in text


def test_why_the_game_ended_in_text_and_json(tmp_path: Path, capsys: Capsys) -> None:
    # five-hundred, seed 1, the last legal action each turn: team 1 falls below -500
    game = Game(load_variant("five-hundred"), seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    path = tmp_path / "lost.yaml"
    records.save(game.record(), path)
    text, data = both(path, capsys)
    assert (data["over"], data["winner"], data["reason"]) == (True, 1, "lose-at")
    hands = data["hands"]
    assert isinstance(hands, list)
    assert [h["game_won"] for h in hands] == [None] * (len(hands) - 1) + [{"side": 1, "reason": "lose-at"}]
    assert "Winner: team 1 (another side fell to the losing score)" in text
    # an unfinished game has no reason yet
    path, _ = saved(tmp_path, "euchre", seed=1, actions=61)
    text, data = both(path, capsys)
    assert (data["over"], data["reason"]) == (False, None) and "Winner" not in text


def test_each_game_of_a_match_says_who_won_it_and_why(tmp_path: Path, capsys: Capsys) -> None:
    game = play_game(load_variant(HOUSE_RULES / "euchre-match-of-three.yaml"), ["greedy"] * 4, seed=3)
    path = tmp_path / "match.yaml"
    records.save(game.record(), path)
    assert main(["replay", str(path), "--json", "--allow-path", str(HOUSE_RULES)]) == 0
    data = json.loads(capsys.readouterr().out)
    won = [h["game_won"] for h in data["hands"] if h["game_won"]]
    assert won == [{"side": 1, "reason": "target"}] * 2 and data["reason"] == "target"
    assert main(["replay", str(path), "--allow-path", str(HOUSE_RULES)]) == 0
    text = capsys.readouterr().out
    assert text.count("  team 1 won the game: reached the target\n") == 2
    assert "Winner: team 1 (reached the target)" in text
