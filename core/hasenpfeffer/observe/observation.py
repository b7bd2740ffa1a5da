"""A seat's :class:`~hasenpfeffer.engine.view.View` written into its observation vector.

Only the view is read, so nothing the seat may not know gets in: not the other hands, not the
widow unless the seat took it, not another seat's discards. The pieces are those of
:mod:`~hasenpfeffer.observe.layout`.

>>> from hasenpfeffer.engine.game import Game
>>> from hasenpfeffer.format.loader import load_variant
>>> variant = load_variant("euchre")
>>> g = Game(variant, seed=1)
>>> enc = encoder(variant)
>>> obs = enc.encode(g.view(2))
>>> obs.dtype, obs.shape, int(obs[enc.layout["hand"].start:enc.layout["hand"].stop].sum())
(dtype('float32'), (636,), 5)
>>> g.dealer, enc.pieces(obs)["dealer"], enc.pieces(obs)["turned"].nonzero()[0].size
(1, array([0., 0., 0., 1.], dtype=float32), 1)
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from ..engine.view import View
from ..format.cards import Card
from ..format.variant import Variant
from ..rules.ruleset import compile_variant
from .layout import IN_PLAY, SCORE_CLIP, has_term, layout, named_suits

Vector = npt.NDArray[np.float32]
"""An observation: a flat float32 array."""


class Encoder:
    """Writes views of one variant into vectors (build with :func:`encoder`, which caches)."""

    def __init__(self, variant: Variant, info_state: bool = False) -> None:
        self.layout = lay = layout(variant, info_state)
        rules = compile_variant(variant)
        self.n = n = variant.players
        self.card: dict[Card, int] = {face: i for i, face in enumerate(rules.faces)}
        self.weight = [1.0 / rules.deck.count(c) for c in range(len(rules.faces))]  # 1 / copies in the pack
        self.ncards = len(rules.faces)
        self.phase = {p: i for i, p in enumerate(lay.phases)}
        self.trump = {t: i for i, t in enumerate(lay.trumps)}
        self.bid = {b: i for i, b in enumerate(lay.bids)}
        self.suit = {x: i for i, x in enumerate(lay.suits)}
        ladder = variant.making.auction.ladder if lay.bids else ()
        self.terms: dict[str, tuple[int, ...]] = {
            b.name: tuple(i for i, t in enumerate(lay.terms) if has_term(b, t)) for b in ladder
        }
        """The places in the ``terms`` piece of each bid's terms."""
        self.column = lay.history_column
        teams = [variant.team_of(q) for q in range(n)]
        self.rel_side: list[list[int]] = []  # seat -> absolute side -> relative side
        for seat in range(n):
            order = list(dict.fromkeys(teams[(seat + k) % n] for k in range(n)))
            self.rel_side.append([order.index(side) for side in range(lay.sides)])
        self.tricks = variant.tricks_per_hand
        self.target = variant.game.scale
        self.deals = variant.game.deals
        self.at = {p.name: p.start for p in lay.pieces}

    def pieces(self, vector: Vector) -> dict[str, Vector]:
        """The vector cut into its named pieces, each in its shape."""
        return {p.name: vector[p.start : p.stop].reshape(p.shape) for p in self.layout.pieces}

    def encode(self, view: View) -> Vector:
        """The observation of ``view``."""
        at, n, card, w, ncards = self.at, self.n, self.card, self.weight, self.ncards
        seat = view.seat
        v: dict[int, float] = {}
        if view.to_move is not None:
            v[at["to_move"] + (view.to_move - seat) % n] = 1.0
        ph = self.phase.get(view.phase)
        if ph is not None:
            v[at["phase"] + ph] = 1.0
        v[at["dealer"] + (view.dealer - seat) % n] = 1.0
        o = at["hand"]
        for c in view.hand:
            ci = card[c]
            v[o + ci] = v.get(o + ci, 0.0) + w[ci]
        o = at["played"]
        plays = at.get("plays")
        seqs = [t.cards for t in view.tricks]
        if view.trick:
            seqs.append(view.trick)
        for t, cards in enumerate(seqs):
            for j, (q, c) in enumerate(cards):
                r, ci = (q - seat) % n, card[c]
                i = o + r * ncards + ci
                v[i] = v.get(i, 0.0) + w[ci]
                if plays is not None:
                    base = plays + (t * n + j) * (n + ncards)
                    v[base + r] = 1.0
                    v[base + n + card[c]] = 1.0
        if view.trick:
            o = at["trick"]
            for q, c in view.trick:
                v[o + ((q - seat) % n) * ncards + card[c]] = 1.0
            leader = view.trick[0][0]
            v[at["leader"] + (leader - seat) % n] = 1.0
            if len(view.trick) == 1 and view.to_move == leader and "calling" in at:
                v[at["calling"]] = 1.0  # the leader of the Joker is still to move: to name the suit
        o, width, column, k = at["history"], n + len(self.column), self.column, 0
        for a in view.history:
            if a.verb not in IN_PLAY and k < self.layout.history_slots:
                base = o + k * width
                v[base + (a.seat - seat) % n] = 1.0
                v[base + n + column[a[1:]]] = 1.0
                k += 1
        if "named" in at:
            self.write_named(view, v)
        if view.bid is not None and view.bid in self.bid:
            v[at["contract"] + self.bid[view.bid]] = 1.0
            for i in self.terms.get(view.bid, ()):
                v[at["terms"] + i] = 1.0
        if view.trump is not None:
            v[at["trump"] + self.trump[view.trump]] = 1.0
        if view.maker is not None:
            v[at["maker"] + (view.maker - seat) % n] = 1.0
        if view.alone and "alone" in at:
            for q in view.alone:
                v[at["alone"] + (q - seat) % n] = 1.0
            for q in view.sitting_out:
                v[at["sitting_out"] + (q - seat) % n] = 1.0
        if "partner" in at:
            if (called := view.called) is not None:
                v[at["called"] + card[called]] = 1.0
            for partner in view.partners:  # shown by the called card, or named
                v[at["partner"] + (partner - seat) % n] = 1.0
        if view.turned is not None and "turned" in at:
            v[at["turned"] + card[view.turned]] = 1.0
        first = view.history[:1]
        if first and first[0].verb == "suit" and "proposed" in at:  # the dealer named a turned Joker's suit
            v[at["proposed"] + self.suit[first[0].arg]] = 1.0
        if view.widow and "widow" in at:
            o = at["widow"]
            for c in view.widow:
                ci = card[c]
                v[o + ci] = v.get(o + ci, 0.0) + w[ci]
        if view.shown is not None and "shown" in at:
            o = at["shown"]
            for c in view.shown[1]:
                ci = card[c]
                v[o + ci] = v.get(o + ci, 0.0) + w[ci]
        if "seen" in at:
            others = dict(view.seen)
            if view.shown is not None and view.shown[0] != seat:
                others[view.shown[0]] = view.shown[1]
            for q, held in others.items():
                o = at["seen"] + ((q - seat) % n) * ncards
                for x in held:
                    ci = card[x]
                    v[o + ci] = v.get(o + ci, 0.0) + w[ci]
        rel = self.rel_side[seat]
        o = at["tricks_won"]
        for side, won in enumerate(view.tricks_won):
            if won:
                v[o + rel[side]] = won / self.tricks
        o = at["scores"]
        for side, score in enumerate(view.scores):
            if score:
                v[o + rel[side]] = min(SCORE_CLIP, max(-SCORE_CLIP, score / self.target))
        if self.deals is not None:
            v[at["deal"]] = min(1.0, view.deal / self.deals)
        if view.barred and "barred" in at:
            for suit in view.barred:
                v[at["barred"] + self.suit[suit]] = 1.0
        if view.imposed is not None and "imposed" in at:
            v[at["imposed"] + self.suit[view.imposed]] = 1.0
        if view.resting is not None and "resting" in at:
            v[at["resting"] + (view.resting - seat) % n] = 1.0
        out = np.zeros(self.layout.size, np.float32)
        out[np.fromiter(v, np.intp, len(v))] = np.fromiter(v.values(), np.float32, len(v))
        return out

    def write_named(self, view: View, v: dict[int, float]) -> None:
        """The suits named after a led Joker: the current trick's in ``named``, each trick's in
        ``named_suits`` (the information state)."""
        at, suit, current = self.at, self.suit, len(view.tricks)
        for t, x in named_suits(view):
            if t == current:
                v[at["named"] + suit[x]] = 1.0
            if "named_suits" in at:
                v[at["named_suits"] + t * len(suit) + suit[x]] = 1.0


@functools.lru_cache(maxsize=128)
def encoder(variant: Variant, info_state: bool = False) -> Encoder:
    """The (cached) encoder of a variant's observation, or of its information state."""
    return Encoder(variant, info_state)
