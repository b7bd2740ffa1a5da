"""The ``pimc`` bot: perfect-information Monte Carlo with the double-dummy solver.

Each decision samples worlds consistent with the seat's view (:mod:`hasenpfeffer.worlds`)
and values every choice by what best play makes of it in each world, scored under the variant's
own scoring and valued by what the score change does for the side's chance of winning the game
(:mod:`hasenpfeffer.bots.equity`; ``pimc:equity=0`` counts points); the best mean wins.

- **Play:** every legal card, valued by the solver (:func:`hasenpfeffer.solver.analyse_moves`).
- **Bids:** the seat's row of the double-dummy table in each world: the tricks it takes as maker
  in its two most promising trumps (alone too, when nearly every trick is there), scored for
  each legal bid; the best bid is made when it promises more than passing, valued by playing
  the same worlds on from a pass.
- **Contracts:** a bid that names its trump or takes no trick (misère) is valued on the row
  of its strain, the seat's tricks after bidding it (:func:`made_bid`), scored as the
  contract scores (fixed points, slam, the defenders' points); the two most promising trumps
  of such bids have rows, and misère where greedy gives the hand a fair chance of no trick
  and the solver plays misère (:func:`solves_misere`; else greedy's chance values it).
- **Trump, order-up, discards, gifts, lone defence:** each choice (greedy's best few for
  discards and gifts) applied in each world, the other making decisions left to greedy, then
  the play solved. The suit named after leading the Joker in no-trump is greedy's.

Parameters come through the bot spec, e.g. ``pimc:worlds=32:making=8``. The defaults are
larger where the solver runs compiled (numba, the extra ``fast``).

>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("euchre"), seed=5)
>>> bot = PimcBot(seed=1, worlds=4, making=2)
>>> view = game.view(game.to_move)
>>> bot.choose(view, view.legal) in view.legal
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from .. import accel
from ..engine.events import HandDealt
from ..engine.game import Game, actual_deal, actual_state
from ..engine.scoring import played_out_change, score_hand
from ..engine.view import View
from ..rules.actions import Action, Verb
from ..rules.plan import plan_for
from ..solver import Solver, analyse_moves
from ..solver.deals import hand_game
from ..solver.position import position
from ..solver.table import made_trump
from ..worlds import Weigh, Worlds, advance
from . import policy
from .base import Bot
from .equity import equity_for
from .greedy import GreedyBot
from .learned import LearnedBot, load_bot_file
from .montecarlo import leans, margin, shed_leans

if TYPE_CHECKING:
    from ..format.variant import Bid, Variant

Worth = Callable[[tuple[int, ...], int | None, bool | None], float]
"""What a hand's score change is worth to a side: (change, the makers' side, made) -> value."""

WORLDS = (32, 16)
"""Worlds sampled for each card played: hands of at most :data:`SMALL` cards, larger hands."""
MAKING = (48, 12)
"""Worlds sampled for each bid, trump, order-up, discard, gift or lone-defence decision: hands
of at most :data:`SMALL` cards, larger hands."""
PURE = ((24, 12), (24, 6))
""":data:`WORLDS` and :data:`MAKING` where the solver runs in pure Python (numba, the extra
``fast``, not installed, or ``HASENPFEFFER_ENGINE=python``: :mod:`hasenpfeffer.accel`), which
is 5 to 7 times slower."""
SMALL = 5
"""Hands of this many cards or fewer take more worlds by default (each costs a few times less)."""
PRUNE = 3
"""Greedy's best discards or gifts that are valued."""
TRUMPS = 2
"""Trumps valued for a bid (the most promising by greedy's count)."""
ALONE_NEAR = 1.0
"""A lone row is valued when the side's mean tricks come within this of every trick."""
MARGIN = 0.0
"""Mean score a bid, order-up or trump must promise over passing."""
MISFIT = 100
"""Percent: the chance a sampled world is kept for each choice of the others' making (a bid or
a pass, an order-up, a trump, a lone defence) that greedy, holding that world's cards, would not
have made; 100 (the default) weighs no world by the auction. ``pimc:misfit=25`` weighs them; on
euchre it did not win more games against mc and it halves the speed (docs/bots.md)."""
EQUITY = 1
"""1: a hand's score change is valued by what it adds to the side's chance of winning the game
(:mod:`hasenpfeffer.bots.equity`), so the bot plays to the score; 0: by its points."""
POINT = 1e-6
"""Playing to the score, a point of margin is worth this much besides the chance of winning: of
two choices that both win the game (or both lose it), the one that scores more."""
PLAYFIT = 100
"""Percent: the weight a world of the play keeps for each card another seat played that greedy,
holding that world's cards, would not have played (worlds then count by their weight; none is
turned down); 100 (the default) weighs no world by the play (docs/bots.md)."""
SHED = 1
"""1 (the default): the others' discards the seat did not see are drawn as the low cards they
mostly are (:func:`~hasenpfeffer.bots.montecarlo.shed_leans`); 0: as any unseen card."""
PASSED = 100
"""Percent: how likely a seat that passed the turned card (an order-up's first round) is taken
to hold each card that would have been trump, against any other card; 100 (the default): as
likely (in euchre such seats held 12% fewer of them than chance, in mc's and greedy's games)."""
MADE = frozenset({Verb.PASS, Verb.BID, Verb.ORDER_UP, Verb.TRUMP, Verb.ALONE})
CONTRACT = "contract "
"""What the label of a maker's row of a contract (:func:`strain`) begins with: ``contract H``."""
MISERE = "misere"
"""The strain of a contract to take no trick."""
MISERE_NEAR = 0.25
"""A contract to take no trick gets a row when greedy gives the hand at least this chance of none."""
"""The verbs of the making choices that worlds are weighed by."""


