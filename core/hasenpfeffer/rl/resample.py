"""Information-set sampling: the current hand dealt anew, as one player could believe it was.

The player keeps what it knows: its own cards, the turned card, the widow if it took it, every
card played, the cards given to it or by it, its own discards. The other seats get cards
drawn from the rest, each seat's unplayed cards kept out of the suits it has shown void in,
and the cards others laid away or passed unseen are drawn too. The whole game is then played
again with that deal (earlier hands as they were): a draw that breaks a rule (a partner who
must give its best card, say) is drawn again. The player's information state is the same in
the game drawn, so information-set search can use it.

>>> import random
>>> from hasenpfeffer.format.loader import load_variant
>>> from hasenpfeffer.rl.table import Table
>>> t = Table(load_variant("euchre"), "euchre")
>>> for a in [3] + list(range(24)) + [48, 48, 48, 48, 53, 0]:  # all pass, seat 0 names H, plays 9C
...     t.apply(a)
>>> actions = resample(t, 2, random.Random(1))
>>> again = Table(load_variant("euchre"), "euchre")
>>> for a in actions:
...     again.apply(a)
>>> again.info_string(2) == t.info_string(2), actions[1:6] == t.actions[1:6], again.actions == t.actions
(True, False, False)
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine.events import (
    CardPlayed,
    CardsDiscarded,
    CardsGiven,
    HandDealt,
    OrderedUp,
    TrickWon,
    TrumpNamed,
    WidowTaken,
)
from ..rules.actions import IllegalActionError
from ..rules.ruleset import compile_variant
from .table import Table

Drawn = tuple[list[list[int]], list[int], dict[str, list[list[int]]]]
"""A draw: every hand, the kitty, and by verb each seat's unseen cards to lay away or give."""
TRIES = 1000
"""Draws before giving up (a draw fails only when it breaks a rule of the hand)."""


