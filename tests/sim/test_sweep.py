"""sweep: a grid of house rules checked like files, played over the same seeds, as a table, CSV, JSON and a picture."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.cli.report.figures import study_report
from hasenpfeffer.format.errors import VariantError
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.sim.sweep import build_points, describe, grid, parse_setting, sweep
from support.paths import ROOT

Capsys = pytest.CaptureFixture[str]
SETS = ["--set", "scoring.failed.per_bid_trick=0,1", "--set", "game.target=10,15"]


def problems(*texts: str, base: str = "hasenpfeffer") -> list[str]:
    settings = [parse_setting(t, n) for n, t in enumerate(texts, 1)]
    with pytest.raises(VariantError) as info:
        build_points(base, settings)
    return [describe(p) for p in info.value.problems]


def test_a_bad_key_or_value_is_reported_at_its_set_argument() -> None:
    assert problems("game.target=10", "scoring.failed.per_bid_trik=0,1") == [
        "--set 2: scoring.failed.per_bid_trik: unknown key; did you mean `per_bid_trick`?"
    ]
    assert problems("game.target=10,abc") == ["--set 1: game.target: must be a valid integer; read 'abc'"]
    assert problems("game.target=0") == ["--set 1: game.target: must be greater than or equal to 1; read 0"]
    assert problems("scorng.x=1") == ["--set 1: scorng: unknown key; did you mean `scoring`?"]


def test_values_are_yaml_scalars() -> None:
    assert parse_setting("game.must_bid_out=yes,no,true", 1).values == [True, False, True]
    assert parse_setting("making.auction.ladder=x", 1).values == ["x"]
    for bad in ("game.target", "=1", "game.target=1,,2", "name=x", "game..target=1", "a.b=[1, 2]"):
        with pytest.raises(ValueError, match="--set 1"):
            parse_setting(bad, 1)


def test_the_base_may_be_a_file_that_extends_another(tmp_path: Path) -> None:
    (tmp_path / "ours.yaml").write_text("extends: euchre\nname: ours\ngame: {target: 7}\n")
    (tmp_path / "house.json").write_text('{"extends": "./ours.yaml", "name": "house"}')
    base, points, variants = build_points(
        tmp_path / "house.json", [parse_setting("game.must_bid_out=yes", 1)]
    )
    assert base.game.target == 7 and variants[0].game.target == 7 and variants[0].game.must_bid_out is True
    assert points == [{"game.must_bid_out": True}] and variants[0].name == "house+true"


def test_the_api_plays_every_point_over_the_same_seeds() -> None:
    result = sweep("euchre", {"game.target": [5, 10]}, 5, ["greedy"] * 4, seed=2, workers=2)
    base, five, ten = result.runs.stats
    assert ten.raw() == base.raw()  # 10 is euchre's own target: the same games
    assert five.hands < base.hands
    assert result.difference(1, "hands per game").high < 0
    report = study_report(result)
    assert [p["set"] for p in report["points"]] == [{}, {"game.target": 5}, {"game.target": 10}]
    assert report["figures"] == result.figures()


def test_table_csv_json_and_plot(capsys: Capsys, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = {k: tmp_path / f"grid.{k}" for k in ("csv", "json", "png")}
    argv = ["sweep", "hasenpfeffer", *SETS, "--games", "4", "--workers", "1", "--seed", "3"]
    argv += ["--csv", str(out["csv"]), "--json", str(out["json"]), "--plot", str(out["png"])]
    assert main(argv) == 0
    text = capsys.readouterr().out
    for words in ("4 house rules", "side 0 win rate", "hands per game", "lone hands/hand", "- base", "base"):
        assert words in text
    assert "n: the games, hands or contracts" in text
    report = json.loads(out["json"].read_text())
    assert report["command"] == "sweep" and report["keys"] == ["scoring.failed.per_bid_trick", "game.target"]
    assert len(report["points"]) == 5 and report["games"] == 4
    rows = list(csv.DictReader(out["csv"].open()))
    assert len(rows) == 5 * len(report["figures"])
    assert {r["game.target"] for r in rows} == {"", "10", "15"}
    for row in rows:  # every value with its count; none without
        assert (row["value"] == "") == (row["n"] == "0") and (row["value"] == "") <= (row["difference"] == "")
    assert out["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_one_key_draws_lines() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from hasenpfeffer.cli.report.sweepplot import draw

    report = study_report(sweep("euchre", {"game.target": [5, 10]}, 3, ["greedy"] * 4, workers=1))
    fig = draw(report)
    try:
        panels = [ax for ax in fig.axes if ax.get_visible()]
        assert [ax.get_title() for ax in panels] == report["figures"]
        assert all(ax.get_xlabel() == "game.target" for ax in panels)
        assert [t.get_text() for t in panels[0].get_xticklabels()] == ["5", "10"]
    finally:
        plt.close(fig)


@pytest.mark.parametrize(
    ("argv", "code", "says"),
    [
        (["--set", "game.target=10,abc"], 1, "--set 1: game.target: must be a valid integer"),
        (["--set", "game.target"], 2, "give KEY=V1,V2"),
        (["--set", "game.target=5", "--set", "game.target=6"], 2, "set twice"),
        (["--set", "a=1", "--set", "b=1", "--set", "c=1", "--plot", "x.png"], 2, "one or two"),
        (["--set", "game.target=5", "--bots", "clever"], 2, "--bots"),
    ],
)
def test_mistakes_are_reported(capsys: Capsys, argv: list[str], code: int, says: str) -> None:
    assert main(["sweep", "euchre", "--games", "1", *argv]) == code
    assert says in capsys.readouterr().err


def test_a_sweep_needs_a_set_and_a_base(capsys: Capsys) -> None:
    assert main(["sweep", "euchre"]) == 2
    assert main(["sweep", "no-such", "--set", "game.target=5"]) == 1
    assert main(["sweep", "-", "--set", "game.target=5"]) == 2


def test_a_point_without_lone_hands_shows_no_lone_figures(capsys: Capsys, tmp_path: Path) -> None:
    """Nobody may go alone at one point: its lone figures have no value, no difference, no star."""
    out = tmp_path / "grid.json"
    argv = ["sweep", "hasenpfeffer", "--set", "alone.allowed=nobody", "--set", "alone.lone_defence=false"]
    argv += [
        "--games",
        "12",
        "--workers",
        "1",
        "--seed",
        "1",
        "--json",
        str(out),
        "--csv",
        str(tmp_path / "g.csv"),
    ]
    assert main(argv) == 0
    text = capsys.readouterr().out
    base, point = json.loads(out.read_text())["points"]
    assert base["figures"]["lone hands made"]["n"] > 0
    assert point["figures"]["lone hands made"] == {
        "value": None,
        "low": None,
        "high": None,
        "n": 0,
        "difference": {"value": None, "low": None, "high": None},
    }
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "lone hands made" in line)
    assert "no data" in lines[at + 1] and "—" in lines[at + 1] and "*" not in lines[at + 1]
    rows = [r for r in csv.DictReader((tmp_path / "g.csv").open()) if r["figure"] == "lone hands made"]
    assert [(r["value"] == "", r["n"], r["difference"]) for r in rows][1] == (True, "0", "")


LOSES_BID = ROOT / "examples" / "house-rules" / "failed-bid-loses-bid.yaml"


def test_a_mapping_sets_several_keys_of_a_section_together() -> None:
    setting = parse_setting("scoring.failed={per_trick: 0, per_bid_trick: 1}", 1)
    _, points, (variant,) = build_points("hasenpfeffer", [setting])
    assert points == [{"scoring.failed": {"per_trick": 0, "per_bid_trick": 1}}]
    assert variant.scoring.failed == load_variant(LOSES_BID).scoring.failed  # the rest as in the base
    assert problems("scoring.failed={per_trik: 0}") == [
        "--set 1: scoring.failed.per_trik: unknown key; did you mean `per_trick`?"
    ]
    with pytest.raises(ValueError, match=r"scoring\.failed\.fixed is inside scoring\.failed"):
        grid([setting, parse_setting("scoring.failed.fixed=1", 2)])


def test_the_documented_sweeps_compare_the_rule_they_name() -> None:
    """Each sweep of a set's scoring in the README and the studies page has the rule of
    failed-bid-loses-bid (a set loses the amount bid) among its points, and the base's own."""
    base, wanted = load_variant("hasenpfeffer"), load_variant(LOSES_BID).scoring.failed
    for page in (ROOT / "README.md", ROOT / "docs" / "studies.md"):
        lines = [
            line
            for line in page.read_text(encoding="utf-8").splitlines()
            if "sweep hasenpfeffer" in line and "per_bid_trik:" not in line  # but the example of a mistake
        ]
        sets = [re.findall(r"--set '?(scoring\.failed[^ ']*(?: [^-][^']*)?)'?", line) for line in lines]
        texts = [s for found in sets for s in found]
        assert texts, page
        for text in texts:
            _, _, variants = build_points("hasenpfeffer", [parse_setting(text, 1)])
            assert [v.scoring.failed for v in variants] == [base.scoring.failed, wanted], (page, text)
