"""Scoring a hand and deciding the end of the game, by the variant's ``scoring`` and ``game``.

>>> from hasenpfeffer.format.variant import Variant
>>> v = Variant(name="x")
>>> score_hand(v, maker_side=0, tricks=(4, 2), required=4, multiplier=1)
(True, (4, 0))
>>> score_hand(v, maker_side=1, tricks=(4, 2), required=3, multiplier=2)
(False, (0, -4))
>>> game_winner(v, (10, 11), maker_side=0, made=True)
0
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..format.variant import Bid, Points, Variant
from ..rules import mechanisms as has
from .events import HandResult, Termination

_NO_POINTS = Points()


def _round_half_away(x: float) -> int:
    return math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)


def score_hand(
    v: Variant,
    maker_side: int,
    tricks: tuple[int, ...],
    required: int,
    multiplier: int = 1,
    alone: bool = False,
    defender_alone: bool = False,
    forced: bool = False,
    contract: Bid | None = None,
    out: frozenset[int] = frozenset(),
) -> tuple[bool, tuple[int, ...]]:
    """``(made, score change per side)`` for a hand with ``tricks`` taken per side.

    ``contract`` is the bid made: one to take no trick is made with none; one with its own
    points scores them, fixed; the defenders score only where it lets them. Makers who take
    every trick of a contract of tricks score by ``scoring.slam`` where the variant has it.

    >>> from hasenpfeffer.format.variant import Bid, Slam
    >>> v = Variant(name="x", scoring={"slam": Slam(points=250), "defenders": {"per_trick": 10}})
    >>> six = Bid(name="6S", tricks=6, trump="S", points=40)
    >>> score_hand(v, 0, (6, 0), 6, contract=six), score_hand(v, 0, (5, 1), 6, contract=six)
    ((True, (250, 0)), (False, (-40, 10)))
    >>> misere = Bid(name="misere", objective="none", points=250, defenders_score=False)
    >>> score_hand(v, 1, (2, 0), 0, contract=misere), score_hand(v, 1, (3, 1), 0, contract=misere)
    ((True, (0, 250)), (False, (0, -250)))

    Sides that dropped out (``out``) score nothing; a side that stayed in and took no trick
    scores ``scoring.bucked`` instead, where the variant has it:

    >>> buck = Variant(name="b", partnerships="none", scoring={"made": {"per_trick": 1},
    ...     "failed": {"fixed": 5}, "defenders": {"per_trick": 1}, "bucked": -5})
    >>> score_hand(buck, 0, (3, 2, 0, 0), 3, out=frozenset({3})), score_hand(buck, 0, (0, 4, 1, 0), 3)
    ((True, (3, 2, -5, 0)), (False, (-5, 4, 1, -5)))
    """
    s = v.scoring
    taken = tricks[maker_side]
    change = [0] * len(tricks)
    none = contract is not None and contract.objective == "none"
    made = taken == 0 if none else taken >= required
    fixed = None if contract is None else contract.points
    if made:
        slam = s.slam is not None and not none and taken == v.tricks_per_hand
        pts = s.made_points(taken, required, multiplier, alone, fixed, slam)
        change[maker_side] += pts
    else:
        rule = s.failed_alone_defence if defender_alone and s.failed_alone_defence is not None else s.failed
        if fixed is not None:
            assert contract is not None
            pts = fixed if contract.failed_points is None else contract.failed_points
        else:
            raw: float = rule.value(taken, required) * multiplier
            if alone and s.multiply_failed_alone:
                raw *= s.alone_multiplier
            if forced:
                raw *= v.making.all_pass.failure_multiplier
            pts = _round_half_away(raw)
        to = rule.to if contract is None or contract.failed_to is None else contract.failed_to
        if to == "makers":
            change[maker_side] -= pts
        else:
            for side in range(len(tricks)):
                if side != maker_side and side not in out:
                    change[side] += pts
    if s.defenders != _NO_POINTS and (contract is None or contract.defenders_score):
        for side in range(len(tricks)):
            if side != maker_side and side not in out:
                change[side] += s.defenders.value(tricks[side], required)
    if s.bucked is not None:
        for side, taken_by in enumerate(tricks):
            if taken_by == 0 and side not in out:
                change[side] = s.bucked
    return made, tuple(change)


def called_change(
    v: Variant,
    maker: int,
    partner: int | None,
    won: tuple[int, ...],
    required: int,
    multiplier: int = 1,
    alone: bool = False,
    forced: bool = False,
    contract: Bid | None = None,
    second: int | None = None,
) -> tuple[bool, tuple[int, ...]]:
    """``(made, score change per player)`` of a hand with a called partner (``partnerships:
    called``): the maker's side (the maker and the partner, and the ``second`` partner it named
    where it named two) against the others, as two sides of :func:`score_hand`, with the bid's
    contract and stakes; each player of a side scores the side's points. Without a partner
    (nobody held the called card, none was called, or the contract is played alone) the maker
    is alone.

    >>> from hasenpfeffer.format.loader import load_variant
    >>> v = load_variant("examples/house-rules/five-handed-call-your-partner.yaml")
    >>> called_change(v, 0, 3, (2, 0, 1, 1, 1), 3), called_change(v, 0, None, (2, 0, 1, 1, 1), 3)
    ((True, (1, 0, 0, 1, 0)), (False, (0, 2, 2, 2, 2)))

    A contract scores as it does between fixed sides: Five Hundred's 6S made by the maker and
    the partner gives each 40 and each defender 10 a trick of their side; a misère is made
    with no trick, the defenders scoring nothing:

    >>> fh = Variant.model_validate({**load_variant("five-hundred").model_dump(), "partnerships": "called"})
    >>> called_change(fh, 0, 2, (4, 1, 3, 2), 6, contract=fh.bid("6S"))
    (True, (40, 30, 40, 30))
    >>> called_change(fh, 0, None, (1, 3, 3, 3), 0, alone=True, contract=fh.bid("misere"))
    (False, (-250, 0, 0, 0))

    Five Hundred for five: 8S made by the maker (seat 0) and the two players it named (2 and
    4) gives each of the three 240, and each of the other two 10 a trick of their side:

    >>> five = load_variant("examples/house-rules/five-hundred-5-named-partner.yaml")
    >>> called_change(five, 0, 2, (3, 1, 3, 1, 2), 8, contract=five.bid("8S"), second=4)
    (True, (240, 20, 240, 20, 240))
    """
    makers = {maker} if partner is None else {maker, partner}
    if second is not None:
        makers.add(second)
    taken = sum(won[q] for q in makers)
    lone = alone or partner is None
    sides = (taken, sum(won) - taken)
    made, (ours, theirs) = score_hand(v, 0, sides, required, multiplier, lone, False, forced, contract)
    return made, tuple(ours if q in makers else theirs for q in range(len(won)))


def played_out_change(v: Variant, tricks: tuple[int, ...]) -> tuple[int, ...]:
    """The score change of a hand played without a maker (``scoring.no_maker``): each side its
    tricks at ``per_trick`` (``all_pass.per_trick`` where unset), less ``short`` for each trick
    it is short of ``minimum``.

    >>> v = Variant(name="x", making={"all_pass": {"rule": "play", "per_trick": 10}})
    >>> played_out_change(v, (4, 6))
    (40, 60)
    >>> buck = Variant(name="b", partnerships="none", scoring={"no_maker": {"per_trick": 1, "minimum": 1, "short": 5}})
    >>> played_out_change(buck, (3, 2, 0, 0))
    (3, 2, -5, -5)
    """
    nm = v.scoring.no_maker
    return tuple(nm.points(has.no_maker_per_trick(v), t) for t in tricks)


def short_of(v: Variant, tricks: tuple[int, ...]) -> tuple[int, ...]:
    """The tricks each side is short of ``scoring.no_maker.minimum`` in a hand played without a maker.

    >>> short_of(Variant(name="x", scoring={"no_maker": {"minimum": 2}}), (3, 1))
    (0, 1)
    """
    least = v.scoring.no_maker.minimum
    return tuple(max(0, least - t) for t in tricks)


def game_winner(
    v: Variant, scores: tuple[int, ...], maker_side: int | None, made: bool | None, dealt: int = 0
) -> int | None:
    """The winning side after a hand, or None to play on (:func:`game_outcome` without the reason).

    >>> v = Variant(name="x", game={"target": 500, "lose_at": -500, "must_bid_out": True})
    >>> game_winner(v, (120, -510), 1, False), game_winner(v, (520, -80), 1, True)
    (0, None)
    """
    outcome = game_outcome(v, scores, maker_side, made, dealt)
    return None if outcome is None else outcome[0]


def game_outcome(
    v: Variant, scores: tuple[int, ...], maker_side: int | None, made: bool | None, dealt: int = 0
) -> tuple[int, Termination] | None:
    """The winning side after a hand and why it won, or None to play on (``dealt``: the hands
    of the game played so far, not thrown in, this one included).

    A side at or below ``game.lose_at`` loses: the best of the other sides wins (the makers
    among them where several are best; the best of all where every side is at or below it).
    Else a side that reached ``game.target`` wins (with ``game.must_bid_out``, on a bid it
    made, or with ``game.win_by_defeat`` on a hand that set the makers); several by ``game.tie``.
    Else, once ``game.deals`` hands are played, the higher score wins (level: the makers among
    the best with ``tie: makers``, else another deal):

    >>> rounds = Variant(name="r", game={"target": None, "deals": 8})
    >>> game_outcome(rounds, (6, 9), 0, True, 7), game_outcome(rounds, (6, 9), 0, True, 8)
    (None, (1, <Termination.DEALS: 'deals'>))
    >>> game_outcome(rounds, (9, 9), 0, True, 8), game_outcome(rounds, (9, 9), None, None, 9)
    ((0, <Termination.DEALS: 'deals'>), None)

    >>> v = Variant(name="x", game={"target": 500, "lose_at": -500, "must_bid_out": True, "win_by_defeat": True})
    >>> game_outcome(v, (120, -510), 1, False), game_outcome(v, (520, -80), 0, True)
    ((0, <Termination.LOSE_AT: 'lose-at'>), (0, <Termination.TARGET: 'target'>))
    >>> game_outcome(v, (520, -80), 1, False), game_outcome(v, (520, -80), 1, True)
    ((0, <Termination.DEFEATED_BID: 'defeated-bid'>), None)
    """
    g = v.game
    if g.lose_at is not None and min(scores) <= g.lose_at:
        alive = [side for side, score in enumerate(scores) if score > g.lose_at] or list(range(len(scores)))
        best = max(scores[side] for side in alive)
        top = [side for side in alive if scores[side] == best]
        return (maker_side if maker_side in top else top[0]), Termination.LOSE_AT
    reached = None if g.target is None else _target_outcome(v, scores, maker_side, made)
    if reached is not None or g.deals is None or dealt < g.deals:
        return reached
    top = best_sides(scores)
    if len(top) == 1:
        return top[0], Termination.DEALS
    if g.tie == "makers" and maker_side in top:
        return maker_side, Termination.DEALS
    return None


def best_sides(scores: Sequence[int]) -> list[int]:
    """The sides with the highest score.

    >>> best_sides((4, 9, 9)), best_sides((4, 9, 2))
    ([1, 2], [1])
    """
    best = max(scores)
    return [side for side, score in enumerate(scores) if score == best]


def _target_outcome(
    v: Variant, scores: tuple[int, ...], maker_side: int | None, made: bool | None
) -> tuple[int, Termination] | None:
    """The side that reached ``game.target`` and won, by :func:`game_outcome`'s rules, or None."""
    g = v.game
    assert g.target is not None
    defeated = g.win_by_defeat and made is False
    reached = [
        side
        for side, score in enumerate(scores)
        if score >= g.target
        and (not g.must_bid_out or (side == maker_side and made) or (defeated and side != maker_side))
    ]
    # under must_bid_out a hand that set the makers lets only the defenders reach the target
    why = Termination.DEFEATED_BID if g.must_bid_out and defeated else Termination.TARGET
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0], why
    if g.tie == "makers" and maker_side in reached:
        return maker_side, why
    if g.tie == "play-on":
        return None
    best = max(scores[s] for s in reached)
    top = [s for s in reached if scores[s] == best]
    return (top[0], why) if len(top) == 1 else None


