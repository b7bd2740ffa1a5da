"""The switch between the pure-Python and compiled twins (``hasenpfeffer.accel``): what each
setting chooses, that every user reads it, that the twins sit side by side, and that the suite
and the package collect without numba."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from hasenpfeffer import accel
from hasenpfeffer.bots import pimc
from hasenpfeffer.bots.handeval import Evaluator
from hasenpfeffer.cli import main
from hasenpfeffer.cli.report.figures import merge_reports
from hasenpfeffer.engine.game import Game
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.format.variant import Variant
from hasenpfeffer.solver import Solver
from support.paths import ROOT

PACKAGE = ROOT / "core" / "hasenpfeffer"


@pytest.mark.parametrize(
    ("value", "numba", "compiled"),
    [
        (None, True, True),
        ("auto", True, True),
        (" Auto ", True, True),
        ("python", True, False),
        ("compiled", True, True),
        (None, False, False),
        ("python", False, False),
    ],
)
def test_each_setting_chooses_a_build(
    value: str | None, numba: bool, compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(accel, "installed", lambda: numba)
    environ = {} if value is None else {accel.VARIABLE: value}
    assert accel.enabled(environ) is compiled
    assert accel.status(environ).compiled is compiled


def test_compiled_asked_for_without_numba_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accel, "installed", lambda: False)
    with pytest.raises(
        ValueError,
        match=r"^the compiled twins asked for by HASENPFEFFER_ENGINE=compiled cannot run: .*pip install '\.\[fast\]'",
    ):
        accel.enabled({accel.VARIABLE: "compiled"})
    assert str(accel.status({})) == f"pure Python ({accel.MISSING})"
    report = accel.status({}).as_dict()
    assert {k: report[k] for k in ("setting", "numba", "compiled")} == {
        "setting": "auto",
        "numba": None,
        "compiled": False,
    }


def test_python_forces_every_user_to_the_pure_python_twins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accel, "installed", lambda: True)  # as if numba were there: it is not used
    monkeypatch.setenv(accel.VARIABLE, "python")
    assert Solver().compiled is False
    ev = Evaluator(Variant(name="x"))
    hand = [ev.rules.cid(c) for c in ["JK", "AS"]]
    for _ in range(3):
        ev.distribution(hand, 0, ev.unseen_after(hand), 1, 6)
    assert ev.kernel is None
    euchre = Game(load_variant("euchre"), seed=1).view(0)
    assert [pimc.PimcBot(seed=1).count(euchre, making) for making in (False, True)] == [24, 24]
    monkeypatch.setenv(accel.VARIABLE, "auto")
    assert Solver().compiled is True
    assert [pimc.PimcBot(seed=1).count(euchre, making) for making in (False, True)] == [32, 48]


def test_a_build_asked_for_by_name_wins_over_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(accel.VARIABLE, "compiled")
    monkeypatch.setattr(accel, "installed", lambda: True)
    assert Solver(compiled=False).compiled is False
    assert Evaluator(Variant(name="x"), compiled=False).kernel is None


def test_the_compiled_twins_run_and_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba", exc_type=ImportError)
    monkeypatch.delenv(accel.VARIABLE, raising=False)
    Evaluator(Variant(name="x"), compiled=True)
    status = accel.status()
    assert status.compiled and status.numba and "bots.handeval_compiled" in status.loaded
    assert str(status).startswith(
        f"compiled where it can be (numba {status.numba}; HASENPFEFFER_ENGINE unset"
    )


def test_each_compiled_twin_sits_beside_its_python_twin_and_alone_imports_numba() -> None:
    """The twins, and ``jitcache`` (numba's compile cache of them), alone import numba."""
    twins = sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*_compiled.py"))
    batch = ["batch/decide_compiled.py", "batch/draws_compiled.py", "batch/drop_compiled.py"]
    batch += ["batch/games_compiled.py", "batch/greedy_compiled.py", "batch/learned_compiled.py"]
    batch += ["batch/misere_compiled.py"]
    phases = [
        "base",
        "bidding",
        "call",
        "course",
        "deal",
        "declare",
        "defence",
        "discard",
        "dropout",
        "exchange",
    ]
    phases += ["nametrump", "orderup", "play", "scoring", "takeover", "trump", "weakhand"]
    batch += [f"batch/phases/{name}_compiled.py" for name in phases]
    batch += ["batch/seatstep_compiled.py", "batch/step_compiled.py", "batch/steppolicy_compiled.py"]
    batch += ["batch/view_compiled.py"]
    assert twins == [*batch, "bots/handeval_compiled.py", "solver/search_compiled.py"]
    for twin in twins:
        if twin in batch:  # the compiled batch engine's twin is the Python engine (tests/batch)
            continue
        assert (PACKAGE / twin.replace("_compiled.py", ".py")).exists()
    numba = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            if any(n.split(".")[0] == "numba" for n in names):
                numba.append(path.relative_to(PACKAGE).as_posix())
    assert "jitcache.py" in numba and set(numba) <= {*twins, "jitcache.py"}
    for twin in twins:  # each twin compiles by jitcache, which loads numba (or imports numba itself)
        source = (PACKAGE / twin).read_text(encoding="utf-8")
        decorated = any(f"jitcache.{how}" in source for how in ("jit(", "bare", "counted", "inline"))
        assert decorated and "numba.njit" not in source, twin


def test_the_package_and_tests_collect_without_numba() -> None:
    """numba hidden (as if not installed): collecting the doctests and the tests raises nothing."""
    code = "import sys; sys.modules['numba'] = None; import pytest; sys.exit(pytest.main(['--collect-only', '-q', *sys.argv[1:]]))"
    paths = [
        "core/hasenpfeffer",
        "tests/solver/test_kernel.py",
        "tests/bots/test_compiled_estimates.py",
        "tests/batch/test_twin.py",
        "tests/batch/test_vector.py",
        "tests/project/test_accel.py",
        "tests/project/test_jitcache.py",
        "tests/batch/test_freshcache.py",
    ]
    done = subprocess.run(
        [sys.executable, "-c", code, *paths], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "tests collected" in done.stdout.splitlines()[-1]


STUDIES = [
    ["simulate", "euchre"],
    ["compare", "euchre", "euchre"],
    ["sweep", "euchre", "--set", "game.target=5"],
]


@pytest.mark.parametrize("argv", STUDIES, ids=lambda argv: argv[0])
def test_a_setting_that_cannot_be_met_is_one_line_and_exit_2(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(accel.VARIABLE, "numba")
    assert main([*argv, "--games", "1", "--workers", "1"]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", "HASENPFEFFER_ENGINE must be auto, python or compiled, read 'numba'\n")
    monkeypatch.setenv(accel.VARIABLE, "compiled")
    monkeypatch.setattr(accel, "installed", lambda: False)
    assert main([*argv, "--games", "1", "--workers", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("the compiled twins asked for by HASENPFEFFER_ENGINE=compiled cannot run")


@pytest.mark.parametrize("argv", STUDIES, ids=lambda argv: argv[0])
def test_studies_say_which_build_runs_in_text_and_json(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv(accel.VARIABLE, "python")
    assert main([*argv, "--games", "2", "--workers", "1"]) == 0
    header = capsys.readouterr().out.splitlines()[:3]
    assert "accel: pure Python (HASENPFEFFER_ENGINE=python)" in header
    out = tmp_path / "out.json"
    json_flag = ["--json", str(out)] if argv[0] == "sweep" else ["--json"]
    assert main([*argv, "--games", "2", "--workers", "1", *json_flag]) == 0
    text = out.read_text() if argv[0] == "sweep" else capsys.readouterr().out
    build = json.loads(text)["accel"]
    assert set(build) == {"setting", "numba", "compiled", "loaded"}
    assert (build["setting"], build["compiled"]) == ("python", False)


def test_a_merge_keeps_the_build_its_shards_agree_on(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "euchre", "--games", "4", "--workers", "1", "--json", "--shard"]
    shards = []
    for shard in ("1/2", "2/2"):
        assert main([*argv, shard]) == 0
        shards.append(json.loads(capsys.readouterr().out))
    assert merge_reports(shards)["accel"] == shards[0]["accel"]
    shards[1]["accel"] = shards[1]["accel"] | {"setting": "other"}
    assert merge_reports(shards)["accel"] is None
