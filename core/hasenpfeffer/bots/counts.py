"""Counting cards by suit and strength, for one trump option: the arithmetic the estimates rest on.

For counts of each card id (how many copies may be out), :func:`above` gives, for every card,
the copies of higher cards of its effective suit, and for every effective suit the copies in it;
it takes one pass over the suits from their highest card down.

>>> from hasenpfeffer.format.variant import Variant
>>> from hasenpfeffer.rules.ruleset import compile_variant
>>> r = compile_variant(Variant(name="x"))
>>> h = r.trump_id("H")
>>> order = ladders(r, h)
>>> counts = [1] * len(r.faces)
>>> higher, total = above(order, counts)
>>> higher[r.cid("JK")], higher[r.cid("JD")], higher[r.cid("AS")], higher[r.cid("9S")], total[h]
(0, 2, 0, 5, 8)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.ruleset import Ruleset

Ladder = tuple[tuple[int, ...], ...]
"""One effective suit's cards grouped by strength, the strongest group first."""


def ladders(rules: Ruleset, ti: int) -> tuple[Ladder, ...]:
    """For trump option ``ti``: each effective suit's ladder (suits, then the suitless Joker)."""
    eff, power = rules.eff[ti], rules.power[ti]
    out = []
    for suit in range(rules.ns + 1):
        cards = [c for c in range(len(rules.faces)) if eff[c] == suit]
        strengths = sorted({power[c] for c in cards}, reverse=True)
        out.append(tuple(tuple(c for c in cards if power[c] == p) for p in strengths))
    return tuple(out)


def above(order: Sequence[Ladder], counts: Sequence[int]) -> tuple[list[int], list[int]]:
    """(for each card, the ``counts`` of stronger cards of its effective suit; each suit's total)."""
    higher = [0] * len(counts)
    totals = []
    for ladder in order:
        run = 0
        for group in ladder:
            for c in group:
                higher[c] = run
            for c in group:
                run += counts[c]
        totals.append(run)
    return higher, totals