def resting_after(v: Variant, results: Sequence[HandResult]) -> int | None:
    """The seat that only passes after a game's hands ``results``
    (``making.order_up.last_maker_passes``): the maker of the last of them that had one; None
    where the variant has no such rule or no hand had a maker.

    >>> from hasenpfeffer.engine.events import HandResult
    >>> hand = dict(dealer=0, bid="order-up", trump="S", alone=False, defender_alone=False, thrown_in=False,
    ...     forced=False, tricks=(3, 2), made=True, score_change=(1, 0), scores=(1, 0), maker_side=0)
    >>> v = Variant(name="x", making={"method": "order-up", "order_up": {"last_maker_passes": True}})
    >>> resting_after(v, [HandResult(maker=2, **hand), HandResult(maker=None, **hand)])
    2
    """
    if not v.making.order_up.last_maker_passes or v.making.method != "order-up":
        return None
    return next((r.maker for r in reversed(results) if r.maker is not None), None)


def barred_after(v: Variant, results: Sequence[HandResult], won: bool) -> tuple[str, ...]:
    """The suits barred (``making.order_up.failed_suit_barred``) after a game's hands
    ``results`` (``won``: the game ended with the last of them), in the pack's order: each suit
    made trump by makers who failed, the bars lifted where every suit was barred and the game
    went on.

    >>> from hasenpfeffer.engine.events import HandResult
    >>> failed = [HandResult(dealer=0, maker=1, bid="order-up", trump=x, alone=False, defender_alone=False,
    ...     thrown_in=False, forced=False, tricks=(3, 2), made=False, score_change=(0, 2), scores=(0, 2),
    ...     maker_side=1) for x in "SHS"]
    >>> barred_after(Variant(name="x"), failed, False)
    ('H', 'S')
    """
    bars: set[str] = set()
    suits = v.pack.suits
    for i, r in enumerate(results):
        if r.made is False and r.trump in suits:
            bars.add(r.trump)
        if len(bars) == len(suits) and not (won and i == len(results) - 1):
            bars = set()
    return tuple([x for x in suits if x in bars])
