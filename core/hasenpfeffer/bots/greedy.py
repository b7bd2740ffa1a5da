"""The ``greedy`` bot: rule-based, driven by the variant's own tables (works for every variant the
format expresses).

It takes a contract when the hand evaluation (:mod:`.handeval`) promises a positive expected
score, keeps and gives its cards by their chances of taking tricks, and plays its cards with
the greedy policy (:mod:`.policy`). A bid that names its trump is valued in that trump; a
contract to take no trick (misère) by the chance the hand takes none (:mod:`.misere`), and
its cards are laid away riskiest first; every contract is scored as the engine scores it
(fixed points, slam, the defenders' points).

>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("hasenpfeffer"), seed=3)
>>> view = game.view(game.to_move)
>>> GreedyBot(1).choose(view, view.legal) in view.legal
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.view import View
from ..format.variant import Bid, Variant
from ..rules.actions import Action
from . import policy
from .base import Bot
from .handeval import Evaluator, evaluator_for
from .holdings import FRIEND_DEALS, I_DEAL, OTHER_DEALS

BID_MARGIN = 0.0
"""Expected score difference a contract must promise before greedy takes it."""
ALONE_SURE = 0.8
"""Chance of making it that greedy wants before going alone."""


class GreedyBot(Bot):
    """A rule-based player: contracts by expected score, cheapest winner or lowest loser in play."""

    ask_when_forced = False
    """The only legal action is taken without looking: simulations need not ask."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._ev: Evaluator | None = None
        self._memo: dict[
            tuple[object, ...], list[tuple[int, list[float], list[float], dict[object, float]]]
        ] = {}
        self._contracts: dict[str | None, tuple[int, int, Bid | None]] = {}
        self._partners: dict[tuple[int, frozenset[int]], int] = {}
        self._ladder: tuple[Variant, bool] | None = None

    def evaluator(self, view: View) -> Evaluator:
        """The hand evaluator of the view's variant (kept between calls)."""
        ev = self._ev
        if ev is None or ev.variant is not view.variant:
            ev = self._ev = evaluator_for(view.variant)
            self._contracts, self._memo, self._partners = {}, {}, {}
        return ev

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The greedy choice."""
        if len(legal) == 1:
            return legal[0]
        if legal[0].verb == "play":
            return self.play(view, legal)
        verbs = {a.verb for a in legal}
        if "play" in verbs:
            return self.play(view, legal)
        if "bid" in verbs:
            return self.bid(view, legal)
        if "trump" in verbs:
            return self.name_trump(view, legal)
        if "order-up" in verbs:
            return self.order_up(view, legal)
        if verbs & {"discard", "give"}:
            return self.shed(view, legal)
        if "alone" in verbs:
            return self.defend(view, legal)
        if "suit" in verbs:
            return self.name_turned(view, legal) if view.phase == "order-up" else self.play(view, legal)
        if verbs & {"redeal", "swap"}:
            return self.weak_hand(view, legal)
        if "declare" in verbs:  # a set shown scores at once, more than the hand could make by play
            return next(a for a in legal if a.verb == "declare")
        if "call" in verbs:
            return self.call_partner(view, legal)
        if "drop" in verbs:
            return self.drop_out(view, legal)
        return legal[0]

    # ------------------------------------------------------------------ helpers

    def _setup(self, view: View) -> tuple[Evaluator, list[int], list[int]]:
        ev = self.evaluator(view)
        return ev, list(view.hand_ids), ev.unseen(view)

    def partners(self, view: View) -> int:
        """Partners of this seat who take part in the hand."""
        self.evaluator(view)  # a new variant starts the memos afresh
        key = (view.seat, view.sitting_out)
        found = self._partners.get(key)
        if found is None:
            v = view.variant
            team = v.teams[v.team_of(view.seat)]
            found = sum(1 for s in team if s != view.seat and s not in view.sitting_out)
            if v.partnerships == "called":  # a maker plays with the holder of the card it calls
                found = 1
            # A dummy counts as a partner until it sits out: one taken into hand (play: merged)
            # brings its cards to the side as a partner's would, and then sits out the play.
            dummies = v.deal.dummies
            found += sum(
                1
                for s in dummies.seats
                if dummies.floating(s) and s != view.seat and s not in view.sitting_out
            )
            if len(self._partners) > 256:
                self._partners.clear()
            self._partners[key] = found
        return found

    def friends(self, view: View) -> frozenset[int]:
        """Seats playing on this seat's side in the hand (defenders together without partnerships)."""
        return policy.friends(self.evaluator(view).rules, view.seat, view.maker, view.partners)

    def contract(self, view: View, action: Action | None = None) -> tuple[int, int]:
        """(tricks required, multiplier) of the bid in ``action`` or of the current contract."""
        need, mult, _ = self.terms(view, action)
        return need, mult

    def terms(self, view: View, action: Action | None = None) -> tuple[int, int, Bid | None]:
        """:meth:`contract`, and the bid itself where it carries a contract (else None)."""
        name = action.arg if action is not None and action.verb == "bid" else view.bid
        found = self._contracts.get(name)
        if found is None:
            found = self._contracts[name] = contract_terms(view.variant, name)
        return found

    def defenders(self, view: View) -> int:
        """The seats that defend against this seat as maker."""
        v = view.variant
        dummies = v.deal.dummies
        if dummies.merged:  # a dummy taken into hand never plays
            team = v.teams[v.team_of(view.seat)]
            return sum(1 for q in range(v.players) if q not in team and not dummies.is_dummy(q))
        floating = sum(1 for s in dummies.seats if dummies.floating(s))
        return v.players - len(v.teams[v.team_of(view.seat)]) - floating

    def _options(self, ev: Evaluator) -> list[int]:
        r = ev.rules
        return list(range(r.ns)) + ([r.ns] if ev.variant.making.no_trump else [])

    # ------------------------------------------------------------------ making trump

    def bid(self, view: View, legal: Sequence[Action]) -> Action:
        """The bid with the best expected score, or a pass: a bid that leaves trump to be named
        is valued over the two trumps this hand could best name, a bid that names its trump in
        that trump, a bid to take no trick by the chance of none."""
        ev, hand, unseen = self._setup(view)
        v = view.variant
        widow = v.deal.kitty.size if v.deal.kitty.use == "widow" else 0
        partners = self.partners(view)
        setup = (ev, hand, unseen)
        if not self._contracts_in(v):  # every bid leaves trump to be named
            lone = any(a.alone for a in legal)
            found = self._best_bid(view, setup, legal, self._options(ev), 2, partners, widow, lone)
            return _best_or_pass(found, legal)
        bids = [(a, self.terms(view, a)[2]) for a in legal if a.verb == "bid"]
        open_bids = [a for a, b in bids if b is None or (b.trump is None and b.objective == "tricks")]
        best: tuple[float, Action] | None = None
        if open_bids:
            lone = any(a.alone for a in legal) or any(b is not None and b.alone for _, b in bids)
            best = self._best_bid(view, setup, open_bids, self._options(ev), 2, partners, widow, lone)
        named = [(a, b) for a, b in bids if b is not None and b.trump is not None and b.objective == "tricks"]
        if named:
            r = ev.rules
            options = sorted({r.trump_index[b.trump] for _, b in named if b.trump is not None})
            lone = any(b.alone for _, b in named)
            found = self._best_bid(
                view, setup, [a for a, _ in named], options, len(options), partners, widow, lone
            )
            best = _better(best, found)
        for a, b in bids:
            if b is not None and b.objective == "none":
                best = _better(best, (self._misere_value(view, b, hand, unseen, widow), a))
        return _best_or_pass(best, legal)

    def _contracts_in(self, v: Variant) -> bool:
        """Whether some bid of the variant carries a contract (kept with the evaluator's memos)."""
        found = self._ladder
        if found is None or found[0] is not v:
            ladder = v.making.auction.ladder if v.making.method == "auction" else ()
            found = self._ladder = (v, any(b.contract for b in ladder))
        return found[1]

    def _best_bid(
        self,
        view: View,
        setup: tuple[Evaluator, list[int], list[int]],
        legal: Sequence[Action],
        options: Sequence[int],
        count: int,
        partners: int,
        widow: int,
        lone: bool,
    ) -> tuple[float, Action] | None:
        """The best of the bids ``legal`` (each of trick contracts; other actions are passed
        over) over the ``count`` trumps of ``options`` this hand could best name: those a bid
        names, or every one for a bid that leaves trump open (``setup``: the evaluator, the
        hand, the unseen cards)."""
        ev, hand, unseen = setup
        key = (tuple(sorted(hand)), tuple(unseen), partners, widow, lone, tuple(options), count)
        dists = self._memo.get(key)
        if dists is None:
            found = ev.bidding(hand, unseen, options, count, partners, view.variant.hand_size, widow, lone)
            dists = [(ti, dist, alone_dist, {}) for ti, dist, alone_dist in found]
            if len(self._memo) > 4096:
                self._memo.clear()
            self._memo[key] = dists
        names = ev.rules.trump_names
        best: tuple[float, Action] | None = None
        for ti, dist, alone_dist, values in dists:
            for a in legal:
                if a.verb != "bid":
                    continue
                value = values.get((a.arg, a.alone))
                if value is None:
                    need, mult, b = self.terms(view, a)
                    if b is not None and b.trump is not None and b.trump != names[ti]:
                        continue
                    alone = a.alone or (b is not None and b.alone)
                    value = ev.contract_ev(alone_dist if alone else dist, need, mult, alone=alone, contract=b)
                    values[a.arg, a.alone] = value
                if best is None or value > best[0]:
                    best = (value, a)
        return best

    def _misere_value(self, view: View, b: Bid, hand: list[int], unseen: list[int], widow: int) -> float:
        """The expected score of a contract to take no trick, in its trump (the best for it
        when it leaves trump to be named), with ``widow`` cards to take."""
        ev = self.evaluator(view)
        r = ev.rules
        options = [r.trump_index[b.trump]] if b.trump is not None else self._options(ev)
        partners = 0 if b.alone else self.partners(view)
        defenders = self.defenders(view)
        best = None
        for ti in options:
            dist = ev.no_trick(hand, ti, unseen, view.variant.hand_size, defenders, widow, b.open, partners)
            value = ev.contract_ev(dist, b.tricks, b.multiplier, alone=b.alone, contract=b)
            best = value if best is None else max(best, value)
        assert best is not None
        return best

    def _trump_value(
        self,
        view: View,
        ev: Evaluator,
        kept: list[int],
        unseen: list[int],
        ti: int,
        alone: bool,
        dist: list[float],
        alone_dists: dict[int, list[float]],
    ) -> float:
        """The expected score of naming ``ti`` with ``kept`` (``dist``: the side's trick
        distribution with the partners; ``alone_dists``: those without them worked out, by
        trump, kept for the next call)."""
        need, mult, b = self.terms(view)
        lone_contract = b is not None and b.alone

        def lone() -> list[float]:
            found = alone_dists.get(ti)
            if found is None:
                found = alone_dists[ti] = ev.distribution(kept, ti, unseen, 0, view.variant.hand_size)
            return found

        if alone:
            if not _sure_alone(lambda: dist, lone, need):
                return -1e9
            return ev.contract_ev(lone(), need, mult, alone=True, contract=b)
        if lone_contract:
            return ev.contract_ev(lone(), need, mult, alone=True, contract=b)
        return ev.contract_ev(dist, need, mult, alone=False, contract=b)

    def trump_ranking(self, view: View, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """The ``trump`` actions with their expected scores, best first."""
        ev, hand, unseen = self._setup(view)
        r, v = ev.rules, view.variant
        ids = {a.arg: r.trump_id(a.arg) for a in legal if a.verb == "trump"}
        options = [ti for ti in dict.fromkeys(ids.values()) if ti is not None]
        _, _, b = self.terms(view)
        if b is not None and b.objective == "none":
            return self._misere_ranking(view, legal, b, ids)
        named = ev.naming(hand, unseen, options, v.tricks_per_hand, self.partners(view), v.hand_size)
        table = dict(zip(options, named, strict=True))
        alone_dists: dict[int, list[float]] = {}
        scored = []
        for a in legal:
            if a.verb == "trump":
                ti = ids[a.arg]
                assert ti is not None
                kept, dist = table[ti]
                scored.append((self._trump_value(view, ev, kept, unseen, ti, a.alone, dist, alone_dists), a))
        scored.sort(key=lambda x: -x[0])
        return scored

    def _misere_ranking(
        self, view: View, legal: Sequence[Action], b: Bid, ids: dict[str, int | None]
    ) -> list[tuple[float, Action]]:
        """The ``trump`` actions of a contract to take no trick, by the chance of none with the
        hand's safest cards kept (never alone unless the contract is)."""
        ev, hand, unseen = self._setup(view)
        v = view.variant
        partners = 0 if b.alone else self.partners(view)
        scored = []
        for a in legal:
            ti = ids.get(a.arg) if a.verb == "trump" else None
            if ti is None or (a.alone and not b.alone):
                continue
            dist = ev.no_trick(
                hand, ti, unseen, v.hand_size, self.defenders(view), 0, b.open, partners, v.tricks_per_hand
            )
            scored.append((ev.contract_ev(dist, b.tricks, b.multiplier, alone=b.alone, contract=b), a))
        scored.sort(key=lambda x: -x[0])
        return scored

    def name_trump(self, view: View, legal: Sequence[Action]) -> Action:
        """The trump (and whether to go alone) with the best expected score; pass if none pays."""
        ranking = self.trump_ranking(view, legal)
        return _best_or_pass(ranking[0] if ranking else None, legal)

    def order_up(self, view: View, legal: Sequence[Action]) -> Action:
        """Order the turned card up when the contract promises a positive expected score."""
        ev, hand, unseen = self._setup(view)
        r = ev.rules
        turned, suit = view.turned, view.proposed
        if turned is None or suit is None:
            return _best_or_pass(None, legal)
        tid = ev.ids[turned]
        ti = r.suits.index(suit)
        unseen[tid] = max(0, unseen[tid] - 1)
        v = view.variant
        friend = view.dealer in self.friends(view)
        dealer = I_DEAL if view.dealer == view.seat else FRIEND_DEALS if friend else OTHER_DEALS
        mine, dist = ev.ordering(
            hand, tid, ti, unseen, dealer, v.tricks_per_hand, self.partners(view), v.hand_size
        )
        best: tuple[float, Action] | None = None
        need, mult = self.contract(view)
        dists: dict[bool, list[float]] = {False: dist}

        def dist_of(alone: bool) -> list[float]:
            found = dists.get(alone)
            if found is None:  # alone: the partners and their card out of play
                found = dists[alone] = ev.distribution(mine, ti, unseen, 0, v.hand_size)
            return found

        for a in legal:
            if a.verb != "order-up":
                continue
            if a.alone and not _sure_alone(lambda: dist_of(False), lambda: dist_of(True), need):
                continue
            value = ev.contract_ev(dist_of(a.alone), need, mult, alone=a.alone)
            if best is None or value > best[0]:
                best = (value, a)
        return _best_or_pass(best, legal)

    def name_turned(self, view: View, legal: Sequence[Action]) -> Action:
        """The suit a turned Joker proposes, named by the dealer: the one in which the dealer,
        taking the Joker up, expects the best score as maker; the first offered where the dealer
        names it before looking at the hand (every suit is alike to it then)."""
        if view.variant.making.order_up.turned_joker_blind:
            return legal[0]
        ev, hand, unseen = self._setup(view)
        r, v = ev.rules, view.variant
        assert view.turned is not None
        tid = ev.ids[view.turned]
        unseen[tid] = max(0, unseen[tid] - 1)
        need, mult = self.contract(view)

        def value(a: Action) -> float:
            ti = r.suits.index(a.arg)
            _, dist = ev.ordering(
                hand, tid, ti, unseen, I_DEAL, v.tricks_per_hand, self.partners(view), v.hand_size
            )
            return ev.contract_ev(dist, need, mult, alone=False)

        return max(legal, key=value)

    def weak_hand(self, view: View, legal: Sequence[Action]) -> Action:
        """Call the redeal (or swap) when the hand is worth less than a fair share of the tricks.

        A redeal deals this seat a fresh hand, on average worth a fair share of the tricks (the
        tricks of a hand over the players); a swap trades nines and tens for cards the kitty hides,
        on average as good as any unseen card. Both pay when the hand, in its best trump, takes
        fewer tricks than that share by the evaluator's chances; a hand worth its share is kept.
        """
        ev, hand, unseen = self._setup(view)
        best = max(sum(ev.card_chances(hand, ti, unseen)) for ti in range(ev.rules.ns))
        share = view.variant.tricks_per_hand / view.variant.players
        calls = [a for a in legal if a.verb != "pass"]
        if best < share and calls:
            return calls[0]
        return next((a for a in legal if a.verb == "pass"), legal[0])

    def call_partner(self, view: View, legal: Sequence[Action]) -> Action:
        """Call the strongest card the hand lacks: a trump before any plain card, the highest
        first, and among plain cards of equal rank (the aces) the one of the suit the hand holds
        fewest of. The partner then brings a trick the maker cannot take itself, and a maker
        short in that suit can trump its other cards there. Never calls alone (a lone maker
        plays against every other seat).

        Where the maker names a seat (``making.call.by: seat``): the seat to its right, which
        plays last to the maker's leads, after every other seat; a second partner, the next
        seat to the right not named yet.
        """
        if view.variant.calling is not None and view.variant.calling.by == "seat":
            n = view.variant.players
            rightward = [str((view.seat - k) % n) for k in range(1, n)]
            return next((a for r in rightward for a in legal if a.arg == r), legal[0])
        cards = [a for a in legal if a.arg]
        if not cards or view.trump is None:
            return legal[0]
        r = self.evaluator(view).rules
        ti = r.trump_id(view.trump)
        assert ti is not None
        eff, power = r.eff[ti], r.power[ti]
        held = [eff[c] for c in view.hand_ids]

        def strength(a: Action) -> tuple[bool, int, int]:
            c = r.card_id[a.arg]
            return r.is_trump(c, ti), power[c], -held.count(eff[c])

        return max(cards, key=strength)

    def drop_out(self, view: View, legal: Sequence[Action]) -> Action:
        """Drop out when the hand, in the trump made, is worth less than one trick.

        A player who stays in scores its tricks but is bucked (``scoring.bucked``, five points
        lost in Buck Euchre) when it takes none; dropping out scores nothing. A hand worth less
        than a trick is more likely than not to take none, and the buck it risks outweighs the
        trick or so it could win. The evaluator rates a card against the two hands of a
        partnership's other side; a player who stays in plays alone against every other seat,
        so its chances are scaled by two over the players (halved at four, where greedy games
        measured a hand rated two tricks to take one on average).
        """
        stay = next((a for a in legal if a.verb == "pass"), legal[0])
        drop = next((a for a in legal if a.verb == "drop"), stay)
        if view.trump is None:
            return stay
        ev, hand, unseen = self._setup(view)
        ti = ev.rules.trump_id(view.trump)
        assert ti is not None
        worth = sum(ev.card_chances(hand, ti, unseen)) * 2 / view.variant.players
        return drop if worth < 1 else stay

    def defend(self, view: View, legal: Sequence[Action]) -> Action:
        """Defend alone only when it promises more than defending with the partner."""
        ev, hand, unseen = self._setup(view)
        alone = [a for a in legal if a.verb == "alone"]
        others = [a for a in legal if a.verb != "alone"]
        if view.trump is None or not others:
            return others[0] if others else alone[0]
        ti = ev.rules.trump_id(view.trump)
        assert ti is not None
        need, mult, b = self.terms(view)
        if b is not None and b.objective == "none":
            return others[0]
        n = view.variant.tricks_per_hand
        values = []
        for partners, lone in ((self.partners(view), False), (0, True)):
            mine = ev.distribution(hand, ti, unseen, partners, view.variant.hand_size)
            maker = [mine[n - t] for t in range(n + 1)]
            values.append(-ev.contract_ev(maker, need, mult, alone=True, defender_alone=lone, contract=b))
        return alone[0] if values[1] > values[0] + 0.25 else others[0]

    # ------------------------------------------------------------------ cards

    def shed_ranking(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """Cards to discard or give, the best choice first (weakest; a sitting-out partner's strongest)."""
        ev, hand, unseen = self._setup(view)
        r = ev.rules
        ti = r.trump_id(view.trump) if view.trump is not None else r.ns
        assert ti is not None
        chances = dict(zip(hand, ev.card_chances(hand, ti, unseen), strict=False))
        eff, power = r.eff[ti], r.power[ti]
        length = {s: sum(1 for c in hand if eff[c] == s) for s in set(eff[c] for c in hand)}

        def value(a: Action) -> tuple[float, int, int]:
            c = r.card_id[a.arg]
            return (round(chances.get(c, 0.0), 2), length.get(eff[c], 0), power[c])

        if view.seat in view.sitting_out and legal[0].verb == "give":
            return sorted(
                legal, key=lambda a: -power[r.card_id[a.arg]] - 10 * chances.get(r.card_id[a.arg], 0)
            )
        if view.maker == view.seat and policy.takes_none(r, view.bid):
            return self._riskiest(view, legal, ti)
        return sorted(legal, key=value)

    def _riskiest(self, view: View, legal: Sequence[Action], ti: int) -> list[Action]:
        """A misère maker's cards to lay away: the likeliest to take a trick first."""
        ev, hand, unseen = self._setup(view)
        r = ev.rules
        v = view.variant
        total = sum(unseen)
        share = v.hand_size / total if total else 0.0
        *risks, _ = ev.misere.dangers(hand, ti, unseen, share, self.defenders(view))
        risk = dict(zip(hand, risks, strict=True))
        power = r.power[ti]
        return sorted(legal, key=lambda a: (-risk.get(r.card_id[a.arg], 0.0), -power[r.card_id[a.arg]]))

    def shed(self, view: View, legal: Sequence[Action]) -> Action:
        """Discard or give the weakest card; a partner sitting out gives the best."""
        return self.shed_ranking(view, legal)[0]

    def play(self, view: View, legal: Sequence[Action]) -> Action:
        """Lead strong, take tricks as cheaply as possible, never overtake a partner; in a hand
        played without a maker, a side short of the tricks it must take leads its strongest card
        (:func:`short_lead`)."""
        ev = self.evaluator(view)
        lead = short_lead(ev, view, legal)
        return lead if lead is not None else policy.play(ev.rules, policy.seen_table(ev, view), legal)


def short_lead(ev: Evaluator, view: View, legal: Sequence[Action]) -> Action | None:
    """The lead of a side still short of ``scoring.no_maker.minimum`` in a hand played without a
    maker (Buck Euchre's dirty clubs: everyone must take a trick): its strongest card, to win a
    trick early while it can, as a player would; None where the greedy play holds (following,
    a hand with a maker, or the minimum already taken)."""
    need = view.variant.scoring.no_maker.minimum
    if not need or view.maker is not None or view.trump is None or view.trick or legal[0].verb != "play":
        return None
    if view.tricks_won[view.variant.team_of(view.seat)] >= need:
        return None
    r = ev.rules
    power = r.power[r.trump_index[view.trump.upper()]]
    return max(legal, key=lambda a: power[r.card_id[a.arg]])


def contract_terms(v: Variant, name: str | None) -> tuple[int, int, Bid | None]:
    """(tricks required, multiplier, the bid where it carries a contract) of the bid called
    ``name`` (an order-up's without one)."""
    if v.making.method == "auction" and name is not None and name != "order-up":
        try:
            b = v.bid(name)
            return b.tricks, b.multiplier, b if b.contract else None
        except KeyError:
            pass
    return v.making.order_up.tricks_required, 1, None


def _better(
    best: tuple[float, Action] | None, other: tuple[float, Action] | None
) -> tuple[float, Action] | None:
    """The better of two valued actions (the first when equal)."""
    if best is None or (other is not None and other[0] > best[0]):
        return other
    return best


def _sure_alone(partnered: Callable[[], list[float]], alone: Callable[[], list[float]], need: int) -> bool:
    """Whether going alone makes ``need`` tricks with :data:`ALONE_SURE` chance, from the trick
    distributions of the side with its partners and alone. With partners the side takes at least
    as many tricks, so short of sure there is short alone: the lone one is then not worked out."""
    return sum(partnered()[need:]) >= ALONE_SURE and sum(alone()[need:]) >= ALONE_SURE


def _best_or_pass(best: tuple[float, Action] | None, legal: Sequence[Action]) -> Action:
    """The best-valued action if it promises more than :data:`BID_MARGIN`, else a pass when allowed."""
    passes = [a for a in legal if a.verb == "pass"]
    if best is None or (passes and best[0] <= BID_MARGIN):
        return passes[0] if passes else legal[0]
    return best[1]
