"""Every seat's observation kept up to date from the events each action returns.

Building a :class:`~hasenpfeffer.engine.view.View` and writing it out costs tens of
microseconds; an environment stepped millions of times keeps the vectors instead. Each event
is written into each seat's vector as that seat sees it (another seat's discard or gift
without its card), and the public facts of the moment (the seat to move, the phase, trump,
the maker, who is alone, the scores) and the seat's own hand are read from the game's state by
card id (:func:`~hasenpfeffer.engine.game.actual_state`) when a vector is asked for. The result equals :meth:`Encoder.encode` of ``game.view(seat)`` at
every step: the tests check it over random games of every built-in variant.

>>> from hasenpfeffer.engine.game import Game
>>> from hasenpfeffer.format.loader import load_variant
>>> from hasenpfeffer.observe.observation import encoder
>>> g = Game(load_variant("euchre"), seed=5)
>>> t = Tracker(g.variant)
>>> t.start(g)
>>> for _ in range(12):
...     t.feed(g.apply(g.legal_actions()[-1]))
>>> all((t.observe(g, s) == encoder(g.variant).encode(g.view(s))).all() for s in range(4))
True
"""

from __future__ import annotations

import numpy as np

from ..engine.events import (
    CardPlayed,
    CardsDiscarded,
    CardsGiven,
    DummyPlayed,
    Event,
    HandDealt,
    HandShown,
    PartnerCalled,
    PartnerRevealed,
    SuitNamed,
    TrickWon,
    TurnedSuitNamed,
    WidowTaken,
)
from ..engine.game import Game, actual_state
from ..format.variant import Variant
from ..observe.layout import HIDDEN, SCORE_CLIP
from ..observe.observation import Vector, encoder
from ..rules.plan import plan_for

_HIDDEN_TYPES = (CardsDiscarded, CardsGiven)


