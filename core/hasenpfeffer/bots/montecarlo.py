"""The ``mc`` bot: sample the unseen cards, play each choice out greedily, keep the best.

Each sample is a world (:mod:`hasenpfeffer.worlds`): the hand rebuilt at this moment
on a deal consistent with everything the seat has seen. Each legal choice worth trying is
applied to a copy, and the hand is finished by greedy play (:mod:`.greedy`, :mod:`.policy`),
every hand in sight. The choice with the best average score difference wins.

>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("hasenpfeffer"), seed=5)
>>> bot = MonteCarloBot(seed=1, samples=4)
>>> view = game.view(game.to_move)
>>> bot.choose(view, view.legal) in view.legal
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import ClassVar

from ..engine.game import Game
from ..engine.view import View
from ..rules.actions import Action
from ..rules.ruleset import Ruleset
from ..worlds import Lean, Worlds
from . import policy
from .base import Bot
from .greedy import GreedyBot
from .handeval import Evaluator
from .holdings import wins_every_trick

SAMPLES = 24
"""Worlds sampled for each decision."""
PRUNE = 3
"""Greedy's best choices that are played out when naming trump, discarding or giving."""
SHED_LOW = 0.05
"""How likely a trump, or the top card of a suit, is to be among a seat's unseen discards,
against a card with one card of its suit above it (:func:`shed_leans`)."""
MAKER_WEIGHT = 3.0
"""How much likelier a maker is taken to hold a trump than another card when sampling."""


