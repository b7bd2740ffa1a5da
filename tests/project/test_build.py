"""A short run on a machine whose compile cache is cold plays in Python (the same games) while
the batch kernel compiles in the background for the next run (``hasenpfeffer.batch.build``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hasenpfeffer.batch import build
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.sim import engines
from hasenpfeffer.sim.engines import BUILDING, choose

pytest.importorskip("numba")

EUCHRE = [load_variant("euchre")]
KEYS = ("wins", "hands", "raw", "figures")
"""What the games make of a report: the same from either engine."""


def test_the_background_setting_is_read_and_checked() -> None:
    assert build.background({}) and build.background({build.VARIABLE: "Background"})
    assert not build.background({build.VARIABLE: "foreground"})
    with pytest.raises(ValueError, match="must be background or foreground, read 'later'"):
        build.background({build.VARIABLE: "later"})


def test_a_build_is_of_its_sources_and_kinds(tmp_path: Path) -> None:
    build.mark(tmp_path, "bulk", "d1")
    build.mark(tmp_path, "record", "d1")
    assert build.built(tmp_path, "bulk", "d1") and build.built(tmp_path, "record", "d1")
    build.mark(tmp_path, "bulk", "d2")  # new sources: the old kinds no longer count
    assert build.built(tmp_path, "bulk", "d2") and not build.built(tmp_path, "record", "d2")
    (tmp_path / build.BUILT).write_bytes(b"\xff\xfe garbled")
    assert not build.built(tmp_path, "bulk", "d2")


def test_a_run_of_random_seats_leaves_greedy_seats_unbuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """numba compiles the kernel apart for a greedy seat: a random run's compile is not its."""
    monkeypatch.setattr(build, "cache_folder", lambda: tmp_path)
    monkeypatch.setattr(build, "sources", lambda: "d1")
    build.note(False, ["random"] * 4)
    assert build.ready(False, ["random"] * 4) and not build.ready(False, ["greedy", "random"] * 2)
    assert not build.ready(True, ["random"] * 4)
    build.note(False, ["greedy", "random"] * 2)
    assert build.ready(False, ["greedy"] * 4)
    assert (tmp_path / build.BUILT).read_text().split() == ["d1", "bulk", "bulk-greedy"]


@pytest.mark.parametrize(
    ("ready", "setting", "games", "workers", "asked", "expected"),
    [
        (False, "background", 1000, 2, "auto", "python"),  # 50 s of Python beats a compile
        (False, "background", 100_000, 2, "auto", "compiled"),  # a long run waits for it
        (False, "background", 1300, 2, "auto", "compiled"),  # 65 s: over the line
        (False, "background", None, 1, "auto", "compiled"),  # the run's length unknown
        (True, "background", 10, 1, "auto", "compiled"),  # built: nothing to wait for
        (False, "foreground", 10, 1, "auto", "compiled"),
        (False, "background", 10, 1, "compiled", "compiled"),  # asked for by name
        (False, "background", 10, 1, "python", "python"),
    ],
)
def test_auto_plays_a_short_run_in_python_while_the_kernel_is_cold(
    monkeypatch: pytest.MonkeyPatch,
    ready: bool,
    setting: str,
    games: int | None,
    workers: int,
    asked: str,
    expected: str,
) -> None:
    monkeypatch.setattr(build, "ready", lambda record, bots=(): ready)
    monkeypatch.setattr(engines.accel, "enabled", lambda: True)
    monkeypatch.setattr(engines.accel, "cached", lambda: True)
    monkeypatch.setenv(build.VARIABLE, setting)
    monkeypatch.delenv("HASENPFEFFER_ENGINE", raising=False)
    engine = choose(EUCHRE, ["random"] * 4, asked, games=games, workers=workers)
    assert engine.name == expected
    assert (engine.reason == BUILDING) == (expected == "python" and asked == "auto")


def _env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("HASENPFEFFER_ENGINE",)}
    env.update(NUMBA_CACHE_DIR=str(cache), HASENPFEFFER_BUILD="background")
    return env


def _simulate(env: dict[str, str], *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "hasenpfeffer", "simulate", "euchre", "--games", "40", "--seed", "5"]
    command += ["--bots", "greedy,random,greedy,random", "--workers", "1", "--json", *extra]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=600, check=True)


