"""Play many games with bots, in parallel, and gather streamed statistics.

Each game's seed is derived from the run's seed and the game's index, and the
statistics are integer sums, so a run gives the same figures whatever the number
of worker processes. Ctrl-C (or SIGTERM, see :mod:`hasenpfeffer.sim.interrupt`) stops
every worker at once and raises :class:`Interrupted` with what was completed.

>>> game_seed(0, 0) == game_seed(0, 0), game_seed(0, 0) == game_seed(0, 1)
(True, False)
>>> parse_bots("greedy", 4)
['greedy', 'greedy', 'greedy', 'greedy']
>>> parse_bots("mc,greedy", 4)
['mc', 'greedy', 'mc', 'greedy']
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..format.variant import HAND_CAP, Variant
from .interrupt import Terminated
from .stats import Stats
from .workers import Workers

if TYPE_CHECKING:
    from ..engine.game import Game

MAX_HANDS = HAND_CAP
"""A game still running after this many hands is stopped and counted as unfinished."""

Progress = Callable[[int, int], None]
"""Called with (games finished, hands played) since the last call."""


def game_seed(seed: int, index: int, salt: str = "") -> int:
    """A 63-bit seed for game ``index`` of a run seeded ``seed`` (``salt`` for sub-streams)."""
    digest = hashlib.blake2b(f"{seed}/{index}/{salt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def parse_bots(spec: str, players: int) -> list[str]:
    """Bot specs per seat from ``NAME`` or ``A,B,...`` (a shorter list repeats round the table)."""
    names = [s.strip() for s in spec.split(",") if s.strip()]
    if not names:
        raise ValueError("no bot given")
    if players % len(names) != 0:
        raise ValueError(f"{len(names)} bots given for {players} players: give 1, a divisor or {players}")
    return [names[i % len(names)] for i in range(players)]


def play_game(variant: Variant, bots: Sequence[str], seed: int, max_hands: int = MAX_HANDS) -> Game:
    """One full game between bots (seat ``i`` played by ``bots[i]``)."""
    from ..bots.registry import load_bot
    from ..engine.game import Game

    game = Game(variant, seed=seed)
    players = [load_bot(spec, game_seed(seed, seat, "bot")) for seat, spec in enumerate(bots)]
    while not game.is_over and len(game.hand_results) < max_hands:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        action = players[seat].choose(view, view.legal)
        game.apply(action)
    return game


@dataclass(frozen=True)
class Job:
    """What every worker needs to play its share of the games."""

    variant: Variant
    bots: tuple[str, ...]
    seed: int
    records: str | None = None
    max_hands: int = MAX_HANDS


def record_path(directory: str | os.PathLike[str], index: int) -> Path:
    """Where game ``index``'s record is written."""
    return Path(directory) / f"game-{index:06d}.yaml"


def write_record(game: Game, path: Path) -> None:
    """Write a game record that ``hasenpfeffer replay`` reproduces."""
    from ..records.record import save

    save(game.record(), path)


def play_each(job: Job, games: tuple[int, int]) -> Iterator[Stats]:
    """Play games ``start`` to ``stop - 1`` of a run: each one's statistics once its record is written."""
    start, stop = games
    for index in range(start, stop):
        game = play_game(job.variant, job.bots, game_seed(job.seed, index), job.max_hands)
        if job.records is not None:
            write_record(game, record_path(job.records, index))
        stats = Stats(sides=len(job.variant.teams))
        stats.add_game(game)
        yield stats


def play_range(job: Job, start: int, stop: int) -> Stats:
    """Play games ``start`` to ``stop - 1`` of a run and return their statistics."""
    stats = Stats(sides=len(job.variant.teams))
    for part in play_each(job, (start, stop)):
        stats.merge(part)
    return stats


def chunks(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """Contiguous ranges of game indices, small enough for a smooth progress bar.

    >>> list(chunks(10, 1))
    [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9), (9, 10)]
    >>> list(chunks(100, 2))[:2]
    [(0, 3), (3, 6)]
    """
    size = max(1, min(25, games // (workers * 16)))
    for start in range(0, games, size):
        yield (start, min(games, start + size))


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class Interrupted(BaseException):
    """A run stopped by Ctrl-C or SIGTERM: ``stats`` of the games completed, of ``games`` asked.

    It is also a KeyboardInterrupt or a :class:`~hasenpfeffer.sim.interrupt.Terminated`, as the
    signal was, so ``interrupt.exit_code`` gives the exit status.
    """

    def __init__(self, stats: Stats, games: int) -> None:
        super().__init__(f"{stats.games} of {games} games completed")
        self.stats, self.games = stats, games


class _KeyboardInterrupted(Interrupted, KeyboardInterrupt):
    pass


class _Terminated(Interrupted, Terminated):
    pass


def simulate(
    variant: Variant,
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    workers: int | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> Stats:
    """Play ``games`` games and return the merged statistics (or raise :class:`Interrupted`)."""
    if len(bots) != variant.players:
        raise ValueError(f"{len(bots)} bots for {variant.players} players")
    if records is not None:
        Path(records).mkdir(parents=True, exist_ok=True)
    job = Job(variant, tuple(bots), seed, None if records is None else str(records))
    workers = min(workers or default_workers(), max(1, games))
    total = Stats(sides=len(variant.teams))

    def add(part: Stats) -> None:
        total.merge(part)
        if progress is not None:
            progress(part.games, part.hands)

    try:
        if workers == 1:
            for part in play_each(job, (0, games)):
                add(part)
            return total
        with Workers(play_each, job, workers) as pool:
            try:
                for part in pool.map(chunks(games, workers)):
                    add(part)
            except (KeyboardInterrupt, Terminated):
                for part in pool.stop():
                    total.merge(part)
                raise
    except (KeyboardInterrupt, Terminated) as exc:
        kind = _Terminated if isinstance(exc, Terminated) else _KeyboardInterrupted
        raise kind(total, games) from None
    return total
