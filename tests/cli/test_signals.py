"""Ctrl-C and SIGTERM stop simulate, compare and play at once, workers and all; records still replay."""

from __future__ import annotations

import inspect
import io
import multiprocessing
import operator
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from hasenpfeffer import cli
from hasenpfeffer.cli.commands import play
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.records import replay
from hasenpfeffer.sim.interrupt import Terminated, exit_code
from hasenpfeffer.sim.simulate import Interrupted, simulate
from hasenpfeffer.sim.workers import WorkerError, Workers

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals and /proc of Linux")

LIMIT = 5.0
"""Seconds allowed to stop (2 are asked for; the rest is slack for a loaded machine)."""

MAIN = "import sys; from hasenpfeffer.cli import main; sys.exit(main())"


def default_sigint() -> None:
    """Ctrl-C as usual in the child, even if these tests run with it ignored (in the background)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def launch(*args: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.Popen[bytes]:
    """``hasenpfeffer ARGS`` in a session (and process group) of its own."""
    return subprocess.Popen(
        [sys.executable, "-c", MAIN, *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=default_sigint,
    )


def stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first), or None when gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def children(parent: int) -> dict[int, str]:
    """The live child processes of ``parent``, with their start times."""
    found = {}
    for entry in Path("/proc").iterdir():
        fields = stat(int(entry.name)) if entry.name.isdigit() else None
        if fields is not None and int(fields[1]) == parent and fields[0] != "Z":
            found[int(entry.name)] = fields[19]
    return found


def alive(processes: dict[int, str]) -> list[int]:
    """Those of ``processes`` still running (same start time, not a zombie)."""
    out = []
    for pid, start in processes.items():
        fields = stat(pid)
        if fields is not None and fields[19] == start and fields[0] != "Z":
            out.append(pid)
    return out


def wait_for(condition: Callable[[], bool], proc: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 60
    while not condition():
        assert proc.poll() is None, f"exited early waiting for {what}: {proc.communicate()}"
        assert time.monotonic() < deadline, f"no {what} after 60 s"
        time.sleep(0.05)


def workers_of(proc: subprocess.Popen[bytes], count: int = 2) -> dict[int, str]:
    """The children of ``proc`` once its ``count`` workers have started."""

    def started() -> bool:
        kids = children(proc.pid)
        cmdlines = [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in kids if stat(pid)]
        return sum(b"spawn_main" in c for c in cmdlines) >= count

    wait_for(started, proc, "workers")
    return children(proc.pid)


def stop(proc: subprocess.Popen[bytes], signum: int, group: bool, label: str) -> tuple[float, str]:
    """Send ``signum`` (to the whole process group, as a terminal does, if ``group``); time the exit."""
    start = time.monotonic()
    (os.killpg if group else os.kill)(proc.pid, signum)
    try:
        _, err = proc.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"{label}: still running {LIMIT} s after {signal.Signals(signum).name}")
    elapsed = time.monotonic() - start
    print(f"{label}: {signal.Signals(signum).name} to the {'group' if group else 'process'}: {elapsed:.2f} s")
    return elapsed, err.decode()


def all_gone(processes: dict[int, str]) -> None:
    deadline = time.monotonic() + LIMIT
    while alive(processes) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(processes), "processes outlived their parent"


def records_replay(folder: Path) -> int:
    """The number of records in ``folder``, after checking that each replays and nothing else is there."""
    files = sorted(folder.glob("game-*.yaml"))
    assert sorted(folder.iterdir()) == files, "left-over temporary files"
    for f in files:
        replay(f)
    assert cli.main(["replay", str(files[-1])]) == 0
    return len(files)


# ---------------------------------------------------------------------------- simulate, compare

CASES = [
    pytest.param(signal.SIGINT, True, 2, id="ctrl-c"),
    pytest.param(signal.SIGINT, False, 2, id="sigint"),
    pytest.param(signal.SIGTERM, False, 2, id="sigterm"),
    pytest.param(signal.SIGTERM, True, 2, id="sigterm-group"),
    pytest.param(signal.SIGINT, True, 1, id="ctrl-c-one-worker"),
]


@pytest.mark.parametrize(("signum", "group", "workers"), CASES)
def test_simulate_stops_at_once(tmp_path: Path, signum: int, group: bool, workers: int) -> None:
    runs = tmp_path / "runs"
    args = ("--games", "100000", "--workers", str(workers), "--records", str(runs))
    proc = launch("simulate", "hasenpfeffer", *args)
    kids = workers_of(proc, workers) if workers > 1 else {}
    wait_for(lambda: len(list(runs.glob("game-*.yaml"))) >= 3, proc, "records")
    elapsed, err = stop(proc, signum, group, f"simulate on {workers} worker(s)")
    assert proc.returncode == 128 + signum and elapsed < LIMIT
    line = re.fullmatch(
        rf"interrupted: ([\d,]+) of 100,000 games completed; their records are in {re.escape(str(runs))}\n",
        err,
    )
    assert line, err
    all_gone(kids)
    # Every completed game has its record, and no other game: a record written for a game that
    # was not counted (a worker stopped between the two) is removed.
    assert records_replay(runs) == int(line[1].replace(",", ""))


@pytest.mark.parametrize(
    ("signum", "group"),
    [pytest.param(signal.SIGINT, True, id="ctrl-c"), pytest.param(signal.SIGTERM, False, id="sigterm")],
)
def test_compare_stops_at_once(signum: int, group: bool) -> None:
    proc = launch("compare", "hasenpfeffer", "hasenpfeffer-pepper", "--games", "100000", "--workers", "2")
    kids = workers_of(proc)
    time.sleep(0.3)
    elapsed, err = stop(proc, signum, group, "compare")
    assert proc.returncode == 128 + signum and elapsed < LIMIT
    assert re.fullmatch(r"interrupted: [\d,]+ of 200,000 games completed\n", err), err
    all_gone(kids)


def test_workers_die_with_a_killed_parent(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    proc = launch("simulate", "hasenpfeffer", "--games", "100000", "--workers", "2", "--records", str(runs))
    kids = workers_of(proc)
    wait_for(lambda: len(list(runs.glob("game-*.yaml"))) >= 3, proc, "records")
    start = time.monotonic()
    proc.kill()
    proc.communicate()
    all_gone(kids)
    print(f"workers gone {time.monotonic() - start:.2f} s after SIGKILL to their parent")
    records_replay(runs)


# ---------------------------------------------------------------------------- the workers


def test_workers_send_every_result_and_pass_on_failures() -> None:
    with Workers(divmod, 7, 2) as pool:
        assert sorted(pool.map([2, 3, 7])) == [0, 1, 1, 1, 2, 3]
    with pytest.raises(ZeroDivisionError) as info, Workers(divmod, 7, 2) as pool:
        list(pool.map([2, 0]))
    assert "in a worker process" in "".join(info.value.__notes__)
    with pytest.raises(WorkerError, match="exit code 3"), Workers(operator.call, os._exit, 1) as pool:
        list(pool.map([3]))


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("stop_with", [KeyboardInterrupt, Terminated])
def test_simulate_raises_what_it_completed(workers: int, stop_with: type[BaseException]) -> None:
    done = 0

    def progress(games: int, hands: int) -> None:
        nonlocal done
        done += games
        if done == 3:
            raise stop_with

    with pytest.raises(stop_with) as info:
        simulate(load_variant("hasenpfeffer"), 1000, ["greedy"] * 4, workers=workers, progress=progress)
    assert isinstance(info.value, Interrupted) and info.value.games == 1000
    # One worker stops within a game of the third; more run ahead of the progress reported, and
    # the games they finished before the stop are kept too (on a busy machine, many of them).
    most = 3 + workers if workers == 1 else 999
    assert 3 <= info.value.stats.games <= most and exit_code(info.value) == exit_code(stop_with())
    assert multiprocessing.active_children() == []


# ---------------------------------------------------------------------------- play


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["sigint", "sigterm"])
def test_play_saves_and_stops_on_a_signal(tmp_path: Path, signum: int) -> None:
    saved = tmp_path / "game.yaml"
    proc = launch("play", "--seed", "3", "--save", str(saved), stdin=subprocess.PIPE)
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + 60
    while b"Your move" not in seen:
        assert time.monotonic() < deadline and proc.poll() is None, seen
        if select.select([proc.stdout], [], [], 0.1)[0]:
            seen += os.read(proc.stdout.fileno(), 65536)
    elapsed, _ = stop(proc, signum, False, "play")
    assert proc.returncode == 128 + signum and elapsed < LIMIT
    assert not replay(saved).is_over


class Answers:
    """Answers prompts in turn; an exception in the list is raised instead."""

    def __init__(self, *answers: str | BaseException) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer


def play_with(*answers: str | BaseException, save: Path | None = None) -> tuple[int, Answers, str]:
    argv = ["play", "--seed", "3"] + ([] if save is None else ["--save", str(save)])
    args = cli.build_parser("play").parse_args(argv)
    out = io.StringIO()
    ask = Answers(*answers)
    code = play.run(args, Console(file=out, width=100), ask)
    return code, ask, out.getvalue()


def test_play_ctrl_c_offers_to_save_then_exits_130(tmp_path: Path) -> None:
    code, ask, out = play_with(KeyboardInterrupt(), "n")
    assert code == 130 and ask.prompts[-1].startswith("Save the game record") and "Not saved." in out
    path = tmp_path / "g.yaml"
    code, _, out = play_with(KeyboardInterrupt(), "y", str(path))
    assert code == 130 and f"Game record saved to {path}" in out and not replay(path).is_over


def test_play_ctrl_c_at_the_save_prompt_exits_130() -> None:
    code, ask, out = play_with(KeyboardInterrupt(), KeyboardInterrupt())
    assert code == 130 and len(ask.prompts) == 2 and "Not saved." in out
    # After typing quit too; quit answered "n" stays 0.
    assert play_with("quit", KeyboardInterrupt())[0] == 130
    assert play_with("quit", "n")[0] == 0


def test_play_sigterm_saves_to_save_and_exits_143(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    code, ask, out = play_with(Terminated(), save=path)
    assert code == 143 and len(ask.prompts) == 1 and not replay(path).is_over
    assert "Terminated." in out and f"Game record saved to {path}" in out
    code, ask, _ = play_with(Terminated())
    assert code == 143 and len(ask.prompts) == 1


def test_cli_play_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    class CtrlC(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", CtrlC())
    assert cli.main(["play", "--seed", "3"]) == 130


def test_a_worker_stopped_inside_an_llvm_callback_leaves_once_it_has_returned() -> None:
    """SIGTERM that lands in Python code called back from LLVM (numba loading machine code from
    its cache) is not raised there, where ctypes would print and drop it: the worker leaves by
    SystemExit once the callback has returned."""
    from hasenpfeffer.sim import workers

    old = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGALRM)
    try:
        callback = compile("def callback(leave, f): leave(15, f())", "/x/llvmlite/binding/fake.py", "exec")
        space: dict[str, object] = {}
        exec(callback, space)
        space["callback"](workers.leave_on_signal, inspect.currentframe)  # type: ignore[operator]
        # not raised inside the callback: a retry is armed instead
        assert signal.getitimer(signal.ITIMER_REAL)[0] > 0
        signal.setitimer(signal.ITIMER_REAL, 0)
        with pytest.raises(SystemExit) as left:  # the retry, out of the callback, leaves
            signal.getsignal(signal.SIGALRM)(signal.SIGALRM, inspect.currentframe())  # type: ignore[operator]
        assert left.value.code == 128 + 15
        with pytest.raises(SystemExit):  # and a SIGTERM in plain Python leaves at once
            workers.leave_on_signal(signal.SIGTERM, inspect.currentframe())
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGTERM, old[0])
        signal.signal(signal.SIGALRM, old[1])