class PimcBot(Bot):
    """Perfect-information Monte Carlo: sampled worlds, each solved double-dummy."""

    ask_when_forced = False
    """The only legal action is taken without looking: simulations need not ask."""

    PARAMS: ClassVar[dict[str, tuple[int, int]]] = {
        "worlds": (1, 1024),
        "making": (1, 1024),
        "misfit": (0, 100),
        "playfit": (0, 100),
        "equity": (0, 1),
        "shed": (0, 1),
        "passed": (1, 100),
    }
    """Integer parameters the bot spec may set, with their ranges."""

    def __init__(
        self,
        seed: int | None = None,
        worlds: int | None = None,
        making: int | None = None,
        misfit: int = MISFIT,
        playfit: int = PLAYFIT,
        equity: int = EQUITY,
        shed: int = SHED,
        passed: int = PASSED,
        bidding: str | None = None,
    ) -> None:
        super().__init__(seed)
        self.bidding: LearnedBot | None = None
        """The learned bot that makes this bot's every decision but the card play
        (``pimc:bidding=FILE``), or None: pimc's own."""
        if bidding is not None:
            self.bidding = load_bot_file(bidding, seed)
        self.misfit = misfit
        """Percent chance a world is kept per making choice of another seat greedy would not make."""
        self.playfit = playfit
        """Percent of a world's weight kept per card of another seat greedy would not play."""
        self.equity = equity
        """1: score changes valued by the chance of winning the game they give; 0: by points."""
        self.shed = shed
        """1: the discards it did not see are drawn as low cards (:data:`SHED`); 0: as any."""
        self.passed = passed
        """Percent: how likely a seat that passed the turned card holds each would-be trump (:data:`PASSED`)."""
        self.worlds = worlds
        """Worlds for each card played (None: :data:`WORLDS` by the size of the hands)."""
        self.making = making
        """Worlds for each making decision (None: :data:`MAKING` by the size of the hands)."""
        self.greedy = GreedyBot(seed)
        self._bids: dict[
            tuple[object, ...], tuple[tuple[Action, ...], list[Game], dict[tuple[str, bool], list[int]]]
        ] = {}
        self._worlds: (
            tuple[tuple[object, ...], tuple[Action, ...], list[tuple[Game, Solver, float]]] | None
        ) = None
        self._fits: tuple[
            tuple[object, ...], dict[tuple[int, tuple[int, ...]], tuple[str, str | None, bool]]
        ] = (
            (),
            {},
        )

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The choice with the best mean score for this seat's side over the sampled worlds."""
        if len(legal) == 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        if Verb.PLAY in verbs:
            return self.play(view, legal)
        if self.bidding is not None:
            return self.bidding.choose(view, legal)
        if verbs & {Verb.SUIT, Verb.DECLARE}:  # the suit to follow the Joker led, a set shown: greedy's
            return self.greedy.choose(view, legal)
        if Verb.BID in verbs:
            return self.bid(view, legal)
        if verbs & {Verb.DISCARD, Verb.GIVE}:
            candidates = self.greedy.shed_ranking(view, legal)[:PRUNE]
        elif Verb.TRUMP in verbs:  # greedy's best few trumps, each alone too where allowed
            ranked = [a for _, a in self.greedy.trump_ranking(view, legal) if not a.alone][:PRUNE]
            alone = [Action(a.seat, a.verb, a.arg, True) for a in ranked]
            candidates = [
                *ranked,
                *(a for a in alone if a in legal),
                *(a for a in legal if a.verb == Verb.PASS),
            ]
        else:
            candidates = list(legal)
        return self.decide(view, legal, candidates)

    def check(self, variant: Variant) -> None:
        """Nothing if the bot plays ``variant`` (its learned bidding's policy fits it)."""
        if self.bidding is not None:
            self.bidding.check(variant)

    # ------------------------------------------------------------------ sampling

    def count(self, view: View, making: bool = True) -> int:
        """Worlds to sample for a making decision (or, ``making=False``, for a card to play)."""
        given = self.making if making else self.worlds
        if given is not None:
            return given
        worlds, making_worlds = (WORLDS, MAKING) if accel.enabled() else PURE
        small, large = making_worlds if making else worlds
        return small if view.variant.hand_size <= SMALL else large

    def worth(self, view: View) -> Worth | None:
        """What a hand's score change is worth to the seat's side from the view's scores: what
        it adds to the side's chance of winning the game, or None where points are counted
        (``pimc:equity=0``, more than two sides, or a game too long for a table)."""
        table = equity_for(view.variant) if self.equity else None
        if table is None:
            return None
        side, scores, dealer = table.side_of[view.seat], view.scores, view.dealer
        now = table.win(scores, dealer, side)

        def worth(change: tuple[int, ...], maker_side: int | None, made: bool | None) -> float:
            chance = table.after(scores, change, maker_side, made, dealer, side) - now
            return chance + margin(change, side) * POINT

        return worth

    def sample(self, view: View, count: int) -> list[Game]:
        """Up to ``count`` worlds consistent with the view (a maker leans to hold trumps)."""
        worlds = self.worlds_of(view)
        return [found[0] for found in (worlds.sample_weighed(self.rng) for _ in range(count)) if found]

    def worlds_of(self, view: View, reject: bool = True) -> Worlds:
        """The worlds of the view: a maker leans to hold trumps (and, by :attr:`passed`, those
        who passed the turned card away from them), unseen discards are low cards (:attr:`shed`),
        the others' choices weigh them (by rejection, or with ``reject=False`` as weights)."""
        weigh = self.auction_model(view) if min(self.misfit, self.playfit) < 100 else None
        ev = self.greedy.evaluator(view)
        shed = shed_leans(ev, view) if self.shed else None
        lean = leans(ev, view, self.passed / 100)
        return Worlds(view, lean=lean, weigh=weigh, reject=reject, shed=shed)

    def auction_model(self, view: View) -> Weigh:
        """How likely the others' choices are in a world: 1 for each making choice that greedy,
        with that world's cards, would make too (a bid of any height counts as a bid), else
        :attr:`misfit` percent; 1 for each card another seat played (of more than one it could)
        that greedy would play too, else :attr:`playfit` percent. The seat's own choices are
        not weighed. Greedy's answers are kept while the making so far stays the same, by the
        chooser's cards."""
        keep, fits, seat = self.misfit / 100, self.playfit / 100, view.seat
        history = view.history
        made = next((i for i, a in enumerate(history) if a.verb == Verb.PLAY), len(history))
        context = (view.variant, seat, view.dealer, view.scores, view.turned, history[:made])
        if self._fits[0] != context:
            self._fits = (context, {})
        memo = self._fits[1]

        def weigh(g: Game, a: Action) -> float:
            if a.seat == seat:
                return 1.0
            if a.verb == Verb.PLAY:
                if fits == 1.0 or len(g.legal_actions()) == 1:
                    return 1.0
            elif a.verb not in MADE or keep == 1.0:
                return 1.0
            key = (len(g.events), tuple(sorted(actual_state(g).hands[a.seat])))
            kind = memo.get(key)
            if kind is None:
                v = g.view(a.seat)
                kind = memo[key] = _kind(self.greedy.choose(v, v.legal))
            return 1.0 if kind == _kind(a) else (fits if a.verb == Verb.PLAY else keep)

        return weigh

    # ------------------------------------------------------------------ play

    def play(self, view: View, legal: Sequence[Action]) -> Action:
        """The card with the best mean score; between cards of the same, greedy's choice (the
        cheaper winner, the lower loser: what the worlds cannot tell apart, the table may)."""
        totals = dict.fromkeys(legal, 0.0)
        worlds = self.play_worlds(view)
        if not worlds:
            return self.greedy.choose(view, legal)
        worth = self.worth(view)
        if not any(w for _, _, w in worlds):
            worlds = [(g, solver, 1.0) for g, solver, _ in worlds]
        for g, solver, w in worlds:
            taken = taken_by(g, view.seat)
            for a, v in analyse_moves(g, solver).items():
                if a in totals:
                    totals[a] += w * hand_value(g, view.seat, taken + v, worth)
        best = max(round(t, 9) for t in totals.values())
        tied = [a for a in legal if round(totals[a], 9) == best]
        return tied[0] if len(tied) == 1 else self.greedy.play(view, tied)

    def play_worlds(self, view: View) -> list[tuple[Game, Solver, float]]:
        """This hand's worlds for play, each with its solver and the weight it counts with: those
        of the seat's last play moved on by the cards played since (where a world gave a card
        played to another hand, it is moved to the player's, see :meth:`Worlds.follow`), topped
        up with new samples. A world's solver keeps what it searched. Weighed by the play
        (:attr:`playfit`), worlds are not turned down but count by their weight, which each card
        played since multiplies; otherwise every world counts as one."""
        seen = self._worlds
        importance = self.playfit < 100
        worlds = self.worlds_of(view, reject=not importance)
        kept: list[tuple[Game, Solver, float]] = []
        if seen is not None and seen[0] == (view.variant, view.seat, view.dealer, view.scores):
            start = seen[1]
            if view.history[: len(start)] == start:
                for g, solver, weight in seen[2]:
                    factor, stuck = advance(
                        g, view.history[len(start) :], worlds.weigh if importance else None
                    )
                    if stuck is None:
                        kept.append((g, solver, weight * factor))
                        continue
                    moved = worlds.follow(g, weight, self.rng, stuck)
                    if moved is not None:
                        kept.append((moved[0], solver, moved[1]))
        for _ in range(self.count(view, False) - len(kept)):
            found = worlds.sample_weighed(self.rng)
            if found is not None:
                kept.append((found[0], Solver(), found[1]))
        self._worlds = ((view.variant, view.seat, view.dealer, view.scores), view.history, kept)
        return [(g, solver, weight if importance else 1.0) for g, solver, weight in kept]

    # ------------------------------------------------------------------ bids

    def bid(self, view: View, legal: Sequence[Action]) -> Action:
        """The bid with the best mean score over the sampled worlds, or a pass when none pays
        (valued on the same worlds, so that their luck does not decide between the two). A bid
        that leaves trump to be named is valued on the rows of every trump; a contract (a bid
        that names its trump or takes no trick) on its strain's row, scored as a contract."""
        games, rows = self.bid_worlds(view)
        side, sides = self.greedy.evaluator(view).rules.side_of(view.seat), len(view.variant.teams)
        v = view.variant
        worth = self.worth(view)
        best: tuple[float, Action] | None = None
        later = not any(a.alone for a in legal)  # a lone hand is then declared with trump
        for a in legal:
            if a.verb != Verb.BID:
                continue
            b = v.bid(a.arg)
            named = strain(b)
            for (label, alone), tricks in rows.items():
                if named is not None:
                    if label != CONTRACT + named or alone != b.alone:
                        continue
                elif label.startswith(CONTRACT) or (alone != a.alone and not (later and alone)):
                    continue
                if not tricks:
                    continue
                total = 0.0
                contract = b if b.contract else None
                for t in tricks:
                    total += split_value(
                        v, sides, side, side, t, b.tricks, b.multiplier, alone, worth=worth, contract=contract
                    )
                value = total / len(tricks)
                if best is None or value > best[0]:
                    best = (value, a)
        passes = [a for a in legal if a.verb == Verb.PASS]
        # A bid that leaves the side worse off than a hand of no score is not made: it would be
        # a sacrifice, valued as if nobody bid over it, which the rows cannot tell.
        nothing = 0.0 if worth is None else worth((0,) * sides, None, None)
        if best is None or (passes and best[0] <= nothing + MARGIN):
            return passes[0] if passes else legal[0]
        if passes and best[0] <= self.mean_outcome(view, passes[0], games) + MARGIN:
            return passes[0]
        return best[1]

    def bid_worlds(self, view: View) -> tuple[list[Game], dict[tuple[str, bool], list[int]]]:
        """The worlds of a bid at this moment, and the seat's :meth:`maker_rows` in them. A
        seat that speaks again in the same auction values its bids on the worlds of its first
        turn, moved on by the bids since (nothing of the cards is seen in between), so that its
        rows and its pass are valued on the same worlds; worlds weighed by the auction
        (``misfit``) are drawn again, as the bids since weigh them, and so are worlds the bids
        since do not fit."""
        key = (view.variant, view.seat, view.dealer, view.scores, view.hand, view.turned)
        seen = self._bids.get(key)
        if seen is not None and self.misfit == 100:
            start, kept, rows = seen
            if view.history[: len(start)] == start:
                games = [g.copy() for g in kept]
                if all(advance(g, view.history[len(start) :])[1] is None for g in games):
                    return games, rows
        if len(self._bids) > 64:
            self._bids.clear()
        games = self.sample(view, self.count(view))
        rows = self.maker_rows(view, games)
        self._bids[key] = (view.history, [g.copy() for g in games], rows)
        return games, rows

    def maker_rows(self, view: View, games: Sequence[Game]) -> dict[tuple[str, bool], list[int]]:
        """The seat's tricks as maker, one per world of ``games`` (sampled worlds, left as they
        are): per (trump, alone) for the :data:`TRUMPS` most promising trumps of bids that leave
        trump to be named; per (``contract`` and strain, alone as the contract is) for the
        :data:`TRUMPS` most promising strains of contracts (:meth:`contracts`)."""
        ev = self.greedy.evaluator(view)
        ids = ev.ids
        hand = [ids[c] for c in view.hand]
        r = ev.rules
        v = view.variant
        unseen = ev.unseen(view)
        side = r.side_of(view.seat)
        rows: dict[tuple[str, bool], list[int]] = {}
        deals = [actual_deal(g) for g in games]
        solver = Solver()
        dealt = [HandDealt(1, d.dealer, d.hands, d.kitty, d.kitty[0] if view.turned else None) for d in deals]
        if any(strain(b) is None for b in v.making.auction.ladder):  # some bid leaves trump open
            options = list(range(r.ns)) + ([r.ns] if v.making.no_trump else [])
            trumps = [r.trump_names[t] for t in ev.best_trumps(hand, unseen, options)[:TRUMPS]]
            for trump in trumps:
                for alone in (False, True):
                    tricks: list[int] = []
                    for d in dealt:
                        g = made_trump(v, d, trump, view.seat, alone)
                        if g is None:
                            break
                        tricks.append(self.solve_after(g, side, tricks[-1] if tricks else None, solver))
                    rows[(trump, alone)] = tricks
                    near = v.tricks_per_hand - ALONE_NEAR
                    if not tricks or sum(tricks) < near * len(tricks):
                        break  # alone only when nearly every trick is there
        for b in self.contracts(view):
            named = strain(b)
            assert named is not None
            tricks = []
            for d in dealt:
                g = made_bid(v, d, b.name, view.seat)
                if g is None:
                    break
                tricks.append(self.solve_after(g, side, tricks[-1] if tricks else None, solver))
            rows[(CONTRACT + named, b.alone)] = tricks
        return rows

    def contracts(self, view: View) -> list[Bid]:
        """The contracts worth a row, each the lowest bid of its strain that the seat may make
        now: those of the :data:`TRUMPS` trumps greedy finds most promising among the trumps
        contracts name; a contract to take no trick where greedy gives the hand at least
        :data:`MISERE_NEAR` chance of none."""
        ev = self.greedy.evaluator(view)
        r = ev.rules
        v = view.variant
        lowest: dict[str, Bid] = {}
        for a in view.legal:
            if a.verb == Verb.BID:
                b = v.bid(a.arg)
                named = strain(b)
                if named is not None and named not in lowest:
                    lowest[named] = b
        hand = [ev.ids[c] for c in view.hand]
        unseen = ev.unseen(view)
        options = [r.trump_index[t] for t in lowest if t != MISERE]
        chosen = [lowest[r.trump_names[t]] for t in ev.best_trumps(hand, unseen, options)[:TRUMPS]]
        none = lowest.get(MISERE)
        if none is not None and self.no_trick(view, none) >= MISERE_NEAR:
            chosen.append(none)
        return chosen

    def no_trick(self, view: View, b: Bid) -> float:
        """Greedy's chance that the seat, bidding ``b`` to take no trick, takes none
        (:meth:`~.handeval.Evaluator.no_trick`)."""
        ev = self.greedy.evaluator(view)
        r, v = ev.rules, view.variant
        hand = [ev.ids[c] for c in view.hand]
        widow = v.deal.kitty.size if v.deal.kitty.use == "widow" else 0
        ti = r.trump_index[b.trump] if b.trump is not None else r.ns
        partners = 0 if b.alone else self.greedy.partners(view)
        defenders = self.greedy.defenders(view)
        return ev.no_trick(hand, ti, ev.unseen(view), v.hand_size, defenders, widow, b.open, partners)[0]

    # ------------------------------------------------------------------ other making decisions

    def decide(self, view: View, legal: Sequence[Action], candidates: Sequence[Action]) -> Action:
        """The candidate with the best mean score, each applied in each world and played out; a
        lone choice is valued only when its twin with the partner takes nearly every trick."""
        games = self.sample(view, self.count(view))
        if not games:
            return self.greedy.choose(view, legal)
        side = games[0].rules.side_of(view.seat)
        solver = Solver()
        worth = self.worth(view)
        totals: dict[Action, float] = {}
        tricks: dict[tuple[str, str], float] = {}
        near = view.variant.tricks_per_hand - ALONE_NEAR
        for a in sorted(candidates, key=lambda a: a.alone):
            if a.alone and tricks.get((a.verb, a.arg), near) < near:
                continue
            total, taken, t = 0.0, 0, None
            for g in games:
                value, t = self.outcome(g.copy(), a, view.seat, side, t, solver, worth)
                total += value
                taken += t
            totals[a] = total
            tricks[(a.verb, a.arg)] = taken / len(games)
        order = [a for a in candidates if a in totals]
        return _best(totals, order)

    def mean_outcome(self, view: View, action: Action, games: Sequence[Game]) -> float:
        """The mean score difference after ``action`` over the worlds ``games`` (see
        :meth:`outcome`; the worlds are played on)."""
        if not games:
            return 0.0
        side = view.variant.side_in_hand(view.seat, view.maker)
        solver, worth = Solver(), self.worth(view)
        return sum(self.outcome(g, action, view.seat, side, None, solver, worth)[0] for g in games) / len(
            games
        )

    def outcome(
        self,
        g: Game,
        action: Action,
        seat: int,
        side: int,
        guess: int | None = None,
        solver: Solver | None = None,
        worth: Worth | None = None,
    ) -> tuple[float, int]:
        """The score difference for ``seat``'s side after ``action`` (or what ``worth`` makes
        of the score change), and the tricks it takes: greedy finishes the making (every
        seat's, this one's too), then the play is solved; a hand thrown in scores as it scores.
        ``guess``: of the tricks, to speed the search."""
        hands = len(g.hand_results)
        g.apply(action)
        tricks = self.solve_after(g, side, guess, solver)
        if len(g.hand_results) != hands:
            change = g.hand_results[hands].score_change
            return (margin(change, side) if worth is None else worth(change, None, None)), 0
        total = taken_by(g, seat) + tricks
        return hand_value(g, seat, total, worth), total

    def solve_after(self, g: Game, side: int, guess: int | None = None, solver: Solver | None = None) -> int:
        """The tricks ``side`` takes this hand once trump is made: greedy finishes the making,
        then the play is solved double-dummy (by ``solver``, which may have solved other worlds
        of the same decision: its table keys positions by every hand, so they do not mix)."""
        hands = len(g.hand_results)
        while g.phase != "play" and len(g.hand_results) == hands and not g.is_over:
            s = g.to_move
            assert s is not None
            v = g.view(s)
            g.apply(self.greedy.choose(v, v.legal))
        if g.phase != "play":
            return 0
        return (solver or Solver()).value(position(g), side, guess)


