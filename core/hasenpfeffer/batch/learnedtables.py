"""The learned bots' networks as the kernel reads them (:mod:`.learned_compiled`).

Each seat played by a learned bot (``learned:FILE``, :mod:`hasenpfeffer.bots.learned`) gets
its policy network's layers in one flat float32 array of every policy's weights: a row of
``lay`` by seat holds the count of layers, then per layer its inputs, outputs and the
offsets of its weights and biases. A hidden layer's weights are kept ``[inputs, outputs]``
(a row added per input that is not zero), the last layer's ``[outputs, inputs]`` (a dot
product per legal id). Two seats of one file share its weights.

>>> from hasenpfeffer import load_variant
>>> v = load_variant("euchre")
>>> wts, lay, o, h = learned_tables(v, ["learned:policies/euchre.policy", "greedy"] * 2)
>>> lay[:, 0].tolist(), lay[0, 1:5].tolist()[:2], wts.dtype, o.shape, h.shape
([3, 0, 3, 0], [636, 256], dtype('float32'), (636,), (2, 636))
>>> learned_tables(v, ["greedy"] * 4) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..bots.learned import MAX_LAYERS, load_bot_file
from ..bots.registry import LEARNED, is_learned
from ..format.variant import Variant

LAYER_W = 4
"""A layer's columns in a row of ``lay``: inputs, outputs, weights' offset, biases' offset."""


def learned_tables(variant: Variant, specs: Sequence[str]) -> tuple[Any, ...] | None:
    """The networks of the seats ``specs`` gives a learned bot, checked against ``variant``
    (:class:`~hasenpfeffer.bots.learned.PolicyError` otherwise): the weights, ``lay`` by seat
    (:data:`LAYER_W` columns a layer), and scratch for an observation and two layers' values;
    None where no seat is learned."""
    parts: list[Any] = []
    lay = np.zeros((len(specs), 1 + MAX_LAYERS * LAYER_W), dtype=np.int64)
    done: dict[str, list[int]] = {}
    size, width = 1, 1
    for q, spec in enumerate(specs):
        if not is_learned(spec):
            continue
        rest = spec.strip().removeprefix(LEARNED)
        if rest not in done:
            bot = load_bot_file(rest)
            bot.check(variant)
            row, at = [len(bot.policy.policy)], sum(int(x.size) for x in parts)
            for i, (w, b) in enumerate(bot.policy.policy):
                last = i == len(bot.policy.policy) - 1
                kept = np.ascontiguousarray(w.T if last else w, dtype=np.float32).ravel()
                row += [int(w.shape[0]), int(w.shape[1]), at, at + kept.size]
                parts += [kept, np.asarray(b, dtype=np.float32)]
                at += kept.size + b.size
                if not last:
                    width = max(width, int(w.shape[1]))
            size = max(size, int(bot.policy.policy[0][0].shape[0]))
            done[rest] = row
        lay[q, : len(done[rest])] = done[rest]
    if not done:
        return None
    wts = np.concatenate(parts) if parts else np.zeros(1, np.float32)
    return wts, lay, np.zeros(size, dtype=np.float32), np.zeros((2, max(width, size)), dtype=np.float64)
