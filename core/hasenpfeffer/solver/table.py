"""The double-dummy table of a deal: for each trump, maker, and lone hand or not, the tricks the
makers take with every hand seen, and what that scores.

Each row is played through the engine from the deal: the maker bids the lowest bid (or orders
up, or names trump in round two) while the others pass; the maker takes the widow and, like
the dealer who takes the turned card, discards the cards best for its side (every choice is
searched); a lone maker's exchange with the partner is chosen for the makers too; lone defence
is declined, and so is a set that could be declared (``scoring.declarations``: the table counts
tricks by play). The contract scored is the bid that scores the makers best with those tricks
(``order-up`` when ordering up); of bids that score alike, the highest made or the lowest
failed.

Where bids carry contracts (:attr:`~hasenpfeffer.format.variant.Bid.contract`: their trump, a
lone hand, an objective), a row is each way of playing a maker may bid: a trump, alone or not,
and the objective (tricks, or none: misère); the maker bids the first bid of the ladder that
plays so, and the score is that of the bid best for the makers among those that play so (a
misère is made with no trick, and its maker lays away the cards that take fewest).

>>> from hasenpfeffer import Game, load_variant
>>> deal = {"dealer": 3, "widow": ["9C"], "hands": [
...     "JK JH JD AH KH QH", "AS KS QS JS TS 9S", "AD KD QD TD 9D TC", "AC KC QC JC TH 9H"]}
>>> g = Game(load_variant("hasenpfeffer"), deal=deal)
>>> [r for r in table(g.variant, g.events[0]) if r.trump == "H" and r.maker == 0]
[Row(trump='H', maker=0, alone=False, tricks=6, bid='6', made=True, score=6, score_change=(6, 0), objective='tricks'),
 Row(trump='H', maker=0, alone=True, tricks=6, bid='6', made=True, score=12, score_change=(12, 0), objective='tricks')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from ..engine.events import CardsDiscarded, CardsGiven, Event
from ..engine.game import actual_state
from ..engine.scoring import score_hand
from ..format.variant import NO_TRUMPS
from ..rules.actions import Action, Verb
from ..rules.mechanisms import names_no_trump
from ..rules.plan import plan_for
from ..rules.ruleset import compile_variant
from .deals import hand_game
from .layout import layout_for
from .position import misere_side, position
from .solve import Solver

if TYPE_CHECKING:
    from ..engine.events import HandDealt
    from ..engine.game import Game
    from ..format.variant import Variant

MAKING = ("bidding", "trump", "order-up", "name-trump")
"""The phases in which trump is made (the maker's choices are scripted)."""


class Row(NamedTuple):
    """One line of the table: ``tricks`` the makers' side takes (paranoid beyond two sides), the
    ``bid`` scored, whether it is ``made``, the makers' ``score`` and, for two sides, the
    ``score_change`` of each."""

    trump: str
    maker: int
    alone: bool
    tricks: int
    bid: str
    made: bool
    score: int
    score_change: tuple[int, ...] | None
    objective: str = "tricks"
    """``tricks``, or ``none``: a contract to take no trick (the ``tricks`` then are the fewest
    the maker's side can hold itself to)."""


class Kind(NamedTuple):
    """A way of playing a hand a maker may bid: its trump, alone or not, its objective, and
    the bids of the ladder that play so, in ladder order."""

    trump: str
    alone: bool
    objective: str
    bids: tuple[str, ...]


def trumps(variant: Variant) -> list[str]:
    """The trumps a maker may name: each suit, and ``NT`` where allowed."""
    return [*variant.pack.suits, *(["NT"] if names_no_trump(variant) else [])]


def kinds(variant: Variant) -> list[Kind]:
    """Every way of playing a maker may bid, by trump (each suit, then ``NT``), objective
    (tricks first) and alone or not; without contracts, every trump alone or not, each with
    every bid.

    >>> from hasenpfeffer import load_variant
    >>> [(k.trump, k.alone, k.objective, k.bids) for k in kinds(load_variant("five-hundred"))][-2:]
    [('NT', False, 'tricks', ('6NT', '7NT', '8NT', '9NT', '10NT')), ('NT', True, 'none', ('misere', 'open-misere'))]
    """
    making = variant.making
    if making.method != "auction":
        return [Kind(t, a, "tricks", ("order-up",)) for t in trumps(variant) for a in (False, True)]
    ladder = making.auction.ladder
    if not any(b.contract for b in ladder):
        names = tuple(b.name for b in ladder)
        return [Kind(t, a, "tricks", names) for t in trumps(variant) for a in (False, True)]
    found: dict[tuple[str, bool, str], list[str]] = {}
    either = (False, True) if variant.alone.allowed != "nobody" else (False,)
    for b in ladder:
        for t in [b.trump] if b.trump is not None else trumps(variant):
            for a in (True,) if b.alone else either:
                found.setdefault((t, a, b.objective), []).append(b.name)
    order = [*variant.pack.suits, *NO_TRUMPS]
    ways = sorted(found, key=lambda k: (order.index(k[0]), k[2] != "tricks", k[1]))
    return [Kind(t, a, o, tuple(found[(t, a, o)])) for t, a, o in ways]


def made_trump(
    variant: Variant, dealt: HandDealt, trump: str, maker: int, alone: bool, bid: str | None = None
) -> Game | None:
    """The hand after ``maker`` made ``trump`` (alone or not), the others passing; None when the
    variant does not let it happen. ``bid``: the bid the maker makes (None: the lowest it may)."""
    g = hand_game(variant, dealt)
    bidden = False
    while g.phase in MAKING and g.hand_number == 1:
        seat = g.to_move
        legal = g.legal_actions()
        want = Action(seat or 0, Verb.PASS)
        if seat == maker:
            if g.phase == "bidding" and not bidden:
                first = next(a for a in legal if a.verb == Verb.BID)
                want, bidden = (first if bid is None else Action(maker, Verb.BID, bid)), True
            elif g.phase in ("trump", "name-trump"):
                lone = alone and not (bid is not None and variant.bid(bid).alone)  # (alone with its bid)
                want = Action(maker, Verb.TRUMP, trump, lone)
            elif g.phase == "order-up":
                up = Action(maker, Verb.ORDER_UP, "", alone)
                if up in legal:
                    test = g.copy()
                    test.apply(up)
                    if test.view().trump == trump:
                        want = up
        if want not in legal:
            return None
        g.apply(want)
    made = g.view()
    if g.hand_number != 1 or made.maker != maker or made.trump != trump or made.maker_alone != alone:
        return None  # (a hand thrown in as dealt, by a turned Joker that proposes no suit)
    return g


def tricks(g: Game, side: int, solver: Solver, alpha: int, beta: int) -> int:
    """The tricks ``side`` (the makers') takes from a hand after trump is made: the discards and
    exchanges searched for the side that makes them (in misère, the makers' for the fewest),
    lone defence and declarations declined, then the play solved (fail-soft between ``alpha`` and ``beta``). A
    choice after the first is tested with a null window first, and searched again only when
    it may be better."""
    if g.phase == "play":
        return solver.bounded(position(g), side, alpha, beta)
    seat = g.to_move
    assert seat is not None
    if g.phase in ("defence", "declare"):  # the hand played out: lone defence and sets declined
        g = g.copy()
        g.apply(Action(seat, Verb.PASS))
        return tricks(g, side, solver, alpha, beta)
    more = (plan_for(g.rules).side_of[seat] == side) != (misere_side(g) is not None)
    worst = -1 if more else g.variant.hand_size + 1  # (kept by a dead end: see in_order)
    best = worst
    before = g.events[-1]
    high = high_first(g, seat)
    rank = trial_order(g, high)
    options = sorted(g.legal_actions(), key=lambda a: rank[a.arg])
    if g.phase == "discard":
        options = [a for a in options if not covered(g, seat, a.arg, high)]
    for a in options:
        child = g.copy()
        if not in_order(rank, before, child.apply(a)[0]):
            continue
        if best == worst:
            v = tricks(child, side, solver, alpha, beta)
        elif more:  # better than the best so far?
            v = tricks(child, side, solver, alpha, alpha + 1)
            if alpha < v < beta:
                v = tricks(child, side, solver, v, beta)
        else:
            v = tricks(child, side, solver, beta - 1, beta)
            if alpha < v < beta:
                v = tricks(child, side, solver, alpha, v)
        if more and v > best:
            best, alpha = v, max(alpha, v)
        elif not more and v < best:
            best, beta = v, min(beta, v)
        if alpha >= beta:
            break
    return best


def high_first(g: Game, seat: int) -> bool:
    """Whether ``seat``'s cards are tried as discards or gifts highest first: a misère maker's
    discards, and a partner's gifts to the lone player (the others, lowest first)."""
    now = actual_state(g)
    lone = seat in ((now.maker if now.alone else None), now.def_alone)
    low = misere_side(g)
    mine = low is not None and low == plan_for(g.rules).side_of[seat]
    return (g.phase == "exchange" and not lone) or (g.phase == "discard" and mine)


def trial_order(g: Game, high: bool = False) -> dict[str, tuple[int, int]]:
    """The order in which cards are tried as discards or gifts, by name: the lowest under the
    trump first (the highest, ``high``), so that the set tried first is the likely best; then
    the pack's order.

    >>> from hasenpfeffer import Game, load_variant
    >>> g = Game(load_variant("euchre"), seed=1)
    >>> _ = g.apply("2 order-up")
    >>> g.view().trump, sorted(["JS", "9C", "AH"], key=trial_order(g).__getitem__)
    ('H', ['9C', 'JS', 'AH'])
    """
    rules, ti = g.rules, actual_state(g).trump_i
    power = rules.power[ti] if ti is not None else [0] * len(rules.names)
    sign = -1 if high else 1
    return {name: (sign * power[c], c) for c, name in enumerate(rules.names)}


def covered(g: Game, seat: int, card: str, high_first: bool = False) -> bool:
    """Whether laying ``card`` away is the same as laying away another card of ``seat`` tried
    before it (a lower one; a higher one, ``high_first``): one of the same effective suit with
    no card of a hand that plays between them (what is left plays alike). Never with two of a
    card.

    >>> from hasenpfeffer import Game, load_variant
    >>> g = Game(load_variant("five-hundred"), seed=11, dealer=0)
    >>> for a in ["1 bid 7NT", "2 pass", "3 pass", "0 pass"]:
    ...     _ = g.apply(a)
    >>> [c for c in ["7C", "8C", "9C", "AC", "TH", "JH", "QH", "AH"] if not covered(g, 1, c)]
    ['8C', '9C', 'AC', 'TH', 'JH', 'AH']
    """
    now = actual_state(g)
    if now.trump_i is None:
        return False
    lay = layout_for(g.rules, now.trump_i)
    if lay.copies:
        return False
    one = lay.one
    x = one[g.rules.card_id[card]]
    mine = others = 0
    for s, h in enumerate(now.hands):
        if s == seat:
            mine = sum([one[c] for c in h])
        elif not now.out[s]:
            others |= sum([one[c] for c in h])
    suit = lay.suit_mask[lay.suit_of[x]]
    if not high_first:  # an own card below, with no other hand's card in between
        below = suit & (x - 1)
        theirs = others & below
        return bool(mine & below & ~((1 << theirs.bit_length()) - 1))
    above = suit & ~((x << 1) - 1)
    theirs = others & above
    return bool(mine & above & ((theirs & -theirs) - 1 if theirs else -1))


def in_order(rank: Mapping[str, tuple[int, int]], before: Event, event: Event) -> bool:
    """False for a card laid away or given after another by the same seat (to the same
    seat) that comes earlier in ``rank``: each set of cards is tried once, in that order.
    A seat left with no card late enough is a dead end, worth nothing to its side.

    >>> rank = {"9H": (0, 0), "AH": (1, 1)}
    >>> in_order(rank, CardsGiven(1, 0, ("AH",)), CardsGiven(1, 0, ("9H",)))
    False
    >>> in_order(rank, CardsGiven(1, 0, ("AH",)), CardsGiven(1, 2, ("9H",)))
    True
    >>> in_order(rank, CardsDiscarded(0, ("9H",)), CardsDiscarded(0, ("AH",)))
    True
    """
    if isinstance(before, CardsDiscarded) and isinstance(event, CardsDiscarded):
        same = before.seat == event.seat
    elif isinstance(before, CardsGiven) and isinstance(event, CardsGiven):
        same = (before.seat, before.to) == (event.seat, event.to)
    else:
        return True
    return not same or rank[event.cards[0]] >= rank[before.cards[0]]


def contract(
    variant: Variant, maker: int, alone: bool, taken: int, names: tuple[str, ...] | None = None
) -> tuple[str, bool, tuple[int, ...]]:
    """The bid that scores best for the makers when they take ``taken`` tricks (among ``names``;
    None: every bid): its name, whether it is made, and the score change of each side (the
    defenders take the other tricks; with more than two sides they are not shared out, so only
    the makers' change is meaningful)."""
    plan = plan_for(compile_variant(variant))
    side = plan.side_of[maker]
    split = [0] * plan.sides
    split[side] = taken
    if plan.sides == 2:
        split[1 - side] = variant.hand_size - taken
    auction = variant.making.method == "auction"
    if auction:
        ladder = variant.making.auction.ladder
        bids = [(b.name, b.tricks, b.multiplier) for b in ladder if names is None or b.name in names]
    else:
        bids = [("order-up", variant.making.order_up.tricks_required, 1)]
    best: tuple[tuple[int, int, bool, int], str, bool, tuple[int, ...]] | None = None
    for name, required, multiplier in bids:
        bid = variant.bid(name) if auction else None
        made, change = score_hand(variant, side, tuple(split), required, multiplier, alone, contract=bid)
        others = max((c for s, c in enumerate(change) if s != side), default=0)
        # the best score; of equal scores, the highest bid made or the lowest failed
        key = (change[side] - others, change[side], made, required if made else -required)
        if best is None or key > best[0]:
            best = (key, name, made, change)
    assert best is not None
    return best[1], best[2], best[3]


def table(variant: Variant, dealt: HandDealt, solver: Solver | None = None) -> list[Row]:
    """Every row the variant allows for the deal of ``dealt``: by trump (and objective, where
    bids carry contracts), then maker, then alone."""
    solver = solver or Solver()
    plan = plan_for(compile_variant(variant))
    contracts = variant.making.method == "auction" and any(b.contract for b in variant.making.auction.ladder)
    ways = kinds(variant)
    groups = [
        [k for k in ways if (k.trump, k.objective) == key]
        for key in dict.fromkeys((k.trump, k.objective) for k in ways)
    ]
    rows = []
    for group in groups:
        for maker in range(plan.n):
            for kind in group:
                g = None
                for bid in kind.bids if contracts else (None,):  # the first that plays so
                    g = made_trump(variant, dealt, kind.trump, maker, kind.alone, bid)
                    if g is not None:
                        break
                if g is None:
                    continue
                side = plan.side_of[maker]
                taken = tricks(g, side, solver, -1, variant.hand_size + 1)
                bid, made, change = contract(variant, maker, kind.alone, taken, kind.bids)
                rows.append(
                    Row(
                        kind.trump,
                        maker,
                        kind.alone,
                        taken,
                        bid,
                        made,
                        change[side],
                        change if plan.sides == 2 else None,
                        kind.objective,
                    )
                )
    return rows