class MonteCarloBot(Bot):
    """Perfect-information Monte Carlo over sampled worlds, with greedy play-outs."""

    ask_when_forced = False
    """The only legal action is taken without looking: simulations need not ask."""

    PARAMS: ClassVar[dict[str, tuple[int, int]]] = {"samples": (1, 1024)}
    """Integer parameters the bot spec may set, with their ranges."""

    def __init__(self, seed: int | None = None, samples: int = SAMPLES) -> None:
        super().__init__(seed)
        self.samples = samples
        self.greedy = GreedyBot(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The choice with the best average score difference for this seat's side over the samples."""
        if len(legal) == 1:
            return legal[0]
        candidates = self.candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        ev = self.greedy.evaluator(view)
        worlds = Worlds(view, lean=maker_leans(ev, view))
        totals = [0.0] * len(candidates)
        sampled = 0
        for _ in range(self.samples):
            game = worlds.sample(self.rng)
            if game is None:
                continue
            sampled += 1
            for i, action in enumerate(candidates):
                trial = game.copy()
                trial.apply(action)
                totals[i] += self.play_out(ev, trial, view.seat)
        if sampled == 0:
            return self.greedy.choose(view, legal)
        return candidates[max(range(len(candidates)), key=lambda i: totals[i])]

    def candidates(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """The choices worth playing out: all cards in play; greedy's best few elsewhere.

        In an auction: passing, greedy's bid and the cheapest bid (of greedy's strain, where
        greedy's bid names its trump or takes no trick); naming trump: greedy's three best (and
        passing); discards and gifts: greedy's three best.
        """
        verbs = {a.verb for a in legal}
        greedy = self.greedy
        if "declare" in verbs:  # a set shown scores at once: greedy's (always declared)
            return [greedy.choose(view, legal)]
        if "suit" in verbs and view.phase == "order-up" and view.variant.making.order_up.turned_joker_blind:
            return [greedy.choose(view, legal)]  # a turned Joker's suit named blind: no world to weigh
        keep: set[Action] = {a for a in legal if a.verb == "pass"}
        if "bid" in verbs:
            chosen = greedy.choose(view, legal)
            keep.add(chosen)
            keep.add(next(a for a in legal if a.verb == "bid" and _same_strain(view, a, chosen)))
        elif "trump" in verbs:
            keep.update(a for _, a in greedy.trump_ranking(view, legal)[:PRUNE])
        elif verbs & {"discard", "give"}:
            keep.update(greedy.shed_ranking(view, legal)[:PRUNE])
        else:
            return list(legal)
        return [a for a in legal if a in keep]

    def play_out(self, ev: Evaluator, game: Game, seat: int) -> float:
        """Finish the hand greedily; this seat's side's score change minus the best other side's."""
        hands = len(game.hand_results)
        greedy, rules = self.greedy, ev.rules
        while len(game.hand_results) == hands and not game.is_over:
            if game.phase == "play":
                legal = game.legal_actions()
                game.apply(
                    legal[0] if len(legal) == 1 else policy.play(rules, policy.open_table(game), legal)
                )
                continue
            s = game.to_move
            assert s is not None
            v = game.view(s)
            game.apply(greedy.choose(v, v.legal))
        return margin(game.hand_results[hands].score_change, game.variant.team_of(seat))


def _same_strain(view: View, a: Action, chosen: Action) -> bool:
    """Whether bid ``a`` names the trump ``chosen`` names (both take no trick, or ``chosen`` is
    a pass or names no trump: any bid)."""
    if chosen.verb != "bid":
        return True
    v = view.variant
    b, c = v.bid(a.arg), v.bid(chosen.arg)
    if c.trump is None and c.objective == "tricks":
        return True
    return (b.trump, b.objective) == (c.trump, c.objective)


def margin(change: tuple[int, ...], side: int) -> float:
    """``side``'s score change minus the best of the other sides' (what the search bots maximise).

    >>> margin((2, 0), 1), margin((4, 1, 3), 0)
    (-2.0, 1.0)
    """
    return float(change[side] - max(c for i, c in enumerate(change) if i != side))


def shed_leans(ev: Evaluator, view: View) -> Lean | None:
    """The prior of a discard the seat did not see: a plain card is laid away as likely as
    the number of its suit's cards above it in the pack, a trump or a suit's top card
    :data:`SHED_LOW` (greedy's discards are so in euchre and hasenpfeffer); in a contract to
    take no trick, as likely as one more than the number of cards under it (the Joker that
    wins every trick likeliest of all). None before trump.

    >>> from hasenpfeffer import Game, load_variant
    >>> from hasenpfeffer.bots.handeval import evaluator_for
    >>> game = Game(load_variant("euchre"), seed=1)
    >>> _ = game.apply(f"{game.to_move} order-up")
    >>> ev = evaluator_for(game.variant)
    >>> shed = shed_leans(ev, game.view(0))
    >>> r, trump = ev.rules, game.view().trump
    >>> plain = next(s for s in "CDHS" if s != trump)
    >>> [shed(1, r.card_id[c + plain]) for c in "AK9"], shed(1, r.card_id["9" + trump])
    ([0.05, 1.0, 5.0], 0.05)
    """
    ti = ev.rules.trump_id(view.trump)
    if ti is None:
        return None
    weights = _shed_weights(ev.rules, ti, policy.takes_none(ev.rules, view.bid))
    return lambda seat, card: weights[card]


@functools.lru_cache(maxsize=64)
def _shed_weights(r: Ruleset, ti: int, misere: bool) -> tuple[float, ...]:
    eff, power = r.eff[ti], r.power[ti]
    every = range(len(r.faces))
    weights = []
    for c in every:
        if misere:
            below = sum(1 for d in every if eff[d] == eff[c] and power[d] < power[c])
            weights.append(float(len(r.faces) if wins_every_trick(r, c, ti) else below + 1))
            continue
        above = sum(1 for d in every if eff[d] == eff[c] and power[d] > power[c])
        weights.append(SHED_LOW if (eff[c] == ti and ti < r.ns) or above == 0 else float(above))
    return tuple(weights)


def turned_down_by(view: View) -> frozenset[int]:
    """The seats that passed the turned card in the first round of an order-up (before anyone
    ordered it up), in the view's hand.

    >>> from hasenpfeffer import Game, load_variant
    >>> game = Game(load_variant("euchre"), dealer=3, seed=1)
    >>> for a in ["0 pass", "1 pass", "2 pass", "3 pass", "0 pass"]:
    ...     _ = game.apply(a)
    >>> sorted(turned_down_by(game.view(1)))
    [0, 1, 2, 3]
    """
    if view.turned is None or view.variant.making.method != "order-up":
        return frozenset()
    seats: set[int] = set()
    for a in view.history:
        if a.verb == "suit" and not seats:  # the dealer named a turned Joker's suit
            continue
        if a.verb != "pass" or a.seat in seats:
            break
        seats.add(a.seat)
        if a.seat == view.dealer:
            break
    return frozenset(seats)


def leans(ev: Evaluator, view: View, passed: float = 1.0) -> Lean | None:
    """:func:`maker_leans`, and a seat that passed the turned card ``passed`` times as likely
    to hold each card that would have been trump (1: no lean)."""
    maker = maker_leans(ev, view)
    r = ev.rules
    seats = turned_down_by(view) - {view.seat} if passed != 1.0 else frozenset()
    suit = view.proposed
    if not seats or suit is None:
        return maker
    ti = r.suits.index(suit)
    eff = r.eff[ti]

    def lean(seat: int, card: int) -> float:
        weight = 1.0 if maker is None else maker(seat, card)
        return weight * passed if seat in seats and eff[card] == ti else weight

    return lean


def maker_leans(ev: Evaluator, view: View) -> Lean | None:
    """The sampling prior: a maker is :data:`MAKER_WEIGHT` times likelier to hold each trump."""
    r = ev.rules
    ti = r.trump_id(view.trump)
    maker = view.maker
    if maker is None or ti is None or ti >= r.ns:
        return None
    eff = r.eff[ti]

    def lean(seat: int, card: int) -> float:
        return MAKER_WEIGHT if seat == maker and eff[card] == ti else 1.0

    return lean
