"""merge trusts nothing: what no shards of one run could be is refused in one line naming the
file and the field, and what is not a regular file is never waited on."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.cli.report.figures import merge_reports
from support.shardreports import merge, refusal, reports


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "part.json"
    os.mkfifo(fifo)
    argv = [sys.executable, "-m", "hasenpfeffer", "merge", str(fifo)]
    env = os.environ | {"HASENPFEFFER_ENGINE": "python"}
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, env=env, check=False)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"merge: {fifo}: a FIFO, not a regular file\n"


def _refused(path: str) -> str:
    err = io.StringIO()
    with redirect_stderr(err):
        assert main(["merge", path]) == 1
    return err.getvalue()


def test_a_folder_and_a_device_are_refused(tmp_path: Path) -> None:
    assert _refused(str(tmp_path)) == f"merge: {tmp_path}: a directory, not a regular file\n"
    assert _refused("/dev/zero") == "merge: /dev/zero: a character device, not a regular file\n"


def test_shards_played_by_different_engines_merge_as_the_same_games(tmp_path: Path) -> None:
    shards, whole = reports("simulate")
    assert {s["engine"] for s in shards} == {"python (asked for)"}
    shards[1]["engine"] = "compiled (numba)"  # a shard run after the kernel compiled: the same games
    merged = merge_reports(shards)
    assert merged["engine"] is None and merged["figures"] == whole["figures"]
    del shards[1]["engine"]
    assert merge_reports(shards)["figures"] == whole["figures"]
    shards[1]["engine"] = "turbo"
    second = tmp_path / "part-2.json"
    assert refusal(*merge(tmp_path, shards)) == (
        f'merge: {second}: engine: "turbo", not an engine\'s label (compiled (numba), python (why))\n'
    )


def test_the_build_must_agree_where_a_bot_follows_it(tmp_path: Path) -> None:
    shards, whole = reports("simulate")
    shards[2]["accel"]["compiled"] = not shards[0]["accel"]["compiled"]
    merged = merge_reports(shards)  # greedy and random choose alike whichever build runs
    assert merged["accel"] is None and merged["raw"] == whole["raw"]
    for doc in shards:
        doc["bots"] = ["pimc", "random"] * 2  # pimc's default worlds follow the build
    assert f"{tmp_path / 'part-3.json'}: accel.compiled: " in refusal(*merge(tmp_path, shards))


def test_an_impossible_number_of_unfinished_games_is_refused(tmp_path: Path) -> None:
    shards, _ = reports("simulate")
    shards[1]["raw"]["unfinished"] = 10**30
    assert refusal(*merge(tmp_path, shards)) == (
        f"merge: {tmp_path / 'part-2.json'}: raw.unfinished: 10^30 is more than the shard's 2 games\n"
    )


def test_a_missing_shard_index_is_one_line(tmp_path: Path) -> None:
    shards, _ = reports("simulate")
    del shards[2]["run"]["shard"]["index"]
    assert (
        refusal(*merge(tmp_path, shards)) == f"merge: {tmp_path / 'part-3.json'}: run.shard.index: missing\n"
    )


def _set(*path: Any, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value(node[path[-1]]) if callable(value) else value

    return change


Change = Callable[[dict[str, Any]], None]
CASES: list[tuple[str, Change, str]] = [
    ("simulate", _set("raw", "wins", value=[0, 0]), "raw.wins: 0 won and 0 unfinished, not 2 games"),
    ("simulate", _set("raw", "games", value=True), "raw.games: true, not a whole number"),
    ("simulate", _set("raw", "hands", value=10**6), "raw.hands: 1,000,000, not 2 to"),
    (
        "simulate",
        _set("raw", "hand_points", value=lambda h: h | {"0": h.get("0", 0) + 1}),
        "raw.hand_points: ",
    ),
    (
        "simulate",
        _set("raw", "sums", "side 1 win rate", 0, value=lambda n: n + 1),
        "raw.sums['side 1 win rate']: ",
    ),
    (
        "simulate",
        _set("raw", "sums", "bogus", value=[1, 1, 1, 1, 1]),
        "raw.sums['bogus']: no figure of these counts",
    ),
    ("simulate", _set("raw", "points", 1, value=lambda n: n - 1), "raw.sums['side 1 points/hand']: "),
    ("simulate", _set("raw", "margins", value={}), "raw.margins: 0 games counted, not 2"),
    ("simulate", _set("run", "shard", "index", value=4), "run.shard.index: 4, not from 1 to 3"),
    ("simulate", _set("seed", value=5), "seed: 5, where"),
    ("simulate", _set("run", "max_hands", value=999), "run.max_hands: 999, where"),
    ("simulate", _set("format", value=2), "format: 2, not 3"),
    ("simulate", _set("raw", value=[]), "raw: a list, not a mapping"),
    (
        "sweep",
        _set("raw", "cross", 1, "hands per game", 3, value=lambda n: n + 1),
        "raw.cross[1]['hands per game']: ",
    ),
    ("sweep", _set("raw", "cross", 0, value={"x": [0, 0, 0, 0]}), "raw.cross[0]: the base has no cross sums"),
    ("sweep", _set("raw", "stats", 1, "games", value=3), "raw.stats[1].games: 3, but the shard plays 2"),
    (
        "sweep",
        _set("points", 1, "set", "game.target", value=6),
        'points[1]: ["euchre+5", {"game.target": 6}], where',
    ),
    (
        "sweep",
        _set("points", 1, "set", "game.target", value=5.0),
        'points[1]: ["euchre+5", {"game.target": 5.0}]',
    ),
]


@pytest.mark.parametrize(("command", "change", "says"), CASES, ids=[s.split(":")[0] for _, _, s in CASES])
def test_a_shard_that_does_not_fit_is_refused(
    command: str, change: Change, says: str, tmp_path: Path
) -> None:
    shards, _ = reports(command)
    change(shards[1])
    assert f"merge: {tmp_path / 'part-2.json'}: {says}" in refusal(*merge(tmp_path, shards))


def test_json_that_says_two_things_is_refused(tmp_path: Path) -> None:
    shards, _ = reports("simulate")
    nan = b'{"format": NaN}'
    twice = b'{"seed": 1, "seed": 2}'
    for text, says in ((nan, "not JSON: NaN is no number"), (twice, "not JSON: key 'seed' given twice")):
        assert f"part-1.json: {says}" in refusal(*merge(tmp_path, shards, {1: text}))


def test_missing_shards_are_listed(tmp_path: Path) -> None:
    shards, _ = reports("simulate")
    assert refusal(*merge(tmp_path, shards[:1])) == "merge: shards 2, 3 of 3 missing\n"
