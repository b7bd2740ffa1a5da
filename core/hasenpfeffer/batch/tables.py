"""A covered variant as numpy tables for the compiled kernel.

Card ids, effective suits and trick keys per trump option come from the compiled ruleset
(:mod:`hasenpfeffer.rules.ruleset`), action ids from the variant's action space
(:mod:`hasenpfeffer.rules.actionspace`), and the rest of the rules are whole numbers in one
parameter vector, whose indexes (``N``, ``HS``...) are declared once, with their sources and
docs, in :mod:`.params` (and read here, as ``t.N``, by the kernels).

>>> from hasenpfeffer import load_variant
>>> t = build(load_variant("euchre"))
>>> int(t.params[N]), int(t.params[HS]), int(t.params[KS]), int(t.params[PASS_ID])
(4, 5, 4, 48)
>>> t.bid_names[t.params[L]], t.points.shape
('', (5, 16))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..engine.dealing import deal_order
from ..format.cards import RANKS
from ..format.variant import Points, Variant, WeakHand
from ..rules.actionspace import action_space
from ..rules.plan import Plan, plan_for
from ..rules.ruleset import Ruleset, compile_variant
from .coverage import refusal
from .params import *  # noqa: F403  (the indexes, as the kernels read them: t.N)
from .params import DC_GROUPS, HS, KS, W_WIDTH, N, Source, fixed

# columns of a bid's row (the ladder, then the bid a forced player is made to make)
(B_TRICKS, B_MULT, B_TRUMP, B_NONE, B_HAS_POINTS, B_POINTS, B_HAS_FAILED, B_FAILED) = range(8)
(B_FAILED_TO, B_ALONE, B_DEF_SCORE, B_PLACES, B_OVER, BID_COLS) = range(8, 14)
# points kinds, and the columns of a points row (then has-table and table by tricks)
MADE, MADE_ALONE, FAILED, FAILED_DEF, DEFENDERS = range(5)
P_FIXED, P_TRICK, P_BID, P_TO, P_TABLE = range(5)


@dataclass(frozen=True)
class Tables:
    """The arrays the kernel plays a variant from."""

    params: NDArray[np.int64]
    failure_multiplier: float
    deck: NDArray[np.int64]
    eff: NDArray[np.int64]
    """By trump option (suits, then no-trump) and card: the card's effective suit."""
    key: NDArray[np.int64]
    """By trump option, effective suit led and card: the card's strength in the trick."""
    suit_of: NDArray[np.int64]
    trump_ids: NDArray[np.int64]
    """By trump option and alone (0, 1): the action id of ``trump X`` (-1: not an action)."""
    bids: NDArray[np.int64]
    points: NDArray[np.int64]
    bid_names: tuple[str, ...]
    """The ladder's names, then the forced bid's name where it is not in the ladder ("")."""


def room_per_hand(p: NDArray[np.int64]) -> int:
    """Room for one hand's decisions (action ids) in a log, from the parameters ``p``: every
    card, a few calls per seat, the kitty's discards and some to spare.

    >>> from hasenpfeffer import load_variant
    >>> room_per_hand(build(load_variant("euchre")).params)
    52
    """
    return int(p[N] * p[HS] + 5 * p[N] + p[KS] + 8)


def _points(p: Points | None, hs: int, to: str = "makers") -> list[int]:
    if p is None:
        return [0] * (P_TABLE + 2 * (hs + 1))
    has_t = [int(t in p.table) for t in range(hs + 1)]
    tab = [p.table.get(t, 0) for t in range(hs + 1)]
    return [p.fixed, p.per_trick, p.per_bid_trick, int(to == "opponents"), *has_t, *tab]


def _bids(rules: Ruleset, plan: Plan) -> tuple[list[list[int]], tuple[str, ...]]:
    ladder, index = plan.ladder, plan.bid_index
    trumps = rules.trump_index
    rows = []
    for b in ladder:
        places = sum(1 << (q - 1) for q in b.positions) if b.positions is not None else (1 << 8) - 1
        rows.append(
            [
                b.tricks,
                b.multiplier,
                -1 if b.trump is None else trumps[b.trump],
                int(b.objective == "none"),
                int(b.points is not None),
                b.points or 0,
                int(b.failed_points is not None),
                b.failed_points or 0,
                -1 if b.failed_to is None else int(b.failed_to == "opponents"),
                int(b.alone),
                int(b.defenders_score),
                places,
                -1 if b.only_over is None else index[b.only_over],
            ]
        )
    forced = plan.all_pass.bid
    tricks = int(forced) if forced.isdigit() else 1
    rows.append([tricks, 1, -1, 0, 0, 0, 0, 0, -1, 0, 1, (1 << 8) - 1, -1])
    return rows, (*(b.name for b in ladder), "" if forced in index else forced)


