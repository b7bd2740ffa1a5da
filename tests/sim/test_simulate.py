"""simulate and compare: statistics, determinism across workers, the command line."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer.bots import DEFAULT_BOT
from hasenpfeffer.cli import main
from hasenpfeffer.cli.common import add_common
from hasenpfeffer.engine.game import Game
from hasenpfeffer.engine.view import HandResult
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.records.record import replay
from hasenpfeffer.sim.estimates import figures
from hasenpfeffer.sim.simulate import Job, game_seed, parse_bots, play_game, play_range, simulate
from hasenpfeffer.sim.stats import Stats, mean_ci, wilson
from support.paths import HOUSE_RULES

PEPPER = load_variant("hasenpfeffer-pepper")


def result(
    change: tuple[int, int], bid: str = "4", made: bool | None = True, alone: bool = False
) -> HandResult:
    return HandResult(
        dealer=0,
        maker=None if made is None else 1,
        bid=None if made is None else bid,
        trump=None if made is None else "H",
        alone=alone,
        defender_alone=False,
        thrown_in=made is None,
        forced=False,
        tricks=(2, 4),
        made=made,
        score_change=change,
        scores=change,
    )


# ---------------------------------------------------------------------------- statistics


def test_wilson_and_mean_intervals_match_hand_computed_values() -> None:
    # p = 0.8, n = 100: centre 0.7898, half-width 0.0780 (Wilson 1927).
    low, high = wilson(80, 100)
    assert (round(low, 4), round(high, 4)) == (0.7112, 0.8666)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    # values 1, 2, 3: mean 2, sd 1, half-width 1.96 / sqrt(3)
    m, lo, hi = mean_ci(6, 14, 3)
    assert m == 2.0 and abs(hi - m - 1.959964 / 3**0.5) < 1e-6 and abs(m - lo - (hi - m)) < 1e-12


def test_hands_are_counted_by_bid_with_lone_hands_and_throw_ins() -> None:
    s = Stats(sides=2)
    for r in [
        result((0, 4)),
        result((0, -4), made=False),
        result((0, 0), made=None),
        result((0, 8), alone=True),
    ]:
        s.add_hand(r)
    summary = s.summary(["4"])
    assert summary["bids"]["4"] == {"made": 2, "failed": 1}
    assert summary["lone"]["made"] == 1 and summary["lone"]["failed"] == 0
    assert s.throw_ins == 1
    assert s.points == [0, 8] and s.points_sq == [0, 16 + 16 + 64]


@functools.cache
def some_games() -> list[Game]:
    return [play_game(PEPPER, ["random", "greedy"] * 2, seed, max_hands=30) for seed in range(8)]


@settings(max_examples=50, deadline=None)
@given(st.permutations(range(8)), st.integers(1, 8))
def test_merging_in_any_order_gives_the_same_totals(order: list[int], size: int) -> None:
    """Games added one by one, or grouped in any order and merged, give the same statistics."""
    games = some_games()
    whole = Stats(sides=2)
    for g in games:
        whole.add_game(g)
    merged = Stats(sides=2)
    for start in range(0, 8, size):
        part = Stats(sides=2)
        for i in order[start : start + size]:
            part.add_game(games[i])
        merged.merge(part)
    assert merged.summary(["1", "2", "3", "4", "5"]) == whole.summary(["1", "2", "3", "4", "5"])
    assert figures(merged) == figures(whole)
    assert merged.hand_points == whole.hand_points and merged.margins == whole.margins
    assert merged.games == 8 and sum(merged.wins) + merged.unfinished == 8


# ---------------------------------------------------------------------------- runs


def test_seeds_and_bot_lists() -> None:
    assert game_seed(1, 2) == game_seed(1, 2) != game_seed(2, 1)
    assert parse_bots("mc,greedy,mc,random", 4) == ["mc", "greedy", "mc", "random"]
    with pytest.raises(ValueError, match="3 bots given for 4 players"):
        parse_bots("a,b,c", 4)


def test_bots_left_out_are_the_command_line_default_in_every_seat() -> None:
    parser = argparse.ArgumentParser()
    add_common(parser)
    assert parser.parse_args([]).bots == DEFAULT_BOT == "greedy"
    greedy = simulate("euchre", 2, [DEFAULT_BOT] * 4, seed=4, workers=1)
    assert simulate("euchre", games=2, seed=4, workers=1) == greedy
    assert simulate("three-handed-euchre", games=1, seed=4, workers=1).games == 1  # three seats


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = simulate(PEPPER, 6, ["greedy"] * 4, seed=5, workers=1)
    two = simulate(PEPPER, 6, ["greedy"] * 4, seed=5, workers=2)
    assert one.summary() == two.summary() and one.margins == two.margins
    # and a range of games played alone gives the same as inside the run
    part = play_range(Job(PEPPER, ("greedy",) * 4, 5), 2, 4)
    direct = Stats(sides=2)
    for i in (2, 3):
        direct.add_game(play_game(PEPPER, ["greedy"] * 4, game_seed(5, i)))
    assert part.summary() == direct.summary()


def test_simulate_json_reports_wins_per_team(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["simulate", "hasenpfeffer-pepper", "--games", "8", "--seed", "3", "--workers", "1", "--json"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 8 and len(data["wins"]) == 2
    assert sum(data["wins"]) + data["unfinished"] == 8
    assert data["bots"] == ["greedy"] * 4
    made = sum(b["made"] + b["failed"] for b in data["bids"].values())
    assert made + data["throw_ins"] == data["hands"]
    assert list(data["bids"]) == [
        b for b in ["1", "2", "3", "4", "5", "little-pepper", "big-pepper"] if b in data["bids"]
    ]
    for bid, outcome in data["bids"].items():  # each rate with its count
        assert data["figures"][f"bid {bid} made"]["n"] == outcome["made"] + outcome["failed"]
    assert data["figures"]["side 0 win rate"]["n"] == 8


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "hasenpfeffer", "--games", "4", "--workers", "1", "--bots", "greedy,random"]) == 0
    )
    out = capsys.readouterr().out
    for text in (
        "team 0 (seats 0, 2)",
        "win rate",
        "points per hand",
        "lone hands",
        "hands per game",
        "thrown in",
    ):
        assert text in out


def test_simulate_refuses_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["simulate", "no-such-variant", "--games", "2"]) == 1
    assert main(["simulate", "hasenpfeffer", "--bots", "greedy,random,mc"]) == 2
    assert "--bots" in capsys.readouterr().err
    assert main(["simulate", "hasenpfeffer", "--bots", "clever"]) == 2
    assert main(["simulate", "hasenpfeffer", "--games", "0"]) == 2
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["simulate", "hasenpfeffer", "--games", "1", "--records", str(blocker / "sub")]) == 1
    assert "--records" in capsys.readouterr().err


def test_records_are_written_one_per_game_and_replay(tmp_path: Path) -> None:
    simulate(PEPPER, 3, ["greedy", "random"] * 2, seed=2, workers=1, records=tmp_path)
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["game-000000.yaml", "game-000001.yaml", "game-000002.yaml"]
    for index, path in enumerate(files):
        again = replay(path)
        original = play_game(PEPPER, ["greedy", "random"] * 2, game_seed(2, index))
        assert again.scores == original.scores and again.winner == original.winner
        assert again.hand_results == original.hand_results


# ---------------------------------------------------------------------------- compare


def test_compare_json_has_both_runs_and_differences(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "costly.yaml"
    house.write_text(
        "extends: hasenpfeffer\nname: costly\nscoring:\n  failed: {per_trick: 0, per_bid_trick: 2}\n"
    )
    args = ["compare", "hasenpfeffer", str(house), "--games", "6", "--workers", "1", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["a"], data["b"]) == ("hasenpfeffer", "costly")
    win = data["figures"]["side 0 win rate"]
    assert win["difference"]["value"] == pytest.approx(win["b"]["value"] - win["a"]["value"], abs=2e-6)
    assert win["a"]["n"] == win["b"]["n"] == 6 and data["command"] == "compare"
    assert sum(data["wins"]["a"]) <= 6


def test_compare_table_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "scores.png"
    args = [
        "compare",
        "hasenpfeffer",
        "hasenpfeffer-pepper",
        "--games",
        "4",
        "--workers",
        "1",
        "--plot",
        str(png),
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "B - A" in out and "side 0 win rate" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_compare_plot_without_matplotlib_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    args = [
        "compare",
        "hasenpfeffer",
        "hasenpfeffer-pepper",
        "--games",
        "2",
        "--plot",
        str(tmp_path / "x.png"),
    ]
    assert main(args) == 2
    assert "pip install '.[plot]'" in capsys.readouterr().err


NO_GOING_ALONE = str(HOUSE_RULES / "no-going-alone.yaml")


def test_a_house_rule_without_lone_hands_shows_no_lone_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """B has no lone hands: its share made has no value, and there is no difference and no star."""
    args = ["compare", "hasenpfeffer", NO_GOING_ALONE, "--games", "12", "--workers", "1", "--seed", "1"]
    data = run_json(capsys, [*args, "--json"])
    made = data["figures"]["lone hands made"]
    assert made["a"]["n"] > 0 and made["a"]["value"] is not None
    assert made["b"] == {"value": None, "low": None, "high": None, "n": 0}
    assert made["difference"] == {"value": None, "low": None, "high": None}
    share = data["figures"]["lone hands/hand"]  # a share of hands, 0 on B: that difference is real
    assert share["b"]["value"] == 0.0 and share["b"]["n"] > 0 and share["difference"]["high"] < 0
    assert main(args) == 0
    (row,) = [line for line in capsys.readouterr().out.splitlines() if "lone hands made" in line]
    assert "no data" in row and "—" in row and "*" not in row


def run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_the_python_api_takes_a_variant_by_name(tmp_path: Path) -> None:
    from hasenpfeffer import VariantError
    from hasenpfeffer import simulate as api_simulate
    from hasenpfeffer.sim.runset import play_set

    by_name = api_simulate("euchre", 3, ["greedy"] * 4, seed=4, workers=1)
    assert by_name.raw() == simulate(load_variant("euchre"), 3, ["greedy"] * 4, seed=4, workers=1).raw()
    house = tmp_path / "short.yaml"
    house.write_text("extends: euchre\nname: short\ngame: {target: 5}\n")
    runs = play_set(["euchre", house], 3, ["greedy"] * 4, seed=4, workers=1)
    assert runs.stats[0].raw() == by_name.raw() and runs.difference(1, "hands per game").value is not None
    with pytest.raises(VariantError):
        api_simulate("no-such-variant", 1, ["greedy"] * 4)


# ---------------------------------------------------------------------------- contracts by kind


@functools.cache
def five_hundred() -> Stats:
    return simulate(load_variant("five-hundred"), 6, ["greedy"] * 4, seed=2, workers=1)


def test_five_hundred_counts_contracts_by_kind_and_they_add_up() -> None:
    """Every contract has one kind (its trump, NT, misere, open misere): the kinds add up to
    the contracts, the misère kinds to the misère bids, the trump kinds to the bids naming
    that trump; slams are contracts of tricks; each kind's figure is its own share."""
    s, ladder = five_hundred(), load_variant("five-hundred").making.auction.ladder
    assert sum(o.tried for o in s.kinds.values()) == s.contracts.tried > 0
    trump = {b.name: b.trump for b in ladder if b.objective == "tricks"}
    for kind, o in s.kinds.items():
        if kind in ("misere", "open misere"):
            bid = "misere" if kind == "misere" else "open-misere"
            names = [bid]
        else:
            names = [name for name, t in trump.items() if t == kind]
        assert o.tried == sum(s.bids[n].tried for n in names if n in s.bids), kind
        assert o.made == sum(s.bids[n].made for n in names if n in s.bids), kind
        shown = figures(s)[f"{kind} contracts made"]
        assert shown.n == o.tried and shown.value == pytest.approx(o.made / o.tried)
    slams = figures(s)["slams/contract"]
    assert (
        slams.n == s.of_tricks == s.contracts.tried - s.kinds["misere"].tried - s.kinds["open misere"].tried
    )
    assert sum(s.slams.values()) <= s.of_tricks and set(s.slams) <= set(trump)
    miseres = figures(s)["misere hands/hand"]
    assert miseres.n == s.hands and miseres.value == pytest.approx(
        (s.kinds["misere"].tried + s.kinds["open misere"].tried) / s.hands
    )
    assert Stats.from_raw(s.raw()) == s


def test_variants_without_contracts_show_no_kinds() -> None:
    stats = simulate(PEPPER, 2, ["greedy"] * 4, seed=5, workers=1)
    assert stats.kinds == {} and stats.slams == {}
    assert not any(n.endswith("contracts made") and n != "contracts made" for n in figures(stats))
    assert "slams/contract" not in figures(stats)
