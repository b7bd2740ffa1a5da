"""The compiled greedy bot's tables (it plays every variant the compiled engine covers).

The compiled kernel plays a seat as the ``greedy`` bot (:mod:`.greedy_compiled`) from the hand
evaluator's tables (:class:`~hasenpfeffer.bots.handeval.Evaluator`: effective suits, powers,
ruffs, the partners' calibration) and, for each contract the hand may be played in (each bid
of the ladder, the forced bid, an order-up), the bot's terms (tricks needed, the trump a bid
names, a lone contract) and its outcome values by tricks taken, alone or not, against a lone
defender or not: the expected score is then a dot product in the kernel, the bot's own.

>>> from hasenpfeffer import load_variant
>>> arrays = build_greedy(load_variant("euchre")).arrays
>>> len(arrays), arrays[5].shape  # the outcome values: the ladder's 6 bids, the forced bid, the order-up
(14, (8, 2, 2, 6))

Each :func:`build_greedy` call gets its own working arrays (the last three: scratch and the
memo of bidding estimates that :mod:`.greedy_compiled` writes), so that two runs never share them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..bots.greedy import ALONE_SURE, BID_MARGIN, contract_terms
from ..bots.handeval import PARTNER, Evaluator
from ..bots.holdings import wins_every_trick
from ..format.variant import Variant
from ..rules.plan import Plan, plan_for
from ..rules.ruleset import compile_variant
from .coverage import refusal
from .miseretables import build_misere

# a contract row's columns (the ladder's bids, the forced bid, then the order-up's contract)
R_NEED, R_TRUMP, R_ALONE, R_OPEN, R_NAMED, R_MISERE, R_SHOWN, R_SHOWN_LEAD, R_COLS = range(9)
# whole numbers: partners in the hand, tricks and cards of a hand, the widow, whether the ladder
# has contracts, the order-up's row, the defenders of a maker
GI_PARTNERS, GI_TRICKS, GI_HS, GI_WIDOW, GI_CONTRACTS, GI_ORDER_ROW, GI_DEFENDERS, GI_COLS = range(8)
# fractions: the partners' calibration, the long-hand weight, the margin to bid, the sureness to go alone
GF_PARTNER, GF_LONG, GF_MARGIN, GF_SURE, GF_COLS = range(5)
MEMO = 8
"""Bidding estimates the memo keeps (a seat's hand and unseen cards stay the same through an
auction, so each of its bids after the first finds them there)."""
# a memo row: whether it is filled, the hand's size, the options', the trumps kept, alone or
# not, the trumps found; then the hand, the options, the unseen cards and the trumps found
M_FULL, M_HAND, M_OPTIONS, M_BEST, M_ALONE, M_TOP, M_COLS = range(7)


@dataclass(frozen=True)
class Greedy:
    """The compiled greedy bot's tables for one variant."""

    arrays: tuple[Any, ...]
    """``(eff, power, every, trumping, ruff, ov, rows, counts0, gi, gf, misere, gw, memo, dists)``,
    as :mod:`.greedy_compiled` reads them: the tables (``misere``:
    :attr:`.miseretables.MisereTables.arrays`), then working arrays (:func:`workspace`)."""


def build_greedy(v: Variant) -> Greedy:
    """The greedy tables of a variant the compiled greedy bot plays (ValueError, in one line,
    for another), with working arrays of their own."""
    tables = _tables(v)
    eff, gi = tables[0], tables[8]
    faces, options = eff.shape[1], eff.shape[0]
    return Greedy((*tables, *workspace(faces, int(tables[7].sum()), options, int(gi[GI_TRICKS]))))


def workspace(faces: int, deck: int, options: int, tricks: int) -> tuple[Any, Any, Any]:
    """The working arrays of the compiled greedy bot: integer scratch ``gw`` (the next memo row
    to fill, then room for the unseen cards, a hand and a count by suit), and the memo of bidding
    estimates: a row of keys and trumps found (``M_COLS``, then the hand, the options, the
    unseen cards and the trumps) and their distributions, by row.

    >>> [a.shape for a in workspace(25, 25, 5, 6)]
    [(66,), (8, 66), (8, 5, 2, 7)]
    """
    gw = np.zeros(1 + faces + deck + 3 * options, dtype=np.int64)
    memo = np.zeros((MEMO, M_COLS + deck + options + faces + options), dtype=np.int64)
    dists = np.zeros((MEMO, options, 2, tricks + 1), dtype=np.float64)
    return gw, memo, dists


def partners(plan: Plan) -> int:
    """``GreedyBot.partners`` of a seat before anyone sits out (every side the same size: the
    coverage): its team's other seats (the partner a maker calls), and the dummies that play for
    the maker."""
    team = 1 if plan.calls else len(plan.teams[plan.side_of[0]]) - 1  # the called partner
    return team + plan.dealing.floating_dummies


