"""Streamed statistics of simulated games: running sums, never per-game lists.

Every field is an integer sum or a bounded counter, so merging the statistics of
several workers gives exactly the same result in any order.

>>> s = Stats(sides=2)
>>> s.games, s.summary()["wins"]
(0, [0, 0])
>>> low, high = wilson(80, 100)
>>> round(low, 3), round(high, 3)
(0.711, 0.867)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.events import (
    CardsSwapped,
    DroppedOut,
    DummyPlayed,
    DummyTaken,
    HandScored,
    PartnerCalled,
    Redealt,
)
from ..engine.scoring import short_of
from ..format.reach import without_maker
from .figures import (
    MISERE,
    Sums,
    add_sums,
    contract_kind,
    game_values,
    is_slam,
    kind_order,
    merge_sums,
    reads_contracts,
)
from .happenings import happenings
from .intervals import Z95, mean_ci, rounded, wilson
from .limits import Played, capped

if TYPE_CHECKING:
    from ..engine.game import HandResult
    from ..format.variant import Variant
    from .figures import Values

__all__ = ["Z95", "Outcome", "Stats", "mean_ci", "rounded", "wilson"]


@dataclass
class Outcome:
    """Made and failed counts of one kind of contract."""

    made: int = 0
    failed: int = 0

    @property
    def tried(self) -> int:
        """Contracts played."""
        return self.made + self.failed


@dataclass
class Stats:
    """Running totals over games: add games with :meth:`add_game`, combine with :meth:`merge`."""

    sides: int
    games: int = 0
    unfinished: int = 0
    wins: list[int] = field(default_factory=list)
    hands: int = 0
    hands_sq: int = 0
    points: list[int] = field(default_factory=list)
    points_sq: list[int] = field(default_factory=list)
    bids: dict[str, Outcome] = field(default_factory=dict)
    lone: Outcome = field(default_factory=Outcome)
    lone_defence: Outcome = field(default_factory=Outcome)
    throw_ins: int = 0
    played_out: int = 0
    """Hands played without a maker when all pass."""
    forced: int = 0
    hand_points: Counter[int] = field(default_factory=Counter)
    """Histogram of side 0's score change per hand."""
    margins: Counter[int] = field(default_factory=Counter)
    """Histogram of side 0's final score minus the best other side's."""
    sums: dict[str, Sums] = field(default_factory=dict)
    """Per figure, sums over games of its ``(x, y)``: see :mod:`hasenpfeffer.sim.figures`."""
    kinds: dict[str, Outcome] = field(default_factory=dict)
    """Contracts by kind (:func:`~.figures.contract_kind`), where the variant's contracts are read."""
    slams: dict[str, int] = field(default_factory=dict)
    """By bid, the contracts of tricks whose makers took every trick (where contracts are read)."""
    weak_hands: dict[str, int] = field(default_factory=dict)
    """By rule (``deal.weak_hands``: its name, a space, its action), the hands it acted on."""
    declarations: dict[str, int] = field(default_factory=dict)
    """By name (``scoring.declarations``), the sets that ended a hand (of several declared, the highest)."""
    drop_outs: int = 0
    """Players who dropped out of a hand (``alone.drop_out``)."""
    bucks: int = 0
    """Sides bucked: stayed in and took no trick (where ``scoring.bucked`` is set)."""
    calls: dict[str, int] = field(default_factory=dict)
    """Hands with a called partner (``partnerships: called``) by how the maker played and the
    outcome: ``partner made``, ``partner failed``, ``unheld made`` (nobody held the called card:
    in the kitty, or discarded), ``unheld failed``, ``alone made``, ``alone failed`` (none called)."""
    short_hands: int = 0
    """Hands played without a maker in which some side was short of ``scoring.no_maker.minimum``."""
    short_sides: int = 0
    """Sides short of ``scoring.no_maker.minimum`` in hands played without a maker, all told."""
    dummies: int = 0
    """Dummies taken into play by their controller (``deal.dummies``: played from their seat,
    or with ``play: merged`` taken into hand; a maker alone leaves its dummy out)."""
    happened: dict[str, int] = field(default_factory=dict)
    """Rules seen acting that leave no other trace (turned trump, turned Joker, a match's games,
    shut-outs, laps, wins on a defeated bid): :func:`~.happenings.happenings`."""
    recorded: list[tuple[int, int]] = field(default_factory=list, compare=False, repr=False)
    """The games whose records were written (``--records``), as spans of their indices (start,
    stop), joined where they meet: a run stopped part-way keeps the records of these alone. Not
    a figure: neither compared nor in :meth:`raw`."""

    def __post_init__(self) -> None:
        for name in ("wins", "points", "points_sq"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.sides)

    def add_hand(self, result: HandResult, kind: str | None = None) -> None:
        """Count one finished (or thrown-in) hand (``kind``: its contract's kind, where read)."""
        if kind is not None:
            outcome = self.kinds.setdefault(kind, Outcome())
            outcome.made += bool(result.made)
            outcome.failed += not result.made
            if is_slam(result, kind):
                name = result.bid if result.bid is not None else "?"
                self.slams[name] = self.slams.get(name, 0) + 1
        if result.thrown_in:
            self.throw_ins += 1
        elif result.maker is None:
            self.played_out += 1
        elif result.made is not None:
            key = result.bid if result.bid is not None else "?"
            outcome = self.bids.setdefault(key, Outcome())
            if result.made:
                outcome.made += 1
            else:
                outcome.failed += 1
            if result.alone:
                self.lone.made += result.made
                self.lone.failed += not result.made
            if result.defender_alone:
                # From the lone defender's point of view: "made" is a set.
                self.lone_defence.made += not result.made
                self.lone_defence.failed += bool(result.made)
        self.forced += result.forced
        for side, change in enumerate(result.score_change):
            self.points[side] += change
            self.points_sq[side] += change * change
        self.hand_points[int(result.score_change[0])] += 1

    def _count_calls(self, game: Played) -> None:
        """Count the hands with a called partner, read from its events."""
        called: PartnerCalled | None = None
        for e in game.events:
            if type(e) is PartnerCalled:
                called = e
            elif type(e) is HandScored and called is not None:
                alone = called.card is None and called.partner is None
                how = "alone" if alone else "unheld" if e.result.partner is None else "partner"
                key = f"{how} {'made' if e.result.made else 'failed'}"
                self.calls[key] = self.calls.get(key, 0) + 1
                called = None

    def _count_bucks(self, game: Played) -> None:
        """Count the drop-outs and the bucks of a game's hands, read from its events."""
        out: set[int] = set()
        side_of, bucked = game.variant.team_of, game.variant.scoring.bucked is not None
        for e in game.events:
            if type(e) is DroppedOut:
                self.drop_outs += 1
                out.add(side_of(e.seat))
            elif type(e) is HandScored:
                r = e.result
                if bucked and r.maker is not None:  # a hand without a maker: short, not bucked
                    self.bucks += sum(1 for side, t in enumerate(r.tricks) if t == 0 and side not in out)
                out = set()

    def _count_short(self, v: Variant, results: list[HandResult]) -> None:
        """Count the sides short of the minimum in the hands played without a maker."""
        for r in results:
            if not r.thrown_in and r.maker is None:
                short = sum(1 for k in short_of(v, r.tricks) if k)
                self.short_hands += short > 0
                self.short_sides += short

    def add_game(self, game: Played, max_hands: int | None = None) -> Values:
        """Count a game and all its hands, read from its events; the game's value of every
        figure. With ``max_hands``, the hands past that cap are not counted, and the game is
        unfinished there (:func:`~hasenpfeffer.sim.limits.capped`)."""
        results = [e.result for e in game.events if type(e) is HandScored]
        if max_hands is not None and len(results) > max_hands:  # the events scanned again only then
            game, results = capped(game, max_hands), results[:max_hands]
        if game.variant.deal.weak_hands:
            for e in game.events:
                if type(e) is Redealt or type(e) is CardsSwapped:
                    key = f"{e.why} {'redeal' if type(e) is Redealt else 'swap'}"
                    self.weak_hands[key] = self.weak_hands.get(key, 0) + 1
        if game.variant.scoring.declarations:  # the set that ended each hand (the highest declared)
            shown = {d.name for d in game.variant.scoring.declarations}
            for r in results:
                if r.bid in shown:
                    self.declarations[r.bid] = self.declarations.get(r.bid, 0) + 1
        if game.variant.alone.drop_out.allowed or game.variant.scoring.bucked is not None:
            self._count_bucks(game)
        if game.variant.partnerships == "called":
            self._count_calls(game)
        if game.variant.deal.dummies.seats:
            self.dummies += sum(1 for e in game.events if type(e) is DummyPlayed or type(e) is DummyTaken)
        for name, n in happenings(game).items():
            self.happened[name] = self.happened.get(name, 0) + n
        return self.add_results(game.variant, results, game.winner)  # a match's winner where played

    def add_results(self, variant: Variant, results: list[HandResult], winner: int | None) -> Values:
        """Count a game from its hands' results and its winner (None: unfinished): what
        :meth:`add_game` counts but what only events say (weak hands, declarations, drop-outs,
        calls, dummies, rules seen acting); the game's value of every figure. Compiled games come in so."""
        self.games += 1
        if variant.scoring.no_maker.minimum:
            self._count_short(variant, results)
        kinds = [contract_kind(variant, r) for r in results] if reads_contracts(variant) else None
        for n, result in enumerate(results):
            self.add_hand(result, None if kinds is None else kinds[n])
        n = len(results)
        self.hands += n
        self.hands_sq += n * n
        if winner is None:
            self.unfinished += 1
        else:
            self.wins[winner] += 1
        scores = list(results[-1].scores) if results else [0] * self.sides
        others = max(scores[1:]) if len(scores) > 1 else 0
        self.margins[int(scores[0] - others)] += 1
        played_out = without_maker(variant) is not None
        values = game_values(results, winner, self.sides, kinds, played_out)
        add_sums(self.sums, values)
        return values

    def merge(self, other: Stats) -> None:
        """Add another worker's totals to these (order does not matter)."""
        self.games += other.games
        if other.recorded:
            self.recorded = joined([*self.recorded, *other.recorded])
        self.unfinished += other.unfinished
        self.hands += other.hands
        self.hands_sq += other.hands_sq
        self.throw_ins += other.throw_ins
        self.played_out += other.played_out
        self.forced += other.forced
        for side in range(self.sides):
            self.wins[side] += other.wins[side]
            self.points[side] += other.points[side]
            self.points_sq[side] += other.points_sq[side]
        for key, outcome in other.bids.items():
            mine = self.bids.setdefault(key, Outcome())
            mine.made += outcome.made
            mine.failed += outcome.failed
        for kind, outcome in other.kinds.items():
            mine = self.kinds.setdefault(kind, Outcome())
            mine.made += outcome.made
            mine.failed += outcome.failed
        for name, n in other.slams.items():
            self.slams[name] = self.slams.get(name, 0) + n
        for name, n in other.weak_hands.items():
            self.weak_hands[name] = self.weak_hands.get(name, 0) + n
        for name, n in other.calls.items():
            self.calls[name] = self.calls.get(name, 0) + n
        for name, n in other.declarations.items():
            self.declarations[name] = self.declarations.get(name, 0) + n
        for name, n in other.happened.items():
            self.happened[name] = self.happened.get(name, 0) + n
        self.drop_outs += other.drop_outs
        self.bucks += other.bucks
        self.short_hands += other.short_hands
        self.short_sides += other.short_sides
        self.dummies += other.dummies
        for mine, theirs in ((self.lone, other.lone), (self.lone_defence, other.lone_defence)):
            mine.made += theirs.made
            mine.failed += theirs.failed
        self.hand_points.update(other.hand_points)
        self.margins.update(other.margins)
        merge_sums(self.sums, other.sums)

    # ------------------------------------------------------------------ raw sums

    def raw(self) -> dict[str, Any]:
        """Every sum as plain JSON data, from which :meth:`from_raw` rebuilds these statistics.

        >>> s = Stats(sides=2)
        >>> s.wins[1] = 3
        >>> Stats.from_raw(s.raw()) == s
        True
        """
        return {
            "sides": self.sides,
            "games": self.games,
            "unfinished": self.unfinished,
            "wins": list(self.wins),
            "hands": self.hands,
            "hands_sq": self.hands_sq,
            "points": list(self.points),
            "points_sq": list(self.points_sq),
            "bids": {k: [o.made, o.failed] for k, o in sorted(self.bids.items())},
            "lone": [self.lone.made, self.lone.failed],
            "lone_defence": [self.lone_defence.made, self.lone_defence.failed],
            "throw_ins": self.throw_ins,
            "played_out": self.played_out,
            "forced": self.forced,
            "hand_points": {str(k): v for k, v in sorted(self.hand_points.items())},
            "margins": {str(k): v for k, v in sorted(self.margins.items())},
            "sums": {k: list(v) for k, v in sorted(self.sums.items())},
            "kinds": {k: [o.made, o.failed] for k, o in sorted(self.kinds.items())},
            "slams": dict(sorted(self.slams.items())),
            "weak_hands": dict(sorted(self.weak_hands.items())),
            "declarations": dict(sorted(self.declarations.items())),
            "drop_outs": self.drop_outs,
            "bucks": self.bucks,
            "calls": dict(sorted(self.calls.items())),
            "short_hands": self.short_hands,
            "short_sides": self.short_sides,
            "dummies": self.dummies,
            "happened": dict(sorted(self.happened.items())),
        }

    @classmethod
    def from_raw(cls, data: Any) -> Stats:
        """Statistics from :meth:`raw`'s data; ValueError when it is not such data."""
        try:
            sides = _count(data["sides"])
            stats = cls(
                sides=sides,
                games=_count(data["games"]),
                unfinished=_count(data["unfinished"]),
                wins=_ints(data["wins"], sides),
                hands=_count(data["hands"]),
                hands_sq=_count(data["hands_sq"]),
                points=_ints(data["points"], sides, signed=True),
                points_sq=_ints(data["points_sq"], sides),
                bids={str(k): Outcome(*_ints(v, 2)) for k, v in dict(data["bids"]).items()},
                lone=Outcome(*_ints(data["lone"], 2)),
                lone_defence=Outcome(*_ints(data["lone_defence"], 2)),
                throw_ins=_count(data["throw_ins"]),
                played_out=_count(data.get("played_out", 0)),
                forced=_count(data["forced"]),
                hand_points=Counter({int(k): _count(v) for k, v in dict(data["hand_points"]).items()}),
                margins=Counter({int(k): _count(v) for k, v in dict(data["margins"]).items()}),
                sums={str(k): _ints(v, 5, signed=True) for k, v in dict(data["sums"]).items()},
                kinds={str(k): Outcome(*_ints(v, 2)) for k, v in dict(data.get("kinds", {})).items()},
                slams={str(k): _count(v) for k, v in dict(data.get("slams", {})).items()},
                weak_hands={str(k): _count(v) for k, v in dict(data.get("weak_hands", {})).items()},
                declarations={str(k): _count(v) for k, v in dict(data.get("declarations", {})).items()},
                drop_outs=_count(data.get("drop_outs", 0)),
                bucks=_count(data.get("bucks", 0)),
                calls={str(k): _count(v) for k, v in dict(data.get("calls", {})).items()},
                short_hands=_count(data.get("short_hands", 0)),
                short_sides=_count(data.get("short_sides", 0)),
                dummies=_count(data.get("dummies", 0)),
                happened={str(k): _count(v) for k, v in dict(data.get("happened", {})).items()},
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not the raw sums of a run: {type(exc).__name__} {exc}") from None
        return stats

    # ------------------------------------------------------------------ derived figures

    @property
    def contracts(self) -> Outcome:
        """All contracts together."""
        made = sum(o.made for o in self.bids.values())
        failed = sum(o.failed for o in self.bids.values())
        return Outcome(made, failed)

    def kind_names(self) -> list[str]:
        """Kinds of contract seen, in reading order (:func:`~.figures.kind_order`)."""
        return sorted(self.kinds, key=kind_order)

    @property
    def of_tricks(self) -> int:
        """Contracts of tricks played (where contracts are read): those not to take no trick."""
        return sum(o.tried for k, o in self.kinds.items() if not k.endswith(MISERE))

    def bid_names(self, ladder: Sequence[str] = ()) -> list[str]:
        """Bid names seen, in ladder order first, then the others sorted."""
        known = [b for b in ladder if b in self.bids]
        return known + sorted(k for k in self.bids if k not in ladder)

    def summary(self, ladder: Sequence[str] = ()) -> dict[str, Any]:
        """The counts as plain JSON-ready data (bids in ``ladder`` order); the figures are
        :func:`hasenpfeffer.sim.estimates.figures`."""

        def outcome(o: Outcome) -> dict[str, int]:
            return {"made": o.made, "failed": o.failed}

        return {
            "games": self.games,
            "unfinished": self.unfinished,
            "wins": list(self.wins),
            "hands": self.hands,
            "bids": {k: outcome(self.bids[k]) for k in self.bid_names(ladder)},
            "contracts": outcome(self.contracts),
            "lone": outcome(self.lone),
            "lone_defence": outcome(self.lone_defence),
            "throw_ins": self.throw_ins,
            "played_out": self.played_out,
            "forced": self.forced,
            "kinds": {k: outcome(self.kinds[k]) for k in self.kind_names()},
            "slams": {k: self.slams[k] for k in self.bid_names(ladder) if k in self.slams},
            "weak_hands": dict(sorted(self.weak_hands.items())),
            "declarations": dict(sorted(self.declarations.items())),
            "drop_outs": self.drop_outs,
            "bucks": self.bucks,
            "calls": dict(sorted(self.calls.items())),
            "short_hands": self.short_hands,
            "short_sides": self.short_sides,
            "dummies": self.dummies,
            "happened": dict(sorted(self.happened.items())),
        }


def joined(spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of indices in order, those that meet or overlap made one.

    >>> joined([(4, 5), (0, 2), (2, 3), (5, 9)])
    [(0, 3), (4, 9)]
    """
    out: list[tuple[int, int]] = []
    for start, stop in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], stop))
        else:
            out.append((start, stop))
    return out


def _count(value: Any, signed: bool = False) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or (value < 0 and not signed):
        raise ValueError(f"expected a whole number, read {str(value)[:40]!r}")
    return value


def _ints(value: Any, length: int, signed: bool = False) -> list[int]:
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"expected a list of {length} whole numbers")
    return [_count(v, signed) for v in value]