def taken_by(g: Game, seat: int) -> int:
    """Tricks the seat's side has taken so far this hand."""
    now = actual_state(g)
    side_of = plan_for(g.rules).hand_sides(now.maker)
    mine = side_of[seat]
    return sum(1 for _, _, w in now.tricks if side_of[w] == mine)


def hand_value(g: Game, seat: int, tricks: int, worth: Worth | None = None) -> float:
    """The score difference for ``seat``'s side when it takes ``tricks`` in the game's contract
    (or what ``worth`` makes of the score change)."""
    now = actual_state(g)
    side_of = plan_for(g.rules).hand_sides(now.maker).__getitem__
    sides = len(g.variant.teams)
    if now.maker is None and now.trump_i is not None:  # played when all pass: tricks score
        if sides != 2:
            return float(tricks)
        split = [0, 0]
        split[side_of(seat)] = tricks
        split[1 - side_of(seat)] = g.variant.tricks_per_hand - tricks
        change = played_out_change(g.variant, (split[0], split[1]))
        return margin(change, side_of(seat)) if worth is None else worth(change, None, None)
    maker = now.maker if now.maker is not None else seat
    bid = policy.contract(g.rules, now.bid_name)
    return split_value(
        g.variant,
        sides,
        side_of(seat),
        side_of(maker),
        tricks,
        now.required,
        now.multiplier,
        now.alone,
        now.def_alone is not None,
        now.forced,
        worth,
        bid if bid is not None and bid.contract else None,
    )