def defenders(plan: Plan) -> int:
    """``GreedyBot.defenders``: the seats that defend against a maker (every side the same size),
    no dummy taken into hand among them."""
    team = plan.teams[plan.side_of[0]]
    if plan.merged:
        return sum(1 for q in range(plan.n) if q not in team and not plan.dummy[q])
    return plan.n - len(team) - plan.dealing.floating_dummies


@functools.lru_cache(maxsize=64)
def _tables(v: Variant) -> tuple[Any, ...]:
    """The (cached) tables of :func:`build_greedy`, which no kernel writes."""
    why = refusal(v, bots=["greedy"])
    if why is not None:
        raise ValueError(why)
    ev = Evaluator(v, compiled=False)
    r = compile_variant(v)
    plan = plan_for(r)
    options, faces = r.options, len(r.faces)
    ladder = plan.ladder  # its rows stand in the kernel's tables whatever the method
    names: list[str | None] = [b.name for b in ladder]
    names.append(plan.all_pass.bid)  # the bid a forced player is made to make
    names.append(None)  # an order-up's contract (no bid named)
    tricks = v.tricks_per_hand
    ov = np.zeros((len(names), 2, 2, tricks + 1), dtype=np.float64)
    rows = np.zeros((len(names), R_COLS), dtype=np.int64)
    for i, name in enumerate(names):
        need, mult, b = contract_terms(v, name)
        for alone in (0, 1):
            for lone_def in (0, 1):
                ov[i, alone, lone_def] = ev.outcome_values(need, mult, bool(alone), bool(lone_def), False, b)
        rows[i, R_NEED] = need
        rows[i, R_TRUMP] = -1 if b is None or b.trump is None else r.trump_index[b.trump]
        rows[i, R_ALONE] = int(b is not None and b.alone)
        rows[i, R_OPEN] = int(b is None or (b.trump is None and b.objective == "tricks"))
        rows[i, R_NAMED] = int(b is not None and b.trump is not None and b.objective == "tricks")
        rows[i, R_MISERE] = int(b is not None and b.objective == "none")
        rows[i, R_SHOWN] = int(b is not None and b.open)
        rows[i, R_SHOWN_LEAD] = int(b is not None and b.open and b.open_from == "lead")
    gi = np.zeros(GI_COLS, dtype=np.int64)
    gi[GI_PARTNERS] = partners(plan)
    gi[GI_TRICKS] = tricks
    gi[GI_HS] = plan.hand_size
    gi[GI_WIDOW] = plan.dealing.widow_cards
    gi[GI_CONTRACTS] = int(plan.auction and any(b.contract for b in ladder))
    gi[GI_ORDER_ROW] = len(names) - 1
    gi[GI_DEFENDERS] = defenders(plan)
    gf = np.zeros(GF_COLS, dtype=np.float64)
    gf[GF_PARTNER], gf[GF_LONG], gf[GF_MARGIN], gf[GF_SURE] = PARTNER, ev.long, BID_MARGIN, ALONE_SURE
    counts0 = np.zeros(faces, dtype=np.int64)
    for c in r.deck:
        counts0[c] += 1
    every = [[wins_every_trick(r, c, ti) for c in range(faces)] for ti in range(options)]
    arrays: tuple[Any, ...] = (
        np.array(r.eff, dtype=np.int64).reshape(options, faces),
        np.array(r.power, dtype=np.int64).reshape(options, faces),
        np.array(every, dtype=np.bool_).reshape(options, faces),
        np.array(r.trumping, dtype=np.bool_).reshape(options, faces),
        np.array(ev.ruffs, dtype=np.float64),
        ov,
        rows,
        counts0,
        gi,
        gf,
        build_misere(r).arrays,
    )
    return arrays


def empty_greedy(v: Variant) -> Greedy:
    """Tables of the greedy layout that no seat reads (every seat random): the kernel's
    arguments keep one type, so it compiles once."""
    z2 = np.zeros((1, 1), dtype=np.int64)
    b2 = np.zeros((1, 1), dtype=np.bool_)
    f1 = np.zeros(GF_COLS, dtype=np.float64)
    z3 = np.zeros((1, 1, 1), dtype=np.int64)
    misere = (z2, z2, b2, b2, z3, z3, z2)
    arrays = (z2, z2, b2, b2, f1, np.zeros((1, 2, 2, 1), dtype=np.float64), np.zeros((1, R_COLS), dtype=np.int64),
              np.zeros(1, dtype=np.int64), np.zeros(GI_COLS, dtype=np.int64), f1, misere,
              *workspace(1, 1, 1, 0))  # fmt: skip
    return Greedy(arrays)
