"""What a command needs beyond the package: each missing extra and bot module is one line, never a traceback.

An extra is hidden by putting None in ``sys.modules`` (an import of it then fails as if it
were not installed); a bot module is looked for in the current folder as ``python -m`` does.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.sim.cluster import ClusterError
from hasenpfeffer.sim.simulate import simulate
from support.botmodules import module_here
from support.paths import ROOT

Capsys = pytest.CaptureFixture[str]
RUNS = {
    "simulate": ["simulate", "euchre"],
    "compare": ["compare", "euchre", "euchre"],
    "sweep": ["sweep", "euchre", "--set", "game.target=5"],
}


def one_line(capsys: Capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("command", sorted(RUNS))
@pytest.mark.parametrize("address", ["local:2", "tcp://127.0.0.1:8786"])
def test_dask_without_its_extra(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, command: str, address: str
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main([*RUNS[command], "--games", "2", "--dask", address]) == 2
    assert "--dask needs the dask extra (distributed): pip install '.[dask]'" in one_line(capsys)


def test_dask_without_its_extra_from_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ClusterError, match=r"pip install '\.\[dask\]' in a clone"):
        simulate(load_variant("euchre"), 2, ["greedy"] * 4, cluster="local:2")


@pytest.mark.parametrize("command", ["compare", "sweep"])
def test_plot_without_its_extra(capsys: Capsys, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main([*RUNS[command], "--games", "2", "--plot", "x.png"]) == 2
    assert "--plot needs the plot extra (matplotlib): pip install '.[plot]'" in one_line(capsys)


def test_no_command_needs_the_rl_or_fast_extras() -> None:
    """Without numpy, numba and the learning libraries, the commands that touch them still run."""
    hidden = ["numpy", "numba", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "matplotlib"]
    script = textwrap.dedent(
        f"""
        import sys
        sys.modules.update(dict.fromkeys({hidden!r}))
        from hasenpfeffer.cli import main
        codes = [
            main(["rl", "describe", "euchre"]),
            main(["simulate", "euchre", "--bots", "pimc:worlds=2,greedy", "--games", "1", "--workers", "1"]),
            main(["analyze", {str(ROOT / "docs" / "records" / "first-trick.yaml")!r}]),
        ]
        print(codes, file=sys.stderr)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stderr.strip() == "[0, 0, 0]", done.stderr[-2000:]


MYBOTS = """
import random


class Mine:
    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        return self.rng.choice(list(legal))
"""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A current folder holding ``mybots.py``; the import path restored afterwards."""
    return module_here(tmp_path, "mybots", MYBOTS, monkeypatch)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_bot_module_in_the_current_folder_is_found(capsys: Capsys, here: Path, workers: str) -> None:
    argv = ["simulate", "euchre", "--bots", "mybots:Mine,greedy", "--games", "2", "--workers", workers]
    assert main([*argv, "--json"]) == 0, capsys.readouterr().err
    assert '"bots": ["mybots:Mine", "greedy", "mybots:Mine", "greedy"]' in capsys.readouterr().out
    assert sys.path[-1] == str(here)  # after the installed packages: a file here hides none of them


def test_a_bot_module_found_nowhere_says_where_it_was_looked_for(capsys: Capsys, here: Path) -> None:
    assert main(["simulate", "euchre", "--bots", "theirbots:Theirs", "--games", "1"]) == 2
    line = one_line(capsys)
    assert "no module 'theirbots' in the current folder" in line and "PYTHONPATH" in line
    assert main(["play", "euchre", "--bots", "theirbots:Theirs"]) == 2
    assert "no module 'theirbots'" in one_line(capsys)