def _builder(folder: Path) -> int | None:
    """The pid of the background build running on ``folder`` (None: none)."""
    for _ in range(200):
        log = folder / build.LOG
        if log.exists() and "building (pid " in log.read_text():
            return int(log.read_text().rsplit("building (pid ", 1)[1].split(")")[0])
        time.sleep(0.05)
    return None


def _folder(env: dict[str, str]) -> Path:
    code = "from hasenpfeffer.batch import build; print(build.cache_folder())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return Path(out.stdout.strip())


def test_a_cold_run_plays_the_same_games_in_python_and_starts_one_build(tmp_path: Path) -> None:
    env = _env(tmp_path / "cache")
    first = _simulate(env)
    report = json.loads(first.stdout)
    assert report["engine"] == f"python ({BUILDING})"
    assert not report["accel"]["compiled"]  # greedy's compiled estimates wait for the build too
    assert build.STARTED in first.stderr
    folder = _folder(env)
    pid = _builder(folder)
    assert pid is not None
    try:
        second = _simulate(env)  # still cold, the build running: Python again, no second build
        assert json.loads(second.stdout)["engine"] == report["engine"]
        assert build.STARTED not in second.stderr
        plain = _simulate({**env, "HASENPFEFFER_BUILD": "foreground"}, "--engine", "python")
        for key in KEYS:
            assert json.loads(plain.stdout)[key] == report[key]
    finally:
        os.killpg(pid, signal.SIGKILL)  # stopped midway: no build is noted
    for _ in range(100):
        if not build.building() or not _still(pid):
            break
        time.sleep(0.05)
    assert not (folder / build.BUILT).exists()
    assert list(folder.glob("*.tmp*")) == []


def _still(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif("not config.getoption('--long') and not os.environ.get('HASENPFEFFER_LONG')")
def test_the_background_build_makes_the_next_run_compiled(tmp_path: Path) -> None:
    env = _env(tmp_path / "cache")
    cold = json.loads(_simulate(env).stdout)
    folder = _folder(env)
    pid = _builder(folder)
    assert pid is not None
    for _ in range(6000):  # a cold compile: a few minutes at most
        if not _still(pid):
            break
        time.sleep(0.1)
    assert build.built(folder, "bulk", (folder / "kernels.digest").read_text())
    warm = json.loads(_simulate(env).stdout)
    assert warm["engine"] == engines.COMPILED
    assert {k: warm[k] for k in KEYS} == {k: cold[k] for k in KEYS}


def test_the_build_s_session_takes_the_lowest_share_of_the_processors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = tmp_path / "autogroup"
    group.write_text("/autogroup-7 nice 0\n")
    monkeypatch.setattr(build, "AUTOGROUP", group)
    build.low_group()
    assert group.read_text() == "19"
    monkeypatch.setattr(build, "AUTOGROUP", tmp_path / "missing" / "autogroup")
    build.low_group()  # a system without session groups: nothing to lower, no error


def test_a_run_with_a_learned_bot_has_the_build_compile_its_kind_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The background build a short learned run starts builds that run's kind after the usual
    ones, with an untrained policy standing in (the kernel is the same whatever the weights)."""
    pytest.importorskip("safetensors")
    started: list[list[str]] = []
    monkeypatch.setattr(build, "cache_folder", lambda: tmp_path)
    monkeypatch.setattr(build.subprocess, "Popen", lambda argv, **_: started.append(argv))
    assert build.start(["bulk-learned", "bulk", "nonsense"])
    assert started[0][-2:] == ["hasenpfeffer.batch.build", "bulk-learned"]
    warmed: list[tuple[list[str], bool, bool]] = []

    def warm(variant: object, bots: list[str], record: bool) -> bool:
        warmed.append((bots, record, Path(bots[0].removeprefix("learned:")).is_file()))
        return False

    monkeypatch.setattr("hasenpfeffer.batch.run.warm", warm)
    monkeypatch.setattr(build, "sources", lambda: "d1")
    monkeypatch.setattr(build, "low_group", lambda: None)
    monkeypatch.setattr(build.os, "nice", lambda _: 0)  # this process keeps its priority
    assert build.main(["record-greedy-learned"]) == 0
    assert len(warmed) == 5 and warmed[-1][1] and warmed[-1][2]  # the policy was there to load
    assert warmed[-1][0][1] == "greedy" and warmed[-1][0][0].startswith("learned:")
    assert build.ready(True, ["learned:mine.policy", "greedy", "random", "random"])
    assert not build.ready(False, ["learned:mine.policy", "random", "random", "random"])
