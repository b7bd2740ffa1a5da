"""The JSON outputs: a format version, numbers rounded alike, every key in docs/outputs.md."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer import records
from hasenpfeffer.cli import main
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.sim.simulate import play_game
from support.paths import ROOT

PAGE = (ROOT / "docs" / "outputs.md").read_text(encoding="utf-8")
Capsys = pytest.CaptureFixture[str]


def section(title: str) -> str:
    """The text of one ``## title`` section of the page."""
    return PAGE.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def keys(value: Any, skip: tuple[str, ...] = ()) -> Iterator[str]:
    """Every mapping key, at any depth; the children of keys in ``skip`` are data, not keys."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            if k not in skip:
                yield from keys(v, skip)
    elif isinstance(value, list):
        for v in value:
            yield from keys(v, skip)


def numbers(value: Any) -> Iterator[float]:
    if isinstance(value, float):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from numbers(v)
    elif isinstance(value, list):
        for v in value:
            yield from numbers(v)


def documented(text: str) -> set[str]:
    """Words in backticks; ``{a, b}`` names ``a`` and ``b``."""
    words = set()
    for quoted in re.findall(r"`([^`]+)`", text):
        words.add(quoted)
        words.update(w.strip() for w in quoted.strip("{}").split(","))
    return words


def run_json(capsys: Capsys, argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = play_game(load_variant("railroad-euchre"), ["greedy"] * 4, seed=2)
    path = tmp_path_factory.mktemp("replay") / "game.yaml"
    records.save(game.record(), path)
    return path


def test_simulate_json(capsys: Capsys) -> None:
    argv = ["simulate", "hasenpfeffer-pepper", "--games", "7", "--workers", "1", "--json"]
    data = run_json(capsys, argv)
    assert data["format"] == 3
    assert all(round(x, 6) == x for x in numbers(data))
    assert any(round(x, 3) != x for x in numbers(data))  # rounded to 6 places, not fewer
    words = documented(section("simulate --json")) | documented(section(RAW)) | documented(CONVENTIONS)
    missing = [k for k in dict.fromkeys(keys(data, skip=(*DATA_KEYED, "figures"))) if k not in words]
    assert missing == []
    assert data["command"] == "simulate" and data["run"]["shard"] is None
    assert all(set(f) == {"value", "low", "high", "n"} for f in data["figures"].values())
    shown = list(dict.fromkeys(figure_pattern(n) for n in data["figures"]))
    assert shown == [p for p in FIGURES if p in shown]  # documented, in the order of the page


CONVENTIONS = PAGE.split("\n## ", 1)[0]
FIGURES = re.findall(r"^\| `([^`]+)` \| [^|]+ \| [^|]+ \|$", section("simulate --json"), re.MULTILINE)
"""The figures documented, in their order."""


def figure_pattern(name: str) -> str:
    """A figure's name as the page writes it: ``side S win rate``, ``bid B made``."""
    return re.sub(r"^side \d+", "side S", re.sub(r"^bid .+ made$", "bid B made", name))


RAW = "The run and the raw sums"
DATA_KEYED = ("bids", "kinds", "slams", "weak_hands", "hand_points", "margins", "sums", "cross", "set")
"""Keys whose children are names from the data (bids, kinds of contract, scores, figures,
swept keys), not keys of the format."""


def test_sweep_json(capsys: Capsys, tmp_path: Path) -> None:
    path = tmp_path / "sweep.json"
    argv = [
        "sweep",
        "euchre",
        "--set",
        "game.target=5,7",
        "--games",
        "3",
        "--workers",
        "1",
        "--json",
        str(path),
    ]
    assert main(argv) == 0
    data = json.loads(path.read_text())
    assert data["format"] == 3 and data["command"] == "sweep"
    assert all(round(x, 6) == x for x in numbers(data))
    words = documented(section("sweep --json")) | documented(section(RAW))
    skip = (*DATA_KEYED, "figures")
    missing = [k for k in dict.fromkeys(keys(data, skip=skip)) if k not in words]
    assert missing == []
    figure = data["points"][1]["figures"]["hands per game"]
    assert set(figure) == {"value", "low", "high", "n", "difference"}
    assert set(figure["difference"]) == {"value", "low", "high"}


def test_compare_json(capsys: Capsys) -> None:
    argv = ["compare", "hasenpfeffer", "hasenpfeffer-pepper", "--games", "5", "--workers", "1", "--json"]
    data = run_json(capsys, argv)
    assert data["format"] == 3 and data["command"] == "compare"
    assert all(round(x, 6) == x for x in numbers(data))
    words = documented(section("compare --json")) | documented(CONVENTIONS)
    missing = [k for k in dict.fromkeys(keys(data, skip=("figures",))) if k not in words]
    assert missing == []
    for figure in data["figures"].values():
        assert set(figure) == {"a", "b", "difference"}
        for part in ("a", "b"):
            assert set(figure[part]) == {"value", "low", "high", "n"}
        assert set(figure["difference"]) == {"value", "low", "high"}


def test_validate_json(capsys: Capsys) -> None:
    code = main(["validate", str(ROOT / "examples" / "house-rules"), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["format"] == 1
    missing = [k for k in dict.fromkeys(keys(data)) if k not in documented(section("validate --format json"))]
    assert missing == []


def test_replay_json(record: Path, capsys: Capsys) -> None:
    data = run_json(capsys, ["replay", str(record), "--json"])
    assert data["format"] == 1
    words = documented(section("replay --json"))
    missing = [k for k in dict.fromkeys(keys(data)) if k not in words]
    assert missing == []


def test_analyze_json(record: Path, capsys: Capsys) -> None:
    data = run_json(capsys, ["analyze", str(record), "--json"])
    assert data["format"] == 1 and any(h["plays"] for h in data["hands"])
    words = documented(section("analyze --json"))
    missing = [k for k in dict.fromkeys(keys(data, skip=("values",))) if k not in words]
    assert missing == []


def test_analyze_table_json(record: Path, capsys: Capsys) -> None:
    data = run_json(capsys, ["analyze", str(record), "--table", "--json", "--hand", "1"])
    assert data["format"] == 1 and data["tables"][0]["rows"]
    words = documented(section("analyze --table --json"))
    missing = [k for k in dict.fromkeys(keys(data)) if k not in words]
    assert missing == []