def split_value(
    variant: Variant,
    sides: int,
    side: int,
    maker_side: int,
    tricks: int,
    required: int,
    multiplier: int,
    alone: bool,
    defender_alone: bool = False,
    forced: bool = False,
    worth: Worth | None = None,
    contract: Bid | None = None,
) -> float:
    """``side``'s score change minus the other side's when it takes ``tricks`` (the others the
    rest), or what ``worth`` makes of the score change (``contract``: the bid's contract,
    scored as the engine scores it); beyond two sides, the tricks themselves, or for the
    makers of a contract to take no trick, the tricks they leave."""
    if sides != 2:
        none = contract is not None and contract.objective == "none" and side == maker_side
        return float(variant.tricks_per_hand - tricks if none else tricks)
    split = [0, 0]
    split[side] = tricks
    split[1 - side] = variant.tricks_per_hand - tricks
    made, change = score_hand(
        variant, maker_side, tuple(split), required, multiplier, alone, defender_alone, forced, contract
    )
    return margin(change, side) if worth is None else worth(change, maker_side, made)


def strain(b: Bid) -> str | None:
    """The strain of a contract: the trump a bid names, or :data:`MISERE` for a bid to take no
    trick; None for a bid that leaves trump to be named.

    >>> from hasenpfeffer import load_variant
    >>> v = load_variant("five-hundred")
    >>> strain(v.bid("7H")), strain(v.bid("open-misere")), strain(load_variant("pepper").bid("4"))
    ('H', 'misere', None)
    """
    if b.objective == "none":
        return MISERE
    return b.trump