def _seats(plan: Plan) -> list[int]:
    """Each seat's row (:data:`SEAT_DEALT`...), from the plan."""
    rows: list[int] = []
    for q in range(plan.n):
        taker = plan.dealing.takers[q]
        rows += [
            plan.dealt[q],
            sum(plan.dealt[:q]),
            plan.speaks[q],
            plan.next_dealer[q],
            plan.first_dealer[q],
            taker,
            q % plan.sides,
        ]
    return rows


def _rank(r: str) -> int:
    return RANKS.index(r) if r in RANKS else len(RANKS)


def _weak(w: WeakHand) -> list[int]:
    """A weak-hand rule's row: its action, its tests (ranks as a mask; -1: all, or no most)."""
    row = [int(w.action == "swap"), int(w.optional), w.cards, int(w.dealer == "same-dealer"), len(w.when)]
    for test in w.when:
        mask = sum(1 << _rank(r) for r in set(test.ranks))
        least = -1 if test.at_least == "all" else test.at_least
        row += [mask, least, -1 if test.at_most is None else test.at_most, int(test.one_rank)]
    return row + [0] * (W_WIDTH - len(row))


def _sections(src: Source) -> dict[str, list[int]]:
    """The variable-length sections after the fixed part (:data:`.params.SECTIONS`), by name."""
    rules, plan = src.rules, src.plan
    faces = range(len(rules.faces))
    decl: list[int] = []
    for d in plan.score.declarations:
        ranked = d.holding == "ranks"
        tops = [() if ranked else rules.top_trumps(ti, d.cards) for ti in range(rules.options)]
        groups = list(d.pattern) if ranked else []
        decl += [d.points, int(ranked), int(d.wins_game), *groups, *[0] * (DC_GROUPS - len(groups))]
        decl += [sum(1 << c for c in top) if len(top) == d.cards else -1 for top in tops]
    return {
        "weak": [x for w in plan.dealing.weak_hands for x in _weak(w)],
        "rank": [_rank(f.rank) for f in rules.faces],
        "decl": decl,
        "power": [int(rules.power[ti][c]) for ti in range(rules.options) for c in faces],
        "deal": [x for dealer in range(plan.n) for at in deal_order(plan, dealer) for x in at],
        "seats": _seats(plan),
        "exb": [int(x) for x in plan.lone.exchange_bids],
        "must": [x for entry in plan.ordering.must_order for x in entry],
    }


@functools.lru_cache(maxsize=64)
def build(v: Variant) -> Tables:
    """The (cached) tables of a covered variant (ValueError, in one line, for one not covered)."""
    why = refusal(v)
    if why is not None:
        raise ValueError(why)
    rules = compile_variant(v)
    src = Source(rules, plan_for(rules), action_space(v))
    plan, hs = src.plan, src.plan.hand_size
    trump_ids = np.full((rules.options, 2), -1, dtype=np.int64)
    for ti, name in enumerate(rules.trump_names):
        for lone in (0, 1):
            key = ("trump", name, bool(lone))
            if key in src.space.keys:
                trump_ids[ti, lone] = src.space.keys.index(key)
    p = fixed(src)
    for name, part in _sections(src).items():
        assert len(p) == src.at[name], name
        p += part
    assert len(p) == src.at["end"]
    sc = plan.score
    fad = sc.failed_alone_defence
    points = [
        _points(sc.made, hs),
        _points(sc.made_alone, hs),
        _points(sc.failed, hs, sc.failed.to),
        _points(fad, hs, "makers" if fad is None else fad.to),
        _points(sc.defenders, hs),
    ]
    rows, names = _bids(rules, plan)
    suit_of = [-1 if f.is_joker else rules.suits.index(f.suit) for f in rules.faces]
    return Tables(
        params=np.array(p, dtype=np.int64),
        failure_multiplier=float(plan.all_pass.failure_multiplier),
        deck=np.array(rules.deck, dtype=np.int64),
        eff=np.array(rules.eff, dtype=np.int64),
        key=np.array(rules.key, dtype=np.int64),
        suit_of=np.array(suit_of, dtype=np.int64),
        trump_ids=trump_ids,
        bids=np.array(rows, dtype=np.int64),
        points=np.array(points, dtype=np.int64),
        bid_names=names,
    )
