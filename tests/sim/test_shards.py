"""--shard i/n and merge: the shards of a run merged give exactly the figures of the whole run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.sim.stats import Stats

Capsys = pytest.CaptureFixture[str]
SIMULATE = ["simulate", "euchre", "--games", "10", "--seed", "9", "--bots", "greedy,random"]
SWEEP = ["sweep", "euchre", "--set", "game.target=5,7", "--games", "6", "--seed", "2", "--workers", "1"]


def stdout_json(capsys: Capsys, argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0, capsys.readouterr().err
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def shards(capsys: Capsys, tmp_path: Path, count: int) -> list[Path]:
    paths = []
    for i in range(1, count + 1):
        path = tmp_path / f"part-{i}.json"
        path.write_text(json.dumps(stdout_json(capsys, [*SIMULATE, "--json", "--shard", f"{i}/{count}"])))
        paths.append(path)
    return paths


def test_four_simulate_shards_merge_into_the_whole_run(capsys: Capsys, tmp_path: Path) -> None:
    whole = stdout_json(capsys, [*SIMULATE, "--json", "--workers", "2"])
    paths = shards(capsys, tmp_path, 4)
    parts = [json.loads(p.read_text()) for p in paths]
    assert [p["games"] for p in parts] == [2, 3, 2, 3]
    assert [p["run"]["shard"] for p in parts][1] == {"index": 2, "count": 4}
    merged = stdout_json(capsys, ["merge", *map(str, reversed(paths))])
    assert merged == whole  # figure for figure, raw sums included
    assert Stats.from_raw(merged["raw"]).summary(merged["run"]["ladder"])["wins"] == whole["wins"]


def test_four_sweep_shards_merge_into_the_whole_run(capsys: Capsys, tmp_path: Path) -> None:
    whole_path = tmp_path / "whole.json"
    assert main([*SWEEP, "--json", str(whole_path)]) == 0
    paths = []
    for i in range(1, 5):
        paths.append(tmp_path / f"part-{i}.json")
        assert main([*SWEEP, "--json", str(paths[-1]), "--shard", f"{i}/4"]) == 0
    out = tmp_path / "merged.json"
    assert main(["merge", *map(str, paths), "--output", str(out)]) == 0
    whole, merged = json.loads(whole_path.read_text()), json.loads(out.read_text())
    assert merged == whole
    assert merged["points"][1]["figures"]["hands per game"]["difference"]["high"] < 0


def test_shards_that_do_not_make_a_run_are_refused(capsys: Capsys, tmp_path: Path) -> None:
    paths = [str(p) for p in shards(capsys, tmp_path, 3)]
    other = tmp_path / "other.json"
    other.write_text(json.dumps(stdout_json(capsys, [*SIMULATE[:-2], "--json", "--shard", "3/3"])))
    whole = tmp_path / "whole.json"
    whole.write_text(json.dumps(stdout_json(capsys, [*SIMULATE, "--json", "--workers", "1"])))
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    for argv, says in [
        (paths[:2], "shard 3 of 3 missing"),
        ([*paths, paths[0]], "shard 1/3 given twice"),
        ([*paths[:2], str(other)], "other.json: bots: "),
        ([str(whole)], "a whole run"),
        ([str(bad)], "not a JSON object"),
        ([str(tmp_path / "absent.json")], "absent.json"),
    ]:
        assert main(["merge", *argv]) == 1
        assert says in capsys.readouterr().err


def test_a_shard_is_a_usage_error_when_malformed(capsys: Capsys) -> None:
    assert main([*SIMULATE, "--shard", "5/4"]) == 2
    assert "give i/n" in capsys.readouterr().err
