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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots import DEFAULT_BOT
from ..format.variant import Variant
from .execute import Progress, Shard, Span, Stopped, default_workers, execute, shard_range
from .extras import BotError
from .interrupt import Terminated
from .limits import MAX_HANDS, check_max_hands
from .stats import Stats

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = [
    "MAX_HANDS",
    "BotError",
    "Interrupted",
    "Job",
    "Progress",
    "default_workers",
    "game_seed",
    "play_game",
    "simulate",
]


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
    """One full game between bots (seat ``i`` played by ``bots[i]``, seeded by the game's ``BOT``
    stream, :mod:`hasenpfeffer.engine.draws`; a dummy's cards by its controller's bot, from the
    dummy's view). A bot whose ``ask_when_forced`` is False is not asked (nor its view built)
    when one action is legal."""
    from ..bots.registry import load_bot
    from ..engine.draws import BOT, stream
    from ..engine.game import Game

    game = Game(variant, seed=seed)
    try:
        players = [load_bot(spec, stream(seed, BOT, seat)) for seat, spec in enumerate(bots)]
    except (ValueError, ImportError) as exc:
        raise BotError(str(exc)) from None
    asks = [getattr(p, "ask_when_forced", True) for p in players]
    while not game.is_over and len(game.hand_results) < max_hands:
        seat, actor = game.to_move, game.actor
        assert seat is not None and actor is not None
        if not asks[actor]:
            legal = game.legal_actions()
            if len(legal) == 1:
                game.apply(legal[0])
                continue
        view = game.view(seat)
        action = players[actor].choose(view, view.legal)
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
    engine: str = "python"
    """``python``, or ``compiled``: the compiled batch engine (:mod:`.compiled`) plays the games."""


def record_path(directory: str | os.PathLike[str], index: int) -> Path:
    """Where game ``index``'s record is written."""
    from ..records.folder import record_name

    return Path(directory) / record_name(index)


def write_record(game: Game, path: Path) -> None:
    """Write a game record that ``hasenpfeffer replay`` reproduces."""
    from ..records.record import save

    save(game.record(), path)


def play_each(job: Job, games: Span) -> Iterator[Stats]:
    """Play games ``start`` to ``stop - 1`` of a run: each one's statistics once its record is
    written (and the game in their ``recorded``)."""
    if job.engine == "compiled":
        yield from play_compiled(job, games)
        return
    start, stop = games
    for index in range(start, stop):
        game = play_game(job.variant, job.bots, game_seed(job.seed, index), job.max_hands)
        stats = Stats(sides=len(job.variant.teams))
        stats.add_game(game, job.max_hands)
        if job.records is not None:
            write_record(game, record_path(job.records, index))
            stats.recorded.append((index, index + 1))
        yield stats


def play_compiled(job: Job, games: Span) -> Iterator[Stats]:
    """Play a span of a run's games by the compiled engine: the statistics of each batch. With
    records, each game is replayed through the Python engine (checked decision by decision),
    its record written and its statistics given at once: a game counted is a game recorded,
    as when Python plays."""
    from .arraystats import count_batch
    from .compiled import batches, play_batch

    for first, stop in batches(games):
        seeds = [game_seed(job.seed, i) for i in range(first, stop)]
        batch = play_batch(job.variant, seeds, job.max_hands, record=job.records is not None, bots=job.bots)
        if job.records is None:
            stats = Stats(sides=len(job.variant.teams))
            count_batch(stats, batch)
            yield stats
            continue
        from ..batch.replay import replay_game

        for g in range(len(batch)):
            game = replay_game(batch, g)
            stats = Stats(sides=len(job.variant.teams))
            stats.add_game(game, job.max_hands)
            write_record(game, record_path(job.records, first + g))
            stats.recorded.append((first + g, first + g + 1))
            yield stats


def play_range(job: Job, start: int, stop: int) -> Stats:
    """Play games ``start`` to ``stop - 1`` of a run and return their statistics."""
    stats = Stats(sides=len(job.variant.teams))
    for part in play_each(job, (start, stop)):
        stats.merge(part)
    return stats


