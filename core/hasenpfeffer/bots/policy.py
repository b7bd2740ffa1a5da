"""Greedy card play: the one play policy of the ``greedy`` bot and of the ``mc`` bot's play-outs.

A :class:`Table` is what the choice rests on: the trick so far, the trump, who plays on this
seat's side, and the copies of each card the other players may still hold. A bot builds it
from its view (:func:`seen_table`: everything not seen counts as possibly held); a play-out
in a sampled world, where every hand is known, builds it from the game (:func:`open_table`).
Then :func:`play` leads a boss trump when making (drawing trumps), else a boss card, else
low from the shortest suit; it follows with the cheapest card that takes the trick, or the
lowest card when a friend is winning it. In a contract to take no trick (misère) the makers
duck and the defenders lead under them (:mod:`.misereplay`); after leading the Joker in
no-trump, :func:`name_suit` names the suit to follow.

>>> from hasenpfeffer import Game, load_variant
>>> from hasenpfeffer.bots.handeval import evaluator_for
>>> deal = {"dealer": 3, "widow": ["JH"], "hands": [
...     "JK JD AH KH 9C TS", "AS KS QS JS 9S QC", "AD KD QD TD 9D TC", "AC KC JC TH 9H QH"]}
>>> game = Game(load_variant("hasenpfeffer"), deal=deal)
>>> for a in ["0 bid 4", "1 pass", "2 pass", "3 pass", "0 trump H", "0 discard 9C", "0 play TS"]:
...     _ = game.apply(a)
>>> ev = evaluator_for(game.variant)
>>> view = game.view(1)
>>> str(play(ev.rules, seen_table(ev, view), view.legal))
'1 play JS'
>>> str(play(ev.rules, open_table(game), game.legal_actions()))
'1 play JS'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from ..engine.game import Game, actual_state
from ..engine.view import View
from ..format.variant import Bid
from ..rules.actions import Action, Verb
from ..rules.plan import Plan, plan_for
from ..rules.ruleset import Ruleset
from . import misereplay
from .handeval import Evaluator
from .holdings import wins_every_trick
from .table import Table


def contract(rules: Ruleset, name: str | None) -> Bid | None:
    """The bid of the ladder called ``name`` (its contract), or None (an order-up, a forced bid
    not in the ladder, no bid yet).

    >>> from hasenpfeffer import load_variant
    >>> from hasenpfeffer.rules.ruleset import compile_variant
    >>> r = compile_variant(load_variant("five-hundred"))
    >>> contract(r, "misere").objective, contract(r, None)
    ('none', None)
    """
    if name is None:
        return None
    plan = plan_for(rules)
    i = plan.bid_index.get(name)
    return None if i is None else plan.ladder[i]


def takes_none(rules: Ruleset, name: str | None) -> bool:
    """Whether the contract called ``name`` is to take no trick."""
    bid = contract(rules, name)
    return bid is not None and bid.objective == "none"


@functools.lru_cache(maxsize=4096)
def friends(rules: Ruleset, seat: int, maker: int | None, partners: tuple[int, ...] = ()) -> frozenset[int]:
    """Seats playing on ``seat``'s side this hand: its team, or every defender where there are no
    partnerships; with called partners (``partners``, as ``seat`` knows them) the maker and the
    partners, or every other seat (an unknown partner is taken for a defender).

    >>> from hasenpfeffer.format.variant import Variant
    >>> from hasenpfeffer.rules.ruleset import compile_variant
    >>> sorted(friends(compile_variant(Variant(name="x")), 1, 0))
    [1, 3]
    """
    return _friends(plan_for(rules), seat, maker, partners)


@functools.lru_cache(maxsize=4096)
def _friends(plan: Plan, seat: int, maker: int | None, partners: tuple[int, ...]) -> frozenset[int]:
    variant = plan.rules.variant
    if variant.partnerships == "called" and maker is not None:
        makers = {maker, *partners}
        if seat in makers:
            return frozenset(makers)
        return frozenset(s for s in range(plan.n) if s not in makers)
    if variant.partnerships == "none" and maker is not None:
        sides = plan.hand_sides(maker)  # a dummy that plays for the maker is on the maker's side
        if sides[seat] != sides[maker]:
            return frozenset(s for s in range(plan.n) if sides[s] != sides[maker])
        return frozenset(s for s in range(plan.n) if sides[s] == sides[seat])
    return frozenset((seat, *plan.rules.partners(seat)))


def _outside(rules: Ruleset, ti: int, cards: Iterable[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """(count, strength of the highest) by effective suit of ``cards``, given as (card, copies)."""
    eff, power = rules.eff[ti], rules.power[ti]
    left = [0] * (rules.ns + 1)
    top = [-1] * (rules.ns + 1)
    for c, n in cards:
        if n:
            e = eff[c]
            left[e] += n
            if power[c] > top[e]:
                top[e] = power[c]
    return left, top


def seen_table(ev: Evaluator, view: View) -> Table:
    """The table as a seat sees it: every card it has not seen may be in another hand (the
    hand, the seats in play and what the maker has shown are read in no-trump and misère only,
    where the play reads them)."""
    r = ev.rules
    ti = r.ns if view.trump is None else r.trump_index[view.trump.upper()]
    unseen = ev.unseen(view)
    left, top = _outside(r, ti, enumerate(unseen))
    trick = view.trick_ids
    table = Table(
        view.seat, ti, view.maker, friends(r, view.seat, view.maker, view.partners), trick, left, top
    )
    misere = takes_none(r, view.bid)
    if not misere and ti < r.ns:
        return table
    shown = None
    if view.shown is not None:
        shown = (view.shown[0], [r.cid(c) for c in view.shown[1]])
    voids: frozenset[int] = frozenset()
    if misere and view.maker is not None:
        played = [tuple([(q, r.cid(c)) for q, c in t.cards]) for t in view.tricks] + [trick]
        voids = shown_void(r, ti, played, view.maker)
    active = r.variant.players - len(view.sitting_out)
    return table._replace(
        hand=view.hand_ids, unseen=unseen, active=active, misere=misere, shown=shown, voids=voids
    )


def shown_void(
    rules: Ruleset, ti: int, tricks: Iterable[Sequence[tuple[int, int]]], seat: int
) -> frozenset[int]:
    """The effective suits ``seat`` has shown it holds none of, by not following them in
    ``tricks`` (each its (seat, card id) pairs in play order; a trick led by the Joker in
    no-trump, whose suit was named, is left out).

    >>> from hasenpfeffer import load_variant
    >>> from hasenpfeffer.rules.ruleset import compile_variant
    >>> r = compile_variant(load_variant("five-hundred"))
    >>> trick = [(0, r.cid("5S")), (1, r.cid("AH")), (2, r.cid("6S"))]
    >>> [r.suits[s] for s in shown_void(r, r.ns, [trick], 1)]
    ['S']
    """
    eff = rules.eff[ti]
    out: set[int] = set()
    for cards in tricks:
        if not cards or wins_every_trick(rules, cards[0][1], ti):
            continue
        led = eff[cards[0][1]]
        out.update(led for q, c in cards[1:] if q == seat and eff[c] != led)
    return frozenset(out)


def open_table(game: Game) -> Table:
    """The table of the seat to move with every hand in sight: for play-outs in a sampled world."""
    seat = game.to_move
    assert seat is not None
    r, now = game.rules, actual_state(game)
    ti = now.trump_i
    ti = r.ns if ti is None else ti
    out = now.out
    held = [(c, 1) for s, hand in enumerate(now.hands) if s != seat and not out[s] for c in hand]
    left, top = _outside(r, ti, held)
    misere = takes_none(r, now.bid_name)
    unseen: list[int] = []
    shown = None
    if misere:  # only a contract to take none reads the cards one by one
        unseen = [0] * len(r.faces)
        for c, _ in held:
            unseen[c] += 1
        maker = now.maker
        if maker is not None and maker != seat:
            shown = (maker, now.hands[maker])
    return Table(
        seat,
        ti,
        now.maker,
        friends(r, seat, now.maker, tuple(q for q in (now.partner, now.second_partner) if q is not None)),
        now.trick,
        left,
        top,
        now.hands[seat],
        unseen,
        out.count(False),
        misere,
        shown,
    )


def play(rules: Ruleset, table: Table, legal: Sequence[Action]) -> Action:
    """The greedy card: lead strong, take tricks as cheaply as possible, never overtake a friend
    (in misère, :func:`.misereplay.play`); or the suit to follow after leading the Joker."""
    if len(legal) == 1:
        return legal[0]
    if legal[0].verb == Verb.SUIT:
        return name_suit(rules, table, legal)
    if table.misere:
        return misereplay.play(rules, table, legal)
    r, ti = rules, table.ti
    eff, power, top = r.eff[ti], r.power[ti], table.top
    cid = r.card_id
    cards = [(cid[a.arg], a) for a in legal]
    trick = table.trick
    if not trick:
        return _lead(r, table, cards)
    ids = [c for _, c in trick]
    if trick[r.winner_index(ids, ti)][0] not in table.friends:
        winners = r.takers([c for c, _ in cards], ids, ti)
        if winners:
            return min((p for p in cards if p[0] in winners), key=lambda p: power[p[0]])[1]
    trumping = r.trumping[ti]

    def low(p: tuple[int, Action]) -> tuple[bool, bool, int]:
        """Cheapest to give up: not a trump, not a boss (none higher out in its suit), low."""
        c = p[0]
        return (trumping[c], power[c] >= top[eff[c]], power[c])

    return min(cards, key=low)[1]


def _lead(r: Ruleset, table: Table, cards: list[tuple[int, Action]]) -> Action:
    """Draw trumps when making; else cash a boss card (from the suit with most cards out); else
    lead low from the shortest suit (``cards``: each legal play's card id and action)."""
    ti = table.ti
    eff, power, left, out = r.eff[ti], r.power[ti], table.left, table.top
    trump = ti if ti < r.ns else -1
    trumps = [p for p in cards if eff[p[0]] == trump]
    plain = [p for p in cards if eff[p[0]] != trump]
    makers = table.maker is not None and table.maker in table.friends
    if trumps and makers and left[ti] and trump >= 0:
        top = max(trumps, key=lambda p: power[p[0]])
        if power[top[0]] >= out[trump] or (table.maker == table.seat and len(trumps) >= 2):
            return top[1]
    bosses = [p for p in plain if power[p[0]] >= out[eff[p[0]]]]
    if bosses:
        return max(bosses, key=lambda p: (left[eff[p[0]]], power[p[0]]))[1]
    if plain:
        length: dict[int, int] = {}
        for c, _ in plain:
            length[eff[c]] = length.get(eff[c], 0) + 1
        return min(plain, key=lambda p: (length[eff[p[0]]], power[p[0]]))[1]
    return min(cards, key=lambda p: power[p[0]])[1]


def name_suit(rules: Ruleset, table: Table, legal: Sequence[Action]) -> Action:
    """The suit to follow after leading the Joker in no-trump: the leader's longest (the others
    must spend their cards of it), of equal ones the one with most cards out, then the stronger
    holding; against a misère, :func:`.misereplay.name_suit`.

    >>> from hasenpfeffer import Game, load_variant
    >>> from hasenpfeffer.bots.handeval import evaluator_for
    >>> game = Game(load_variant("five-hundred"), seed=2)
    >>> ev = evaluator_for(game.variant)
    >>> r = ev.rules
    >>> hand = [r.cid(c) for c in "JK AS KS QS 5S 6H".split()]
    >>> table = Table(0, r.ns, 0, frozenset({0, 2}), [(0, r.cid("JK"))], [], [], hand)
    >>> str(name_suit(r, table, [Action(0, "suit", x) for x in "CDHS"]))
    '0 suit S'
    """
    if table.misere and table.maker not in table.friends:
        return misereplay.name_suit(rules, table, legal)
    eff, power = rules.eff[table.ti], rules.power[table.ti]
    suits = rules.suits
    length = [0] * (rules.ns + 1)
    strength = [0] * (rules.ns + 1)
    for c in table.hand:
        length[eff[c]] += 1
        strength[eff[c]] += power[c]
    left = table.left

    def key(a: Action) -> tuple[int, int, int]:
        s = suits.index(a.arg)
        return (length[s], left[s] if left else 0, strength[s])

    return max(legal, key=key)
