"""Worlds: full games built from one seat's view and a choice of the cards it has not seen.

:func:`world` replays the hand's public history on a given deal (:class:`Dealt`: the hands
and kitty as dealt, and the cards of every discard and gift, which the view may hide).
:class:`Worlds` draws such deals at random, consistent with everything the seat saw: its own
cards, discards and gifts, the widow it took, the cards played, the suits others have shown
they lack, the turned card (which the dealer who took it holds, played or laid away), a
forced Joker holder's Joker, a lone player's exchange (a partner who must give their best
keeps nothing higher). Only the current hand is rebuilt: a world's scores, hand number and
later deals are not the real game's.

>>> import random
>>> from hasenpfeffer import Game, load_variant
>>> game = Game(load_variant("hasenpfeffer"), dealer=3, seed=5)
>>> for a in ["0 bid 3", "1 pass", "2 pass", "3 pass", "0 trump S"]:
...     _ = game.apply(a)
>>> view = game.view(2)
>>> w = sample_world(view, random.Random(1))
>>> w.view(2).hand == view.hand, w.view(2).history == view.history, w.to_move == game.to_move
(True, True, True)
>>> real = world(view, actual_deal(game))
>>> real.hands == game.hands
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..rules.actions import Action
from .drawing import Dealt, Lean, draw
from .events import CardsDiscarded, CardsGiven, HandDealt
from .game import Game
from .knowledge import Knowledge
from .view import View

__all__ = ["Dealt", "Lean", "Weigh", "Worlds", "actual_deal", "advance", "sample_world", "world"]

TRIES = 50
"""Deals tried (drawn, replayed and weighed) before :meth:`Worlds.sample` gives up."""
DRAWS = 2000
"""Draws before :meth:`Worlds.sample` gives up, counting those that went wrong (a lone player's
exchange where partners give their best, in a large pack, may fit one draw in twenty)."""
MENDS = 8
"""Cards a world may have moved before :meth:`Worlds.follow` gives it up."""
Weigh = Callable[[Game, Action], float]
"""How likely a seat was to take an action of the history in a world (the world just before it,
the action): between 0 and 1, a model of the other seats' choices, e.g. a bot's own."""


def world(view: View, dealt: Dealt, seed: int = 0) -> Game:
    """The game at the view's moment, its hand dealt as ``dealt``; ValueError if they do not fit."""
    game = _replay(view, dealt, seed)[0]
    assert game is not None
    return game


def _replay(
    view: View, dealt: Dealt, seed: int, weigh: Weigh | None = None, floor: float = 0.0
) -> tuple[Game | None, float]:
    """:func:`world`, and the product of ``weigh`` over the history's actions (1 without it);
    no game when the product falls below ``floor`` (the replay stops there)."""
    game = Game(view.variant, seed=seed, deal=dealt.mapping())
    cards = iter(dealt.transfers)
    weight = 1.0
    for a in view.history:
        if a.verb in ("discard", "give"):
            card = next(cards, None)
            if card is None or (a.arg and a.arg != card):
                raise ValueError(f"the deal's discards and gifts do not fit {a}")
            a = Action(a.seat, a.verb, card, a.alone)
        if not game.can_apply(a):
            raise _Unplayable(game, a)
        if weigh is not None:
            weight *= weigh(game, a)
            if weight < floor:
                return None, weight
        game.apply(a)
    faces = game.rules.faces
    if tuple(faces[c] for c in game.hands[view.seat]) != view.hand:
        raise ValueError(f"the deal does not give seat {view.seat} the cards it holds")
    return game, weight


class _Unplayable(ValueError):
    """An action of the history that the deal cannot play (the game just before it)."""

    def __init__(self, game: Game, action: Action) -> None:
        super().__init__(f"the deal does not fit the history: {action} is not legal there")
        self.game, self.action = game, action


