"""The ``mc`` bot: sample the unseen cards, play each choice out with ``greedy``, keep the best.

A sampled world is a deal of the current hand consistent with what the seat has
seen (its own cards, the cards played, the turned card, suits others have shown
they lack). The game is rebuilt from that deal by replaying the hand's public
actions, each legal choice is tried on a copy, and greedy bots finish the hand.

>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("hasenpfeffer"), seed=5)
>>> bot = MonteCarloBot(seed=1, samples=4)
>>> view = game.view(game.to_move)
>>> bot.choose(view, view.legal) in view.legal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.view import View
from ..rules.actions import Action
from .bots import GreedyBot

if TYPE_CHECKING:
    from ..engine.game import Game

SAMPLES = 24
"""Worlds sampled for each decision."""
PRUNE = 3
"""Greedy's best choices that are played out when naming trump, discarding or giving."""
MAKER_WEIGHT = 3.0
"""How much likelier a maker is taken to hold a trump than another card when sampling."""


class MonteCarloBot:
    """Perfect-information Monte Carlo over sampled deals, with greedy play-outs."""

    def __init__(self, seed: int | None = None, samples: int = SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.greedy = GreedyBot(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The choice with the best average score difference for this seat's side over the samples."""
        if len(legal) == 1:
            return legal[0]
        candidates = self.candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        worlds = 0
        for _ in range(self.samples):
            sampled = self.sample_deal(view)
            game = None if sampled is None else self.build(view, *sampled)
            if game is None:
                continue
            worlds += 1
            for i, action in enumerate(candidates):
                trial = game.copy()
                trial.apply(action)
                totals[i] += self.play_out(trial, view.seat)
        if worlds == 0:
            return self.greedy.choose(view, legal)
        best = max(range(len(candidates)), key=lambda i: totals[i])
        return candidates[best]

    def candidates(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """The choices worth playing out: all cards in play; greedy's best few elsewhere.

        In an auction: passing, greedy's bid and the cheapest bid; naming trump: greedy's
        three best (and passing); discards and gifts: greedy's three best.
        """
        verbs = {a.verb for a in legal}
        greedy = self.greedy
        keep: set[Action] = {a for a in legal if a.verb == "pass"}
        if "bid" in verbs:
            keep.add(greedy.choose(view, legal))
            keep.add(next(a for a in legal if a.verb == "bid"))
        elif "trump" in verbs:
            keep.update(a for _, a in greedy.trump_ranking(view, legal)[:PRUNE])
        elif verbs & {"discard", "give"}:
            keep.update(greedy.shed_ranking(view, legal)[:PRUNE])
        else:
            return list(legal)
        return [a for a in legal if a in keep]

    def play_out(self, game: Game, seat: int) -> float:
        """Finish the hand with greedy bots; this seat's side's score change minus the best other side's."""
        hands = len(game.hand_results)
        greedy = self.greedy
        while len(game.hand_results) == hands and not game.is_over:
            s = game.to_move
            assert s is not None
            if game.phase == "play":
                game.apply(rollout_play(game))
                continue
            v = game.view(s)
            game.apply(greedy.choose(v, v.legal))
        result = game.hand_results[hands]
        side = game.variant.team_of(seat)
        change = result.score_change
        return float(change[side] - max(c for i, c in enumerate(change) if i != side))

    # ------------------------------------------------------------------ sampling

    def build(self, view: View, deal: dict[str, object], discards: list[str]) -> Game | None:
        """The game at this moment of the hand, from a sampled deal (None if the history does not fit)."""
        from ..engine.game import Game

        game = Game(view.variant, seed=0, deal=deal)
        hidden = iter(discards)
        for a in view.history:
            if a.verb == "discard" and not a.arg:
                a = Action(a.seat, "discard", next(hidden))
            if not game.can_apply(a):
                return None
            game.apply(a)
        return game

    def sample_deal(self, view: View) -> tuple[dict[str, object], list[str]] | None:
        """A deal of this hand consistent with the view, and the hidden discards in order."""
        if any(a.verb == "give" for a in view.history):
            return None
        ev = self.greedy.evaluator(view)
        r, v = ev.rules, view.variant
        faces, cid = r.faces, r.card_id
        me, n, size = view.seat, v.players, v.hand_size
        played: list[list[int]] = [[] for _ in range(n)]
        for trick in view.tricks:
            for s, c in trick.cards:
                played[s].append(cid[str(c)])
        for s, c in view.trick:
            played[s].append(cid[str(c)])
        mine = [cid[str(c)] for c in view.hand]
        my_discards = [cid[a.arg] for a in view.history if a.verb == "discard" and a.seat == me and a.arg]
        hidden_by = [a.seat for a in view.history if a.verb == "discard" and a.seat != me]
        known = mine + [c for p in played for c in p] + my_discards
        turned = None if view.turned is None else cid[str(view.turned)]
        if turned is not None and turned not in known:
            known.append(turned)
        picked_up = (
            turned is not None
            and v.making.order_up.dealer_discards
            and any(a.verb == "order-up" for a in view.history)
        )
        holds_turned = picked_up and view.dealer != me and turned not in played[view.dealer]
        trump = r.trump_id(view.trump) if view.trump is not None else None
        voids = ev.voids(view, trump) if trump is not None else {}
        thrown = (
            holds_turned and trump is not None and r.eff[trump][turned or 0] in voids.get(view.dealer, ())
        )
        holds_turned = holds_turned and not thrown  # a dealer void in its suit discarded the turned card
        widow_maker = v.making.method == "auction" and v.deal.kitty.use == "widow"
        need = {s: size - len(played[s]) - (holds_turned and s == view.dealer) for s in range(n) if s != me}
        pool = ev.unseen_after(known)
        # A forced Joker holder (all passed) must hold the Joker.
        ap = v.making.all_pass
        joker = r.joker
        forced = (
            view.maker is not None
            and view.maker != me
            and ap.rule == "forced"
            and ap.forced == "joker-holder"
            and joker is not None
            and pool[joker] > 0
            and not any(a.verb == "bid" for a in view.history)
        )
        if forced and joker is not None and view.maker is not None:
            pool[joker] -= 1
            need[view.maker] -= 1
        cards = [c for c, k in enumerate(pool) for _ in range(k)]
        self.rng.shuffle(cards)
        hands = self._deal_hidden(cards, need, voids, trump, view)
        if hands is None:
            return None
        if forced and joker is not None and view.maker is not None:
            hands[view.maker].append(joker)
        rest = hands.pop()
        if len(rest) < len(hidden_by) - thrown:
            return None
        discards = [
            turned if thrown and who == view.dealer and turned is not None else rest.pop()
            for who in hidden_by
        ]
        original: list[list[int]] = []
        for s in range(n):
            if s == me:
                h = _remove(mine + played[s] + my_discards, [cid[str(c)] for c in view.widow])
            else:
                own = [d for d, who in zip(discards, hidden_by, strict=True) if who == s]
                h = hands[s] + played[s] + ([] if widow_maker and s == view.maker else own)
                if holds_turned and s == view.dealer and turned is not None:
                    h.append(turned)
            if picked_up and s == view.dealer and turned is not None:
                h = _remove(h, [turned])
            original.append(h)
        if turned is not None:
            kitty = [turned, *rest]
        elif me == view.maker and view.widow:
            kitty = [cid[str(c)] for c in view.widow] + rest
        else:
            kitty = discards + rest if widow_maker else rest
        if any(len(h) != size for h in original):
            return None
        deal = {
            "dealer": view.dealer,
            "hands": [[str(faces[c]) for c in h] for h in original],
            "widow": [str(faces[c]) for c in kitty],
        }
        return deal, [str(faces[d]) for d in discards]

    def _deal_hidden(
        self,
        cards: list[int],
        need: dict[int, int],
        voids: dict[int, set[int]],
        trump: int | None,
        view: View,
    ) -> list[list[int]] | None:
        """Hidden hands by seat (index ``-1``: the rest), respecting shown voids; the maker leans to trumps."""
        r = self.greedy.evaluator(view).rules
        eff = r.eff[trump] if trump is not None else None
        n = view.variant.players
        for attempt in range(20):
            left = cards[:] if attempt == 0 else self.rng.sample(cards, len(cards))
            hands: list[list[int]] = [[] for _ in range(n)]
            order = sorted(need, key=lambda s: -len(voids.get(s, ())))
            ok = True
            for s in order:
                banned = voids.get(s, set())
                allowed = [c for c in left if eff is None or eff[c] not in banned]
                if len(allowed) < need[s]:
                    ok = False
                    break
                if s == view.maker and eff is not None and trump is not None and trump < r.ns:
                    picked = self._weighted(
                        allowed, need[s], [MAKER_WEIGHT if eff[c] == trump else 1.0 for c in allowed]
                    )
                else:
                    picked = allowed[: need[s]]
                hands[s] = picked
                for c in picked:
                    left.remove(c)
            if ok:
                hands.append(left)
                return hands
        return None

    def _weighted(self, items: list[int], k: int, weights: list[float]) -> list[int]:
        """``k`` items drawn without replacement with the given weights."""
        keyed = sorted(range(len(items)), key=lambda i: -(self.rng.random() ** (1.0 / weights[i])))
        return [items[i] for i in keyed[:k]]


def _remove(cards: list[int], gone: Sequence[int]) -> list[int]:
    out = cards[:]
    for c in gone:
        if c in out:
            out.remove(c)
    return out


def rollout_play(game: Game) -> Action:
    """Greedy's card play with every hand in sight (the sampled world is fully known).

    Lead a boss trump when making, else a boss card, else low from the shortest suit;
    follow with the cheapest winning card, or the lowest card when a friend is winning.
    """
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    r = game.rules
    ti = game.trump_i if game.trump_i is not None else r.ns
    eff, power = r.eff[ti], r.power[ti]
    trump = ti if ti < r.ns else -1
    seat = game.to_move
    assert seat is not None
    v = game.variant
    maker = game.maker
    if v.partnerships == "none":
        friends = {seat} if seat == maker else {s for s in range(v.players) if s != maker}
    else:
        friends = {s for s in range(v.players) if s % 2 == seat % 2}
    top: dict[int, int] = {}
    for s, hand in enumerate(game.hands):
        if s != seat and not game.out[s]:
            for c in hand:
                e = eff[c]
                if power[c] > top.get(e, -1):
                    top[e] = power[c]
    cards = [(a, r.card_id[a.arg]) for a in legal]

    def low(item: tuple[Action, int]) -> tuple[bool, bool, int]:
        c = item[1]
        return (eff[c] == trump or power[c] >= 1000, power[c] > top.get(eff[c], -1), power[c])

    trick = game.trick
    if not trick:
        trumps = [x for x in cards if eff[x[1]] == trump]
        if trumps and maker in friends and trump in top:
            lead = max(trumps, key=lambda x: power[x[1]])
            if power[lead[1]] > top[trump]:
                return lead[0]
        plain = [x for x in cards if eff[x[1]] != trump]
        boss = [x for x in plain if power[x[1]] > top.get(eff[x[1]], -1)]
        if boss:
            return max(boss, key=lambda x: power[x[1]])[0]
        if plain:
            length: dict[int, int] = {}
            for _, c in plain:
                length[eff[c]] = length.get(eff[c], 0) + 1
            return min(plain, key=lambda x: (length[eff[x[1]]], power[x[1]]))[0]
        return min(cards, key=lambda x: power[x[1]])[0]
    key = r.key[ti][eff[trick[0][1]]]
    best_seat, best = trick[0][0], key[trick[0][1]]
    for s, c in trick[1:]:
        if key[c] > best:
            best_seat, best = s, key[c]
    if best_seat in friends:
        return min(cards, key=low)[0]
    winners = [x for x in cards if key[x[1]] > best]
    if winners:
        return min(winners, key=lambda x: key[x[1]])[0]
    return min(cards, key=low)[0]
