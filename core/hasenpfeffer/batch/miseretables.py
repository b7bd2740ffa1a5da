"""The tables the compiled misère estimates and card play read (:mod:`.misere_compiled`).

For each trump option ``ti`` (no-trump: the number of suits ``ns``): every card's effective
suit (``eff``) and strength (``power``), whether it beats every card of the other suits
(``trumping``, the ruleset's ``is_trump``) and whether it wins every trick (``every``: the
Joker ranked highest in no-trump), the trick keys by led effective suit (``key``, the
ruleset's ``winner_index`` and ``takers`` read them), and each effective suit's cards grouped
by strength as :class:`~hasenpfeffer.bots.misere.Misere` groups them: ``order[ti, s]`` its
card ids, the weakest first and by id within a strength (``-1`` beyond ``sizes[ti, s]``).

>>> from hasenpfeffer import load_variant
>>> m = build_misere(load_variant("five-hundred"))
>>> eff, power, every, trumping, key, order, sizes = m.arrays
>>> eff.shape, key.shape, order.shape, int(sizes[4].sum())  # no-trump: every card once
((5, 43), (5, 5, 43), (5, 5, 43), 43)
>>> [m.rules.names[c] for c in order[4, 4, : sizes[4, 4]]]  # the Joker alone at no-trump
['JK']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..bots.holdings import wins_every_trick
from ..bots.table import Table
from ..format.variant import Variant
from ..rules.plan import plan_for
from ..rules.ruleset import Ruleset, compile_variant


@dataclass(frozen=True)
class MisereTables:
    """The compiled misère functions' tables for one ruleset."""

    rules: Ruleset
    arrays: tuple[Any, ...]
    """``(eff, power, every, trumping, key, order, sizes)``, as :mod:`.misere_compiled` reads them."""


def misere_arrays(r: Ruleset) -> tuple[Any, ...]:
    """``(eff, power, every, trumping, key, order, sizes)`` of a ruleset (see the module)."""
    options, suits, faces = r.options, r.ns + 1, len(r.faces)  # by trump option, by effective suit
    every = [[wins_every_trick(r, c, ti) for c in range(faces)] for ti in range(options)]
    order = np.full((options, suits, faces), -1, dtype=np.int64)
    sizes = np.zeros((options, suits), dtype=np.int64)
    for ti in range(options):
        power = r.power[ti]
        for s in range(suits):
            members = [c for c in range(faces) if r.eff[ti][c] == s]
            ranked = sorted(members, key=lambda c: (power[c], c))
            order[ti, s, : len(ranked)] = ranked
            sizes[ti, s] = len(ranked)
    return (
        np.array(r.eff, dtype=np.int64).reshape(options, faces),
        np.array(r.power, dtype=np.int64).reshape(options, faces),
        np.array(every, dtype=np.bool_).reshape(options, faces),
        np.array(r.trumping, dtype=np.bool_).reshape(options, faces),
        np.array(r.key, dtype=np.int64).reshape(options, suits, faces),
        order,
        sizes,
    )


@functools.lru_cache(maxsize=64)
def build_misere(v: Variant | Ruleset) -> MisereTables:
    """The (cached) misère tables of a variant or a compiled ruleset."""
    r = v if isinstance(v, Ruleset) else compile_variant(v)
    return MisereTables(r, misere_arrays(r))


def table_args(r: Ruleset, t: Table) -> dict[str, Any]:
    """A misère table's fields as :func:`.misere_compiled.play` takes them (by keyword, all but
    ``m`` and ``legal``): ``ti``, ``maker`` (-1 for none), ``friends`` (bool by seat), the
    trick's ``trick_seats`` and ``trick_cards``, ``hand``, ``unseen``, ``active``,
    ``shown_seat`` (-1 for none) and ``shown_cards``, ``voids`` (bool by effective suit).

    >>> r = compile_variant(Variant(name="x"))
    >>> args = table_args(r, Table(1, r.ns, 0, frozenset({1, 3}), [(0, r.cid("AS"))], [], []))
    >>> args["maker"], args["friends"].tolist(), args["trick_cards"].tolist() == [r.cid("AS")]
    (0, [False, True, False, True], True)
    """
    friends = np.zeros(plan_for(r).n, dtype=np.bool_)
    friends[list(t.friends)] = True
    voids = np.zeros(r.ns + 1, dtype=np.bool_)
    voids[list(t.voids)] = True
    return {
        "ti": t.ti,
        "maker": -1 if t.maker is None else t.maker,
        "friends": friends,
        "trick_seats": np.array([q for q, _ in t.trick], dtype=np.int64),
        "trick_cards": np.array([c for _, c in t.trick], dtype=np.int64),
        "hand": np.array(t.hand, dtype=np.int64),
        "unseen": np.array(t.unseen, dtype=np.int64),
        "active": t.active,
        "shown_seat": -1 if t.shown is None else t.shown[0],
        "shown_cards": np.array([] if t.shown is None else t.shown[1], dtype=np.int64),
        "voids": voids,
    }
