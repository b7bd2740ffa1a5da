"""Several variants over the same seeds and bots, with the sums that pair their games.

Game ``i`` of every variant is played from the same seed, one after the other in the same
task, so the cross sums of each variant's games with the first's (the reference) are kept
as the games are played: they give paired differences (:func:`~.figures.paired`).

>>> runs = play_set(["euchre", "euchre"], 3, ["greedy"] * 4, workers=1)
>>> [s.games for s in runs.stats], runs.games
([3, 3], 6)
>>> runs.difference(1, "hands per game").value  # the same rules: the same games
0.0
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..format.variant import Variant
from .estimates import difference, self_cross
from .execute import Progress, Shard, Span, Stopped, default_workers, execute, shard_range
from .figures import ZERO_CROSS, ZERO_SUMS, Cross, Estimate, add_cross, merge_sums
from .limits import MAX_HANDS, check_max_hands
from .simulate import as_variant, game_seed, interrupted, play_game
from .stats import Stats


@dataclass
class RunSet:
    """Statistics of each variant, and per variant the cross sums of its games with the first's."""

    stats: list[Stats]
    cross: list[dict[str, Cross]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.cross:
            self.cross = [{} for _ in self.stats]

    @classmethod
    def empty(cls, variants: int, sides: int) -> RunSet:
        """No games yet."""
        return cls([Stats(sides=sides) for _ in range(variants)])

    @property
    def games(self) -> int:
        """Games played, all variants together."""
        return sum(s.games for s in self.stats)

    @property
    def hands(self) -> int:
        """Hands played, all variants together."""
        return sum(s.hands for s in self.stats)

    @property
    def seeds(self) -> int:
        """Seeds played (games of each variant)."""
        return self.stats[0].games if self.stats else 0

    def merge(self, other: RunSet) -> None:
        """Add another part of the run (order does not matter)."""
        for mine, theirs in zip(self.stats, other.stats, strict=True):
            mine.merge(theirs)
        for mine_cross, theirs_cross in zip(self.cross, other.cross, strict=True):
            merge_sums(mine_cross, theirs_cross)

    def difference(self, index: int, name: str) -> Estimate:
        """Variant ``index`` minus the first in one figure, paired game by game (None without data).

        See :func:`hasenpfeffer.sim.estimates.difference`; the first minus itself is 0.
        """
        a, b = self.stats[0], self.stats[index]
        if index == 0:
            cross = self_cross(a.sums.get(name, ZERO_SUMS))
        else:
            cross = self.cross[index].get(name, ZERO_CROSS)
        return difference(self.seeds, a, b, cross, name)

    def raw(self) -> dict[str, Any]:
        """Every sum as JSON data (:meth:`from_raw` reads it back)."""
        return {
            "stats": [s.raw() for s in self.stats],
            "cross": [{k: list(v) for k, v in sorted(c.items())} for c in self.cross],
        }

    @classmethod
    def from_raw(cls, data: Any) -> RunSet:
        """A run set from :meth:`raw`'s data; ValueError when it is not such data."""
        try:
            stats = [Stats.from_raw(s) for s in data["stats"]]
            cross = [{str(k): _four(v) for k, v in dict(c).items()} for c in data["cross"]]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not the raw sums of a run: {type(exc).__name__} {exc}") from None
        if len(cross) != len(stats) or len({s.games for s in stats}) > 1:
            raise ValueError("not the raw sums of a run: the variants differ in games")
        return cls(stats, cross)


def _four(value: Any) -> list[int]:
    if not isinstance(value, list) or len(value) != 4:
        raise ValueError("expected four cross sums")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError("expected whole numbers")
    return list(value)


@dataclass(frozen=True)
class SetJob:
    """What every worker needs to play its share of the games of every variant."""

    variants: tuple[Variant, ...]
    bots: tuple[str, ...]
    seed: int
    max_hands: int = MAX_HANDS
    engine: str = "python"
    """``python``, or ``compiled``: the compiled batch engine (:mod:`.compiled`) plays the games."""


def play_set_each(job: SetJob, games: Span) -> Iterator[RunSet]:
    """Play each game of a span with every variant: one part per seed (per batch, compiled)."""
    if job.engine == "compiled":
        yield from play_set_compiled(job, games)
        return
    sides = len(job.variants[0].teams)
    for index in range(*games):
        part = RunSet.empty(len(job.variants), sides)
        seed = game_seed(job.seed, index)
        first: dict[str, tuple[int, int]] = {}
        for k, variant in enumerate(job.variants):
            values = part.stats[k].add_game(play_game(variant, job.bots, seed, job.max_hands), job.max_hands)
            if k == 0:
                first = values
            else:
                add_cross(part.cross[k], first, values)
        yield part


def play_set_compiled(job: SetJob, games: Span) -> Iterator[RunSet]:
    """Play a span of seeds with every variant by the compiled engine: one part per batch."""
    from .arrayfigures import add_batch_cross
    from .arraystats import count_batch
    from .compiled import batches, play_batch

    for first, stop in batches(games):
        seeds = [game_seed(job.seed, i) for i in range(first, stop)]
        part = RunSet.empty(len(job.variants), len(job.variants[0].teams))
        each = [
            count_batch(part.stats[k], play_batch(v, seeds, job.max_hands, bots=job.bots))
            for k, v in enumerate(job.variants)
        ]
        for k in range(1, len(job.variants)):
            add_batch_cross(part.cross[k], each[0], each[k])
        yield part


def play_set(
    variants: Sequence[Variant | str | os.PathLike[str]],
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    workers: int | None = None,
    progress: Progress | None = None,
    *,
    shard: Shard | None = None,
    cluster: Any = None,
    allow: Sequence[str | os.PathLike[str]] = (),
    max_hands: int = MAX_HANDS,
    engine: str = "python",
) -> RunSet:
    """Play the same ``games`` seeds with every variant (raise ``Interrupted`` when stopped).

    The variants (each a :class:`Variant`, a built-in name or a file) must have the same
    players and sides; the first is the reference of the differences: ``compare A B`` is
    ``play_set([A, B], ...).difference(1, figure)``. A game still running after ``max_hands``
    hands is stopped unfinished. ``engine`` is ``python``, ``compiled``
    (random and greedy bots and covered variants only) or ``auto`` (see :func:`~.engines.choose`).
    """
    if not variants:
        raise ValueError("no variant to play")
    loaded = [as_variant(v, allow) for v in variants]
    shape = {(v.players, len(v.teams)) for v in loaded}
    if len(shape) > 1:
        raise ValueError("the variants must have the same players and sides")
    if len(bots) != loaded[0].players:
        raise ValueError(f"{len(bots)} bots for {loaded[0].players} players")
    if engine != "python":  # auto: compiled where it can run; compiled: ValueError where it cannot
        from .engines import choose

        engine = choose(loaded, bots, engine).name
    job = SetJob(tuple(loaded), tuple(bots), seed, check_max_hands(max_hands), engine)
    span = shard_range(games, shard)
    workers = min(workers or default_workers(), max(1, span[1] - span[0]))
    total = RunSet.empty(len(loaded), len(loaded[0].teams))
    try:
        return execute(play_set_each, job, span, total, workers, progress, cluster)
    except Stopped as exc:
        raise interrupted(exc, len(loaded) * (span[1] - span[0])) from None
