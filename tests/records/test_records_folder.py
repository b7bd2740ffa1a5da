"""``simulate --records DIR``: one run's records in a folder, as many as the games it counts."""

from __future__ import annotations

import errno
import io
import json
import os
import stat
import sys
from pathlib import Path

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.records import replay
from hasenpfeffer.sim import simulate as sim

Capsys = pytest.CaptureFixture[str]
SIMULATE = ["simulate", "euchre", "--workers", "1", "--engine", "python", "--bots", "random"]


@pytest.fixture(autouse=True)
def pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HASENPFEFFER_ENGINE", "python")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))


def run(capsys: Capsys, *args: str) -> tuple[int, str, str]:
    code = main([*SIMULATE, *args])
    out, err = capsys.readouterr()
    return code, out, err


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def games(n: int) -> list[str]:
    return [f"game-{i:06d}.yaml" for i in range(n)]


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_a_folder_that_holds_entries_is_refused(tmp_path: Path, capsys: Capsys) -> None:
    runs = tmp_path / "runs"
    assert run(capsys, "--games", "5", "--records", str(runs))[0] == 0
    before = {p.name: p.read_bytes() for p in runs.iterdir()}
    code, out, err = run(capsys, "--games", "2", "--seed", "7", "--records", str(runs))
    line = one_line(err)
    assert code == 1 and out == ""
    assert (
        line.startswith(f"--records {runs}: the folder holds 5 entries already")
        and "--records-overwrite" in line
    )
    assert {p.name: p.read_bytes() for p in runs.iterdir()} == before


def test_records_overwrite_replaces_an_earlier_runs_records(tmp_path: Path, capsys: Capsys) -> None:
    runs = tmp_path / "runs"
    assert run(capsys, "--games", "5", "--records", str(runs))[0] == 0
    first = (runs / "game-000000.yaml").read_text()
    code, out, _ = run(
        capsys, "--games", "2", "--seed", "7", "--records", str(runs), "--records-overwrite", "--json"
    )
    assert code == 0 and json.loads(out)["games"] == 2
    assert names(runs) == games(2) and (runs / "game-000000.yaml").read_text() != first
    assert replay(runs / "game-000001.yaml").seed == sim.game_seed(7, 1)
    code, out, _ = run(capsys, "--games", "3", "--records", str(runs), "--records-overwrite")
    assert code == 0 and "euchre: 3 games," in out and names(runs) == games(3)


def test_records_overwrite_leaves_a_folder_with_other_entries_alone(tmp_path: Path, capsys: Capsys) -> None:
    runs = tmp_path / "runs"
    assert run(capsys, "--games", "3", "--records", str(runs))[0] == 0
    (runs / "notes.txt").write_text("mine")
    (runs / "plots").mkdir()
    code, _, err = run(capsys, "--games", "2", "--records", str(runs), "--records-overwrite")
    line = one_line(err)
    assert code == 1 and "notes.txt" in line and "plots" in line, line
    assert names(runs) == [*games(3), "notes.txt", "plots"]


@pytest.mark.parametrize("what", ["file", "fifo", "device", "link to a file"])
def test_a_records_path_that_is_not_a_folder_is_refused(what: str, tmp_path: Path, capsys: Capsys) -> None:
    runs = tmp_path / "runs"
    if what == "file":
        runs.write_text("x")
    elif what == "fifo":
        os.mkfifo(runs)
    elif what == "device":
        if os.geteuid() != 0:
            pytest.skip("making a device needs root")
        os.mknod(runs, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    else:
        (tmp_path / "file").write_text("x")
        runs.symlink_to("file")
    was = os.lstat(runs)
    code, out, err = run(capsys, "--games", "2", "--records", str(runs))
    line = one_line(err)
    assert code == 1 and out == ""
    assert line.startswith(f"--records {runs}") and line.endswith("not a folder: refused"), line
    now = os.lstat(runs)
    assert (now.st_mode, now.st_ino) == (was.st_mode, was.st_ino)
    assert sorted(p.name for p in tmp_path.iterdir()) == (["file", "runs"] if "link" in what else ["runs"])


def test_a_link_to_a_folder_is_followed(tmp_path: Path, capsys: Capsys) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "runs").symlink_to("real")
    assert run(capsys, "--games", "2", "--records", str(tmp_path / "runs"))[0] == 0
    assert (tmp_path / "runs").is_symlink() and names(tmp_path / "real") == games(2)
    code, _, err = run(capsys, "--games", "3", "--records", str(tmp_path / "runs"))
    assert code == 1 and "the folder holds 2 entries already" in one_line(err)
    assert names(tmp_path / "real") == games(2)


def test_a_stopped_run_keeps_the_records_of_the_games_it_counted(
    tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = tmp_path / "runs"
    write = sim.write_record
    written: list[Path] = []

    def write_then_stop(game: object, path: Path) -> None:
        write(game, path)  # type: ignore[arg-type]
        written.append(path)
        if len(written) == 3:
            raise KeyboardInterrupt  # after the record, before the game is counted

    monkeypatch.setattr(sim, "write_record", write_then_stop)
    code, _, err = run(capsys, "--games", "10", "--records", str(runs))
    assert code == 130
    assert err == f"interrupted: 2 of 10 games completed; their records are in {runs}\n"
    assert names(runs) == games(2)


def test_a_record_that_cannot_be_written_ends_the_run_in_one_line(
    tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    runs = tmp_path / "runs"
    monkeypatch.setattr(os, "fsync", no_space)
    code, out, err = run(capsys, "--games", "3", "--records", str(runs))
    line = one_line(err)
    assert code == 1 and out == ""
    assert line.startswith(f"cannot write {runs}/game-000000.yaml: No space left on device"), line
    assert names(runs) == []
