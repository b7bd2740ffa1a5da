"""Moving a world of an earlier moment of the hand on to a later view of the same seat.

A card played since may not fit the world: the world gave it to another hand (or the kitty, or
a discard the seat did not see), or the player showed it lacks a suit the world gave it. Hidden
cards are then swapped, one pair at a time, at most :data:`MENDS` times: on the deal, which is
then replayed (:func:`mend`), or in place on the world itself, each swap one that every card
played before still fits, and the world plays on without a replay (:class:`Swapper`).
:meth:`~.sampler.Worlds.follow` chooses between them.

>>> import random
>>> from hasenpfeffer import Game, load_variant
>>> from hasenpfeffer.engine.game import actual_state
>>> from .replay import advance
>>> from .sampler import Worlds
>>> deal = {"dealer": 3, "widow": ["JS", "QS", "KS", "AS"], "hands": [
...     "9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS"]}
>>> game = Game(load_variant("euchre"), deal=deal)
>>> for a in ["0 pass", "1 pass", "2 order-up", "3 discard 9S"]:
...     _ = game.apply(a)
>>> before = Worlds(game.view(1)).sample(random.Random(2))
>>> [game.rules.faces[c] for c in actual_state(before).hands[0]]  # seat 0 as seat 1 may believe
[AD, 9H, AH, TS, AS]
>>> _ = game.apply("0 play 9C")
>>> view = game.view(1)
>>> advance(before, view.history[len(before.view(1).history) :])
(1.0, Action(seat=0, verb='play', arg='9C', alone=False))
>>> moved, weight = Worlds(view).follow(before, 1.0, random.Random(3), view.history[-1])
>>> moved.view(1).history == view.history, [game.rules.faces[c] for c in actual_state(moved).hands[0]]
(True, [AD, AH, TS, AS])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.dealing import Dealt
from ..engine.events import CardsDiscarded, HandDealt
from ..engine.game import Game, actual_state, swap_cards
from ..engine.view import View
from ..format.cards import Card
from ..rules.actions import Action
from .knowledge import Knowledge

MENDS = 8
"""Cards a world may have moved before :meth:`~.sampler.Worlds.follow` gives it up."""


def mend(
    dealt: Dealt,
    game: Game,
    a: Action,
    me: int,
    turned: bool,
    hidden: Sequence[int | None],
    rng: random.Random,
) -> Dealt | None:
    """``dealt`` changed by one swap of hidden cards so that ``a``, a card played that ``game``
    (the world just before it) cannot play, comes nearer to fitting; None when no swap does.

    Either the card is elsewhere (another hand, the kitty's hidden part, an unseen discard): it is swapped for one
    of the player's cards. Or the player holds the suit led, which it showed it lacks: one such
    card is swapped for a card of another suit from elsewhere. Only cards still where the deal
    put them move, never ``me``'s; ``turned``: the kitty's first card is seen; ``hidden``: for
    each discard, the discarder when ``me`` did not see the card, else None.
    """
    if a.verb != "play" or not a.arg:
        return None
    rules, s = game.rules, a.seat
    faces = rules.faces
    hands = [list(h) for h in dealt.hands]
    kitty = list(dealt.kitty)
    aside = list(dealt.set_aside)
    now = actual_state(game)
    held = {c for h in now.hands for c in h}
    cid = rules.card_id
    # Where a hidden card may come from, each a list of (list, index) that hold it: the other
    # hands (cards still held as dealt), the kitty's hidden part (cards never taken), and the
    # discards ``me`` did not see (with the discarder's hand as dealt, where the card was).
    spots: list[list[tuple[list[Card], int]]] = []
    for t, hand in enumerate(hands):
        if t not in (s, me):
            spots += [[(hand, i)] for i, c in enumerate(hand) if cid[c] in held]
    for i in range(1 if turned else 0, len(kitty)):
        if cid[kitty[i]] not in held and kitty[i] not in aside:
            spots.append([(kitty, i)])
    for j, (c, by) in enumerate(zip(aside, hidden, strict=False)):
        if by is not None and by != me and c in hands[by]:
            spots.append([(aside, j), (hands[by], hands[by].index(c))])
    card = cid[a.arg]
    mine = [faces[c] for c in now.hands[s] if faces[c] in hands[s]]
    if card not in now.hands[s]:  # the card is elsewhere: take it for one of the player's
        spots = [spot for spot in spots if spot[0][0][spot[0][1]] == a.arg]
        take = mine
    else:  # the player shows a void: move one of its cards of the suit led away
        if not now.trick or now.trump_i is None:
            return None
        eff = rules.eff[now.trump_i]
        led = now.led
        take = [c for c in mine if eff[cid[c]] == led]
        spots = [spot for spot in spots if eff[cid[spot[0][0][spot[0][1]]]] != led]
    if not spots or not take:
        return None
    spot = rng.choice(spots)
    out = rng.choice(take)
    hands[s][hands[s].index(out)] = spot[0][0][spot[0][1]]
    for place, i in spot:
        place[i] = out
    return Dealt(dealt.dealer, tuple(tuple(h) for h in hands), tuple(kitty), tuple(aside))


def guessed_right(g: Game, view: View) -> bool:
    """Whether a world moved on to ``view``'s moment shows the cards the seat has seen since it
    was drawn: the widow it took, the dummies it took into hand, a hand laid open, a dummy's
    hand its maker plays from its seat (seen once trump is made) (a world drawn before held
    guesses of them)."""
    now = g.view(view.seat)
    seen = (not view.widow or now.widow == view.widow) and (not view.took or now.took == view.took)
    return seen and now.shown == view.shown and now.seen == view.seen


class Swapper:
    """Swaps of hidden cards made in place on the worlds of one view (read once: the voids each
    seat showed, and when)."""

    def __init__(self, view: View, known: Knowledge) -> None:
        self.view, self.known = view, known
        deck = known.rules.deck
        self.distinct = len(set(deck)) == len(deck)
        """Every card of the pack is one of a kind (two of a card: which one a seat held is more
        than the tricks tell, and nothing is swapped)."""
        self._shown: tuple[list[list[tuple[int, int]]], dict[tuple[int, int], int]] | None = None

    def move_on(self, g: Game, stuck: Action, rng: random.Random) -> Game | None:
        """:meth:`~.sampler.Worlds.follow` without a replay (nothing weighed): ``g``, just before ``stuck``, has
        unseen cards swapped in place (:func:`~hasenpfeffer.engine.game.swap_cards`), each swap one that every
        card played before still fits (:meth:`fits`), and plays on; None when no swap does."""
        history, me = self.view.history, self.view.seat
        done = len(g.view(me).history)
        a = stuck
        for _ in range(MENDS):
            if not self.swap(g, a, rng):
                return None
            while done < len(history):
                a = history[done]
                if not g.can_apply(a):
                    break
                g.apply(a)
                done += 1
            else:
                return g if guessed_right(g, self.view) else None
        return None

    def swap(self, g: Game, a: Action, rng: random.Random) -> bool:
        """:func:`mend` in place: one swap of cards still as dealt (in another hand, the
        kitty's hidden part, or a discard this seat did not see) that brings the card played
        ``a`` nearer to fitting ``g``, among the swaps every card played still fits; False when
        none does."""
        me, rules, now = self.view.seat, g.rules, actual_state(g)
        s = a.seat
        if a.verb != "play" or not a.arg or s == me or now.trump_i is None or not self.distinct:
            return False  # two of a card: which one a seat held is more than the tricks tell
        shown = g.view(me).shown  # a hand laid open keeps the cards it showed
        opened = -1 if shown is None else shown[0]
        if s == opened:
            return False
        dealt = next(e for e in reversed(g.events) if isinstance(e, HandDealt))
        faces, cid, eff = rules.faces, rules.card_id, rules.eff[now.trump_i]
        held = {c for h in now.hands for c in h}
        # Where a card may come from, as (the seat that then holds the card it is swapped for,
        # or -1 when none does, the card): other hands, the kitty, discards it did not see.
        spots = [
            (t, c)
            for t, hand in enumerate(now.hands)
            if t not in (s, me, opened)
            for c in hand
            if faces[c] in dealt.hands[t]
        ]
        first = 1 if self.view.turned is not None else 0
        kitty = now.kitty
        spots += [(-1, cid[k]) for k in dealt.kitty[first:] if cid[k] in kitty and cid[k] not in held]
        discards = [(e.seat, cid[c]) for e in g.events if isinstance(e, CardsDiscarded) for c in e.cards]
        unseen = [t.card is None for t in self.known.transfers if t.verb == "discard"]
        spots += [
            (-1, c)
            for (by, c), hidden in zip(discards, unseen, strict=False)
            if hidden and by != me and faces[c] in dealt.hands[by]
        ]
        mine = [c for c in now.hands[s] if faces[c] in dealt.hands[s]]
        card = cid[a.arg]
        if card not in now.hands[s]:  # the card is elsewhere: take it for one of the player's
            spots = [spot for spot in spots if spot[1] == card]
            take = mine
        else:  # the player shows a void: move one of its cards of the suit led away
            if not now.trick:
                return False
            led = now.led
            take = [c for c in mine if eff[c] == led]
            spots = [spot for spot in spots if eff[spot[1]] != led]
        fits = self.fits
        pairs = [(c, out) for t, c in spots if fits(s, c, eff) for out in take if t < 0 or fits(t, out, eff)]
        if not pairs:
            return False
        c, out = rng.choice(pairs)
        swap_cards(g, faces[c], faces[out])
        return True

    def fits(self, seat: int, card: int, eff: Sequence[int]) -> bool:
        """True when ``seat`` may have held ``card`` through the view's tricks: it showed no
        void in the card's suit before the trick it played the card in (if it did)."""
        shown = self._shown
        if shown is None:
            shown = self._shown = voids_shown(self.known)
        voids, played = shown
        last = played.get((seat, card), len(voids[seat]))
        return all(led != eff[card] for _, led in voids[seat][:last]) if voids[seat] else True


def voids_shown(known: Knowledge) -> tuple[list[list[tuple[int, int]]], dict[tuple[int, int], int]]:
    """The voids each seat showed in the view's tricks, in order, as (trick, suit led), and for
    each (seat, card) played, how many of the seat's voids came before its trick."""
    r = known.rules
    cid = r.card_id
    voids: list[list[tuple[int, int]]] = [[] for _ in range(known.plan.n)]
    played: dict[tuple[int, int], int] = {}
    if known.trump is None:
        return voids, played
    eff = r.eff[known.trump]
    for n, (cards, led) in enumerate(zip(known.trick_cards(), known.led, strict=True)):
        for i, (seat, card) in enumerate(cards):
            c = cid[str(card)]
            played[(seat, c)] = len(voids[seat])
            if i and eff[c] != led:  # (the leader of a Joker follows no suit it named)
                voids[seat].append((n, led))
    return voids, played
