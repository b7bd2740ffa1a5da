"""A load run on the loopback address: games played at once through the API, studies beside
them, for a bounded time; every error counted, the memory of the process read before and
after, and every game's record replayed. Used by the load test and ``benchmarks/web.py``."""

from __future__ import annotations

import random
import resource
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

import httpx

from ..records.record import replay


class Load(NamedTuple):
    """What a load run did: moves answered, errors, games finished and replayed, the
    process's memory in MiB after warming up and at the end, the slowest answer in ms."""

    moves: int
    errors: list[str]
    games: int
    replayed: int
    studies: int
    memory: tuple[float, float]
    slowest_ms: float


def rss_mib() -> float:
    """The resident memory of this process now (MiB), from /proc where it is there."""
    try:
        with open("/proc/self/statm") as fh:
            pages = int(fh.read().split()[1])
        return pages * resource.getpagesize() / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_load(url: str, folder: Path, games: int = 20, studies: int = 2, seconds: float = 60.0) -> Load:
    """``games`` players and ``studies`` compare runs against the server at ``url`` (with its
    token) for ``seconds``; each player starts a new game when one ends."""
    base, token = url.split("/?token=")
    errors: list[str] = []
    counts = {"moves": 0, "games": 0, "studies": 0}
    slowest = [0.0]
    saved: list[str] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def call(client: httpx.Client, method: str, path: str, body: Any = None) -> Any:
        start = time.perf_counter()
        r = client.request(method, base + path, json=body, params={"token": token})
        took = 1000 * (time.perf_counter() - start)
        with lock:
            slowest[0] = max(slowest[0], took)
        if r.status_code != 200:
            raise RuntimeError(f"{method} {path}: {r.status_code} {r.text[:200]}")
        return r.json()

    def player(n: int) -> None:
        rng = random.Random(n)
        with httpx.Client(timeout=60) as client:
            try:
                while time.monotonic() < stop:
                    body = {"variant": "euchre", "seed": n * 1000 + rng.randrange(1000), "bots": "random"}
                    state = call(client, "POST", "/api/games", body)
                    key = state["id"]
                    while not state["over"] and time.monotonic() < stop:
                        if state["your_turn"]:
                            action = rng.choice(state["choices"])["action"]
                            state = call(client, "POST", f"/api/games/{key}/move", {"action": action})
                        else:
                            state = call(client, "POST", f"/api/games/{key}/step")
                        with lock:
                            counts["moves"] += 1
                    name = call(client, "POST", f"/api/games/{key}/save")["saved"]
                    with lock:
                        counts["games"] += state["over"]
                        saved.append(name)
            except Exception as exc:
                with lock:
                    errors.append(f"player {n}: {exc}")

    def student(n: int) -> None:
        with httpx.Client(timeout=60) as client:
            try:
                while time.monotonic() < stop:
                    body: dict[str, Any] = {
                        "kind": "compare",
                        "a": "euchre",
                        "b_text": "extends: euchre\nname: short\ngame:\n  target: 5\n",
                    }
                    body |= {"games": 400, "bots": "random", "seed": n, "engine": "python"}
                    key = call(client, "POST", "/api/studies", body)["id"]
                    while (status := call(client, "GET", f"/api/studies/{key}"))["state"] == "running":
                        if time.monotonic() >= stop:
                            call(client, "POST", f"/api/studies/{key}/cancel")
                        time.sleep(0.2)
                    if status["state"] == "failed":
                        raise RuntimeError(status["error"])
                    with lock:
                        counts["studies"] += status["state"] == "done"
            except Exception as exc:
                with lock:
                    errors.append(f"study {n}: {exc}")

    threads = [threading.Thread(target=player, args=(n,)) for n in range(games)]
    threads += [threading.Thread(target=student, args=(n,)) for n in range(studies)]
    for t in threads:
        t.start()
    time.sleep(min(2.0, seconds / 4))
    warm = rss_mib()
    for t in threads:
        t.join()
    end = rss_mib()
    replayed = 0
    for name in dict.fromkeys(saved):
        try:
            replay(folder / name)
            replayed += 1
        except Exception as exc:
            errors.append(f"{name} does not replay: {exc}")
    return Load(
        counts["moves"], errors, counts["games"], replayed, counts["studies"], (warm, end), slowest[0]
    )
