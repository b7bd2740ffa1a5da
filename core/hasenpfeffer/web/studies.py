"""``simulate`` and ``compare`` run from the page: each study on a thread of its own, its
progress read by the page, cancellable between games; the figures are those of the commands'
``--json`` (the same functions, the same seeds), drawn as their tables, and ``compare``'s plot
where the plot extra is installed.

>>> from hasenpfeffer import load_variant
>>> from hasenpfeffer.web.folder import Folder
>>> folder = Folder(tempfile.mkdtemp())
>>> s = Study("simulate", [load_variant("euchre")], 3, "random", folder, seed=1, engine="python")
>>> s.run(); s.status()["state"], s.status()["done"], "figures" in s.status()["report"]
('done', 3, True)
"""

from __future__ import annotations

import base64
import os
import tempfile
import threading
import time
from typing import Any

from ..cli.report.figures import compare_report, count, difference_text, from_entry, simulate_report, text
from ..format.variant import Variant
from ..sim.engines import choose
from ..sim.runset import play_set
from ..sim.simulate import Interrupted, parse_bots, simulate
from .errors import ApiError
from .folder import Folder
from .seats import check, engine_spec

MAX_GAMES = 20_000
"""Games a study of the page plays at most."""
MAX_RUNNING = 4
"""Studies running at once."""
WORKERS = min(2, os.cpu_count() or 1)
"""Worker processes of a study: its games are played away from the server's process, which
answers the page meanwhile (the figures are the same however many play them)."""


class Cancelled(Exception):
    """Raised from the progress callback to stop a study between games."""


class Study:
    """One ``simulate`` (one variant) or ``compare`` (two) run; its bots built-in or policies of
    the served folder."""

    def __init__(
        self,
        kind: str,
        variants: list[Variant],
        games: int,
        bots: str,
        folder: Folder,
        seed: int = 0,
        engine: str = "auto",
    ) -> None:
        if kind not in ("simulate", "compare") or len(variants) != (1 if kind == "simulate" else 2):
            raise ApiError(400, "a study is simulate (one variant) or compare (two)")
        if not 1 <= games <= MAX_GAMES:
            raise ApiError(400, f"games: from 1 to {MAX_GAMES:,}")
        a = variants[0]
        if kind == "compare" and (a.players, len(a.teams)) != (variants[1].players, len(variants[1].teams)):
            raise ApiError(422, "the variants must have the same players and sides to be compared")
        try:
            self.names = parse_bots(bots, a.players)
        except ValueError as exc:
            raise ApiError(400, f"bots: {exc}") from None
        for name in set(self.names):
            check(folder, name, variants)
        self.bots = [engine_spec(folder, b) for b in self.names]
        """The specs the games load: a learned bot's policy by its full path (shown as named)."""
        try:
            self.engine = choose(variants, self.bots, engine)
        except ValueError as exc:
            raise ApiError(400, f"bots: {exc}") from None
        self.kind, self.variants, self.games, self.seed = kind, variants, games, seed
        self.total = games * len(variants)
        self.done = 0
        self.state = "waiting"
        self.report: dict[str, Any] | None = None
        self.error: str | None = None
        self.cancel = threading.Event()
        self.started = time.monotonic()
        self.elapsed = 0.0
        self.plot: str | None = None

    def progress(self, games: int, hands: int) -> None:
        """Counts the games played; stops the run once cancelled."""
        self.done += games
        if self.cancel.is_set():
            raise Cancelled

    def run(self) -> None:
        """Play the study (on the calling thread) and keep its report."""
        self.state, self.started = "running", time.monotonic()
        try:
            if self.kind == "simulate":
                stats = simulate(
                    self.variants[0],
                    self.games,
                    self.bots,
                    self.seed,
                    1,
                    progress=self.progress,
                    engine=self.engine.name,
                )
                self.report = simulate_report(self.variants[0], self.bots, self.seed, self.games, None, stats)
            else:
                runs = play_set(
                    self.variants,
                    self.games,
                    self.bots,
                    self.seed,
                    WORKERS,
                    self.progress,
                    engine=self.engine.name,
                )
                self.report = compare_report(self.variants, self.bots, self.seed, runs)
                self.plot = _plot(self.variants, runs.stats, self.report)
            self.report["engine"] = self.engine.label
            self.report["bots"] = self.names
            self.state = "done"
        except (Cancelled, Interrupted):
            self.state = "cancelled"
        except Exception as exc:  # shown to the page in a line, the server goes on
            self.state, self.error = "failed", f"{type(exc).__name__}: {exc}"
        self.elapsed = time.monotonic() - self.started

    def status(self) -> dict[str, Any]:
        """Progress, and the report with its table once done."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "state": self.state,
            "done": min(self.done, self.total),
            "total": self.total,
            "seconds": round(self.elapsed or time.monotonic() - self.started, 1),
            "error": self.error,
            "engine": self.engine.label,
        }
        if self.report is not None:
            out["report"] = self.report
            out["rows"] = rows(self.report)
            out["plot"] = self.plot
        return out


def rows(report: dict[str, Any]) -> list[list[str]]:
    """The table the command prints: each figure with its interval and count (and B - A)."""
    out = []
    for name, f in report["figures"].items():
        if report["command"] == "simulate":
            e = from_entry(f)
            out.append([name, text(name, e), count(e.n)])
        else:
            a, b, d = from_entry(f["a"]), from_entry(f["b"]), from_entry(f["difference"])
            out.append([name, text(name, a), count(a.n), text(name, b), count(b.n), difference_text(name, d)])
    return out


def _plot(variants: list[Variant], stats: list[Any], report: dict[str, Any]) -> str | None:
    """``compare --plot``'s picture as a data URL, or None without the plot extra."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return None
    from ..cli.report.compareplot import plot

    fd, path = tempfile.mkstemp(suffix=".png")
    os.close(fd)
    try:
        plot(path, list(zip(variants, stats, strict=True)), report)
        with open(path, "rb") as fh:
            return "data:image/png;base64," + base64.b64encode(fh.read()).decode()
    finally:
        os.unlink(path)


class Studies:
    """The studies of the page, each on its thread; at most :data:`MAX_RUNNING` at once."""

    def __init__(self) -> None:
        self.items: dict[str, Study] = {}
        self.lock = threading.Lock()

    def start(self, key: str, study: Study) -> None:
        """Run ``study`` on a new thread (429 when too many run)."""
        with self.lock:
            running = sum(1 for s in self.items.values() if s.state in ("waiting", "running"))
            if running >= MAX_RUNNING:
                raise ApiError(429, f"{running} studies are running: wait for one or cancel it")
            finished = [k for k, s in self.items.items() if s.state not in ("waiting", "running")]
            for k in finished[: max(0, len(self.items) - 50)]:
                del self.items[k]
            self.items[key] = study
        threading.Thread(target=study.run, name=f"study-{key}", daemon=True).start()

    def get(self, key: str) -> Study:
        """The study with this id (404 when none)."""
        with self.lock:
            found = self.items.get(key)
        if found is None:
            raise ApiError(404, "no such study")
        return found
