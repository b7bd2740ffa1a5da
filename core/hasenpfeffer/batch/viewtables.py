"""The tables the kernel writes a seat's observation with (:mod:`.view_compiled`), from the
variant's layout (:mod:`hasenpfeffer.observe.layout`): where each piece starts, each phase's
and bid's place, and each action id's column in the ``history`` piece. The vector
environments and the learned bot of whole games (:mod:`.learned_compiled`) read the same
tables.

>>> from hasenpfeffer import load_variant
>>> vt = view_tables(load_variant("euchre"))
>>> vt.at.shape == (len(PIECES) + 3,), vt.slots > 0, int(vt.hcol.max()) >= 0
(True, True, True)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..format.variant import Variant
from ..observe.layout import has_term, layout
from ..rules import mechanisms as has
from ..rules.actionspace import action_space

PIECES: tuple[str, ...] = ("to_move", "phase", "dealer", "hand", "played", "trick", "leader", "named")
PIECES += ("calling", "trump", "maker", "alone", "sitting_out", "turned", "tricks_won", "scores")
PIECES += ("contract", "terms", "widow", "shown", "history", "proposed", "called", "partner", "deal")
PIECES += ("barred", "resting", "imposed")
"""The layout's pieces the kernel writes, in the order of its offsets (``batch.phases.layout.O_*``,
which go on with the width of a ``history`` row and the column of another seat's discard)."""


class ViewTables(NamedTuple):
    """The observation's tables: the pieces' offsets (``at``), each kernel phase's place in the
    ``phase`` piece, each bid's rows (:func:`bid_observations`), each action id's history column
    (-1: not kept) and the decisions the history keeps (``slots``)."""

    at: NDArray[np.int64]
    phase_at: NDArray[np.int64]
    bid_obs: NDArray[np.int64]
    hcol: NDArray[np.int64]
    slots: int


def bid_observations(variant: Variant) -> NDArray[np.int64]:
    """Per bid of the ladder, then the forced bid: its place in the ``contract`` piece, those of
    its terms in ``terms`` (-1: none), and when its hand is shown: 0 never, 1 after the first
    trick, 2 from the lead (``batch.phases.layout.BO_*``)."""
    lay = layout(variant)
    ladder = variant.making.auction.ladder if has.auction(variant) else ()
    rows = [[-1, -1, -1, 0] for _ in range(len(ladder) + 1)]
    for i, b in enumerate(ladder):
        rows[i][0] = lay.bids.index(b.name) if b.name in lay.bids else -1
        for col, term in ((1, "misere"), (2, "open")):
            if term in lay.terms and has_term(b, term):
                rows[i][col] = lay.terms.index(term)
        rows[i][3] = (2 if b.open_from == "lead" else 1) if b.open else 0
    return np.array(rows, dtype=np.int64)


def view_tables(variant: Variant) -> ViewTables:
    """The observation's tables of ``variant`` (ValueError where its layout has a piece the
    kernel does not write)."""
    from .phases import layout as ly  # beside the kernel: imports numba

    lay, space = layout(variant), action_space(variant)
    unwritten = [piece.name for piece in lay.pieces if piece.name not in PIECES]
    if unwritten:
        raise ValueError(f"the compiled engine does not write {', '.join(unwritten)}")
    column = lay.history_column
    hidden = [column.get((verb, "", False), -1) for verb in ("discard", "give")]
    at = [lay[name].start if name in lay else -1 for name in PIECES]
    return ViewTables(
        np.array([*at, variant.players + len(column), *hidden], dtype=np.int64),
        np.array([lay.phases.index(x) if x in lay.phases else -1 for x in ly.PHASE_NAMES], dtype=np.int64),
        bid_observations(variant),
        np.array([column.get(key, -1) for key in space.keys], dtype=np.int64),
        lay.history_slots,
    )
