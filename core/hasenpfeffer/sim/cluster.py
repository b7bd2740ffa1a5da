"""Games on a Dask cluster: chunks of games as tasks, merged as each one finishes.

Needs the ``distributed`` package (the ``dask`` extra) here and on every worker, with this
package installed there too, and the modules of any bot named by module; a worker that lacks
one is reported in one line (:class:`ClusterError`). ``local:N`` starts a cluster of N worker processes on this
machine for the run; an address (``tcp://host:8786``) joins a running scheduler.

>>> parse_address("local:2"), parse_address("tcp://10.0.0.5:8786")
('local:2', 'tcp://10.0.0.5:8786')
>>> parse_address("local:0")
Traceback (most recent call last):
...
ValueError: local:N needs N from 1 to 256, read 'local:0'
"""

from __future__ import annotations

import logging
import re
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any, TypeVar

from .chunking import Part, Span, Work, chunks, play_chunk
from .extras import BotError, install, missing
from .interrupt import Terminated

if TYPE_CHECKING:
    from distributed import Client

P = TypeVar("P", bound=Part)
J = TypeVar("J")

MAX_LOCAL = 256
"""Most workers of a ``local:N`` cluster."""
CONNECT_TIMEOUT = "10s"
"""How long to wait for a scheduler to answer."""
_ADDRESS = re.compile(r"^(?:(?:tcp|tls|inproc|ucx|ws|wss)://)?[\w.\-\[\]:]+:\d{1,5}$")


class ClusterError(RuntimeError):
    """The cluster cannot be used: ``distributed`` missing, or the scheduler out of reach."""


def parse_address(text: str) -> str:
    """``local:N`` or a scheduler's address; ValueError for anything else."""
    if text.startswith("local:"):
        n = text[len("local:") :]
        if not n.isdigit() or not 1 <= int(n) <= MAX_LOCAL:
            raise ValueError(f"local:N needs N from 1 to {MAX_LOCAL}, read {text[:40]!r}")
        return text
    if not _ADDRESS.match(text):
        raise ValueError(f"give a scheduler address such as tcp://HOST:8786, or local:N; read {text[:60]!r}")
    return text


@contextmanager
def deferred_sigint() -> Iterator[None]:
    """Within the block Ctrl-C and SIGTERM are noted, and raised when the block ends.

    (Also when the block fails meanwhile: workers starting up may fail on the same Ctrl-C.)
    Stopped half-way, a cluster starting up may not close.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        noted.append(signum)

    previous = {s: signal.signal(s, note) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    except Exception:
        if noted:
            raise _stop(noted[0]) from None
        raise
    finally:
        for s, handler in previous.items():
            signal.signal(s, signal.SIG_DFL if handler is None else handler)
    if noted:
        raise _stop(noted[0])


def _stop(signum: int) -> BaseException:
    return Terminated("SIGTERM") if signum == signal.SIGTERM else KeyboardInterrupt()


@contextmanager
def client_for(cluster: Any) -> Iterator[Client]:
    """A Client: the one given, or one to ``local:N`` or an address (closed when done)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(missing("--dask", "dask", "distributed") or "cannot import distributed") from None
    if not isinstance(cluster, str):
        yield cluster
        return
    # Ctrl-C while the cluster starts is taken once it has: stopped half-way, it may not close.
    with ExitStack() as stack:
        with deferred_sigint():
            if cluster.startswith("local:"):
                # Its worker processes ignore Ctrl-C (the command decides, as with local workers).
                local = LocalCluster(
                    n_workers=int(cluster[len("local:") :]),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.CRITICAL,
                    preload=["hasenpfeffer.sim.daskworker"],
                )
                stack.callback(local.close)
                client = Client(local)
            else:
                try:
                    client = Client(cluster, timeout=CONNECT_TIMEOUT)
                except (OSError, TimeoutError) as exc:
                    raise ClusterError(f"cannot reach the Dask scheduler at {cluster}: {exc}") from None
            stack.callback(client.close)
        try:
            yield client
        except (KeyboardInterrupt, Terminated):
            _quiet()
            raise


def threads(client: Client) -> int:
    """Worker threads in the cluster (at least 1)."""
    workers = client.scheduler_info(n_workers=-1).get("workers", {})
    return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))


def _quiet() -> None:
    """Silence Dask's loggers: closing while tasks are cancelled logs lost connections, not news."""
    names = [n for n in logging.root.manager.loggerDict if n.startswith("distributed")]
    for name in ["distributed", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def run_on_dask(cluster: Any, work: Work[J, P], job: J, span: Span, add: Callable[[P], None]) -> None:
    """Submit a chunk of games per task and ``add`` each result as it finishes.

    Ctrl-C or SIGTERM cancels every task still pending before it goes on.
    """
    with client_for(cluster) as client:
        from distributed import as_completed

        start, stop = span
        futures: list[Any] = []
        try:
            with deferred_sigint():
                futures.append(client.scatter(job, broadcast=True, hash=False))
                shared = futures[0]
                for chunk in chunks(stop, threads(client), start):
                    futures.append(client.submit(play_chunk, work, shared, chunk, pure=False))
            for future in as_completed(futures[1:]):
                add(_result(future))
        except (KeyboardInterrupt, Terminated, ClusterError):
            _quiet()
            client.cancel(futures)
            raise


def _result(future: Any) -> Any:
    """A task's result; ClusterError when a worker lacks a module the games need."""
    try:
        return future.result()
    except BotError as exc:
        raise ClusterError(
            f"a Dask worker cannot load a bot: {exc}; a module named in --bots must be importable on every"
            " worker (installed there, or its folder on the workers' PYTHONPATH)"
        ) from None
    except ImportError as exc:
        raise ClusterError(
            f"a Dask worker cannot import {exc.name or exc}: every worker needs hasenpfeffer"
            f" ({install('dask')}) and the modules of the bots"
        ) from None
