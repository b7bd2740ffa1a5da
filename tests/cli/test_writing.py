"""Every command that writes a file writes it one way (docs/outputs.md#writing-files).

It refuses a directory, a device, a FIFO or a socket at the target in one line and leaves it
as it was; it follows a link and replaces the file the link names, whole, keeping its
permission bits; a write that fails leaves the old file and no temporary file, and says where
and why.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import resource
import signal
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.cli.report import compareplot, sweepplot
from hasenpfeffer.output import Refused, WriteError, leftover, write_file

Capsys = pytest.CaptureFixture[str]
RUN = ["--games", "2", "--workers", "1", "--engine", "python", "--bots", "random"]
SWEEP = ["sweep", "euchre", "--set", "game.target=5", *RUN]


def small_picture(*args: object) -> Any:
    """A figure quick to draw (the pictures themselves: tests/sim/test_sweep.py, test_compare_plot.py)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(1, 1))
    ax.plot([0, 1])
    return fig


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """No compiled code (and no compiling), small pictures; a person's moves end at once."""
    monkeypatch.setenv("HASENPFEFFER_ENGINE", "python")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(compareplot, "draw", small_picture)
    monkeypatch.setattr(sweepplot, "draw", small_picture)


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The --json outputs of the two shards of a run, for ``merge``."""
    folder = tmp_path_factory.mktemp("shards")
    paths = []
    for i in (1, 2):
        out = io.StringIO()
        with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(out):
            patch.setenv("HASENPFEFFER_ENGINE", "python")
            assert main(["simulate", "euchre", *RUN, "--json", "--shard", f"{i}/2"]) == 0
        paths.append(folder / f"part-{i}.json")
        paths[-1].write_text(out.getvalue())
    return [str(p) for p in paths]


Command = Callable[[Path, list[str]], list[str]]
COMMANDS: dict[str, tuple[str, Command]] = {
    "play --save": (".yaml", lambda t, _: ["play", "euchre", "--seed", "1", "--save", str(t)]),
    "sweep --csv": (".csv", lambda t, _: [*SWEEP, "--csv", str(t)]),
    "sweep --json": (".json", lambda t, _: [*SWEEP, "--json", str(t)]),
    "sweep --plot": (".png", lambda t, _: [*SWEEP, "--plot", str(t)]),
    "compare --plot": (".png", lambda t, _: ["compare", "euchre", "euchre", *RUN, "--plot", str(t)]),
    "merge --output": (".json", lambda t, shards: ["merge", *shards, "--output", str(t)]),
    "schema --write": (".json", lambda t, _: ["schema", "--write", str(t)]),
}
NAMES = list(COMMANDS)


def argv(name: str, target: Path, shards: list[str]) -> list[str]:
    if "plot" in name:
        pytest.importorskip("matplotlib")
    return COMMANDS[name][1](target, shards)


def target_in(folder: Path, name: str) -> Path:
    return folder / f"out{COMMANDS[name][0]}"


def one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def kind(path: Path) -> int:
    return stat.S_IFMT(os.lstat(path).st_mode)


def too_long(signum: int, frame: object) -> None:
    raise TimeoutError("still writing into the FIFO")


@contextlib.contextmanager
def reader(fifo: Path) -> Iterator[int]:
    """A reader at the FIFO's other end, so that a writer opening it would not wait (nor one
    filling it wait for long)."""
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    previous = signal.signal(signal.SIGALRM, too_long)
    signal.alarm(30)
    try:
        yield fd
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        os.close(fd)


def make(path: Path, what: str) -> None:
    if what == "fifo":
        os.mkfifo(path)
    elif what == "directory":
        path.mkdir()
        (path / "kept").write_text("kept")
    elif what == "device":
        if os.geteuid() != 0:
            pytest.skip("making a device needs root")
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # /dev/null's numbers
    elif what == "link to a fifo":
        os.mkfifo(path.with_name("fifo"))
        path.symlink_to("fifo")


SAYS = {
    "fifo": "a FIFO",
    "directory": "a directory",
    "device": "a character device",
    "link to a fifo": "a FIFO",
}


@pytest.mark.parametrize("what", list(SAYS))
@pytest.mark.parametrize("name", NAMES)
def test_what_is_not_a_regular_file_is_refused(
    name: str, what: str, tmp_path: Path, capsys: Capsys, shards: list[str]
) -> None:
    target = target_in(tmp_path, name)
    make(target, what)
    before = sorted(tmp_path.iterdir())
    was = kind(target)
    fifo = target.with_name("fifo") if what == "link to a fifo" else target
    with reader(fifo) if "fifo" in what else contextlib.nullcontext(0) as fd:
        code = main(argv(name, target, shards))
        if fd:
            with contextlib.suppress(BlockingIOError):
                assert os.read(fd, 100) == b"", "written into the FIFO"
    line = one_line(capsys.readouterr().err)
    assert code == 1
    assert line == f"{target}: {SAYS[what]}, not a regular file: refused" or (
        what == "link to a fifo" and line == f"{target} -> {fifo}: a FIFO, not a regular file: refused"
    ), line
    assert sorted(tmp_path.iterdir()) == before and kind(target) == was
    if what == "directory":
        assert [p.name for p in target.iterdir()] == ["kept"]


@pytest.mark.parametrize("name", NAMES)
def test_a_link_is_followed_and_the_file_it_names_replaced(
    name: str, tmp_path: Path, capsys: Capsys, shards: list[str]
) -> None:
    real = tmp_path / "real" / f"file{COMMANDS[name][0]}"
    real.parent.mkdir()
    real.write_text("old")
    real.chmod(0o640)
    old = os.stat(real)
    link = target_in(tmp_path, name)
    link.symlink_to(real)
    assert main(argv(name, link, shards)) == 0, capsys.readouterr().err
    assert link.is_symlink() and link.readlink() == real
    now = os.stat(real)
    assert real.read_bytes() not in (b"", b"old")
    assert now.st_ino != old.st_ino, "written in place, not replaced whole"
    assert stat.S_IMODE(now.st_mode) == 0o640
    assert sorted(p.name for p in real.parent.iterdir()) == [real.name]
    # A dangling link creates the file it names, and stays a link.
    dangling = tmp_path / f"dangling{COMMANDS[name][0]}"
    dangling.symlink_to(tmp_path / "real" / "new")
    assert main(argv(name, dangling, shards)) == 0, capsys.readouterr().err
    assert dangling.is_symlink() and (tmp_path / "real" / "new").stat().st_size > 0


def no_space(fd: int) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("name", NAMES)
def test_a_failed_write_leaves_the_old_file_and_says_where_and_why(
    name: str, tmp_path: Path, capsys: Capsys, shards: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tmp_path / "real" / "file"
    real.parent.mkdir()
    real.write_text("old")
    link = target_in(tmp_path, name)
    link.symlink_to(real)
    monkeypatch.setattr(os, "fsync", no_space)
    code = main(argv(name, link, shards))
    line = one_line(capsys.readouterr().err)
    assert code == 1
    assert f"{real}: No space left on device" in line and "None" not in line, line
    assert real.read_text() == "old" and link.is_symlink()
    assert sorted(p.name for p in real.parent.iterdir()) == ["file"]


# ---------------------------------------------------------------------------- write_file itself


def test_a_new_file_has_the_usual_mode_and_an_old_one_keeps_its_own(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    mask = os.umask(0o022)
    try:
        write_file(path, "one")
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        path.chmod(0o600)
        write_file(path, b"two")
        assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_bytes() == b"two"
    finally:
        os.umask(mask)


def test_a_long_name_still_gets_a_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / ("x" * 250)
    write_file(path, "data")
    assert path.read_text() == "data" and os.listdir(tmp_path) == [path.name]


def test_a_folder_name_and_a_missing_folder_are_said_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(Refused, match="ends in /"):
        write_file(f"{tmp_path}/new/", "x")
    with pytest.raises(WriteError) as info:
        write_file(tmp_path / "no" / "such.txt", "x")
    assert str(info.value) == f"cannot write {tmp_path}/no/such.txt: No such file or directory"
    assert os.listdir(tmp_path) == []


def test_leftover_names_the_file_a_temporary_file_was_for() -> None:
    assert leftover(".game-000001.yaml.1f2e3d4c.tmp") == "game-000001.yaml"
    assert leftover("game-000001.yaml") is None and leftover(".x.tmp") is None


FULL = """
import resource, signal, sys
from hasenpfeffer.output import WriteError, write_file
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
try:
    write_file(sys.argv[1], "x" * 5000)
except WriteError as exc:
    print(exc)
"""


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="a file size limit")
def test_a_write_that_really_fails_leaves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_text("old")
    done = subprocess.run([sys.executable, "-c", FULL, str(path)], capture_output=True, text=True, check=True)
    assert done.stdout == f"cannot write {path}: File too large\n", done
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["big.txt"]


def test_a_stop_while_writing_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stop(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", stop)
    with pytest.raises(KeyboardInterrupt):
        write_file(tmp_path / "a.txt", "x")
    assert os.listdir(tmp_path) == []