class Knowledge:
    """What one player knows of the current hand, read from the table's game."""

    def __init__(self, table: Table, player: int) -> None:
        game = table.game
        assert game is not None and table.dealing is None, "resample a state where a player is to move"
        variant, rules = table.variant, compile_variant(table.variant)
        events = game.events
        start = max(i for i, e in enumerate(events) if isinstance(e, HandDealt))
        dealt = events[start]
        assert isinstance(dealt, HandDealt)
        cid = rules.card_id
        n = self.n = table.n
        self.player, self.dealer = player, dealt.dealer
        self.own = [cid[c] for c in dealt.hands[player]]
        self.kitty_size = len(dealt.kitty)
        self.turned = None if dealt.turned is None else cid[dealt.turned]
        self.widow_taker: int | None = None
        self.widow: list[int] | None = None  # known only to the player who took it
        self.picked_up = False
        self.needed: list[list[int]] = [[] for _ in range(n)]  # cards each seat played or gave the player
        self.received: list[list[int]] = [[] for _ in range(n)]  # cards the player gave each seat
        self.hidden: list[int] = [0] * n  # discards and gifts each seat made unseen by the player
        self.void: list[set[int]] = [set() for _ in range(n)]
        self.gifts: list[tuple[int, int]] = []  # each gift's giver and receiver, in order
        self.held = [len(h) for h in game.hands]  # how many cards each seat holds (public)
        trump_i, led = None, None
        pickup = variant.making.order_up.dealer_discards
        for e in events[start:]:
            if isinstance(e, CardPlayed):
                c = cid[e.card]
                self.needed[e.seat].append(c)
                assert trump_i is not None
                suit = rules.eff[trump_i][c]
                if led is None:
                    led = suit
                elif suit != led:
                    self.void[e.seat].add(led)
            elif isinstance(e, TrickWon):
                led = None
            elif isinstance(e, WidowTaken):
                self.widow_taker = e.seat
                if e.seat == player:
                    self.widow = [cid[c] for c in e.cards]
            elif isinstance(e, OrderedUp):
                trump_i = rules.trump_index[e.trump]
                self.picked_up = pickup and self.kitty_size > 0
            elif isinstance(e, TrumpNamed):
                trump_i = rules.trump_index[e.trump]
            elif isinstance(e, CardsDiscarded) and e.seat != player:
                self.hidden[e.seat] += 1
            elif isinstance(e, CardsGiven):
                self.gifts.append((e.seat, e.to))
                if e.seat == player:
                    self.received[e.to].append(cid[e.cards[0]])
                elif e.to == player:
                    self.needed[e.seat].append(cid[e.cards[0]])
                else:
                    self.hidden[e.seat] += 1
        self.eff = rules.eff[trump_i] if trump_i is not None else None
        self.power = rules.power[trump_i] if trump_i is not None else None
        # A partner who must give its best card: a gift the receiver answers later.
        best = variant.alone.exchange.best
        self.best = [best and (to, giver) in self.gifts[i + 1 :] for i, (giver, to) in enumerate(self.gifts)]
        self.given_seen = [
            cid[e.cards[0]] for e in events[start:] if isinstance(e, CardsGiven) and player in (e.seat, e.to)
        ]
        self.deck = rules.deck
        self.hand_size = table.hand_size

    def draw(self, rng: random.Random) -> Drawn | None:
        """A deal (hands, kitty) and each seat's unseen discards and gifts to make; None if stuck."""
        n, p, turned, eff, power = self.n, self.player, self.turned, self.eff, self.power
        pool = Counter(self.deck)
        pool.subtract(self.own)
        pool.subtract(self.widow or [])
        pool.subtract([] if turned is None else [turned])
        taker = self.dealer if self.picked_up and self.dealer != p else None  # took the turned card
        # Cards each other seat must have been dealt: what it played or gave the player, less what
        # came to it from the player's hand or, for the turned card, from the kitty.
        t_used = taker is not None and any(turned in self.needed[q] for q in range(n) if q != p)
        t_left = taker is not None
        needs: list[list[int]] = []
        for q in range(n):
            need = Counter(self.needed[q] if q != p else [])
            need.subtract(self.received[q])
            if t_left and need[turned] > 0:  # type: ignore[index]
                need[turned] -= 1  # type: ignore[index]
                t_left = False
            needs.append(list((+need).elements()))
            pool.subtract(needs[q])
        if any(v < 0 for v in pool.values()):
            return None
        gone_by: list[list[int]] = [[] for _ in range(n)]  # unseen discards to make
        give_by: list[list[int]] = [[] for _ in range(n)]  # unseen gifts to make
        cap: list[float] = [float("inf")] * n  # no card above a best card given
        played = [needs[q][:] for q in range(n)]  # cards an unseen gift may have brought
        seen = iter(self.given_seen)
        for (giver, to), best in zip(self.gifts, self.best, strict=True):
            if p in (giver, to):
                card = next(seen)
            elif (
                giver == taker and to != taker and turned in self.needed[to] and turned not in give_by[giver]
            ):
                card = turned
                give_by[giver].append(card)
            else:
                unplayed = self.held[to] + self.hidden[to]
                if played[to] and rng.random() < len(played[to]) / (len(played[to]) + unplayed):
                    card = played[to].pop(rng.randrange(len(played[to])))  # a card the receiver played
                    needs[to].remove(card)
                else:
                    ok = [c for c in pool.elements() if eff is None or eff[c] not in self.void[to]]
                    if not ok:
                        return None
                    card = rng.choice(ok)
                    pool[card] -= 1
                needs[giver].append(card)
                give_by[giver].append(card)
            if best and power is not None:
                cap[giver] = min(cap[giver], power[card])
        hands: list[list[int]] = [[] for _ in range(n)]
        hands[p] = self.own[:]
        kitty: list[int] | None = None if self.widow is None else self.widow[:]
        for q in sorted((q for q in range(n) if q != p), key=lambda q: -len(self.void[q])):
            size = self.hand_size + (self.kitty_size if q == self.widow_taker else 0)
            free = size - len(needs[q])  # cards to draw
            loose = (
                q == taker and not t_used and turned not in give_by[q]
            )  # the turned card: kept or laid away
            hidden = self.hidden[q] - len(give_by[q])
            keep = free + loose - hidden
            if free < 0 or keep < 0 or hidden < 0:
                return None
            kept_t = gone_t = False
            if loose:
                assert turned is not None and eff is not None
                high = power is not None and power[turned] > cap[q]
                gone_t = (
                    keep == 0
                    or high
                    or eff[turned] in self.void[q]
                    or rng.random() < hidden / (keep + hidden)
                )
                kept_t = not gone_t
                if gone_t and hidden == 0:
                    return None
            void, top = self.void[q], cap[q]
            ok = [
                c
                for c in pool.elements()
                if (eff is None or eff[c] not in void) and (power is None or power[c] <= top)
            ]
            if len(ok) < keep - kept_t:
                return None
            kept = rng.sample(ok, keep - kept_t)
            pool.subtract(kept)
            rest = list(pool.elements())
            if len(rest) < hidden - gone_t:
                return None
            gone = rng.sample(rest, hidden - gone_t)
            pool.subtract(gone)
            gone_by[q] = gone + ([turned] if gone_t else [])  # type: ignore[list-item]
            cards = needs[q] + kept + gone
            if q == self.widow_taker:
                rng.shuffle(cards)
                cards, kitty = cards[: self.hand_size], cards[self.hand_size :]
            hands[q] = cards
        if kitty is None:
            kitty = list(pool.elements())
            rng.shuffle(kitty)
            if turned is not None:
                kitty.insert(0, turned)
        if len(kitty) != self.kitty_size or any(len(h) != self.hand_size for h in hands):
            return None
        return hands, kitty, {"discard": gone_by, "give": give_by}


def resample(table: Table, player: int, rng: random.Random, tries: int = TRIES) -> list[int]:
    """The actions of a game ``player`` cannot tell from ``table``'s, the current hand dealt anew."""
    know = Knowledge(table, player)
    mark = table.deal_marks[-1]
    prefix, decisions = table.actions[:mark], table.actions[mark + table.pack :]
    keys = table.space.keys
    for _ in range(tries):
        drawn = know.draw(rng)
        if drawn is None:
            continue
        hands, kitty, unseen = drawn
        copy = Table(table.variant, table.spec, table.episode, table.max_hands)
        gifts = iter(to for _, to in know.gifts)
        try:
            for a in prefix + [c for h in hands for c in h] + kitty:
                copy.apply(a)
            for a in decisions:
                verb, seat = keys[a][0], copy.to_move()
                assert seat is not None
                to = next(gifts) if verb == "give" else None
                if verb in ("discard", "give") and player not in (seat, to):
                    a = _unseen(copy, verb, unseen[verb][seat], rng)
                copy.apply(a)
        except (IllegalActionError, ValueError):
            continue
        if copy.info_string(player) == table.info_string(player):
            return copy.actions
    raise RuntimeError(f"no deal found for player {player} in {tries} draws")


def _unseen(table: Table, verb: str, cards: list[int], rng: random.Random) -> int:
    """The id of an unseen discard or gift: one of ``cards`` when legal, else any legal one."""
    group = next(g for g in table.space.groups if g.name == verb)
    legal = [a - group.start for a in table.legal() if group.start <= a < group.stop]
    for c in cards:
        if c in legal:
            cards.remove(c)
            return group.start + c
    return group.start + rng.choice(legal)
