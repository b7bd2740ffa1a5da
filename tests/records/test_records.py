"""Game records: what the engine writes replays to the same game; bad records are refused clearly."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer import records
from hasenpfeffer.cli import main
from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import GameEnd, Variant
from support.play import play_random

ONE_HAND = """\
variant: hasenpfeffer
dealer: 3
hands: [[JK, JH, JD, AH, KH, QH], [AS, KS, QS, JS, TS, 9S], [AD, KD, QD, TD, 9D, TC], [AC, KC, QC, JC, TH, 9H]]
widow: [9C]
actions: [0 bid 4, 1 pass, 2 pass, 3 pass, 0 trump H, 0 discard 9C,
  0 play JK, 1 play 9S, 2 play 9D, 3 play 9H, 0 play JH, 1 play TS, 2 play TD, 3 play TH,
  0 play JD, 1 play JS, 2 play QD, 3 play AC, 0 play AH, 1 play QS, 2 play KD, 3 play KC,
  0 play KH, 1 play KS, 2 play AD, 3 play QC, 0 play QH, 1 play AS, 2 play TC, 3 play JC]
"""


def played(variant: Variant | str, seed: int, hands: int) -> Game:
    v = load_variant(variant) if isinstance(variant, str) else variant
    g = Game(v, seed=seed)
    rng = random.Random(seed)
    play_random(g, rng, hands=hands)
    play_random(g, rng, steps=5)  # stop in the middle of a hand
    return g


@pytest.mark.parametrize("name", ["hasenpfeffer", "hasenpfeffer-pepper", "euchre", "double-hasenpfeffer"])
def test_round_trip_through_yaml_and_json(name: str) -> None:
    g = played(name, seed=4, hands=4)
    rec = g.record()
    assert rec["variant"] == name and rec["seed"] == 4
    for text in (records.dump(rec), json.dumps(rec)):
        again = records.replay(records.loads(text))
        assert again.record() == rec and again.hand_results == g.hand_results
        assert again.snapshot() == g.snapshot()


def test_embedded_variant_round_trip() -> None:
    v = Variant(name="house", game=GameEnd(target=3))
    g = played(v, seed=2, hands=3)
    rec = g.record()
    assert isinstance(rec["variant"], dict) and rec["variant"]["game"] == {"target": 3}
    assert records.replay(records.loads(records.dump(rec))).record() == rec


def test_one_hand_at_top_level(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(ONE_HAND)
    g = records.replay(path)
    r = g.hand_results[0]
    assert (r.maker, r.bid, r.tricks, r.score_change) == (0, "4", (6, 0), (6, 0))
    written = g.record()["hands"][0]
    assert written["result"]["trick_winners"] == [0] * 6 and written["result"]["scores"] == [6, 0]


def test_illegal_action_names_index_text_and_reason() -> None:
    rec = records.loads(ONE_HAND)
    rec["actions"][9] = "3 play AC"
    with pytest.raises(records.ReplayError) as info:
        records.replay(rec)
    err = info.value
    assert (err.hand, err.index, err.action) == (0, 9, "3 play AC")
    assert "must follow" in err.why and "action index 9" in str(err)


def test_changed_result_is_caught() -> None:
    g = played("hasenpfeffer", seed=8, hands=2)
    rec = copy.deepcopy(g.record())
    rec["hands"][0]["result"]["score_change"] = [99, 0]
    with pytest.raises(records.RecordError, match="score_change"):
        records.replay(rec)
    assert g.record() != rec  # the game's own record is untouched by editing a copy


def test_cli_replay_text_json_and_failure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(ONE_HAND)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "0:JK 1:9S 2:9D 3:9H -> seat 0 (Joker)" in out and "(right bower)" in out and "(left bower)" in out
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tricks_won"] == [6, 0] and data["score_change"] == [6, 0] and data["scores"] == [6, 0]
    assert data["tricks"][0] == {
        "leader": 0,
        "cards": [
            {"seat": 0, "card": "JK"},
            {"seat": 1, "card": "9S"},
            {"seat": 2, "card": "9D"},
            {"seat": 3, "card": "9H"},
        ],
        "winner": 0,
        "why": "Joker",
    }
    path.write_text(ONE_HAND.replace("1 play TS", "1 play QH"))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "action index 11 ('1 play QH')" in err and "does not hold QH" in err and "Traceback" not in err


def test_cli_diagram(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diagram", "euchre"]) == 0
    out = capsys.readouterr().out
    assert "stateDiagram-v2" in out and "order_up --> name_trump: nobody ordered up" in out
    assert main(["diagram", "no-such-variant"]) == 1


def test_variant_path_relative_to_the_record(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("name: house\nextends: hasenpfeffer\ngame: {target: 5}\n")
    path = tmp_path / "hand.yaml"
    path.write_text(ONE_HAND.replace("variant: hasenpfeffer", "variant: house.yaml"))
    g = records.replay(path)
    assert g.variant.game.target == 5 and g.is_over and g.winner == 0
    assert records.load(path)["variant"] == "house.yaml"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["hands"][1]["hands"][0].__setitem__(0, "ZZ"), "hand 2: 'ZZ' is not a card"),
        (lambda r: r["hands"][1]["widow"].append("9C"), "hand 2: .*exactly the cards"),
        (
            lambda r: r["hands"][1].__setitem__("dealer", 0 if r["hands"][1]["dealer"] else 1),
            "hand 2: .*dealer",
        ),
        (lambda r: r.__setitem__("variant", "no-such-variant"), "variant does not load"),
        (lambda r: r.__setitem__("seed", "x"), "seed"),
    ],
)
def test_bad_records_are_refused(change: Any, message: str) -> None:
    rec = played("hasenpfeffer", seed=8, hands=2).record()
    change(rec)
    with pytest.raises(records.RecordError, match=message):
        records.replay(rec)


def test_cli_replay_shows_a_forced_maker_and_the_trick_on_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "forced.yaml"
    start = ONE_HAND.index("actions:")
    path.write_text(
        ONE_HAND[:start] + "actions: [0 pass, 1 pass, 2 pass, 3 pass, 0 trump H, 0 discard 9C, 0 play JK]\n"
    )
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "auction: 0 pass, 1 pass, 2 pass, 3 pass, 0 trump H\n" in out
    assert "all passed: the Joker holder, seat 0, must make 3" in out and "on the table: 0:JK" in out


def test_save_replaces_a_record_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game(Variant(name="x"), seed=3)
    path = tmp_path / "game.yaml"
    records.save(g.record(), path)
    before = path.read_text(encoding="utf-8")
    g.apply(g.legal_actions()[0])

    def killed(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("hasenpfeffer.records.record.os.replace", killed)
    with pytest.raises(KeyboardInterrupt):
        records.save(g.record(), path)
    assert path.read_text(encoding="utf-8") == before and list(tmp_path.iterdir()) == [path]
    monkeypatch.undo()
    records.save(g.record(), path)
    assert records.replay(path).record() == g.record() and list(tmp_path.iterdir()) == [path]
