"""Dask: the same figures as the local run for the same seed; Ctrl-C cancels the tasks and exits 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hasenpfeffer.cli import main
from hasenpfeffer.format.loader import load_variant
from hasenpfeffer.sim.cluster import ClusterError, client_for, threads
from hasenpfeffer.sim.runset import play_set
from hasenpfeffer.sim.simulate import Interrupted, simulate

distributed = pytest.importorskip("distributed")

EUCHRE = load_variant("euchre")
BOTS = ["greedy", "random"] * 2
MAIN = "import sys; from hasenpfeffer.cli import main; sys.exit(main())"


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    )
    with cluster, distributed.Client(cluster) as c:
        yield c


def test_a_cluster_gives_the_figures_of_a_local_run(client: distributed.Client) -> None:
    assert threads(client) == 2
    seen: list[int] = []
    on_dask = simulate(EUCHRE, 30, BOTS, seed=7, cluster=client, progress=lambda g, h: seen.append(g))
    local = simulate(EUCHRE, 30, BOTS, seed=7, workers=2)
    assert on_dask.raw() == local.raw() and on_dask.summary() == local.summary()
    assert sum(seen) == 30 and len(seen) > 2  # streamed chunk by chunk


def test_the_compiled_engine_on_a_cluster_gives_the_figures_of_a_local_run(
    client: distributed.Client,
) -> None:
    """Greedy and random seats played by the compiled engine: on Dask, locally and in shards."""
    pytest.importorskip("numba", exc_type=ImportError)
    pepper = load_variant("hasenpfeffer-pepper")
    on_dask = simulate(pepper, 40, BOTS, seed=3, cluster=client, engine="compiled")
    local = simulate(pepper, 40, BOTS, seed=3, workers=2, engine="compiled")
    shards = [simulate(pepper, 40, BOTS, seed=3, workers=1, engine="compiled", shard=(i, 2)) for i in (1, 2)]
    shards[0].merge(shards[1])
    assert on_dask.raw() == local.raw() == shards[0].raw() and local.games == 40
    pair = play_set([EUCHRE, load_variant("railroad-euchre")], 20, ["random"] * 4, seed=2, engine="compiled")
    assert pair.stats[1].games == 20
    assert (
        play_set(
            [EUCHRE, load_variant("railroad-euchre")],
            20,
            ["random"] * 4,
            seed=2,
            cluster=client,
            engine="compiled",
        )
        .stats[1]
        .raw()
        == pair.stats[1].raw()
    )


def test_paired_runs_and_shards_on_a_cluster(client: distributed.Client) -> None:
    pepper = load_variant("hasenpfeffer-pepper")
    variants = [load_variant("hasenpfeffer"), pepper]
    on_dask = play_set(variants, 8, BOTS, seed=1, cluster=client, shard=(2, 2))
    local = play_set(variants, 8, BOTS, seed=1, workers=1, shard=(2, 2))
    assert on_dask.raw() == local.raw() and on_dask.seeds == 4


def test_stopping_cancels_the_tasks(client: distributed.Client) -> None:
    def stop(games: int, hands: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(Interrupted) as info:
        simulate(EUCHRE, 2000, BOTS, seed=1, cluster=client, progress=stop)
    assert isinstance(info.value, KeyboardInterrupt) and 1 <= info.value.stats.games < 2000
    deadline = time.monotonic() + 10
    while client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.1)
    assert client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) == 0


def test_a_bot_module_missing_on_the_workers_is_one_line(client: distributed.Client) -> None:
    with pytest.raises(ClusterError, match="a Dask worker cannot load a bot: bot 'nowhere:Bot'") as info:
        simulate(EUCHRE, 4, ["nowhere:Bot", "greedy"] * 2, seed=1, cluster=client)
    assert "importable on every worker" in str(info.value) and "\n" not in str(info.value)


ONLY_HERE = """
import threading

from hasenpfeffer.bots.simple import RandomBot


class Here(RandomBot):
    def __init__(self, seed=None):
        if threading.current_thread() is not threading.main_thread():  # as on a worker without it
            raise ImportError("No module named 'herebots'", name="herebots")
        super().__init__(seed)
"""


def test_the_command_reports_a_bot_the_workers_lack_in_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "herebots.py").write_text(ONLY_HERE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    args = ["simulate", "euchre", "--bots", "herebots:Here,greedy", "--games", "4"]
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, protocol="tcp", dashboard_address=":0"
    )
    with cluster:
        assert main([*args, "--dask", cluster.scheduler_address]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a Dask worker cannot load a bot" in err and "Traceback" not in err


def test_a_client_given_is_left_open(client: distributed.Client) -> None:
    with client_for(client) as same:
        assert same is client
    assert client.status == "running"


def test_bad_addresses(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["simulate", "euchre", "--dask", "local:0"]) == 2
    assert main(["simulate", "euchre", "--dask", "not an address"]) == 2
    assert main(["simulate", "euchre", "--dask", "tcp://127.0.0.1:9", "--records", "runs"]) == 2
    assert "workers' machines" in capsys.readouterr().err
    monkeypatch.setattr("hasenpfeffer.sim.cluster.CONNECT_TIMEOUT", "0.5s")
    assert main(["compare", "euchre", "euchre", "--games", "1", "--dask", "tcp://127.0.0.1:9"]) == 1
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals of Linux")
def test_ctrl_c_on_a_local_cluster_exits_130() -> None:
    args = ["sweep", "euchre", "--set", "game.target=5,7", "--games", "100000", "--dask", "local:1"]
    proc = subprocess.Popen(
        [sys.executable, "-c", MAIN, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(6)
    assert proc.poll() is None
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: the whole group
    try:
        _, err = proc.communicate(timeout=60)  # a bound on a hang: a busy machine shuts a cluster down slowly
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert b"interrupted:" in err and b"Traceback" not in err, err.decode()[-2000:]
    time.sleep(0.5)
    assert group(proc.pid) == []  # no worker process outlives the command


def group(pgid: int) -> list[int]:
    """Live processes of a process group."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            text = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split() if text else []
        if fields and int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry.name))
    return found