class Interrupted(BaseException):
    """A run stopped by Ctrl-C or SIGTERM: ``stats`` of the games completed, of ``games`` asked.

    (For runs of several variants, ``stats`` is their :class:`~hasenpfeffer.sim.runset.RunSet`.)

    It is also a KeyboardInterrupt or a :class:`~hasenpfeffer.sim.interrupt.Terminated`, as the
    signal was, so ``interrupt.exit_code`` gives the exit status.
    """

    def __init__(self, stats: Any, games: int) -> None:
        super().__init__(f"{stats.games} of {games} games completed")
        self.stats, self.games = stats, games


class _KeyboardInterrupted(Interrupted, KeyboardInterrupt):
    pass


class _Terminated(Interrupted, Terminated):
    pass


def as_variant(
    variant: Variant | str | os.PathLike[str], allow: Sequence[str | os.PathLike[str]] = ()
) -> Variant:
    """A variant as given, or loaded from a built-in name or a file (VariantError when it does not load).

    >>> as_variant("euchre").name, as_variant(as_variant("euchre")).name
    ('euchre', 'euchre')
    """
    if isinstance(variant, Variant):
        return variant
    from ..format.loader import load_variant

    return load_variant(variant, allow)


def simulate(
    variant: Variant | str | os.PathLike[str],
    games: int,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    workers: int | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    *,
    shard: Shard | None = None,
    cluster: Any = None,
    allow: Sequence[str | os.PathLike[str]] = (),
    max_hands: int = MAX_HANDS,
    engine: str = "python",
) -> Stats:
    """Play ``games`` games and return the merged statistics (or raise :class:`Interrupted`).

    ``variant`` is a :class:`Variant`, a built-in name or a file (``allow``: as for
    :func:`~hasenpfeffer.load_variant`); ``bots`` the bot spec of each seat (by default
    :data:`~hasenpfeffer.bots.DEFAULT_BOT` in every seat, as on the command line).
    ``shard=(i, n)`` plays only the i-th of n shares of the games (their seeds as in the whole run); ``cluster`` plays them on Dask: a scheduler's
    address, ``"local:N"`` or a ``distributed.Client``. A game still running after ``max_hands``
    hands is stopped and counted in ``unfinished`` (see :mod:`hasenpfeffer.sim.limits`).
    ``engine`` is ``python``, ``compiled`` (random and greedy bots, a covered variant) or ``auto``
    (see :func:`~.engines.choose`).

    >>> stats = simulate("euchre", 4, ["greedy"] * 4, seed=1, workers=1)
    >>> stats.games, sum(stats.wins) + stats.unfinished
    (4, 4)
    >>> simulate("euchre", games=4, seed=1, workers=1) == stats
    True
    """
    variant = as_variant(variant, allow)
    if bots is None:
        bots = [DEFAULT_BOT] * variant.players
    if len(bots) != variant.players:
        raise ValueError(f"{len(bots)} bots for {variant.players} players")
    if records is not None:
        Path(records).mkdir(parents=True, exist_ok=True)
    if engine != "python":  # auto: compiled where it can run; compiled: ValueError where it cannot
        from .engines import choose

        engine = choose([variant], bots, engine).name
    job = Job(
        variant,
        tuple(bots),
        seed,
        None if records is None else str(records),
        check_max_hands(max_hands),
        engine,
    )
    span = shard_range(games, shard)
    workers = min(workers or default_workers(), max(1, span[1] - span[0]))
    total = Stats(sides=len(variant.teams))
    try:
        return execute(play_each, job, span, total, workers, progress, cluster)
    except Stopped as exc:
        raise interrupted(exc, span[1] - span[0]) from None


def interrupted(stop: Stopped, games: int) -> Interrupted:
    """The :class:`Interrupted` to raise for a stopped run of ``games`` games."""
    kind = _Terminated if isinstance(stop.signal, Terminated) else _KeyboardInterrupted
    return kind(stop.done, games)
