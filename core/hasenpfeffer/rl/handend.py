"""A seat's view of the last finished hand as it ended, after its last card.

A game deals the next hand as soon as one is scored, so ``game.view(seat)`` then shows the
new deal. An episode that ends with a hand (one hand an episode, or a game cut short) shows
its final observation from this view instead: the tricks, trump, maker and scores of the hand
that ended, nothing of the next one. The hand itself is empty (the cards are played or no
longer matter), as is the trick on the table.

>>> from hasenpfeffer.engine.game import Game
>>> from hasenpfeffer.format.loader import load_variant
>>> g = Game(load_variant("euchre"), seed=3)
>>> while not g.hand_results:
...     _ = g.apply(g.legal_actions()[0])
>>> v = hand_end_view(g, 1)
>>> v.tricks_won == g.hand_results[0].tricks, v.scores == g.hand_results[0].scores, v.hand
(True, True, ())
>>> len(v.tricks) == sum(v.tricks_won), str(v.phase), v.to_move
(True, 'scoring', None)
"""

from __future__ import annotations

from ..engine.events import DefendedAlone, GameWon, HandDealt, HandScored, TrickWon, WidowTaken
from ..engine.game import Game
from ..engine.phases import Phase
from ..engine.scoring import barred_after, resting_after
from ..engine.transcript import imposed_after
from ..engine.view import Trick, View, public_history
from ..format.cards import Card
from ..rules import mechanisms as has


def hand_end_view(game: Game, seat: int, hand: int = -1) -> View:
    """What ``seat`` knew when finished hand ``hand`` ended (an index of ``game.hand_results``)."""
    events = game.events
    end = [i for i, e in enumerate(events) if isinstance(e, HandScored)][hand]
    start = max(i for i in range(end) if isinstance(events[i], HandDealt))
    dealt = events[start]
    scored = events[end]
    assert isinstance(dealt, HandDealt) and isinstance(scored, HandScored)
    result = scored.result
    hand_events = events[start:end]
    begun = max((i for i in range(start) if isinstance(events[i], GameWon)), default=-1)  # a match's games
    deal = sum(1 for e in events[begun + 1 : end + 1] if isinstance(e, HandScored) and not e.result.thrown_in)
    variant = game.variant
    results = [e.result for e in events[begun + 1 : end + 1] if isinstance(e, HandScored)]
    won = end + 1 < len(events) and isinstance(events[end + 1], GameWon)
    bars = barred_after(variant, results, won) if has.failed_suit_barred(variant) else ()
    alone = set()
    if result.alone and result.maker is not None:
        alone.add(result.maker)
    widow: tuple[Card, ...] = ()
    tricks = []
    for e in hand_events:
        if isinstance(e, DefendedAlone):
            alone.add(e.seat)
        elif isinstance(e, WidowTaken) and e.seat == seat:
            widow = e.cards
        elif isinstance(e, TrickWon):
            tricks.append(Trick(e.leader, e.cards, e.winner))
    out = {
        q
        for a in alone
        for q in range(variant.players)
        if q != a and variant.team_of(q) == variant.team_of(a)
    }
    return View(
        seat=seat,
        phase=Phase.SCORING,
        to_move=None,
        dealer=dealt.dealer,
        hand=(),
        history=public_history([a for e in hand_events if (a := e.action) is not None], seat),
        trick=(),
        tricks=tuple(tricks),
        trump=result.trump,
        maker=result.maker,
        bid=result.bid,
        forced=result.forced,
        alone=frozenset(alone),
        sitting_out=frozenset(out),
        tricks_won=result.tricks,
        scores=result.scores,
        deal=deal,
        widow=widow,
        turned=dealt.turned,
        barred=bars,
        resting=resting_after(variant, results),
        imposed=imposed_after(game.rules, events[begun + 1 : end + 1]),
        shown=None,
        legal=(),
        variant=variant,
    )