class Tracker:
    """The observations of every seat of one game, fed with its events."""

    def __init__(self, variant: Variant) -> None:
        enc = self.enc = encoder(variant)
        lay = enc.layout
        self.n = n = enc.n
        self.size = size = lay.size
        c = enc.ncards
        at = self.at = enc.at
        self.flat = np.zeros(n * size, np.float32)
        self.rows = self.flat.reshape(n, size)
        self.card_id = {name: i for i, name in enumerate(lay.cards)}
        seats = np.arange(n)
        # For an acting seat q: the offset in each seat's row of q's relative slot, per piece.
        self.played_at = [seats * size + at["played"] + ((q - seats) % n) * c for q in range(n)]
        self.trick_at = [seats * size + at["trick"] + ((q - seats) % n) * c for q in range(n)]
        self.leader_at = [seats * size + at["leader"] + (q - seats) % n for q in range(n)]
        self.seat_at = [seats * size + at["history"] + (q - seats) % n for q in range(n)]
        self.partner_at = [seats * size + at.get("partner", 0) + (q - seats) % n for q in range(n)]
        self.won_at = [
            np.array([s * size + at["tricks_won"] + enc.rel_side[s][side] for s in range(n)])
            for side in range(lay.sides)
        ]
        self.width = n + len(enc.column)
        # the trick, its leader and the suit named to follow (which comes right after the leader)
        self.trick_span = (at["trick"], at["named"] + len(enc.suit) if "named" in at else at["leader"] + n)
        self.shown: int | None = None  # the seat whose hand is open
        self.side_of = [variant.team_of(q) for q in range(n)]
        self.side_now = self.side_of[:]  # a dummy plays for its controller's side this hand
        self.exposed: int | None = None  # the dummy laid face up to all
        self.hidden = {key[0]: enc.column[key] for key in HIDDEN if key in enc.column}
        self.cards_in_trick = 0
        self.k = 0
        self.won = [0] * lay.sides
        self.called: int | None = None  # the card called for a partner, until its holder shows it

    def start(self, game: Game) -> None:
        """Start from a game: its current hand's events so far."""
        events = game.events
        i = max(i for i, e in enumerate(events) if isinstance(e, HandDealt))
        self.feed(events[i:])

    def feed(self, events: list[Event]) -> None:
        """Write events (those ``game.apply`` returned) into every seat's vector."""
        flat = self.flat
        for e in events:
            if type(e) is PartnerCalled and e.card is not None:  # also an action, written below
                self.called = self.card_id[e.card]
                self.rows[:, self.at["called"] + self.called] = 1.0
            elif type(e) is PartnerCalled and e.partner is not None:  # a seat named: known to all
                flat[self.partner_at[e.partner]] = 1.0
            if isinstance(e, CardPlayed):
                q, ci = e.seat, self.card_id[e.card]
                flat[self.played_at[q] + ci] += self.enc.weight[ci]
                flat[self.trick_at[q] + ci] = 1.0
                if not self.cards_in_trick:
                    flat[self.leader_at[q]] = 1.0
                self.cards_in_trick += 1
            elif isinstance(e, TrickWon):
                lo, hi = self.trick_span
                self.rows[:, lo:hi] = 0.0
                self.cards_in_trick = 0
                side = self.side_now[e.winner]
                self.won[side] += 1
                flat[self.won_at[side]] = self.won[side] / self.enc.tricks
            elif isinstance(e, TurnedSuitNamed):
                if "proposed" in self.at:
                    self.rows[:, self.at["proposed"] + self.enc.suit[e.suit]] = 1.0
            elif isinstance(e, SuitNamed):
                self.rows[:, self.at["named"] + self.enc.suit[e.suit]] = 1.0
            elif isinstance(e, HandShown):
                self.shown = e.seat
            elif isinstance(e, PartnerRevealed):
                self.called = None
                flat[self.partner_at[e.seat]] = 1.0
            elif isinstance(e, DummyPlayed):
                self.side_now[e.seat] = self.side_of[e.by]
                if e.cards:
                    self.exposed = e.seat
            elif isinstance(e, HandDealt):
                flat[:] = 0.0
                self.cards_in_trick = self.k = 0
                self.shown = self.called = self.exposed = None
                self.side_now = self.side_of[:]
                self.won = [0] * len(self.won)
                if e.turned is not None and "turned" in self.at:
                    self.rows[:, self.at["turned"] + self.card_id[e.turned]] = 1.0
            elif isinstance(e, WidowTaken) and "widow" in self.at:
                o = self.at["widow"]
                for card in e.cards:
                    ci = self.card_id[card]
                    self.rows[e.seat, o + ci] += self.enc.weight[ci]
            elif (a := e.action) is not None and self.k < self.enc.layout.history_slots:
                base = self.k * self.width + self.enc.n
                flat[self.seat_at[a.seat] + self.k * self.width] = 1.0
                col = self.enc.column[a[1:]]
                if isinstance(e, _HIDDEN_TYPES):
                    self.rows[:, self.at["history"] + base + self.hidden[a.verb]] = 1.0
                    self.rows[a.seat, self.at["history"] + base + self.hidden[a.verb]] = 0.0
                    self.rows[a.seat, self.at["history"] + base + col] = 1.0
                else:
                    self.rows[:, self.at["history"] + base + col] = 1.0
                self.k += 1

    def observe(self, game: Game, seat: int) -> Vector:
        """``seat``'s observation now (a new array)."""
        at, n, enc = self.at, self.n, self.enc
        out: Vector = self.rows[seat].copy()
        to_move = game.to_move
        if to_move is not None:
            out[at["to_move"] + (to_move - seat) % n] = 1.0
        ph = enc.phase.get(game.phase)
        if ph is not None:
            out[at["phase"] + ph] = 1.0
        out[at["dealer"] + (game.dealer - seat) % n] = 1.0
        o, w, now = at["hand"], enc.weight, actual_state(game)
        for c in now.hands[seat] if now.blind_seat != seat else ():  # a dealer naming blind sees none
            out[o + c] += w[c]
        trick = now.trick
        if len(trick) == 1 and trick[0][0] == to_move and "calling" in at:
            out[at["calling"]] = 1.0
        bid = now.bid_name
        if bid is not None and bid in enc.bid:
            out[at["contract"] + enc.bid[bid]] = 1.0
            for i in enc.terms.get(bid, ()):
                out[at["terms"] + i] = 1.0
        ti = now.trump_i
        if ti is not None:
            out[at["trump"] + enc.trump[game.rules.trump_names[ti]]] = 1.0
        maker = now.maker
        if maker is not None:
            out[at["maker"] + (maker - seat) % n] = 1.0
            lone = now.def_alone
            if (now.alone or lone is not None) and "alone" in at:
                o = at["alone"]
                if now.alone:
                    out[o + (maker - seat) % n] = 1.0
                if lone is not None:
                    out[o + (lone - seat) % n] = 1.0
                o = at["sitting_out"]
                for q, sits in enumerate(now.out):
                    if sits:
                        out[o + (q - seat) % n] = 1.0
        called = self.called
        if called is not None and seat != now.maker and called in now.hands[seat]:
            out[at["partner"]] = 1.0  # this seat holds the called card: it is the partner
        if self.shown is not None and "shown" in at:
            o = at["shown"]
            for c in now.hands[self.shown]:
                out[o + c] += w[c]
        if "seen" in at:
            self._seen(game, seat, out)
        o, rel, target = at["scores"], enc.rel_side[seat], enc.target
        for side, score in enumerate(game.scores):
            if score:
                out[o + rel[side]] = min(SCORE_CLIP, max(-SCORE_CLIP, score / target))
        if enc.deals is not None:
            out[at["deal"]] = min(1.0, game.deal / enc.deals)
        if "barred" in at:
            for x in game.barred:
                out[at["barred"] + enc.suit[x]] = 1.0
        imposed = game.imposed
        if imposed is not None and "imposed" in at:
            out[at["imposed"] + enc.suit[imposed]] = 1.0
        resting = game.resting
        if resting is not None and "resting" in at:
            out[at["resting"] + (resting - seat) % n] = 1.0
        return out

    def _seen(self, game: Game, seat: int, out: Vector) -> None:
        """The other hands ``seat`` sees (``deal.dummies``), as :meth:`Encoder.encode` writes them."""
        now, n, c, w = actual_state(game), self.n, self.enc.ncards, self.enc.weight
        ctl = plan_for(game.rules).controllers(now.maker)
        others = {q for q in range(n) if q != seat and ctl[q] == ctl[seat] and not now.out[q]}
        if self.exposed is not None and self.exposed != seat:
            others.add(self.exposed)
        for q in others:
            o = self.at["seen"] + ((q - seat) % n) * c
            for x in now.hands[q]:
                out[o + x] += w[x]