def _mend(
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
    transfers = list(dealt.transfers)
    held = {c for h in game.hands for c in h}
    cid = rules.card_id
    # Where a hidden card may come from, each a list of (list, index) that hold it: the other
    # hands (cards still held as dealt), the kitty's hidden part (cards never taken), and the
    # discards ``me`` did not see (with the discarder's hand as dealt, where the card was).
    spots: list[list[tuple[list[str], int]]] = []
    for t, hand in enumerate(hands):
        if t not in (s, me):
            spots += [[(hand, i)] for i, c in enumerate(hand) if cid[c] in held]
    for i in range(1 if turned else 0, len(kitty)):
        if cid[kitty[i]] not in held and kitty[i] not in transfers:
            spots.append([(kitty, i)])
    for j, (c, by) in enumerate(zip(transfers, hidden, strict=False)):
        if by is not None and by != me and c in hands[by]:
            spots.append([(transfers, j), (hands[by], hands[by].index(c))])
    card = cid[a.arg]
    mine = [str(faces[c]) for c in game.hands[s] if str(faces[c]) in hands[s]]
    if card not in game.hands[s]:  # the card is elsewhere: take it for one of the player's
        spots = [spot for spot in spots if spot[0][0][spot[0][1]] == a.arg]
        take = mine
    else:  # the player shows a void: move one of its cards of the suit led away
        if not game.trick or game.trump_i is None:
            return None
        eff = rules.eff[game.trump_i]
        led = eff[game.trick[0][1]]
        take = [c for c in mine if eff[cid[c]] == led]
        spots = [spot for spot in spots if eff[cid[spot[0][0][spot[0][1]]]] != led]
    if not spots or not take:
        return None
    spot = rng.choice(spots)
    out = rng.choice(take)
    hands[s][hands[s].index(out)] = spot[0][0][spot[0][1]]
    for place, i in spot:
        place[i] = out
    return Dealt(dealt.dealer, tuple(tuple(h) for h in hands), tuple(kitty), tuple(transfers))


def advance(game: Game, actions: Sequence[Action], weigh: Weigh | None = None) -> tuple[float, Action | None]:
    """Apply ``actions`` to a world ``game``: the product of ``weigh`` over them (1 without
    it), and the first that cannot be played there (None when all were; else ``game`` stops
    just before it, for :meth:`Worlds.follow`)."""
    factor = 1.0
    for a in actions:
        if not game.can_apply(a):
            return factor, a
        if weigh is not None:
            factor *= weigh(game, a)
        game.apply(a)
    return factor, None


def actual_deal(game: Game) -> Dealt:
    """The current hand's real deal, with every discard and gift (hidden information: for analysis)."""
    events = game.events
    start = max(i for i, e in enumerate(events) if isinstance(e, HandDealt))
    dealt = events[start]
    assert isinstance(dealt, HandDealt)
    moved = [c for e in events[start:] if isinstance(e, CardsDiscarded | CardsGiven) for c in e.cards]
    return Dealt(dealt.dealer, dealt.hands, dealt.kitty, tuple(moved))


class Worlds:
    """Random worlds consistent with one view (read once, drawn from many times).

    ``lean(seat, card)`` weighs how likely a seat is to hold a card (a prior, e.g. that a
    maker holds trumps); without it every consistent deal is drawn alike. ``shed(seat, card)``
    weighs the same for the discards the view did not see (that a seat lays away low cards);
    they are drawn before the hands. ``weigh`` is a
    model of the history's choices (:data:`Weigh`): a drawn world is kept with the probability
    of its history under the model, so worlds where the others would have bid otherwise are
    rarer; after ``tries`` draws the likeliest world drawn is taken. With ``reject=False`` no
    world is turned down: the first drawn comes with its weight, for the caller to weigh by
    (importance sampling: cheaper than rejection, each world counting as much as it is likely).
    """

    def __init__(
        self,
        view: View,
        lean: Lean | None = None,
        tries: int = TRIES,
        weigh: Weigh | None = None,
        reject: bool = True,
        shed: Lean | None = None,
    ) -> None:
        self.view = view
        self.known = Knowledge(view)
        self.lean = lean
        self.shed = shed
        self.tries = tries
        self.weigh = weigh
        self.reject = reject
        deck = self.known.rules.deck
        self._distinct = len(set(deck)) == len(deck)
        """Every card of the pack is one of a kind (:meth:`follow` swaps cards in place)."""
        self._shown: tuple[list[list[tuple[int, int]]], dict[tuple[int, int], int]] | None = None

    def deal(self, rng: random.Random) -> Dealt | None:
        """A deal that fits the view, checked by replaying it; None if every try failed."""
        game = self.sample(rng)
        return None if game is None else actual_deal(game)

    def sample(self, rng: random.Random) -> Game | None:
        """A world: the game rebuilt at this moment on a random consistent deal (None if none was found)."""
        found = self.sample_weighed(rng)
        return None if found is None else found[0]

    def sample_weighed(self, rng: random.Random) -> tuple[Game, float] | None:
        """:meth:`sample`, with the world's weight under ``weigh`` (1 without it)."""
        likeliest: tuple[float, Dealt, int] | None = None
        tried = 0
        for _ in range(DRAWS):
            if tried >= self.tries:
                break
            dealt = draw(self.known, rng, self.lean, self.shed)
            if dealt is None:
                continue
            tried += 1
            seed = rng.randrange(2**31)
            floor = rng.random() if self.weigh is not None and self.reject else 0.0
            try:
                game, weight = _replay(self.view, dealt, seed, self.weigh, floor)
            except ValueError:
                continue
            if game is not None:
                return game, weight
            if likeliest is None or weight > likeliest[0]:
                likeliest = (weight, dealt, seed)
        if likeliest is None:
            return None
        return world(self.view, likeliest[1], likeliest[2]), likeliest[0]

    def follow(
        self, game: Game, weight: float, rng: random.Random, stuck: Action | None = None
    ) -> tuple[Game, float] | None:
        """A world of an earlier moment of this hand (of weight ``weight``), rebuilt at this
        view's: each card played since that the world gave elsewhere (another hand, the
        kitty's hidden part, an unseen discard) is swapped for one of the player's own, and a
        suit a player showed it lacks is swapped out of its hand (see :func:`_mend`); the world
        stays close to the old one. A world whose widow is not the one the seat has seen since
        is not moved on. Under ``weigh``, the new world is kept with the chance of its weight
        relative to the old one (with ``reject=False``, always, with its new weight). None when
        it cannot be moved on (a card whose way is known, more than :data:`MENDS` swaps): draw
        a new one.

        ``stuck``: the action of the view's history that ``game``, moved on as far as it goes,
        cannot play next. Without ``weigh``, the swaps are then made in place on a copy of
        ``game`` (only swaps that every card played before still fits), which plays on from
        there: no replay of the hand. ``game`` itself is never changed.

        Worlds whose hand had a lone player's exchange or a forced Joker holder are not moved
        on, as what the seat knows of them is more than a replay checks.
        """
        known = self.known
        if known.exchanges or known.forced_joker:
            return None
        if stuck is not None and self.weigh is None:
            moved = self._swap_on(game.copy(), stuck, rng)
            if moved is not None:
                return moved, 1.0
        dealt = actual_deal(game)
        seed = rng.randrange(2**31)
        me, turned = self.view.seat, self.view.turned is not None
        hidden = [t.seat if t.card is None else None for t in known.transfers]
        if stuck is not None:
            mended = _mend(dealt, game, stuck, me, turned, hidden, rng)
            if mended is None:
                return None
            dealt = mended
        for _ in range(MENDS):
            try:
                moved, w = _replay(self.view, dealt, seed, self.weigh)
            except _Unplayable as stop:
                mended = _mend(dealt, stop.game, stop.action, me, turned, hidden, rng)
                if mended is None:
                    return None
                dealt = mended
                continue
            except ValueError:
                return None
            assert moved is not None
            if self.view.widow and moved.view(me).widow != self.view.widow:
                return None  # the seat has seen the widow since: the old world's was a guess
            if self.reject and w < weight and rng.random() * weight >= w:
                return None
            return moved, w
        return None

    def _swap_on(self, g: Game, stuck: Action, rng: random.Random) -> Game | None:
        """:meth:`follow` without a replay (nothing weighed): ``g``, just before ``stuck``, has
        unseen cards swapped in place (:meth:`Game.swap_cards`), each swap one that every
        card played before still fits (:meth:`_fits`), and plays on; None when no swap does."""
        history, me = self.view.history, self.view.seat
        done = len(g.view(me).history)
        a = stuck
        for _ in range(MENDS):
            if not self._swap(g, a, rng):
                return None
            while done < len(history):
                a = history[done]
                if not g.can_apply(a):
                    break
                g.apply(a)
                done += 1
            else:
                if self.view.widow and g.view(me).widow != self.view.widow:
                    return None
                return g
        return None

    def _swap(self, g: Game, a: Action, rng: random.Random) -> bool:
        """:func:`_mend` in place: one swap of cards still as dealt (in another hand, the
        kitty's hidden part, or a discard this seat did not see) that brings the card played
        ``a`` nearer to fitting ``g``, among the swaps every card played still fits; False when
        none does."""
        me, rules = self.view.seat, g.rules
        s = a.seat
        if a.verb != "play" or not a.arg or s == me or g.trump_i is None or not self._distinct:
            return False  # two of a card: which one a seat held is more than the tricks tell
        dealt = next(e for e in reversed(g.events) if isinstance(e, HandDealt))
        names, cid, eff = rules.names, rules.card_id, rules.eff[g.trump_i]
        held = {c for h in g.hands for c in h}
        # Where a card may come from, as (the seat that then holds the card it is swapped for,
        # or -1 when none does, the card): other hands, the kitty, discards it did not see.
        spots = [
            (t, c)
            for t, hand in enumerate(g.hands)
            if t not in (s, me)
            for c in hand
            if names[c] in dealt.hands[t]
        ]
        first = 1 if self.view.turned is not None else 0
        kitty = g.kitty
        spots += [(-1, cid[k]) for k in dealt.kitty[first:] if cid[k] in kitty and cid[k] not in held]
        discards = [(e.seat, cid[c]) for e in g.events if isinstance(e, CardsDiscarded) for c in e.cards]
        unseen = [t.card is None for t in self.known.transfers if t.verb == "discard"]
        spots += [
            (-1, c)
            for (by, c), hidden in zip(discards, unseen, strict=False)
            if hidden and by != me and names[c] in dealt.hands[by]
        ]
        mine = [c for c in g.hands[s] if names[c] in dealt.hands[s]]
        card = cid[a.arg]
        if card not in g.hands[s]:  # the card is elsewhere: take it for one of the player's
            spots = [spot for spot in spots if spot[1] == card]
            take = mine
        else:  # the player shows a void: move one of its cards of the suit led away
            if not g.trick:
                return False
            led = eff[g.trick[0][1]]
            take = [c for c in mine if eff[c] == led]
            spots = [spot for spot in spots if eff[spot[1]] != led]
        fits = self._fits
        pairs = [(c, out) for t, c in spots if fits(s, c, eff) for out in take if t < 0 or fits(t, out, eff)]
        if not pairs:
            return False
        c, out = rng.choice(pairs)
        g.swap_cards(names[c], names[out])
        return True

    def _fits(self, seat: int, card: int, eff: Sequence[int]) -> bool:
        """True when ``seat`` may have held ``card`` through the view's tricks: it showed no
        void in the card's suit before the trick it played the card in (if it did)."""
        shown = self._shown
        if shown is None:
            shown = self._shown = _shown(self.view, self.known)
        voids, played = shown
        last = played.get((seat, card), len(voids[seat]))
        return all(led != eff[card] for _, led in voids[seat][:last]) if voids[seat] else True


def _shown(view: View, known: Knowledge) -> tuple[list[list[tuple[int, int]]], dict[tuple[int, int], int]]:
    """The voids each seat showed in the view's tricks, in order, as (trick, suit led), and for
    each (seat, card) played, how many of the seat's voids came before its trick."""
    r = known.rules
    cid = r.card_id
    voids: list[list[tuple[int, int]]] = [[] for _ in range(known.plan.n)]
    played: dict[tuple[int, int], int] = {}
    if known.trump is None:
        return voids, played
    eff = r.eff[known.trump]
    tricks = [t.cards for t in view.tricks] + ([view.trick] if view.trick else [])
    for n, cards in enumerate(tricks):
        led = eff[cid[str(cards[0][1])]]
        for seat, card in cards:
            c = cid[str(card)]
            played[(seat, c)] = len(voids[seat])
            if eff[c] != led:
                voids[seat].append((n, led))
    return voids, played


def sample_world(view: View, rng: random.Random, lean: Lean | None = None) -> Game | None:
    """One random world consistent with ``view`` (see :class:`Worlds`)."""
    return Worlds(view, lean).sample(rng)