def made_bid(variant: Variant, dealt: HandDealt, bid: str, maker: int) -> Game | None:
    """The hand after ``maker`` bid ``bid`` (a contract, which makes its own trump), the others
    passing; None when the bid is not open to the maker then."""
    g = hand_game(variant, dealt)
    done = False
    while g.phase == "bidding" and g.hand_number == 1:
        seat = g.to_move
        assert seat is not None
        want = Action(seat, Verb.PASS) if seat != maker or done else Action(seat, Verb.BID, bid)
        if want not in g.legal_actions():
            return None
        done = done or want.verb == Verb.BID
        g.apply(want)
    return g if g.hand_number == 1 and actual_state(g).maker == maker else None


def _kind(a: Action) -> tuple[str, str | None, bool]:
    """What a making choice says of a hand: its verb, and its trump or defence (not a bid's height)."""
    return (a.verb, None, False) if a.verb == Verb.BID else (a.verb, a.arg, a.alone)


def _best(totals: dict[Action, float], order: Sequence[Action]) -> Action:
    """The action of the highest total; ties to the earliest in ``order``."""
    return max(order, key=_key(totals, order))


def _key(totals: dict[Action, float], order: Sequence[Action]) -> Callable[[Action], tuple[float, int]]:
    rank = {a: -i for i, a in enumerate(order)}
    return lambda a: (round(totals.get(a, float("-inf")), 9), rank[a])
